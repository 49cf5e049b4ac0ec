/**
 * The JSON form as a valibot schema, for callers that compose it into schemas of their own (the
 * CLI's statement store). The rule is messageFromJson's, written once: each of its findings becomes
 * one issue, with the finding's words and its dot path (`slots.amt`) as the issue's one path key.
 */
import * as v from "valibot";
import { messageFromJson } from "./json-form.js";
import type { Message } from "./message.js";

export const messageSchema: v.GenericSchema<unknown, Message> = v.pipe(
  v.unknown(),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const read = messageFromJson(dataset.value);
    if (read.ok) return read.value;
    for (const f of read.findings) {
      // The path goes in the issue's path, not again in its message: callers print both.
      const prefix = f.slot === undefined ? "" : `${f.slot}: `;
      const message = f.message.startsWith(prefix) ? f.message.slice(prefix.length) : f.message;
      if (f.slot === undefined) addIssue({ message });
      else addIssue({ message, path: [{ type: "object", origin: "value", input: dataset.value as Record<string, unknown>, key: f.slot, value: undefined }] });
    }
    return NEVER;
  }),
);

/**
 * The JSON form reader as it was when it was written with valibot, kept only as a reference: the
 * property test in json-form-equivalence.test.ts checks the hand-written core/json-form.ts accepts
 * what this accepted and names the same paths. Not imported by core.
 */
import * as v from "valibot";
import { isKey } from "../../core/check-value.js";
import { _capFindings, finding, result } from "../../core/finding.js";
import type { Result } from "../../core/finding.js";
import type { Message } from "../../core/message.js";
import { _BREAK_OR_CONTROL } from "../../core/_controls.js";
import { _reservedKeys } from "../../core/_reserved-keys.js";
// A key, path or value as a finding shows it (conformance note 36): its first 40 characters, and `...`.
import { _cut as cut } from "../../core/_chars.js";

const WELL_FORMED = /^(?:[^\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

const text = v.pipe(v.string(), v.regex(WELL_FORMED, "is not well-formed Unicode"));
// An empty tail is no tail: a line cannot carry one (TAIL_EMPTY), so its JSON form is refused too.
const tailText = v.pipe(
  text,
  v.check((t) => t !== "", "is empty; no tail is null"),
  v.check((t) => !_BREAK_OR_CONTROL.test(t), "holds a line break or control character; a tail is part of one line"),
);
const scalar = v.union([text, v.pipe(v.number(), v.safeInteger("is a number that is not a safe integer")), v.boolean()]);
const slotKey = v.pipe(
  v.string(),
  v.check(isKey, "slot keys are [a-z][a-z0-9_]*"),
  v.check((k) => k !== "re" && k !== "from" && k !== "to" && k !== "item", "re, from, to and item are top-level fields, not slots"),
);

/** The fields a message may leave empty, written null (section 6). */
const NULLABLE: ReadonlySet<string> = new Set(["re", "from", "to", "item", "tail"]);

/** The JSON form's fields; unknown top-level fields are refused because the digest would ignore them. */
export const FIELDS = {
  v: text,
  type: text,
  id: text,
  re: v.nullable(text),
  from: v.nullable(text),
  to: v.nullable(text),
  item: v.nullable(text),
  slots: v.record(slotKey, v.union([scalar, v.array(scalar)])),
  tail: v.nullable(tailText),
};
export const referenceMessageSchema: v.GenericSchema<unknown, Message> = v.strictObject(FIELDS);

/** Checks an untrusted JSON value is a Message (the JSON form), without validating its vocabulary. */
export function referenceMessageFromJson(input: unknown): Result<Message> {
  const reserved = _reservedKeys(input);
  if (reserved.length > 0) {
    const findings = reserved.map((path) => finding("JSON_SHAPE", `${cut(path)}: this key is reserved and cannot be a slot`, { slot: cut(path) }));
    return { ok: false, value: null, findings: _capFindings(findings) };
  }
  const parsed = v.safeParse(referenceMessageSchema, input);
  if (parsed.success) return result(parsed.output as Message, []);
  const findings = parsed.issues.map((issue) => {
    const path = v.getDotPath(issue);
    // valibot quotes what it received in full: shown cut, as the key in the path is.
    let said = issue.received.length > 40 ? issue.message.replace(issue.received, () => cut(issue.received)) : issue.message;
    // A field left out: section 6's form holds every field, an absent part as null.
    if (issue.received === "undefined" && path !== null && Object.hasOwn(FIELDS, path)) said = `missing; the JSON form holds every field${NULLABLE.has(path) ? `, and ${path} is null when absent` : ""}`;
    // A top-level field the form does not have (valibot says "Expected never").
    else if (issue.type === "strict_object") said = `not a field of the JSON form (${Object.keys(FIELDS).join(", ")}); a field the digest would ignore is refused`;
    return finding("JSON_SHAPE", `${cut(path ?? "message")}: ${said}`, path === null ? {} : { slot: cut(path) });
  });
  // As for a line: a hostile form with thousands of bad keys is described by FINDINGS_MAX findings.
  return { ok: false, value: null, findings: _capFindings(findings) };
}

// Reads JSON lines {"text", "mode"} on stdin and writes one JSON line {"ok", "errors", "notes"} per
// input: the core's verdict on one message file and its sorted error and note codes, read as `rw mailbox check` reads a
// file's text (readMailboxMessage, inbound) and `rw mailbox new` preflights one (outbound).
import { createInterface } from "node:readline";
import { readMailboxMessage } from "../../../core/mailbox/index.js";

const out: string[] = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (line === "") continue;
  const { text, mode } = JSON.parse(line) as { text: string; mode: "inbound" | "outbound" };
  const reading = readMailboxMessage(text, { mode });
  const errors = [...new Set(reading.findings.filter((f) => f.severity === "error").map((f) => f.code))].sort();
  const notes = [...new Set(reading.findings.filter((f) => f.severity === "note").map((f) => f.code))].sort();
  out.push(JSON.stringify({ ok: reading.ok, errors, notes }));
}
process.stdout.write(out.join("\n") + (out.length > 0 ? "\n" : ""));

// Reads JSON lines {"ho", "rb", "expectAcc"?, "record"?} on stdin and writes one JSON line per input:
// the core's check of the readback as `rw check-rb --json` makes it (checkReadback, the HO's `p=`
// choosing the vocabulary, the record read by readRecord with its `$resolve`), as
// {"tiers": [five results], "codes": [sorted codes of every finding and note], "found": [each tier's
// findings as [code, slot|null], in the report's order, each as often as found]}, or {"refused": ...}
// when a message does not parse or the record is refused before any check.
import { createInterface } from "node:readline";
import { checkLine, checkReadback, profileResolver, readRecord } from "../../../core/index.js";
import type { Message, Vocabulary } from "../../../core/index.js";
import { shippedVocabulary } from "../../../profiles/index.js";

const resolve = profileResolver(null, shippedVocabulary);

function answer(ho: Message, rb: Message, expectAcc: string | undefined, recordJson: unknown): unknown {
  const p = ho.slots["p"];
  const vocabulary = (resolve(typeof p === "string" ? p : null) ?? resolve(null)) as Vocabulary;
  let options = {};
  if (recordJson !== undefined) {
    const read = readRecord(recordJson, vocabulary);
    if (!read.ok) return { refused: "record", codes: [...new Set(read.findings.map((f) => f.code))].sort() };
    options = { record: read.value.values, resolve: [...read.value.resolve] };
  }
  const report = checkReadback(ho, rb, vocabulary, { ...(expectAcc === undefined ? {} : { expectAcc }), ...options });
  const codes = [...report.tiers.flatMap((t) => t.findings), ...report.notes].map((f) => f.code);
  const found = report.tiers.map((t) => t.findings.map((f) => [f.code, f.slot ?? null]));
  return { tiers: report.tiers.map((t) => t.result), codes: [...new Set(codes)].sort(), found };
}

const out: string[] = [];
for await (const text of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (text === "") continue;
  const c = JSON.parse(text) as { ho: string; rb: string; expectAcc?: string; record?: unknown };
  const ho = checkLine(c.ho, resolve).message;
  const rb = checkLine(c.rb, resolve).message;
  if (ho === null || rb === null) out.push(JSON.stringify({ refused: ho === null ? "HO" : "RB" }));
  else out.push(JSON.stringify(answer(ho, rb, c.expectAcc, c.record)));
}
process.stdout.write(out.join("\n") + (out.length > 0 ? "\n" : ""));

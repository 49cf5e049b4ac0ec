// Reads JSON lines {"profile", "line", "reader"} on stdin and writes one JSON line per input: a
// profile the core refuses is {"refused": its sorted finding codes}; one it compiles gives the
// line's {"ok", "errors"}, read as `rw validate --profile FILE` reads it (reader: the profile's
// name) or without the file (reader null), a `p=` naming a shipped profile finding it as the CLI does.
import { createInterface } from "node:readline";
import { checkLine, compileVocabulary, coreVocabulary, profileResolver } from "../../../core/index.js";
import type { Vocabulary } from "../../../core/index.js";
import { shippedVocabulary } from "../../../profiles/index.js";

const compiled = new Map<string, ReturnType<typeof compileVocabulary>>();
const out: string[] = [];
for await (const text of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (text === "") continue;
  const { profile, line, reader } = JSON.parse(text) as { profile: unknown; line: string; reader: string | null };
  const key = JSON.stringify(profile);
  let result = compiled.get(key);
  if (result === undefined) {
    result = compileVocabulary(coreVocabulary, profile);
    compiled.set(key, result);
  }
  if (!result.ok) {
    out.push(JSON.stringify({ refused: [...new Set(result.findings.map((f) => f.code))].sort() }));
    continue;
  }
  const chosen: Vocabulary | null = reader === null ? null : result.value;
  const checked = checkLine(line, profileResolver(chosen, shippedVocabulary));
  const errors = [...new Set(checked.findings.filter((f) => f.severity === "error").map((f) => f.code))].sort();
  out.push(JSON.stringify({ ok: checked.ok, errors }));
}
process.stdout.write(out.join("\n") + (out.length > 0 ? "\n" : ""));

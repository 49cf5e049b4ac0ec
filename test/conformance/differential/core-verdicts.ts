// Reads JSON lines {"line", "reader"} on stdin (reader: the profile the reader chose, or null) and
// writes one JSON line {"ok", "errors"} per input: the core's verdict and its sorted error codes,
// the vocabulary chosen by the line's `p=` as `rw validate` chooses it (profileResolver).
import { createInterface } from "node:readline";
import { checkLine, profileResolver } from "../../../core/index.js";
import { shippedVocabulary } from "../../../profiles/index.js";

const resolvers = new Map<string | null, ReturnType<typeof profileResolver>>();
function resolverFor(reader: string | null): ReturnType<typeof profileResolver> {
  let resolver = resolvers.get(reader);
  if (resolver === undefined) {
    resolver = profileResolver(reader === null ? null : (shippedVocabulary(reader) ?? null), shippedVocabulary);
    resolvers.set(reader, resolver);
  }
  return resolver;
}

const out: string[] = [];
for await (const text of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (text === "") continue;
  const { line, reader } = JSON.parse(text) as { line: string; reader: string | null };
  const checked = checkLine(line, resolverFor(reader));
  const errors = [...new Set(checked.findings.filter((f) => f.severity === "error").map((f) => f.code))].sort();
  out.push(JSON.stringify({ ok: checked.ok, errors }));
}
process.stdout.write(out.join("\n") + (out.length > 0 ? "\n" : ""));

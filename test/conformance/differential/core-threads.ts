// Reads JSON lines {"lines": [...], "now": "YYYYMMDDTHHMMZ" | null} on stdin and writes one JSON line
// per conversation: the core's audit as `rw check-thread --json` makes it (each line read by
// readMessage with the shipped profiles, an invalid one left out and counted; createThreadAudit at
// `now`, null for --no-clock), as {"ok", "errors", "notes" (sorted codes, repeated as often as
// found), "owners" ([item, owner, handoff, readback] in the report's order), "counts", "invalid"}.
import { createInterface } from "node:readline";
import { createThreadAudit, profileResolver, readMessage, threadVerdict } from "../../../core/index.js";
import { shippedVocabulary } from "../../../profiles/index.js";

const resolve = profileResolver(null, shippedVocabulary);

function answer(lines: readonly string[], now: string | null): unknown {
  const audit = createThreadAudit({ now, vocabulary: resolve });
  let invalid = 0;
  lines.forEach((text, i) => {
    const checked = readMessage(text, resolve);
    if (!checked.ok || checked.message === null) invalid++;
    else audit.add(checked.message, i + 1);
  });
  const report = audit.finish();
  const codes = (severity: string) => report.findings.filter((f) => f.severity === severity).map((f) => f.code).sort();
  return {
    ok: threadVerdict(report, invalid),
    errors: codes("error"),
    notes: codes("note"),
    owners: report.owners.map((o) => [o.item, o.owner, o.handoff, o.readback ?? null]),
    counts: report.counts,
    invalid,
  };
}

const out: string[] = [];
for await (const text of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (text === "") continue;
  const c = JSON.parse(text) as { lines: string[]; now: string | null };
  out.push(JSON.stringify(answer(c.lines, c.now)));
}
process.stdout.write(out.join("\n") + (out.length > 0 ? "\n" : ""));

// Reads JSON lines {"lines": [...], "now": "YYYYMMDDTHHMMZ" | null, "expectations"?: {HO id: {expectAcc?,
// record?}}} on stdin and writes one JSON line per conversation: the core's audit as `rw check-thread
// --json` makes it (each line read by readMessage with the shipped profiles, an invalid one left out
// and counted; createThreadAudit at `now`, null for --no-clock), with the sender's expectations as a
// holder of withheld criteria and records gives them (checkThread's `expectations`, each record read
// by readRecord in its HO's vocabulary, `$resolve` included), as {"ok", "errors", "notes" (sorted codes, repeated as often as
// found), "owners" ([item, owner, handoff, readback] in the report's order), "causes" ([code, handoff,
// id, each error among its causes as [code, slot]] of each finding that has causes: a readback's), "handoffs" ([id,
// state, closedBy, readback, supersededBy] of each HO at `now`, as handoffs(now) gives it), "counts",
// "invalid"}.
import { createInterface } from "node:readline";
import { createThreadAudit, profileResolver, readMessage, readRecord, threadVerdict } from "../../../core/index.js";
import type { Message, ReadbackExpectations, Vocabulary } from "../../../core/index.js";
import { shippedVocabulary } from "../../../profiles/index.js";

const resolve = profileResolver(null, shippedVocabulary);

interface Expected {
  readonly expectAcc?: string;
  readonly record?: unknown;
}

/** The expectations of the HO each id first names, its record read in that HO's vocabulary (a record the core refuses is a generator bug). */
function expectationsOf(messages: readonly (Message | null)[], given: Readonly<Record<string, Expected>>): Map<string, ReadbackExpectations> {
  const out = new Map<string, ReadbackExpectations>();
  for (const m of messages) {
    const e = m?.type === "HO" ? given[m.id] : undefined;
    if (m === null || e === undefined || out.has(m.id)) continue;
    const p = m.slots["p"];
    const vocabulary = (resolve(typeof p === "string" ? p : null) ?? resolve(null)) as Vocabulary;
    let record = {};
    if (e.record !== undefined) {
      const read = readRecord(e.record, vocabulary);
      if (!read.ok) throw new Error(`record of ${m.id} refused: ${JSON.stringify(read.findings)}`);
      record = { record: read.value.values, resolve: [...read.value.resolve] };
    }
    out.set(m.id, { ...(e.expectAcc === undefined ? {} : { expectAcc: e.expectAcc }), ...record });
  }
  return out;
}

function answer(lines: readonly string[], now: string | null, given: Readonly<Record<string, Expected>>): unknown {
  const messages = lines.map((text) => {
    const checked = readMessage(text, resolve);
    return checked.ok ? checked.message : null;
  });
  const expected = expectationsOf(messages, given);
  const audit = createThreadAudit({ now, vocabulary: resolve, expectations: (id) => expected.get(id) });
  let invalid = 0;
  messages.forEach((m, i) => {
    if (m === null) invalid++;
    else audit.add(m, i + 1);
  });
  const report = audit.finish();
  const codes = (severity: string) => report.findings.filter((f) => f.severity === severity).map((f) => f.code).sort();
  return {
    ok: threadVerdict(report, invalid),
    errors: codes("error"),
    notes: codes("note"),
    // Why each readback is void, reversed or unverified: its HO's id, its own, and each error among
    // its causes as [code, slot], as often as check-rb found it, in the finding's order.
    causes: report.findings.filter((f) => f.causes !== undefined).map((f) => [f.code, f.handoff, f.id, (f.causes ?? []).filter((c) => c.severity === "error").map((c) => [c.code, c.slot ?? null])]),
    owners: report.owners.map((o) => [o.item, o.owner, o.handoff, o.readback ?? null]),
    handoffs: audit.handoffs(now).map((h) => [h.id, h.state, h.closedBy, h.readback, h.supersededBy]),
    counts: report.counts,
    invalid,
  };
}

const out: string[] = [];
for await (const text of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (text === "") continue;
  const c = JSON.parse(text) as { lines: string[]; now: string | null; expectations?: Record<string, Expected> };
  out.push(JSON.stringify(answer(c.lines, c.now, c.expectations ?? {})));
}
process.stdout.write(out.join("\n") + (out.length > 0 ? "\n" : ""));

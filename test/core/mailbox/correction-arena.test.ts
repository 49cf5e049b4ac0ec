// A correction proves a supersession only within the original's arena: a callsign is a name within
// one arena (section 2; section 4: "generate an arena-scoped name", root bindings "keyed by arena +
// callsign + machine locus"), so VEGA in another arena, answering a LYRA there (the same participant
// under another arena's ledger, or another participant holding the name), is not the original's
// sender answering this participant's repair request.
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { readCase, Symbols } from "../../conformance/mailbox-suite.js";

const lyra = { machine: "LYRA-BOX", root: "2b4c".repeat(16) };
/** Another participant holding LYRA in arena OTHER: its own machine and root. */
const otherLyra = { machine: "LYRA-TWO", root: "3c5d".repeat(16) };

/** Arena DEMO: VEGA greets LYRA and asks (@r). */
const demo = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
  { id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@w", request_id: "@r" } },
];
/** Arena OTHER: VEGA greets a LYRA there, then sends a "correction" naming @r, answering that LYRA's welcome. */
const other = (holder: Record<string, unknown>) => [
  { id: "h2", set: { kind: "hello", from: "VEGA", to: ["LYRA"], arena: "OTHER" } },
  { id: "w2", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h2", reply_to: "@h2", request_id: "@h2", terms: "accept", expects_reply: false, arena: "OTHER", ...holder } },
  { id: "c", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@h2", reply_to: "@w2", request_id: "@c", expects_reply: false, arena: "OTHER", correction: { original: "@r", request_id: "@r" } } },
];
/** The same correction in arena DEMO: it proves the supersession. */
const inArena = [{ id: "c", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@w", request_id: "@c", expects_reply: false, correction: { original: "@r", request_id: "@r" } } }];

describe("a correction from another arena", () => {
  const now = Date.parse("2026-10-02T12:00:00Z");
  const check = (specs: readonly { id: string; set: Record<string, unknown> }[], arena: { arena?: string } = { arena: "DEMO" }) => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, specs, mailbox);
    expect(diffs).toStrictEqual([]);
    const dispositions = [
      { id: symbols.uuid("h"), state: "replied", cta: "completed", reply: symbols.uuid("w") },
      { id: symbols.uuid("r"), state: "superseded-by-correction", cta: "superseded", correction: symbols.uuid("c") },
      { id: symbols.uuid("c"), state: "no-reply-required", cta: "none" },
    ];
    const report = mailbox.reconcile({ participant: "LYRA", ...arena, messages: entries, dispositions, cursor: [], now });
    const request = report.items.find((i) => i.id === symbols.uuid("r")) as mailbox.ReconcileItem;
    return { codes: report.findings.filter((f) => f.id === symbols.uuid("r")).map((f) => f.code), open: request.open_reply, status: report.status };
  };

  it("proves the supersession in the original's arena (the rule unchanged)", () => {
    expect(check([...demo, ...inArena])).toStrictEqual({ codes: [], open: false, status: "CLEAN" });
  });

  it.each([
    ["the same participant's LYRA in arena OTHER", lyra],
    ["another participant holding LYRA in arena OTHER", otherLyra],
  ])("does not prove it when VEGA's correction answers %s (SUPERSESSION_UNPROVEN, the reply still owed)", (_, holder) => {
    expect(check([...demo, ...other(holder)])).toStrictEqual({ codes: ["SUPERSESSION_UNPROVEN", "REPLY_OWED"], open: true, status: "FOUND" });
  });

  it("does not prove it when both arenas are read together (no arena given, ARENA_AMBIGUOUS)", () => {
    expect(check([...demo, ...other(lyra)], {})).toStrictEqual({ codes: ["SUPERSESSION_UNPROVEN", "REPLY_OWED"], open: true, status: "FOUND" });
  });

  it("does not prove it when a correction in the original's arena answers a LYRA of another arena (read together)", () => {
    // The correction's parent is in another arena (PARENT_ARENA_MISMATCH, so quarantined); the ledger's repair request is in its own.
    const crossing = [...demo, ...other(otherLyra).slice(0, 2), { id: "c", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@h2", reply_to: "@w2", request_id: "@c", expects_reply: false, correction: { original: "@r", request_id: "@r" } } }];
    expect(check(crossing, {})).toStrictEqual({ codes: ["SUPERSESSION_UNPROVEN", "REPLY_OWED"], open: true, status: "FOUND" });
  });
});

describe("a correction of an anomaly from another arena", () => {
  const now = Date.parse("2026-10-02T12:00:00Z");
  /** A malformed file with a trustworthy UUID (@m), addressed to LYRA; LYRA records it superseded by @c. */
  const check = (specs: readonly { id: string; set: Record<string, unknown> }[]) => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, specs, mailbox);
    expect(diffs).toStrictEqual([]);
    const anomaly = { fingerprint: "ab".repeat(32), file: "2026-10-01-09-30-00-VEGA-request-broken.md", id: symbols.uuid("m"), to: ["LYRA"], reason: "FIELD_MISSING" };
    const dispositions = [
      { id: symbols.uuid("h"), state: "replied", cta: "completed", reply: symbols.uuid("w") },
      { id: symbols.uuid("m"), state: "superseded-by-correction", cta: "superseded", correction: symbols.uuid("c") },
      { id: symbols.uuid("c"), state: "no-reply-required", cta: "none" },
    ];
    const report = mailbox.reconcile({ participant: "LYRA", arena: "DEMO", messages: entries, dispositions, cursor: [], anomalies: [anomaly], now });
    return { codes: report.findings.filter((f) => f.id === symbols.uuid("m")).map((f) => f.code), anomalies: report.counts.anomaly_count };
  };
  const correction = (arena: Record<string, unknown>, thread: string, asked: string) => ({ id: "c", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread, reply_to: asked, request_id: "@c", expects_reply: false, ...arena, correction: { original: "@m" } } });
  const first = demo.slice(0, 2);

  it("closes it when the correction answers LYRA's request in the arena reconciled (the rule unchanged)", () => {
    expect(check([...first, correction({}, "@h", "@w")])).toStrictEqual({ codes: [], anomalies: 0 });
  });

  it("leaves it open when the correction answers a LYRA in another arena (SUPERSESSION_UNPROVEN)", () => {
    expect(check([...first, ...other(otherLyra).slice(0, 2), correction({ arena: "OTHER" }, "@h2", "@w2")])).toStrictEqual({ codes: ["SUPERSESSION_UNPROVEN"], anomalies: 1 });
  });
});

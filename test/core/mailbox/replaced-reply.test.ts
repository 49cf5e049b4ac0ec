// A reply the participant replaced by a correction (section 3: "a terminal replacement or
// supersession ... supported by an exact independently valid record identifying what supersedes
// what"; section 9: a disposition records the "exact causal response"): the reply that stands is the
// replacement, so reconciliation names it, restores from it, and points a `replied` still citing the
// replaced one to it (REPLY_REPLACED), never asking for a reply again.
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { readCase, Symbols } from "../../conformance/mailbox-suite.js";

const lyra = { machine: "LYRA-BOX", root: "2b4c".repeat(16) };
const answer = { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@r", request_id: "@r", expects_reply: false, ...lyra };

/** VEGA greets LYRA, asks (@r); LYRA replies (@y1), then replaces it (@y2 names @y1), and @y3 replaces @y2. */
const specs = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
  { id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@w", request_id: "@r" } },
  { id: "y1", set: answer },
  { id: "y2", set: { ...answer, correction: { original: "@y1" } } },
];

describe("a reply replaced by a correction", () => {
  const symbols = new Symbols(mailbox);
  const now = Date.parse("2026-10-02T12:00:00Z");
  const welcomed = { id: "@h", state: "replied", cta: "completed", reply: "@w" };
  const reconcile = (messages: typeof specs, dispositions: Record<string, unknown>[]): mailbox.ReconcileReport => {
    const { entries, diffs } = readCase(symbols, messages, mailbox);
    expect(diffs).toStrictEqual([]);
    const resolved = dispositions.map((d) => Object.fromEntries(Object.entries(d).map(([k, v]) => [k, typeof v === "string" && v.startsWith("@") ? symbols.uuid(v.slice(1)) : v])));
    return mailbox.reconcile({ participant: "LYRA", messages: entries, dispositions: resolved, cursor: [], now });
  };
  const request = (report: mailbox.ReconcileReport) => report.items.find((i) => i.id === symbols.uuid("r")) as mailbox.ReconcileItem;
  const said = (report: mailbox.ReconcileReport) => report.findings.map((f) => `${f.code} ${symbols.name(f.message)}`);

  it("restores replied from the reply that stands, not from the one it replaced", () => {
    const report = reconcile(specs, [welcomed]);
    expect([request(report).action, symbols.name(request(report).reply ?? "")]).toStrictEqual(["restore", "@y2"]);
    const restored = mailbox.restoredDisposition(request(report), symbols.uuid("r"), "2026-10-02T12:00:00Z");
    expect(symbols.name(restored?.reply ?? "")).toBe("@y2");
  });

  it("points a replied still citing the replaced reply to the one that stands (REPLY_REPLACED, a note, action restore)", () => {
    const report = reconcile(specs, [welcomed, { id: "@r", state: "replied", cta: "completed", reply: "@y1", request_id: "@r" }]);
    expect(said(report)).toStrictEqual(["REPLY_REPLACED replied cites @y1, which LYRA has since replaced: @y2 names it in meta.mailbox.correction, so the reply that stands is @y2; append replied naming it (restore), never republish"]);
    expect(report.findings[0]).toMatchObject({ severity: "note", id: symbols.uuid("r"), expected: symbols.uuid("y2"), received: symbols.uuid("y1") });
    expect([request(report).action, symbols.name(request(report).reply ?? ""), request(report).open_reply]).toStrictEqual(["restore", "@y2", false]);
    // Answered, and handled: no reply is asked for, the cursor may pass it, and nothing blocks readiness.
    expect([report.status, report.counts.open_reply_count, report.cursor_advance.includes(symbols.uuid("r"))]).toStrictEqual(["CLEAN", 0, true]);
    // The transition it proposes names the standing reply; appended, the ledger reads clean and quiet.
    const restored = mailbox.restoredDisposition(request(report), symbols.uuid("r"), "2026-10-02T12:00:00Z") as mailbox.Disposition;
    expect(symbols.name(restored.reply ?? "")).toBe("@y2");
    const after = reconcile(specs, [welcomed, { id: "@r", state: "replied", cta: "completed", reply: "@y1", request_id: "@r" }, { ...restored }]);
    expect([after.findings, request(after).action, symbols.name(request(after).reply ?? "")]).toStrictEqual([[], "none", "@y2"]);
  });

  it("follows a chain of replacements to the last (y1, y2 naming y1, y3 naming y2)", () => {
    const chain = [...specs, { id: "y3", set: { ...answer, correction: { original: "@y2" } } }];
    for (const cited of ["@y1", "@y2"]) {
      const report = reconcile(chain, [welcomed, { id: "@r", state: "replied", cta: "completed", reply: cited }]);
      expect(said(report)).toStrictEqual([`REPLY_REPLACED replied cites ${cited}, which LYRA has since replaced: @y3 names it in meta.mailbox.correction, so the reply that stands is @y3; append replied naming it (restore), never republish`]);
      expect(symbols.name(request(report).reply ?? "")).toBe("@y3");
    }
    const current = reconcile(chain, [welcomed, { id: "@r", state: "replied", cta: "completed", reply: "@y3" }]);
    expect([current.findings, request(current).action]).toStrictEqual([[], "none"]);
  });

  it("reads a second reply that names nothing as before: the first stands (and the second is REPLY_REPUBLISHED, quarantined)", () => {
    const twice = [...specs.slice(0, 4), { id: "y2", set: answer }];
    const report = reconcile(twice, [welcomed, { id: "@r", state: "replied", cta: "completed", reply: "@y1" }]);
    expect([report.findings, request(report).action, symbols.name(request(report).reply ?? "")]).toStrictEqual([[], "none", "@y1"]);
  });
});

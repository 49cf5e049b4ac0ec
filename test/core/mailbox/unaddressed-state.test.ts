// Two records of a participant's state that name what is not its own to settle (README notes 122
// and 123): a disposition or cursor entry for a message the mailbox holds but does not address to
// it (its own message, one sent to others, another arena's), and an anomaly (a refused file) that
// carries the UUID of a valid message. Both were once passed over in silence: the first proved
// and owed nothing, unsaid; the second shared the valid message's disposition, so the message's
// own record closed or double-counted the anomaly.
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { readCase, Symbols } from "../../conformance/mailbox-suite.js";

const lyra = { machine: "LYRA-BOX", root: "2b4c".repeat(16) };
const now = Date.parse("2026-10-02T12:00:00Z");

/** VEGA greets LYRA (@h), LYRA welcomes it (@w), VEGA asks LYRA (@r, no reply expected); VEGA greets ORION too (@g). */
const specs = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
  { id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@w", request_id: "@r", expects_reply: false } },
  { id: "g", set: { kind: "hello", from: "VEGA", to: ["ORION"] } },
];

describe("state naming what the participant was not addressed", () => {
  const symbols = new Symbols(mailbox);
  const { entries, diffs } = readCase(symbols, specs, mailbox);
  const tidy = [
    { id: "@h", state: "replied", cta: "completed", reply: "@w" },
    { id: "@r", state: "no-reply-required", cta: "none" },
  ];
  const check = (dispositions: readonly object[], cursor: readonly string[], extra: Partial<mailbox.ReconcileInput> = {}): mailbox.ReconcileReport =>
    mailbox.reconcile({ participant: "LYRA", messages: entries, dispositions: symbols.fill(dispositions), cursor: symbols.fill(cursor), now, ...extra });
  const said = (report: mailbox.ReconcileReport): string[] => report.findings.map((f) => symbols.name(`${f.code} ${f.id ?? f.file ?? ""}`).trim()).sort();

  it("builds its room", () => expect(diffs).toStrictEqual([]));

  it("a disposition of its own message, or of one sent to others, is said (a note), and settles and owes nothing", () => {
    const report = check([...tidy, { id: "@w", state: "no-reply-required", cta: "none" }, { id: "@g", state: "acted", cta: "completed", effect: "commit 1a2b3c" }], ["@h", "@r"]);
    expect(said(report)).toStrictEqual(["DISPOSITION_NOT_ADDRESSED @g", "DISPOSITION_NOT_ADDRESSED @w"]);
    expect(report.findings.every((f) => f.severity === "note")).toBe(true);
    expect([report.status, report.counts.addressed, report.counts.dispositioned]).toStrictEqual(["CLEAN", 2, 2]);
    expect(report.items.map((i) => symbols.name(i.id))).toStrictEqual(["@h", "@r"]);
    const words = report.findings.map((f) => symbols.name(f.message));
    expect(words[0]).toContain("LYRA's own");
    expect(words[1]).toContain("VEGA's hello to ORION");
  });

  it("so is a cursor entry for such a message, with or without a disposition", () => {
    const report = check(tidy, ["@h", "@r", "@w", "@g"]);
    expect(said(report)).toStrictEqual(["CURSOR_NOT_ADDRESSED @g", "CURSOR_NOT_ADDRESSED @w"]);
    expect([report.status, report.readiness_clean]).toStrictEqual(["CLEAN", true]);
    expect(report.cursor_advance).toStrictEqual([]);
  });

  it("a message addressed to it is not told so, nor is a UUID the mailbox does not hold (DISPOSITION_UNKNOWN_MESSAGE, CURSOR_UNKNOWN)", () => {
    const report = check([...tidy, { id: "@ghost", state: "no-reply-required", cta: "none" }], ["@h", "@r", "@phantom"]);
    expect(said(report)).toStrictEqual(["CURSOR_UNKNOWN @phantom", "DISPOSITION_UNKNOWN_MESSAGE @ghost"]);
  });
});

describe("an anomaly carrying a valid message's UUID", () => {
  const symbols = new Symbols(mailbox);
  const { entries } = readCase(symbols, specs, mailbox);
  // A refused file under @r's UUID, addressed to LYRA (an envelope missing a field, say).
  const anomaly = { fingerprint: "e".repeat(64), file: "2026-10-01-09-00-09-VEGA-request-again.md", id: symbols.uuid("r"), to: ["LYRA"], reason: "FIELD_MISSING: transport is required" };
  const check = (dispositions: readonly object[], anomalyIndex: readonly mailbox.AnomalyRecord[] = []): mailbox.ReconcileReport =>
    mailbox.reconcile({ participant: "LYRA", messages: entries, dispositions: symbols.fill([{ id: "@h", state: "replied", cta: "completed", reply: "@w" }, ...dispositions]), cursor: [], anomalies: [anomaly], anomalyIndex, now });
  const said = (report: mailbox.ReconcileReport): string[] => report.findings.map((f) => symbols.name(`${f.code} ${f.id ?? f.file ?? ""}`).trim()).sort();
  const item = (report: mailbox.ReconcileReport) => report.items.find((i) => i.id === symbols.uuid("r"));

  it("is not closed by the valid message's Handler-backed terminal disposition: it stays open, and the UUID collision is said", () => {
    const report = check([{ id: "@r", state: "no-reply-required", cta: "none", handler: "HANDLER direction 2026-10-01" }]);
    expect(said(report)).toStrictEqual([`ANOMALY_ID_TAKEN ${anomaly.file}`, `ANOMALY_OPEN ${anomaly.file}`]);
    expect([report.status, report.counts.anomaly_count]).toStrictEqual(["WORK_CLEAN_WITH_AUDIT_DEBT", 1]);
    // The valid message keeps its own disposition and reads handled.
    expect([item(report)?.disposition, item(report)?.action]).toStrictEqual(["no-reply-required", "none"]);
    expect(report.cursor_advance).toContain(symbols.uuid("r"));
    expect(report.findings.find((f) => f.code === "ANOMALY_OPEN")?.message).toContain("anomaly index");
  });

  it("is not counted as the valid message's audit debt a second time", () => {
    const report = check([{ id: "@r", state: "needs-audit", cta: "none" }]);
    expect([report.counts.needs_audit_count, report.counts.anomaly_count]).toStrictEqual([1, 1]);
    expect(said(report)).toStrictEqual([`ANOMALY_ID_TAKEN ${anomaly.file}`, `ANOMALY_OPEN ${anomaly.file}`]);
  });

  it("is closed by its anomaly-index record (its file and fingerprint), leaving the valid message as it was", () => {
    const report = check([{ id: "@r", state: "no-reply-required", cta: "none" }], [{ file: anomaly.file, fingerprint: anomaly.fingerprint, state: "closed" }]);
    expect(said(report)).toStrictEqual([]);
    expect([report.status, report.counts.anomaly_count, item(report)?.disposition]).toStrictEqual(["CLEAN", 0, "no-reply-required"]);
  });

  it("an anomaly whose UUID no valid message holds is still reconciled by its own disposition", () => {
    const own = { ...anomaly, id: symbols.uuid("bad") };
    const report = mailbox.reconcile({ participant: "LYRA", messages: entries, dispositions: symbols.fill([{ id: "@h", state: "replied", cta: "completed", reply: "@w" }, { id: "@r", state: "no-reply-required", cta: "none" }, { id: "@bad", state: "needs-audit", cta: "none" }]), cursor: [], anomalies: [own], now });
    expect(said(report)).toStrictEqual([]);
    expect([report.counts.needs_audit_count, report.counts.anomaly_count]).toStrictEqual([1, 0]);
  });
});

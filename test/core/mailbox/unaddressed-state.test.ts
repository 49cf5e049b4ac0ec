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

describe("refused files sharing a UUID no valid message holds (README note 125)", () => {
  const symbols = new Symbols(mailbox);
  const { entries } = readCase(symbols, specs, mailbox);
  const tidy = [
    { id: "@h", state: "replied", cta: "completed", reply: "@w" },
    { id: "@r", state: "no-reply-required", cta: "none" },
  ];
  // Two refused files to LYRA under one UUID (@bad) that no valid message holds, with other bytes.
  const first = { fingerprint: "a".repeat(64), file: "2026-10-01-09-00-10-VEGA-request-broken.md", id: symbols.uuid("bad"), to: ["LYRA"], reason: "FIELD_MISSING: transport is required" };
  const second = { ...first, fingerprint: "b".repeat(64), file: "2026-10-01-09-00-11-VEGA-request-broken.md" };
  const check = (dispositions: readonly object[], anomalies: readonly mailbox.MailboxAnomaly[], anomalyIndex: readonly mailbox.AnomalyRecord[] = []): mailbox.ReconcileReport =>
    mailbox.reconcile({ participant: "LYRA", messages: entries, dispositions: symbols.fill([...tidy, ...dispositions]), cursor: [], anomalies, anomalyIndex, now });
  const said = (report: mailbox.ReconcileReport): string[] => report.findings.map((f) => `${f.code} ${f.file ?? ""}`).sort();

  it("one Handler-backed terminal disposition of the UUID closes neither: each stays open, and the shared UUID is said", () => {
    const report = check([{ id: "@bad", state: "no-reply-required", cta: "none", handler: "HANDLER direction 2026-10-01" }], [first, second]);
    expect(said(report)).toStrictEqual([`ANOMALY_ID_SHARED ${first.file}`, `ANOMALY_ID_SHARED ${second.file}`, `ANOMALY_OPEN ${first.file}`, `ANOMALY_OPEN ${second.file}`]);
    expect([report.status, report.counts.anomaly_count]).toStrictEqual(["WORK_CLEAN_WITH_AUDIT_DEBT", 2]);
    expect(report.findings.find((f) => f.code === "ANOMALY_ID_SHARED" && f.file === first.file)?.message).toContain(second.file);
    expect(report.findings.find((f) => f.code === "ANOMALY_OPEN")?.message).toContain("anomaly index");
  });

  it("a needs-audit of the UUID is not counted once per file: each file is an open anomaly of its own", () => {
    const report = check([{ id: "@bad", state: "needs-audit", cta: "none" }], [first, second]);
    expect([report.counts.needs_audit_count, report.counts.anomaly_count]).toStrictEqual([0, 2]);
    // Nor is the disposition read as naming a UUID the mailbox does not hold.
    expect(said(report).filter((s) => s.startsWith("DISPOSITION_"))).toStrictEqual([]);
  });

  it("each is closed by its own anomaly-index record (file and fingerprint), not by the other's", () => {
    const closed = (a: typeof first): mailbox.AnomalyRecord => ({ file: a.file, fingerprint: a.fingerprint, state: "closed" });
    const one = check([], [first, second], [closed(first)]);
    expect(said(one)).toStrictEqual([`ANOMALY_ID_SHARED ${second.file}`, `ANOMALY_OPEN ${second.file}`]);
    expect(one.counts.anomaly_count).toBe(1);
    const both = check([], [first, second], [closed(first), closed(second)]);
    expect([both.status, both.findings]).toStrictEqual(["CLEAN", []]);
  });

  it("the same bytes in two files under the UUID are two files all the same, and a file addressed to another still shares it", () => {
    const copy = { ...second, fingerprint: first.fingerprint };
    expect(said(check([{ id: "@bad", state: "needs-audit", cta: "none" }], [first, copy]))).toStrictEqual([`ANOMALY_ID_SHARED ${first.file}`, `ANOMALY_ID_SHARED ${copy.file}`, `ANOMALY_OPEN ${first.file}`, `ANOMALY_OPEN ${copy.file}`]);
    const report = check([{ id: "@bad", state: "needs-audit", cta: "none" }], [first, { ...second, to: ["ORION"] }]);
    expect(said(report)).toStrictEqual([`ANOMALY_ID_SHARED ${first.file}`, `ANOMALY_OPEN ${first.file}`]);
    expect([report.counts.needs_audit_count, report.counts.anomaly_count]).toStrictEqual([0, 1]);
  });

  it("one refused file under the UUID keeps it: its disposition reconciles it, as before", () => {
    const report = check([{ id: "@bad", state: "needs-audit", cta: "none" }], [first]);
    expect(said(report)).toStrictEqual([]);
    expect([report.counts.needs_audit_count, report.counts.anomaly_count]).toStrictEqual([1, 0]);
  });
});

describe("state naming a refused file addressed to others only (README note 126)", () => {
  const symbols = new Symbols(mailbox);
  const { entries } = readCase(symbols, specs, mailbox);
  const tidy = [
    { id: "@h", state: "replied", cta: "completed", reply: "@w" },
    { id: "@r", state: "no-reply-required", cta: "none" },
  ];
  // A refused file under its own UUID (@bad), its recipients readable: VEGA to ORION.
  const elsewhere = { fingerprint: "c".repeat(64), file: "2026-10-01-09-00-12-VEGA-request-broken.md", id: symbols.uuid("bad"), to: ["ORION"], reason: "FIELD_MISSING: transport is required" };
  const check = (dispositions: readonly object[], cursor: readonly string[], anomalies: readonly mailbox.MailboxAnomaly[]): mailbox.ReconcileReport =>
    mailbox.reconcile({ participant: "LYRA", messages: entries, dispositions: symbols.fill([...tidy, ...dispositions]), cursor: symbols.fill(cursor), anomalies, now });
  const said = (report: mailbox.ReconcileReport): string[] => report.findings.map((f) => symbols.name([f.code, f.id, f.file].filter((x) => x !== undefined).join(" "))).sort();

  it("a disposition of it is DISPOSITION_NOT_ADDRESSED, as for a valid message sent to others, and settles and owes nothing", () => {
    const report = check([{ id: "@bad", state: "needs-audit", cta: "none" }], ["@h", "@r"], [elsewhere]);
    expect(said(report)).toStrictEqual([`DISPOSITION_NOT_ADDRESSED @bad ${elsewhere.file}`]);
    expect([report.status, report.counts.needs_audit_count, report.counts.anomaly_count]).toStrictEqual(["CLEAN", 0, 0]);
    expect(report.findings[0]?.message).toContain("refused file");
    expect(report.findings[0]?.message).toContain("ORION");
  });

  it("so is a cursor entry for it (CURSOR_NOT_ADDRESSED), not a UUID the mailbox does not know", () => {
    expect(said(check([], ["@h", "@r", "@bad"], [elsewhere]))).toStrictEqual([`CURSOR_NOT_ADDRESSED @bad ${elsewhere.file}`]);
    expect(said(check([{ id: "@bad", state: "no-reply-required", cta: "none" }], ["@h", "@r", "@bad"], [elsewhere]))).toStrictEqual([`CURSOR_NOT_ADDRESSED @bad ${elsewhere.file}`, `DISPOSITION_NOT_ADDRESSED @bad ${elsewhere.file}`]);
  });

  it("one whose recipients cannot be read, or name ALL, may be the participant's: its disposition reconciles it", () => {
    for (const to of [null, ["ALL"]]) {
      const report = check([{ id: "@bad", state: "needs-audit", cta: "none" }], ["@h", "@r"], [{ ...elsewhere, to }]);
      expect(said(report)).toStrictEqual([]);
      expect(report.counts.needs_audit_count).toBe(1);
    }
  });

  it("a UUID it shares with a refused file addressed to the participant is that file's concern (ANOMALY_ID_SHARED), not a stray key", () => {
    const mine = { ...elsewhere, fingerprint: "d".repeat(64), file: "2026-10-01-09-00-13-VEGA-request-broken.md", to: ["LYRA"] };
    const report = check([{ id: "@bad", state: "needs-audit", cta: "none" }], ["@h", "@r"], [elsewhere, mine]);
    expect(said(report)).toStrictEqual([`ANOMALY_ID_SHARED ${mine.file}`, `ANOMALY_OPEN ${mine.file}`]);
  });
});

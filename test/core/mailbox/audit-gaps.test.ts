// Mailbox gaps a later audit left: a message edited after it was handled, an open task to ALL
// after a claim, a replacement of a replacement, numbers no double holds, and the status of a name
// nobody claimed.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { buildMessage, readCase, Symbols } from "../../conformance/mailbox-suite.js";

const lyra = { machine: "LYRA-BOX", root: "2b4c2b4c2b4c2b4c2b4c2b4c2b4c2b4c2b4c2b4c2b4c2b4c2b4c2b4c2b4c2b4c" };
const room = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
];

describe("the participant summary of a name nobody claimed", () => {
  const summary = (specs: Parameters<typeof readCase>[1]): Record<string, string> => {
    const { entries, diffs } = readCase(new Symbols(mailbox), specs, mailbox);
    expect(diffs).toStrictEqual([]);
    const analysis = mailbox.analyzeMailbox(entries);
    return Object.fromEntries(mailbox.participants(entries, analysis.quarantine, analysis.callsigns).map((p) => [p.callsign, p.status]));
  };

  it("shows an addressee no hello, welcome or resume claims as unclaimed, not active", () => {
    const typo = { id: "r", set: { kind: "request", from: "VEGA", to: ["LYAR"], thread: "@h", reply_to: "@w", request_id: "@r" } };
    expect(summary([...room, typo])).toStrictEqual({ LYAR: "unclaimed", LYRA: "active", VEGA: "active" });
  });

  it("keeps a Handler seat active, and judges nothing without the claims", () => {
    const toHandler = { id: "r", set: { kind: "request", from: "VEGA", to: ["HANDLER"], thread: "@h", reply_to: "@w", request_id: "@r" } };
    expect(summary([...room, toHandler]).HANDLER).toBe("active");
    const { entries } = readCase(new Symbols(mailbox), [...room, { id: "r", set: { kind: "request", from: "VEGA", to: ["LYAR"], thread: "@h", reply_to: "@w", request_id: "@r" } }], mailbox);
    expect(mailbox.participants(entries).find((p) => p.callsign === "LYAR")?.status).toBe("active");
  });
});

describe("a message edited in place after it was handled", () => {
  const HANDLED = "a".repeat(64);
  const EDITED = "b".repeat(64);
  const check = (bytesNow: string | undefined, transitions: (ids: Record<string, string>) => object[], answered = true): mailbox.ReconcileReport => {
    const symbols = new Symbols(mailbox);
    const request = { id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@w", request_id: "@r" } };
    const reply = { id: "y", set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@r", request_id: "@r", expects_reply: false, ...lyra } };
    const { entries, diffs } = readCase(symbols, [...room, request, ...(answered ? [reply] : [])], mailbox);
    expect(diffs).toStrictEqual([]);
    const r = symbols.uuid("r");
    const messages = entries.map((e) => (e.envelope.id === r && bytesNow !== undefined ? { ...e, fingerprint: bytesNow } : e));
    const welcomed = { id: symbols.uuid("h"), state: "replied", cta: "completed", reply: symbols.uuid("w") };
    return mailbox.reconcile({ participant: "LYRA", messages, dispositions: [welcomed, ...transitions({ r, y: symbols.uuid("y") })], now: Date.parse("2026-12-01T00:00:00Z") });
  };
  const replied = (ids: Record<string, string>, fingerprint?: string): object => ({ id: ids.r, state: "replied", cta: "completed", reply: ids.y, ...(fingerprint === undefined ? {} : { fingerprint }) });

  it("is MESSAGE_CHANGED when the bytes differ from those the disposition recorded: not readiness-clean, audited, the cursor held", () => {
    const report = check(EDITED, (ids) => [replied(ids, HANDLED)]);
    expect(report.findings.map((f) => f.code)).toStrictEqual(["MESSAGE_CHANGED"]);
    expect(report.status).toBe("WORK_CLEAN_WITH_AUDIT_DEBT");
    expect(report.readiness_clean).toBe(false);
    expect(report.counts.anomaly_count).toBe(1);
    expect(report.items.find((i) => i.kind === "request")?.action).toBe("audit");
    expect(report.cursor_advance).not.toContain(report.items.find((i) => i.kind === "request")?.id);
    expect(report.cursor_advance).toHaveLength(1);
  });

  it("is audited, not answered, while its reply is still owed: a reply would act on bytes nobody handled", () => {
    // Found by the reconciliation differential: `acted` over the bytes handled, no reply yet, and the
    // file edited since. The reply stays owed (counted open), but what to do next is the audit.
    const report = check(EDITED, (ids) => [{ id: ids.r, state: "acted", cta: "completed", effect: "commit 1a2b3c", fingerprint: HANDLED }], false);
    const item = report.items.find((i) => i.kind === "request");
    expect([item?.action, item?.open_reply]).toStrictEqual(["audit", true]);
    expect(report.findings.map((f) => f.code)).toStrictEqual(["MESSAGE_CHANGED"]);
    expect(report.counts.open_reply_count).toBe(1);
    expect(report.status).toBe("FOUND");
    // The same bytes as handled: the reply is what is owed next, as before.
    expect(check(HANDLED, (ids) => [{ id: ids.r, state: "acted", cta: "completed", effect: "commit 1a2b3c", fingerprint: HANDLED }], false).items.find((i) => i.kind === "request")?.action).toBe("reply");
  });

  it("stays CLEAN when the bytes are those handled, or when no fingerprint was recorded or read", () => {
    expect(check(HANDLED, (ids) => [replied(ids, HANDLED)]).status).toBe("CLEAN");
    expect(check(EDITED, (ids) => [replied(ids)]).status).toBe("CLEAN");
    expect(check(undefined, (ids) => [replied(ids, HANDLED)]).status).toBe("CLEAN");
  });

  it("keeps the recorded bytes through a later transition without a fingerprint; a needs-audit over the new bytes settles the finding", () => {
    expect(check(EDITED, (ids) => [replied(ids, HANDLED), replied(ids)]).findings.map((f) => f.code)).toStrictEqual(["MESSAGE_CHANGED"]);
    const audited = check(EDITED, (ids) => [replied(ids, HANDLED), { id: ids.r, state: "needs-audit", cta: "completed", fingerprint: EDITED }]);
    expect(audited.findings).toStrictEqual([]);
    expect(audited.counts.needs_audit_count).toBe(1);
  });

  it("refuses a fingerprint that is not 64 lowercase hex digits", () => {
    expect(check(HANDLED, (ids) => [replied(ids, HANDLED.toUpperCase())]).findings.map((f) => f.code)).toContain("DISPOSITION_INVALID");
  });
});

describe("an open task to ALL after one participant's claim", () => {
  const vector = JSON.parse(readFileSync(join(import.meta.dirname, "..", "..", "conformance", "mailbox", "reconcile", "open-task-claimed.json"), "utf8")) as { messages: { id: string; set: Record<string, unknown> }[] };
  const base = vector.messages;
  const ORION = { machine: "ORION-BOX", root: "3c5d".repeat(16), profile: "FULL", session: "o1", thread: "@h" };
  const run = (specs: { id: string; set: Record<string, unknown> }[]): { owes: number | undefined; action: string | undefined; codes: string[] } => {
    const symbols = new Symbols(mailbox);
    const { entries, diffs } = readCase(symbols, specs, mailbox);
    expect(diffs).toStrictEqual([]);
    const analysis = mailbox.analyzeMailbox(entries);
    const report = mailbox.reconcile({ participant: "LYRA", messages: entries, analysis, dispositions: [], now: Date.parse("2026-10-02T12:00:00Z") });
    return {
      owes: mailbox.participants(entries, analysis.quarantine).find((p) => p.callsign === "LYRA")?.owes,
      action: report.items.find((i) => i.id === symbols.uuid("r"))?.action,
      codes: report.findings.filter((f) => f.id === symbols.uuid("r")).map((f) => f.code),
    };
  };
  const withoutClaim = base.filter((m) => m.id !== "c");
  const claim = base.find((m) => m.id === "c") as { id: string; set: Record<string, unknown> };

  it("releases the others from the request once another participant claims the whole of it", () => {
    expect(run(withoutClaim)).toStrictEqual({ owes: 1, action: "handle", codes: [] });
    expect(run(base)).toStrictEqual({ owes: 0, action: "stand-down", codes: ["TASK_CLAIMED"] });
  });

  it("releases nobody on a claim of another request_id, or one its claimant withdrew", () => {
    expect(run([...withoutClaim, { id: "c", set: { ...claim.set, request_id: "@other" } }])).toStrictEqual({ owes: 1, action: "handle", codes: [] });
    const cancel = { id: "x", set: { kind: "cancel", from: "ORION", to: ["ALL"], reply_to: "@c", request_id: "@r", seq: 3, expects_reply: false, ...ORION } };
    expect(run([...base, cancel])).toStrictEqual({ owes: 1, action: "handle", codes: [] });
  });

  it("does not release a directed request, which each addressee still answers", () => {
    const directed = base.map((m) => (m.id === "r" ? { id: "r", set: { ...m.set, to: ["LYRA", "ORION"] } } : m));
    expect(run(directed)).toStrictEqual({ owes: 1, action: "handle", codes: [] });
  });
});

describe("YAML numbers no double holds", () => {
  const text = (set: Record<string, unknown>, from: string, to: string): string => buildMessage(new Symbols(mailbox), { set: { kind: "request", ...set } }).replace(from, to);
  const codes = (t: string): string[] => mailbox.readMailboxMessage(t, { mode: "inbound" }).findings.map((f) => `${f.code}:${f.slot ?? ""}`);

  it("refuses a repair request's anomaly mapping holding 1e400, .inf or .nan, which would compare as null", () => {
    for (const written of ["1e400", "-.inf", ".nan", "[1, .inf]", "{deep: 1e400}"]) {
      const t = text({ anomaly: { ref: "PLACEHOLDER" } }, "ref: PLACEHOLDER", `ref: ${written}`);
      expect(codes(t), written).toStrictEqual(["FIELD_TYPE:anomaly"]);
    }
    expect(codes(text({ anomaly: { ref: "PLACEHOLDER" } }, "ref: PLACEHOLDER", "ref: '1e400'"))).toStrictEqual([]);
    expect(codes(text({ anomaly: { ref: "PLACEHOLDER" } }, "ref: PLACEHOLDER", "ref: 12"))).toStrictEqual([]);
  });

  it("no longer reads two repair requests written 1e400 and .nan as one anomaly (REPAIR_REPEATED)", () => {
    const symbols = new Symbols(mailbox);
    const opened = readCase(symbols, room, mailbox).entries;
    const request = (id: string, written: string): string => buildMessage(symbols, { id, set: { kind: "request", to: ["LYRA"], thread: `@${id}`, reply_to: "", request_id: `@${id}`, anomaly: { ref: "PLACEHOLDER" } } }).replace("ref: PLACEHOLDER", `ref: ${written}`);
    const read = [request("r1", "1e400"), request("r2", ".nan")].map((t) => mailbox.readMailboxMessage(t, { mode: "inbound" }));
    const entries = [...opened, ...read.flatMap((r) => (r.ok && r.envelope !== null ? [{ envelope: r.envelope, body: r.body ?? "" }] : []))];
    expect(mailbox.analyzeMailbox(entries).findings.map((f) => f.code)).not.toContain("REPAIR_REPEATED");
    expect(read.map((r) => r.ok)).toStrictEqual([false, false]);
  });

  it("keeps refusing .inf where a whole number is asked (seq), and ignores an unknown field holding 1e400", () => {
    expect(codes(text({ profile: "FULL", session: "s1", seq: 7 }, "seq: 7", "seq: .inf"))).toContain("SEQ_INVALID:seq");
    expect(codes(text({ profile: "FULL", session: "s1", seq: 7, extra: 5 }, "extra: 5", "extra: 1e400"))).toStrictEqual(["FIELD_UNKNOWN:extra"]);
  });

  it("says one thing of a count that breaks more than one of its rules: .inf is no whole number, not also too large", () => {
    const said = (written: string): string[] => {
      const read = mailbox.readMailboxMessage(text({ profile: "FULL", session: "s1", seq: 7 }, "seq: 7", `seq: ${written}`), { mode: "inbound" });
      return read.findings.filter((f) => f.code === "SEQ_INVALID").map((f) => f.message);
    };
    for (const written of [".inf", "-.inf", "-1.5"]) {
      const messages = said(written);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toContain("a whole number");
    }
    expect(said("0")).toHaveLength(1);
    expect(said("0")[0]).toContain("at least 1");
  });
});

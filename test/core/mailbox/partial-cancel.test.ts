// A requester's cancel addressed to some of a request's recipients (section 5: `cancel` "Withdraw a
// request or claim"; section 3: a reply closes only on "an exact independently valid record
// identifying what supersedes what"): it withdraws the request from its addressees only, and a
// recipient it does not address is told the request stands for it, and why.
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { readCase, Symbols } from "../../conformance/mailbox-suite.js";

const lyra = { machine: "LYRA-BOX", root: "2b4c".repeat(16) };
const orion = { machine: "ORION-BOX", root: "3c5d".repeat(16) };

/** VEGA greets LYRA and ORION, both welcome it; VEGA asks both (@s), then cancels to ORION only (@t). */
const specs = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA", "ORION"] } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
  { id: "o", set: { kind: "welcome", from: "ORION", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...orion } },
  { id: "s", set: { kind: "request", from: "VEGA", to: ["LYRA", "ORION"], thread: "@s", reply_to: "", request_id: "@s" } },
  { id: "t", set: { kind: "cancel", from: "VEGA", to: ["ORION"], thread: "@s", reply_to: "@s", request_id: "@s", expects_reply: false } },
];

describe("a cancel to some of a request's recipients", () => {
  const symbols = new Symbols(mailbox);
  const { entries, diffs } = readCase(symbols, specs, mailbox);
  const check = (participant: string): mailbox.ReconcileReport =>
    mailbox.reconcile({ participant, messages: entries, dispositions: [], cursor: [], anomalies: [], anomalyIndex: [], now: Date.parse("2026-10-02T12:00:00Z") });
  const item = (report: mailbox.ReconcileReport, symbol: string) => report.items.find((i) => i.id === symbols.uuid(symbol));

  it("withdraws it from the cancel's addressee", () => {
    expect(diffs).toStrictEqual([]);
    const orionSees = check("ORION");
    expect(item(orionSees, "s")?.action).toBe("withdrawn");
    expect(orionSees.findings.filter((f) => f.id === symbols.uuid("s")).map((f) => f.code)).toStrictEqual(["REQUEST_WITHDRAWN"]);
  });

  it("tells the recipient it does not address that the requester withdrew it from the others only, and that it stands, its reply owed", () => {
    const lyraSees = check("LYRA");
    expect(item(lyraSees, "s")?.action).toBe("handle");
    const said = lyraSees.findings.filter((f) => f.id === symbols.uuid("s")).map((f) => `${f.code} ${symbols.name(f.message)}`);
    expect(said).toStrictEqual(["CANCEL_NOT_WITHDRAWAL VEGA withdrew this request with cancel @t from ORION only, the cancel's addressees: it is not addressed to LYRA, so for LYRA it withdraws nothing; it stands, and its reply is still owed"]);
    // The participant summary reads the same rule: LYRA still owes VEGA the reply, ORION does not.
    const owes = Object.fromEntries(mailbox.participants(entries).map((p) => [p.callsign, p.owes]));
    expect([owes["LYRA"], owes["ORION"]]).toStrictEqual([1, 0]);
  });
});

// A restored disposition records the bytes it was rebuilt from (the item's `fingerprint`): a
// message is create-once (section 3), so an edit in place after the restore is caught as after any
// handling (MESSAGE_CHANGED), not read clean because the restore recorded no bytes.
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { readCase, Symbols } from "../../conformance/mailbox-suite.js";

const lyra = { machine: "LYRA-BOX", root: "2b4c".repeat(16) };
const specs = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
  { id: "r", set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@h", reply_to: "@w", request_id: "@r" } },
  { id: "y", set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@r", request_id: "@r", expects_reply: false, ...lyra } },
];
const ASKED = "a1".repeat(32);
const EDITED = "e2".repeat(32);

describe("a restored disposition's fingerprint", () => {
  const symbols = new Symbols(mailbox);
  const { entries, diffs } = readCase(symbols, specs, mailbox);
  const now = Date.parse("2026-10-02T12:00:00Z");
  const welcomed = { id: symbols.uuid("h"), state: "replied", cta: "completed", reply: symbols.uuid("w") };
  /** The mailbox with the request's file holding `bytes` (its fingerprint), or none given. */
  const holding = (bytes: string | undefined): mailbox.MailboxEntry[] => entries.map((e) => (e.envelope.id === symbols.uuid("r") && bytes !== undefined ? { ...e, fingerprint: bytes } : e));
  const request = (report: mailbox.ReconcileReport) => report.items.find((i) => i.id === symbols.uuid("r")) as mailbox.ReconcileItem;

  it("is the fingerprint of the bytes the reconciliation read, and an edit after the restore is MESSAGE_CHANGED", () => {
    expect(diffs).toStrictEqual([]);
    const before = mailbox.reconcile({ participant: "LYRA", messages: holding(ASKED), dispositions: [welcomed], now });
    expect([request(before).action, request(before).fingerprint]).toStrictEqual(["restore", ASKED]);
    const restored = mailbox.restoredDisposition(request(before), symbols.uuid("r"), "2026-10-02T12:00:00Z");
    expect(restored?.fingerprint).toBe(ASKED);
    // The same bytes: clean, as before.
    const same = mailbox.reconcile({ participant: "LYRA", messages: holding(ASKED), dispositions: [welcomed, restored], now });
    expect([same.status, request(same).action]).toStrictEqual(["CLEAN", "none"]);
    // Edited in place since: the handling no longer covers what the file asks.
    const edited = mailbox.reconcile({ participant: "LYRA", messages: holding(EDITED), dispositions: [welcomed, restored], now });
    expect(edited.findings.map((f) => f.code)).toStrictEqual(["MESSAGE_CHANGED"]);
    expect([request(edited).action, request(edited).fingerprint]).toStrictEqual(["audit", EDITED]);
  });

  it("is left out when the caller read no bytes (the Worker, the playground), as before", () => {
    const before = mailbox.reconcile({ participant: "LYRA", messages: holding(undefined), dispositions: [welcomed], now });
    expect(request(before).fingerprint).toBeNull();
    const restored = mailbox.restoredDisposition(request(before), symbols.uuid("r"), "2026-10-02T12:00:00Z") as mailbox.Disposition;
    expect(Object.hasOwn(restored, "fingerprint")).toBe(false);
  });
});

// README notes 99 and 100: a sender's record for an HO whose ask has execution slots holds the HO
// whether or not it asked rb=exec (check-rb, check-dn and check-thread alike, as check-ho); a
// record for an HO whose ask has none is read by nothing, refused by rw check-rb and said by
// check-thread. And note 101: a cancel acknowledged twice is no finding.
import { describe, expect, it } from "vitest";
import { checkDone, checkHandoff, checkLine, checkReadback, readbackSet, readbackVerdict, recordUnread } from "../../core/index.js";
import type { Message } from "../../core/index.js";
import { checkThread } from "../../core/thread.js";
import { resolve, vocabularies } from "../vocabularies.js";

const { pay } = vocabularies();
const msg = (line: string): Message => {
  const c = checkLine(line, resolve);
  if (!c.ok || c.message === null) throw new Error(`${line}: ${JSON.stringify(c.findings)}`);
  return c.message;
};
// Section 8's pay handoff without rb=exec, and an echo readback of it.
const HO = msg("RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929");
const RB = msg("RW1 RB payer-1 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 ask=PAY");
const DN = msg("RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK");
const APPROVED = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
const CONTRADICTED = { ...APPROVED, amt: "5100.00" };
const codes = (fs: readonly { code: string; slot?: string }[]) => fs.filter((f) => !f.code.startsWith("THREAD_")).map((f) => `${f.code} ${f.slot ?? ""}`).sort();

describe("a record for an HO whose ask has execution slots and that did not ask rb=exec (note 99)", () => {
  it("is read: recordUnread says so, so rw check-rb --record no longer refuses it", () => {
    expect(recordUnread(readbackSet(HO, pay))).toBeNull();
  });

  it("voids the readback at tier 5 when the record contradicts the HO's amt, as check-ho refuses the HO", () => {
    const report = checkReadback(HO, RB, pay, { record: CONTRADICTED });
    expect(report.wilco).toBe(false);
    expect(report.tiers[4].result).toBe("fail");
    expect(codes(report.tiers[4].findings)).toStrictEqual(["HO_DIFFERS amt", "HO_NEEDS_EXEC rb"]);
    expect(codes(checkHandoff(HO, { values: CONTRADICTED, resolve: new Set() }, pay).findings.filter((f) => f.severity === "error"))).toStrictEqual(["HO_DIFFERS amt", "HO_NEEDS_EXEC rb"]);
  });

  it("voids it even when the record agrees: check-ho refuses an HO without rb=exec (HO_NEEDS_EXEC)", () => {
    const report = checkReadback(HO, RB, pay, { record: APPROVED });
    expect(codes(report.tiers[4].findings)).toStrictEqual(["HO_NEEDS_EXEC rb"]);
    expect(readbackVerdict(report)).toBe("void");
  });

  it("leaves a readback given no record as it was: wilco, tier 5 not asked", () => {
    const report = checkReadback(HO, RB, pay);
    expect(report.wilco).toBe(true);
    expect(report.tiers[4].result).toBe("not-asked");
  });

  it("is held by check-thread's expectations as by check-rb: the readback is void with the same causes, and nobody owns the item", () => {
    const report = checkThread([HO, RB], { vocabulary: pay, expectations: () => ({ record: CONTRADICTED }) });
    const voided = report.findings.find((f) => f.code === "THREAD_READBACK_VOID");
    expect(codes(voided?.causes ?? [])).toStrictEqual(["HO_DIFFERS amt", "HO_NEEDS_EXEC rb"]);
    expect(report.counts.readbacks.passed).toBe(0);
    expect(report.owners.find((o) => o.item === "inv:MD-2026-057")?.owner).toBe("scheduler");
    // Without the record, as before: wilco.
    expect(checkThread([HO, RB], { vocabulary: pay }).counts.readbacks.passed).toBe(1);
  });

  it("fails check-dn too: the HO alone is the plan, and the record holds it", () => {
    const report = checkDone(HO, DN, pay, undefined, { record: CONTRADICTED });
    expect(report.ok).toBe(false);
    expect(codes(report.findings.filter((f) => f.severity === "error"))).toStrictEqual(["HO_DIFFERS amt", "HO_NEEDS_EXEC rb"]);
    expect(checkDone(HO, DN, pay).ok).toBe(true);
  });
});

describe("a record for an HO whose ask has no execution slots (note 100)", () => {
  const draft = msg("RW1 HO scheduler-3 p=pay from=scheduler to=payer item=doc:1 ask=DRAFT due=20261002");
  const rb = msg("RW1 RB payer-3 re=scheduler-3 p=pay from=payer to=scheduler item=doc:1 ask=DRAFT due=20261002");
  const record = { due: "20261003" };

  it("is read by nothing: recordUnread gives rw check-rb's reason to refuse it", () => {
    expect(recordUnread(readbackSet(draft, pay))).toBe("it has no rb=exec, and its ask has no execution slots in the vocabulary");
    expect(checkReadback(draft, rb, pay, { record }).wilco).toBe(true);
  });

  it("is said by check-thread (THREAD_RECORD_UNREAD, a note), not dropped in silence, and the readback is judged without it", () => {
    const report = checkThread([draft, rb], { vocabulary: pay, expectations: () => ({ record }) });
    const unread = report.findings.filter((f) => f.code === "THREAD_RECORD_UNREAD");
    expect(unread).toHaveLength(1);
    expect(unread[0]).toMatchObject({ severity: "note", handoff: "scheduler-3", id: "payer-3" });
    expect(unread[0]?.message).toContain(recordUnread(readbackSet(draft, pay)) as string);
    expect(report.counts.readbacks.passed).toBe(1);
    // No record, no note.
    expect(checkThread([draft, rb], { vocabulary: pay }).findings.some((f) => f.code === "THREAD_RECORD_UNREAD")).toBe(false);
  });
});

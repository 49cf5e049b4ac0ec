// README note 101: a cancel acknowledged again (a second AN val=Y to one CX, under a new id) is no
// finding: the acknowledgement closes nothing (the CX closed the HO), and a second one says what
// the first said, so the sender has no two answers to choose between (THREAD_ANSWERED_TWICE's
// reason) and nothing to reopen (THREAD_CLOSED_TWICE's). What the receiver says after it that
// does contradict it (a UN or FL, a DN of the act) stays a finding.
import { describe, expect, it } from "vitest";
import { checkLine } from "../../core/index.js";
import type { Message } from "../../core/index.js";
import { checkThread } from "../../core/thread.js";
import { resolve, vocabularies } from "../vocabularies.js";

const { pay } = vocabularies();
const msg = (line: string): Message => {
  const c = checkLine(line, resolve);
  if (!c.ok || c.message === null) throw new Error(`${line}: ${JSON.stringify(c.findings)}`);
  return c.message;
};
// Section 5.4's example, acknowledged once and then again.
const HO = msg("RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929 exp=20261002T1700Z");
const CX = msg("RW1 CX scheduler-2 re=scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED // FD-0929 withdrawn");
const ACK = msg("RW1 AN payer-3 re=scheduler-2 p=pay from=payer to=scheduler val=Y // statement abandoned; nothing paid");
const AGAIN = msg("RW1 AN payer-4 re=scheduler-2 p=pay from=payer to=scheduler val=Y");
const audit = (messages: Message[]) => checkThread(messages, { vocabulary: pay, now: "20261001T1200Z" });
const codes = (messages: Message[]) => audit(messages).findings.map((f) => f.code);

describe("a cancel acknowledged twice (note 101)", () => {
  it("raises no finding: the report is the one acknowledgement's, one message more", () => {
    const once = audit([HO, CX, ACK]);
    const twice = audit([HO, CX, ACK, AGAIN]);
    expect(twice.findings).toStrictEqual(once.findings);
    expect(twice.findings).toStrictEqual([]);
    expect(twice.owners).toStrictEqual(once.owners);
    expect({ ...twice.counts, messages: 0 }).toStrictEqual({ ...once.counts, messages: 0 });
    expect(twice.counts.messages).toBe(once.counts.messages + 1);
  });

  it("takes an exact retry of the acknowledgement once (THREAD_RETRY), as any message", () => {
    expect(codes([HO, CX, ACK, ACK])).toStrictEqual(["THREAD_RETRY"]);
  });

  it("still finds what contradicts the acknowledgement: a UN after it closes the HO twice", () => {
    const un = msg("RW1 UN payer-5 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 why=BUSY");
    expect(codes([HO, CX, ACK, AGAIN, un])).toContain("THREAD_CLOSED_TWICE");
  });

  it("holds a second acknowledgement to the HO's parties, as the first: from another agent it is THREAD_REPLY_PARTIES", () => {
    const stranger = msg("RW1 AN qa-1 re=scheduler-2 p=pay from=qa to=scheduler val=Y");
    expect(codes([HO, CX, ACK, stranger])).toStrictEqual(["THREAD_REPLY_PARTIES"]);
  });
});

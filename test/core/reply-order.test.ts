import { describe, expect, it } from "vitest";
import { confirmationPastExp, parseLine, readbackPastExp, replyAhead } from "../../core/index.js";
import type { Message } from "../../core/index.js";

const message = (line: string): Message => {
  const parsed = parseLine(line);
  if (!parsed.ok) throw new Error(line);
  return parsed.value;
};
const holds = (ids: string[]) => (id: string) => ids.includes(id);

describe("replyAhead: a stored thread holds a reply only after what it answers", () => {
  const replies = [
    "RW1 RB writer-1 re=research-1 from=writer to=research item=gh:a#1 ask=DRAFT",
    "RW1 AN writer-1 re=research-1 from=writer to=research val=Y",
    "RW1 DN writer-1 re=research-1 from=writer to=research item=gh:a#1 out=OK",
    "RW1 FL writer-1 re=research-1 from=writer to=research item=gh:a#1 why=ERR",
    "RW1 CX writer-1 re=research-1 from=writer to=research item=gh:a#1",
  ];
  for (const line of replies) {
    it(`${line.split(" ")[1]} ahead of what it answers is refused, naming it; after it, taken`, () => {
      const f = replyAhead(message(line), holds([]));
      expect(f).toMatchObject({ code: "THREAD_REPLY_AHEAD", severity: "error", slot: "re", received: "research-1" });
      expect(replyAhead(message(line), holds(["research-1"]))).toBeNull();
    });
  }
  it("a UN may answer a line the thread refused and so never holds; an HO or ST may point elsewhere", () => {
    for (const line of [
      "RW1 UN writer-1 re=research-1 from=writer to=research why=UNK",
      "RW1 HO research-2 re=other-7 from=research to=writer item=gh:a#1 ask=DRAFT",
      "RW1 ST writer-1 re=other-7 from=writer to=research item=gh:a#1",
    ]) expect(replyAhead(message(line), holds([])), line).toBeNull();
  });
});

describe("readbackPastExp: an RB cannot be confirmed after its own exp, nor its HO's (section 3.1)", () => {
  const rb = message("RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:1 ask=PAY exp=20991002T1405Z");
  it("is in time through the minute of its exp, and refused from the next", () => {
    expect(readbackPastExp(rb, Date.UTC(2099, 9, 2, 14, 5, 59, 999))).toBeNull();
    expect(readbackPastExp(rb, Date.UTC(2099, 9, 2, 14, 6))).toMatchObject({ code: "THREAD_READBACK_EXPIRED", severity: "error", slot: "exp", expected: "by 20991002T1405Z", received: "20991002T1406Z" });
  });
  it("leaves alone an RB without exp, and any other type", () => {
    expect(readbackPastExp(message("RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:1 ask=PAY"), Date.UTC(2200, 0, 1))).toBeNull();
    expect(readbackPastExp(message("RW1 HO scheduler-1 from=scheduler to=payer item=inv:1 ask=PAY exp=20991002T1405Z"), Date.UTC(2200, 0, 1))).toBeNull();
  });
  it("refuses an RB, with or without exp of its own, that arrives after its HO's exp, across a year's end too", () => {
    const bare = message("RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:1 ask=PAY");
    expect(readbackPastExp(bare, Date.UTC(2099, 11, 31, 23, 59, 59, 999), "20991231T2359Z")).toBeNull();
    expect(readbackPastExp(bare, Date.UTC(2100, 0, 1, 0, 0), "20991231T2359Z")).toMatchObject({ code: "THREAD_READBACK_EXPIRED", slot: "re", expected: "by 20991231T2359Z", received: "21000101T0000Z" });
    // Its own exp, later than the HO's (tier 1 fails it), does not stretch the HO's window.
    const later = message("RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:1 ask=PAY exp=21000101T0100Z");
    expect(readbackPastExp(later, Date.UTC(2100, 0, 1, 0, 30), "20991231T2359Z")).toMatchObject({ code: "THREAD_READBACK_EXPIRED", slot: "re" });
    // Its own exp, earlier than the HO's, is the one that closes it.
    expect(readbackPastExp(rb, Date.UTC(2099, 9, 2, 14, 6), "20991002T1500Z")).toMatchObject({ slot: "exp", expected: "by 20991002T1405Z" });
    expect(readbackPastExp(rb, Date.UTC(2099, 9, 2, 14, 0), "20991002T1500Z")).toBeNull();
  });
});

describe("confirmationPastExp: a readback cannot be confirmed after its exp, nor after its HO's (section 3.1)", () => {
  const rb = message("RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:1 ask=PAY exp=20991002T1405Z");
  const yes = message("RW1 AN scheduler-2 re=payer-1 from=scheduler to=payer val=Y");
  it("takes a yes through the minute of the readback's exp, and refuses it from the next", () => {
    expect(confirmationPastExp(yes, rb, Date.UTC(2099, 9, 2, 14, 5, 59, 999))).toBeNull();
    expect(confirmationPastExp(yes, rb, Date.UTC(2099, 9, 2, 14, 6))).toMatchObject({ code: "THREAD_CONFIRMATION_EXPIRED", severity: "error", slot: "re", expected: "by 20991002T1405Z", received: "20991002T1406Z" });
  });
  it("bounds a readback without exp of its own by its HO's, and the earlier of the two closes it", () => {
    const bare = message("RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:1 ask=PAY");
    expect(confirmationPastExp(yes, bare, Date.UTC(2200, 0, 1))).toBeNull();
    expect(confirmationPastExp(yes, bare, Date.UTC(2099, 9, 2, 15, 0), "20991002T1500Z")).toBeNull();
    expect(confirmationPastExp(yes, bare, Date.UTC(2099, 9, 2, 15, 1), "20991002T1500Z")).toMatchObject({ code: "THREAD_CONFIRMATION_EXPIRED", expected: "by 20991002T1500Z" });
    expect(confirmationPastExp(yes, rb, Date.UTC(2099, 9, 2, 14, 6), "20991002T1500Z")).toMatchObject({ expected: "by 20991002T1405Z" });
  });
  it("reads only a yes to that readback: a hold, or an answer to another message, confirms nothing", () => {
    const late = Date.UTC(2200, 0, 1);
    expect(confirmationPastExp(message("RW1 AN scheduler-2 re=payer-1 from=scheduler to=payer val=N"), rb, late)).toBeNull();
    expect(confirmationPastExp(message("RW1 AN scheduler-2 re=payer-9 from=scheduler to=payer val=Y"), rb, late)).toBeNull();
  });
  it("reads only the sender's yes, the readback's addressee to its sender about its item or none (note 107)", () => {
    const late = Date.UTC(2200, 0, 1);
    expect(confirmationPastExp(message("RW1 AN scheduler-2 re=payer-1 from=scheduler to=payer item=inv:1 val=Y"), rb, late)).toMatchObject({ code: "THREAD_CONFIRMATION_EXPIRED" });
    expect(confirmationPastExp(message("RW1 AN payer-2 re=payer-1 from=payer to=scheduler val=Y"), rb, late)).toBeNull();
    expect(confirmationPastExp(message("RW1 AN scheduler-2 re=payer-1 from=scheduler to=clerk val=Y"), rb, late)).toBeNull();
    expect(confirmationPastExp(message("RW1 AN scheduler-2 re=payer-1 from=scheduler to=payer item=inv:2 val=Y"), rb, late)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { arrivalRefusal, parseLine } from "../../core/index.js";
import type { HeldLines, Message } from "../../core/index.js";

const message = (line: string): Message => {
  const parsed = parseLine(line);
  if (!parsed.ok) throw new Error(line);
  return parsed.value;
};
/** A thread holding `lines`, as the Worker's object looks them up. */
const holding = (lines: string[]): HeldLines => {
  const held = new Map(lines.map((l) => [message(l).id, message(l)]));
  return {
    holds: (id) => held.has(id),
    message: (id) => held.get(id) ?? null,
    handoffExp: (id) => { const m = held.get(id); return m?.type === "HO" ? (m.slots["exp"] ?? null) : undefined; },
  };
};
const HO = "RW1 HO scheduler-1 from=scheduler to=payer item=inv:1 ask=PAY exp=20991002T1500Z";
const RB = "RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:1 ask=PAY exp=20991002T1405Z";

describe("arrivalRefusal: what a thread with a clock refuses of a line as it arrives, in the order it asks", () => {
  it("a reply ahead of its target is that, whatever its moment", () => {
    expect(arrivalRefusal(message(RB), Date.UTC(2200, 0, 1), holding([]))).toMatchObject({ code: "THREAD_REPLY_AHEAD" });
  });
  it("a readback after its HO's exp, read from the HO the thread holds", () => {
    const bare = message("RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:1 ask=PAY");
    expect(arrivalRefusal(bare, Date.UTC(2099, 9, 2, 15, 0, 59, 999), holding([HO]))).toBeNull();
    expect(arrivalRefusal(bare, Date.UTC(2099, 9, 2, 15, 1), holding([HO]))).toMatchObject({ code: "THREAD_READBACK_EXPIRED", slot: "re" });
  });
  it("the sender's yes after the held readback's window, and the HO's bounds it too", () => {
    const yes = message("RW1 AN scheduler-2 re=payer-1 from=scheduler to=payer val=Y");
    expect(arrivalRefusal(yes, Date.UTC(2099, 9, 2, 14, 6), holding([HO, RB]))).toMatchObject({ code: "THREAD_CONFIRMATION_EXPIRED", expected: "by 20991002T1405Z" });
    const bare = "RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:1 ask=PAY";
    expect(arrivalRefusal(yes, Date.UTC(2099, 9, 2, 15, 0), holding([HO, bare]))).toBeNull();
    expect(arrivalRefusal(yes, Date.UTC(2099, 9, 2, 15, 1), holding([HO, bare]))).toMatchObject({ code: "THREAD_CONFIRMATION_EXPIRED", expected: "by 20991002T1500Z" });
  });
  it("only the sender's yes to a readback of its HO is refused late: any other yes confirms nothing, and is taken (note 107)", () => {
    const late = Date.UTC(2099, 9, 2, 14, 6);
    const thread = holding([HO, RB]);
    expect(arrivalRefusal(message("RW1 AN scheduler-2 re=payer-1 from=scheduler to=payer item=inv:1 val=Y"), late, thread)).toMatchObject({ code: "THREAD_CONFIRMATION_EXPIRED" });
    for (const other of [
      "RW1 AN payer-2 re=payer-1 from=payer to=scheduler val=Y", // the receiver's own yes
      "RW1 AN scheduler-2 re=payer-1 from=scheduler to=auditor val=Y", // to another than the receiver
      "RW1 AN scheduler-2 re=payer-1 from=scheduler to=payer item=inv:2 val=Y", // about another item (THREAD_REPLY_ITEM)
    ]) expect(arrivalRefusal(message(other), late, thread), other).toBeNull();
    // An RB from another party than the HO's receiver reads nothing back (THREAD_REPLY_PARTIES), so a yes to it confirms nothing.
    const stranger = holding([HO, "RW1 RB clerk-1 re=scheduler-1 from=clerk to=scheduler item=inv:1 ask=PAY exp=20991002T1405Z"]);
    expect(arrivalRefusal(message("RW1 AN scheduler-2 re=clerk-1 from=scheduler to=clerk val=Y"), late, stranger)).toBeNull();
  });
  it("an answer to a line that is no readback, and a line that answers nothing, are taken", () => {
    const late = Date.UTC(2200, 0, 1);
    expect(arrivalRefusal(message("RW1 AN payer-2 re=scheduler-1 from=payer to=scheduler val=Y"), late, holding([HO]))).toBeNull();
    expect(arrivalRefusal(message("RW1 ST payer-2 from=payer to=scheduler item=inv:1"), late, holding([]))).toBeNull();
  });
});

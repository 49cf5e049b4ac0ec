// Note 29: check-thread keeps one fingerprint of the execution values an HO carries, so when the
// readback leaves one of them out it cannot tell whether the others differ. It names the missing
// slot alone, where check-rb, holding the HO, also names the one that differs; the verdict is the
// same.
import { describe, expect, it } from "vitest";
import { checkLine, checkReadback, readbackVerdict } from "../../core/index.js";
import type { Message, Vocabulary } from "../../core/index.js";
import { checkThread } from "../../core/thread.js";
import { resolve } from "../vocabularies.js";

const read = (line: string): Message => {
  const c = checkLine(line, resolve);
  if (c.message === null) throw new Error(`does not parse: ${line}`);
  return c.message;
};
const pay = resolve("pay") as Vocabulary;
const ho = read("RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929");
const causes = (rb: Message): (string | undefined)[][] =>
  (checkThread([ho, rb], { vocabulary: pay }).findings.find((f) => f.code === "THREAD_READBACK_VOID")?.causes ?? []).map((f) => [f.code, f.slot]);
const errors = (rb: Message): (string | undefined)[][] =>
  checkReadback(ho, rb, pay).tiers.flatMap((t) => t.findings).filter((f) => f.severity === "error").map((f) => [f.code, f.slot]);

describe("a readback missing one fingerprinted execution value (note 29)", () => {
  it("with the others as the HO's: the thread and check-rb name the missing slot alone", () => {
    const rb = read("RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:MD-2026-057 ask=PAY p=pay amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929");
    expect(causes(rb)).toStrictEqual([["EXEC_MISSING", "sup"]]);
    expect(errors(rb)).toStrictEqual([["EXEC_MISSING", "sup"]]);
  });

  it("and another misread: the thread names the missing slot alone, check-rb the misread too; both void", () => {
    const rb = read("RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:MD-2026-057 ask=PAY p=pay amt=4500.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929");
    expect(causes(rb)).toStrictEqual([["EXEC_MISSING", "sup"]]);
    expect(errors(rb)).toStrictEqual([["EXEC_MISSING", "sup"], ["EXEC_MISMATCH", "amt"]]);
    expect(readbackVerdict(checkReadback(ho, rb, pay))).toBe("void");
  });
});

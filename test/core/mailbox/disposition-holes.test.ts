// effectiveDispositions reads every transition it is given, a hole in the list too: each is reported
// and skipped (section 3: an invalid transition is never guessed at), so the count of findings and
// their numbers match the list. forEach skips a hole, so one passed from code went unseen.
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";

describe("effectiveDispositions over a list with a hole", () => {
  it("names the hole as the transition at its place, as it names an undefined one", () => {
    // eslint-disable-next-line no-sparse-arrays
    const { findings, effective } = mailbox.effectiveDispositions([undefined, , 5]);
    expect(findings.map((f) => [f.code, f.message])).toStrictEqual([
      ["DISPOSITION_INVALID", "transition 1 is skipped: Invalid type: Expected Object but received undefined"],
      ["DISPOSITION_INVALID", "transition 2 is skipped: Invalid type: Expected Object but received undefined"],
      ["DISPOSITION_INVALID", "transition 3 is skipped: Invalid type: Expected Object but received 5"],
    ]);
    expect(effective.size).toBe(0);
  });
  it("gives the hole's index to `where`, so the CLI's file and line are the hole's", () => {
    const seen: number[] = [];
    // eslint-disable-next-line no-sparse-arrays
    mailbox.effectiveDispositions([, null], (i) => (seen.push(i), { line: i + 1 }));
    expect(seen).toStrictEqual([0, 1]);
  });
});

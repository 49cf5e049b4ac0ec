// The differential check of readbacks (differential/README.md): 3,000 seeded (HO, RB) pairs,
// mutated from correct readbacks, checked by the core as `rw check-rb --json` checks them and by an
// independent Python checker written from spec section 5 and the README's notes; each tier's
// result, the set of finding codes and each tier's findings counted by code and slot must agree. A failure names the first pair they disagree
// on, with both answers: either the core or the checker is wrong, and the README says how to tell.
import { describe, expect, it } from "vitest";
import { runComparison } from "./differential/run-comparison.js";

const compare = (args: readonly string[]) => runComparison("compare_readbacks.py", args);

describe("differential check of readbacks (tiers 1 to 5)", () => {
  it("agrees with the independent checker on 3,000 seeded pairs", { timeout: 60_000 }, () => {
    const { status, output } = compare(["3000", "1", "--first"]);
    expect(output, "the first pair the core and the checker judge differently").toBe("");
    expect(status).toBe(0);
  });

  it("names a disagreement when there is one", { timeout: 60_000 }, () => {
    // The checker told to take any h= for the HO's digest disagrees with the core at tier 2.
    const { status, output } = compare(["300", "1", "--first", "--break-integrity"]);
    expect(status).toBe(1);
    expect(JSON.parse(output)).toMatchObject({ case: { ho: expect.any(String), rb: expect.any(String) }, core: { tiers: expect.any(Array) } });
  });

  it("names a finding said fewer times than the core says it", { timeout: 60_000 }, () => {
    // The checker told to say ACC_GAP once however many it finds: the same tiers and code set,
    // another count (7 of these 300 pairs).
    const { status, output } = compare(["300", "1", "--first", "--break-multiplicity"]);
    expect(status).toBe(1);
    const first = JSON.parse(output) as { core: { codes: string[] }; checker: { codes: string[] } };
    expect(first.checker.codes).toEqual(first.core.codes);
  });

  it("names a second misread the checker does not read", { timeout: 60_000 }, () => {
    // The checker told to read only the first misread of a tier (one ECHO_MISMATCH, one
    // ACC_CONTRADICTION): the same tiers and code set, a misread fewer (14 of these 100 pairs).
    const { status, output } = compare(["100", "1", "--first", "--break-first-misread"]);
    expect(status).toBe(1);
    const first = JSON.parse(output) as { core: { tiers: string[]; codes: string[] }; checker: { tiers: string[]; codes: string[] } };
    expect(first.checker.tiers).toEqual(first.core.tiers);
    expect(first.checker.codes).toEqual(first.core.codes);
  });
});

// The differential check of sub-delegation (differential/README.md, "Sub-delegation"): 2,000 seeded
// (parent, child, chain) triples, mutated from valid ones along every section-8 dimension, judged
// by the core as `rw delegation check-child` judges them and by an independent Python checker
// written from the spec and the readings; the verdict and the set of "CODE dimension" findings must
// agree. A failure names the first triple they judge differently, with both answers.
import { describe, expect, it } from "vitest";
import { runComparison } from "./differential/run-comparison.js";

const compare = (args: readonly string[]) => runComparison("compare_subdelegations.py", args);

describe("differential check of sub-delegation", () => {
  it("agrees with the independent attenuation checker on 2,000 seeded pairs", { timeout: 60_000 }, () => {
    const { status, output } = compare(["2000", "1", "--first"]);
    expect(output, "the first pair the core and the checker judge differently").toBe("");
    expect(status).toBe(0);
  });

  it("names a disagreement when there is one", { timeout: 60_000 }, () => {
    // The checker told that every selector covers every other disagrees with the core on some pair.
    const { status, output } = compare(["500", "1", "--first", "--break-prefix"]);
    expect(status).toBe(1);
    expect(JSON.parse(output)).toMatchObject({ core: { ok: expect.any(Boolean) }, checker: expect.any(Array), mutations: expect.any(Array) });
  });
});

// The differential check (differential/README.md): 3,000 seeded lines, mutated from valid ones, read
// by the core and by an independent Python validator written from the spec and the README's notes;
// the verdict and the set of error codes must agree. A failure names the first line they disagree
// on, with both answers: either the core or the validator is wrong, and the README says how to tell.
import { describe, expect, it } from "vitest";
import { runComparison } from "./differential/run-comparison.js";

const compare = (args: readonly string[]) => runComparison("compare.py", args);

describe("differential check of single-line validation", () => {
  it("agrees with the independent validator on 3,000 seeded lines", { timeout: 60_000 }, () => {
    const { status, output } = compare(["3000", "1", "--first"]);
    expect(output, "the first line the core and the validator read differently").toBe("");
    expect(status).toBe(0);
  });

  it("names a disagreement when there is one", { timeout: 60_000 }, () => {
    // The validator told to read every money value as valid disagrees with the core on some line.
    const { status, output } = compare(["3000", "1", "--first", "--break-money"]);
    expect(status).toBe(1);
    expect(JSON.parse(output)).toMatchObject({ case: { line: expect.any(String) }, core: { ok: expect.any(Boolean) } });
  });
});

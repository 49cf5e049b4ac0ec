// The differential check of RW-003 chains and reassignment (differential/README.md, "Chains and
// reassignment"): seeded chains of three and four links (the deepest pair judged with the attestation
// chain from the root) and reassignments of a root, a child and a grandchild delegation, mutated from
// valid ones one link or one field at a time, judged by the core as `rw delegation check-child` and
// `rw delegation check-reassignment` judge them and by an independent Python checker written from the
// spec and the readings; the verdict and the set of "CODE dimension" findings must agree. A sixth of
// the cases are 11.4's reassignment carrying its attempts and checkpoints (generate_records.py: forks,
// spend across revisions, fences, attempts of other revisions among them), also
// judged by check-attempts' retry rules under the next revision. A failure names the first case they
// judge differently, with both answers.
import { describe, expect, it } from "vitest";
import { runComparison } from "./differential/run-comparison.js";

const compare = (args: readonly string[]) => runComparison("compare_chains.py", args);

describe("differential check of chains and reassignment", () => {
  it("agrees with the independent chain checker on 600 seeded chains and reassignments", { timeout: 60_000 }, () => {
    const { status, output } = compare(["600", "1", "--first"]);
    expect(output, "the first case the core and the checker judge differently").toBe("");
    expect(status).toBe(0);
  });

  it("names a disagreement when there is one", { timeout: 60_000 }, () => {
    // The checker that never compares the link above the parent with the parent's own parent
    // disagrees with the core on some chain whose upper link was forged.
    const { status, output } = compare(["600", "1", "--first", "--break-above"]);
    expect(status).toBe(1);
    expect(JSON.parse(output)).toMatchObject({ core: { ok: false }, checker: expect.any(Array), mutations: expect.any(Array) });
  });

  it("names a resume the checker does not hold to the attempt before it", { timeout: 60_000 }, () => {
    // README note 104's bug, planted in the checker: a resume held to its checkpoint alone.
    const { status, output } = compare(["600", "1", "--first", "--resume-unbound"]);
    expect(status).toBe(1);
    expect(JSON.parse(output)).toMatchObject({ base: "reassign-records", core: { findings: expect.arrayContaining(["RETRY_UNRECONCILED retry"]) } });
  });

  it("names a remainder the checker takes every revision's attempts out of", { timeout: 60_000 }, () => {
    // README note 108's bug, planted in the checker: attempts under the next revision (or an earlier
    // one) taken out of the prior's limits, so 11.4's r1 to r2 given with the running ATT-2 is denied.
    const { status, output } = compare(["600", "1", "--first", "--remainder-every-revision"]);
    expect(status).toBe(1);
    expect(JSON.parse(output)).toMatchObject({ base: "reassign-records", checker: expect.arrayContaining(["ATTENUATION_BUDGET_REMAINING budget"]) });
  });
});

// The differential check of check-thread (differential/README.md, "Threads"): 1,500 seeded
// conversations, random walks of handoffs, readbacks, closes, cancels, re-issues, questions and
// answers with noise (wrong parties, other items, retries, reused ids, replies before their
// target), readbacks with `h=` and `exp=`, criteria and the sender's expectations (withheld
// criteria, records), audited by the core as `rw check-thread --json` audits them and by an
// independent Python auditor written from spec rules 1 to 3, section 5.4 and the README's notes;
// the verdict, the error and note codes (as multisets), the owners, why each readback is void or
// unverified (its errors, code and slot, as a multiset), where each HO stands and the counts must
// agree. A failure names the first conversation they disagree on, with both answers.
import { describe, expect, it } from "vitest";
import { runComparison } from "./differential/run-comparison.js";

const compare = (args: readonly string[]) => runComparison("compare_threads.py", args);

describe("differential check of check-thread (closure audit, owners)", () => {
  it("agrees with the independent auditor on 1,500 seeded conversations", { timeout: 60_000 }, () => {
    const { status, output } = compare(["1500", "1", "--first"]);
    expect(output, "the first conversation the core and the auditor audit differently").toBe("");
    expect(status).toBe(0);
  });

  it("names a disagreement when there is one", { timeout: 60_000 }, () => {
    // The auditor told that the first passing readback owns an item, not the most recent HO's, disagrees on an owner.
    const { status, output } = compare(["300", "1", "--first", "--break-owner"]);
    expect(status).toBe(1);
    expect(JSON.parse(output)).toMatchObject({ case: { lines: expect.any(Array) }, core: { owners: expect.any(Array) }, auditor: { owners: expect.any(Array) } });
  });

  it("names a readback whose causes are counted otherwise", { timeout: 60_000 }, () => {
    // The auditor told to give each code once among a readback's causes (same codes, so a
    // comparison of code sets would pass it) disagrees on why some readback is void.
    const { status, output } = compare(["300", "1", "--first", "--break-cause-count"]);
    expect(status).toBe(1);
    expect(JSON.parse(output)).toMatchObject({ core: { causes: expect.any(Array) }, auditor: { causes: expect.any(Array) } });
  });

  it("names a readback judged without the sender's expectations", { timeout: 60_000 }, () => {
    // The auditor told to ignore the withheld criteria and records reads some readback otherwise.
    const { status, output } = compare(["300", "1", "--first", "--break-expectations"]);
    expect(status).toBe(1);
    expect(JSON.parse(output)).toMatchObject({ case: { expectations: expect.any(Object) }, core: { causes: expect.any(Array) }, auditor: { causes: expect.any(Array) } });
  });
});

// The differential check of mailbox reconciliation (differential/README.md, "Mailbox
// reconciliation"): 150 seeded cases of one participant's room of 2 to 4 participants (handshakes,
// requests answered exactly or not, cancels, corrections, a retiring requester, a file delivered
// twice, archived threads), its disposition transitions, cursor, anomalies and primer, reconciled by the core
// (reconcile, as `rw mailbox reconcile` reads a room) and by an independent Python checker written
// from the spec and the READMEs; status, work-clean, readiness-clean, every count, each item's
// action, the cursor advance and the codes the checker models must agree. A failure names the first
// case they disagree on, with both answers: either the core or the checker is wrong.
import { describe, expect, it } from "vitest";
import { runComparison } from "./differential/run-comparison.js";

const compare = (args: readonly string[]) => runComparison("compare_reconcile.py", args);

describe("differential check of mailbox reconciliation", () => {
  it("agrees with the independent checker on 150 seeded reconciliations", { timeout: 120_000 }, () => {
    const { status, output } = compare(["150", "1", "--first"]);
    expect(output, "the first reconciliation the core and the checker read differently").toBe("");
    expect(status).toBe(0);
  });

  it("names a disagreement when there is one", { timeout: 120_000 }, () => {
    // The checker told a deferral is due only after its resume_after (not at it) disagrees on some case.
    const { status, output } = compare(["150", "1", "--first", "--break-due"]);
    expect(status).toBe(1);
    const first = JSON.parse(output) as { case: { files: unknown[] }; core: { counts: { due_deferred_count: number } }; checker: { counts: { due_deferred_count: number } } };
    expect(first.case.files.length).toBeGreaterThan(0);
    expect(first.core.counts.due_deferred_count).toBeGreaterThan(first.checker.counts.due_deferred_count);
  });

  it("names a disagreement on corrections when there is one", { timeout: 120_000 }, () => {
    // The checker told every superseded-by-correction is proven disagrees where the core finds one unproven.
    const { status, output } = compare(["150", "1", "--first", "--break-correction"]);
    expect(status).toBe(1);
    const first = JSON.parse(output) as { core: { codes: string[] }; checker: { codes: string[] } };
    expect(first.core.codes).toContain("SUPERSESSION_UNPROVEN");
    expect(first.checker.codes).not.toContain("SUPERSESSION_UNPROVEN");
  });
});

// The differential check of the mailbox's folder-level rules (differential/README.md, "Mailbox
// folders"): 150 seeded folders of 2 to 4 participants, mutated from a valid room, read by the core
// (analyzeMailbox, as `rw mailbox check` reads an inbox) and by an independent Python checker
// written from the spec and the READMEs; the (code, message) pairs of the codes the checker models
// must agree. A failure names the first folder they disagree on, with both answers: either the core
// or the checker is wrong, and the README says how to tell.
import { describe, expect, it } from "vitest";
import { runComparison } from "./differential/run-comparison.js";

const compare = (args: readonly string[]) => runComparison("compare_folders.py", args);

describe("differential check of mailbox folders", () => {
  it("agrees with the independent checker on 150 seeded folders", { timeout: 120_000 }, () => {
    const { status, output } = compare(["150", "1", "--first"]);
    expect(output, "the first folder the core and the checker read differently").toBe("");
    expect(status).toBe(0);
  });

  it("names a disagreement when there is one", { timeout: 120_000 }, () => {
    // The checker told to forget the right to work disagrees with the core on some folder.
    const { status, output } = compare(["150", "1", "--first", "--break-work"]);
    expect(status).toBe(1);
    const first = JSON.parse(output) as { case: { files: unknown[] }; core: string[]; checker: string[] };
    expect(first.case.files.length).toBeGreaterThan(0);
    expect(first.core.some((p) => p.startsWith("WORK_BEFORE_ESTABLISHED ")) && !first.checker.some((p) => p.startsWith("WORK_BEFORE_ESTABLISHED "))).toBe(true);
  });
});

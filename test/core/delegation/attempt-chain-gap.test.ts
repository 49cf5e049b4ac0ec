// A chain of an attempt's revisions broken by a revision not given (section 3: "prior_revision_ref
// ... Required after the first revision"; "ordering authority comes from the event log, not this
// clock alone"). Given att-r1 and att-r3, att-r3 naming att-r2, which is not given, nothing orders
// att-r1 before att-r3: att-r2 may name att-r1, or another revision, so the two may be one chain or
// a fork. Which record the attempt is stays unknown, so checkAttempts refuses them as a fork
// (ATTEMPT_REVISION_FORK), its message naming the revision missing, and compares nothing across the
// gap (ATTEMPT_FENCE_REGRESSED, ATTEMPT_CONSUMPTION_SHRANK, ATTEMPT_OUTCOME_UNRECONCILED).
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const digest = (s: string): string => `sha256:${createHash("sha256").update(s).digest("hex")}`;
const codes = (r: { findings: readonly { code: string }[] }) => r.findings.map((f) => f.code);
const unknownEffect = { effect_id: "EFF-STAGE-SRC-71", digest: digest("EFF-STAGE-SRC-71@e"), status: "unknown" };
const notApplied = { ...unknownEffect, status: "not_applied" };
/** ATT-1 at `revision` naming `prior` (a revision of ATT-1, its digest `ATT-1@<prior>` unless `priorDigest`). */
const att1 = (revision: string, prior: string | null, patch: object = {}, priorDigest?: string): any => {
  const a = record("att-1");
  return {
    ...a,
    revision_id: revision,
    content_digest: revision === "att-r1" ? a.content_digest : digest(`ATT-1@${revision}`),
    prior_revision_ref: prior === null ? null : { object_id: "ATT-1", revision_id: prior, content_digest: priorDigest ?? (prior === "att-r1" ? a.content_digest : digest(`ATT-1@${prior}`)) },
    issued_at: revision === "att-r1" ? a.issued_at : "2026-10-04T10:05:00Z",
    ...patch,
  };
};
const check = (attempts: unknown[]) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts });
const forks = (r: { findings: readonly { code: string; message: string }[] }) => r.findings.filter((f) => f.code === "ATTEMPT_REVISION_FORK").map((f) => f.message);

describe("a chain of an attempt's revisions broken by a revision not given", () => {
  it("refuses att-r1 and att-r3 (whose prior att-r2 is not given) as a fork, naming the revision missing, in either order", () => {
    const r = check([att1("att-r1", null), att1("att-r3", "att-r2")]);
    expect(codes(r)).toStrictEqual(["ATTEMPT_REVISION_FORK"]);
    expect(forks(r)).toStrictEqual(["attempts.1: ATT-1 is also attempts.0, and neither revision's chain of priors reaches the other (att-r3's chain stops at att-r2, which is not among the records given): which one records the attempt is unknown, so its outcome and consumption cannot be read"]);
    expect(forks(check([att1("att-r3", "att-r2"), att1("att-r1", null)]))[0]).toContain("(att-r3's chain stops at att-r2, which is not among the records given)");
  });
  it("names the gap after a longer given stretch too: att-r1, att-r2, then att-r4 naming the missing att-r3", () => {
    const r = check([att1("att-r1", null), att1("att-r2", "att-r1"), att1("att-r4", "att-r3")]);
    expect(codes(r)).toStrictEqual(["ATTEMPT_REVISION_FORK"]);
    expect(forks(r)[0]).toContain("(att-r4's chain stops at att-r3, which is not among the records given)");
  });
  it("says so when the revision named is given only with another content digest", () => {
    const r = check([att1("att-r1", null), att1("att-r2", "att-r1"), att1("att-r3", "att-r2", {}, digest("ATT-1@att-r2-other"))]);
    expect(forks(r)[0]).toContain("(att-r3's chain stops at att-r2, given only with another content digest than it names)");
  });
  it("names no gap in a fork of two revisions naming the same prior", () => {
    const r = check([att1("att-r1", null), att1("att-r2", "att-r1"), att1("att-r2b", "att-r1")]);
    expect(codes(r)).toStrictEqual(["ATTEMPT_REVISION_FORK"]);
    expect(forks(r)[0]).not.toContain("chain stops");
  });
  it("compares nothing across the gap: att-r1 is not known to come before att-r3", () => {
    // Each would be refused were att-r3's prior att-r1 itself; across the gap only the fork is.
    const fence11 = { ...record("att-1").control_fence_set[2], position: 11, event_id: "EV-SPACE-11", event_digest: digest("EV-SPACE-11@e") };
    const r1 = att1("att-r1", null, { outcome: "unknown", effects: [unknownEffect] });
    const r3 = (prior: string) => att1("att-r3", prior, { outcome: "failed", effects: [notApplied], budget_consumption: { ...record("att-1").budget_consumption, tool_calls: 1 }, control_fence_set: [...record("att-1").control_fence_set.slice(0, 2), fence11] });
    expect(codes(check([r1, r3("att-r1")])).sort()).toStrictEqual(["ATTEMPT_CONSUMPTION_SHRANK", "ATTEMPT_FENCE_REGRESSED", "ATTEMPT_OUTCOME_UNRECONCILED"]);
    expect(codes(check([r1, r3("att-r2")]))).toStrictEqual(["ATTEMPT_REVISION_FORK"]);
  });
  it("4,000 records sharing a long chain that stops at a revision not given, beside 2,000 heads naming its end: fast", () => {
    // att-r1 ... att-r2000, att-r1 naming the missing att-r0, and 2,000 heads each naming att-r2000: every head's chain is walked to the gap once in all.
    const chain = Array.from({ length: 2000 }, (_, i) => att1(`att-r${i + 1}`, `att-r${i}`));
    const heads = Array.from({ length: 2000 }, (_, i) => att1(`att-h${i}`, "att-r2000"));
    const start = performance.now();
    const r = check([...chain, ...heads]);
    expect(performance.now() - start).toBeLessThan(5000);
    const messages = forks(r);
    expect(messages).toHaveLength(1999);
    expect(messages.every((m) => m.includes("'s chain stops at att-r0, which is not among the records given"))).toBe(true);
  });
});

// The differential check of RW-003 chains and reassignment (differential/README.md, "Chains and
// reassignment"): seeded chains of three and four links (the deepest pair judged with the attestation
// chain from the root) and reassignments of a root, a child and a grandchild delegation, mutated from
// valid ones one link or one field at a time, judged by the core as `rw delegation check-child` and
// `rw delegation check-reassignment` judge them and by an independent Python checker written from the
// spec and the readings; the verdict and the set of "CODE dimension" findings must agree. A sixth of
// the cases are 11.4's reassignment carrying its attempts and checkpoints (generate_records.py: forks,
// spend across revisions, fences, attempts of other revisions, input fixity, a resume of an amended
// checkpoint, an outcome moved on a read-back, to succeeded too, a record issued before its own times and an attempt's
// receipt_ref malformed on purpose, an outcome its effects contradict among them), also judged by check-attempts' retry rules under the next revision and its
// budget under the prior. A failure names the first case they judge differently, with both answers;
// one run of the core serves the checker as written and each planted one (`--plants`), so the file
// stays near 5 s.
import { describe, expect, it } from "vitest";
import { runComparison } from "./differential/run-comparison.js";

/** One run of the core over 600 cases (seed 1), judged by the checker as written and by each planted one. */
let answers: Record<string, any> | undefined;
let exit: number | null | undefined;
function judged(): Record<string, any> {
  if (answers === undefined) {
    const { status, output } = runComparison("compare_chains.py", ["600", "1", "--plants"]);
    exit = status;
    answers = JSON.parse(output) as Record<string, any>;
  }
  return answers;
}

describe("differential check of chains and reassignment", () => {
  it("agrees with the independent chain checker on 600 seeded chains and reassignments", { timeout: 60_000 }, () => {
    expect(judged().none, "the first case the core and the checker judge differently").toBeNull();
    expect(exit).toBe(0);
  });

  it("names a disagreement when there is one", { timeout: 60_000 }, () => {
    // The checker that never compares the link above the parent with the parent's own parent
    // disagrees with the core on some chain whose upper link was forged.
    expect(judged()["break-above"]).toMatchObject({ core: { ok: false }, checker: expect.any(Array), mutations: expect.any(Array) });
  });

  it("names an Actor revised between links the checker takes for another Actor", { timeout: 60_000 }, () => {
    // README note 180, the other reading planted: a persistent Actor compared by revision, so a child issued by a later
    // revision of the Actor its parent delegated to (the link naming it, as the child does) is read as issued by another.
    const found = judged()["break-actor-by-revision"];
    expect(found).toMatchObject({ checker: expect.arrayContaining(["ATTENUATION_PARENT parent"]) });
    expect(found.core.findings).not.toContain("ATTENUATION_PARENT parent");
    expect(found.mutations.some((m: string) => m.startsWith("actor_revised:"))).toBe(true);
  });

  it("names an Actor revision under another digest the checker takes for the same Actor", { timeout: 60_000 }, () => {
    // README note 183, the old reading planted: the revision delegated to (here a delegation's delegator revision)
    // named under another content digest is read as the same Actor, where one revision has one content.
    const found = judged()["break-actor-two-contents"];
    expect(found.core.findings).toContain("ATTENUATION_PARENT parent");
    expect(found.checker).not.toContain("ATTENUATION_PARENT parent");
    expect(found.mutations.some((m: string) => m.startsWith("actor_twin:"))).toBe(true);
  });

  it("names a revision under two digests in places no adjacent comparison reads, which the checker lets pass", { timeout: 60_000 }, () => {
    // README note 185, the old reading planted: one revision under two digests refused only where two adjacent records
    // are compared, so a root delegator, an upper card or a delegatee named so far from its twin passes, and so does a
    // consent or a verifier the child keeps under another digest than the parent's (every reference is read, note 189).
    const found = judged()["break-actor-digest-far"];
    const missed = (found.core.findings as string[]).filter((f) => !found.checker.includes(f));
    expect(missed.length).toBeGreaterThan(0);
    expect(missed.every((f) => f === "ATTENUATION_PARENT parent" || f === "CHAIN_BROKEN chain")).toBe(true);
    expect(found.mutations.some((m: string) => m.startsWith("actor_far:") || /^(consent|verification)_drawn:other_digest$/.test(m))).toBe(true);
  });

  it("names an input revision under two digests the checker leaves out of the map of one content", { timeout: 60_000 }, () => {
    // README note 189, the old reading planted: the wide contract's inputs (a parent's, a prior's) not read with the
    // Actor and card revisions the two contracts name, so one bound under two digests, or naming an Actor so, passes
    // (drawn far from its twin, or by the wide contract alone, which the typed check refuses on `parent` too).
    const found = judged()["break-inputs-unmapped"];
    expect(found.core.findings).toContain("ATTENUATION_PARENT parent");
    expect(found.checker).not.toContain("ATTENUATION_PARENT parent");
    expect(found.mutations.some((m: string) => m.startsWith("input_far:") || /^lone_contract:(parent|prior):input/.test(m))).toBe(true);
  });

  it("names a contract alone naming one revision under two digests the checker reads as it is", { timeout: 60_000 }, () => {
    // README note 192, the old reading planted: a contract whose own references (two inputs, an input and its own Actor,
    // card or operator, an observer and its delegator) name one revision under two digests is not refused at read, so the
    // core's CONTRACT_REF_DIGEST_CONFLICT (compared as a refusal at read, at the later naming) goes unmatched.
    const found = judged()["break-lone-input-digest"];
    const missed = (found.core.findings as string[]).filter((f) => !found.checker.includes(f));
    expect(missed.length).toBeGreaterThan(0);
    expect(missed.every((f) => /^CONTRACT_REF_DIGEST_CONFLICT (parent|child|prior|next)\./.test(f))).toBe(true);
    expect(found.checker.some((f: string) => f.startsWith("CONTRACT_REF_DIGEST_CONFLICT "))).toBe(false);
  });

  it("names a verification entry the checker holds whole, where the core keeps its verifier and profile", { timeout: 60_000 }, () => {
    // The checker's old reading, planted: a child (or next revision) carrying the parent's verification requirement with
    // the verifier at a later revision, under another digest or another actor_type, read as dropping it.
    const found = judged()["break-verification-whole"];
    expect(found.checker).toContain("INHERIT_VERIFICATION verification");
    expect(found.core.findings).not.toContain("INHERIT_VERIFICATION verification");
    expect(found.mutations.some((m: string) => /^verification_drawn:(later_revision|other_digest|other_type|wide_later)$/.test(m))).toBe(true);
  });

  it("names a consent the checker keeps by its reference alone, where the core holds what it binds", { timeout: 60_000 }, () => {
    // A consent read by its revision alone, planted: a child (or next revision) naming the parent's consent revision
    // with another subject, purpose, scope, recipient, class, expiry or withdrawal route is read as keeping it.
    const found = judged()["break-consent-by-ref"];
    expect(found.core.findings).toContain("INHERIT_CONSENT consent");
    expect(found.checker).not.toContain("INHERIT_CONSENT consent");
    expect(found.mutations.some((m: string) => m.startsWith("consent_drawn:"))).toBe(true);
  });

  it("names a resume the checker does not hold to the attempt before it", { timeout: 60_000 }, () => {
    // README note 104's bug, planted in the checker: a resume held to its checkpoint alone.
    expect(judged()["resume-unbound"]).toMatchObject({ base: "reassign-records", core: { findings: expect.arrayContaining(["RETRY_UNRECONCILED retry"]) } });
  });

  it("names a remainder the checker takes every revision's attempts out of", { timeout: 60_000 }, () => {
    // README note 108's bug, planted in the checker: attempts under the next revision (or an earlier
    // one) taken out of the prior's limits, so 11.4's r1 to r2 given with the running ATT-2 is denied.
    expect(judged()["remainder-every-revision"]).toMatchObject({ base: "reassign-records", checker: expect.arrayContaining(["ATTENUATION_BUDGET_REMAINING budget"]) });
  });

  it("names an input the checker does not hold fixed", { timeout: 60_000 }, () => {
    // A checker blind to 7.2's input fixity: the core's INPUT_* or CHECKPOINT_INPUT_UNUSED go unmatched.
    const found = judged()["inputs-unfixed"];
    expect(found).toMatchObject({ base: "reassign-records" });
    expect((found.core.findings as string[]).some((f) => /^(INPUT_NOT_EXACT|INPUT_STALE|CHECKPOINT_INPUT_UNUSED) inputs$/.test(f))).toBe(true);
  });

  it("names a record under a forged revision digest the checker does not refuse", { timeout: 60_000 }, () => {
    // README note 113, planted in the checker: an attempt or checkpoint naming r1's or r2's revision id
    // under another digest only counted, never refused.
    const found = judged()["revision-digest-unrefused"];
    expect(found).toMatchObject({ base: "reassign-records" });
    expect((found.core.findings as string[]).some((f) => /^(ATTEMPT_REVISION_DIGEST retries|CHECKPOINT_REVISION_DIGEST inputs)$/.test(f))).toBe(true);
  });

  it("names a prior the checker reads by revision and digest alone", { timeout: 60_000 }, () => {
    // README note 169, planted in the checker: ATT-1's r2 naming its r1 under another object's id read as
    // ATT-1's own prior, so the fork the core finds (the prior names no revision of ATT-1) goes unmatched.
    const found = judged()["prior-by-revision"];
    expect(found).toMatchObject({ base: "reassign-records", core: { findings: expect.arrayContaining(["ATTEMPT_REVISION_FORK retries"]) } });
  });

  it("names a resume of its own attempt's checkpoint the checker lets pass", { timeout: 60_000 }, () => {
    // README note 170, planted in the checker: a record of the attempt that wrote a checkpoint resuming it
    // (ATT-2 naming a CP-9 it wrote the instant it started) read as a new attempt.
    expect(judged()["resume-own-attempt"]).toMatchObject({ base: "reassign-records", core: { findings: expect.arrayContaining(["RESUME_NOT_NEW_ATTEMPT retries"]) } });
  });

  it("names a resume of a checkpoint's amendment the checker takes for the revision the attempt before it resumed", { timeout: 60_000 }, () => {
    // README note 173, planted in the checker: ATT-3 resuming CP-7's cp-r3, written after ATT-2 (which resumed
    // cp-r1, and is not reconciled) started, held to ATT-2's read-back as if it resumed cp-r1 again.
    const found = judged()["resume-by-object"];
    expect(found).toMatchObject({ base: "reassign-records", checker: expect.arrayContaining(["RETRY_UNRECONCILED retry"]) });
    expect(found.core.findings).not.toContain("RETRY_UNRECONCILED retry");
    expect(found.mutations.some((m: string) => m.startsWith("attempts:resume_revision:"))).toBe(true);
  });

  it("names a chain repeating the child's own link the checker takes for an ancestor", { timeout: 60_000 }, () => {
    // The checker's old reading, planted: the child's own delegation, named above it by the repeat, an ancestor to
    // fence, so a child not fencing its own stream (CONTROL_SCOPES, the contract's own rule) is also ANCESTOR_FENCES.
    const found = judged()["own-link-ancestor"];
    expect(found).toMatchObject({ core: { findings: expect.arrayContaining(["CHAIN_BROKEN chain"]) }, checker: expect.arrayContaining(["ANCESTOR_FENCES ancestor_fences"]) });
    expect(found.core.findings).not.toContain("ANCESTOR_FENCES ancestor_fences");
    expect(found.mutations.some((m: string) => m.startsWith("chain:own_link"))).toBe(true);
  });

  it("names an attempt moved from unknown to partially_applied the checker lets pass unreconciled", { timeout: 60_000 }, () => {
    // The checker's old reading, planted: unknown to partially_applied no move, so the read-back that left ATT-2
    // unknown (or none) settles which effects applied.
    const found = judged()["partial-not-a-move"];
    expect(found).toMatchObject({ base: "reassign-records", core: { findings: expect.arrayContaining(["ATTEMPT_OUTCOME_UNRECONCILED retries"]) } });
    expect(found.checker).not.toContain("ATTEMPT_OUTCOME_UNRECONCILED retries");
    expect(found.mutations.some((m: string) => /^attempts:outcome_moved:unknown(\+rb)?->partially_applied:/.test(m))).toBe(true);
  });

  it("names a resume of a superseded checkpoint revision the checker lets pass", { timeout: 60_000 }, () => {
    // README note 175, planted in the checker: ATT-2 resuming CP-7's cp-r1 after its amendment was written,
    // compared with later sequences alone, so the core's RESUME_CHECKPOINT_SUPERSEDED goes unmatched.
    const found = judged()["superseded-by-sequence"];
    expect(found).toMatchObject({ base: "reassign-records", core: { findings: expect.arrayContaining(["RESUME_CHECKPOINT_SUPERSEDED inputs"]) } });
    expect(found.checker).not.toContain("RESUME_CHECKPOINT_SUPERSEDED inputs");
  });

  it("names an attempt moved to succeeded on no read-back the checker refuses as unreconciled too", { timeout: 60_000 }, () => {
    // The checker's old reading, planted: a move to succeeded naming no read-back is ATTEMPT_OUTCOME_UNRECONCILED as well,
    // where CODES.md leaves it to the record's own ATTEMPT_SUCCESS_UNVERIFIED (at validation, on no dimension).
    const found = judged()["success-as-move"];
    expect(found).toMatchObject({ base: "reassign-records", checker: expect.arrayContaining(["ATTEMPT_OUTCOME_UNRECONCILED retries"]) });
    expect(found.core.findings).not.toContain("ATTEMPT_OUTCOME_UNRECONCILED retries");
    expect(found.mutations.some((m: string) => /^attempts:outcome_moved:(unknown|partially_applied)(\+rb)?->succeeded:none$/.test(m))).toBe(true);
  });

  it("names a record issued before its own start, end or write that the checker lets pass", { timeout: 60_000 }, () => {
    // README note 176, planted in the checker: a record's own times never compared with its issued_at, so the core's
    // TIME_ORDER (at validation, reported at the field) goes unmatched.
    const found = judged()["break-issued-time-order"];
    expect(found).toMatchObject({ base: "reassign-records", core: { valid: false, findings: expect.arrayContaining([expect.stringMatching(/^TIME_ORDER (started_at|ended_at|written_at)$/)]) } });
    expect(found.checker.some((f: string) => f.startsWith("TIME_ORDER "))).toBe(false);
    expect(found.mutations.some((m: string) => m.startsWith("records:issued_time_order:"))).toBe(true);
  });

  it("names a malformed receipt_ref the checker takes for the schema's", { timeout: 60_000 }, () => {
    // Planted in the checker: any receipt_ref read as a RevisionRef or null, so the core's schema refusal of the attempt
    // (validateRecord's DELEGATION_SCHEMA under external_receipts) goes unmatched.
    const found = judged()["break-receipt-shape"];
    expect(found).toMatchObject({ base: "reassign-records", core: { valid: false, findings: expect.arrayContaining([expect.stringMatching(/^DELEGATION_SCHEMA external_receipts\.receipt_ref/)]) } });
    expect(found.checker.some((f: string) => f.startsWith("DELEGATION_SCHEMA "))).toBe(false);
    expect(found.mutations.some((m: string) => /^records:receipt_shape:.*:(bare_id|no_digest|upper_digest|spaced_id)$/.test(m))).toBe(true);
  });

  it("names a record its schema refuses the checker reads on past", { timeout: 60_000 }, () => {
    // Planted in the checker: a record's own times compared with its issued_at though its schema refused it, where
    // validateRecord reads such a record no further (no TIME_ORDER of it).
    const found = judged()["break-read-past-refusal"];
    expect(found).toMatchObject({ base: "reassign-records", checker: expect.arrayContaining([expect.stringMatching(/^TIME_ORDER /)]) });
    expect(found.core.findings.some((f: string) => f.startsWith("TIME_ORDER "))).toBe(false);
  });

  it("names an outcome its effects contradict that the checker lets pass", { timeout: 60_000 }, () => {
    // CODES.md's ATTEMPT_OUTCOME_EFFECTS, planted out of the checker: ATT-1 ended failed, cancelled or
    // expired with an applied effect, or succeeded or one of those with an unknown one, goes unrefused.
    expect(judged()["break-outcome-effects"]).toMatchObject({ base: "reassign-records", core: { findings: expect.arrayContaining(["ATTEMPT_OUTCOME_EFFECTS effects.status"]) } });
  });
});

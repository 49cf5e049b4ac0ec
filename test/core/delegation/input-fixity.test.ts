// Input fixity (sections 1, 7.1, 7.2, 11.4): a contract authorizes "under exact inputs", an attempt
// records its "inputs", a checkpoint its "exact input revisions", and "The resumer MUST verify ...
// input fixity". An input of an object the contract binds is one of the contract's exact revisions
// of it (INPUT_NOT_EXACT); a resume uses each object its checkpoint fixed at the revision the
// checkpoint fixed (INPUT_STALE); a checkpoint fixes, of each object the attempt that wrote it
// records using or producing, only a revision it records (CHECKPOINT_INPUT_UNUSED), and an object it
// records nowhere is noted as unchecked (CHECKPOINT_INPUT_UNATTESTED). References are compared
// exactly as written, digest included.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkAttempts, checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import type { DelegationContract, ExecutionAttempt } from "../../../core/delegation/index.js";
import { read, record } from "./_records.js";

/** A reference as the conformance records write one: the digest is sha256 of `object@revision`. */
const ref = (object_id: string, revision_id: string) => ({ object_id, revision_id, content_digest: `sha256:${createHash("sha256").update(`${object_id}@${revision_id}`).digest("hex")}` });
const found = (r: { findings: readonly { code: string; path?: string; expected?: string; received?: string }[] }) => r.findings.map((f) => [f.code, f.path, f.expected, f.received]);

describe("an attempt's inputs against its contract revision's (INPUT_NOT_EXACT)", () => {
  const extract = (inputs: unknown[]) => checkAttemptsDocument({ contract: record("d-extract-1"), attempts: [{ ...record("att-extract-1"), inputs }] });

  it("passes 11.1's attempt, which reads exactly SRC-1@r1", () => {
    expect(extract([ref("SRC-1", "r1")])).toMatchObject({ ok: true, findings: [] });
  });
  it("refuses another revision of an input the contract binds", () => {
    const r = extract([ref("SRC-1", "r1"), ref("SRC-1", "r2")]);
    expect(r.ok).toBe(false);
    expect(found(r)).toStrictEqual([["INPUT_NOT_EXACT", "attempts.0.inputs.1", `SRC-1@r1 ${ref("SRC-1", "r1").content_digest}`, `SRC-1@r2 ${ref("SRC-1", "r2").content_digest}`]]);
    expect(r.findings[0]?.dimension).toBe("inputs");
  });
  it("compares digests as written: the same revision under another digest, even of another algorithm, is another input", () => {
    const sha512 = `sha512:${createHash("sha512").update("SRC-1@r1").digest("hex")}`;
    for (const content_digest of [sha512, `sha256:${"0".repeat(64)}`]) {
      expect(found(extract([{ ...ref("SRC-1", "r1"), content_digest }]))).toStrictEqual([["INPUT_NOT_EXACT", "attempts.0.inputs.0", `SRC-1@r1 ${ref("SRC-1", "r1").content_digest}`, `SRC-1@r1 ${content_digest}`]]);
    }
  });
  it("leaves an object the contract binds none of to its scope (11.2's search finds its Sources), and an input unused", () => {
    expect(extract([ref("SRC-2", "r1")]).ok).toBe(true);
    expect(extract([]).ok).toBe(true);
  });
  it("accepts either revision of an object the contract binds at two", () => {
    const contract = { ...record("d-extract-1"), inputs: [ref("SRC-1", "r1"), ref("SRC-1", "r2")] };
    const attempt = { ...record("att-extract-1"), inputs: [ref("SRC-1", "r2")] };
    expect(checkAttemptsDocument({ contract, attempts: [attempt] }).ok).toBe(true);
    const third = checkAttemptsDocument({ contract, attempts: [{ ...attempt, inputs: [ref("SRC-1", "r3")] }] });
    expect(third.findings.map((f) => [f.code, f.expected])).toStrictEqual([["INPUT_NOT_EXACT", `SRC-1@r1 ${ref("SRC-1", "r1").content_digest}, SRC-1@r2 ${ref("SRC-1", "r2").content_digest}`]]);
  });
  it("judges every record of an attempt, not only the latest", () => {
    const running = { ...record("att-extract-1"), inputs: [ref("SRC-1", "r2")], outcome: null, ended_at: null };
    const ended = { ...record("att-extract-1"), revision_id: "att-r3", content_digest: ref("ATT-EXTRACT-1", "att-r3").content_digest, prior_revision_ref: { object_id: "ATT-EXTRACT-1", revision_id: running.revision_id, content_digest: running.content_digest } };
    expect(found(checkAttemptsDocument({ contract: record("d-extract-1"), attempts: [running, ended] })).map((f) => f[1])).toStrictEqual(["attempts.0.inputs.0"]);
  });
  it("does not judge an attempt of another revision, whose inputs are not in hand", () => {
    const other = { ...record("att-extract-1"), delegation_ref: ref("D-EXTRACT-1", "r2"), inputs: [ref("SRC-1", "r2")] };
    expect(checkAttemptsDocument({ contract: record("d-extract-1"), attempts: [other] }).findings).toStrictEqual([]);
  });
  it("is checked by the typed API as well as the document check", () => {
    const contract = read<DelegationContract>(record("d-extract-1"));
    const attempt = read<ExecutionAttempt>({ ...record("att-extract-1"), inputs: [ref("SRC-1", "r2")] });
    expect(checkAttempts(contract, [attempt]).findings.map((f) => f.code)).toStrictEqual(["INPUT_NOT_EXACT"]);
  });
});

describe("a checkpoint's input revisions against its contract revision's (INPUT_NOT_EXACT)", () => {
  const r1 = () => ({ ...record("d-research-2-r1"), inputs: [ref("SRC-72", "r3")] });
  const cp7 = (input_revisions: unknown[]) => ({ ...record("cp-7"), input_revisions });

  it("passes CP-7 fixing the revision r1 binds", () => {
    expect(checkAttemptsDocument({ contract: r1(), attempts: [record("att-1")], checkpoints: [record("cp-7")] }).ok).toBe(true);
  });
  it("refuses a checkpoint fixing another revision, in check-attempts and check-reassignment (denied on inputs)", () => {
    const cp = cp7([ref("SRC-71", "r1"), ref("SRC-72", "r4")]);
    const attempts = checkAttemptsDocument({ contract: r1(), attempts: [record("att-1")], checkpoints: [cp] });
    const both = [`SRC-72@r3 ${ref("SRC-72", "r3").content_digest}`, `SRC-72@r4 ${ref("SRC-72", "r4").content_digest}`];
    // ATT-1, which wrote CP-7, staged SRC-72@r3 too: the checkpoint contradicts its attempt as well.
    expect(found(attempts)).toStrictEqual([["INPUT_NOT_EXACT", "checkpoints.0.input_revisions.1", ...both], ["CHECKPOINT_INPUT_UNUSED", "checkpoints.0.input_revisions.1", ...both]]);
    const reassign = checkReassignmentDocument({ prior: r1(), next: record("d-research-2-r2"), attempts: [record("att-1")], checkpoints: [cp] });
    expect(reassign).toMatchObject({ ok: false, decision: "deny", failed: ["inputs"] });
    expect(found(reassign)).toStrictEqual(found(attempts));
  });
});

describe("a resume's inputs against its checkpoint's (INPUT_STALE)", () => {
  const att2 = (inputs: unknown[]) => ({ ...record("att-2"), inputs });
  const check = (attempt: unknown, checkpoints: unknown[] = [record("cp-7")]) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1"), attempt], checkpoints });

  it("passes 11.4's ATT-2, which resumes CP-7 with SRC-71@r1 and SRC-72@r3, the revisions it fixed", () => {
    expect(check(record("att-2"))).toMatchObject({ ok: true, findings: [] });
  });
  it("refuses a resume using another revision of an input its checkpoint fixed", () => {
    const r = check(att2([ref("SRC-71", "r1"), ref("SRC-72", "r4")]));
    expect(r.ok).toBe(false);
    expect(found(r)).toStrictEqual([["INPUT_STALE", "attempts.1.inputs.1", `SRC-72@r3 ${ref("SRC-72", "r3").content_digest}`, `SRC-72@r4 ${ref("SRC-72", "r4").content_digest}`]]);
    expect(r.findings[0]?.message).toContain("ATT-2 resumes CP-7 (checkpoints.0)");
  });
  it("lets a resume read more, and leave unread what it does not use", () => {
    expect(check(att2([ref("SRC-73", "r1")])).ok).toBe(true);
    expect(check(att2([])).ok).toBe(true);
  });
  it("compares only with the checkpoint the resume names exactly, and only when it is given", () => {
    const stale = att2([ref("SRC-72", "r4")]);
    expect(check(stale, []).ok).toBe(true);
    // CP-7 at another revision is another record: the resume's own checkpoint is not in hand.
    expect(check(stale, [{ ...record("cp-7"), revision_id: "cp-r2", content_digest: ref("CP-7", "cp-r2").content_digest }]).ok).toBe(true);
    expect(check({ ...stale, resumed_from_checkpoint_ref: null }).findings.map((f) => f.code)).not.toContain("INPUT_STALE");
  });
  it("is checked in a reassignment too, for a resume given with the prior's checkpoint", () => {
    const r = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: [record("att-1"), att2([ref("SRC-72", "r4")])], checkpoints: [record("cp-7")] });
    expect(r.failed).toContain("inputs");
    expect(found(r).filter((f) => f[0] === "INPUT_STALE").map((f) => f[1])).toStrictEqual(["attempts.1.inputs.0"]);
  });
});

describe("a reassignment's next revision against the prior's checkpoints (INPUT_STALE)", () => {
  it("refuses a next revision binding another revision of an input a checkpoint fixed", () => {
    const prior = { ...record("d-research-2-r1"), inputs: [ref("SRC-72", "r3"), ref("SRC-72", "r4")] };
    const input = (next: unknown) => ({ prior, next, attempts: [record("att-1")], checkpoints: [record("cp-7")] });
    expect(checkReassignmentDocument(input({ ...record("d-research-2-r2"), inputs: [ref("SRC-72", "r3")] })).ok).toBe(true);
    const r = checkReassignmentDocument(input({ ...record("d-research-2-r2"), inputs: [ref("SRC-72", "r4")] }));
    expect(r).toMatchObject({ ok: false, failed: ["inputs"] });
    expect(found(r)).toStrictEqual([["INPUT_STALE", "inputs.0", `SRC-72@r3 ${ref("SRC-72", "r3").content_digest}`, `SRC-72@r4 ${ref("SRC-72", "r4").content_digest}`]]);
  });
});

describe("a checkpoint's input revisions against the attempt that wrote it (CHECKPOINT_INPUT_UNUSED)", () => {
  const cp7 = (input_revisions: unknown[]) => ({ ...record("cp-7"), input_revisions });
  const attempts = (contract: unknown, checkpoint: unknown, att1: unknown = record("att-1")) => checkAttemptsDocument({ contract, attempts: [att1], checkpoints: [checkpoint] });

  it("passes 11.4's CP-7, which fixes exactly the two Sources ATT-1 staged (its outputs; ATT-1 records no inputs)", () => {
    expect(record("att-1").inputs).toStrictEqual([]);
    expect(attempts(record("d-research-2-r1"), record("cp-7"))).toMatchObject({ ok: true, findings: [] });
  });
  it("refuses a checkpoint fixing SRC-72@r4 where its attempt staged SRC-72@r3, the contract binding no input", () => {
    const r = attempts(record("d-research-2-r1"), cp7([ref("SRC-71", "r1"), ref("SRC-72", "r4")]));
    expect(r.ok).toBe(false);
    expect(found(r)).toStrictEqual([["CHECKPOINT_INPUT_UNUSED", "checkpoints.0.input_revisions.1", `SRC-72@r3 ${ref("SRC-72", "r3").content_digest}`, `SRC-72@r4 ${ref("SRC-72", "r4").content_digest}`]]);
    expect(r.findings[0]).toMatchObject({ severity: "error", dimension: "inputs" });
  });
  it("reads an attempt's inputs as well as its outputs", () => {
    const att1 = { ...record("att-1"), inputs: [ref("SRC-9", "r2")] };
    expect(attempts(record("d-research-2-r1"), cp7([ref("SRC-9", "r2")]), att1).findings).toStrictEqual([]);
    expect(found(attempts(record("d-research-2-r1"), cp7([ref("SRC-9", "r1")]), att1)).map((f) => f[0])).toStrictEqual(["CHECKPOINT_INPUT_UNUSED"]);
  });
  it("notes, and does not refuse, an input the attempt records neither using nor producing", () => {
    const r = attempts(record("d-research-2-r1"), cp7([ref("SRC-71", "r1"), ref("SRC-72", "r3"), ref("SRC-99", "r1")]));
    expect(r.ok).toBe(true);
    expect(r.findings.map((f) => [f.code, f.severity, f.path])).toStrictEqual([["CHECKPOINT_INPUT_UNATTESTED", "note", "checkpoints.0.input_revisions"]]);
    const none = attempts(record("d-research-2-r1"), record("cp-7"), { ...record("att-1"), outputs: [] });
    expect(none.findings.map((f) => f.code)).toStrictEqual(["CHECKPOINT_INPUT_UNATTESTED"]);
    expect(none.findings[0]?.message).toContain("SRC-71@r1");
  });
  it("reads only records of the attempt that state all it used by the checkpoint: ended, or issued at or after it", () => {
    const stale = cp7([ref("SRC-71", "r1"), ref("SRC-72", "r4")]);
    const running = { ...record("att-1"), ended_at: null, outcome: null };
    // Issued at 09:05, running: SRC-72@r4 may have been read after, before the checkpoint at 10:05.
    expect(attempts(record("d-research-2-r1"), stale, running).findings).toStrictEqual([]);
    const later = { ...running, issued_at: "2026-10-04T10:05:00Z" };
    expect(attempts(record("d-research-2-r1"), stale, later).findings.map((f) => f.code)).toStrictEqual(["CHECKPOINT_INPUT_UNUSED"]);
    // Another attempt's record, or another delegation's, says nothing of this checkpoint.
    expect(attempts(record("d-research-2-r1"), { ...stale, attempt_id: "ATT-9" }).findings).toStrictEqual([]);
  });
  it("denies a reassignment resting on such a checkpoint, on inputs", () => {
    const r = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: [record("att-1")], checkpoints: [cp7([ref("SRC-71", "r1"), ref("SRC-72", "r4")])] });
    expect(r).toMatchObject({ ok: false, failed: ["inputs"] });
    expect(found(r).map((f) => [f[0], f[1]])).toStrictEqual([["CHECKPOINT_INPUT_UNUSED", "checkpoints.0.input_revisions.1"]]);
  });
  it("4,000 checkpoint inputs against an attempt recording 4,000 other revisions of one object: fast, each finding short", () => {
    const att1 = { ...record("att-1"), outputs: Array.from({ length: 4000 }, (_, i) => ref("SRC-1", `r${i}`)) };
    const checkpoint = cp7(Array.from({ length: 4000 }, (_, i) => ref("SRC-1", `x${i}`)));
    const start = performance.now();
    const r = attempts(record("d-research-2-r1"), checkpoint, att1);
    expect(performance.now() - start).toBeLessThan(2500);
    expect(r.findings.filter((f) => f.code === "CHECKPOINT_INPUT_UNUSED")).toHaveLength(4000);
    expect(r.findings.filter((f) => f.message.length >= 700 || (f.expected?.length ?? 0) >= 400)).toStrictEqual([]);
  });
});

// A finding repeated once per input names the first few revisions fixed, not all: thousands of
// inputs missing thousands of revisions of one object answered millions of references.
describe("input fixity in a huge document", () => {
  it("4,000 attempt inputs missing 4,000 revisions the contract binds of one object: each finding names a few, and the check is fast", () => {
    const contract = { ...record("d-extract-1"), inputs: Array.from({ length: 4000 }, (_, i) => ref("SRC-1", `r${i}`)) };
    const attempt = { ...record("att-extract-1"), inputs: Array.from({ length: 4000 }, (_, i) => ref("SRC-1", `x${i}`)) };
    const start = performance.now();
    const r = checkAttemptsDocument({ contract, attempts: [attempt] });
    expect(performance.now() - start).toBeLessThan(2500);
    expect(r.findings.map((f) => f.code)).toStrictEqual(Array(4000).fill("INPUT_NOT_EXACT"));
    expect(r.findings[0]?.expected).toMatch(/ and 3997 more$/);
    expect(r.findings.filter((f) => f.message.length >= 600 || (f.expected?.length ?? 0) >= 400)).toStrictEqual([]);
  });
});

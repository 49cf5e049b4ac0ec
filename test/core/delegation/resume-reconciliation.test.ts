// External-effect reconciliation on resume (sections 1.1, 7.1, 7.2): "The resumer MUST verify ...
// external-effect reconciliation"; "A timeout after transmission is unknown until reconciliation".
// A resume from a checkpoint that left an external operation pending or unknown shows a receipt
// read back of it (an external_receipts entry of the same system and operation_id with a
// receipt_ref), or it is RESUME_UNRECONCILED. An operation the checkpoint reconciled needs none.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkAttempts, checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import type { DelegationCheckpoint, DelegationContract, ExecutionAttempt } from "../../../core/delegation/index.js";
import { read, record } from "./_records.js";

/** A reference as the conformance records write one: the digest is sha256 of `object@revision`. */
const ref = (object_id: string, revision_id: string) => ({ object_id, revision_id, content_digest: `sha256:${createHash("sha256").update(`${object_id}@${revision_id}`).digest("hex")}` });
const op = (operation_id: string, reconciliation: string, system = "catalog") => ({ system, operation_id, reconciliation });
const receipt = (operation_id: string, receipt_ref: unknown, system = "catalog") => ({ system, operation_id, receipt_ref });
/** CP-7 with these external operations, and ATT-2 (which resumes it) with these receipts. */
const cp7 = (external_operations: unknown[]) => ({ ...record("cp-7"), external_operations });
const att2 = (external_receipts: unknown[]) => ({ ...record("att-2"), external_receipts });
const check = (attempt: unknown, checkpoint: unknown) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1"), attempt], checkpoints: [checkpoint] });
const found = (r: { findings: readonly { code: string; path?: string; dimension?: string; received?: string }[] }) => r.findings.map((f) => [f.code, f.path, f.dimension, f.received]);

describe("a resume against its checkpoint's external operations (RESUME_UNRECONCILED)", () => {
  it("passes 11.4's ATT-2, which resumes CP-7, whose CAT-OP-9 is reconciled", () => {
    expect(check(record("att-2"), record("cp-7"))).toMatchObject({ ok: true, findings: [] });
  });
  for (const state of ["unknown", "pending"]) {
    it(`refuses a resume from a checkpoint whose operation is ${state}, with no receipt of it`, () => {
      const r = check(record("att-2"), cp7([op("CAT-OP-9", state)]));
      expect(r.ok).toBe(false);
      expect(found(r)).toStrictEqual([["RESUME_UNRECONCILED", "attempts.1.external_receipts", "retries", `CP-7: catalog CAT-OP-9 (${state})`]]);
      expect(r.findings[0]?.message).toContain("ATT-2 resumes CP-7 (checkpoints.0), which left the external operation catalog CAT-OP-9 (" + state + ") unreconciled");
    });
  }
  it("passes a resume showing a receipt read back of the operation", () => {
    expect(check(att2([receipt("CAT-OP-9", ref("CAT-RCPT-9", "r1"))]), cp7([op("CAT-OP-9", "unknown")]))).toMatchObject({ ok: true, findings: [] });
  });
  it("refuses a receipt with no receipt_ref: nothing was read back", () => {
    expect(found(check(att2([receipt("CAT-OP-9", null)]), cp7([op("CAT-OP-9", "unknown")]))).map((f) => f[0])).toStrictEqual(["RESUME_UNRECONCILED"]);
  });
  it("refuses a receipt of another operation, or of the same operation id in another system", () => {
    const cp = cp7([op("CAT-OP-9", "pending")]);
    for (const other of [receipt("CAT-OP-8", ref("CAT-RCPT-8", "r1")), receipt("CAT-OP-9", ref("CAT-RCPT-9", "r1"), "ledger")]) {
      expect(found(check(att2([other]), cp)).map((f) => f[0])).toStrictEqual(["RESUME_UNRECONCILED"]);
    }
  });
  it("names only the operations not read back, in one finding a record", () => {
    const cp = cp7([op("CAT-OP-1", "reconciled"), op("CAT-OP-2", "unknown"), op("CAT-OP-3", "pending"), op("CAT-OP-4", "unknown")]);
    const r = check(att2([receipt("CAT-OP-3", ref("CAT-RCPT-3", "r1")), receipt("CAT-OP-4", null)]), cp);
    expect(found(r)).toStrictEqual([["RESUME_UNRECONCILED", "attempts.1.external_receipts", "retries", "CP-7: catalog CAT-OP-2 (unknown), catalog CAT-OP-4 (unknown)"]]);
  });
  it("does not judge a resume whose checkpoint is not given exactly, nor an attempt that resumes nothing", () => {
    const cp = cp7([op("CAT-OP-9", "unknown")]);
    expect(checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1"), record("att-2")], checkpoints: [] }).ok).toBe(true);
    expect(check(record("att-2"), { ...cp, revision_id: "cp-r2", content_digest: ref("CP-7", "cp-r2").content_digest }).findings.map((f) => f.code)).not.toContain("RESUME_UNRECONCILED");
    expect(check({ ...record("att-2"), resumed_from_checkpoint_ref: null }, cp).findings.map((f) => f.code)).not.toContain("RESUME_UNRECONCILED");
  });
  it("is checked by the typed API, and in a reassignment given the resume (denied on retries)", () => {
    const cp = cp7([op("CAT-OP-9", "unknown")]);
    const typed = checkAttempts(read<DelegationContract>(record("d-research-2-r1")), [read<ExecutionAttempt>(record("att-1")), read<ExecutionAttempt>(record("att-2"))], [read<DelegationCheckpoint>(cp)]);
    expect(typed.findings.map((f) => f.code)).toStrictEqual(["RESUME_UNRECONCILED"]);
    const r = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: [record("att-1"), record("att-2")], checkpoints: [cp] });
    expect(r.failed).toContain("retries");
    expect(found(r).filter((f) => f[0] === "RESUME_UNRECONCILED").map((f) => f[1])).toStrictEqual(["attempts.1.external_receipts"]);
    const reconciled = checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: [record("att-1"), record("att-2")], checkpoints: [record("cp-7")] });
    expect(reconciled.findings.map((f) => f.code)).not.toContain("RESUME_UNRECONCILED");
  });
  it("4,000 records of a resume of a checkpoint of 4,000 unknown operations: one short finding a record, fast", () => {
    const cp = cp7(Array.from({ length: 4000 }, (_, i) => op(`CAT-OP-${i}`, "unknown")));
    const receipts = Array.from({ length: 3998 }, (_, i) => receipt(`CAT-OP-${i + 2}`, ref(`CAT-RCPT-${i}`, "r1")));
    const records = Array.from({ length: 4000 }, (_, i) => ({ ...record("att-2"), revision_id: `att-r${i}`, content_digest: ref("ATT-2", `att-r${i}`).content_digest, external_receipts: i === 0 ? receipts : [] }));
    const start = performance.now();
    const r = checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1"), ...records], checkpoints: [cp] });
    expect(performance.now() - start).toBeLessThan(5000);
    const mine = r.findings.filter((f) => f.code === "RESUME_UNRECONCILED");
    expect(mine).toHaveLength(4000);
    expect(mine[0]?.received).toBe("CP-7: catalog CAT-OP-0 (unknown), catalog CAT-OP-1 (unknown)");
    expect(mine[1]?.received).toBe("CP-7: catalog CAT-OP-0 (unknown), catalog CAT-OP-1 (unknown), catalog CAT-OP-2 (unknown) and 3997 more");
    expect(mine.filter((f) => f.message.length >= 600)).toStrictEqual([]);
  });
});

// A revision's prior is the exact RevisionRef its prior_revision_ref gives (sections 2, 3): one naming
// another object than the record's own record_id is no revision of it (README note 169). Refused when
// read; and the checks taking records as read never chain a record to one of its own revisions through it.
import { describe, expect, it } from "vitest";
import { checkAttempts, validateRecord } from "../../../core/delegation/index.js";
import type { DelegationContract, ExecutionAttempt } from "../../../core/delegation/index.js";
import { revisionHeads } from "../../../core/delegation/_revision-heads.js";
import { read, record } from "./_records.js";

/** ATT-1 at att-r1 and a later record naming att-r1's revision and digest under the object id `named`. */
function laterRecord(named: string): [ExecutionAttempt, ExecutionAttempt] {
  const r1 = record("att-1");
  const r2 = { ...record("att-1"), revision_id: "att-r2", issued_at: "2026-10-04T10:01:00Z", content_digest: `sha256:${"2".repeat(64)}`, prior_revision_ref: { object_id: named, revision_id: r1.revision_id, content_digest: r1.content_digest } };
  return [r1, r2];
}

describe("a prior naming another object", () => {
  it("is refused when read: AMENDMENT_REF at its object_id", () => {
    const [, r2] = laterRecord("ATT-7");
    const found = validateRecord(r2).findings.filter((f) => f.code === "AMENDMENT_REF");
    expect(found.map((f) => [f.path, f.expected, f.received])).toStrictEqual([["prior_revision_ref.object_id", "ATT-1", "ATT-7"]]);
    expect(validateRecord(laterRecord("ATT-1")[1]).findings.filter((f) => f.code === "AMENDMENT_REF")).toStrictEqual([]);
  });

  it("supersedes none of the record's own revisions", () => {
    const [r1, r2] = laterRecord("ATT-2");
    const heads = (records: ExecutionAttempt[]) => revisionHeads(records, (a) => a.attempt_id).map((h) => h.record.revision_id);
    expect(heads([r1, r2])).toStrictEqual(["att-r1", "att-r2"]);
    expect(heads(laterRecord("ATT-1"))).toStrictEqual(["att-r2"]);
  });

  it("leaves the attempt's records unchained: a fork, as a prior not given", () => {
    const contract = read<DelegationContract>(record("d-research-2-r1"));
    const codes = (attempts: ExecutionAttempt[]) => checkAttempts(contract, attempts).findings.filter((f) => f.severity === "error").map((f) => f.code);
    expect(codes(laterRecord("ATT-7"))).toContain("ATTEMPT_REVISION_FORK");
    expect(codes(laterRecord("ATT-1"))).not.toContain("ATTEMPT_REVISION_FORK");
  });
});

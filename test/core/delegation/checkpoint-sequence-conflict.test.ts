// One checkpoint given at two revisions (section 7.2: its "monotonic sequence" is its place in its
// attempt's order). Two sequences are CHECKPOINT_SEQUENCE_CONFLICT, naming both, whatever the order
// given; one sequence restated at another time is placed at each time. Before, the sequence check
// read the first revision given, so CP-7 at 7 and 9 beside CP-8 at 8 passed in one order only.
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkReassignmentDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const digest = (c: string) => `sha256:${c.repeat(64)}`;
const cp7 = () => record("cp-7");
/** CP-7 at cp-r2, following cp-r1, with `patch`. */
const cp7r2 = (patch: object) => ({ ...cp7(), revision_id: "cp-r2", prior_revision_ref: { object_id: "CP-7", revision_id: "cp-r1", content_digest: cp7().content_digest }, content_digest: digest("9"), ...patch });
const cp8 = () => ({ ...cp7(), record_id: "CP-8", checkpoint_id: "CP-8", sequence: 8, written_at: "2026-10-04T10:30:00Z", issued_at: "2026-10-04T10:30:00Z", remaining_budget: {}, content_digest: digest("8") });
const reassign = (checkpoints: unknown[]) => checkReassignmentDocument({ prior: record("d-research-2-r1"), next: record("d-research-2-r2"), attempts: [record("att-1")], checkpoints });
const attempts = (checkpoints: unknown[]) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1")], checkpoints });
const codes = (r: { findings: readonly { code: string; severity: string }[] }) => r.findings.filter((f) => f.severity === "error").map((f) => f.code);

describe("a checkpoint given at two revisions", () => {
  const renumbered = cp7r2({ sequence: 9 });

  it("with two sequences is refused in either order, naming both, by check-reassignment", () => {
    for (const order of [[cp7(), renumbered, cp8()], [renumbered, cp7(), cp8()], [cp8(), renumbered, cp7()]]) {
      const r = reassign(order);
      expect(r.decision).toBe("deny");
      expect(r.failed).toStrictEqual(["inputs"]);
      expect(codes(r)).toStrictEqual(["CHECKPOINT_SEQUENCE_CONFLICT"]);
    }
    const named = reassign([renumbered, cp7()]).findings[0];
    expect([named?.path, named?.expected, named?.received]).toStrictEqual(["checkpoints.1.sequence", "9", "7"]);
    expect(named?.message).toContain("at cp-r1 has sequence 7, and at cp-r2 (checkpoints.0) 9");
  });

  it("with two sequences is refused in either order by check-attempts", () => {
    expect(codes(attempts([cp7(), renumbered, cp8()]))).toStrictEqual(["CHECKPOINT_SEQUENCE_CONFLICT"]);
    expect(codes(attempts([renumbered, cp7(), cp8()]))).toStrictEqual(["CHECKPOINT_SEQUENCE_CONFLICT"]);
  });

  it("with one sequence passes, and one revision and digest with two is CHECKPOINT_DIGEST_CONFLICT alone", () => {
    expect(reassign([cp7(), cp7r2({}), cp8()]).ok).toBe(true);
    expect(codes(reassign([{ ...cp7(), sequence: 9 }, cp7(), cp8()]))).toStrictEqual(["CHECKPOINT_DIGEST_CONFLICT"]);
  });

  it("with one sequence restated after a later checkpoint is out of order in either order", () => {
    const late = cp7r2({ written_at: "2026-10-04T10:35:00Z", issued_at: "2026-10-04T10:35:00Z", remaining_budget: {} });
    for (const order of [[cp7(), late, cp8()], [late, cp7(), cp8()]]) {
      const r = reassign(order);
      expect(codes(r)).toStrictEqual(["CHECKPOINT_SEQUENCE"]);
      expect(r.findings[0]?.path).toBe(`checkpoints.${order.indexOf(late)}.sequence`);
    }
  });
});

// A checkpoint's "monotonic sequence" (section 7.2): of one attempt's checkpoints, one written later
// carries a greater sequence, and no two share one (CHECKPOINT_SEQUENCE). Compared within an attempt:
// whether a resume's checkpoints continue the numbering of the checkpoint it resumes, 7.2 does not say.
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

/** A checkpoint of ATT-1 like CP-7, its own id, sequence and time, stating no remainder. */
const cp = (id: string, sequence: number, written_at: string, attempt_id = "ATT-1"): any => ({ ...record("cp-7"), record_id: id, checkpoint_id: id, sequence, written_at, issued_at: written_at, attempt_id, remaining_budget: {} });
const found = (checkpoints: unknown[]) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [record("att-1")], checkpoints }).findings.map((f) => [f.code, f.path, f.expected, f.received]);

describe("a checkpoint's sequence", () => {
  it("passes checkpoints numbered up as they are written, in any order given, gaps allowed", () => {
    expect(found([cp("CP-9", 9, "2026-10-04T10:20:00Z"), record("cp-7"), cp("CP-6", 6, "2026-10-04T09:50:00Z")])).toStrictEqual([]);
  });
  it("refuses a checkpoint written later with a lower or equal sequence", () => {
    expect(found([record("cp-7"), cp("CP-8", 3, "2026-10-04T10:06:00Z")])).toStrictEqual([["CHECKPOINT_SEQUENCE", "checkpoints.1.sequence", "> 7", "3"]]);
    expect(found([record("cp-7"), cp("CP-8", 7, "2026-10-04T10:06:00Z")])).toStrictEqual([["CHECKPOINT_SEQUENCE", "checkpoints.1.sequence", "> 7", "7"]]);
    // Not only the one just before: 5 at 10:20 is below 7 at 10:05, though above 4 at 10:10.
    expect(found([record("cp-7"), cp("CP-A", 4, "2026-10-04T10:10:00Z"), cp("CP-B", 5, "2026-10-04T10:20:00Z")]).map((f) => f[1])).toStrictEqual(["checkpoints.1.sequence", "checkpoints.2.sequence"]);
  });
  it("refuses two checkpoints written at one instant with one sequence, and allows two sequences then", () => {
    expect(found([record("cp-7"), cp("CP-8", 7, "2026-10-04T10:05:00.000Z")])).toStrictEqual([["CHECKPOINT_SEQUENCE", "checkpoints.1.sequence", "not 7", "7"]]);
    expect(found([record("cp-7"), cp("CP-8", 8, "2026-10-04T10:05:00Z")])).toStrictEqual([]);
  });
  it("compares within one attempt: another attempt's checkpoints number their own way", () => {
    expect(found([record("cp-7"), cp("CP-2-1", 1, "2026-10-04T10:45:00Z", "ATT-2")])).toStrictEqual([]);
  });
  it("reads a checkpoint given at two revisions as one", () => {
    expect(found([record("cp-7"), { ...record("cp-7"), revision_id: "cp-r2", written_at: "2026-10-04T10:07:00Z", issued_at: "2026-10-04T10:07:00Z", remaining_budget: {} }])).toStrictEqual([]);
  });
});

// A forked attempt (ATTEMPT_REVISION_FORK) is held to the retry policy at each of its latest
// records, and the attempt after it against each of them: which one the attempt is, is unknown, and
// reading the first given made the RETRY_* findings hang on the order of the list (README note 109,
// which the attempt's window already followed). Every order of each list gives the same findings.
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const contract = () => record("d-research-2-r1");
const att1 = () => record("att-1");
const priorIsAtt1 = () => ({ object_id: "ATT-1", revision_id: "att-r1", content_digest: att1().content_digest });
/** ATT-1 given again starting at 09:06, a minute after its first record: two attempts under one id. */
const restarted = () => ({ ...att1(), revision_id: "att-r2", prior_revision_ref: priorIsAtt1(), content_digest: `sha256:${"ab".repeat(32)}`, started_at: "2026-10-04T09:06:00Z", issued_at: "2026-10-04T10:01:00Z" });
/** A revision of ATT-1 ending `outcome`, naming att-r1 as its prior: two of these are a branch. */
const branch = (revision: string, outcome: string, fill: string) => {
  // A failed attempt applied nothing (an applied effect makes it partially applied).
  const effects = att1().effects.map((e: any) => (outcome === "failed" ? { ...e, status: "not_applied" } : e));
  return { ...att1(), revision_id: revision, prior_revision_ref: priorIsAtt1(), content_digest: `sha256:${fill.repeat(64)}`, issued_at: "2026-10-04T10:01:00Z", outcome, effects };
};
/** CP-7 written when ATT-1 first started, so before its restarted record. */
const cp7Early = () => ({ ...record("cp-7"), written_at: "2026-10-04T09:05:00Z", issued_at: "2026-10-04T09:05:00Z" });
/** A retry of ATT-1 (no checkpoint), started well past its end and backoff. */
const retry = (id: string, started: string, key: string | null) => ({ ...att1(), record_id: id, attempt_id: id, content_digest: `sha256:${"e".repeat(64)}`, started_at: started, issued_at: started, ended_at: null, outcome: null, checkpoint_refs: [], idempotency_key: key });

const permutations = <T,>(xs: T[]): T[][] => (xs.length <= 1 ? [xs] : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p])));

/**
 * Each order's findings, a path `attempts.N…` named by the record it points at, as a sorted list.
 * A fork is said at the second of its records given (it names the first), so only its code is kept.
 */
function findingsByOrder(attempts: any[], checkpoints: any[] = []): string[][] {
  return permutations(attempts).map((order) => {
    const r = checkAttemptsDocument({ contract: contract(), attempts: order, checkpoints });
    const name = (path: string | undefined) => (path ?? "").replace(/^attempts\.(\d+)/, (_, n) => {
      const a = order[Number(n)];
      return `${a.attempt_id}@${a.revision_id}@${a.started_at}`;
    });
    return r.findings.map((f) => `${f.severity} ${f.code}${f.code === "ATTEMPT_REVISION_FORK" ? "" : ` ${name(f.path)}`}`).sort();
  });
}

function sameInEveryOrder(attempts: any[], checkpoints: any[] = []): string[] {
  const [first, ...rest] = findingsByOrder(attempts, checkpoints);
  for (const other of rest) expect(other).toStrictEqual(first);
  return first as string[];
}

describe("a forked attempt's retries, in every order", () => {
  it("holds a resume to the record of the attempt before it that started after its checkpoint", () => {
    // ATT-2 resumes CP-7, written at 09:05: ATT-1's record starting 09:05 is what CP-7 records, the
    // one starting 09:06 came after it, and it is partially applied with no read-back.
    const found = sameInEveryOrder([att1(), restarted(), record("att-2")], [cp7Early()]);
    expect(found).toContain("error RETRY_UNRECONCILED ATT-2@att-r1@2026-10-04T10:40:00Z");
    expect(found).toContain("error ATTEMPT_REVISION_FORK");
  });

  it("refuses a retry after a branch that ended unknown, beside one that failed", () => {
    const found = sameInEveryOrder([att1(), branch("att-r2", "failed", "c"), branch("att-r2b", "unknown", "d"), retry("ATT-3", "2026-10-04T10:30:00Z", "D-RESEARCH-2/effect")]);
    expect(found.filter((f) => f.includes("RETRY_NOT_ALLOWED"))).toStrictEqual(["error RETRY_NOT_ALLOWED ATT-3@att-r1@2026-10-04T10:30:00Z"]);
  });

  it("judges each start of a forked later attempt against the one before it", () => {
    // ATT-3 given twice, at 10:30 with ATT-1's key and at 10:31 with none: the second drops the key
    // of the partially applied ATT-1 (and retries a partially applied attempt, not retryable here).
    const found = sameInEveryOrder([att1(), retry("ATT-3", "2026-10-04T10:30:00Z", "D-RESEARCH-2/effect"), { ...retry("ATT-3", "2026-10-04T10:31:00Z", null), revision_id: "att-r2", content_digest: `sha256:${"f".repeat(64)}` }]);
    expect(found.filter((f) => f.includes("RETRY_NOT_ALLOWED"))).toHaveLength(2);
    expect(found).toContain("error RETRY_IDEMPOTENCY ATT-3@att-r2@2026-10-04T10:31:00Z.idempotency_key");
  });
});

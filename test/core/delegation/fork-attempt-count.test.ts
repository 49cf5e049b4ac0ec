// A forked attempt against `max_attempts` (section 7.1: "maximum attempts"): one id given at two
// starts is two attempts, each counted, as the budget counts the consumption of each (a retry run
// under a reused id would otherwise go uncounted); one attempt forked into two branches at one start
// is one attempt, whichever branch records it. In every order of the list.
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const att1 = () => record("att-1");
const priorIsAtt1 = () => ({ object_id: "ATT-1", revision_id: "att-r1", content_digest: att1().content_digest });
/** ATT-1 given again starting at 09:06, a minute after its first record: two attempts under one id. */
const restarted = () => ({ ...att1(), revision_id: "att-r2", prior_revision_ref: priorIsAtt1(), content_digest: `sha256:${"ab".repeat(32)}`, started_at: "2026-10-04T09:06:00Z", issued_at: "2026-10-04T10:01:00Z" });
/** A revision of ATT-1 at its own start, naming att-r1: two of these are a branch of one attempt. */
const branch = (revision: string, fill: string) => ({ ...att1(), revision_id: revision, prior_revision_ref: priorIsAtt1(), content_digest: `sha256:${fill.repeat(64)}`, issued_at: "2026-10-04T10:01:00Z" });

const permutations = <T,>(xs: T[]): T[][] => (xs.length <= 1 ? [xs] : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p])));

/** The RETRY_EXHAUSTED findings of every order (r1's max_attempts is 2), each as "attempt id: received". */
const exhausted = (attempts: any[]): string[][] =>
  permutations(attempts).map((order) => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: order }).findings.filter((f) => f.code === "RETRY_EXHAUSTED").map((f) => `${order[Number(f.path?.split(".")[1])].attempt_id}: ${f.received}`).sort());

describe("a forked attempt against max_attempts", () => {
  it("counts one id given at two starts as two attempts", () => {
    for (const found of exhausted([att1(), restarted(), record("att-2")])) expect(found).toStrictEqual(["ATT-2: 3"]);
  });

  it("counts an attempt forked into two branches at one start once", () => {
    for (const found of exhausted([att1(), branch("att-r2", "c"), branch("att-r2b", "d"), record("att-2")])) expect(found).toStrictEqual([]);
  });

  it("counts a restarted id past the limit at its later start", () => {
    // ATT-1 at 09:05 and at 09:06 alone: two attempts, the limit's 2 kept.
    for (const found of exhausted([att1(), restarted()])) expect(found).toStrictEqual([]);
  });
});

// The audit's findingsOf(now, id), what the Worker's thread answers GET .../handoffs/{id} with in
// place of check-thread's whole report: over generated conversations of re-issues, readbacks,
// duplicates, cancels with their reasons and answers, deadlines and questions, after every line
// and at several moments, it gives exactly report(now)'s findings about each id, in their order.
import { describe, expect, it } from "vitest";
import { createThreadAudit, parseLine } from "../../core/index.js";
import type { Message, ThreadFinding } from "../../core/index.js";
import { conversation } from "./_thread-conversation.js";

const read = (line: string): Message => {
  const r = parseLine(line);
  if (!r.ok) throw new Error(`fixture: ${line}`);
  return r.value;
};

/** The audit's own (20261002T1200Z, on a due= date), before every deadline, after some, and none. */
const MOMENTS = [undefined, null, "20191231T2359Z", "20261003T0000Z"] as const;

describe("findingsOf(now, id)", () => {
  it("is report(now)'s findings about id, in order, after every line of 120 generated conversations", () => {
    let compared = 0;
    const seen = new Set<string>();
    for (let seed = 1; seed <= 120; seed++) {
      const audit = createThreadAudit({ now: "20261002T1200Z" });
      const ids: string[] = ["no-such-id"];
      for (const line of conversation(seed, 40, true)) {
        const message = read(line);
        audit.add(message);
        ids.push(message.id);
        for (const now of MOMENTS) {
          const all = audit.report(now).findings;
          for (const f of all) seen.add(f.code);
          for (const id of ids) {
            const mine: ThreadFinding[] = audit.findingsOf(now, id);
            expect(mine, `seed ${seed}, ${id} at ${String(now)}`).toStrictEqual(all.filter((f) => f.handoff === id));
            compared++;
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(80_000);
    // The findings made at the report's moment all came up, each of them compared.
    for (const code of ["THREAD_OPEN", "THREAD_HELD", "THREAD_EXPIRED", "THREAD_OVERDUE", "THREAD_CANCEL_UNANSWERED", "THREAD_CANCEL_REASON", "THREAD_QUESTION_OPEN", "THREAD_QUESTION_OVERDUE"]) expect(seen, code).toContain(code);
  });

  it("gives the same when first asked after cancels were taken, and after more lines come", () => {
    // Its map from an HO to its CX is made at the first ask, from the cancels taken by then.
    let cancelFindings = 0;
    for (let seed = 1; seed <= 120; seed++) {
      const audit = createThreadAudit({ now: "20261002T1200Z" });
      const lines = conversation(seed, 40, true).map(read);
      const half = Math.floor(lines.length / 2);
      const ids = ["no-such-id"];
      for (const [n, message] of lines.entries()) {
        audit.add(message);
        ids.push(message.id);
        if (n !== half && n !== lines.length - 1) continue;
        const all = audit.report().findings;
        for (const id of ids) {
          const mine = audit.findingsOf(undefined, id);
          expect(mine, `seed ${seed}, ${id} after line ${n}`).toStrictEqual(all.filter((f) => f.handoff === id));
          cancelFindings += mine.filter((f) => f.code.startsWith("THREAD_CANCEL_")).length;
        }
      }
    }
    expect(cancelFindings).toBeGreaterThan(50);
  });

  it("after finish() gives the finished report's, and refuses a moment that is no time as report does", () => {
    const audit = createThreadAudit({ now: "20261002T1200Z" });
    for (const line of conversation(7, 40, true)) audit.add(read(line));
    const finished = audit.finish();
    for (const id of ["ops-1", "ops-2", "no-such-id"]) expect(audit.findingsOf(undefined, id)).toStrictEqual(finished.findings.filter((f) => f.handoff === id));
    expect(() => audit.findingsOf("tomorrow", "ops-1")).toThrow(RangeError);
  });
});

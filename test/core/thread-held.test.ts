// Section 5.4: "A held handoff, one whose readback failed and was not re-sent, is closed by the
// sender with a CX, never left", and check-thread reports an HO open past its exp= or due=, while
// "an HO open and in time, is a note". README note 94: a held HO in time is counted open, its
// failed readback named (THREAD_READBACK_VOID, with the tier that failed) and the HO itself noted
// (THREAD_HELD); past its deadline it is orphaned, an error. No handoff is left open silently.
import { describe, expect, it } from "vitest";
import { checkLine, coreVocabulary } from "../../core/index.js";
import type { Message } from "../../core/index.js";
import { checkThread } from "../../core/thread.js";

const read = (line: string): Message => {
  const c = checkLine(line, () => coreVocabulary);
  if (c.message === null) throw new Error(`does not parse: ${line}`);
  return c.message;
};
const HO = "RW1 HO ops-1 from=ops to=builder item=jira:OPS-1 ask=FIX due=20261001";
const VOID_RB = "RW1 RB builder-1 re=ops-1 from=builder to=ops item=jira:OPS-1 ask=BUILD due=20261001";
const audit = (lines: string[], now: string) => checkThread(lines.map(read), { now });
const shown = (r: ReturnType<typeof audit>) => r.findings.map((f) => `${f.severity} ${f.code} ${f.handoff} ${f.id}`);

describe("a held handoff, its readback void and never re-sent (5.4)", () => {
  it("in time: counted open, the failed readback named, the HO noted held", () => {
    const r = audit([HO, VOID_RB], "20260930T0000Z");
    expect(r.ok).toBe(true);
    expect(shown(r)).toStrictEqual(["note THREAD_READBACK_VOID ops-1 builder-1", "note THREAD_HELD ops-1 ops-1"]);
    expect(r.findings[0]?.causes?.map((c) => `${c.code} ${c.slot}`)).toStrictEqual(["ECHO_MISMATCH ask"]);
    expect(r.counts.open).toBe(1);
    expect(r.counts.readbacks.void).toBe(1);
    // The sender still owns the item: no readback passed (rule 1).
    expect(r.owners).toStrictEqual([{ item: "jira:OPS-1", owner: "ops", handoff: null, readback: "void" }]);
  });
  it("past its due=: orphaned, an error, the failed readback still named", () => {
    const r = audit([HO, VOID_RB], "20261005T0000Z");
    expect(r.ok).toBe(false);
    expect(shown(r)).toStrictEqual(["note THREAD_READBACK_VOID ops-1 builder-1", "error THREAD_OVERDUE ops-1 ops-1"]);
  });
  it("closed by the sender's CX: neither held nor open", () => {
    const r = audit([HO, VOID_RB, "RW1 CX ops-2 re=ops-1 from=ops to=builder item=jira:OPS-1 why=TIMEOUT"], "20260930T0000Z");
    expect(r.counts.open).toBe(0);
    expect(r.findings.map((f) => f.code)).not.toContain("THREAD_HELD");
  });
});

// A CX appended to a thread (core cancelOnThread, as the Worker's thread object calls it): what it
// cancels among the thread's statements. A sender may send the same CX again and again; each used
// to walk the whole re-issue line it withdrew and touch the store for every id of it, so repeated
// CXs on a long line cost the square of it (one thread holds 100,000 lines). A repeat now does
// nothing, and must leave the store exactly as the walk did.
import { describe, expect, it } from "vitest";
import { cancelHandoff, cancelOnThread, commit, createThreadAudit, endedInLine, endStatements, memoryStore, parseLine, ranBeforeCancel, withdraws } from "../../core/index.js";
import type { Finding, Message, Statement, StatementStore, ThreadAudit, ThreadCancel } from "../../core/index.js";

const NOW = "20261201T1000Z";

function msg(line: string): Message {
  const read = parseLine(line);
  if (!read.ok) throw new Error(line);
  return read.value;
}

/**
 * The rule as it stood before repeats were skipped, every CX walking what it withdraws, but for a
 * second end (THREAD_CLOSED_TWICE), which withdraws nothing (the handoff ended once already).
 */
function walked(store: StatementStore, audit: ThreadAudit, cx: Message, ho: Message | null, found: readonly Finding[], now: string): ThreadCancel {
  if (cx.re === null || ho === null || !withdraws(cx, ho) || found.some((f) => f.code === "THREAD_CLOSED_TWICE")) return { cancelled: [], ran: null };
  const withdrawn = [...new Set([cx.re, ...audit.withdrawnBy(cx.re)])];
  const cancelled = cancelHandoff(store, cx.re, now, withdrawn);
  return { cancelled, ran: ranBeforeCancel(store, cx.re, withdrawn) };
}

/** A store that counts what is asked of it. */
function counted(): { store: ReturnType<typeof memoryStore>; calls: () => number } {
  const store = memoryStore();
  let calls = 0;
  const count = <A extends unknown[], R>(f: (...a: A) => R) => (...a: A): R => (calls++, f(...a));
  return { store: { ...store, forHandoff: count(store.forHandoff), markCancelled: count(store.markCancelled), isCancelled: count(store.isCancelled) }, calls: () => calls };
}

describe("cancelOnThread", () => {
  it("does nothing for a CX sent again: 2,000 repeats of the cancel of a 2,000-HO line ask the store 2,000 more times, not 4,000,000", () => {
    const HOS = 2000;
    const REPEATS = 2000;
    const audit = createThreadAudit();
    const { store, calls } = counted();
    let withdrawnAsked = 0;
    const asked: Pick<ThreadAudit, "withdrawnBy"> = { withdrawnBy: (id) => (withdrawnAsked++, audit.withdrawnBy(id)) };
    let seq = 0;
    const hos: Message[] = [];
    for (let k = 1; k <= HOS; k++) {
      const ho = msg(`RW1 HO ops-${k}${k > 1 ? ` re=ops-${k - 1}` : ""} from=ops to=b item=jira:X-1 ask=FIX`);
      audit.add(ho, ++seq);
      hos.push(ho);
    }
    const live = hos[HOS - 1] as Message;
    const results: ThreadCancel[] = [];
    for (let k = 0; k <= REPEATS; k++) {
      const cx = msg(`RW1 CX ops-${HOS + 1 + k} re=${live.id} from=ops to=b item=jira:X-1`);
      results.push(cancelOnThread(store, asked, cx, live, audit.add(cx, ++seq), NOW));
    }
    // The first cancel withdrew the whole line (rule 1: one HO sent again), each repeat nothing.
    expect(store.cancelled()).toHaveLength(HOS);
    expect(results.every((r) => r.cancelled.length === 0 && r.ran === null)).toBe(true);
    expect(withdrawnAsked).toBe(1);
    // The first cancel asks the store twice per id (mark it, end what was pending), a repeat once.
    expect(calls()).toBeLessThanOrEqual(3 * HOS + REPEATS);
  });

  it("leaves the store as walking every CX did, over 2,000 generated conversations of re-issues, cancels, duplicates, ends and statements", () => {
    let seed = 20261201;
    const rnd = (n: number): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0), seed % n);
    let repeats = 0;
    let cancelledSome = 0;
    for (let c = 0; c < 2000; c++) {
      const audit = createThreadAudit();
      const fast = memoryStore();
      const slow = memoryStore();
      const hos: Message[] = [];
      let n = 1;
      let b = 1;
      let token = 0;
      const length = 3 + rnd(30);
      for (let line = 1; line <= length; line++) {
        const k = rnd(12);
        const pick = (): string => (hos[rnd(hos.length)] as Message).id;
        const item = rnd(8) === 0 ? "jira:X-2" : "jira:X-1";
        // A statement prepared, or one committed, for an HO not cancelled (prepare and commit refuse one that is).
        if (hos.length > 0 && k >= 10) {
          const handoff = pick();
          if (fast.isCancelled(handoff)) continue;
          const pending = fast.forHandoff(handoff, "pending")[0];
          if (k === 11 && pending !== undefined) {
            for (const store of [fast, slow]) store.put({ ...pending, state: "committed" });
            continue;
          }
          const t = (++token).toString(16).padStart(32, "0");
          const exp = rnd(4) === 0 ? "20261201T0900Z" : "20261201T1100Z";
          const s: Statement = { token: t, handoff, call: {}, exp, readback: msg(`RW1 RB b-${1000 + token} re=${handoff} from=b to=ops item=jira:X-1 ask=FIX`), state: "pending" };
          for (const store of [fast, slow]) store.put(s);
          continue;
        }
        let text: string;
        if (hos.length === 0 || k < 3) text = `RW1 HO ops-${n++}${hos.length > 0 && rnd(4) > 0 ? ` re=${pick()}` : ""} from=ops to=b item=${item} ask=FIX`;
        else if (k < 6) text = `RW1 CX ops-${n++} re=${pick()} from=ops to=b item=${item}${rnd(3) === 0 ? " why=SUPERSEDED" : ""}`;
        else if (k < 7) text = `RW1 UN b-${b++} re=${pick()} from=b to=ops item=${item} why=DUP`;
        else if (k < 8) text = `RW1 DN b-${b++} re=${pick()} from=b to=ops item=${item} out=OK`;
        else if (k < 9) text = `RW1 FL b-${b++} re=${pick()} from=b to=ops item=${item} why=ERR`;
        else text = `RW1 RB b-${b++} re=${pick()} from=b to=ops item=${item} ask=FIX`;
        const m = msg(text);
        const found = audit.add(m, line);
        if (m.type === "HO") hos.push(m);
        if (m.type !== "CX") continue;
        const ho = hos.find((h) => h.id === m.re) ?? null;
        if (m.re !== null && found.some((f) => f.code === "THREAD_CLOSED_TWICE") && fast.isCancelled(m.re)) repeats++;
        const got = cancelOnThread(fast, audit, m, ho, found, NOW);
        const want = walked(slow, audit, m, ho, found, NOW);
        if (want.cancelled.length > 0) cancelledSome++;
        expect({ cancelled: got.cancelled.map((s) => s.token), ran: got.ran?.message ?? null }).toStrictEqual({ cancelled: want.cancelled.map((s) => s.token), ran: want.ran?.message ?? null });
        expect(fast.cancelled().sort()).toStrictEqual(slow.cancelled().sort());
        expect(fast.all()).toStrictEqual(slow.all());
      }
    }
    // The generated conversations reach both cases this is about.
    expect(repeats).toBeGreaterThan(1500);
    expect(cancelledSome).toBeGreaterThan(200);
  });

  it("cancels nothing for a CX after a DN closed the handoff: the statement the close abandoned is refused as abandoned, not as cancelled by a CX that withdrew nothing", () => {
    // Section 5.4: the DN ended the handoff; the sender's CX after it is a second end (THREAD_CLOSED_TWICE).
    const audit = createThreadAudit();
    const store = memoryStore();
    const ho = msg("RW1 HO ops-1 from=ops to=b item=jira:X-1 ask=FIX");
    audit.add(ho, 1);
    const token = "00000000000000000000000000000001";
    store.put({ token, handoff: "ops-1", call: {}, exp: "20261201T1100Z", readback: msg("RW1 RB b-700 re=ops-1 from=b to=ops item=jira:X-1 ask=FIX"), state: "pending" });
    audit.add(msg("RW1 DN b-1 re=ops-1 from=b to=ops item=jira:X-1 out=OK"), 2);
    // As the Worker's thread does once the DN is in: what was prepared for the closed handoff ends.
    endStatements(store, endedInLine(audit.handoffs(NOW)), NOW);
    const cx = msg("RW1 CX ops-2 re=ops-1 from=ops to=b item=jira:X-1 why=REVOKED");
    const found = audit.add(cx, 3);
    expect(found.map((f) => f.code)).toContain("THREAD_CLOSED_TWICE");
    expect(cancelOnThread(store, audit, cx, ho, found, NOW)).toStrictEqual({ cancelled: [], ran: null });
    expect(store.isCancelled("ops-1")).toBe(false);
    const refused = commit(store, token, NOW);
    expect(refused.ok).toBe(false);
    expect(refused.findings[0]).toMatchObject({ code: "STATEMENT_REFUSED", slot: "x_tok", received: "abandoned" });
  });
});

// lineView: a store that reads a re-issue line's statements at once (inLineOf, as the Worker's
// thread does by the line's root) gives prepare and commit the answers, and leaves the store, as
// one read id by id does; and they ask it id by id no more, whatever the line's length.
import { describe, expect, it } from "vitest";
import { abandon, checkLine, commit, committedStatement, handoffLine, lineView, memoryStore, prepare, ranInLine } from "../../core/index.js";
import type { Message, Statement, StatementState, StatementStore } from "../../core/index.js";
import { resolve, vocabularies } from "../vocabularies.js";

const { pay } = vocabularies();
const msg = (line: string): Message => {
  const c = checkLine(line, resolve);
  if (c.message === null) throw new Error(`fixture: ${JSON.stringify(c.findings)}`);
  return c.message;
};
const hoOf = (k: number): Message => msg(`RW1 HO scheduler-${k}${k > 1 ? ` re=scheduler-${k - 1}` : ""} p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929 exp=20261002T1700Z`);
const NOW = "20261002T1500Z";

/** A thread's store of one re-issue line of `n` HOs (and one HO outside it), counting forHandoff; with `whole`, it reads the line at once. */
function threadStore(n: number, whole: boolean) {
  const line = Array.from({ length: n }, (_, k) => `scheduler-${k + 1}`);
  const base = memoryStore();
  let asked = 0;
  let listed = 0;
  const others = (h: string): string[] => (line.includes(h) ? line.filter((id) => id !== h) : []);
  const reissuesOf = (h: string): string[] => {
    listed++;
    return others(h);
  };
  const store: StatementStore & { all(): Statement[] } = {
    ...base,
    forHandoff: (h: string, state?: StatementState) => {
      asked++;
      return base.forHandoff(h, state);
    },
    reissuesOf,
  };
  if (whole) {
    // One pass over every statement, in the line's order, each id's in the order the store keeps them.
    store.inLineOf = (h: string, state: StatementState) => {
      const ids = [h, ...others(h)];
      const at = new Map(line.map((id, i) => [id, i]));
      return base.all().filter((s) => ids.includes(s.handoff) && s.state === state).sort((a, b) => (at.get(a.handoff) ?? -1) - (at.get(b.handoff) ?? -1));
    };
  }
  return { store, asked: () => asked, listed: () => listed, reset: () => void (asked = listed = 0) };
}

/** Statements on several HOs of the line: one abandoned, then one committed, then a prepare after it; what each answered, the store, and forHandoff's calls during the commit and the last prepare. */
function run(n: number, whole: boolean) {
  const { store, asked, reset } = threadStore(n, whole);
  const tokens = (k: number): string => k.toString(16).padStart(32, "0");
  const made = [1, 2, n - 1, n - 1, n].map((k, i) => prepare(store, { ho: hoOf(k), call: {}, exp: "20261002T1600Z", n: i + 1, now: "20261002T1400Z" }, pay, tokens(i + 1)));
  const out = made.map((m) => (m.ok ? m.value.handoff : m.findings.map((f) => f.code).join()));
  abandon(store, tokens(2), NOW);
  reset();
  const ran = commit(store, tokens(3), NOW);
  const commitAsked = asked();
  reset();
  const after = prepare(store, { ho: hoOf(n), call: {}, exp: "20261002T1600Z", n: 9, now: "20261002T1400Z" }, pay, tokens(9));
  return { out, ran: ran.ok ? ran.value.state : ran.findings, after: after.findings, all: store.all(), commitAsked, prepareAsked: asked() };
}

describe("lineView", () => {
  it("answers forHandoff for the line's ids as the store does, in its order, and asks the store for any other", () => {
    const { store } = threadStore(6, true);
    for (const k of [1, 3, 3, 6]) prepare(store, { ho: hoOf(k), call: {}, exp: "20261002T1600Z", now: "20261002T1400Z" }, pay);
    const outside = prepare(store, { ho: msg("RW1 HO other-1 p=pay from=other to=payer item=inv:X ask=PAY rb=exec sup=marlow amt=1.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=X apref=Y"), call: {}, exp: "20261002T1600Z", now: "20261002T1400Z" }, pay);
    expect(outside.ok).toBe(true);
    for (const state of ["pending", "committed"] as const) {
      const view = lineView(store, "scheduler-4", state);
      for (const id of ["scheduler-1", "scheduler-3", "scheduler-4", "scheduler-6", "other-1"]) expect(view.forHandoff(id, state)).toStrictEqual(store.forHandoff(id, state));
    }
    expect(lineView(store, "scheduler-4", "pending").forHandoff("scheduler-3", "pending")).toHaveLength(2);
    // A store that reads no line at once is its own view.
    const plain = memoryStore();
    expect(lineView(plain, "scheduler-1", "pending")).toBe(plain);
  });

  it("prepare and commit answer and leave the store as reading id by id does, asking forHandoff as often on a line of 40 as on one of 4", () => {
    for (const n of [4, 40]) {
      const byId = run(n, false);
      const whole = run(n, true);
      expect(whole.out).toStrictEqual(byId.out);
      expect(whole.ran).toBe("committed");
      expect(whole.ran).toStrictEqual(byId.ran);
      expect(whole.after.map((f) => f.code)).toStrictEqual(["STATEMENT_REFUSED"]);
      expect(whole.after).toStrictEqual(byId.after);
      expect(whole.all).toStrictEqual(byId.all);
      // The commit ended every other pending statement of the line (one act per handoff).
      expect(whole.all.map((s) => s.state)).toStrictEqual(["abandoned", "abandoned", "committed", "abandoned", "abandoned"]);
    }
    const short = run(4, true);
    const long = run(40, true);
    expect(long.commitAsked).toBe(short.commitAsked);
    expect(long.prepareAsked).toBe(short.prepareAsked);
    // Id by id, the line's length is the count.
    expect(run(40, false).commitAsked).toBeGreaterThan(40);
  });

  it("ranInLine: the statement that ran under any id of the line, as committedStatement over handoffLine finds it, from one inLineOf read and without listing the line", () => {
    for (const whole of [false, true]) {
      const { store, asked, listed, reset } = threadStore(30, whole);
      const tokens = (k: number): string => k.toString(16).padStart(32, "0");
      for (const [i, k] of [3, 17, 30].entries()) prepare(store, { ho: hoOf(k), call: {}, exp: "20261002T1600Z", n: i + 1, now: "20261002T1400Z" }, pay, tokens(i + 1));
      expect(ranInLine(store, "scheduler-30")).toBeUndefined();
      expect(commit(store, tokens(2), NOW).ok).toBe(true);
      for (const id of ["scheduler-1", "scheduler-17", "scheduler-30"]) {
        const expected = committedStatement(store, handoffLine(store, id));
        expect(expected?.handoff).toBe("scheduler-17");
        reset();
        expect(ranInLine(store, id)).toStrictEqual(expected);
        // A store that reads the line at once is read once, and the line's ids are not set up.
        if (whole) expect([asked(), listed()]).toStrictEqual([0, 0]);
      }
    }
  });
});

// A DN asks what its HO's re-issue line holds (a pending or committed statement, a passing
// readback) by the line's root, kept beside each row (worker/thread/line-roots.ts), not id by id:
// so a DN costs the thread as many reads on a line of 300 HOs as on one of 2. Counted in reads,
// not timed, so a busy machine cannot make it flake.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import type { ThreadObject } from "../../worker/thread/thread-object.js";
import { call, ok, postJson } from "./http.js";
import { PAY_DN, PAY_HO } from "./lines.js";

let counter = 0;
const fresh = (): string => `line-lookups-${Date.now().toString(36)}-${++counter}`;
const stubOf = (thread: string): DurableObjectStub<ThreadObject> => env.THREADS.get(env.THREADS.idFromName(thread));
const append = async (thread: string, lines: string[]) => ok(await postJson(`/v1/threads/${thread}/lines`, { lines }));
const hoOf = (k: number): string => `RW1 HO ops-${k}${k > 1 ? ` re=ops-${k - 1}` : ""} from=ops to=b item=jira:X-1 ask=FIX`;
const lineOf = (n: number): string[] => Array.from({ length: n }, (_, k) => hoOf(k + 1));
const DN = "RW1 DN b-1 re=ops-1 from=b to=ops item=jira:X-1 out=OK";

async function restart(thread: string): Promise<void> {
  await runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) => state.abort("restarted by the test")).catch(() => {});
}

/** How many SQL statements the thread's object runs during `act` (its storage's exec, counted), and what `act` answered. */
async function readsDuring<T>(thread: string, act: () => Promise<T>): Promise<{ reads: number; answer: T }> {
  const counted = globalThis as unknown as { lineLookupReads?: number };
  await runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) => {
    const sql = state.storage.sql;
    const exec = sql.exec;
    counted.lineLookupReads = 0;
    sql.exec = function (this: SqlStorage, ...args: Parameters<SqlStorage["exec"]>) {
      counted.lineLookupReads = (counted.lineLookupReads ?? 0) + 1;
      return exec.apply(this, args);
    } as SqlStorage["exec"];
  });
  const answer = await act();
  const reads = await runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) => {
    delete (state.storage.sql as { exec?: unknown }).exec;
    return counted.lineLookupReads as number;
  });
  return { reads, answer };
}

/** How many SQL statements the thread's object runs while `lines` are appended. */
const readsFor = (thread: string, lines: string[]): Promise<{ reads: number; answer: any }> => readsDuring(thread, () => append(thread, lines));

describe("a DN on a long re-issue line reads the line's rows, not each of its ids", () => {
  it("costs as many SQL statements on a line of 300 HOs as on one of 2, with the same answer", async () => {
    const short = fresh();
    const long = fresh();
    await append(short, lineOf(2));
    await append(long, lineOf(300));
    // Warm: the audit is built and the profiles read before the count.
    await call(`/v1/threads/${short}`);
    await call(`/v1/threads/${long}`);
    const a = await readsFor(short, [DN]);
    const b = await readsFor(long, [DN]);
    expect(a.answer.results[0].done).toMatchObject({ dn: "b-1", handoff: "ops-1", plan: null, ok: true });
    expect(b.answer.results[0].done).toStrictEqual(a.answer.results[0].done);
    expect(a.reads).toBeGreaterThan(0);
    expect(b.reads).toBe(a.reads);
  });
});

describe("a DN closing the last live HO of a long line with a statement pending", () => {
  // Once no HO of the line is live, every HO of it is ended (core endedInLine); only those holding
  // a pending statement are read from the store, so the line's length costs no read.
  const payOf = (k: number): string => `${PAY_HO.replace("scheduler-1", k > 1 ? `scheduler-${k} re=scheduler-${k - 1}` : "scheduler-1")} exp=20991002T1500Z`;
  const CALL = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
  async function closeLive(n: number): Promise<{ reads: number; statements: unknown }> {
    const t = fresh();
    await append(t, Array.from({ length: n }, (_, k) => payOf(k + 1)));
    await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: `scheduler-${n}`, call: CALL, exp: "20991002T1405Z" }), 201);
    await call(`/v1/threads/${t}`);
    const { reads } = await readsFor(t, [PAY_DN.replace("re=scheduler-1", `re=scheduler-${n}`).replace("payer-2", "payer-9")]);
    return { reads, statements: (await ok(await call(`/v1/threads/${t}`))).statements };
  }
  it("costs as many SQL statements on a line of 60 HOs as on one of 2, and abandons the statement as before", async () => {
    const a = await closeLive(2);
    const b = await closeLive(60);
    expect(a.statements).toStrictEqual({ abandoned: 1 });
    expect(b.statements).toStrictEqual({ abandoned: 1 });
    expect(b.reads).toBe(a.reads);
  });
});

describe("rows stored before the line column", () => {
  it("get their line at the next rebuild: a DN on a re-issue still takes the original's passing readback as its plan", async () => {
    const t = fresh();
    await append(t, [hoOf(1)]);
    const rb = (await append(t, ["RW1 RB b-1 re=ops-1 from=b to=ops item=jira:X-1 ask=FIX"])).results[0];
    expect(rb.readback.verdict).toBe("wilco");
    await append(t, [hoOf(2), hoOf(3)]);
    // The table as an object before the column made it: no line, and no index on it.
    await runInDurableObject(stubOf(t), (_: ThreadObject, state: DurableObjectState) => {
      const sql = state.storage.sql;
      for (const index of ["readbacks_line", "statements_line_state"]) sql.exec(`DROP INDEX ${index}`);
      for (const table of ["readbacks", "statements"]) sql.exec(`ALTER TABLE ${table} DROP COLUMN line`);
    });
    await restart(t);
    const done = (await append(t, ["RW1 DN b-2 re=ops-3 from=b to=ops item=jira:X-1 out=OK"])).results[0].done;
    expect(done).toMatchObject({ dn: "b-2", handoff: "ops-3", plan: "b-1", ok: true });
    const lines = await runInDurableObject(stubOf(t), (_: ThreadObject, state: DurableObjectState) => state.storage.sql.exec<{ rb: string; line: string | null }>("SELECT rb, line FROM readbacks").toArray());
    expect(lines).toStrictEqual([{ rb: "b-1", line: "ops-1" }]);
  });
});

describe("prepare, commit and a cancel's acknowledgement on a long re-issue line", () => {
  // Each reads the line's committed (or pending) statements by its root (core lineView, the
  // store's inLineOf), not id by id: as many SQL statements on a line of 60 HOs as on one of 2.
  const payOf = (k: number): string => `${PAY_HO.replace("scheduler-1", k > 1 ? `scheduler-${k} re=scheduler-${k - 1}` : "scheduler-1")} exp=20991002T1500Z`;
  const CALL = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };

  const prepareOn = (t: string, n: number) => postJson(`/v1/threads/${t}/statements`, { handoff: `scheduler-${n}`, call: CALL, exp: "20991002T1405Z" });
  const commitOf = (t: string, token: string) => call(`/v1/threads/${t}/statements/${token}/commit`, { method: "POST" });

  /** A line of n pay HOs; a statement prepared, relayed and committed on its live HO, then one more prepared, each counted. */
  async function statementsOn(n: number) {
    const t = fresh();
    await append(t, Array.from({ length: n }, (_, k) => payOf(k + 1)));
    await call(`/v1/threads/${t}`);
    const prepared = await readsDuring(t, async () => ok<{ token: string; line: string; readback: any }>(await prepareOn(t, n), 201));
    await append(t, [prepared.answer.line]);
    await ok(await prepareOn(t, n), 201);
    const committed = await readsDuring(t, async () => ok<{ state: string; handoff: string }>(await commitOf(t, prepared.answer.token)));
    const again = await readsDuring(t, async () => prepareOn(t, n).then((r) => r.json()));
    const statements = (await ok(await call(`/v1/threads/${t}`))).statements;
    return { t, prepared, committed, again, statements };
  }

  it("a prepare and a commit cost as many SQL statements on a line of 60 HOs as on one of 2, with the same answers", async () => {
    const a = await statementsOn(2);
    const b = await statementsOn(60);
    expect(a.committed.answer).toMatchObject({ state: "committed", handoff: "scheduler-2" });
    expect(b.committed.answer).toMatchObject({ state: "committed", handoff: "scheduler-60" });
    // The other statement of the line can never run: the commit abandoned it, on either line.
    expect(a.statements).toStrictEqual({ committed: 1, abandoned: 1 });
    expect(b.statements).toStrictEqual(a.statements);
    // A prepare after the act ran is refused alike.
    expect((a.again.answer as any).type).toBe("/v1/problems/statement-refused");
    expect((b.again.answer as any).detail).toBe((a.again.answer as any).detail.replaceAll("scheduler-2", "scheduler-60"));
    expect(a.prepared.reads).toBeGreaterThan(0);
    expect(b.prepared.reads).toBe(a.prepared.reads);
    expect(b.committed.reads).toBe(a.committed.reads);
    expect(b.again.reads).toBe(a.again.reads);
  });

  it("an AN val=Y to the CX of a line whose act ran costs as many SQL statements on 60 HOs as on 2, and is still told the act ran", async () => {
    // The act ran under the HO before the last, then the sender re-issued it once more and
    // cancelled: walked id by id in the withdrawn line's order (the CX's HO, then the line from its
    // first), the answer read every HO of the line before it found the statement.
    const acknowledge = async (n: number) => {
      const t = fresh();
      await append(t, Array.from({ length: n - 1 }, (_, k) => payOf(k + 1)));
      const s = await ok<{ token: string; line: string }>(await prepareOn(t, n - 1), 201);
      await append(t, [s.line]);
      await ok(await commitOf(t, s.token));
      await append(t, [payOf(n)]);
      await call(`/v1/threads/${t}`);
      await append(t, [`RW1 CX scheduler-${n + 1} re=scheduler-${n} p=pay from=scheduler to=payer item=inv:MD-2026-057`]);
      return readsDuring(t, () => append(t, [`RW1 AN payer-90 re=scheduler-${n + 1} from=payer to=scheduler item=inv:MD-2026-057 val=Y`]));
    };
    const a = await acknowledge(2);
    const b = await acknowledge(60);
    const codes = (r: any): string[] => r.results[0].findings.map((f: { code: string }) => f.code);
    expect(codes(a.answer)).toContain("STATEMENT_RAN");
    expect(codes(b.answer)).toStrictEqual(codes(a.answer));
    expect(b.reads).toBe(a.reads);
  });
});

type Counted = { statesBuilt?: number; handoffs?: (...args: unknown[]) => unknown[] };

/** How many HandoffStates the thread's audit builds during `act` (its handoffs, wrapped), and what `act` answered. */
async function statesDuring<T>(thread: string, act: () => Promise<T>): Promise<{ built: number; answer: T }> {
  const counted = globalThis as unknown as Counted;
  await runInDurableObject(stubOf(thread), (instance: ThreadObject) => {
    const audit = (instance as unknown as { auditor(): { handoffs: (...args: unknown[]) => unknown[] } }).auditor();
    const handoffs = audit.handoffs;
    counted.handoffs = handoffs;
    counted.statesBuilt = 0;
    audit.handoffs = (...args: unknown[]) => {
      const out = handoffs(...args);
      counted.statesBuilt = (counted.statesBuilt ?? 0) + out.length;
      return out;
    };
  });
  const answer = await act();
  const built = await runInDurableObject(stubOf(thread), (instance: ThreadObject) => {
    (instance as unknown as { auditor(): { handoffs: unknown } }).auditor().handoffs = counted.handoffs;
    return counted.statesBuilt as number;
  });
  return { built, answer };
}

describe("a DN, a prepare and a commit ask the audit for the states of the HOs they read, not the thread's", () => {
  // Counted in HandoffStates the audit builds (its handoffs, wrapped), not timed: a DN on each HO of
  // a line with one statement pending built every HO's state each time, the line's square.
  const payOf = (k: number): string => `${PAY_HO.replace("scheduler-1", k > 1 ? `scheduler-${k} re=scheduler-${k - 1}` : "scheduler-1")} exp=20991002T1500Z`;
  const CALL = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
  async function onLine(n: number) {
    const t = fresh();
    await append(t, Array.from({ length: n }, (_, k) => payOf(k + 1)));
    await call(`/v1/threads/${t}`);
    const prepared = await statesDuring(t, async () => ok<{ token: string; line: string }>(await postJson(`/v1/threads/${t}/statements`, { handoff: `scheduler-${n}`, call: CALL, exp: "20991002T1405Z" }), 201));
    // A DN on the first, superseded HO while the live one's statement is pending: nothing ends.
    const dn = await statesDuring(t, () => append(t, [PAY_DN.replace("payer-2", "payer-90")]));
    await append(t, [prepared.answer.line]);
    const committed = await statesDuring(t, async () => ok<{ state: string }>(await call(`/v1/threads/${t}/statements/${prepared.answer.token}/commit`, { method: "POST" })));
    const statements = (await ok(await call(`/v1/threads/${t}`))).statements;
    return { prepared, dn, committed, statements };
  }

  it("as many on a line of 60 HOs as on one of 2, with the same answers", async () => {
    const a = await onLine(2);
    const b = await onLine(60);
    const codes = (r: any): string[] => r.results[0].findings.map((f: { code: string }) => f.code);
    expect(codes(b.dn.answer)).toStrictEqual(codes(a.dn.answer));
    expect(b.committed.answer.state).toBe("committed");
    expect(a.statements).toStrictEqual({ committed: 1 });
    expect(b.statements).toStrictEqual(a.statements);
    expect(a.dn.built).toBeGreaterThan(0);
    expect(b.dn.built).toBe(a.dn.built);
    expect(b.prepared.built).toBe(a.prepared.built);
    expect(b.committed.built).toBe(a.committed.built);
  });
});

describe("GET a handoff and a challenge for it ask the audit for that HO's state, not the thread's", () => {
  // Both built every HO's state to read one: the count grew with the thread, not with what they read.
  const hoOn = (k: number): string => `RW1 HO ops-${k} from=ops to=b item=jira:X-${k} ask=FIX`;

  async function readOne(n: number) {
    const t = fresh();
    // ops-1 closed by its DN before the others come, so its findings stand on the same lines.
    await append(t, [hoOn(1), "RW1 DN b-1 re=ops-1 from=b to=ops item=jira:X-1 out=OK", ...Array.from({ length: n - 1 }, (_, k) => hoOn(k + 2))]);
    await call(`/v1/threads/${t}`);
    const handoff = await statesDuring(t, async () => ok<any>(await call(`/v1/threads/${t}/handoffs/ops-1`)));
    const open = await statesDuring(t, async () => ok<any>(await call(`/v1/threads/${t}/handoffs/ops-${n}`)));
    // ops-1 is closed: a challenge would check nothing (409), as the HO's state says.
    const challenge = await statesDuring(t, async () => (await postJson(`/v1/threads/${t}/handoffs/ops-1/challenge`, { expectAcc: ["len:120w"] })).json() as Promise<any>);
    return { handoff, open, challenge };
  }

  it("as many on a thread of 60 HOs as on one of 2, with the same answers", async () => {
    const a = await readOne(2);
    const b = await readOne(60);
    expect(a.handoff.answer.state).toStrictEqual({ id: "ops-1", state: "closed", closedBy: "DN", readback: null, supersededBy: null });
    expect(b.handoff.answer).toStrictEqual(a.handoff.answer);
    expect(a.open.answer.state).toStrictEqual({ id: "ops-2", state: "open", closedBy: null, readback: null, supersededBy: null });
    expect(b.open.answer.state).toStrictEqual({ ...a.open.answer.state, id: "ops-60" });
    expect(a.challenge.answer).toMatchObject({ type: "/v1/problems/thread-conflict", detail: "ops-1 was closed by DN: no readback of it is left to check, so a challenge would check nothing" });
    expect({ ...b.challenge.answer, instance: null }).toStrictEqual({ ...a.challenge.answer, instance: null });
    expect(a.handoff.built).toBe(1);
    expect(b.handoff.built).toBe(1);
    expect(b.open.built).toBe(1);
    expect(a.challenge.built).toBe(1);
    expect(b.challenge.built).toBe(1);
  });
});

// An alarm set inside a transactionSync that throws: the thread object sets its alarm where it
// stores an HO (wakeAt, in the per-line transaction, inside the request's), and a request that
// would take the thread past its capacity throws ThreadFull after it and is rolled back whole.
// Cloudflare documents that "alarm operations follow the same rules as other storage operations"
// (Durable Objects, Alarms API); in workerd, as these tests pin, a SQLite-backed object's
// setAlarm and deleteAlarm are part of the transaction and roll back with it: no alarm is left
// for a deadline that was never stored, and the alarm and the moment kept beside it
// (meta 'alarm', the state's `alarm`) still agree.
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { afterDate, afterTime } from "../../core/index.js";
import type { ThreadObject } from "../../worker/thread/thread-object.js";
import { call, expectProblem, ok, postJson } from "./http.js";
import { PAY_HO } from "./lines.js";

const stubOf = (thread: string): DurableObjectStub<ThreadObject> => env.THREADS.get(env.THREADS.idFromName(thread));
const fresh = (): string => `alarm-rollback-${crypto.randomUUID()}`;
const alarmOf = (thread: string): Promise<number | null> => runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) => state.storage.getAlarm());
const stateAlarm = async (thread: string): Promise<number | null> => (await ok(await call(`/v1/threads/${thread}`))).alarm;
const ho = (k: number, due: string) => `RW1 HO ops-${k} from=ops to=bot item=job:${k} ask=FIX due=${due}`;

const T1 = Date.UTC(2099, 9, 2, 14, 0);
const T2 = Date.UTC(2099, 9, 3, 14, 0);

describe("workerd: setAlarm and deleteAlarm inside a transactionSync that throws", () => {
  it("are rolled back with it: no alarm where none was, and the earlier one kept", async () => {
    const seen = await runInDurableObject(stubOf(fresh()), async (_: ThreadObject, state: DurableObjectState) => {
      const rolledBack = (write: () => void): void => {
        expect(() => state.storage.transactionSync(() => { write(); throw new Error("rollback"); })).toThrow("rollback");
      };
      const alarms: (number | null)[] = [];
      rolledBack(() => void state.storage.setAlarm(T1));
      alarms.push(await state.storage.getAlarm());
      await state.storage.setAlarm(T1);
      rolledBack(() => void state.storage.setAlarm(T2));
      alarms.push(await state.storage.getAlarm());
      rolledBack(() => void state.storage.deleteAlarm());
      alarms.push(await state.storage.getAlarm());
      // A committed one is kept, as the control.
      state.storage.transactionSync(() => void state.storage.setAlarm(T2));
      alarms.push(await state.storage.getAlarm());
      return alarms;
    });
    expect(seen).toStrictEqual([null, T1, T1, T2]);
  });
});

describe("a thread's append rolled back whole (thread-full) after storing an HO with a deadline", () => {
  // The object's clock stands in 2099 (as in threads.test.ts), so its deadlines are within the
  // year an alarm is set ahead at most, and none is due by the real clock the runtime fires by.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: T1 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const setCapacity = (thread: string, lines: number) =>
    runInDurableObject(stubOf(thread), (instance: ThreadObject) => {
      instance.capacity = { lines, bytes: 1 << 20 };
    });

  it("leaves no alarm on a thread that had none, and no alarm runs", async () => {
    const t = fresh();
    await setCapacity(t, 1);
    // ops-1 (due) is stored and wakes the object, then ops-2 would be the second line: none is kept.
    await expectProblem(await postJson(`/v1/threads/${t}/lines`, { lines: [ho(1, "20991005"), ho(2, "20991006")] }), "thread-full");
    expect(await alarmOf(t)).toBeNull();
    expect(await runDurableObjectAlarm(stubOf(t))).toBe(false);
    expect(await ok(await call(`/v1/threads/${t}`))).toMatchObject({ lines: 0, alarm: null });
  });

  it("keeps the alarm the stored lines set, not the earlier one the refused request asked for", async () => {
    const t = fresh();
    await setCapacity(t, 2);
    expect((await ok(await postJson(`/v1/threads/${t}/lines`, { lines: [ho(1, "20991010")] }))).results.map((r: any) => r.status)).toStrictEqual(["stored"]);
    expect(await alarmOf(t)).toBe(afterDate("20991010"));
    await expectProblem(await postJson(`/v1/threads/${t}/lines`, { lines: [ho(2, "20991004"), ho(3, "20991005")] }), "thread-full");
    expect(await alarmOf(t)).toBe(afterDate("20991010"));
    expect(await stateAlarm(t)).toBe(afterDate("20991010"));
    // The same request within capacity moves it earlier, as ever.
    await setCapacity(t, 3);
    await ok(await postJson(`/v1/threads/${t}/lines`, { lines: [ho(2, "20991004")] }));
    expect([await alarmOf(t), await stateAlarm(t)]).toStrictEqual([afterDate("20991004"), afterDate("20991004")]);
  });
});

describe("a prepared statement and the alarm that expires it are one write (audit EB)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: T1 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const CALL = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
  /** Makes the object's setAlarm throw (as a broken storage would), or restores it. */
  const failAlarms = (thread: string, fail: boolean) =>
    runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) => {
      const storage = state.storage as DurableObjectStorage & { setAlarm: DurableObjectStorage["setAlarm"] };
      if (fail) Object.defineProperty(storage, "setAlarm", { configurable: true, writable: true, value: () => { throw new Error("setAlarm refused"); } });
      else delete (storage as { setAlarm?: unknown }).setAlarm;
    });

  it("a setAlarm that throws keeps no statement, nor counts one: the 500 is the whole answer, and a retry stores one", async () => {
    const t = fresh();
    await ok(await postJson(`/v1/threads/${t}/lines`, { lines: [PAY_HO] }));
    expect(await alarmOf(t)).toBeNull();
    // Room for one statement: the retry below fits only if the refused one is not still counted.
    await runInDurableObject(stubOf(t), (instance: ThreadObject) => {
      instance.capacity = { lines: 1, bytes: 1 << 20 };
    });
    await failAlarms(t, true);
    const refused = await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" });
    await failAlarms(t, false);
    expect(refused.status).toBe(500);
    // Before: the statement stayed stored and pending, unknown to the caller, until its exp.
    const after = await ok(await call(`/v1/threads/${t}`));
    expect([after.statements, after.alarm]).toStrictEqual([{}, null]);
    expect(await alarmOf(t)).toBeNull();
    const s = await ok<{ token: string }>(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), 201);
    expect(s.token).toMatch(/^[0-9a-f]{32}$/);
    const kept = await ok(await call(`/v1/threads/${t}`));
    expect([kept.statements, kept.alarm]).toStrictEqual([{ pending: 1 }, afterTime("20991002T1405Z")]);
    expect(await alarmOf(t)).toBe(afterTime("20991002T1405Z"));
  });
});

describe("a lost alarm set again by a request (rearm) that cannot be set fails no request (audit EI)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: T1 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const failAlarms = (thread: string, fail: boolean) =>
    runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) => {
      const storage = state.storage as DurableObjectStorage & { setAlarm: DurableObjectStorage["setAlarm"] };
      if (fail) Object.defineProperty(storage, "setAlarm", { configurable: true, writable: true, value: () => { throw new Error("setAlarm refused"); } });
      else delete (storage as { setAlarm?: unknown }).setAlarm;
    });

  it("reads and writes are answered, the moment stays past with no alarm, and the next request wakes the object", async () => {
    const t = fresh();
    const EXPIRED = "RW1 HO ops-1 from=ops to=bot item=job:1 ask=FIX exp=20991002T1410Z";
    await ok(await postJson(`/v1/threads/${t}/lines`, { lines: [EXPIRED] }));
    const missed = afterTime("20991002T1410Z");
    expect(await alarmOf(t)).toBe(missed);
    // Past it, the runtime dropped the alarm (a handler that failed past its retries).
    const late = Date.UTC(2099, 9, 2, 14, 20);
    vi.setSystemTime(late);
    await runInDurableObject(stubOf(t), (_: ThreadObject, state: DurableObjectState) => state.storage.deleteAlarm());
    await failAlarms(t, true);
    const read = await call(`/v1/threads/${t}`);
    const lines = await call(`/v1/threads/${t}/lines`);
    const appended = await postJson(`/v1/threads/${t}/lines`, { lines: ["RW1 HO ops-2 from=ops to=bot item=job:2 ask=FIX"] });
    await failAlarms(t, false);
    // Before: each was a 500, though none of them reads the alarm (the clock says ops-1 expired).
    const s = await ok(read);
    expect(s.report.findings.map((f: any) => [f.handoff, f.code])).toContainEqual(["ops-1", "THREAD_EXPIRED"]);
    expect((await ok(lines)).lines.map((l: any) => l.id)).toStrictEqual(["ops-1"]);
    expect((await ok(appended)).results.map((r: any) => r.status)).toStrictEqual(["stored"]);
    // The moment and the alarm were rolled back together: still past, with none set.
    expect([s.alarm, await alarmOf(t)]).toStrictEqual([missed, null]);
    // The next request sets it for its moment, and the alarm does what was late.
    expect((await ok(await call(`/v1/threads/${t}`))).alarm).toBe(late);
    expect(await alarmOf(t)).toBe(late);
    expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
    expect((await ok(await call(`/v1/threads/${t}`))).orphaned.map((o: any) => [o.handoff, o.code])).toStrictEqual([["ops-1", "THREAD_EXPIRED"]]);
  });
});

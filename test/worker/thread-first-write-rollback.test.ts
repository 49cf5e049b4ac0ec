// A first write to a thread never stored runs in a transaction that also makes its tables
// (ThreadObject's storedIf): when that transaction fails after the write's own work (its commit,
// here a throw once the write's answer is made), storage is rolled back whole, and so must be all
// the object kept in memory of it: the audit that took the lines, their bytes, the profile the
// write fixed. Otherwise the next request, on a thread still never stored, answers from them.
// Each answer after the failure is compared with the same request to the object restarted
// (nothing in memory) or to a thread that never saw the failed write. The failure is the test's:
// it wraps the object's transactionSync (the runtime's) so the outermost one throws once.
import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import type { ThreadObject } from "../../worker/thread/thread-object.js";
import { call, ok, postJson } from "./http.js";

let counter = 0;
const fresh = (): string => `first-write-${Date.now().toString(36)}-${++counter}`;
const stubOf = (thread: string): DurableObjectStub<ThreadObject> => env.THREADS.get(env.THREADS.idFromName(thread));
const restart = (thread: string) => runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) => state.abort("restarted by the test")).catch(() => {});

const T0 = Date.UTC(2099, 9, 2, 14, 0); // 20991002T1400Z
afterEach(() => void vi.useRealTimers());

const HO_1 = "RW1 HO ops-1 from=ops to=b item=jira:X-1 ask=FIX exp=20991002T1401Z";
const HO_2 = "RW1 HO ops-2 from=ops to=b item=jira:X-2 ask=FIX due=20991009";
// Refused either way: with a thread profile (pay), PROFILE_REQUIRED (its ask and slots need
// p=pay); with the core, ENUM_UNKNOWN (no ask PAY) and its two slots noted SLOT_UNKNOWN.
const PAY_SLOTS = "RW1 HO scheduler-1 from=scheduler to=payer item=inv:MD-1 ask=PAY amt=5400.00 cur=GBP";

/** Makes the next outermost transaction of the thread's object fail once its work is done (rolled back whole). */
async function failNextCommit(t: string): Promise<void> {
  await runInDurableObject(stubOf(t), (instance: ThreadObject) => {
    const storage = (instance as unknown as { ctx: DurableObjectState }).ctx.storage;
    const original = storage.transactionSync.bind(storage);
    let depth = 0;
    storage.transactionSync = <T>(work: () => T): T =>
      original(() => {
        depth++;
        try {
          const value = work();
          if (depth === 1) {
            storage.transactionSync = original;
            throw new Error("the outer transaction failed (the test)");
          }
          return value;
        } finally {
          depth--;
        }
      });
  });
}

/** The append's answer: its status and body, as text. */
async function append(t: string, body: object): Promise<{ status: number; text: string }> {
  const response = await postJson(`/v1/threads/${t}/lines`, body);
  return { status: response.status, text: await response.text() };
}

/** A thread whose first append failed at its outer transaction, its answer checked to be a failure. */
async function failedFirst(body: object): Promise<string> {
  const t = fresh();
  await failNextCommit(t);
  const failed = await append(t, body);
  expect(failed.status, failed.text).toBe(500);
  return t;
}

describe("a first write whose outer transaction fails", () => {
  it("leaves no handoff of it in the state or the open pages, as a restarted object gives them", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: T0 });
    const t = await failedFirst({ lines: [HO_1] });
    const read = async () => [await (await call(`/v1/threads/${t}`)).text(), await (await call(`/v1/threads/${t}/open`)).text(), await (await call(`/v1/threads/${t}/findings`)).text()];
    const kept = await read();
    const state = JSON.parse(kept[0] as string) as { lines: number; report: { counts: { handoffs: number } }; open: unknown[] };
    expect(state.lines).toBe(0);
    expect(state.report.counts.handoffs).toBe(0);
    expect(state.open).toStrictEqual([]);
    await restart(t);
    expect(await read()).toStrictEqual(kept);
  });

  it("leaves the next append answered, and the thread read, as on a thread that never saw it", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: T0 });
    const t = await failedFirst({ lines: [HO_1] });
    const never = fresh();
    const next = await append(t, { lines: [HO_2] });
    expect(next.status, next.text).toBe(200);
    expect(next).toStrictEqual(await append(never, { lines: [HO_2] }));
    const state = async (thread: string) => ((await ok(await call(`/v1/threads/${thread}`))) as { report: unknown; open: unknown }) ;
    const kept = await state(t);
    expect(kept.open).toStrictEqual((await state(never)).open);
    expect(kept.report).toStrictEqual((await state(never)).report);
    await restart(t);
    expect(await state(t)).toStrictEqual({ ...kept });
  });

  it("counts none of its bytes against the thread's capacity", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: T0 });
    const t = await failedFirst({ lines: [HO_1] });
    // Room for HO_2 alone: HO_1's bytes, still counted, would make it thread-full.
    await runInDurableObject(stubOf(t), (instance: ThreadObject) => void (instance.capacity = { ...instance.capacity, bytes: new TextEncoder().encode(HO_2).length }));
    const next = await append(t, { lines: [HO_2] });
    expect(next.status, next.text).toBe(200);
  });

  it("leaves no profile it fixed: the next append's lines are read without one, as on a thread that never saw it", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: T0 });
    const t = await failedFirst({ lines: [HO_1], profile: "pay" });
    const never = fresh();
    const next = await append(t, { lines: [PAY_SLOTS] });
    expect(next.status, next.text).toBe(200);
    expect(next.text).toContain("ENUM_UNKNOWN");
    expect(next.text).not.toContain("PROFILE_REQUIRED");
    expect(next).toStrictEqual(await append(never, { lines: [PAY_SLOTS] }));
    expect((await ok(await call(`/v1/threads/${t}`))).profile).toBeNull();
  });
});

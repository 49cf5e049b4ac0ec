// The findings and owners pages of a thread read check-thread's report at the object's now, and
// its open pages the live handoffs at that now, which the object keeps for the pages a client
// walks (worker/thread/kept-report.ts) instead of building them again for each; and GET a handoff
// reads that HO's findings alone (core findingsOf). Counted in reports and handoff states built
// (the audit's report and handoffs, wrapped), not timed. Each answer is also compared, byte for
// byte, with the same request to the object restarted (nothing kept) at the same minute: after an
// append, at a later minute, after an append rolled back, after the alarm.
import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import type { ThreadObject } from "../../worker/thread/thread-object.js";
import { call, expectProblem, ok, postJson } from "./http.js";

let counter = 0;
const fresh = (): string => `kept-report-${Date.now().toString(36)}-${++counter}`;
const stubOf = (thread: string): DurableObjectStub<ThreadObject> => env.THREADS.get(env.THREADS.idFromName(thread));
const append = async (thread: string, lines: string[]) => ok(await postJson(`/v1/threads/${thread}/lines`, { lines }));
const restart = (thread: string) => runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) => state.abort("restarted by the test")).catch(() => {});

// The object's clock stands in 2099 (faked Date, shared with the object and kept over a restart),
// so no alarm it sets is due by the real clock the runtime fires them by.
const T0 = Date.UTC(2099, 9, 2, 14, 0); // 20991002T1400Z
const setClock = (ms: number): void => void vi.useFakeTimers({ toFake: ["Date"], now: ms });
afterEach(() => void vi.useRealTimers());

/** n HOs about n items, each second one read back (void: ask differs), the third closed by its DN. */
function thread(n: number, from = 1): string[] {
  const lines: string[] = [];
  for (let k = from; k < from + n; k++) {
    lines.push(`RW1 HO ops-${k} from=ops to=b item=jira:X-${k} ask=FIX exp=20991002T1401Z`);
    if (k % 2 === 0) lines.push(`RW1 RB b-${k} re=ops-${k} from=b to=ops item=jira:X-${k} ask=DRAFT`);
    if (k % 3 === 0) lines.push(`RW1 DN b-${1000 + k} re=ops-${k} from=b to=ops item=jira:X-${k} out=OK`);
  }
  return lines;
}

/** Every page of `list`, `limit` a page, as the route answers them (text). */
async function walk(t: string, list: "findings" | "owners" | "open", limit: number): Promise<string[]> {
  const pages: string[] = [];
  let after: number | null = 0;
  while (after !== null) {
    const response = await call(`/v1/threads/${t}/${list}?after=${after}&limit=${limit}`);
    const text = await response.text();
    expect(response.status, text).toBe(200);
    pages.push(text);
    after = (JSON.parse(text) as { next: number | null }).next;
  }
  return pages;
}

type Counted = { reportsBuilt?: number; report?: (...args: unknown[]) => unknown };

/** How many reports the thread's audit builds during `act` (its report, wrapped), and what `act` answered. */
async function reportsDuring<T>(t: string, act: () => Promise<T>): Promise<{ built: number; answer: T }> {
  const counted = globalThis as unknown as Counted;
  await runInDurableObject(stubOf(t), (instance: ThreadObject) => {
    const audit = (instance as unknown as { auditor(): { report: (...args: unknown[]) => unknown } }).auditor();
    const report = audit.report;
    counted.report = report;
    counted.reportsBuilt = 0;
    audit.report = (...args: unknown[]) => {
      counted.reportsBuilt = (counted.reportsBuilt ?? 0) + 1;
      return report(...args);
    };
  });
  const answer = await act();
  const built = await runInDurableObject(stubOf(t), (instance: ThreadObject) => {
    (instance as unknown as { auditor(): { report: unknown } }).auditor().report = counted.report;
    return counted.reportsBuilt as number;
  });
  return { built, answer };
}

type CountedStates = { statesBuilt?: number; handoffs?: (...args: unknown[]) => unknown };

/** How many handoff states the thread's audit builds during `act` (its handoffs, wrapped), and what `act` answered. */
async function statesDuring<T>(t: string, act: () => Promise<T>): Promise<{ built: number; answer: T }> {
  const counted = globalThis as unknown as CountedStates;
  await runInDurableObject(stubOf(t), (instance: ThreadObject) => {
    const audit = (instance as unknown as { auditor(): { handoffs: (...args: unknown[]) => unknown[] } }).auditor();
    const handoffs = audit.handoffs;
    counted.handoffs = handoffs;
    counted.statesBuilt = 0;
    audit.handoffs = (...args: unknown[]) => {
      const states = handoffs(...args);
      counted.statesBuilt = (counted.statesBuilt ?? 0) + states.length;
      return states;
    };
  });
  const answer = await act();
  const built = await runInDurableObject(stubOf(t), (instance: ThreadObject) => {
    (instance as unknown as { auditor(): { handoffs: unknown } }).auditor().handoffs = counted.handoffs;
    return counted.statesBuilt as number;
  });
  return { built, answer };
}

/** How many SQL statements the thread's object runs during `act` (its storage's exec, counted), and what `act` answered. */
async function readsDuring<T>(t: string, act: () => Promise<T>): Promise<{ reads: number; answer: T }> {
  const counted = globalThis as unknown as { openPageReads?: number };
  await runInDurableObject(stubOf(t), (_: ThreadObject, state: DurableObjectState) => {
    const sql = state.storage.sql;
    const exec = sql.exec;
    counted.openPageReads = 0;
    sql.exec = function (this: SqlStorage, ...args: Parameters<SqlStorage["exec"]>) {
      counted.openPageReads = (counted.openPageReads ?? 0) + 1;
      return exec.apply(this, args);
    } as SqlStorage["exec"];
  });
  const answer = await act();
  const reads = await runInDurableObject(stubOf(t), (_: ThreadObject, state: DurableObjectState) => {
    delete (state.storage.sql as { exec?: unknown }).exec;
    return counted.openPageReads as number;
  });
  return { reads, answer };
}

/** The open pages and the state now, and again from the object restarted, which keeps nothing. */
async function openBothWays(t: string, limit: number): Promise<{ kept: string[]; rebuilt: string[] }> {
  const read = async () => [...(await walk(t, "open", limit)), await (await call(`/v1/threads/${t}`)).text()];
  const kept = await read();
  await restart(t);
  return { kept, rebuilt: await read() };
}

/** The pages of both lists now, and again from the object restarted, which keeps no report. */
async function bothWays(t: string, limit: number): Promise<{ kept: string[]; rebuilt: string[] }> {
  const kept = [...(await walk(t, "findings", limit)), ...(await walk(t, "owners", limit))];
  await restart(t);
  const rebuilt = [...(await walk(t, "findings", limit)), ...(await walk(t, "owners", limit))];
  return { kept, rebuilt };
}

describe("the findings and owners pages of a thread", () => {
  it("build check-thread's report once for a walk of every page of both, the pages a restarted object gives", async () => {
    setClock(T0);
    const t = fresh();
    await append(t, thread(40));
    await call(`/v1/threads/${t}/lines`);
    const { built, answer: pages } = await reportsDuring(t, async () => [...(await walk(t, "findings", 7)), ...(await walk(t, "owners", 7))]);
    // 40 HOs: 40 open, 20 void readbacks, 13 DNs' findings and more; 40 owners: pages of 7 each.
    expect(pages.length).toBeGreaterThan(12);
    expect(built).toBe(1);
    await restart(t);
    expect([...(await walk(t, "findings", 7)), ...(await walk(t, "owners", 7))]).toStrictEqual(pages);
  });

  it("see a line appended between two pages on the next page, as a restarted object does", async () => {
    setClock(T0);
    const t = fresh();
    await append(t, thread(12));
    const first = await ok(await call(`/v1/threads/${t}/findings?after=0&limit=5`));
    const before = await walk(t, "findings", 5);
    // A new HO (its THREAD_OPEN at the end) and a readback of ops-1 (THREAD_READBACK_VOID among the conversation's).
    await append(t, [...thread(1, 13), "RW1 RB b-90 re=ops-1 from=b to=ops item=jira:X-1 ask=DRAFT"]);
    const { kept, rebuilt } = await bothWays(t, 5);
    expect(kept).toStrictEqual(rebuilt);
    expect(kept.slice(0, before.length)).not.toStrictEqual(before);
    const all = kept.flatMap((p) => (JSON.parse(p) as { findings?: { code: string; id: string }[] }).findings ?? []);
    expect(all.map((f) => [f.code, f.id])).toContainEqual(["THREAD_OPEN", "ops-13"]);
    expect(all.map((f) => [f.code, f.id])).toContainEqual(["THREAD_READBACK_VOID", "b-90"]);
    expect(first.next).toBe(5);
  });

  it("at a later minute read that minute's report (past an exp, THREAD_EXPIRED), as a restarted object does", async () => {
    setClock(T0);
    const t = fresh();
    await append(t, thread(10));
    const atFirst = await walk(t, "findings", 4);
    const codes = (pages: string[]) => pages.flatMap((p) => (JSON.parse(p) as { findings: { code: string }[] }).findings.map((f) => f.code));
    expect(codes(atFirst)).toContain("THREAD_OPEN");
    expect(codes(atFirst)).not.toContain("THREAD_EXPIRED");
    // Within the same minute, the same pages.
    setClock(T0 + 59_000);
    expect(await walk(t, "findings", 4)).toStrictEqual(atFirst);
    setClock(T0 + 120_000);
    const { kept, rebuilt } = await bothWays(t, 4);
    expect(kept).toStrictEqual(rebuilt);
    expect(kept.join()).toContain("THREAD_EXPIRED");
  });

  it("after a request rolled back whole (thread-full) whose first line the audit took, give no finding of it, as a restarted object does", async () => {
    setClock(T0);
    const t = fresh();
    await append(t, thread(6));
    const before = await walk(t, "findings", 4);
    const lines = (await ok(await call(`/v1/threads/${t}`))).lines as number;
    await runInDurableObject(stubOf(t), (instance: ThreadObject) => void (instance.capacity = { lines: lines + 1, bytes: 1 << 20 }));
    await expectProblem(await postJson(`/v1/threads/${t}/lines`, { lines: thread(2, 7) }), "thread-full");
    const after = await walk(t, "findings", 4);
    expect(after).toStrictEqual(before);
    expect(after.join()).not.toContain("ops-7");
    const { kept, rebuilt } = await bothWays(t, 4);
    expect(kept).toStrictEqual(rebuilt);
  });

  it("after the alarm ran at a later minute, give that minute's pages, as a restarted object does", async () => {
    setClock(T0);
    const t = fresh();
    await append(t, thread(8));
    await walk(t, "findings", 3);
    setClock(T0 + 120_000);
    expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
    const orphaned = (await ok(await call(`/v1/threads/${t}`))).orphaned as unknown[];
    expect(orphaned.length).toBeGreaterThan(0);
    const { kept, rebuilt } = await bothWays(t, 3);
    expect(kept).toStrictEqual(rebuilt);
    expect(kept.join()).toContain("THREAD_EXPIRED");
  });
});

describe("the open pages of a thread", () => {
  const ids = (pages: string[]) => pages.flatMap((p) => ((JSON.parse(p) as { open?: { id: string }[] }).open ?? []).map((h) => h.id));

  it("build every handoff's state once for a walk of every page, the pages a restarted object gives", async () => {
    setClock(T0);
    const t = fresh();
    // 40 HOs, 13 closed by their DNs: 27 live, pages of 4.
    await append(t, thread(40));
    await call(`/v1/threads/${t}/lines`);
    const { built, answer: pages } = await statesDuring(t, () => walk(t, "open", 4));
    expect(pages.length).toBe(7);
    expect(ids(pages)).toHaveLength(27);
    // Once, not once a page (7 x 40 = 280 when each page built them all).
    expect(built).toBe(40);
    // The state reads the same kept list: nothing built again.
    expect((await statesDuring(t, () => call(`/v1/threads/${t}`))).built).toBe(0);
    await restart(t);
    expect(await walk(t, "open", 4)).toStrictEqual(pages);
  });

  it("read a page's exp and due in as many SQL statements whatever its size, each the one its HO carries", async () => {
    setClock(T0);
    const t = fresh();
    // Each HO with an exp, a due, both or neither.
    const deadlines = (k: number) => ({ exp: k % 2 === 0 ? `20991002T14${String(k % 60).padStart(2, "0")}Z` : null, due: k % 3 === 0 ? `2099100${1 + (k % 9)}` : null });
    const lines = Array.from({ length: 30 }, (_, i) => {
      const { exp, due } = deadlines(i + 1);
      return `RW1 HO ops-${i + 1} from=ops to=b item=jira:X-${i + 1} ask=FIX${exp === null ? "" : ` exp=${exp}`}${due === null ? "" : ` due=${due}`}`;
    });
    await append(t, lines);
    // Warm: the audit built and the live list kept before the count.
    await call(`/v1/threads/${t}/open?after=0&limit=1`);
    const small = await readsDuring(t, async () => ok<{ open: { id: string; exp: string | null; due: string | null }[] }>(await call(`/v1/threads/${t}/open?after=0&limit=3`)));
    const large = await readsDuring(t, async () => ok<{ open: { id: string; exp: string | null; due: string | null }[] }>(await call(`/v1/threads/${t}/open?after=0&limit=30`)));
    expect(small.answer.open).toHaveLength(3);
    expect(large.answer.open).toHaveLength(30);
    // One statement a page for the deadlines (6 at 3 and 32 at 30 when each HO's were read alone).
    expect(large.reads).toBe(small.reads);
    expect(large.answer.open.map((h) => ({ exp: h.exp, due: h.due }))).toStrictEqual(Array.from({ length: 30 }, (_, i) => deadlines(i + 1)));
  });

  it("see a line appended between two pages on the next page, as a restarted object does", async () => {
    setClock(T0);
    const t = fresh();
    await append(t, thread(12));
    const before = await walk(t, "open", 3);
    // A new HO (live) and a DN closing ops-1.
    await append(t, [...thread(1, 13), "RW1 DN b-90 re=ops-1 from=b to=ops item=jira:X-1 out=OK"]);
    const { kept, rebuilt } = await openBothWays(t, 3);
    expect(kept).toStrictEqual(rebuilt);
    expect(ids(kept)).toContain("ops-13");
    expect(ids(kept)).not.toContain("ops-1");
    expect(ids(before)).toContain("ops-1");
  });

  it("at a later minute give that minute's states (past an exp, orphaned), as a restarted object does", async () => {
    setClock(T0);
    const t = fresh();
    await append(t, thread(10));
    const atFirst = await walk(t, "open", 4);
    const states = (pages: string[]) => pages.flatMap((p) => (JSON.parse(p) as { open: { state: string }[] }).open.map((h) => h.state));
    expect(states(atFirst)).toContain("open");
    expect(states(atFirst)).not.toContain("orphaned");
    setClock(T0 + 59_000);
    expect(await walk(t, "open", 4)).toStrictEqual(atFirst);
    setClock(T0 + 120_000);
    const { kept, rebuilt } = await openBothWays(t, 4);
    expect(kept).toStrictEqual(rebuilt);
    expect(states(kept.slice(0, -1))).toContain("orphaned");
    expect(states(kept.slice(0, -1))).not.toContain("open");
  });

  it("after a request rolled back whole (thread-full) whose first line the audit took, list no handoff of it, as a restarted object does", async () => {
    setClock(T0);
    const t = fresh();
    await append(t, thread(6));
    const before = await walk(t, "open", 4);
    const lines = (await ok(await call(`/v1/threads/${t}`))).lines as number;
    await runInDurableObject(stubOf(t), (instance: ThreadObject) => void (instance.capacity = { lines: lines + 1, bytes: 1 << 20 }));
    await expectProblem(await postJson(`/v1/threads/${t}/lines`, { lines: thread(2, 7) }), "thread-full");
    const after = await walk(t, "open", 4);
    expect(after).toStrictEqual(before);
    expect(ids(after)).not.toContain("ops-7");
    const { kept, rebuilt } = await openBothWays(t, 4);
    expect(kept).toStrictEqual(rebuilt);
  });

  it("after the alarm ran at a later minute, give that minute's pages, as a restarted object does", async () => {
    setClock(T0);
    const t = fresh();
    await append(t, thread(8));
    await walk(t, "open", 3);
    setClock(T0 + 120_000);
    expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
    const { kept, rebuilt } = await openBothWays(t, 3);
    expect(kept).toStrictEqual(rebuilt);
    expect(kept.join()).toContain("orphaned");
  });
});

describe("GET a handoff", () => {
  it("builds no report of the thread for its findings, and gives the report's findings about it, as before", async () => {
    setClock(T0);
    const t = fresh();
    await append(t, [...thread(9), "RW1 CX ops-90 re=ops-1 from=ops to=b item=jira:X-1 why=SUPERSEDED"]);
    // Past the HOs' exp: the open ones are THREAD_EXPIRED, a finding made at the report's moment.
    setClock(T0 + 120_000);
    await call(`/v1/threads/${t}/lines`);
    const everything = (await walk(t, "findings", 1000)).flatMap((p) => (JSON.parse(p) as { findings: { handoff: string }[] }).findings);
    for (const id of ["ops-1", "ops-2", "ops-3", "ops-9"]) {
      const { built, answer } = await reportsDuring(t, async () => ok<{ findings: unknown[] }>(await call(`/v1/threads/${t}/handoffs/${id}`)));
      expect(built, id).toBe(0);
      expect(answer.findings, id).toStrictEqual(everything.filter((f) => f.handoff === id));
      expect(answer.findings.length, id).toBeGreaterThan(0);
    }
  });
});

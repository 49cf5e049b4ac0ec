// The thread object inside workerd: append, state, readbacks with private challenges, prepared
// statements with exp enforced by the object's clock, alarms, races, and access.
import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { handle } from "../../worker/handle.js";
import { ROUTES } from "../../worker/routes.js";
import { afterDate, afterTime, timeAt } from "../../core/index.js";
import { ALARM_HORIZON } from "../../worker/thread/thread-object.js";
import { threadStateRoute } from "../../worker/endpoints/threads.js";
import { openApiDocument } from "../../worker/openapi.js";
import type { ThreadObject } from "../../worker/thread/thread-object.js";
import { THREAD_CAPACITY } from "../../worker/thread/thread-capacity.js";
import { THREAD_STORED_BYTES_SQL } from "../../worker/thread/stored-bytes.js";
import { PROBLEMS } from "../../worker/problem.js";
import { call, expectProblem, ok, ORIGIN, postJson, postText } from "./http.js";
import { HO, PAY_DN, PAY_HO, PAY_RB, PAY_RECORD, RB } from "./lines.js";
import { SCHEMA_BEFORE_CITED, SCHEMA_BEFORE_QUESTIONS, SCHEMA_BEFORE_READBACK_COLUMNS } from "./thread-schemas.js";

let counter = 0;
/** A fresh thread for each test: threads never share state. */
const fresh = (): string => `t-${Date.now().toString(36)}-${++counter}`;

const stubOf = (thread: string): DurableObjectStub<ThreadObject> => env.THREADS.get(env.THREADS.idFromName(thread));

/**
 * Stands the clock at `ms` (epoch milliseconds) for the rest of the test. The tests share their
 * isolate with the objects, so a faked Date is every object's clock, and it outlives a restart of
 * an object, where a clock set on the instance was lost (the new instance read the real time).
 */
function setClock(ms: number): void {
  vi.useFakeTimers({ toFake: ["Date"], now: ms });
}
afterEach(() => {
  vi.useRealTimers();
});

// The object's clock stands in 2099 so that no alarm it sets is already due by the real clock,
// which the runtime fires alarms by: the tests run each alarm themselves.
const T0 = Date.UTC(2099, 9, 2, 14, 0); // 20991002T1400Z
const append = (thread: string, lines: string[], extra: Record<string, unknown> = {}) => postJson(`/v1/threads/${thread}/lines`, { lines, ...extra });
const state = async (thread: string) => ok(await call(`/v1/threads/${thread}`));
/** The alarm the runtime holds for the thread's object (epoch ms), or null: what wakes it, whatever the state says. */
const realAlarm = (thread: string): Promise<number | null> => runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) => state.storage.getAlarm());

/** Restarts the thread's object, as the runtime may at any moment, and checks a new instance answers after it. */
async function restart(thread: string): Promise<void> {
  const marked = (instance: ThreadObject) => instance as unknown as { beforeRestart?: true };
  await runInDurableObject(stubOf(thread), (instance: ThreadObject) => void (marked(instance).beforeRestart = true));
  await runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) => state.abort("restarted by the test")).catch(() => {});
  expect(await runInDurableObject(stubOf(thread), (instance: ThreadObject) => marked(instance).beforeRestart), "the instance answering after the restart").toBeUndefined();
}

/** Sets what the thread's object holds (thread-capacity.ts), as the instance's field allows a test to. */
const setCapacity = (thread: string, capacity: { lines: number; bytes: number }) =>
  runInDurableObject(stubOf(thread), (instance: ThreadObject) => {
    instance.capacity = capacity;
  });

/** The names of the tables a thread object holds: none until something is written to it. */
const tablesOf = (thread: string): Promise<string[]> =>
  runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) =>
    state.storage.sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").toArray().map((r) => r.name),
  );

describe("a thread nothing was written to keeps no storage", () => {
  it("answers reads, and refused writes, of a thread never written to as an empty thread, and leaves no tables behind", async () => {
    const t = fresh();
    const s = await state(t);
    expect(s).toMatchObject({ thread: t, lines: 0, open: [], readbacks: [], dones: [], orphaned: [], alarm: null });
    expect(s.report.counts).toMatchObject({ messages: 0, handoffs: 0 });
    expect(await ok(await call(`/v1/threads/${t}/lines`))).toMatchObject({ lines: [] });
    await expectProblem(await call(`/v1/threads/${t}/handoffs/a-1`), "unknown-handoff");
    const token = "0".repeat(32);
    await expectProblem(await call(`/v1/threads/${t}/statements/${token}/commit`, { method: "POST" }), "unknown-statement");
    await expectProblem(await call(`/v1/threads/${t}/statements/${token}/abandon`, { method: "POST" }), "unknown-statement");
    expect(await tablesOf(t)).toStrictEqual([]);
    // Nor does a first append whose every line is refused, or a refused challenge.
    const refused = await ok(await append(t, ["RW1 HO a-1 from=a to=b item=x ask=NOPE"]));
    expect(refused.results.map((r: any) => r.status)).toStrictEqual(["refused"]);
    expect(refused.results[0].refusal).toMatch(/^RW1 UN b-1 /);
    await expectProblem(await postJson(`/v1/threads/${t}/handoffs/a-1/challenge`, { expectAcc: ["tone formal"] }), "invalid-request");
    expect(await tablesOf(t)).toStrictEqual([]);
    // The first write makes the tables, and what was read before still holds.
    await ok(await append(t, [HO]));
    expect(await tablesOf(t)).toContain("lines");
    expect((await state(t)).lines).toBe(1);
  });
});

describe("appending lines", () => {
  it("a stored line's answer carries the notes its reading raised, as rw validate and check-thread's noted give them", async () => {
    // They were read and dropped: the answer had check-thread's findings only, so a typo for a known slot went unseen.
    const t = fresh();
    const r = await ok(await append(t, ["RW1 HO a-1 from=a to=b item=x ask=DRAFT amnt=1", "RW1 HO a-2 from=a to=b item=y ask=DRAFT"]));
    expect(r.results.map((x: any) => [x.status, x.findings.map((f: any) => [f.code, f.slot ?? null, f.at ?? null])])).toStrictEqual([
      ["stored", [["SLOT_UNKNOWN", "amnt", 40]]],
      ["stored", []],
    ]);
    expect(r.ok).toBe(true);
  });
  it("stores valid lines in order, checks the readback, and reports closure and owners", async () => {
    const t = fresh();
    const DN = "RW1 DN writer-02 re=research-01 from=writer to=research item=gh:crox/site#42 out=OK art=gh:crox/site#43";
    const r = await ok(await append(t, [HO, RB, DN]));
    expect(r.ok).toBe(true);
    expect(r.results.map((x: any) => [x.status, x.seq])).toStrictEqual([["stored", 1], ["stored", 2], ["stored", 3]]);
    expect(r.results[1].readback).toMatchObject({ rb: "writer-01", handoff: "research-01", verdict: "wilco" });
    expect(r.results[1].readback.report.tiers.map((x: any) => x.result)).toStrictEqual(["pass", "pass", "pass", "not-asked", "not-asked"]);
    const s = await state(t);
    expect(s.lines).toBe(3);
    expect(s.open).toStrictEqual([]);
    expect(s.report.owners).toStrictEqual([{ item: "gh:crox/site#42", owner: "writer", handoff: "research-01" }]);
    expect(s.report.counts).toMatchObject({ messages: 3, handoffs: 1, closed: 1, open: 0 });
    expect(s.readbacks).toStrictEqual([{ rb: "writer-01", handoff: "research-01", verdict: "wilco" }]);
    const page = await ok(await call(`/v1/threads/${t}/lines?after=1&limit=1`));
    expect(page).toStrictEqual({ lines: [{ seq: 2, id: "writer-01", line: RB }], next: 2 });
  });

  it("counts the questions in the thread's state, at the thread's clock, after a restart too", async () => {
    const t = fresh();
    setClock(T0);
    const questions = [
      "RW1 AQ ops-1 from=ops to=human need=YESNO by=20991001 // deploy?",
      "RW1 AQ ops-2 from=ops to=human need=NUM by=20991003 // how many seats?",
      "RW1 UN human-1 re=ops-2 from=human to=ops why=BUSY",
      "RW1 AQ ops-3 from=ops to=human need=DATE // launch date?",
    ];
    await ok(await append(t, questions));
    // The AQ sent again is a duplicate, stored once, and asked once.
    expect((await ok(await append(t, [questions[0] as string]))).results.map((r: any) => r.status)).toStrictEqual(["duplicate"]);
    const want = { asked: 3, answered: 1, open: 2, overdue: 1 };
    expect((await state(t)).report.counts.questions).toStrictEqual(want);
    await restart(t);
    expect((await state(t)).report.counts.questions).toStrictEqual(want);
  });

  it("pages the stored lines with next null on the page that ends them, a full one included", async () => {
    const t = fresh();
    const DN = "RW1 DN writer-02 re=research-01 from=writer to=research item=gh:crox/site#42 out=OK art=gh:crox/site#43";
    await ok(await append(t, [HO, RB, DN]));
    const page = async (after: number, limit: number) => {
      const p: any = await ok(await call(`/v1/threads/${t}/lines?after=${after}&limit=${limit}`));
      return [p.lines.map((l: any) => l.seq), p.next];
    };
    expect(await page(0, 2)).toStrictEqual([[1, 2], 2]);
    // Exactly the lines left: the end, not a pointer to an empty page (OpenAPI LinePage: null at the end).
    expect(await page(2, 1)).toStrictEqual([[3], null]);
    expect(await page(0, 3)).toStrictEqual([[1, 2, 3], null]);
    expect(await page(3, 1)).toStrictEqual([[], null]);
  });

  it("says, with the core's codes, when a readback and a done report answer a superseded handoff", async () => {
    const t = fresh();
    const lines = [
      "RW1 HO ops-1 from=ops to=builder item=jira:OPS-9 ask=FIX",
      "RW1 HO ops-2 re=ops-1 from=ops to=builder item=jira:OPS-9 ask=FIX",
      "RW1 RB builder-1 re=ops-1 from=builder to=ops item=jira:OPS-9 ask=FIX",
      "RW1 DN builder-2 re=ops-1 from=builder to=ops item=jira:OPS-9 out=OK",
    ];
    const r = await ok(await append(t, lines));
    expect(r.results.map((x: any) => x.findings.map((f: any) => f.code))).toStrictEqual([[], ["THREAD_REISSUED"], ["THREAD_READBACK_SUPERSEDED"], ["THREAD_REPLY_SUPERSEDED"]]);
    const s = await state(t);
    // The live re-issue is neither read back nor closed by them.
    expect(s.open.map((h: any) => [h.id, h.state])).toStrictEqual([["ops-2", "open"]]);
    expect(s.report.findings.map((f: any) => f.code)).toContain("THREAD_READBACK_SUPERSEDED");
  });

  it("says when a receiver reports the act on an item its sender has since handed to another receiver (rule 1), as check-thread does", async () => {
    const t = fresh();
    const lines = [
      "RW1 HO ops-1 from=ops to=builder item=jira:OPS-1 ask=FIX",
      "RW1 RB builder-1 re=ops-1 from=builder to=ops item=jira:OPS-1 ask=FIX",
      "RW1 HO ops-2 from=ops to=fixer item=jira:OPS-1 ask=FIX",
      "RW1 RB fixer-1 re=ops-2 from=fixer to=ops item=jira:OPS-1 ask=FIX",
      "RW1 DN fixer-2 re=ops-2 from=fixer to=ops item=jira:OPS-1 out=OK",
    ];
    const r = await ok(await append(t, lines));
    expect(r.results.map((x: any) => x.findings.map((f: any) => f.code))).toStrictEqual([[], [], [], [], []]);
    expect((await state(t)).report.ok).toBe(true);
    const late = await ok(await append(t, ["RW1 DN builder-2 re=ops-1 from=builder to=ops item=jira:OPS-1 out=OK"]));
    expect(late.results[0].findings.map((f: any) => [f.code, f.handoff, f.slot, f.expected, f.received])).toStrictEqual([["THREAD_DONE_OWNED_ELSEWHERE", "ops-1", "from", "fixer", "builder"]]);
    const s = await state(t);
    expect(s.report.ok).toBe(false);
    expect(s.report.owners).toStrictEqual([{ item: "jira:OPS-1", owner: "fixer", handoff: "ops-2" }]);
    // The line is stored (the log is what was said), and it closes ops-1.
    expect(s.open).toStrictEqual([]);
  });

  it("takes an RB from another party as no readback, with the core's THREAD_REPLY_PARTIES, as a DN from one", async () => {
    const t = fresh();
    const r = await ok(await append(t, ["RW1 HO ops-1 from=ops to=builder item=jira:OPS-1 ask=FIX", "RW1 RB qa-1 re=ops-1 from=qa to=ops item=jira:OPS-1 ask=FIX"]));
    expect(r.results[1].findings.map((f: any) => [f.code, f.slot])).toStrictEqual([["THREAD_REPLY_PARTIES", "from"]]);
    expect(r.results[1].readback).toBeUndefined();
    const s = await state(t);
    expect(s.readbacks).toStrictEqual([]);
    expect(s.open.map((h: any) => [h.id, h.state])).toStrictEqual([["ops-1", "open"]]);
  });

  it("checks no DN from another party against the plan: it is no done report of the receiver's, and the HO's dones stay its receiver's", async () => {
    // Under agent tokens any agent may append its own lines; one that is no party of the HO must
    // not add a done report to the HO's checked ones (GET .../handoffs/{id}, the state's dones).
    const t = fresh();
    await ok(await append(t, [HO, RB]));
    const stranger = (await ok(await append(t, ["RW1 DN mallory-1 re=research-01 from=mallory to=research item=gh:crox/site#42 out=OK"]))).results[0];
    expect(stranger.status).toBe("stored");
    expect(stranger.findings.map((f: any) => [f.code, f.slot])).toStrictEqual([["THREAD_REPLY_PARTIES", "from"]]);
    expect(stranger.done).toBeUndefined();
    expect((await state(t)).dones).toStrictEqual([]);
    expect((await ok(await call(`/v1/threads/${t}/handoffs/research-01`))).dones).toStrictEqual([]);
    // The receiver's own DN is checked as ever.
    const own = (await ok(await append(t, ["RW1 DN writer-02 re=research-01 from=writer to=research item=gh:crox/site#42 out=OK"]))).results[0];
    expect(own.done).toMatchObject({ dn: "writer-02", handoff: "research-01", plan: "writer-01", ok: true });
    expect((await state(t)).dones).toStrictEqual([{ dn: "writer-02", handoff: "research-01", ok: true }]);
  });

  it("checks no DN about another item against the plan: it closes nothing, and the HO's dones stay those that close it", async () => {
    const t = fresh();
    await ok(await append(t, [HO, RB]));
    const other = (await ok(await append(t, ["RW1 DN writer-02 re=research-01 from=writer to=research item=gh:crox/site#43 out=OK"]))).results[0];
    expect(other.status).toBe("stored");
    expect(other.findings.map((f: any) => [f.code, f.slot])).toStrictEqual([["THREAD_REPLY_ITEM", "item"]]);
    expect(other.done).toBeUndefined();
    expect((await state(t)).dones).toStrictEqual([]);
    expect((await ok(await call(`/v1/threads/${t}/handoffs/research-01`))).dones).toStrictEqual([]);
    const own = (await ok(await append(t, ["RW1 DN writer-03 re=research-01 from=writer to=research item=gh:crox/site#42 out=OK"]))).results[0];
    expect(own.done).toMatchObject({ dn: "writer-03", handoff: "research-01", plan: "writer-01", ok: true });
  });

  it("answers an append whose detail would pass 32 MiB (which the object could not hand back) with the rest of its results trimmed", async () => {
    const t = fresh();
    // Their reports, some 48 MB, are past what a thread holds now (note 38): the bound is lifted to reach the answer's.
    await setCapacity(t, { lines: 100_000, bytes: 256 * 1024 * 1024 });
    // 850 KB of lines: 9,999 readbacks of one HO, each void on three slots and noting four keys.
    const lines = ["RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT due=20991002 keys=k1+k2+k3 rb=acc"];
    for (let k = 1; k < 10_000; k++) lines.push(`RW1 RB b-${k} re=a-1 from=b to=a item=y ask=FIX due=20991003 acc=k9:1+k8:1+k7:1+k6:1`);
    const r = await ok(await postText(`/v1/threads/${t}/lines`, lines.join("\n")));
    expect([r.ok, r.lines, r.results.length]).toStrictEqual([true, 10_000, 10_000]);
    expect(r.results.every((x: any, i: number) => x.status === "stored" && x.seq === i + 1)).toBe(true);
    // The first results whole; the rest say what each line is, its verdict, and that detail was left out.
    expect(r.results[1]).toMatchObject({ id: "b-1", readback: { verdict: "void", report: { wilco: false } } });
    // The line's own notes (four keys outside the closed set), then what check-thread found.
    expect(r.results[1].findings.map((f: any) => f.code)).toStrictEqual([...Array(4).fill("CONSTRAINT_KEY_UNKNOWN"), "THREAD_READBACK_VOID"]);
    expect(r.results[1].trimmed).toBeUndefined();
    const last = r.results[9_999];
    expect(last).toStrictEqual({ line: 10_000, status: "stored", id: "b-9999", seq: 10_000, findings: [], readback: { rb: "b-9999", handoff: "a-1", verdict: "void", report: null }, trimmed: true });
    // What was left out is the thread's to read.
    const page = await ok(await call(`/v1/threads/${t}/findings?after=9990&limit=10`));
    expect(page.findings.map((f: any) => [f.code, f.id])).toContainEqual(["THREAD_READBACK_VOID", "b-9999"]);
  }, 300_000);

  it("pages a handoff's readbacks, dones and findings, where 50,000 readbacks of one HO passed the 32 MiB the object can hand back", async () => {
    const t = fresh();
    // Their reports, some 38 MB, are past what a thread holds now (note 38): the bound is lifted to reach the page's.
    await setCapacity(t, { lines: 100_000, bytes: 256 * 1024 * 1024 });
    await ok(await postText(`/v1/threads/${t}/lines`, "RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=exec"));
    const count = 50_000;
    for (let from = 1; from <= count; from += 10_000) {
      // Again before each request: the bound is the instance's field, and a runtime that restarts the
      // object between requests (as workerd may on a loaded machine) gives the new one the default.
      await setCapacity(t, { lines: 100_000, bytes: 256 * 1024 * 1024 });
      const lines = Array.from({ length: 10_000 }, (_, i) => `RW1 RB b-${from + i} re=a-1 from=b to=a item=x:1 ask=DRAFT`);
      expect((await ok(await postText(`/v1/threads/${t}/lines`, lines.join("\n")))).ok).toBe(true);
    }
    const first = await ok(await call(`/v1/threads/${t}/handoffs/a-1`));
    expect(first.readbacks).toHaveLength(1000);
    expect(first.next).toStrictEqual({ readbacks: 1000, dones: null, findings: first.findings.length === 1000 ? 1000 : null });
    const rbs: string[] = [];
    for (let after: number | null = 0; after !== null; ) {
      const page: any = await ok(await call(`/v1/threads/${t}/handoffs/a-1?after=${after}&limit=10000`));
      expect(page.readbacks.length).toBeGreaterThan(0);
      rbs.push(...page.readbacks.map((r: any) => r.rb));
      after = page.next.readbacks;
    }
    expect(rbs).toStrictEqual(Array.from({ length: count }, (_, i) => `b-${i + 1}`));
    await expectProblem(await call(`/v1/threads/${t}/handoffs/a-1?limit=0`), "invalid-request");
  }, 300_000);

  it("refuses a page limit out of range rather than clamping it", async () => {
    const t = fresh();
    await ok(await append(t, [HO]));
    expect((await ok(await call(`/v1/threads/${t}/lines?limit=10000`))).lines).toHaveLength(1);
    for (const limit of ["20000", "0", "abc"]) {
      const p = await expectProblem(await call(`/v1/threads/${t}/lines?limit=${limit}`), "invalid-request");
      expect(p).toMatchObject({ parameter: "limit", detail: "limit: a whole number from 1 to 10000" });
    }
  });

  it("takes a text/plain body, one line a message", async () => {
    const t = fresh();
    const r = await ok(await postText(`/v1/threads/${t}/lines`, `${HO}\n\n# comment\n${RB}\n`));
    expect(r.results.map((x: any) => [x.line, x.status])).toStrictEqual([[1, "stored"], [4, "stored"]]);
  });

  it("refuses an invalid line with the receiver's UN, stores nothing of it, and skips the rest", async () => {
    const t = fresh();
    await ok(await append(t, [HO]));
    const bad = "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=POLISH";
    const r = await ok(await append(t, [bad, RB]));
    expect(r.ok).toBe(false);
    expect(r.results[0]).toMatchObject({ status: "refused", id: "writer-01", seq: null });
    expect(r.results[0].findings.map((f: any) => f.code)).toContain("ENUM_UNKNOWN");
    // The receiver of the bad line (research) refuses it as its next message, after research-01.
    expect(r.results[0].refusal).toBe("RW1 UN research-2 re=writer-01 from=research to=writer item=gh:crox/site#42 why=UNK // unknown ask=POLISH");
    expect(r.results[1]).toMatchObject({ status: "skipped", seq: null });
    expect((await state(t)).lines).toBe(1);
  });

  it("is idempotent for a retry of the same line, and refuses another line under a used id", async () => {
    const t = fresh();
    await ok(await append(t, [HO, RB]));
    const again = await ok(await append(t, [HO, RB]));
    expect(again.results.map((x: any) => [x.status, x.seq])).toStrictEqual([["duplicate", 1], ["duplicate", 2]]);
    const other = await ok(await append(t, [RB.replace("due=20261002", "due=20261003")]));
    expect(other.results[0]).toMatchObject({ status: "refused", id: "writer-01" });
    expect(other.results[0].findings.map((f: any) => f.code)).toStrictEqual(["THREAD_ID_REUSED"]);
    // No UN: its re=writer-01 would name the stored RB too, and appended, close that instead.
    expect(other.results[0].refusal).toBeNull();
    expect((await state(t)).lines).toBe(2);
  });

  it("numbers the UN past a refused line that claims the receiver's next id, so that its re= never names the UN itself", async () => {
    const t = fresh();
    // writer-1 is writer's next number, but research sent it (ID_FROM): never stored, it is still taken.
    const r = await ok(await append(t, ["RW1 HO writer-1 from=research to=writer item=gh:crox/site#42 ask=POLISH"]));
    expect(r.results[0].findings.map((f: any) => f.code)).toContain("ID_FROM");
    expect(r.results[0].refusal).toMatch(/^RW1 UN writer-2 re=writer-1 from=writer to=research /);
    // Past 2^53 - 1 the lowest free number is taken: here writer-1 again is claimed, so 2.
    await ok(await append(t, ["RW1 UN writer-9007199254740991 re=research-09 from=writer to=research why=UNK // unknown ask=POLISH"]));
    const past = await ok(await append(t, ["RW1 HO writer-1 from=research to=writer item=gh:crox/site#42 ask=POLISH"]));
    expect(past.results[0].refusal).toMatch(/^RW1 UN writer-2 re=writer-1 /);
  });

  it("numbers the UN past the receiver's ids a line's re= shows, stored or refused, though the thread holds no line of that id", async () => {
    const t = fresh();
    // The refused AN's re= names research-1, research's id though never sent into this thread.
    const r = await ok(await append(t, ["RW1 AN writer-2 re=research-1 from=writer to=research"]));
    expect(r.results[0].refusal).toBe("RW1 UN research-2 re=writer-2 from=research to=writer why=UNK // missing val");
    // A stored UN's re= may name a message outside the thread (rule 2): research-09 is taken as well.
    await ok(await append(t, ["RW1 UN writer-02 re=research-09 from=writer to=research why=UNK // unknown ask=POLISH"]));
    const after = await ok(await append(t, ["RW1 HO writer-03 from=writer to=research item=gh:crox/site#42 ask=POLISH"]));
    expect(after.results[0].refusal).toMatch(/^RW1 UN research-10 re=writer-03 /);
  });

  it("numbers past the ids a thread stored before it kept them cites with re=: filled in from its lines when its object starts", async () => {
    const t = fresh();
    const cites = "RW1 UN writer-02 re=research-09 from=writer to=research why=UNK // unknown ask=POLISH";
    await runInDurableObject(stubOf(t), (_: ThreadObject, state: DurableObjectState) => {
      const sql = state.storage.sql;
      for (const statement of SCHEMA_BEFORE_CITED) sql.exec(statement);
      sql.exec("INSERT INTO lines (seq, id, sender, n, type, line) VALUES (1, 'writer-02', 'writer', 2, 'UN', ?)", cites);
      for (const agent of ["writer", "research"]) sql.exec("INSERT INTO parties (agent) VALUES (?)", agent);
    });
    await restart(t);
    const r = await ok(await append(t, ["RW1 HO writer-03 from=writer to=research item=gh:crox/site#42 ask=POLISH"]));
    expect(r.results[0].refusal).toMatch(/^RW1 UN research-10 re=writer-03 /);
  });

  it("refuses a line too broken to be a message with its receiver's UN, read from its to=", async () => {
    const t = fresh();
    const r = await ok(await append(t, [HO.replace(" ask=", "  ask=")]));
    expect(r.results[0]).toMatchObject({ status: "refused", id: "research-01" });
    expect(r.results[0].findings.map((f: any) => f.code)).toStrictEqual(["SPACING"]);
    expect(r.results[0].refusal).toMatch(/^RW1 UN writer-1 re=research-01 from=writer to=research item=gh:crox\/site#42 why=UNK /);
  });

  it("refuses a reply ahead of what it answers, so that the same reply, sent again after it, is checked", async () => {
    const t = fresh();
    const early = await ok(await append(t, [RB, HO]));
    expect(early.results.map((x: any) => x.status)).toStrictEqual(["refused", "skipped"]);
    expect(early.results[0]).toMatchObject({ id: "writer-01", seq: null, refusal: null });
    expect(early.results[0].findings.map((f: any) => [f.code, f.slot, f.received])).toStrictEqual([["THREAD_REPLY_AHEAD", "re", "research-01"]]);
    expect((await state(t)).lines).toBe(0);
    const inOrder = await ok(await append(t, [HO, RB]));
    expect(inOrder.results.map((x: any) => x.status)).toStrictEqual(["stored", "stored"]);
    expect(inOrder.results[1].readback.verdict).toBe("wilco");
    // A UN may answer a line the thread refused, and so never holds (rule 2): it is stored.
    const un = await ok(await append(t, ["RW1 UN writer-02 re=research-09 from=writer to=research why=UNK // unknown ask=POLISH"]));
    expect(un.results[0].status).toBe("stored");
  });

  it("takes the same message resent as its JSON form as a retry: compared by canonical form, not text", async () => {
    const t = fresh();
    await ok(await append(t, [HO, RB]));
    const form = (await ok(await postJson("/v1/parse", { lines: [RB] }))).results[0].message;
    const again = await ok(await append(t, [form]));
    expect(again.results[0]).toMatchObject({ status: "duplicate", id: "writer-01", seq: 2 });
    // Same content with its slots in another order: the same message.
    const reordered = "RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 due=20261002 ask=DRAFT h=c40bba4360dc";
    expect((await ok(await append(t, [reordered]))).results[0].status).toBe("duplicate");
    const other = await ok(await append(t, [{ ...form, slots: { ...form.slots, due: "20261003" } }]));
    expect(other.results[0].findings.map((f: any) => f.code)).toStrictEqual(["THREAD_ID_REUSED"]);
    expect((await state(t)).lines).toBe(2);
  });

  it("numbers a refusal past an id of 2^53 - 1 with the lowest number the receiver has not used, never a 500", async () => {
    const t = fresh();
    await ok(await append(t, [PAY_HO, "RW1 ST payer-9007199254740991 from=payer to=scheduler item=inv:MD-2026-057"]));
    const r = await ok(await append(t, ["RW1 HO scheduler-2 from=scheduler to=payer item=inv:MD-2026-058 ask=POLISH"]));
    expect(r.results[0]).toMatchObject({ status: "refused", id: "scheduler-2" });
    expect(r.results[0].refusal).toMatch(/^RW1 UN payer-1 re=scheduler-2 /);
    expect(r.results[0].findings.map((f: any) => f.code)).toContain("ENUM_UNKNOWN");
    await ok(await append(t, ["RW1 ST payer-1 from=payer to=scheduler item=inv:MD-2026-057"]));
    const again = await ok(await append(t, ["RW1 HO scheduler-3 from=scheduler to=payer item=inv:MD-2026-058 ask=POLISH"]));
    expect(again.results[0].refusal).toMatch(/^RW1 UN payer-2 re=scheduler-3 /);
    // A line reusing a stored id still gets no UN (note 32).
    const reused = await ok(await append(t, [PAY_HO.replace("amt=5400.00", "amt=1.00")]));
    expect(reused.results[0]).toMatchObject({ status: "refused", refusal: null });
  });

  it("fixes the profile only when the append stores a line", async () => {
    const t = fresh();
    const r = await ok(await append(t, ["garbage"], { profile: "clin" }));
    expect(r.results[0].status).toBe("refused");
    expect((await state(t)).profile).toBeNull();
    await ok(await append(t, [PAY_HO], { profile: "pay" }));
    expect((await state(t)).profile).toBe("pay");
  });

  it("reports closure errors as they arrive, and keeps the line (the log is what was said)", async () => {
    const t = fresh();
    const DN1 = "RW1 DN writer-02 re=research-01 from=writer to=research item=gh:crox/site#42 out=OK";
    const DN2 = "RW1 DN writer-03 re=research-01 from=writer to=research item=gh:crox/site#42 out=OK";
    const r = await ok(await append(t, [HO, RB, DN1, DN2]));
    expect(r.results[3].status).toBe("stored");
    expect(r.results[3].findings.map((f: any) => f.code)).toStrictEqual(["THREAD_CLOSED_TWICE"]);
    expect((await state(t)).report.ok).toBe(false);
  });

  it("fixes the thread's profile with its first append", async () => {
    const t = fresh();
    await ok(await append(t, [PAY_HO], { profile: "pay" }));
    expect((await state(t)).profile).toBe("pay");
    await expectProblem(await append(t, [], { profile: "clin" }), "thread-conflict");
    await expectProblem(await append(fresh(), [HO], { profile: "nosuch" }), "unknown-profile");
    const u = fresh();
    await ok(await append(u, [HO]));
    await expectProblem(await append(u, [RB], { profile: "pay" }), "thread-conflict");
  });

  it("takes an inline profile again with its keys in another order: the same profile, not another", async () => {
    const t = fresh();
    const file = { profile: "mini", version: "1", extends: "RW1", enums: { stage: { DIA: "diagnose", REV: "review" } }, slots: [{ key: "stg", type: "enum:stage", on: ["HO", "ST"], required: false }] };
    await ok(await append(t, [HO], { profile: file }));
    const reordered = { slots: [{ required: false, on: ["HO", "ST"], type: "enum:stage", key: "stg" }], enums: { stage: { REV: "review", DIA: "diagnose" } }, extends: "RW1", version: "1", profile: "mini" };
    expect((await ok(await append(t, [RB], { profile: reordered }))).results[0].status).toBe("stored");
    await expectProblem(await append(t, [], { profile: { ...file, version: "2" } }), "thread-conflict");
  });

  it("refuses an inline profile that takes a shipped profile's name: p=pay would read with another vocabulary than pay's", async () => {
    const t = fresh();
    const impostor = { profile: "pay", version: "1", extends: "RW1", asks: { PAY: "pay a supplier" } };
    const p = await expectProblem(await append(t, [HO], { profile: impostor }), "invalid-profile");
    expect([p.parameter, p.detail]).toStrictEqual(["profile", expect.stringContaining("shipped profile pay")]);
    // Nothing was stored, and the shipped profile can still be chosen.
    expect((await ok(await append(t, [PAY_HO], { profile: "pay" }))).results[0].status).toBe("stored");
  });

  it("refuses a thread name that is not one", async () => {
    await expectProblem(await call(`/v1/threads/${"x".repeat(129)}`), "invalid-request");
    await expectProblem(await call("/v1/threads/a%20b"), "invalid-request");
    // Not percent-encoding at all: still the thread parameter that is wrong, not a missing route.
    expect((await expectProblem(await call("/v1/threads/%ZZ"), "invalid-request")).parameter).toBe("thread");
    expect((await expectProblem(await call("/v1/threads/%ZZ/lines?limit=1"), "invalid-request")).parameter).toBe("thread");
  });

  it("takes neither . nor .. for a thread's name: a URL resolves them as path steps, to another thread", async () => {
    // What a client that took . for a name would read: the state of the thread named lines.
    expect(new URL("/v1/threads/./lines", ORIGIN).pathname).toBe("/v1/threads/lines");
    expect(new URL("/v1/threads/%2e/open", ORIGIN).pathname).toBe("/v1/threads/open");
    // So the published pattern refuses them (a client checking names against it is warned), and
    // the route does, should a name ever reach it so; ... and the like stay names.
    const pattern = new RegExp((openApiDocument as any).paths["/v1/threads/{thread}"].get.parameters[0].schema.pattern);
    const stateOf = (thread: string) => threadStateRoute({ request: new Request(`${ORIGIN}/v1/threads/x`), url: new URL(`${ORIGIN}/v1/threads/x`), env, ctx: {} as ExecutionContext, params: { thread } });
    for (const name of [".", ".."]) {
      expect(pattern.test(name), name).toBe(false);
      await expect(stateOf(name), name).rejects.toMatchObject({ kind: "invalid-request", extensions: { parameter: "thread" } });
    }
    for (const name of ["...", ".a", "a..", "~", ":"]) {
      expect(pattern.test(name), name).toBe(true);
      expect((await stateOf(name)).status, name).toBe(200);
    }
  });
});

describe("readbacks checked by the server against the sender's private challenge", () => {
  const BRIEF = "RW1 HO lead-1 from=lead to=writer item=doc:brief ask=DRAFT rb=acc keys=len+lang // a short intro";
  const RB_GOOD = "RW1 RB writer-1 re=lead-1 from=writer to=lead item=doc:brief ask=DRAFT acc=len:120w+lang:en-gb";
  const RB_BAD = "RW1 RB writer-2 re=lead-1 from=writer to=lead item=doc:brief ask=DRAFT acc=len:150w+lang:en-gb";

  it("uses the withheld criteria, records wilco or void, and never returns the challenge", async () => {
    const t = fresh();
    await ok(await append(t, [BRIEF]));
    expect((await call(`/v1/threads/${t}/handoffs/lead-1/challenge`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ expectAcc: ["len:120w", "lang:en-gb"] }) })).status).toBe(204);
    const bad = await append(t, [RB_BAD]);
    const text = await bad.clone().text();
    const r = await ok(bad);
    expect(r.results[0].readback.verdict).toBe("void");
    expect(r.results[0].readback.report.tiers[3].result).toBe("fail");
    // The receiver appends its own readback: the answer must not teach it the sender's 120w.
    expect(text).not.toContain("120w");
    const good = await ok(await append(t, [RB_GOOD.replace("writer-1", "writer-3")]));
    expect(good.results[0].readback.verdict).toBe("wilco");
    const h = await call(`/v1/threads/${t}/handoffs/lead-1`);
    const htext = await h.clone().text();
    const handoff = await ok(h);
    expect(handoff.readbacks.map((x: any) => [x.rb, x.verdict])).toStrictEqual([["writer-2", "void"], ["writer-3", "wilco"]]);
    expect(handoff.state).toStrictEqual({ id: "lead-1", state: "open", closedBy: null, readback: "wilco", supersededBy: null });
    expect(htext).not.toContain("120w");
    expect(JSON.stringify(await state(t))).not.toContain("120w");
  });

  it("registers a challenge ahead of its HO with 202, saying the HO is not yet known, and uses it when the HO arrives", async () => {
    const t = fresh();
    const ahead = await postJson(`/v1/threads/${t}/handoffs/lead-1/challenge`, { expectAcc: ["len:120w", "lang:en-gb"] });
    expect(await ok(ahead, 202)).toMatchObject({ handoff: "lead-1", known: false });
    await ok(await append(t, [BRIEF]));
    expect((await ok(await append(t, [RB_BAD]))).results[0].readback.verdict).toBe("void");
    // A mistyped id is answered the same way, so the sender sees its criteria are not on lead-1.
    expect(await ok(await postJson(`/v1/threads/${fresh()}/handoffs/reserch-01/challenge`, { expectAcc: ["len:120w"] }), 202)).toMatchObject({ known: false });
    expect((await postJson(`/v1/threads/${t}/handoffs/lead-9/challenge`, { expectAcc: ["len:120w"] })).status).toBe(202);
    await expectProblem(await postJson(`/v1/threads/${t}/handoffs/not-an-id!/challenge`, { expectAcc: ["len:120w"] }), "invalid-request");
  });

  it("refuses a challenge for an id no HO line can carry, keeping nothing, and takes one whose line fits exactly", async () => {
    // Every HO under an id holds `RW1 HO <id> from=<from>`: 2 * 4088 + 3 + 13 bytes here, at most a line's 8,192.
    const fits = `${"a".repeat(4088)}-10`;
    expect(`RW1 HO ${fits} from=${"a".repeat(4088)}`.length).toBe(8192);
    const t = fresh();
    const tooLong = await expectProblem(await postJson(`/v1/threads/${t}/handoffs/${fits}0/challenge`, { expectAcc: ["len:120w"] }), "invalid-request");
    expect(tooLong).toMatchObject({ parameter: "handoff", limit: 8192 });
    expect(tooLong.detail).toContain("8193 bytes");
    expect(await tablesOf(t)).toStrictEqual([]);
    expect(await ok(await postJson(`/v1/threads/${t}/handoffs/${fits}/challenge`, { expectAcc: ["len:120w"] }), 202)).toMatchObject({ handoff: fits, known: false });
  });

  it("refuses a challenge for a handoff already closed or superseded", async () => {
    const t = fresh();
    await ok(await append(t, [BRIEF, "RW1 UN writer-1 re=lead-1 from=writer to=lead item=doc:brief why=NOCAP"]));
    const closed = await expectProblem(await postJson(`/v1/threads/${t}/handoffs/lead-1/challenge`, { expectAcc: ["len:120w"] }), "thread-conflict");
    expect(closed.detail).toContain("closed by UN");
    const u = fresh();
    await ok(await append(u, [BRIEF, "RW1 CX lead-2 re=lead-1 from=lead to=writer item=doc:brief why=REVOKED"]));
    await expectProblem(await postJson(`/v1/threads/${u}/handoffs/lead-1/challenge`, { expectAcc: ["len:120w"] }), "thread-conflict");
  });

  it("keeps a closed handoff's challenge: after a restart its readbacks are judged as they were", async () => {
    // The audit is rebuilt from the stored lines when the object restarts and checks each stored
    // readback again with the challenge; dropped when the handoff closed, the void readback would
    // pass on the next restart and the item's owner move to the receiver.
    const t = fresh();
    await ok(await append(t, [BRIEF]));
    expect((await postJson(`/v1/threads/${t}/handoffs/lead-1/challenge`, { expectAcc: ["len:120w", "lang:en-gb"] })).status).toBe(204);
    await ok(await append(t, [RB_BAD, "RW1 CX lead-3 re=lead-1 from=lead to=writer item=doc:brief why=REVOKED"]));
    const before = await state(t);
    const handoff = await ok(await call(`/v1/threads/${t}/handoffs/lead-1`));
    expect(before.report.counts.readbacks).toMatchObject({ void: 1, passed: 0 });
    expect(before.report.owners).toStrictEqual([{ item: "doc:brief", owner: "lead", handoff: null, readback: "void" }]);
    await restart(t);
    expect((await state(t)).report).toStrictEqual(before.report);
    expect(await ok(await call(`/v1/threads/${t}/handoffs/lead-1`))).toStrictEqual(handoff);
  });

  it("checks a readback with a challenge registered after a restart of a thread that held none", async () => {
    // The rebuild asks no challenge of a thread that holds none; one registered once it is rebuilt
    // is asked for again, as on a thread never restarted.
    const t = fresh();
    await ok(await append(t, [BRIEF]));
    await restart(t);
    expect((await state(t)).report.counts.handoffs).toBe(1);
    expect((await postJson(`/v1/threads/${t}/handoffs/lead-1/challenge`, { expectAcc: ["len:120w", "lang:en-gb"] })).status).toBe(204);
    const r = await ok(await append(t, [RB_BAD]));
    expect(r.results[0].readback).toMatchObject({ rb: "writer-2", handoff: "lead-1", verdict: "void" });
    // The audit's verdict too: the item stays the sender's, and a restart judges it alike.
    const after = (await state(t)).report;
    expect(after.counts.readbacks).toMatchObject({ void: 1, passed: 0 });
    expect(after.owners).toStrictEqual([{ item: "doc:brief", owner: "lead", handoff: null, readback: "void" }]);
    await restart(t);
    expect((await state(t)).report).toStrictEqual(after);
  });

  it("refuses a challenge after the readback was checked, and a record the vocabulary does not read", async () => {
    const t = fresh();
    await ok(await append(t, [BRIEF, RB_GOOD]));
    await expectProblem(await postJson(`/v1/threads/${t}/handoffs/lead-1/challenge`, { expectAcc: ["len:120w"] }), "thread-conflict");
    const u = fresh();
    await ok(await append(u, [PAY_HO]));
    await expectProblem(await postJson(`/v1/threads/${u}/handoffs/scheduler-1/challenge`, { record: { nosuchslot: "x" } }), "invalid-record");
    await expectProblem(await postJson(`/v1/threads/${u}/handoffs/scheduler-1/challenge`, {}), "invalid-request");
  });

  it("refuses criteria that are not key:value when registered, so none voids a readback or shows in the thread", async () => {
    const t = fresh();
    await ok(await append(t, [BRIEF]));
    // The sender's own slip ("tone formal", and the empty item after a trailing +), refused as
    // a record the vocabulary does not read is: with findings, to the sender, before any readback.
    for (const expectAcc of [["len:120w", "tone formal"], "len:120w+"]) {
      const p = await expectProblem(await postJson(`/v1/threads/${t}/handoffs/lead-1/challenge`, { expectAcc }), "invalid-request");
      expect(p.parameter).toBe("expectAcc");
      expect((p.findings as { code: string }[]).map((f) => f.code)).toStrictEqual(["CRITERIA_SYNTAX"]);
    }
    // Two values for a single-valued key are refused the same way (CRITERIA_REPEATED).
    const twice = await expectProblem(await postJson(`/v1/threads/${t}/handoffs/lead-1/challenge`, { expectAcc: "len:120w+tone:plain+len:90w" }), "invalid-request");
    expect((twice.findings as { code: string }[]).map((f) => f.code)).toStrictEqual(["CRITERIA_REPEATED"]);
    // And a key outside the closed set, which the readback would pass without ever comparing.
    const typo = await expectProblem(await postJson(`/v1/threads/${t}/handoffs/lead-1/challenge`, { expectAcc: "lenght:120w" }), "invalid-request");
    expect((typo.findings as { code: string }[]).map((f) => f.code)).toStrictEqual(["CRITERIA_KEY_UNKNOWN"]);
    // A criterion holding a character no line may carry (a control character, a line break, a lone
    // surrogate) could never be met: no receiver's acc= can hold it. Refused, by JSON or query.
    for (const expectAcc of ["must:a\u0000b", ["len:120w", "must:a\u0085b"], "must:a\ud800b"]) {
      const p = await expectProblem(await postJson(`/v1/threads/${t}/handoffs/lead-1/challenge`, { expectAcc }), "invalid-request");
      expect(p.parameter).toBe("expectAcc");
      expect((p.findings as { code: string }[]).map((f) => f.code)).toStrictEqual(["CRITERIA_SYNTAX"]);
      expect(p.detail).toContain("no line may carry");
    }
    await expectProblem(await postJson(`/v1/threads/${t}/handoffs/lead-9/challenge?expectAcc=must:a%01b`, {}), "invalid-request");
    // Ahead of its HO too: the 202 would otherwise keep them until the readback came.
    await expectProblem(await postJson(`/v1/threads/${t}/handoffs/lead-9/challenge`, { expectAcc: ["tone formal"] }), "invalid-request");
    await expectProblem(await postJson(`/v1/threads/${t}/handoffs/lead-9/challenge`, { expectAcc: ["tone:plain", "tone:formal"] }), "invalid-request");
    // Nothing was kept: the receiver's readback is checked without them, and never shows them.
    const rb = await append(t, [RB_GOOD]);
    const text = await rb.clone().text();
    expect((await ok(rb)).results[0].readback.verdict).not.toBe("void");
    expect(text).not.toContain("tone formal");
    expect(JSON.stringify(await state(t))).not.toContain("tone formal");
  });

  it("refuses criteria or a record the HO's rb= never reads, so a readback is never wilco without the sender's challenge", async () => {
    const t = fresh();
    // rb=echo (the default): tier 4 and tier 5 are not asked; kept, the challenge would check nothing.
    await ok(await append(t, [HO]));
    const p = await expectProblem(await postJson(`/v1/threads/${t}/handoffs/research-01/challenge`, { expectAcc: ["len:150w"] }), "invalid-request");
    expect(p).toMatchObject({ parameter: "expectAcc" });
    expect(p.detail).toContain("rb=acc");
    await expectProblem(await postJson(`/v1/threads/${t}/handoffs/research-01/challenge`, { record: { item: "gh:crox/site#42" } }), "invalid-request");
    // rb=acc asks tier 4 but not tier 5.
    const u = fresh();
    await ok(await append(u, [BRIEF]));
    await expectProblem(await postJson(`/v1/threads/${u}/handoffs/lead-1/challenge`, { expectAcc: ["len:120w"], record: { item: "doc:brief" } }), "invalid-request");
    // rb=exec on an ask with no execution slots: tier 5 is not asked either (EXEC_NO_MAP).
    const v = fresh();
    await ok(await append(v, [HO.replace(" //", " rb=exec //")]));
    const noMap = await expectProblem(await postJson(`/v1/threads/${v}/handoffs/research-01/challenge`, { record: { item: "gh:crox/site#42" } }), "invalid-request");
    expect(noMap.detail).toContain("EXEC_NO_MAP");
    // Nothing was kept: the HO's readback is checked as the sender asked, and the handoff stays open to a challenge.
    expect((await ok(await append(t, [RB]))).results[0].readback.verdict).toBe("wilco");
    expect((await postJson(`/v1/threads/${u}/handoffs/lead-1/challenge`, { expectAcc: ["len:120w"] })).status).toBe(204);
  });

  it("tells the sender when an HO appended after its challenge does not ask for it, and drops what it does not read", async () => {
    const t = fresh();
    // Criteria registered ahead, then an HO with rb=echo (the default): tier 4 is not asked.
    expect((await postJson(`/v1/threads/${t}/handoffs/research-01/challenge`, { expectAcc: ["len:150w"] })).status).toBe(202);
    const stored = (await ok(await append(t, [HO]))).results[0];
    expect(stored.status).toBe("stored");
    expect(stored.findings.map((f: any) => [f.code, f.slot])).toStrictEqual([["READBACK_NOT_ASKED", "acc"]]);
    expect(stored.findings[0].message).toContain("rb=acc");
    // Dropped, so the handoff is no longer treated as challenged: a later challenge it reads may be registered.
    const rb = (await ok(await append(t, [RB]))).results[0];
    expect(rb.readback.verdict).toBe("wilco");
    expect(JSON.stringify(await state(t))).not.toContain("150w");
    // A challenge with criteria and a record, ahead of an HO that asks rb=acc only: the record is not read.
    const u = fresh();
    await postJson(`/v1/threads/${u}/handoffs/lead-1/challenge`, { expectAcc: ["len:120w", "lang:en-gb"], record: { item: "doc:brief" } });
    const brief = (await ok(await append(u, [BRIEF]))).results[0];
    expect(brief.findings.map((f: any) => [f.code, f.slot])).toStrictEqual([["READBACK_NOT_ASKED", undefined]]);
    expect(brief.findings[0].message).toContain("rb=exec");
    // The criteria it reads are kept and used.
    expect((await ok(await append(u, [RB_BAD]))).results[0].readback.verdict).toBe("void");
  });

  it("checks execution values the receiver resolved against the registered record", async () => {
    const t = fresh();
    const ho = PAY_HO.replace(" acct=40-12-88/61102938", "");
    await ok(await append(t, [ho]));
    expect((await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { record: { ...PAY_RECORD, $resolve: ["acct"] } })).status).toBe(204);
    const rb = PAY_RB.replace(" h=a7a82de76607", "");
    const r = await ok(await append(t, [rb]));
    expect(r.results[0].readback.verdict).toBe("wilco");
    const u = fresh();
    await ok(await append(u, [ho]));
    const unverified = await ok(await append(u, [rb]));
    expect(unverified.results[0].readback.verdict).toBe("unverified");
  });

  it("refuses a record that the HO already appended contradicts, with check-ho's findings, and keeps nothing", async () => {
    const t = fresh();
    await ok(await append(t, [PAY_HO]));
    // The HO says 5400.00; the record the sender approved says 4500.00.
    const p = await expectProblem(await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { record: { ...PAY_RECORD, amt: "4500.00" } }), "thread-conflict");
    expect(p.parameter).toBe("record");
    expect((p.findings as { code: string; slot: string }[]).map((f) => [f.code, f.slot])).toStrictEqual([["HO_DIFFERS", "amt"]]);
    expect(p.detail).toContain("cancel it (CX)");
    // Nothing was registered: the readback is checked as without a record (rb=exec, all carried: wilco).
    expect((await ok(await append(t, [PAY_RB]))).results[0].readback.verdict).toBe("wilco");
    // A record the HO omits a value of is refused the same way; one that matches is registered.
    const u = fresh();
    await ok(await append(u, [PAY_HO.replace(" apref=FD-0929", "")]));
    const omits = await expectProblem(await postJson(`/v1/threads/${u}/handoffs/scheduler-1/challenge`, { record: PAY_RECORD }), "thread-conflict");
    expect((omits.findings as { code: string }[]).map((f) => f.code)).toStrictEqual(["HO_OMITS"]);
    // A record that holds no value for an execution slot the HO leaves out approves nothing the
    // act would use (HO_EXEC_UNSET, README note 46), $resolve or not; one without a value the HO
    // carries approves none (HO_DIFFERS, note 23).
    const { acct: _acct, ...noAcct } = PAY_RECORD;
    const w = fresh();
    await ok(await append(w, [PAY_HO.replace(" acct=40-12-88/61102938", "")]));
    const unset = await expectProblem(await postJson(`/v1/threads/${w}/handoffs/scheduler-1/challenge`, { record: { ...noAcct, $resolve: ["acct"] } }), "thread-conflict");
    expect((unset.findings as { code: string; slot: string }[]).map((f) => [f.code, f.slot])).toStrictEqual([["HO_EXEC_UNSET", "acct"]]);
    const x = fresh();
    await ok(await append(x, [PAY_HO]));
    const unrecorded = await expectProblem(await postJson(`/v1/threads/${x}/handoffs/scheduler-1/challenge`, { record: noAcct }), "thread-conflict");
    expect((unrecorded.findings as { code: string; slot: string }[]).map((f) => [f.code, f.slot])).toStrictEqual([["HO_DIFFERS", "acct"]]);
    const v = fresh();
    await ok(await append(v, [PAY_HO]));
    expect((await postJson(`/v1/threads/${v}/handoffs/scheduler-1/challenge`, { record: PAY_RECORD })).status).toBe(204);
  });

  it("refuses an HO that contradicts a record registered ahead of it even when its rb= would not read the record", async () => {
    const t = fresh();
    await ok(await append(t, [PAY_HO], { profile: "pay" }));
    const second = PAY_HO.replaceAll("scheduler-1", "scheduler-2").replace(" rb=exec", "");
    expect((await postJson(`/v1/threads/${t}/handoffs/scheduler-2/challenge`, { record: PAY_RECORD })).status).toBe(202);
    // Without rb=exec its readback would be judged without the record: check-ho refuses it (HO_NEEDS_EXEC).
    const same = (await ok(await append(t, [second]))).results[0];
    expect(same.status).toBe("refused");
    expect(same.findings.map((f: any) => [f.code, f.slot])).toStrictEqual([["HO_NEEDS_EXEC", "rb"]]);
    const differs = (await ok(await append(t, [second.replace("amt=5400.00", "amt=9400.00")]))).results[0];
    expect(differs.findings.map((f: any) => f.code)).toStrictEqual(["HO_DIFFERS", "HO_NEEDS_EXEC"]);
    // And registered for it once appended: 409 with check-ho's findings, before the 400 for what rb= does not read.
    const u = fresh();
    await ok(await append(u, [PAY_HO.replace(" rb=exec", "")], { profile: "pay" }));
    const p = await expectProblem(await postJson(`/v1/threads/${u}/handoffs/scheduler-1/challenge`, { record: PAY_RECORD }), "thread-conflict");
    expect((p.findings as { code: string }[]).map((f) => f.code)).toStrictEqual(["HO_NEEDS_EXEC"]);
  });

  it("writes each part of a challenge once: a later registration adds a part, and cannot drop or replace one", async () => {
    const t = fresh();
    const ho = PAY_HO.replace("rb=exec", "rb=exec+acc keys=len");
    await ok(await append(t, [ho]));
    expect((await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { expectAcc: ["len:120w"] })).status).toBe(204);
    expect((await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { record: PAY_RECORD })).status).toBe(204);
    const again = await expectProblem(await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { expectAcc: ["len:999w"] }), "thread-conflict");
    expect(again.parameter).toBe("expectAcc");
    await expectProblem(await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { record: PAY_RECORD }), "thread-conflict");
    // Empty criteria are none given: nothing to register, so nothing is wiped.
    await expectProblem(await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { expectAcc: [] }), "invalid-request");
    await expectProblem(await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { expectAcc: "" }), "invalid-request");
    // Both parts judge the readback: the first criteria, not the refused ones.
    const rb = PAY_RB.replace(" h=a7a82de76607", "");
    expect((await ok(await append(t, [`${rb} acc=len:999w`]))).results[0].readback.verdict).toBe("void");
    expect((await ok(await append(t, [`${rb.replace("payer-1", "payer-2")} acc=len:120w`]))).results[0].readback.verdict).toBe("wilco");
  });

  it("refuses a challenge for an id a line other than an HO holds: no HO can take it", async () => {
    const t = fresh();
    await ok(await append(t, ["RW1 ST builder-1 from=builder to=ops item=jira:OPS-77 pct=40"]));
    const p = await expectProblem(await postJson(`/v1/threads/${t}/handoffs/builder-1/challenge`, { expectAcc: ["len:120w"] }), "thread-conflict");
    expect(p.detail).toContain("builder-1 is an ST of this thread");
  });

  it("reads no more of the thread's challenges to hide their values than the handoffs it answers about", async () => {
    // Challenges registered ahead cost a request each and are unbounded; an append that read them
    // all for every line slowed 60-fold with 5,000 of them, and past the CPU limit, failed.
    const rowsReadBy = async (challenges: number): Promise<number> => {
      const t = fresh();
      const cursors: { rowsRead: number }[] = [];
      await runInDurableObject(stubOf(t), (instance: ThreadObject) => {
        for (let n = 1; n <= challenges; n++) instance.challenge(`other-${n}`, { expectAcc: ["len:1w"] });
        const held = instance as unknown as { sql: SqlStorage };
        const real = held.sql;
        held.sql = { ...real, exec: (query: string, ...bindings: unknown[]) => {
          const cursor = real.exec(query, ...bindings);
          cursors.push(cursor);
          return cursor;
        } } as SqlStorage;
      });
      await ok(await append(t, Array.from({ length: 50 }, (_, n) => `RW1 HO a-${n + 1} from=a to=b item=x${n} ask=FIX`)));
      await state(t);
      return cursors.reduce((sum, c) => sum + c.rowsRead, 0);
    };
    expect(await rowsReadBy(500)).toBeLessThan((await rowsReadBy(0)) + 500);
  });

  it("tells the receiver nothing of the sender's criteria, not even a value its readback lacks, and hides only the tiers the challenge judged", async () => {
    const t = fresh();
    await ok(await append(t, [BRIEF.replace("keys=len+lang", "keys=len+tone")]));
    // An unknown key is refused when registered (CRITERIA_KEY_UNKNOWN), so the secret rides on a key compared: a gap.
    expect((await postJson(`/v1/threads/${t}/handoffs/lead-1/challenge`, { expectAcc: ["len:120w", "tone:plain", "must:launchcode-4471"] })).status).toBe(204);
    const res = await append(t, [RB_BAD.replace("lang:en-gb", "tone:plain")]);
    const text = await res.clone().text();
    expect(text).not.toContain("launchcode");
    const tiers = (await ok(res)).results[0].readback.report.tiers;
    for (const f of tiers[3].findings) expect(f).not.toHaveProperty("received");
    expect(JSON.stringify(await ok(await call(`/v1/threads/${t}/handoffs/lead-1`)))).not.toContain("launchcode");
    // A record alone hides tier 5, not tier 4, which read the HO's own acc=.
    const u = fresh();
    await ok(await append(u, [PAY_HO.replace("rb=exec", "rb=exec+acc keys=len acc=len:120w")]));
    expect((await postJson(`/v1/threads/${u}/handoffs/scheduler-1/challenge`, { record: PAY_RECORD })).status).toBe(204);
    const report = (await ok(await append(u, [`${PAY_RB.replace(" h=a7a82de76607", "")} acc=len:150w`]))).results[0].readback.report;
    expect(report.tiers[3].findings.map((f: any) => f.expected)).toContain("len:120w");
  });

  it("refuses an HO that contradicts the record registered ahead of it, with one finding that names no slot, before its receiver sees it", async () => {
    const t = fresh();
    // A first HO fixes the thread's profile, which a record registered ahead is read with.
    await ok(await append(t, [PAY_HO], { profile: "pay" }));
    const second = PAY_HO.replaceAll("scheduler-1", "scheduler-2").replace("MD-2026-057", "MD-2026-058");
    const record = { ...PAY_RECORD, item: "inv:MD-2026-058", amt: "4500.00" };
    expect((await postJson(`/v1/threads/${t}/handoffs/scheduler-2/challenge`, { record })).status).toBe(202);
    const res = await append(t, [second]);
    const text = await res.clone().text();
    const refused = (await ok(res)).results[0];
    expect(refused.status).toBe("refused");
    expect(refused.refusal).toBeNull();
    expect(refused.findings).toStrictEqual([{ code: "HO_DIFFERS", severity: "error", message: "scheduler-2 does not match the record its sender registered for it (or for the handoff it re-issues); which value is not said, since the record is private: the sender runs check-ho with its record (rw check-ho, POST /v1/check-ho) to see" }]);
    // The record is the sender's: the answer does not quote it.
    expect(text).not.toContain("4500");
    // Nor which slot differs, or is omitted: forged HOs wrong in different places are refused
    // alike, so appending them finds the record's values no faster than guessing the whole line.
    for (const forged of [second.replace("acct=40-12-88/61102938", "acct=40-12-88/00000000"), second.replace(" apref=FD-0929", ""), second.replace("cur=GBP", "cur=EUR").replace("amt=5400.00", "amt=4500.00")]) {
      expect((await ok(await append(t, [forged]))).results[0].findings).toStrictEqual(refused.findings);
    }
    expect((await ok(await call(`/v1/threads/${t}/lines`))).lines).toHaveLength(1);
    // The HO that says what was approved is stored, and its readback checked against the record.
    const fixed = await ok(await append(t, [second.replace("amt=5400.00", "amt=4500.00")]));
    expect(fixed.results[0].status).toBe("stored");
    const rb = PAY_RB.replaceAll("scheduler-1", "scheduler-2").replace("MD-2026-057", "MD-2026-058").replace("amt=5400.00", "amt=4500.00").replace(" h=a7a82de76607", "");
    expect((await ok(await append(t, [rb]))).results[0].readback.verdict).toBe("wilco");
  });
});

describe("a challenge registered ahead of an HO that names its profile with p= (note 34)", () => {
  // The payer resolves the account (section 5.3): the record holds it, the HO does not.
  const HO_RESOLVE = PAY_HO.replace(" acct=40-12-88/61102938", "");
  const RECORD = { ...PAY_RECORD, $resolve: ["acct"] };
  const RB_RESOLVED = PAY_RB.replace(" h=a7a82de76607", "");

  it("reads the record with the profile the challenge names, so a pay record registers ahead on a thread with no profile, and checks the readback", async () => {
    const t = fresh();
    // Read with the core (the thread has no profile), the pay slots are unknown: refused, as before.
    const unread = await expectProblem(await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { record: RECORD }), "invalid-record");
    expect(unread.parameter).toBe("record");
    expect(unread.detail).toContain("name the profile the HO carries with p= as profile");
    // Named as the HO's p= will name it, the record reads, and waits for its HO.
    expect(await ok(await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { record: RECORD, profile: "pay" }), 202)).toMatchObject({ handoff: "scheduler-1", known: false });
    const stored = (await ok(await append(t, [HO_RESOLVE]))).results[0];
    expect(stored.status).toBe("stored");
    expect(stored.findings.filter((f: any) => f.severity !== "note" || f.code !== "THREAD_OPEN")).toStrictEqual([]);
    // The thread's profile stays unset: the challenge's profile is the HO's, not the thread's.
    expect((await state(t)).profile).toBeNull();
    // The record checks the account the payer resolved: a wrong one is void, the approved one wilco.
    expect((await ok(await append(t, [RB_RESOLVED.replace("acct=40-12-88/61102938", "acct=40-12-88/00000000")]))).results[0].readback.verdict).toBe("void");
    expect((await ok(await append(t, [RB_RESOLVED.replace("payer-1", "payer-2")]))).results[0].readback.verdict).toBe("wilco");
    // A re-issue carries the record, and the profile it was read with.
    const u = fresh();
    expect((await postJson(`/v1/threads/${u}/handoffs/scheduler-1/challenge`, { record: RECORD, profile: "pay" })).status).toBe(202);
    await ok(await append(u, [HO_RESOLVE, RB_RESOLVED.replace("acct=40-12-88/61102938", "acct=40-12-88/00000000")]));
    const reissued = (await ok(await append(u, [HO_RESOLVE.replace("scheduler-1", "scheduler-2 re=payer-1")]))).results[0];
    expect(reissued.findings.map((f: any) => f.code)).toContain("CHALLENGE_CARRIED");
    const rb = RB_RESOLVED.replace("payer-1", "payer-2").replace("re=scheduler-1", "re=scheduler-2");
    expect((await ok(await append(u, [rb.replace("acct=40-12-88/61102938", "acct=40-12-88/00000000")]))).results[0].readback.verdict).toBe("void");
    expect((await ok(await append(u, [rb.replace("payer-2", "payer-3")]))).results[0].readback.verdict).toBe("wilco");
  });

  it("refuses an HO that is not read with the profile its challenge named, before its receiver sees it", async () => {
    const t = fresh();
    expect((await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { expectAcc: ["len:120w"], profile: "pay" })).status).toBe(202);
    // A core HO under the id: its readback would be read in another vocabulary than the sender's criteria.
    const core = "RW1 HO scheduler-1 from=scheduler to=payer item=inv:MD-2026-057 ask=DRAFT rb=acc keys=len";
    const refused = (await ok(await append(t, [core]))).results[0];
    expect(refused.status).toBe("refused");
    expect(refused.refusal).toBeNull();
    expect(refused.findings.map((f: any) => [f.code, f.slot, f.expected, f.received])).toStrictEqual([["HO_DIFFERS", "p", "pay", undefined]]);
    expect((await ok(await call(`/v1/threads/${t}/lines`))).lines).toHaveLength(0);
    // The HO that names it is stored, and its readback checked with the criteria.
    const named = core.replace(" from=", " p=pay from=");
    expect((await ok(await append(t, [named]))).results[0].status).toBe("stored");
    const rb = "RW1 RB payer-1 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 ask=DRAFT acc=len:150w";
    expect((await ok(await append(t, [rb]))).results[0].readback.verdict).toBe("void");
  });

  it("fixes the profile with the challenge's first registration, checks it against an HO already appended, and refuses a name no profile has", async () => {
    const t = fresh();
    await expectProblem(await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { record: RECORD, profile: "nosuch" }), "unknown-profile");
    expect((await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { record: RECORD, profile: "pay" })).status).toBe(202);
    // A later part is read with the same profile, named or not; another profile is refused.
    const other = await expectProblem(await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { expectAcc: ["len:120w"], profile: "clin" }), "thread-conflict");
    expect(other.parameter).toBe("profile");
    expect((await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { expectAcc: ["len:120w"] })).status).toBe(202);
    await expectProblem(await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { profile: 7, expectAcc: ["len:1w"] }), "invalid-request");
    // Appended, an HO's profile is its own: a challenge naming another is refused.
    const u = fresh();
    await ok(await append(u, [HO_RESOLVE]));
    expect((await expectProblem(await postJson(`/v1/threads/${u}/handoffs/scheduler-1/challenge`, { record: RECORD, profile: "clin" }), "thread-conflict")).parameter).toBe("profile");
    expect((await postJson(`/v1/threads/${u}/handoffs/scheduler-1/challenge`, { record: RECORD, profile: "pay" })).status).toBe(204);
  });
});

describe("a challenge registered ahead and the thread's own profile (notes 33, 34)", () => {
  // A thread's inline profile, as the thread-clock differential draws it: an ask with execution slots.
  const WIRE = { profile: "wire", version: "0.1", extends: "RW1", title: "Wire transfers", desc: "A thread's own profile.", asks: { WIRE: "send a wire transfer" }, slots: [{ key: "wamt", type: "money", on: ["HO", "RB", "DN", "ST"], desc: "amount" }, { key: "wref", type: "token", on: ["HO", "RB", "DN", "ST"], desc: "reference" }], exec: { WIRE: ["wamt", "wref"] } };
  const WIRE_HO = "RW1 HO ops-655 p=wire from=ops to=builder item=acme:W-655 ask=WIRE rb=acc+exec keys=len wamt=12.50 wref=W655";
  const wireRb = (n: number, acc: string) => `RW1 RB builder-${n} re=ops-655 p=wire from=builder to=ops item=acme:W-655 ask=WIRE acc=${acc} wamt=12.50 wref=W655`;
  const RECORD = { wamt: "12.50", wref: "W655" };
  const register = (thread: string, body: Record<string, unknown>, handoff = "ops-655") => postJson(`/v1/threads/${thread}/handoffs/${handoff}/challenge`, body);

  it("refuses a challenge naming the thread's inline profile until a line fixed it, saying why, then reads its parts with it", async () => {
    const t = fresh();
    const early = await expectProblem(await register(t, { record: RECORD, profile: "wire" }), "unknown-profile");
    expect([early.parameter, early.profile]).toStrictEqual(["profile", "wire"]);
    expect(early.detail).toContain("this thread has no profile yet: an inline profile is the thread's once the first append naming it stores a line, so register the challenge after that line");
    // The first append naming the profile stores a line, and fixes it: the challenge is then read with it.
    await ok(await append(t, [HO], { profile: WIRE }));
    expect((await state(t)).profile).toBe("wire");
    expect(await ok(await register(t, { record: RECORD, profile: "wire" }), 202)).toMatchObject({ handoff: "ops-655", known: false });
    // A name no profile has, on a thread with its own, says which the thread has.
    expect((await expectProblem(await register(t, { expectAcc: ["len:120w"], profile: "wires" }, "ops-656"), "unknown-profile")).detail).toContain("or the thread's inline one (wire)");
    // The HO is held to the record as the thread's profile reads it.
    expect((await ok(await append(t, [WIRE_HO.replace("wamt=12.50", "wamt=13.00")]))).results[0].findings.map((f: any) => f.code)).toStrictEqual(["HO_DIFFERS"]);
    expect((await ok(await append(t, [WIRE_HO]))).results[0].status).toBe("stored");
  });

  it("keeps a challenge whose first part named no profile naming none, whether or not a line fixed the thread's profile since", async () => {
    const t = fresh();
    // Ahead of the thread's first line, criteria naming no profile are read with the core.
    expect((await register(t, { expectAcc: ["len:120w"] })).status).toBe(202);
    await ok(await append(t, [HO], { profile: WIRE }));
    // The thread's profile, fixed since, did not read them: naming it is refused, as any name is.
    const named = await expectProblem(await register(t, { record: RECORD, profile: "wire" }), "thread-conflict");
    expect(named.parameter).toBe("profile");
    expect(named.detail).toContain("the parts already registered for ops-655 named no profile");
    // Nor is naming one advised when a record naming none does not read.
    const unread = await expectProblem(await register(t, { record: { amt: "5400.00" } }), "invalid-record");
    expect(unread.detail).toContain("(read with the profile wire: the parts already registered named no profile, so this one names none either)");
    // Naming none, the record is read with the thread's profile, and the HO held to none.
    expect((await register(t, { record: RECORD })).status).toBe(202);
    // The HO read with the thread's profile is not refused for the core having read the criteria.
    expect((await ok(await append(t, [WIRE_HO]))).results[0].status).toBe("stored");
    expect((await ok(await append(t, [wireRb(665, "len:150w")]))).results[0].readback.verdict).toBe("void");
    expect((await ok(await append(t, [wireRb(666, "len:120w")]))).results[0].readback.verdict).toBe("wilco");
    // The same answer where the thread's profile was fixed before the first part: what a
    // registration is answered does not hang on when a line fixed the thread's profile.
    const u = fresh();
    await ok(await append(u, [HO], { profile: WIRE }));
    expect((await register(u, { expectAcc: ["len:120w"] })).status).toBe(202);
    expect((await expectProblem(await register(u, { record: RECORD, profile: "wire" }), "thread-conflict")).parameter).toBe("profile");
  });

  it("says an HO whose vocabulary does not read the record so, naming no slot or value, alike whatever values it carries (note 146)", async () => {
    const t = fresh();
    await ok(await append(t, [HO], { profile: WIRE }));
    // Naming no profile, the record is read with the thread's profile; an HO naming p=pay is read with pay, which has no wamt.
    expect((await register(t, { record: RECORD })).status).toBe(202);
    const pay = "RW1 HO ops-655 p=pay from=ops to=builder item=acme:W-655 ask=DRAFT rb=acc keys=len";
    const res = await append(t, [pay]);
    const text = await res.clone().text();
    const refused = (await ok(res)).results[0];
    expect([refused.status, refused.refusal]).toStrictEqual(["refused", null]);
    expect(refused.findings).toStrictEqual([{ code: "HO_DIFFERS", severity: "error", message: "ops-655 names p=pay, which does not read the record its sender registered for it (or for the handoff it re-issues), read with another vocabulary when registered: no HO read with this one matches it. Which slot is not said, since the record is private: the sender sends the HO with the p= its record was written for, or runs check-ho with its record under this vocabulary (rw check-ho --profile, POST /v1/check-ho) to see" }]);
    for (const secret of ["wamt", "wref", "12.50", "W655"]) expect(text).not.toContain(secret);
    // Whatever values a p=pay HO carries, it is refused alike: the answer hangs on its p= alone.
    for (const other of [pay.replace("keys=len", "keys=lang"), PAY_HO.replace("scheduler-1", "ops-655").replace("from=scheduler to=payer item=inv:MD-2026-057", "from=ops to=builder item=acme:W-655")]) {
      expect((await ok(await append(t, [other]))).results[0].findings).toStrictEqual(refused.findings);
    }
    // Read with the thread's profile, the record reads, and a value that differs is said as before.
    expect((await ok(await append(t, [WIRE_HO.replace("wamt=12.50", "wamt=13.00")]))).results[0].findings.map((f: any) => f.message)).toStrictEqual(["ops-655 does not match the record its sender registered for it (or for the handoff it re-issues); which value is not said, since the record is private: the sender runs check-ho with its record (rw check-ho, POST /v1/check-ho) to see"]);
    expect((await ok(await append(t, [WIRE_HO]))).results[0].status).toBe("stored");
    // An HO naming no profile is said to be read with the thread's vocabulary: here the core, a
    // re-issue of a pay HO whose record was read with pay when registered.
    const u = fresh();
    await ok(await append(u, [PAY_HO]));
    expect((await postJson(`/v1/threads/${u}/handoffs/scheduler-1/challenge`, { record: PAY_RECORD })).status).toBe(204);
    const reissue = "RW1 HO scheduler-2 re=scheduler-1 from=scheduler to=payer item=inv:MD-2026-057 ask=DRAFT rb=acc keys=len";
    const core = (await ok(await append(u, [reissue]))).results[0];
    expect(core.status).toBe("refused");
    expect(core.findings.map((f: any) => [f.code, f.slot, f.message.split(", which")[0]])).toStrictEqual([["HO_DIFFERS", undefined, "scheduler-2 names no profile (p=), so is read with the core"]]);
  });

  it("holds a challenge whose parts were read with the core and then the thread's profile as one registered whole naming none, and answers it alike (note 147)", async () => {
    // Criteria ahead of the thread's first line are read with the core; the record, after the line
    // that fixed the thread's profile, with that profile. The same parts registered together then.
    const mixed = fresh();
    expect((await register(mixed, { expectAcc: ["len:120w"] })).status).toBe(202);
    await ok(await append(mixed, [HO], { profile: WIRE }));
    expect((await register(mixed, { record: RECORD })).status).toBe(202);
    const together = fresh();
    await ok(await append(together, [HO], { profile: WIRE }));
    expect((await register(together, { expectAcc: ["len:120w"], record: RECORD })).status).toBe(202);
    // The thread keeps the parts as given, not how they were read: the same row, byte for byte.
    const row = (thread: string) => runInDurableObject(stubOf(thread), (_: ThreadObject, s: DurableObjectState) => s.storage.sql.exec<{ handoff: string; body: string }>("SELECT handoff, body FROM challenges").toArray());
    expect(await row(mixed)).toStrictEqual(await row(together));
    // And every answer after it alike: an HO under another profile, one that differs, the right
    // one, a readback misreading the criteria, one misreading the record, and one that passes.
    const lines = [WIRE_HO.replace("p=wire", "p=pay").replace("ask=WIRE rb=acc+exec keys=len wamt=12.50 wref=W655", "ask=DRAFT rb=acc keys=len"), WIRE_HO.replace("wamt=12.50", "wamt=13.00"), WIRE_HO, wireRb(665, "len:150w"), wireRb(666, "len:120w").replace("wref=W655", "wref=W656"), wireRb(667, "len:120w")];
    const answers = async (thread: string) => {
      const said = [];
      for (const line of lines) said.push((await ok(await append(thread, [line]))).results[0]);
      const { readbacks, open, report } = await state(thread);
      return { said, readbacks, open, report: { ...report, thread: undefined } };
    };
    const seen = await answers(mixed);
    expect(seen.said.map((r: any) => r.readback?.verdict ?? r.status)).toStrictEqual(["refused", "refused", "stored", "void", "void", "wilco"]);
    expect(await answers(together)).toStrictEqual(seen);
  });
});

describe("a re-issued HO carries the challenge of the handoff it supersedes (rule 1)", () => {
  const BRIEF = "RW1 HO lead-1 from=lead to=writer item=doc:brief ask=DRAFT rb=acc keys=len+lang // a short intro";
  const RB_BAD = "RW1 RB writer-1 re=lead-1 from=writer to=lead item=doc:brief ask=DRAFT acc=len:150w+lang:en-gb";
  const REISSUE = "RW1 HO lead-2 re=writer-1 from=lead to=writer item=doc:brief ask=DRAFT rb=acc keys=len+lang // a short intro";
  const rbOf = (id: string, acc: string) => `RW1 RB ${id} re=lead-2 from=writer to=lead item=doc:brief ask=DRAFT acc=${acc}`;

  it("checks the re-issue's readback with the original's criteria, says so when it is appended, and never shows them", async () => {
    const t = fresh();
    await ok(await append(t, [BRIEF]));
    expect((await postJson(`/v1/threads/${t}/handoffs/lead-1/challenge`, { expectAcc: ["len:120w", "lang:en-gb"] })).status).toBe(204);
    expect((await ok(await append(t, [RB_BAD]))).results[0].readback.verdict).toBe("void");
    // The sender re-issues the HO with re= naming the void readback: a new id, the same handoff.
    const reissued = (await ok(await append(t, [REISSUE]))).results[0];
    expect(reissued.status).toBe("stored");
    expect(reissued.findings.map((f: any) => f.code)).toStrictEqual(["THREAD_REISSUED", "CHALLENGE_CARRIED"]);
    expect(reissued.findings[1].message).toBe("the criteria registered for lead-1 carry over to its re-issue lead-2, whose readback is checked with them");
    // The same misreading, sent to the re-issue, is void: dropped, the criteria would pass it.
    const res = await append(t, [rbOf("writer-2", "len:150w+lang:en-gb")]);
    const text = await res.clone().text();
    expect((await ok(res)).results[0].readback.verdict).toBe("void");
    expect(text).not.toContain("120w");
    expect((await ok(await append(t, [rbOf("writer-3", "len:120w+lang:en-gb")]))).results[0].readback.verdict).toBe("wilco");
    expect(JSON.stringify(await state(t))).not.toContain("120w");
  });

  it("holds the re-issue to the original's record: one that contradicts it is refused, and a resolved value is checked", async () => {
    const t = fresh();
    const ho = PAY_HO.replace(" acct=40-12-88/61102938", "");
    await ok(await append(t, [ho], { profile: "pay" }));
    expect((await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { record: { ...PAY_RECORD, $resolve: ["acct"] } })).status).toBe(204);
    const reissue = ho.replace("scheduler-1", "scheduler-2 re=scheduler-1");
    const differs = (await ok(await append(t, [reissue.replace("amt=5400.00", "amt=9400.00")]))).results[0];
    expect(differs.status).toBe("refused");
    // Refused without naming the slot, whatever differs: a forged re-issue teaches no one slot of the record.
    expect(differs.findings.map((f: any) => [f.code, f.slot])).toStrictEqual([["HO_DIFFERS", undefined]]);
    expect((await ok(await append(t, [reissue.replace("cur=GBP", "cur=EUR")]))).results[0].findings).toStrictEqual(differs.findings);
    const stored = (await ok(await append(t, [reissue]))).results[0];
    expect(stored.status).toBe("stored");
    expect(stored.findings.find((f: any) => f.code === "CHALLENGE_CARRIED")?.message).toBe("the record registered for scheduler-1 carries over to its re-issue scheduler-2, whose readback is checked with it");
    // The receiver resolves the account wrongly: the carried record refuses the readback (without it: unverified).
    const rb = PAY_RB.replace(" h=a7a82de76607", "").replace("re=scheduler-1", "re=scheduler-2");
    expect((await ok(await append(t, [rb.replace("acct=40-12-88/61102938", "acct=40-12-88/00000000")]))).results[0].readback.verdict).toBe("void");
    expect((await ok(await append(t, [rb.replace("payer-1", "payer-2")]))).results[0].readback.verdict).toBe("wilco");
  });

  it("keeps the original's part over one registered ahead for the re-issue, by anyone: a receiver cannot swap the record; once carried, a part is written once", async () => {
    // The receiver withholds its readback, so the sender re-issues (rule 1); ahead of it, the
    // receiver registers a record with its own account for the re-issue's id, which is predictable.
    const t = fresh();
    const ho = PAY_HO.replace(" acct=40-12-88/61102938", "");
    await ok(await append(t, [ho], { profile: "pay" }));
    expect((await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { record: { ...PAY_RECORD, $resolve: ["acct"] } })).status).toBe(204);
    const swapped = { ...PAY_RECORD, acct: "99-99-99/00000000", $resolve: ["acct"] };
    expect((await postJson(`/v1/threads/${t}/handoffs/scheduler-2/challenge`, { record: swapped })).status).toBe(202);
    const reissued = (await ok(await append(t, [ho.replace("scheduler-1", "scheduler-2 re=scheduler-1")]))).results[0];
    expect(reissued.status).toBe("stored");
    expect(reissued.findings.find((f: any) => f.code === "CHALLENGE_CARRIED")?.message).toBe("the record registered for scheduler-1 carries over to its re-issue scheduler-2, whose readback is checked with it; scheduler-2's own record, registered ahead of it, is dropped: a re-issue is checked with the challenge of the handoff it re-issues (to change one, cancel scheduler-1 and send a new HO)");
    const rb = PAY_RB.replace(" h=a7a82de76607", "").replace("re=scheduler-1", "re=scheduler-2");
    expect((await ok(await append(t, [rb.replace("acct=40-12-88/61102938", "acct=99-99-99/00000000")]))).results[0].readback.verdict).toBe("void");
    expect((await ok(await append(t, [rb.replace("payer-1", "payer-2")]))).results[0].readback.verdict).toBe("wilco");
    // Criteria registered ahead for the re-issue do not loosen the original's either.
    const v = fresh();
    await ok(await append(v, [BRIEF]));
    expect((await postJson(`/v1/threads/${v}/handoffs/lead-1/challenge`, { expectAcc: ["len:120w", "lang:en-gb"] })).status).toBe(204);
    await ok(await append(v, [RB_BAD]));
    expect((await postJson(`/v1/threads/${v}/handoffs/lead-2/challenge`, { expectAcc: ["len:150w", "lang:en-gb"] })).status).toBe(202);
    expect((await ok(await append(v, [REISSUE]))).results[0].findings.map((f: any) => f.code)).toStrictEqual(["THREAD_REISSUED", "CHALLENGE_CARRIED"]);
    expect((await ok(await append(v, [rbOf("writer-2", "len:150w+lang:en-gb")]))).results[0].readback.verdict).toBe("void");
    // A carried part is the re-issue's now: registering it again is refused, as for any part.
    const u = fresh();
    await ok(await append(u, [BRIEF]));
    expect((await postJson(`/v1/threads/${u}/handoffs/lead-1/challenge`, { expectAcc: ["len:120w"] })).status).toBe(204);
    await ok(await append(u, [RB_BAD, REISSUE]));
    await expectProblem(await postJson(`/v1/threads/${u}/handoffs/lead-2/challenge`, { expectAcc: ["len:150w"] }), "thread-conflict");
  });

  it("holds a re-issue to the profile of the challenge it carries, not to the profile of parts registered ahead for its id that the carry-over drops", async () => {
    const t = fresh();
    await ok(await append(t, [BRIEF]));
    expect((await postJson(`/v1/threads/${t}/handoffs/lead-1/challenge`, { expectAcc: ["len:120w", "lang:en-gb"] })).status).toBe(204);
    await ok(await append(t, [RB_BAD]));
    // Criteria registered ahead for lead-2, read with pay: the original's criteria stand over them,
    // so the profile they were read with says nothing of the re-issue, which is read as lead-1 is.
    expect((await postJson(`/v1/threads/${t}/handoffs/lead-2/challenge`, { expectAcc: ["len:150w"], profile: "pay" })).status).toBe(202);
    const reissued = (await ok(await append(t, [REISSUE]))).results[0];
    expect(reissued.status).toBe("stored");
    expect(reissued.findings.map((f: any) => f.code)).toStrictEqual(["THREAD_REISSUED", "CHALLENGE_CARRIED"]);
    expect(reissued.findings[1].message).toContain("lead-2's own criteria, registered ahead of it, are dropped");
    const kept = await runInDurableObject(stubOf(t), (_: ThreadObject, state: DurableObjectState) => state.storage.sql.exec<{ body: string }>("SELECT body FROM challenges WHERE handoff = 'lead-2'").one().body);
    expect(JSON.parse(kept)).toStrictEqual({ expectAcc: ["len:120w", "lang:en-gb"] });
    // Checked with the original's criteria.
    expect((await ok(await append(t, [rbOf("writer-2", "len:150w+lang:en-gb")]))).results[0].readback.verdict).toBe("void");
    expect((await ok(await append(t, [rbOf("writer-3", "len:120w+lang:en-gb")]))).results[0].readback.verdict).toBe("wilco");
  });

  it("carries nothing to an HO that cites a closed handoff (a new handoff, not a re-issue), and drops, saying so, what a re-issue's rb= does not read", async () => {
    const t = fresh();
    await ok(await append(t, [BRIEF]));
    expect((await postJson(`/v1/threads/${t}/handoffs/lead-1/challenge`, { expectAcc: ["len:120w"] })).status).toBe(204);
    await ok(await append(t, ["RW1 CX lead-2 re=lead-1 from=lead to=writer item=doc:brief why=SUPERSEDED"]));
    const cites = (await ok(await append(t, [REISSUE.replace("lead-2 re=writer-1", "lead-3 re=lead-1")]))).results[0];
    expect(cites.findings).toStrictEqual([]);
    expect((await ok(await append(t, [rbOf("writer-1", "len:150w+lang:en-gb").replace("re=lead-2", "re=lead-3")]))).results[0].readback.verdict).toBe("wilco");
    // A re-issue that lowers the level to rb=echo: the carried criteria are not read, and it says so
    // (and, being no longer the same HO, it is THREAD_REISSUE_CHANGED: rule 1).
    const u = fresh();
    await ok(await append(u, [BRIEF]));
    expect((await postJson(`/v1/threads/${u}/handoffs/lead-1/challenge`, { expectAcc: ["len:120w"] })).status).toBe(204);
    const lowered = (await ok(await append(u, [REISSUE.replace("lead-2 re=writer-1", "lead-2 re=lead-1").replace(" rb=acc keys=len+lang", "")]))).results[0];
    expect(lowered.findings.map((f: any) => f.code)).toStrictEqual(["THREAD_REISSUED", "THREAD_REISSUE_CHANGED", "CHALLENGE_CARRIED", "READBACK_NOT_ASKED"]);
    expect(lowered.findings[3].message).toContain("the criteria carried over from lead-1 are not read");
  });
});

describe("a done report on a re-issue line is checked against the readback that passed for the line (rule 1)", () => {
  // The payer resolves acct: only a passing readback, checked against the sender's record, plans it.
  const ORIGINAL = PAY_HO.replace(" acct=40-12-88/61102938", "");
  const REISSUE = ORIGINAL.replace("scheduler-1", "scheduler-2 re=scheduler-1");
  const rbOf = (handoff: string) => PAY_RB.replace(" h=a7a82de76607", "").replace("re=scheduler-1", `re=${handoff}`);
  const dnOf = (handoff: string, acct = "40-12-88/61102938") => PAY_DN.replace("re=scheduler-1", `re=${handoff}`).replace("acct=40-12-88/61102938", `acct=${acct}`);
  const RECORD = { record: { ...PAY_RECORD, $resolve: ["acct"] } };
  const challenge = (t: string, handoff: string) => postJson(`/v1/threads/${t}/handoffs/${handoff}/challenge`, RECORD);

  it("read back under the original, reported done under the re-issue: the original's readback is the plan, as check-thread finds one act by the owner", async () => {
    const setUp = async (): Promise<string> => {
      const t = fresh();
      await ok(await append(t, [ORIGINAL]));
      expect((await challenge(t, "scheduler-1")).status).toBe(204);
      expect((await ok(await append(t, [rbOf("scheduler-1")]))).results[0].readback.verdict).toBe("wilco");
      expect((await ok(await append(t, [REISSUE]))).results[0].findings.map((f: any) => f.code)).toStrictEqual(["THREAD_REISSUED", "CHALLENGE_CARRIED"]);
      return t;
    };
    const t = await setUp();
    const r = (await ok(await append(t, [dnOf("scheduler-2")]))).results[0];
    // check-thread: no THREAD_DONE_UNOWNED, the readback of the original made the payer the owner.
    expect(r.findings).toStrictEqual([]);
    expect(r.done).toStrictEqual({ dn: "payer-2", handoff: "scheduler-2", plan: "payer-1", ok: true, findings: [] });
    expect((await state(t)).dones).toStrictEqual([{ dn: "payer-2", handoff: "scheduler-2", ok: true }]);
    expect((await ok(await call(`/v1/threads/${t}/handoffs/scheduler-2`))).dones).toMatchObject([{ dn: "payer-2", plan: "payer-1", ok: true }]);
    // The plan is what the readback stated: another account than the one it read back is a mismatch.
    const u = await setUp();
    const wrong = (await ok(await append(u, [dnOf("scheduler-2", "99-99-99/00000000")]))).results[0].done;
    expect(wrong).toMatchObject({ handoff: "scheduler-2", plan: "payer-1", ok: false });
    expect(wrong.findings.map((f: any) => [f.code, f.slot, f.expected])).toStrictEqual([["DONE_MISMATCH", "acct", "40-12-88/61102938"]]);
  });

  it("read back under the re-issue, reported done under the original (THREAD_REPLY_SUPERSEDED): the re-issue's readback is the plan, with the re-issue's record", async () => {
    // The record is registered for the re-issue only: the readback was judged wilco with it, so the
    // done check reads it with that record too (without one, the resolved acct would plan nothing).
    const setUp = async (): Promise<string> => {
      const t = fresh();
      await ok(await append(t, [ORIGINAL, REISSUE]));
      expect((await challenge(t, "scheduler-2")).status).toBe(204);
      expect((await ok(await append(t, [rbOf("scheduler-2")]))).results[0].readback.verdict).toBe("wilco");
      return t;
    };
    const t = await setUp();
    const r = (await ok(await append(t, [dnOf("scheduler-1")]))).results[0];
    expect(r.findings.map((f: any) => f.code)).toStrictEqual(["THREAD_REPLY_SUPERSEDED"]);
    expect(r.done).toStrictEqual({ dn: "payer-2", handoff: "scheduler-1", plan: "payer-1", ok: true, findings: [] });
    expect((await state(t)).dones).toStrictEqual([{ dn: "payer-2", handoff: "scheduler-1", ok: true }]);
    const u = await setUp();
    const wrong = (await ok(await append(u, [dnOf("scheduler-1", "99-99-99/00000000")]))).results[0].done;
    expect(wrong).toMatchObject({ handoff: "scheduler-1", plan: "payer-1", ok: false });
    expect(wrong.findings.map((f: any) => [f.code, f.slot, f.expected])).toStrictEqual([["DONE_MISMATCH", "acct", "40-12-88/61102938"]]);
  });

  it("takes the DN's own HO's passing readback first, and checks the plan against the HO its readback read back", async () => {
    // Both HOs of the line read back: each DN is checked against its own HO's readback.
    const t = fresh();
    await ok(await append(t, [ORIGINAL]));
    expect((await challenge(t, "scheduler-1")).status).toBe(204);
    await ok(await append(t, [rbOf("scheduler-1"), REISSUE, rbOf("scheduler-2").replace("payer-1", "payer-3")]));
    expect((await ok(await append(t, [dnOf("scheduler-1").replace("payer-2", "payer-4")]))).results[0].done).toMatchObject({ handoff: "scheduler-1", plan: "payer-1", ok: true });
    expect((await ok(await append(t, [dnOf("scheduler-2").replace("payer-2", "payer-5")]))).results[0].done).toMatchObject({ handoff: "scheduler-2", plan: "payer-3", ok: true });
    // A re-issue that changed a value nobody read back: the amount confirmed is the original's.
    const u = fresh();
    await ok(await append(u, [PAY_HO, PAY_RB, PAY_HO.replace("scheduler-1", "scheduler-2 re=scheduler-1").replace("amt=5400.00", "amt=9400.00")]));
    const changed = (await ok(await append(u, [PAY_DN.replace("re=scheduler-1", "re=scheduler-2").replace("amt=5400.00", "amt=9400.00")]))).results[0];
    expect(changed.findings).toStrictEqual([]);
    expect(changed.done).toMatchObject({ handoff: "scheduler-2", plan: "payer-1", ok: false });
    expect(changed.done.findings.map((f: any) => [f.code, f.slot, f.expected, f.received])).toStrictEqual([["DONE_MISMATCH", "amt", "5400.00", "9400.00"]]);
  });
});

describe("prepared statements, with exp enforced by the object", () => {
  const HO_EXP = `${PAY_HO} exp=20991002T1500Z`;
  const CALL = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };

  /**
   * An HO with a statement prepared for it, whose RB the receiver relays (and the thread checks)
   * unless `relay` is false. The object's clock stands at T0, or at the real clock with `at: null`.
   */
  async function prepared(t: string, exp = "20991002T1405Z", relay = true, at: number | null = T0): Promise<{ token: string; readback: any; line: string; findings: any[] }> {
    if (at !== null) setClock(at);
    await ok(await append(t, [HO_EXP]));
    const s = await ok<{ token: string; readback: any; line: string; findings: any[] }>(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp }), 201);
    if (relay) expect((await ok(await append(t, [s.line]))).results[0].readback.verdict).toBe("wilco");
    return s;
  }
  const commitOf = (t: string, token: string) => call(`/v1/threads/${t}/statements/${token}/commit`, { method: "POST" });
  const abandonOf = (t: string, token: string) => call(`/v1/threads/${t}/statements/${token}/abandon`, { method: "POST" });

  it("sends no answer of a thread route cacheable: prepare, commit and abandon answer with a statement's token, and the thread's lines show it in x_tok=", async () => {
    const t = fresh();
    setClock(T0);
    const NO_STORE = "no-store";
    const appended = await append(t, [HO_EXP]);
    expect(appended.headers.get("cache-control")).toBe(NO_STORE);
    await ok(appended);
    const prepare = await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" });
    expect(prepare.headers.get("cache-control"), "prepare").toBe(NO_STORE);
    const s = await ok<{ token: string; line: string }>(prepare, 201);
    await ok(await append(t, [s.line]));
    const reads = [`/v1/threads/${t}`, `/v1/threads/${t}/lines`, `/v1/threads/${t}/handoffs/scheduler-1`, ...["findings", "owners", "open", "readbacks", "dones", "orphaned"].map((list) => `/v1/threads/${t}/${list}`)];
    for (const path of reads) {
      const r = await call(path);
      expect(r.headers.get("cache-control"), path).toBe(NO_STORE);
      await ok(r);
    }
    const lines = await call(`/v1/threads/${t}/lines`);
    expect(await lines.text()).toContain(`x_tok=${s.token}`);
    const challenge = await postJson(`/v1/threads/${t}/handoffs/scheduler-9/challenge`, { record: PAY_RECORD, profile: "pay" });
    expect(challenge.headers.get("cache-control"), `challenge ${await challenge.clone().text()}`).toBe(NO_STORE);
    await ok(challenge, 202);
    const committed = await commitOf(t, s.token);
    expect(committed.headers.get("cache-control"), "commit").toBe(NO_STORE);
    expect((await ok<{ token: string }>(committed)).token).toBe(s.token);
    const u = fresh();
    const third = await prepared(u);
    const a = await abandonOf(u, third.token);
    expect(a.headers.get("cache-control"), "abandon").toBe(NO_STORE);
    expect((await ok<{ token: string }>(a)).token).toBe(third.token);
    // Every route under /v1/threads was asked above.
    expect(ROUTES.filter((r) => r.pattern.startsWith("/v1/threads/")).length).toBe(reads.length + 5);
  });

  it("prepares, commits once, and refuses every later commit or abandon", async () => {
    const t = fresh();
    const s = await prepared(t);
    expect(s.token).toMatch(/^[0-9a-f]{32}$/);
    expect(s.readback.slots.x_tok).toBe(s.token);
    expect(s.readback.id).toBe("payer-1");
    expect(s.line).toBe(`RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:MD-2026-057 p=pay ask=PAY sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929 exp=20991002T1405Z h=${s.readback.slots.h} x_tok=${s.token}`);
    const done = await ok(await commitOf(t, s.token));
    expect(done).toMatchObject({ state: "committed", call: CALL });
    await expectProblem(await commitOf(t, s.token), "statement-refused");
    await expectProblem(await abandonOf(t, s.token), "statement-refused");
    await expectProblem(await commitOf(t, "0".repeat(32)), "unknown-statement");
    await expectProblem(await commitOf(t, "not-a-token"), "unknown-statement");
    // Tokens are capabilities: the thread's state counts statements and lists none.
    const st = await state(t);
    expect(st.statements).toStrictEqual({ committed: 1 });
    expect(JSON.stringify(st)).not.toContain(s.token);
  });

  it("checks the DN against the plan (check-dn): what ran must be what was stated", async () => {
    const t = fresh();
    const s = await prepared(t);
    await ok(await commitOf(t, s.token));
    const DN = "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
    const wrong = await ok(await append(t, [DN.replace("amt=5400.00", "amt=5100.00").replace("acct=40-12-88/61102938", "acct=99-99-99/00000000")]));
    expect(wrong.results[0].done).toMatchObject({ dn: "payer-2", handoff: "scheduler-1", plan: s.readback.id, ok: false });
    expect(wrong.results[0].done.findings.map((f: any) => [f.code, f.slot])).toStrictEqual([["DONE_MISMATCH", "amt"], ["DONE_MISMATCH", "acct"]]);
    expect((await state(t)).dones).toStrictEqual([{ dn: "payer-2", handoff: "scheduler-1", ok: false }]);
    const one = await ok(await call(`/v1/threads/${t}/handoffs/scheduler-1`));
    expect(one.dones.map((d: any) => [d.dn, d.ok])).toStrictEqual([["payer-2", false]]);
    const right = fresh();
    const r = await prepared(right);
    await ok(await commitOf(right, r.token));
    expect((await ok(await append(right, [DN]))).results[0].done).toMatchObject({ ok: true, findings: [] });
  });

  it("refuses a DN out=NOOP once a statement of the handoff was committed: commit runs the act, so the report contradicts the tool", async () => {
    const NOOP = "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=NOOP";
    const t = fresh();
    const s = await prepared(t);
    await ok(await commitOf(t, s.token));
    const after = (await ok(await append(t, [NOOP]))).results[0];
    expect(after.done).toMatchObject({ dn: "payer-2", handoff: "scheduler-1", ok: false });
    expect(after.done.findings.map((f: any) => [f.code, f.slot, f.expected, f.received])).toStrictEqual([["DONE_NOOP", "out", "OK or PARTIAL", "NOOP"]]);
    expect(after.done.findings[0].message).not.toContain(s.token);
    expect((await state(t)).dones).toStrictEqual([{ dn: "payer-2", handoff: "scheduler-1", ok: false }]);
    // Under a re-issue of the handoff whose original's statement ran, the same.
    const r = fresh();
    const u = await prepared(r);
    await ok(await commitOf(r, u.token));
    await ok(await append(r, [`${HO_EXP.replace("scheduler-1", "scheduler-2 re=scheduler-1")}`]));
    const reissued = (await ok(await append(r, [NOOP.replace("re=scheduler-1", "re=scheduler-2")]))).results[0];
    expect(reissued.done.findings.map((f: any) => f.code)).toStrictEqual(["DONE_NOOP"]);
    // Prepared and abandoned, or never committed, nothing ran: NOOP is the true report.
    const v = fresh();
    const w = await prepared(v);
    await ok(await abandonOf(v, w.token));
    expect((await ok(await append(v, [NOOP]))).results[0].done).toMatchObject({ ok: true });
    const x = fresh();
    await prepared(x);
    expect((await ok(await append(x, [NOOP]))).results[0].done).toMatchObject({ ok: true });
  });

  it("refuses a DN reporting the act (OK or PARTIAL) when the statement its plan relays never ran: commit executes the statement and nothing else (audit DD)", async () => {
    const DN = "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
    const t = fresh();
    const s = await prepared(t);
    const done = (await ok(await append(t, [DN]))).results[0].done;
    expect(done).toMatchObject({ dn: "payer-2", handoff: "scheduler-1", plan: s.readback.id, ok: false });
    expect(done.findings.map((f: any) => [f.code, f.slot, f.expected, f.received])).toStrictEqual([["DONE_UNCOMMITTED", "x_tok", "committed", "pending"]]);
    expect(done.findings[0].message).not.toContain(s.token);
    // The DN closed the handoff: its statement is ended, and the state keeps the done check as it was.
    expect((await state(t)).dones).toStrictEqual([{ dn: "payer-2", handoff: "scheduler-1", ok: false }]);
    expect((await state(t)).statements).toStrictEqual({ abandoned: 1 });
    // PARTIAL reports an act too; after an abandon the statement is said as it stands.
    const p = fresh();
    const u = await prepared(p);
    await ok(await abandonOf(p, u.token));
    const partial = (await ok(await append(p, [DN.replace("out=OK", "out=PARTIAL")]))).results[0].done;
    expect(partial.findings.map((f: any) => [f.code, f.received])).toStrictEqual([["DONE_UNCOMMITTED", "abandoned"]]);
    // Committed, the report is the act's.
    const c = fresh();
    const v = await prepared(c);
    await ok(await commitOf(c, v.token));
    expect((await ok(await append(c, [DN]))).results[0].done).toMatchObject({ ok: true, findings: [] });
    // A plan that is the receiver's own readback (no x_tok) says nothing of a statement.
    const r = fresh();
    setClock(T0);
    await ok(await append(r, [PAY_HO, PAY_RB]));
    expect((await ok(await append(r, [DN]))).results[0].done).toMatchObject({ ok: true, findings: [] });
  });

  it("cancels nothing with a CX after a DN closed the handoff (a second end): the commit of the statement the close abandoned is refused as abandoned, not as cancelled", async () => {
    const t = fresh();
    const s = await prepared(t);
    // The DN ends the handoff and what was prepared for it (section 5.4: an HO ends once).
    await ok(await append(t, ["RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=NOOP"]));
    const cx = (await ok(await append(t, ["RW1 CX scheduler-2 re=scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED"]))).results[0];
    expect(cx).toMatchObject({ status: "stored", cancelledStatements: 0 });
    expect(cx.findings.map((f: any) => f.code)).toStrictEqual(["THREAD_CLOSED_TWICE"]);
    const refused = await expectProblem(await commitOf(t, s.token), "statement-refused");
    expect(refused.findings).toMatchObject([{ code: "STATEMENT_REFUSED", slot: "x_tok", received: "abandoned" }]);
  });

  it("says on a CX's append when a statement of a handoff it withdrew already ran: the count of those it abandoned does not read as if the cancel stopped the act", async () => {
    const CX = "RW1 CX scheduler-2 re=scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED";
    const codes = (r: any): string[] => r.findings.map((f: any) => f.code);
    // A second statement was prepared before the first ran: the commit abandoned it (one act per
    // handoff), so the CX has nothing left to cancel, and the act ran.
    const t = fresh();
    const s = await prepared(t);
    await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), 201);
    await ok(await commitOf(t, s.token));
    const cx = (await ok(await append(t, [CX]))).results[0];
    expect(cx).toMatchObject({ status: "stored", cancelledStatements: 0 });
    expect(cx.findings.map((f: any) => [f.code, f.slot, f.expected, f.received])).toStrictEqual([["STATEMENT_REFUSED", "x_tok", "pending", "committed"]]);
    expect(cx.findings[0].message).toContain("the act of scheduler-1 already ran");
    expect(cx.findings[0].message).toContain("payer-1");
    expect(cx.findings[0].message).not.toContain(s.token);
    // A second CX is a second end (THREAD_CLOSED_TWICE): it withdraws nothing, and says nothing of the act.
    expect(codes((await ok(await append(t, [CX.replace("scheduler-2", "scheduler-3")]))).results[0])).toStrictEqual(["THREAD_CLOSED_TWICE"]);
    // Cancelled before anything ran: the count alone, as before.
    const u = fresh();
    await prepared(u);
    const before = (await ok(await append(u, [CX]))).results[0];
    expect(before.cancelledStatements).toBe(1);
    expect(codes(before)).toStrictEqual([]);
    // The live re-issue's CX withdraws the original too, under which the act ran; a superseded
    // HO's own CX (why=SUPERSEDED) withdraws that HO alone, as the core's audit reads it (note 28).
    const REISSUE = HO_EXP.replace("scheduler-1", "scheduler-2 re=scheduler-1");
    const r = fresh();
    const w = await prepared(r);
    await ok(await commitOf(r, w.token));
    await ok(await append(r, [REISSUE]));
    expect(codes((await ok(await append(r, [CX.replace("scheduler-2 re=scheduler-1", "scheduler-3 re=scheduler-2")]))).results[0])).toStrictEqual(["STATEMENT_REFUSED"]);
    const v = fresh();
    await prepared(v, "20991002T1405Z", false);
    await ok(await append(v, [REISSUE]));
    const y = await ok<{ token: string; line: string }>(await postJson(`/v1/threads/${v}/statements`, { handoff: "scheduler-2", call: CALL, exp: "20991002T1405Z" }), 201);
    await ok(await append(v, [y.line]));
    await ok(await commitOf(v, y.token));
    const own = (await ok(await append(v, [CX.replace("scheduler-2", "scheduler-3").replace("REVOKED", "SUPERSEDED")]))).results[0];
    expect(codes(own)).not.toContain("STATEMENT_REFUSED");
  });

  it("says on append when the receiver acknowledges a cancel (AN val=Y) after a statement of the handoff was committed: the act ran, so its answer is the DN", async () => {
    const CX = "RW1 CX scheduler-2 re=scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED";
    const ACK = "RW1 AN payer-3 re=scheduler-2 p=pay from=payer to=scheduler val=Y // statement abandoned; nothing paid";
    const t = fresh();
    const s = await prepared(t);
    await ok(await commitOf(t, s.token));
    expect((await ok(await append(t, [CX]))).results[0].cancelledStatements).toBe(0);
    const ack = (await ok(await append(t, [ACK]))).results[0];
    expect(ack.status).toBe("stored");
    expect(ack.findings.map((f: any) => [f.code, f.slot, f.expected, f.received])).toStrictEqual([["STATEMENT_RAN", "val", "the act's DN", "Y"]]);
    expect(ack.findings[0].message).not.toContain(s.token);
    // Cancelled before it ran, the statement is abandoned and val=Y is the true answer.
    const u = fresh();
    await prepared(u);
    expect((await ok(await append(u, [CX]))).results[0].cancelledStatements).toBe(1);
    expect((await ok(await append(u, [ACK]))).results[0].findings).toStrictEqual([]);
    // A cancel of the live re-issue withdraws the original too: a statement that ran under it ran the act.
    const r = fresh();
    const w = await prepared(r);
    await ok(await commitOf(r, w.token));
    await ok(await append(r, [HO_EXP.replace("scheduler-1", "scheduler-2 re=scheduler-1"), CX.replace("scheduler-2 re=scheduler-1", "scheduler-3 re=scheduler-2")]));
    const line = (await ok(await append(r, [ACK.replace("re=scheduler-2", "re=scheduler-3")]))).results[0];
    expect(line.findings.map((f: any) => f.code)).toStrictEqual(["STATEMENT_RAN"]);
  });

  it("takes the act's DN after a cancel that came once a statement of the handoff was committed as 5.4's answer: noted, not THREAD_DONE_AFTER_CANCEL", async () => {
    const CX = "RW1 CX scheduler-2 re=scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED";
    const DN = "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
    const codes = (r: any): string[] => r.findings.map((f: any) => f.code);
    const t = fresh();
    const s = await prepared(t);
    await ok(await commitOf(t, s.token));
    await ok(await append(t, [CX]));
    const after = (await ok(await append(t, [DN]))).results[0];
    expect(codes(after)).toStrictEqual(["THREAD_CANCEL_AFTER_ACT"]);
    expect(after.findings[0]).toMatchObject({ severity: "note", handoff: "scheduler-1", id: "payer-2", slot: "out", received: "OK" });
    expect(after.done).toMatchObject({ ok: true, findings: [] });
    const st = await state(t);
    expect(st.report.ok).toBe(true);
    expect(st.report.findings.map((f: any) => f.code)).toStrictEqual(["THREAD_CANCEL_AFTER_ACT"]);
    // Read again from storage, by a new instance of the object, the same.
    await restart(t);
    expect((await state(t)).report.findings.map((f: any) => f.code)).toStrictEqual(["THREAD_CANCEL_AFTER_ACT"]);
    // Cancelled before it was committed, the statement was abandoned: an act reported now came after the cancel.
    const u = fresh();
    await prepared(u);
    expect((await ok(await append(u, [CX]))).results[0].cancelledStatements).toBe(1);
    expect(codes((await ok(await append(u, [DN]))).results[0])).toStrictEqual(["THREAD_DONE_AFTER_CANCEL"]);
    expect((await state(u)).report.ok).toBe(false);
    // Committed under the original, then the live re-issue cancelled: the act reported under the original ran first.
    const r = fresh();
    const w = await prepared(r);
    await ok(await commitOf(r, w.token));
    await ok(await append(r, [HO_EXP.replace("scheduler-1", "scheduler-2 re=scheduler-1"), CX.replace("scheduler-2 re=scheduler-1", "scheduler-3 re=scheduler-2")]));
    expect(codes((await ok(await append(r, [DN]))).results[0])).toStrictEqual(["THREAD_REPLY_SUPERSEDED", "THREAD_CANCEL_AFTER_ACT"]);
  });

  it("takes only a passing readback as the plan: a value resolved and never checked is DONE_UNVERIFIED", async () => {
    // The payer resolves acct; without a record the thread cannot check it, so the readback is
    // unverified (ownership does not move) and cannot vouch for the acct the DN reports.
    const ho = PAY_HO.replace(" acct=40-12-88/61102938", "");
    const rb = PAY_RB.replace(" h=a7a82de76607", "");
    const t = fresh();
    await ok(await append(t, [ho]));
    expect((await ok(await append(t, [rb]))).results[0].readback.verdict).toBe("unverified");
    const unchecked = (await ok(await append(t, [PAY_DN]))).results[0].done;
    expect(unchecked).toMatchObject({ dn: "payer-2", handoff: "scheduler-1", plan: null, ok: false });
    expect(unchecked.findings.map((f: any) => [f.code, f.slot])).toStrictEqual([["DONE_UNVERIFIED", "acct"]]);
    // With the sender's record the same readback passes, and stands as the plan.
    const u = fresh();
    await ok(await append(u, [ho]));
    expect((await postJson(`/v1/threads/${u}/handoffs/scheduler-1/challenge`, { record: { ...PAY_RECORD, $resolve: ["acct"] } })).status).toBe(204);
    expect((await ok(await append(u, [rb]))).results[0].readback.verdict).toBe("wilco");
    expect((await ok(await append(u, [PAY_DN]))).results[0].done).toMatchObject({ plan: "payer-1", ok: true, findings: [] });
  });

  it("stands a readback judged with the sender's withheld criteria as the plan: check-dn gets them too, not DONE_PLAN_VOID", async () => {
    // The HO's own acc= says len:120w; the sender withheld len:200w, which sets it aside (tier 4).
    // The readback echoing the withheld criteria passes, and the DN is checked against it as the plan.
    const ho = PAY_HO.replace(" rb=exec", " rb=acc+exec acc=len:120w");
    const rb = PAY_RB.replace(" h=a7a82de76607", "").replace(" ask=PAY", " ask=PAY acc=len:200w");
    const t = fresh();
    await ok(await append(t, [ho]));
    expect((await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { expectAcc: ["len:200w"] })).status).toBe(204);
    expect((await ok(await append(t, [rb]))).results[0].readback.verdict).toBe("wilco");
    expect((await ok(await append(t, [PAY_DN]))).results[0].done).toMatchObject({ plan: "payer-1", ok: true, findings: [] });
  });

  it("refuses a commit after exp, by the object's own clock, and keeps refusing", async () => {
    const t = fresh();
    const s = await prepared(t, "20991002T1405Z");
    setClock(Date.UTC(2099, 9, 2, 14, 6));
    const late = await expectProblem(await commitOf(t, s.token), "statement-refused");
    expect(late.detail).toContain("after the statement's exp=20991002T1405Z");
    await expectProblem(await commitOf(t, s.token), "statement-refused");
  });

  it("an abandon after exp finds the statement expired by the object's clock, whether or not the alarm has run yet", async () => {
    // Alarms run late (retries, eviction): what a statement is at a moment is the clock's, not the alarm's.
    const early = fresh();
    const s = await prepared(early, "20991002T1405Z");
    setClock(Date.UTC(2099, 9, 2, 14, 6));
    const refused = await expectProblem(await abandonOf(early, s.token), "statement-refused");
    expect(refused.detail).toContain("expired at 20991002T1405Z");
    expect((await state(early)).statements).toStrictEqual({ expired: 1 });
    // The same after the alarm ran.
    const late = fresh();
    const u = await prepared(late, "20991002T1405Z");
    setClock(Date.UTC(2099, 9, 2, 14, 6));
    expect(await runDurableObjectAlarm(stubOf(late))).toBe(true);
    expect((await expectProblem(await abandonOf(late, u.token), "statement-refused")).detail).toBe(refused.detail);
    // Within the minute of exp, an abandon still discards it.
    const inTime = fresh();
    const v = await prepared(inTime, "20991002T1405Z");
    setClock(Date.UTC(2099, 9, 2, 14, 5, 59));
    expect(await ok(await abandonOf(inTime, v.token))).toMatchObject({ state: "abandoned" });
  });

  it("counts a statement past its exp as expired in the thread's state before the alarm runs", async () => {
    // Alarms run late (retries, eviction): the state at a moment is the clock's, as commit and abandon read it.
    const t = fresh();
    await prepared(t, "20991002T1405Z");
    expect((await state(t)).statements).toStrictEqual({ pending: 1 });
    setClock(Date.UTC(2099, 9, 2, 14, 6));
    expect((await state(t)).statements).toStrictEqual({ expired: 1 });
  });

  it("reads only the statements past their window to expire them (more than one batch of them here): neither the state nor the alarm loads every pending one", async () => {
    // One a prepare, each up to a line's 8 KiB of values twice over: a few thousand, all loaded at
    // every read of the state and every alarm, would fill the object's memory.
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [HO_EXP]));
    for (let k = 0; k < 130; k++) await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: k < 120 ? "20991002T1405Z" : "20991002T1430Z" }), 201);
    // The object shares the tests' isolate: each statement it reads is one JSON.parse of its body.
    const parse = vi.spyOn(JSON, "parse");
    const read = (): number => parse.mock.calls.filter(([text]) => typeof text === "string" && text.includes('"token"')).length;
    try {
      expect((await state(t)).statements).toStrictEqual({ pending: 130 });
      expect(read()).toBe(0);
      setClock(Date.UTC(2099, 9, 2, 14, 10));
      expect((await state(t)).statements).toStrictEqual({ pending: 10, expired: 120 });
      expect(read()).toBe(120);
      parse.mockClear();
      // The alarm reads none it leaves pending, and wakes when the next window ends.
      expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
      expect(read()).toBe(0);
      expect(await realAlarm(t)).toBe(afterTime("20991002T1430Z"));
      setClock(Date.UTC(2099, 9, 2, 14, 31));
      expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
      expect(read()).toBe(10);
    } finally {
      parse.mockRestore();
    }
    expect((await state(t)).statements).toStrictEqual({ expired: 130 });
  });

  it("refuses a readback relayed after its own exp: it is never checked, and ownership does not move", async () => {
    const t = fresh();
    const s = await prepared(t, "20991002T1405Z", false);
    setClock(Date.UTC(2099, 9, 2, 14, 6));
    const r = (await ok(await append(t, [s.line]))).results[0];
    expect(r).toMatchObject({ status: "refused", refusal: null });
    expect(r.findings.map((f: any) => [f.code, f.slot, f.received])).toStrictEqual([["THREAD_READBACK_EXPIRED", "exp", "20991002T1406Z"]]);
    const after = await state(t);
    expect(after.lines).toBe(1);
    expect(after.report.owners).toStrictEqual([{ item: "inv:MD-2026-057", owner: "scheduler", handoff: null }]);
    // Within the minute of its exp it is still in time.
    const u = fresh();
    const v = await prepared(u, "20991002T1405Z", false);
    setClock(Date.UTC(2099, 9, 2, 14, 5, 59));
    expect((await ok(await append(u, [v.line]))).results[0].readback.verdict).toBe("wilco");
  });

  it("refuses a readback without exp of its own that arrives after its HO's exp: nothing may be done on the handoff after it, and ownership does not move", async () => {
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [HO_EXP]));
    const rb = `${PAY_RB.replace("h=a7a82de76607 ", "")}`;
    setClock(Date.UTC(2099, 9, 2, 15, 1));
    const r = (await ok(await append(t, [rb]))).results[0];
    expect(r).toMatchObject({ status: "refused", refusal: null });
    expect(r.findings.map((f: any) => [f.code, f.slot, f.expected, f.received])).toStrictEqual([["THREAD_READBACK_EXPIRED", "re", "by 20991002T1500Z", "20991002T1501Z"]]);
    const after = await state(t);
    expect(after.lines).toBe(1);
    expect(after.readbacks).toStrictEqual([]);
    expect(after.report.owners).toStrictEqual([{ item: "inv:MD-2026-057", owner: "scheduler", handoff: null }]);
    // Within the minute of the HO's exp it is still in time.
    const u = fresh();
    setClock(T0);
    await ok(await append(u, [HO_EXP]));
    setClock(Date.UTC(2099, 9, 2, 15, 0, 59));
    expect((await ok(await append(u, [rb]))).results[0].readback.verdict).toBe("wilco");
  });

  it("refuses a confirmation of a readback after its exp or its HO's: the readback cannot be confirmed after it, so a late AN val=Y lifts no hold", async () => {
    const t = fresh();
    setClock(T0);
    const rb = `${RB} exp=20991002T1405Z`;
    await ok(await append(t, [HO, rb]));
    setClock(Date.UTC(2099, 9, 2, 14, 1));
    await ok(await append(t, ["RW1 AN research-02 re=writer-01 from=research to=writer val=N // hold"]));
    setClock(Date.UTC(2099, 9, 2, 14, 6));
    const late = (await ok(await append(t, ["RW1 AN research-03 re=writer-01 from=research to=writer val=Y"]))).results[0];
    expect(late).toMatchObject({ status: "refused", refusal: null });
    expect(late.findings.map((f: any) => [f.code, f.slot, f.expected, f.received])).toStrictEqual([["THREAD_CONFIRMATION_EXPIRED", "re", "by 20991002T1405Z", "20991002T1406Z"]]);
    // The hold stands: the act the receiver then reports is one its sender held.
    await ok(await append(t, ["RW1 DN writer-02 re=research-01 from=writer to=research item=gh:crox/site#42 out=OK"]));
    expect((await state(t)).report.findings.filter((f: any) => f.code === "THREAD_DONE_AFTER_HOLD")).toMatchObject([{ handoff: "research-01", received: "N" }]);
    // A hold after the window confirms nothing and is taken; so is a confirmation within the minute of exp.
    const u = fresh();
    setClock(T0);
    await ok(await append(u, [HO, rb]));
    setClock(Date.UTC(2099, 9, 2, 14, 5, 59));
    expect((await ok(await append(u, ["RW1 AN research-02 re=writer-01 from=research to=writer val=Y"]))).results[0].status).toBe("stored");
    setClock(Date.UTC(2099, 9, 2, 14, 7));
    expect((await ok(await append(u, ["RW1 AN research-03 re=writer-01 from=research to=writer val=N"]))).results[0].status).toBe("stored");
    // An RB without exp of its own is bounded by its HO's.
    const v = fresh();
    setClock(T0);
    await ok(await append(v, [HO.replace(" // ", " exp=20991002T1500Z // "), RB.replace(" h=c40bba4360dc", "")]));
    setClock(Date.UTC(2099, 9, 2, 15, 1));
    const afterHo = (await ok(await append(v, ["RW1 AN research-02 re=writer-01 from=research to=writer val=Y"]))).results[0];
    expect(afterHo.findings.map((f: any) => [f.code, f.expected])).toStrictEqual([["THREAD_CONFIRMATION_EXPIRED", "by 20991002T1500Z"]]);
  });

  it("takes a late yes that is not the sender's: it confirms nothing, so the hold stands, and check-thread reports it (note 107)", async () => {
    const t = fresh();
    setClock(T0);
    const rb = `${RB} exp=20991002T1405Z`;
    await ok(await append(t, [HO, rb]));
    setClock(Date.UTC(2099, 9, 2, 14, 1));
    await ok(await append(t, ["RW1 AN research-02 re=writer-01 from=research to=writer val=N // hold"]));
    setClock(Date.UTC(2099, 9, 2, 14, 6));
    const own = (await ok(await append(t, ["RW1 AN writer-02 re=writer-01 from=writer to=research val=Y"]))).results[0];
    expect([own.status, own.findings]).toStrictEqual(["stored", []]);
    const other = (await ok(await append(t, ["RW1 AN research-03 re=writer-01 from=research to=writer item=gh:crox/site#7 val=Y"]))).results[0];
    expect([other.status, other.findings.map((f: any) => f.code)]).toStrictEqual(["stored", ["THREAD_REPLY_ITEM"]]);
    // The sender's own late yes is still refused, and the hold stands.
    const sender = (await ok(await append(t, ["RW1 AN research-04 re=writer-01 from=research to=writer val=Y"]))).results[0];
    expect(sender.findings.map((f: any) => f.code)).toStrictEqual(["THREAD_CONFIRMATION_EXPIRED"]);
    await ok(await append(t, ["RW1 DN writer-03 re=research-01 from=writer to=research item=gh:crox/site#42 out=OK"]));
    expect((await state(t)).report.findings.filter((f: any) => f.code === "THREAD_DONE_AFTER_HOLD")).toMatchObject([{ handoff: "research-01", received: "N" }]);
  });

  it("commits during the minute of exp", async () => {
    const t = fresh();
    const s = await prepared(t, "20991002T1405Z");
    setClock(Date.UTC(2099, 9, 2, 14, 5, 59));
    await ok(await commitOf(t, s.token));
  });

  it("refuses to prepare past the HO's exp, for an unknown HO, or with exp already past", async () => {
    const t = fresh();
    await prepared(t);
    await expectProblem(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1600Z" }), "statement-refused");
    await expectProblem(await postJson(`/v1/threads/${t}/statements`, { handoff: "nobody-1", call: CALL, exp: "20991002T1405Z" }), "unknown-handoff");
    // Not a message id: no HO can have it, so it is the request's error, as the {handoff} path segment's is.
    for (const handoff of ["x", "scheduler-", "-1", "scheduler 1"]) {
      const bad = await expectProblem(await postJson(`/v1/threads/${t}/statements`, { handoff, call: CALL, exp: "20991002T1405Z" }), "invalid-request");
      expect([bad.parameter, bad.detail]).toStrictEqual(["handoff", `handoff: ${JSON.stringify(handoff)} is not a message id (<from>-<n>)`]);
      const path = await expectProblem(await call(`/v1/threads/${t}/handoffs/${encodeURIComponent(handoff)}`), "invalid-request");
      expect([path.parameter, path.detail]).toStrictEqual([bad.parameter, bad.detail]);
    }
    await expectProblem(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1300Z" }), "statement-refused");
    await expectProblem(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "soon" }), "invalid-request");
    await expectProblem(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: { amt: { nested: 1 } }, exp: "20991002T1405Z" }), "invalid-request");
    await expectProblem(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: { nosuchslot: "x" }, exp: "20991002T1405Z" }), "invalid-request");
  });

  it("refuses to prepare a statement whose RB line is longer than a thread takes: it could never be relayed, so never run", async () => {
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [HO_EXP]));
    const prepare = (ref: string) => postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: { ...CALL, ref }, exp: "20991002T1405Z" });
    // The longest ref whose statement still fits, found from the line a short one gives.
    const short = await ok<{ line: string }>(await prepare("R"), 201);
    const longest = "R".repeat(8192 - short.line.length + 1);
    const fits = await ok<{ line: string; token: string }>(await prepare(longest), 201);
    expect(fits.line).toHaveLength(8192);
    expect((await ok(await append(t, [fits.line]))).results[0].status).toBe("stored");
    for (const ref of [`${longest}R`, "R".repeat(500_000)]) {
      const refused = await expectProblem(await prepare(ref), "line-too-long");
      expect(refused).toMatchObject({ parameter: "call", limit: 8192 });
    }
    // Nothing was stored for them: the two that fit are all the thread holds.
    expect((await state(t)).statements).toStrictEqual({ pending: 2 });
  });

  it("refuses a commit until the statement's readback is relayed and passes, then runs it", async () => {
    const t = fresh();
    const s = await prepared(t, "20991002T1405Z", false);
    const early = await expectProblem(await commitOf(t, s.token), "statement-refused");
    expect(early.detail).toContain("no readback of this statement");
    expect(early.findings).toMatchObject([{ code: "STATEMENT_REFUSED", slot: "x_tok", expected: "wilco", received: "none" }]);
    expect((await state(t)).statements).toStrictEqual({ pending: 1 });
    await ok(await append(t, [s.line]));
    expect(await ok(await commitOf(t, s.token))).toMatchObject({ state: "committed" });
  });

  it("refuses a commit while the sender's answer to the statement's readback is anything but val=Y (section 5.3)", async () => {
    const t = fresh();
    const s = await prepared(t);
    // The code's check passed, but the sender holds the act: its answer stands over the verdict.
    await ok(await append(t, [`RW1 AN scheduler-2 re=${s.readback.id} p=pay from=scheduler to=payer val=HOLD // the approval is being queried`]));
    const held = await expectProblem(await commitOf(t, s.token), "statement-refused");
    expect(held.findings).toMatchObject([{ code: "STATEMENT_REFUSED", slot: "val", expected: "Y", received: "HOLD" }]);
    expect((await state(t)).statements).toStrictEqual({ pending: 1 });
    // An answer from someone else, or to another message, is not the sender's answer to it.
    await ok(await append(t, [`RW1 AN payer-3 re=scheduler-2 p=pay from=payer to=scheduler val=Y`]));
    await expectProblem(await commitOf(t, s.token), "statement-refused");
    // A fresh statement of the same call, relayed and not yet answered, does not step past the hold.
    await ok(await abandonOf(t, s.token));
    const again = await ok<{ token: string; readback: any; line: string }>(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), 201);
    expect((await ok(await append(t, [again.line]))).results[0].readback.verdict).toBe("wilco");
    const still = await expectProblem(await commitOf(t, again.token), "statement-refused");
    expect(still.findings).toMatchObject([{ code: "STATEMENT_REFUSED", slot: "val", expected: "Y", received: "HOLD" }]);
    expect(still.detail).toContain(`has not answered ${again.readback.id} val=Y since`);
    // The sender's val=Y to the readback it now holds is the answer that stands: the act is cleared.
    await ok(await append(t, [`RW1 AN scheduler-3 re=${again.readback.id} p=pay from=scheduler to=payer val=Y // readback matches the approved run; proceed`]));
    expect(await ok(await commitOf(t, again.token))).toMatchObject({ state: "committed" });
  });

  it("lifts no hold with a val=Y to a void readback: only a passing readback answered val=Y clears the act, as check-thread reads it", async () => {
    const t = fresh();
    const s = await prepared(t);
    await ok(await append(t, [`RW1 AN scheduler-2 re=${s.readback.id} p=pay from=scheduler to=payer val=HOLD`]));
    await ok(await abandonOf(t, s.token));
    const again = await ok<{ token: string; readback: any; line: string }>(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), 201);
    expect((await ok(await append(t, [again.line]))).results[0].readback.verdict).toBe("wilco");
    // The receiver misreads the amount; the sender confirms that failed readback.
    const misread = "RW1 RB payer-90 re=scheduler-1 from=payer to=scheduler item=inv:MD-2026-057 ask=PAY p=pay sup=marlow amt=5100.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
    expect((await ok(await append(t, [misread]))).results[0].readback.verdict).toBe("void");
    await ok(await append(t, ["RW1 AN scheduler-3 re=payer-90 p=pay from=scheduler to=payer val=Y"]));
    const held = await expectProblem(await commitOf(t, again.token), "statement-refused");
    expect(held.findings).toMatchObject([{ code: "STATEMENT_REFUSED", slot: "val", expected: "Y", received: "HOLD" }]);
    // A DN of the act anyway is the act the sender held, in the thread's check-thread too.
    await ok(await append(t, ["RW1 DN payer-91 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929"]));
    expect((await state(t)).report.findings.filter((f: any) => f.code === "THREAD_DONE_AFTER_HOLD")).toMatchObject([{ handoff: "scheduler-1", id: "payer-91", received: "HOLD" }]);
  });

  it("refuses a commit once the sender handed the item to another receiver whose readback passed, until it withdraws that handoff (rule 1)", async () => {
    const t = fresh();
    const s = await prepared(t);
    const values = "sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
    await ok(await append(t, [`RW1 HO scheduler-2 p=pay from=scheduler to=treasury item=inv:MD-2026-057 ask=PAY rb=exec ${values}`, `RW1 RB treasury-1 re=scheduler-2 p=pay from=treasury to=scheduler item=inv:MD-2026-057 ask=PAY ${values}`]));
    const moved = await expectProblem(await commitOf(t, s.token), "statement-refused");
    expect(moved.findings).toMatchObject([{ code: "STATEMENT_REFUSED", slot: "item", expected: "scheduler-1", received: "scheduler-2" }]);
    // Withdrawn, that handoff holds nothing to act on: the statement's act is cleared again.
    await ok(await append(t, ["RW1 CX scheduler-3 re=scheduler-2 p=pay from=scheduler to=treasury item=inv:MD-2026-057 why=REVOKED"]));
    expect(await ok(await commitOf(t, s.token))).toMatchObject({ state: "committed" });
  });

  it("takes the sender's answer to the statement's readback only about its item: one about another item neither clears nor holds the act", async () => {
    const t = fresh();
    const s = await prepared(t);
    await ok(await append(t, [`RW1 AN scheduler-2 re=${s.readback.id} p=pay from=scheduler to=payer val=HOLD`]));
    const other = (await ok(await append(t, [`RW1 AN scheduler-3 re=${s.readback.id} p=pay from=scheduler to=payer item=inv:MD-2026-999 val=Y`]))).results[0];
    expect(other.findings.map((f: any) => [f.code, f.handoff, f.expected, f.received])).toStrictEqual([["THREAD_REPLY_ITEM", "scheduler-1", "inv:MD-2026-057", "inv:MD-2026-999"]]);
    expect((await expectProblem(await commitOf(t, s.token), "statement-refused")).findings).toMatchObject([{ slot: "val", received: "HOLD" }]);
    await ok(await append(t, [`RW1 AN scheduler-4 re=${s.readback.id} p=pay from=scheduler to=payer item=inv:MD-2026-057 val=Y`]));
    expect(await ok(await commitOf(t, s.token))).toMatchObject({ state: "committed" });
    // A hold about another item holds nothing.
    const u = fresh();
    const v = await prepared(u);
    await ok(await append(u, [`RW1 AN scheduler-2 re=${v.readback.id} p=pay from=scheduler to=payer item=inv:MD-2026-999 val=HOLD`]));
    expect(await ok(await commitOf(u, v.token))).toMatchObject({ state: "committed" });
  });

  it("reports a DN of the act its sender held in the thread's check-thread (THREAD_DONE_AFTER_HOLD)", async () => {
    const t = fresh();
    const s = await prepared(t);
    await ok(await append(t, [`RW1 AN scheduler-2 re=${s.readback.id} p=pay from=scheduler to=payer val=HOLD`]));
    expect((await state(t)).report.ok).toBe(true);
    // The commit is refused, yet the receiver reports the act done: the audit says the sender held it.
    await ok(await append(t, ["RW1 DN payer-3 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929"]));
    const report = (await state(t)).report;
    expect(report.ok).toBe(false);
    expect(report.findings.filter((f: any) => f.code === "THREAD_DONE_AFTER_HOLD")).toMatchObject([{ handoff: "scheduler-1", id: "payer-3", slot: "val", expected: "Y", received: "HOLD" }]);
  });

  it("refuses a commit after a void readback of its statement", async () => {
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [HO_EXP]));
    // The tool resolved 5100.00 where the HO says 5400.00: prepare notes it, the sender's check fails it.
    const s = await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: { ...CALL, amt: "5100.00" }, exp: "20991002T1405Z" }), 201);
    expect(s.findings.map((f: any) => [f.code, f.slot])).toStrictEqual([["EXEC_DIFFERS", "amt"]]);
    expect((await ok(await append(t, [s.line]))).results[0].readback.verdict).toBe("void");
    const refused = await expectProblem(await commitOf(t, s.token), "statement-refused");
    expect(refused.detail).toContain(`its readback ${s.readback.id} was checked void`);
  });

  it("refuses a commit once the receiver refused the HO (UN)", async () => {
    const t = fresh();
    const s = await prepared(t);
    await ok(await append(t, ["RW1 UN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 why=NOCAP"]));
    const closed = await expectProblem(await commitOf(t, s.token), "statement-refused");
    expect(closed.detail).toContain("the statement was abandoned");
    // It can never run: it no longer reads as pending (section 5.4: the handoff ended).
    expect((await state(t)).statements).toStrictEqual({ abandoned: 1 });
  });

  it("a reply that closes the handoff (DN, UN, FL) ends its statements: not pending, no alarm for them, and a relay says so", async () => {
    for (const reply of ["RW1 UN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 why=NOCAP", "RW1 FL payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 why=ERR", "RW1 DN payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=NOOP"]) {
      const t = fresh();
      setClock(T0);
      // No exp on the HO: the statement's exp is the only deadline the alarm has.
      await ok(await append(t, [PAY_HO]));
      const s = await ok<{ token: string; line: string }>(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z", n: 3 }), 201);
      expect((await state(t)).alarm).toBe(afterTime("20991002T1405Z"));
      expect((await ok(await append(t, [reply]))).results[0].status).toBe("stored");
      expect((await state(t)).statements, reply).toStrictEqual({ abandoned: 1 });
      const relay = (await ok(await append(t, [s.line]))).results[0];
      expect(relay.findings.filter((f: any) => f.code === "STATEMENT_REFUSED").map((f: any) => f.received), reply).toStrictEqual(["abandoned"]);
      expect((await expectProblem(await commitOf(t, s.token), "statement-refused")).detail).toContain("abandoned");
      // The alarm it was set for finds nothing left to wake for.
      expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
      expect((await state(t)).alarm, reply).toBeNull();
    }
  });

  it("a commit ends the handoff's other statements: its act runs once, so none waits as pending", async () => {
    const t = fresh();
    const first = await prepared(t);
    const second = await ok<{ token: string; line: string }>(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), 201);
    expect((await state(t)).statements).toStrictEqual({ pending: 2 });
    await ok(await commitOf(t, first.token));
    expect((await state(t)).statements).toStrictEqual({ committed: 1, abandoned: 1 });
    // Relaying the other one gets the finding a commit of it would.
    const relay = (await ok(await append(t, [second.line]))).results[0];
    expect(relay.findings.filter((f: any) => f.code === "STATEMENT_REFUSED").map((f: any) => f.received)).toStrictEqual(["abandoned"]);
    expect((await expectProblem(await commitOf(t, second.token), "statement-refused")).detail).toContain("already ran under another statement");
  });

  it("refuses a line under the id of a statement's RB not yet relayed, and still takes the relay", async () => {
    const t = fresh();
    const s = await prepared(t, undefined, false);
    expect(s.readback.id).toBe("payer-1");
    // Any other line under payer-1 would leave the statement's RB unrelayable (THREAD_ID_REUSED).
    for (const line of ["RW1 AN payer-1 re=scheduler-1 from=payer to=scheduler val=Y", "RW1 AQ payer-1 re=scheduler-1 from=payer to=scheduler need=ENUM opts=a+b // which account?", s.line.replace(` x_tok=${s.token}`, ""), s.line.replace(`x_tok=${s.token}`, `x_tok=${"0".repeat(32)}`)]) {
      const taken = (await ok(await append(t, [line]))).results[0];
      expect([taken.status, taken.findings.map((f: any) => f.code)], line).toStrictEqual(["refused", ["THREAD_ID_REUSED"]]);
      expect(taken.findings[0].detail ?? taken.findings[0].message).toContain("scheduler-1");
    }
    expect((await state(t)).lines).toBe(1);
    // The statement's own RB is relayed under it, checked, and runs.
    expect((await ok(await append(t, [s.line]))).results[0].readback.verdict).toBe("wilco");
    await ok(await commitOf(t, s.token));
    // A statement past its window holds its id no longer: nothing could relay it anyway.
    const u = fresh();
    const late = await prepared(u, "20991002T1405Z", false);
    setClock(Date.UTC(2099, 9, 2, 14, 6));
    expect((await ok(await append(u, [`RW1 AQ ${late.readback.id} re=scheduler-1 from=payer to=scheduler need=ENUM opts=a+b`]))).results[0].status).toBe("stored");
    // Nor one abandoned in its window, nor after a restart, which reads the statements back from storage.
    const v = fresh();
    const dropped = await prepared(v, "20991002T1405Z", false);
    await restart(v);
    expect((await ok(await append(v, [`RW1 AQ ${dropped.readback.id} re=scheduler-1 from=payer to=scheduler need=ENUM opts=a+b`]))).results[0].findings.map((f: any) => f.code)).toStrictEqual(["THREAD_ID_REUSED"]);
    await ok(await abandonOf(v, dropped.token));
    expect((await ok(await append(v, [`RW1 AQ ${dropped.readback.id} re=scheduler-1 from=payer to=scheduler need=ENUM opts=a+b`]))).results[0].status).toBe("stored");
  });

  it("refuses a commit when the relayed readback is not the statement as prepared, and says so on append", async () => {
    const t = fresh();
    setClock(T0);
    const ho = HO_EXP.replace(" acct=40-12-88/61102938", "");
    await ok(await append(t, [ho]));
    expect((await postJson(`/v1/threads/${t}/handoffs/scheduler-1/challenge`, { record: { ...PAY_RECORD, $resolve: ["acct"] } })).status).toBe(204);
    // The tool resolved another account; the receiver relays the record's account under its token.
    const s = await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: { ...CALL, acct: "99-99-99/00000000" }, exp: "20991002T1405Z" }), 201);
    const forged = s.line.replace("acct=99-99-99/00000000", "acct=40-12-88/61102938");
    const r = await ok(await append(t, [forged]));
    expect(r.results[0].readback.verdict).toBe("wilco");
    expect(r.results[0].findings.map((f: any) => [f.code, f.slot])).toStrictEqual([["STATEMENT_REFUSED", "x_tok"]]);
    const refused = await expectProblem(await commitOf(t, s.token), "statement-refused");
    expect(refused.detail).toContain("does not state the call as prepared");
  });

  it("says on append when an RB's x_tok names no statement of the thread, or one no longer pending", async () => {
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [HO_EXP]));
    const s = await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), 201);
    const unknown = await ok(await append(t, [s.line.replace(`x_tok=${s.token}`, `x_tok=${"0".repeat(32)}`).replace(s.readback.id, "payer-7")]));
    expect(unknown.results[0].status).toBe("stored");
    expect(unknown.results[0].findings.map((f: any) => [f.code, f.slot])).toStrictEqual([["STATEMENT_UNKNOWN", "x_tok"]]);
    await ok(await abandonOf(t, s.token));
    const abandoned = await ok(await append(t, [s.line]));
    expect(abandoned.results[0].findings).toMatchObject([{ code: "STATEMENT_REFUSED", slot: "x_tok", received: "abandoned" }]);
  });

  it("numbers each statement's RB past those already prepared, and past 2^53 - 1 with the lowest number not yet used", async () => {
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [HO_EXP]));
    const first = await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), 201);
    const second = await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), 201);
    expect([first.readback.id, second.readback.id]).toStrictEqual(["payer-1", "payer-2"]);
    expect(first.findings).toStrictEqual([]);
    // A UN the payer would send is numbered past both statements' readbacks.
    const refused = await ok(await append(t, ["RW1 HO scheduler-2 from=scheduler to=payer item=inv:MD-2026-058 ask=POLISH"]));
    expect(refused.results[0].refusal).toMatch(/^RW1 UN payer-3 /);
    await ok(await append(t, ["RW1 ST payer-9007199254740991 from=payer to=scheduler item=inv:MD-2026-057", "RW1 ST payer-4 from=payer to=scheduler item=inv:MD-2026-057"]));
    const third = await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), 201);
    expect(third.readback.id).toBe("payer-3");
    const fifth = await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), 201);
    expect(fifth.readback.id).toBe("payer-5");
  });

  it("a statement with n = 2^53 - 1 does not use up the receiver's numbers: later prepares and refusals are still numbered", async () => {
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [HO_EXP]));
    const last = await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z", n: Number.MAX_SAFE_INTEGER }), 201);
    expect(last.readback.id).toBe("payer-9007199254740991");
    const next = await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), 201);
    expect(next.readback.id).toBe("payer-1");
    const refused = await ok(await append(t, ["RW1 HO scheduler-2 from=scheduler to=payer item=inv:MD-2026-058 ask=POLISH"]));
    expect(refused.results[0].refusal).toMatch(/^RW1 UN payer-2 re=scheduler-2 /);
  });

  it("refuses an n whose number a stored line's re= cites for the receiver: that message is outside the thread, but its id is taken", async () => {
    const t = fresh();
    setClock(T0);
    // The sender refuses payer-5, a message the payer sent outside the thread: payer-5 is an id of
    // the conversation, and the thread's own numbering (a refusal's UN, a prepare without n) skips it.
    await ok(await append(t, [HO_EXP, "RW1 UN scheduler-2 re=payer-5 from=scheduler to=payer why=UNK // payer-5 came by another channel"]));
    const cited = await expectProblem(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z", n: 5 }), "statement-refused");
    expect(cited.parameter).toBe("n");
    expect(cited.detail).toContain("payer-5");
    expect(cited.detail).toContain("re=");
    // Still refused once the object restarts (the cited numbers are stored), and nothing was kept.
    await restart(t);
    await expectProblem(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z", n: 5 }), "statement-refused");
    expect((await state(t)).statements).toStrictEqual({});
    // Another number is free, and a prepare without n is numbered past the cited one, as before.
    expect((await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z", n: 4 }), 201)).readback.id).toBe("payer-4");
    expect((await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), 201)).readback.id).toBe("payer-6");
  });

  it("refuses an n whose RB id the thread already holds or another statement already states", async () => {
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [HO_EXP, "RW1 AQ payer-1 re=scheduler-1 from=payer to=scheduler need=ENUM opts=a+b // which account?"]));
    // payer-1 is the AQ: a statement numbered 1 states an RB that could never be relayed
    // (THREAD_ID_REUSED), so it could never clear its act.
    const used = await expectProblem(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z", n: 1 }), "statement-refused");
    expect(used.parameter).toBe("n");
    expect(used.detail).toContain("payer-1");
    const five = await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z", n: 5 }), 201);
    expect(five.readback.id).toBe("payer-5");
    expect((await expectProblem(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z", n: 5 }), "statement-refused")).parameter).toBe("n");
    // The statement numbered 5 still relays and clears, and the next is numbered past it.
    expect((await ok(await append(t, [five.line]))).results[0].readback.verdict).toBe("wilco");
    expect((await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), 201)).readback.id).toBe("payer-6");
  });

  it("refuses an n whose number a line of the thread or another statement's RB already has in another spelling", async () => {
    // Ids are compared as text (note 16), but where the thread writes an id it counts numbers, as
    // it does for a number a re= cites: payer-7 beside a stored payer-07 would be a second message
    // of that number. Before, the line was looked up by its exact id and payer-7 was prepared.
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [HO_EXP, "RW1 AQ payer-07 re=scheduler-1 from=payer to=scheduler need=ENUM opts=a+b // which account?"]));
    const line = await expectProblem(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z", n: 7 }), "statement-refused");
    expect(line.parameter).toBe("n");
    expect(line.detail).toContain("payer-7 has the number of payer-07, which is already a line of this thread");
    expect((await state(t)).statements).toStrictEqual({});
    // Without n, the next number is past it, as before.
    expect((await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), 201)).readback.id).toBe("payer-8");
  });

  it("the clock a test stands outlives a restart of the object", async () => {
    // Under load the runtime once restarted an object mid-test: a clock set on the instance went
    // with it, the new instance read the real time, and each assertion after it failed for that.
    const t = fresh();
    const s = await prepared(t, "20991002T1405Z");
    setClock(Date.UTC(2099, 9, 2, 14, 6));
    await restart(t);
    const late = await expectProblem(await commitOf(t, s.token), "statement-refused");
    expect(late.detail).toContain("after the statement's exp=20991002T1405Z");
  });

  it("commit and abandon take no body: one is refused, not ignored", async () => {
    const t = fresh();
    const s = await prepared(t);
    const withBody = (verb: string) => call(`/v1/threads/${t}/statements/${s.token}/${verb}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ dryRun: true }) });
    expect((await expectProblem(await withBody("commit"), "invalid-request")).parameter).toBe("body");
    expect((await expectProblem(await withBody("abandon"), "invalid-request")).parameter).toBe("body");
    expect((await state(t)).statements).toStrictEqual({ pending: 1 });
    // An empty body is no body.
    await ok(await call(`/v1/threads/${t}/statements/${s.token}/commit`, { method: "POST", headers: { "content-type": "application/json" }, body: "" }));
  });

  it("a CX from anyone but the HO's sender cancels no statement", async () => {
    const t = fresh();
    const s = await prepared(t);
    const cx = await ok(await append(t, ["RW1 CX mallory-1 re=scheduler-1 from=mallory to=payer item=inv:MD-2026-057 why=REVOKED"]));
    expect(cx.results[0].findings.map((f: any) => f.code)).toContain("THREAD_CANCEL_PARTIES");
    expect(cx.results[0].cancelledStatements).toBe(0);
    expect((await state(t)).statements).toStrictEqual({ pending: 1 });
    await ok(await commitOf(t, s.token));
  });

  it("a CX from the HO's sender about another item cancels no statement", async () => {
    const t = fresh();
    const s = await prepared(t);
    const cx = await ok(await append(t, ["RW1 CX scheduler-2 re=scheduler-1 from=scheduler to=payer item=inv:MD-2026-999 why=REVOKED"]));
    expect(cx.results[0].findings.map((f: any) => [f.code, f.slot, f.expected, f.received])).toStrictEqual([["THREAD_REPLY_ITEM", "item", "inv:MD-2026-057", "inv:MD-2026-999"]]);
    expect(cx.results[0].cancelledStatements).toBe(0);
    expect((await state(t)).statements).toStrictEqual({ pending: 1 });
    await ok(await commitOf(t, s.token));
  });

  it("a CX for the HO abandons its statements", async () => {
    const t = fresh();
    const s = await prepared(t);
    const cx = await ok(await append(t, ["RW1 CX scheduler-2 re=scheduler-1 from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED"]));
    expect(cx.results[0].cancelledStatements).toBe(1);
    const refused = await expectProblem(await commitOf(t, s.token), "statement-refused");
    expect(refused.detail).toContain("cancelled");
  });

  it("a CX of the live re-issue abandons the statements of the HO it superseded too (rule 1: the same HO)", async () => {
    const REISSUE = HO_EXP.replace("scheduler-1", "scheduler-2 re=scheduler-1");
    const t = fresh();
    await prepared(t);
    await ok(await append(t, [REISSUE]));
    const cx = await ok(await append(t, ["RW1 CX scheduler-3 re=scheduler-2 p=pay from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED"]));
    expect(cx.results[0].cancelledStatements).toBe(1);
    expect((await state(t)).statements).toStrictEqual({ cancelled: 1 });
    // A CX of the superseded original (why=SUPERSEDED) stays that id's: the re-issue's statement is kept.
    const u = fresh();
    await ok(await append(u, [HO_EXP, REISSUE]));
    const kept = await ok<{ token: string; line: string }>(await postJson(`/v1/threads/${u}/statements`, { handoff: "scheduler-2", call: CALL, exp: "20991002T1405Z" }), 201);
    const superseded = await ok(await append(u, ["RW1 CX scheduler-3 re=scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 why=SUPERSEDED"]));
    expect(superseded.results[0].cancelledStatements).toBe(0);
    expect((await state(u)).statements).toStrictEqual({ pending: 1 });
    expect((await ok(await append(u, [kept.line]))).results[0].readback.verdict).toBe("wilco");
    await ok(await commitOf(u, kept.token));
  });

  it("a DN, UN or FL closing the live re-issue ends the statements of the HO it superseded too: the line's act can never run", async () => {
    const REISSUE = HO_EXP.replace("scheduler-1", "scheduler-2 re=scheduler-1");
    for (const reply of ["RW1 UN payer-3 re=scheduler-2 p=pay from=payer to=scheduler item=inv:MD-2026-057 why=NOCAP", "RW1 FL payer-3 re=scheduler-2 p=pay from=payer to=scheduler item=inv:MD-2026-057 why=ERR", "RW1 DN payer-3 re=scheduler-2 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=NOOP"]) {
      const t = fresh();
      // A statement prepared under the original (its RB not relayed yet), then the original re-issued.
      const s = await prepared(t, undefined, false);
      await ok(await append(t, [REISSUE]));
      expect((await state(t)).statements, reply).toStrictEqual({ pending: 1 });
      expect((await ok(await append(t, [reply]))).results[0].status).toBe("stored");
      // The handoff ended with its live HO; the original stays superseded, and no UN why=DUP can
      // make it live again (the re-issue is closed): its statement no longer reads as pending.
      expect((await state(t)).statements, reply).toStrictEqual({ abandoned: 1 });
      const relay = (await ok(await append(t, [s.line]))).results[0];
      expect(relay.findings.filter((f: any) => f.code === "STATEMENT_REFUSED").map((f: any) => f.received), reply).toStrictEqual(["abandoned"]);
      expect((await expectProblem(await commitOf(t, s.token), "statement-refused")).detail, reply).toContain("abandoned");
      // Nothing is left for the alarm: the superseded original's deadlines do not count, nor does the statement's exp.
      expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
      expect((await state(t)).alarm, reply).toBeNull();
    }
    // Through a chain: scheduler-3 re-issues scheduler-2, which re-issued scheduler-1; UN why=DUP
    // makes scheduler-2 live again, and its DN then ends the line, scheduler-1's statement with it.
    const u = fresh();
    await prepared(u);
    await ok(await append(u, [REISSUE, HO_EXP.replace("scheduler-1", "scheduler-3 re=scheduler-2")]));
    await ok(await append(u, ["RW1 UN payer-3 re=scheduler-3 p=pay from=payer to=scheduler item=inv:MD-2026-057 why=DUP"]));
    expect((await state(u)).statements).toStrictEqual({ pending: 1 });
    await ok(await append(u, ["RW1 DN payer-4 re=scheduler-2 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=NOOP"]));
    expect((await state(u)).statements).toStrictEqual({ abandoned: 1 });
  });

  it("a UN why=DUP closing the live re-issue leaves the statements of the HO it makes live again: they still run", async () => {
    const t = fresh();
    const s = await prepared(t);
    await ok(await append(t, [HO_EXP.replace("scheduler-1", "scheduler-2 re=scheduler-1")]));
    const dup = (await ok(await append(t, ["RW1 UN payer-3 re=scheduler-2 p=pay from=payer to=scheduler item=inv:MD-2026-057 why=DUP"]))).results[0];
    expect(dup.findings.map((f: any) => f.code)).toContain("THREAD_REISSUE_DUP");
    expect((await state(t)).statements).toStrictEqual({ pending: 1 });
    expect(await ok(await commitOf(t, s.token))).toMatchObject({ state: "committed" });
  });

  it("a CX after a statement's exp finds it expired, by the object's clock, before its alarm ran", async () => {
    const t = fresh();
    await prepared(t, "20991002T1405Z");
    setClock(Date.UTC(2099, 9, 2, 14, 6));
    const cx = await ok(await append(t, ["RW1 CX scheduler-2 re=scheduler-1 from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED"]));
    expect(cx.results[0].cancelledStatements).toBe(0);
    expect((await state(t)).statements).toStrictEqual({ expired: 1 });
  });

  it("a CX with nothing prepared is kept by the statement store too, and no statement is prepared after it", async () => {
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [HO_EXP, "RW1 CX scheduler-2 re=scheduler-1 from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED"]));
    await runInDurableObject(stubOf(t), (instance: ThreadObject) => {
      const store = (instance as unknown as { statements: { isCancelled(h: string): boolean } }).statements;
      expect([store.isCancelled("scheduler-1"), store.isCancelled("scheduler-9")]).toStrictEqual([true, false]);
    });
    // The thread refuses first, the handoff being closed; the store's mark is the core's own guard.
    const refused = await expectProblem(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), "statement-refused");
    expect(refused.detail).toContain("not open");
  });

  it("runs one act for a handoff and its re-issues: a re-issue is the same HO sent again (rule 1)", async () => {
    const REISSUE = HO_EXP.replace("scheduler-1", "scheduler-2 re=scheduler-1");
    const prepareFor = (t: string, handoff: string) => postJson(`/v1/threads/${t}/statements`, { handoff, call: CALL, exp: "20991002T1405Z" });
    // The act ran for the original; a re-issue of it (its DN not yet in) prepares and runs nothing more.
    const t = fresh();
    const s = await prepared(t);
    await ok(await commitOf(t, s.token));
    expect((await ok(await append(t, [REISSUE]))).results[0].findings.map((f: any) => f.code)).toContain("THREAD_REISSUED");
    const refused = await expectProblem(await prepareFor(t, "scheduler-2"), "statement-refused");
    expect(refused.detail).toContain("scheduler-1");
    // The act ran for the re-issue; UN why=DUP makes the original live again, and its own statement,
    // relayed and checked wilco before, still runs nothing.
    const u = fresh();
    const first = await prepared(u);
    await ok(await append(u, [REISSUE]));
    const second = await ok<{ token: string; line: string }>(await prepareFor(u, "scheduler-2"), 201);
    expect((await ok(await append(u, [second.line]))).results[0].readback.verdict).toBe("wilco");
    await ok(await commitOf(u, second.token));
    const dup = await ok(await append(u, ["RW1 UN payer-3 re=scheduler-2 p=pay from=payer to=scheduler item=inv:MD-2026-057 why=DUP"]));
    expect(dup.results[0].findings.map((f: any) => f.code)).toContain("THREAD_REISSUE_DUP");
    const again = await expectProblem(await commitOf(u, first.token), "statement-refused");
    expect(again.detail).toContain("scheduler-2");
    expect((await state(u)).statements).toStrictEqual({ committed: 1, abandoned: 1 });
  });

  // The races need no particular moment (the statement's exp is in 2099): they run by the real clock.
  it("100 simultaneous commits of one token give exactly one success", async () => {
    const t = fresh();
    const s = await prepared(t, undefined, true, null);
    const answers = await Promise.all(Array.from({ length: 100 }, () => commitOf(t, s.token)));
    const statuses = answers.map((r) => r.status);
    const tally = statuses.reduce<Record<number, number>>((n, x) => ({ ...n, [x]: (n[x] ?? 0) + 1 }), {});
    const said = `statuses ${JSON.stringify(tally)}; the first answer not 200: ${await answers.find((r) => r.status !== 200)?.text()}`;
    expect(statuses.filter((x) => x === 200), said).toHaveLength(1);
    expect(statuses.filter((x) => x === 409), said).toHaveLength(99);
  });

  it("a commit racing an abandon has exactly one winner", async () => {
    for (let round = 0; round < 10; round++) {
      const t = fresh();
      const s = await prepared(t, undefined, true, null);
      const [c, a] = await Promise.all([commitOf(t, s.token), abandonOf(t, s.token)]);
      const said = `commit ${c.status} ${await c.text()}; abandon ${a.status} ${await a.text()}`;
      expect([c.status, a.status].sort(), said).toStrictEqual([200, 409]);
    }
  });

  /** The rows SQLite reads for `act` inside the thread's object: every query's cursor, summed. */
  const rowsReadBy = <T>(t: string, act: (instance: ThreadObject) => T): Promise<{ value: T; rows: number }> =>
    runInDurableObject(stubOf(t), (instance: ThreadObject, s: DurableObjectState) => {
      const sql = s.storage.sql;
      const cursors: SqlStorageCursor<Record<string, SqlStorageValue>>[] = [];
      const exec = sql.exec;
      sql.exec = ((query: string, ...bindings: unknown[]) => {
        const cursor = exec.call(sql, query, ...bindings);
        cursors.push(cursor);
        return cursor;
      }) as SqlStorage["exec"];
      try {
        const value = act(instance);
        return { value, rows: cursors.reduce((n, c) => n + c.rowsRead, 0) };
      } finally {
        sql.exec = exec;
      }
    });

  /** A thousand statements beside the one of `token`, the k-th `vary(it, k)`, put as the object puts one. */
  const putThousand = (t: string, token: string, vary: (base: any, k: number) => unknown) =>
    runInDurableObject(stubOf(t), (instance: ThreadObject) => {
      const store = (instance as unknown as { statements: { get(token: string): any; put(s: unknown): void } }).statements;
      const base = store.get(token);
      for (let k = 1; k <= 1000; k++) store.put(vary(base, k));
    });

  it("finds the readback ids statements hold by index: a prepare reads no more rows for a thousand statements than for one", async () => {
    const t = fresh();
    const first = await prepared(t, "20991002T1405Z", false);
    const prepare = (instance: ThreadObject) => instance.prepare({ handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" });
    const alone = await rowsReadBy(t, prepare);
    expect(alone.value).toMatchObject({ ok: true, value: { readback: { id: "payer-2" } } });
    // A thousand statements for other handoffs, the payer's readbacks payer-1001 and on.
    await putThousand(t, first.token, (base, k) => ({ ...base, token: k.toString(16).padStart(32, "0"), handoff: `other-${k}`, state: "abandoned", readback: { ...base.readback, id: `payer-${1000 + k}`, re: `other-${k}` } }));
    const among = await rowsReadBy(t, prepare);
    expect(among.value).toMatchObject({ ok: true, value: { readback: { id: "payer-2001" } } });
    // Read out of each body with json_extract, every prepare read every statement, twice.
    expect(among.rows).toBeLessThan(alone.rows + 20);
    // An id one of them states is still taken: the core finds it (the store's readbackIdsOf, by number), whatever handoff states it.
    const taken = await rowsReadBy(t, (instance) => instance.prepare({ handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z", n: 1500 }));
    expect(taken).toMatchObject({ value: { ok: false, problem: { problem: "statement-refused", extensions: { parameter: "n", findings: [{ code: "READBACK_ID_REUSED", received: "payer-1500" }] } } } });
    expect(taken.rows).toBeLessThan(alone.rows + 20);
  });

  it("finds a handoff's committed and cancelled statements by index: a prepare and a commit read no more rows for a thousand statements of the handoff than for one, and answer as before", async () => {
    // A commit among one statement, for the rows it reads.
    const u = fresh();
    const lone = await prepared(u);
    const single = await rowsReadBy(u, (instance) => instance.commit(lone.token));
    expect(single.value).toMatchObject({ ok: true, value: { state: "committed" } });
    const t = fresh();
    const first = await prepared(t, "20991002T1405Z", false);
    const prepare = (instance: ThreadObject) => instance.prepare({ handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" });
    const alone = await rowsReadBy(t, prepare);
    expect(alone.value).toMatchObject({ ok: true, value: { readback: { id: "payer-2" } } });
    // A thousand more statements of the same handoff, half pending and half abandoned.
    await putThousand(t, first.token, (base, k) => ({ ...base, token: k.toString(16).padStart(32, "0"), state: k % 2 === 0 ? "pending" : "abandoned", readback: { ...base.readback, id: `payer-${1000 + k}` } }));
    const among = await rowsReadBy(t, prepare);
    expect(among.value).toMatchObject({ ok: true, value: { readback: { id: "payer-2001" } } });
    // Read whole, each of the handoff's statements was read twice by a prepare (is one committed; which ids do they state).
    expect(among.rows).toBeLessThan(alone.rows + 20);
    const s = (among.value as { value: { token: string; line: string } }).value;
    expect((await ok(await append(t, [s.line]))).results[0].readback.verdict).toBe("wilco");
    const committed = await rowsReadBy(t, (instance) => instance.commit(s.token));
    expect(committed.value).toMatchObject({ ok: true, value: { state: "committed" } });
    // The commit ends the 502 still pending (the 500 put, payer-1's and payer-2's), each read once
    // and written (about 3 rows each), as a CX cancels them; the 500 abandoned are not read.
    expect(committed.rows).toBeLessThan(single.rows + 20 + 3 * 502);
    // One act for the handoff: a prepare is refused, and so is another of its statements.
    await expectProblem(await commitOf(t, "2".padStart(32, "0")), "statement-refused");
    expect(await expectProblem(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), "statement-refused")).toMatchObject({ detail: expect.stringContaining("already ran under another statement") });
    // None is pending now, so a CX has nothing to cancel.
    expect((await ok(await append(t, ["RW1 CX scheduler-2 re=scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED"]))).results[0].cancelledStatements).toBe(0);
    expect((await state(t)).statements).toStrictEqual({ abandoned: 1002, committed: 1 });
  });

  it("keeps working a thread whose statements were indexed by handoff alone: the index is replaced when its object starts, its statements found as before", async () => {
    const t = fresh();
    const s = await prepared(t, "20991002T1405Z", false);
    const indexes = () => runInDurableObject(stubOf(t), (_: ThreadObject, state: DurableObjectState) => state.storage.sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'statements' AND sql IS NOT NULL ORDER BY name").toArray().map((r) => r.name));
    // The statements table as the object indexed it before (worker/thread/sql-statements.ts as of its readback columns).
    await runInDurableObject(stubOf(t), (_: ThreadObject, state: DurableObjectState) => {
      state.storage.sql.exec("DROP INDEX statements_handoff_state");
      state.storage.sql.exec("CREATE INDEX statements_handoff ON statements (handoff)");
    });
    expect(await indexes()).toContain("statements_handoff");
    await restart(t);
    expect(await indexes()).toStrictEqual(["statements_handoff_state", "statements_line_state", "statements_rb_from", "statements_rb_id"]);
    expect((await ok(await append(t, [s.line]))).results[0].readback.verdict).toBe("wilco");
    expect(await ok(await commitOf(t, s.token))).toMatchObject({ state: "committed" });
    await expectProblem(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), "statement-refused");
    expect((await state(t)).statements).toStrictEqual({ committed: 1 });
  });

  it("keeps the statements of a thread stored before their readbacks had columns: filled in when its object starts, numbered past, committed", async () => {
    // A statement as the object stored it then, prepared here and copied whole.
    const source = fresh();
    const s = await prepared(source, "20991002T1405Z", false);
    const body = await runInDurableObject(stubOf(source), (_: ThreadObject, state: DurableObjectState) => state.storage.sql.exec<{ body: string }>("SELECT body FROM statements WHERE token = ?", s.token).one().body);
    const t = fresh();
    await runInDurableObject(stubOf(t), (_: ThreadObject, state: DurableObjectState) => {
      const sql = state.storage.sql;
      for (const statement of SCHEMA_BEFORE_READBACK_COLUMNS) sql.exec(statement);
      sql.exec("INSERT INTO lines (seq, id, sender, n, type, line) VALUES (1, 'scheduler-1', 'scheduler', 1, 'HO', ?)", HO_EXP);
      sql.exec("INSERT INTO handoffs (id, exp, due) VALUES ('scheduler-1', '20991002T1500Z', NULL)");
      for (const agent of ["scheduler", "payer"]) sql.exec("INSERT INTO parties (agent) VALUES (?)", agent);
      sql.exec("INSERT INTO statements (token, handoff, state, exp, body) VALUES (?, 'scheduler-1', 'pending', '20991002T1405Z', ?)", s.token, body);
    });
    await restart(t);
    const columns = await runInDurableObject(stubOf(t), (_: ThreadObject, state: DurableObjectState) => state.storage.sql.exec("SELECT token, rb_id, rb_from, rb_n FROM statements").toArray());
    expect(columns).toStrictEqual([{ token: s.token, rb_id: "payer-1", rb_from: "payer", rb_n: 1 }]);
    // Its readback's id is taken: the next statement is numbered past it, and n=1 is refused.
    const next = await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), 201);
    expect(next.readback.id).toBe("payer-2");
    expect(await expectProblem(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z", n: 1 }), "statement-refused")).toMatchObject({ parameter: "n" });
    // The statement itself runs once its RB is relayed and checked, as before.
    expect((await ok(await append(t, [s.line]))).results[0].readback.verdict).toBe("wilco");
    expect(await ok(await commitOf(t, s.token))).toMatchObject({ state: "committed" });
    // payer-2's statement, of the same handoff, can never run now: the commit ended it.
    expect((await state(t)).statements).toStrictEqual({ committed: 1, abandoned: 1 });
  });
});

describe("alarms: statements expire and handoffs are marked orphaned without a client", () => {
  const HO_LATE = "RW1 HO ops-1 from=ops to=bot item=job:7 ask=FIX due=20991002 exp=20991002T1410Z";

  it("sets the alarm at the earliest deadline, expires and marks at it, and a second run changes nothing", async () => {
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [HO_LATE]));
    expect((await state(t)).alarm).toBe(afterTime("20991002T1410Z"));
    // Past the HO's exp: the alarm marks it orphaned and sets the next (its due, the next day).
    setClock(Date.UTC(2099, 9, 2, 14, 11));
    expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
    const after = await state(t);
    expect(after.orphaned).toStrictEqual([{ handoff: "ops-1", code: "THREAD_EXPIRED", at: "20991002T1411Z", marked: Date.UTC(2099, 9, 2, 14, 11) }]);
    expect(after.alarm).toBe(Date.UTC(2099, 9, 3));
    // At least once, not exactly once: running the handler again at the same moment changes nothing.
    await runInDurableObject(stubOf(t), (instance: ThreadObject) => instance.alarm());
    const again = await state(t);
    expect({ orphaned: again.orphaned, alarm: again.alarm, statements: again.statements }).toStrictEqual({ orphaned: after.orphaned, alarm: after.alarm, statements: after.statements });
  });

  it("lists each live handoff once with the core's state: open, held or orphaned (past both its exp and due)", async () => {
    const t = fresh();
    setClock(T0);
    const VOID_RB = "RW1 RB bot-2 re=ops-2 from=bot to=ops item=job:8 ask=DRAFT";
    await ok(await append(t, [HO_LATE, "RW1 HO ops-2 from=ops to=bot item=job:8 ask=FIX", VOID_RB, "RW1 HO ops-3 from=ops to=bot item=job:9 ask=FIX", "RW1 HO ops-4 from=ops to=bot item=job:10 ask=FIX", "RW1 CX ops-5 re=ops-4 from=ops to=bot item=job:10 why=REVOKED"]));
    expect((await state(t)).open.map((h: any) => [h.id, h.state])).toStrictEqual([["ops-1", "open"], ["ops-2", "held"], ["ops-3", "open"]]);
    setClock(Date.UTC(2099, 9, 3, 9, 0));
    const s = await state(t);
    expect(s.report.findings.filter((f: any) => f.handoff === "ops-1").map((f: any) => f.code)).toStrictEqual(["THREAD_EXPIRED", "THREAD_OVERDUE"]);
    expect(s.open).toStrictEqual([
      { id: "ops-1", exp: "20991002T1410Z", due: "20991002", state: "orphaned" },
      { id: "ops-2", exp: null, due: null, state: "held" },
      { id: "ops-3", exp: null, due: null, state: "open" },
    ]);
  });

  it("expires a pending statement at its exp", async () => {
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [`${PAY_HO} exp=20991002T1500Z`]));
    const call = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
    await ok(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call, exp: "20991002T1405Z" }), 201);
    expect((await state(t)).alarm).toBe(afterTime("20991002T1405Z"));
    setClock(afterTime("20991002T1405Z"));
    expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
    const s = await state(t);
    expect(s.statements).toStrictEqual({ expired: 1 });
    // Next: the HO's own exp, still pending.
    expect(s.alarm).toBe(afterTime("20991002T1500Z"));
    expect(timeAt(s.alarm)).toBe("20991002T1501Z");
  });

  it("wakes for a handoff that UN why=DUP makes live again: its deadlines count again", async () => {
    const t = fresh();
    setClock(T0);
    // ops-1 (due the 5th) is re-issued without a deadline; the alarm runs for ops-3 and finds
    // nothing else live to wake for.
    await ok(await append(t, ["RW1 HO ops-1 from=ops to=bot item=job:7 ask=FIX due=20991005", "RW1 HO ops-2 re=ops-1 from=ops to=bot item=job:7 ask=FIX", "RW1 HO ops-3 from=ops to=bot item=job:8 ask=FIX exp=20991002T1410Z"]));
    setClock(Date.UTC(2099, 9, 2, 14, 11));
    expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
    expect((await state(t)).alarm).toBeNull();
    // The receiver holds ops-1: its DUP makes ops-1 the live handoff, due the 5th.
    await ok(await append(t, ["RW1 UN bot-1 re=ops-2 from=bot to=ops item=job:7 why=DUP"]));
    const s = await state(t);
    expect(s.open.map((h: any) => [h.id, h.state])).toStrictEqual([["ops-1", "open"], ["ops-3", "orphaned"]]);
    expect(s.alarm).toBe(afterDate("20991005"));
    setClock(afterDate("20991005"));
    expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
    expect((await state(t)).orphaned.map((o: any) => [o.handoff, o.code])).toStrictEqual([["ops-3", "THREAD_EXPIRED"], ["ops-1", "THREAD_OVERDUE"]]);
  });

  it("wakes again after an alarm run that failed past its retries: the deadlines it missed and the later ones are not lost", async () => {
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [HO_LATE]));
    setClock(Date.UTC(2099, 9, 2, 14, 11));
    // The handler throws (a fault of the moment); the runtime retries it at most six times and then
    // drops the alarm, as runDurableObjectAlarm drops it after one failed run.
    await runInDurableObject(stubOf(t), (instance: ThreadObject) => {
      Object.defineProperty(instance, "auditor", { configurable: true, value: () => { throw new Error("a fault of the moment"); } });
    });
    await expect(runDurableObjectAlarm(stubOf(t))).rejects.toThrow("a fault of the moment");
    await runInDurableObject(stubOf(t), (instance: ThreadObject) => {
      delete (instance as unknown as { auditor?: unknown }).auditor;
    });
    expect(await realAlarm(t)).toBeNull();
    // The next request finds the moment it was to wake at already past and nothing set: it wakes
    // the object now, and a new deadline (this HO's exp) is not left waiting behind the lost one.
    await ok(await append(t, ["RW1 HO ops-2 from=ops to=bot item=job:8 ask=FIX exp=20991002T1430Z"]));
    expect(await realAlarm(t)).toBe(Date.UTC(2099, 9, 2, 14, 11));
    expect((await state(t)).alarm).toBe(Date.UTC(2099, 9, 2, 14, 11));
    expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
    const s = await state(t);
    expect(s.orphaned.map((o: any) => [o.handoff, o.code])).toStrictEqual([["ops-1", "THREAD_EXPIRED"]]);
    expect(s.alarm).toBe(afterTime("20991002T1430Z"));
    expect(await realAlarm(t)).toBe(afterTime("20991002T1430Z"));
  });

  it("wakes at most a year ahead, and looks again then, for a deadline past the last moment the runtime takes an alarm for (April 2262)", async () => {
    // An RW1 time names any year to 9999; workerd refuses setAlarm after 2262 with a TypeError.
    const t = fresh();
    setClock(T0);
    await ok(await append(t, ["RW1 HO ops-1 from=ops to=bot item=job:7 ask=FIX due=99991231 exp=99991231T2359Z"]));
    const yearOn = T0 + ALARM_HORIZON;
    expect(await realAlarm(t)).toBe(yearOn);
    expect((await state(t)).alarm).toBe(yearOn);
    setClock(yearOn);
    expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
    const s = await state(t);
    expect(s.orphaned).toStrictEqual([]);
    expect(s.alarm).toBe(yearOn + ALARM_HORIZON);
    expect(await realAlarm(t)).toBe(yearOn + ALARM_HORIZON);
    // A statement's window as far out, on an HO with no exp of its own, the same.
    const u = fresh();
    setClock(T0);
    await ok(await append(u, [PAY_HO]));
    const CALL = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
    await ok(await postJson(`/v1/threads/${u}/statements`, { handoff: "scheduler-1", call: CALL, exp: "99991231T2359Z" }), 201);
    expect(await realAlarm(u)).toBe(yearOn);
    expect((await state(u)).alarm).toBe(yearOn);
  });

  it("a handoff that closes before its deadline leaves nothing to wake for", async () => {
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [HO_LATE, "RW1 DN bot-1 re=ops-1 from=bot to=ops item=job:7 out=OK"]));
    setClock(Date.UTC(2099, 9, 2, 14, 11));
    expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
    const s = await state(t);
    expect(s.orphaned).toStrictEqual([]);
    expect(s.alarm).toBeNull();
  });
});

describe("alarms: an AQ left unanswered past its by= is recorded as a handoff left open is (rule 2)", () => {
  const AQ_BY = "RW1 AQ bot-1 from=bot to=ops item=job:7 need=ENUM opts=RETIRE+PARK by=20991003";
  const ANSWER = "RW1 AN ops-1 re=bot-1 from=ops to=bot item=job:7 val=PARK";
  const HO_EXP = "RW1 HO ops-2 from=ops to=bot item=job:8 ask=FIX exp=20991002T1410Z";

  it("wakes the day after an unanswered AQ's by=, records it orphaned with THREAD_QUESTION_OVERDUE, and a second run changes nothing", async () => {
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [AQ_BY]));
    expect((await state(t)).alarm).toBe(afterDate("20991003"));
    expect(await realAlarm(t)).toBe(afterDate("20991003"));
    setClock(afterDate("20991003"));
    expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
    const after = await state(t);
    expect(after.orphaned).toStrictEqual([{ handoff: "bot-1", code: "THREAD_QUESTION_OVERDUE", at: "20991004T0000Z", marked: afterDate("20991003") }]);
    expect(after.alarm).toBeNull();
    await runInDurableObject(stubOf(t), (instance: ThreadObject) => instance.alarm());
    const again = await state(t);
    expect({ orphaned: again.orphaned, alarm: again.alarm }).toStrictEqual({ orphaned: after.orphaned, alarm: null });
    // Answered late, it stays in the history, as a handoff closed after its deadline does.
    await ok(await append(t, [ANSWER]));
    expect(await runDurableObjectAlarm(stubOf(t))).toBe(false);
    expect((await state(t)).orphaned).toStrictEqual(after.orphaned);
  });

  it("sets the next alarm for an AQ still unanswered when an earlier deadline wakes the object", async () => {
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [HO_EXP, AQ_BY]));
    expect((await state(t)).alarm).toBe(afterTime("20991002T1410Z"));
    setClock(afterTime("20991002T1410Z"));
    expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
    const s = await state(t);
    expect(s.orphaned.map((o: any) => [o.handoff, o.code])).toStrictEqual([["ops-2", "THREAD_EXPIRED"]]);
    expect(s.alarm).toBe(afterDate("20991003"));
  });

  it("does not wake for an AQ answered before its by=, and records nothing for it", async () => {
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [HO_EXP, AQ_BY, ANSWER]));
    setClock(afterTime("20991002T1410Z"));
    expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
    const s = await state(t);
    expect(s.orphaned.map((o: any) => [o.handoff, o.code])).toStrictEqual([["ops-2", "THREAD_EXPIRED"]]);
    expect(s.alarm).toBeNull();
    // Answered with no earlier deadline: the alarm set when the AQ came (it only moves earlier
    // between alarms) finds nothing late and sets none.
    const u = fresh();
    setClock(T0);
    await ok(await append(u, [AQ_BY, ANSWER]));
    setClock(afterDate("20991003"));
    expect(await runDurableObjectAlarm(stubOf(u))).toBe(true);
    const answered = await state(u);
    expect(answered.orphaned).toStrictEqual([]);
    expect(answered.alarm).toBeNull();
  });

  it("does not wake for an AQ with no by=: it names no moment it is late", async () => {
    const t = fresh();
    setClock(T0);
    await ok(await append(t, ["RW1 AQ bot-1 from=bot to=ops item=job:7 need=ENUM opts=RETIRE+PARK"]));
    const s = await state(t);
    expect(s.report.findings.map((f: any) => f.code)).toStrictEqual(["THREAD_QUESTION_OPEN"]);
    expect(s.alarm).toBeNull();
    expect(await realAlarm(t)).toBeNull();
  });

  it("wakes for the unanswered AQs of a thread stored before it kept their by=: filled in from its lines when its object starts", async () => {
    const t = fresh();
    setClock(T0);
    await runInDurableObject(stubOf(t), (_: ThreadObject, state: DurableObjectState) => {
      const sql = state.storage.sql;
      for (const statement of SCHEMA_BEFORE_QUESTIONS) sql.exec(statement);
      sql.exec("INSERT INTO lines (seq, id, sender, n, type, line) VALUES (1, 'bot-1', 'bot', 1, 'AQ', ?)", AQ_BY);
      for (const agent of ["bot", "ops"]) sql.exec("INSERT INTO parties (agent) VALUES (?)", agent);
    });
    await restart(t);
    expect((await state(t)).alarm).toBe(afterDate("20991003"));
    setClock(afterDate("20991003"));
    expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
    expect((await state(t)).orphaned.map((o: any) => [o.handoff, o.code])).toStrictEqual([["bot-1", "THREAD_QUESTION_OVERDUE"]]);
  });
});

describe("the thread's state is bounded: each list is cut at the cap and paged in full by its own route", () => {
  const LISTS = ["findings", "owners", "open", "readbacks", "dones", "orphaned"] as const;
  const setCap = (thread: string, cap: number) =>
    runInDurableObject(stubOf(thread), (instance: ThreadObject) => {
      instance.listCap = cap;
    });
  const capOf = (thread: string) => runInDurableObject(stubOf(thread), (instance: ThreadObject) => instance.listCap);
  /** Every entry of one list, read through its route a page of `limit` at a time. */
  async function paged(thread: string, list: string, limit: number): Promise<unknown[]> {
    const all: unknown[] = [];
    let after: number | null = 0;
    while (after !== null) {
      const page: Record<string, any> = await ok(await call(`/v1/threads/${thread}/${list}?after=${after}&limit=${limit}`));
      all.push(...page[list]);
      after = page["next"];
    }
    return all;
  }
  const listsOf = (s: Record<string, any>) => ({ findings: s.report.findings, owners: s.report.owners, open: s.open, readbacks: s.readbacks, dones: s.dones, orphaned: s.orphaned });

  it("holds at most the cap of each list, says where each goes on, and the routes page through all of it in the same order", async () => {
    const t = fresh();
    setClock(T0);
    // Six HOs, each read back; three answered with a DN (dones), three left to pass their exp (orphaned).
    const lines: string[] = [];
    for (let k = 1; k <= 6; k++) lines.push(`RW1 HO ops-${k} from=ops to=bot item=job:${k} ask=FIX exp=20991002T1410Z`, `RW1 RB bot-${k} re=ops-${k} from=bot to=ops item=job:${k} ask=FIX`);
    for (let k = 1; k <= 3; k++) lines.push(`RW1 DN bot-${10 + k} re=ops-${k} from=bot to=ops item=job:${k} out=OK`);
    await ok(await append(t, lines));
    setClock(Date.UTC(2099, 9, 2, 14, 11));
    expect(await runDurableObjectAlarm(stubOf(t))).toBe(true);
    const whole = await state(t);
    expect(whole.next).toStrictEqual({ findings: null, owners: null, open: null, readbacks: null, dones: null, orphaned: null });
    const full = listsOf(whole);
    for (const list of LISTS) expect(full[list].length, list).toBeGreaterThan(2);
    await setCap(t, 2);
    const cut = await state(t);
    // The cap is set on the instance, which a restart of the object (the runtime may restart one at
    // any moment, and once did under load) puts back at its default: that says so, not the lists.
    expect(await capOf(t), "the list cap the state was read with: the object restarted after it was set, rerun").toBe(2);
    for (const list of LISTS) {
      expect(listsOf(cut)[list], list).toStrictEqual(full[list].slice(0, 2));
      expect(cut.next[list], list).toBe(2);
      expect(await paged(t, list, 2), list).toStrictEqual(full[list]);
      expect(await paged(t, list, 1000), list).toStrictEqual(full[list]);
    }
    // What is counted is still the whole thread's.
    expect({ ok: cut.report.ok, counts: cut.report.counts }).toStrictEqual({ ok: whole.report.ok, counts: whole.report.counts });
    await expectProblem(await call(`/v1/threads/${t}/readbacks?limit=0`), "invalid-request");
    await expectProblem(await call(`/v1/threads/${t}/readbacks?limit=10001`), "invalid-request");
  });

  it("bounds a page in bytes too, where the Worker's call to the object failed past 32 MiB, and pages through all of it", async () => {
    const t = fresh();
    // 2,000 HOs of 8 KiB, each its own long item: 15.4 MiB of lines, and of owners, nearly all a
    // thread holds (16 MiB). Before threads were bounded, 4,200 of them (34 MiB) made the largest
    // page of lines or owners past the 32 MiB the object can hand back.
    const count = 2000;
    const lineOf = (k: number) => `RW1 HO ops-${k} from=ops to=bot item=doc:${String(k).padStart(8, "0")}${"x".repeat(8000)} ask=FIX`;
    for (let from = 1; from <= count; from += 120) {
      const lines = Array.from({ length: Math.min(120, count - from + 1) }, (_, i) => lineOf(from + i));
      expect((await ok(await postText(`/v1/threads/${t}/lines`, lines.join("\n")))).ok).toBe(true);
    }
    // The largest page the routes take is answered, cut where its bytes run out, and next goes on.
    const first = await ok(await call(`/v1/threads/${t}/lines?limit=10000`));
    expect(first.lines.length).toBeGreaterThan(0);
    expect(first.lines.length).toBeLessThan(count);
    expect(first.next).toBe(first.lines[first.lines.length - 1].seq);
    const seqs: number[] = [];
    for (let after: number | null = 0; after !== null; ) {
      const page: any = await ok(await call(`/v1/threads/${t}/lines?after=${after}&limit=10000`));
      seqs.push(...page.lines.map((l: any) => l.seq));
      after = page.next;
    }
    expect(seqs).toStrictEqual(Array.from({ length: count }, (_, i) => i + 1));
    const owners: unknown[] = [];
    for (let after: number | null = 0; after !== null; ) {
      const page: any = await ok(await call(`/v1/threads/${t}/owners?after=${after}&limit=10000`));
      expect(page.owners.length).toBeGreaterThan(0);
      owners.push(...page.owners);
      after = page.next;
    }
    expect(owners.map((o: any) => o.handoff ?? o.item.slice(4, 12))).toStrictEqual(Array.from({ length: count }, (_, i) => String(i + 1).padStart(8, "0")));
    // The state holds the first of each list, as much as the bound leaves, and says where it goes on.
    const s = await state(t);
    expect(s.report.owners.length).toBeLessThan(1000);
    expect(s.next.owners).toBe(s.report.owners.length);
  }, 300_000);
});

describe("a thread's capacity: what its object can hold in memory (thread-capacity.ts)", () => {
  const ho = (k: number, tail = "") => `RW1 HO ops-${k} from=ops to=bot item=job:${k} ask=FIX${tail}`;
  const statuses = (answer: any) => answer.results.map((r: any) => r.status);
  const storedLines = async (thread: string) => (await ok(await call(`/v1/threads/${thread}/lines`))).lines.map((l: any) => l.line);

  it("is 100,000 lines and 16 MiB of them, as the problem says", () => {
    expect(THREAD_CAPACITY).toStrictEqual({ lines: 100_000, bytes: 16 * 1024 * 1024 });
    expect(PROBLEMS["thread-full"]).toMatchObject({ status: 409 });
    expect(PROBLEMS["thread-full"].description).toContain("100,000 lines and 16 MiB");
  });

  it("refuses whole a request that would take the thread past its lines, and still answers a retry or a refused line", async () => {
    const t = fresh();
    await setCapacity(t, { lines: 3, bytes: 1 << 20 });
    await ok(await append(t, [ho(1), ho(2)]));
    // The second of these would be the fourth line: neither is stored.
    const full = await expectProblem(await append(t, [ho(3), ho(4)]), "thread-full");
    expect(full).toMatchObject({ line: 2, limit: 3, limitBytes: 1 << 20 });
    expect(await state(t)).toMatchObject({ lines: 2, report: { counts: { messages: 2, handoffs: 2 } } });
    expect(statuses(await ok(await append(t, [ho(1), ho(3)])))).toStrictEqual(["duplicate", "stored"]);
    // Full: a retry is a duplicate and an invalid line refused, as ever; a line to store is refused whole.
    expect(statuses(await ok(await append(t, [ho(2), "RW1 HO ops-9 from=ops"])))).toStrictEqual(["duplicate", "refused"]);
    expect(await expectProblem(await postText(`/v1/threads/${t}/lines`, `${ho(3)}\n# a comment\n${ho(5)}\n`), "thread-full")).toMatchObject({ line: 3 });
    expect(await storedLines(t)).toStrictEqual([ho(1), ho(2), ho(3)]);
  });

  it("counts the bytes of the stored lines in UTF-8, a JSON form as the line it is stored as, after a restart too", async () => {
    const t = fresh();
    const first = ho(1, " // café");
    const form = { v: "RW1", type: "HO", id: "ops-2", re: null, from: "ops", to: "bot", item: "job:2", slots: { ask: "FIX" }, tail: null };
    const held = new TextEncoder().encode(first).length + ho(2).length;
    await setCapacity(t, { lines: 100, bytes: held });
    expect(statuses(await ok(await postJson(`/v1/threads/${t}/lines`, { lines: [first, form] })))).toStrictEqual(["stored", "stored"]);
    expect(await storedLines(t)).toStrictEqual([first, ho(2)]);
    await expectProblem(await append(t, [ho(3)]), "thread-full");
    // A new instance counts them from storage.
    await restart(t);
    await setCapacity(t, { lines: 100, bytes: held + ho(3).length });
    await ok(await append(t, [ho(3)]));
    await expectProblem(await append(t, [ho(4)]), "thread-full");
    expect((await state(t)).lines).toBe(3);
  });

  it("rolls back the lines the request stored before the one that does not fit, and what the object kept of them", async () => {
    const t = fresh();
    await setCapacity(t, { lines: 3, bytes: 1 << 20 });
    await ok(await append(t, [ho(1)]));
    const rb = "RW1 RB bot-1 re=ops-1 from=bot to=ops item=job:1 ask=FIX";
    await expectProblem(await append(t, [rb, ho(2), ho(3)]), "thread-full");
    const s = await state(t);
    expect(s).toMatchObject({ lines: 1, readbacks: [], report: { counts: { messages: 1, handoffs: 1 }, owners: [{ item: "job:1", owner: "ops", handoff: null }] } });
    // The ids it would have taken are free, and the readback is checked when it comes.
    const stored = await ok(await append(t, [ho(2), rb]));
    expect(statuses(stored)).toStrictEqual(["stored", "stored"]);
    expect(stored.results[1].readback.verdict).toBe("wilco");
    // A profile fixed by a request refused whole is not fixed.
    const u = fresh();
    await setCapacity(u, { lines: 1, bytes: 1 << 20 });
    await expectProblem(await append(u, [ho(1), ho(2)], { profile: "pay" }), "thread-full");
    expect((await state(u)).profile).toBeNull();
    await ok(await append(u, [ho(1)], { profile: "clin" }));
    expect((await state(u)).profile).toBe("clin");
  });

  const checksHeld = (thread: string) =>
    runInDurableObject(stubOf(thread), (_: ThreadObject, s: DurableObjectState) => ({
      readbacks: s.storage.sql.exec<{ b: number }>("SELECT COALESCE(SUM(length(rb) + length(handoff) + length(verdict) + length(CAST(report AS BLOB))), 0) AS b FROM readbacks").one().b,
      dones: s.storage.sql.exec<{ b: number }>("SELECT COUNT(*) AS b FROM dones").one().b,
    }));

  it("counts the readback reports it stores with the lines: a request past the bytes with them is refused whole, after a restart too", async () => {
    // The audit's case: an HO whose keep= names 400 agents, then tiny readbacks, each checked and
    // its report (which echoes the HO's values) stored; 6.5 KB of lines kept 31 KB of reports.
    const keep = Array.from({ length: 400 }, (_, i) => `ag${i}`).join("+");
    const handoff = `RW1 HO a-1 from=a to=b item=x:1 ask=FIX keep=${keep}`;
    const rb = (k: number) => `RW1 RB b-${k} re=a-1 from=b to=a item=x:1 ask=FIX keep=z`;
    const rbs = Array.from({ length: 50 }, (_, i) => rb(i + 1));
    const lineBytes = handoff.length + rbs.reduce((sum, line) => sum + line.length, 0);
    const t = fresh();
    // Room for every line, and then some: only the reports take the thread past it.
    const capacity = { lines: 100, bytes: lineBytes + 2000 };
    await setCapacity(t, capacity);
    await ok(await append(t, [handoff]));
    const full = await expectProblem(await append(t, rbs), "thread-full");
    expect(full).toMatchObject({ limit: 100, limitBytes: capacity.bytes });
    expect(full.line).toBeGreaterThan(1);
    expect(full.line).toBeLessThan(50);
    // Refused whole: no readback of the request stored, nor its report.
    expect(await storedLines(t)).toStrictEqual([handoff]);
    expect(await checksHeld(t)).toStrictEqual({ readbacks: 0, dones: 0 });
    // One by one, the thread stores what fits, lines and reports together within the bound.
    let stored = 0;
    for (;;) {
      const answer = await append(t, [rbs[stored] as string]);
      await answer.text();
      if (answer.status !== 200) break;
      stored++;
    }
    expect(stored).toBe((full.line as number) - 1);
    const held = (await storedLines(t)).reduce((sum: number, line: string) => sum + line.length, 0) + (await checksHeld(t)).readbacks;
    expect(held).toBeLessThanOrEqual(capacity.bytes);
    expect(held + (rbs[stored] as string).length).toBeLessThanOrEqual(capacity.bytes);
    const holds = `it holds ${stored + 1} lines, ${held} bytes`;
    expect((await expectProblem(await append(t, [rbs[stored] as string]), "thread-full")).detail).toContain(holds);
    // Counted from storage by a new instance too.
    await restart(t);
    await setCapacity(t, capacity);
    expect((await expectProblem(await append(t, [rbs[stored] as string]), "thread-full")).detail).toContain(holds);
    expect((await state(t)).lines).toBe(stored + 1);
  });

  const keptCount = (thread: string) =>
    runInDurableObject(stubOf(thread), (_: ThreadObject, s: DurableObjectState) => ({
      kept: s.storage.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'stored_bytes'").toArray()[0]?.value ?? null,
      counted: s.storage.sql.exec<{ b: number }>(THREAD_STORED_BYTES_SQL).one().b,
      lines: s.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM lines").one().n,
    }));
  const keepCount = (thread: string, value: string | null) =>
    runInDurableObject(stubOf(thread), (_: ThreadObject, s: DurableObjectState) => {
      s.storage.sql.exec("DELETE FROM meta WHERE key = 'stored_bytes'");
      if (value !== null) s.storage.sql.exec("INSERT INTO meta (key, value) VALUES ('stored_bytes', ?)", value);
    });

  it("keeps the count of its stored bytes with the lines, and a new instance reads it back rather than count every row", async () => {
    const t = fresh();
    const rb = "RW1 RB bot-1 re=ops-1 from=bot to=ops item=job:1 ask=FIX";
    const dn = "RW1 DN bot-2 re=ops-1 from=bot to=ops item=job:1 out=OK";
    await ok(await append(t, [ho(1), rb]));
    await ok(await append(t, [dn, ho(2)]));
    // Written with the lines, the readback's report and the done check counted with them.
    const held = await keptCount(t);
    expect(held.kept).toBe(`4 ${held.counted}`);
    expect(held.counted).toBeGreaterThan([ho(1), rb, dn, ho(2)].join("").length);
    // A request refused whole leaves it as it was.
    await setCapacity(t, { lines: 100, bytes: held.counted + 10 });
    await expectProblem(await append(t, [ho(3)]), "thread-full");
    expect(await keptCount(t)).toStrictEqual(held);
    // Read back after a restart: a count kept at the capacity leaves no room, whatever the rows hold.
    await keepCount(t, `4 ${THREAD_CAPACITY.bytes}`);
    await restart(t);
    await expectProblem(await append(t, [ho(3)]), "thread-full");
    expect((await state(t)).lines).toBe(4);
  });

  it("counts from storage when no count is kept for its lines (a thread stored before it, or lines an older version stored), and keeps it from then on", async () => {
    const t = fresh();
    const rb = "RW1 RB bot-1 re=ops-1 from=bot to=ops item=job:1 ask=FIX";
    await ok(await append(t, [ho(1), rb]));
    const { counted } = await keptCount(t);
    for (const left of [null, `1 ${THREAD_CAPACITY.bytes}`, "2 lots"]) {
      await keepCount(t, left);
      await restart(t);
      // Exactly room for the next line, by the rows: counted, not taken from what was left.
      await setCapacity(t, { lines: 100, bytes: counted + ho(2).length });
      expect(await expectProblem(await append(t, [ho(2), ho(3)]), "thread-full")).toMatchObject({ line: 2 });
      expect(await keptCount(t)).toMatchObject({ kept: left, lines: 2 });
    }
    expect(statuses(await ok(await append(t, [ho(2)])))).toStrictEqual(["stored"]);
    expect(await keptCount(t)).toStrictEqual({ kept: `3 ${counted + ho(2).length}`, counted: counted + ho(2).length, lines: 3 });
  });

  it("counts the done check it stores with a DN", async () => {
    const t = fresh();
    const dn = "RW1 DN bot-2 re=ops-1 from=bot to=ops item=job:1 out=NOOP";
    // Exactly the lines' bytes: the DN's stored check does not fit.
    await setCapacity(t, { lines: 100, bytes: ho(1).length + dn.length });
    await ok(await append(t, [ho(1)]));
    await expectProblem(await append(t, [dn]), "thread-full");
    expect(await storedLines(t)).toStrictEqual([ho(1)]);
    expect(await checksHeld(t)).toStrictEqual({ readbacks: 0, dones: 0 });
    await setCapacity(t, { lines: 100, bytes: ho(1).length + dn.length + 4000 });
    expect(statuses(await ok(await append(t, [dn])))).toStrictEqual(["stored"]);
    expect((await checksHeld(t)).dones).toBe(1);
  });

  const challengeAhead = (thread: string, id: string, expectAcc: string[]) => postJson(`/v1/threads/${thread}/handoffs/${id}/challenge`, { expectAcc });
  const challengesHeld = (thread: string) =>
    runInDurableObject(stubOf(thread), (_: ThreadObject, s: DurableObjectState) => s.storage.sql.exec<{ rows: number; bytes: number }>("SELECT COUNT(*) AS rows, COALESCE(SUM(length(CAST(handoff AS BLOB)) + length(CAST(body AS BLOB))), 0) AS bytes FROM challenges").one());

  it("holds no more challenges than lines, nor more bytes of them, registered ahead of their HOs or not", async () => {
    const t = fresh();
    await setCapacity(t, { lines: 3, bytes: 1 << 20 });
    // Ahead of any line: three are kept, as a thread of three lines holds three HOs at most.
    for (const k of [1, 2, 3]) expect((await challengeAhead(t, `ops-${k}`, [`tone:plain${k}`])).status).toBe(202);
    const full = await expectProblem(await challengeAhead(t, "ops-4", ["tone:plain"]), "thread-full");
    expect(full).toMatchObject({ limit: 3, limitBytes: 1 << 20 });
    expect(full.detail).toContain("challenges");
    expect((await challengesHeld(t)).rows).toBe(3);
    // Counted from storage by a new instance too.
    await restart(t);
    await setCapacity(t, { lines: 3, bytes: 1 << 20 });
    await expectProblem(await challengeAhead(t, "ops-5", ["tone:plain"]), "thread-full");
    expect((await challengesHeld(t)).rows).toBe(3);
    // Bytes: one set of criteria the size of a body filled a thread's storage with no line in it.
    const u = fresh();
    const criteria = Array.from({ length: 300 }, (_, i) => `must:w${i}`);
    expect((await challengeAhead(u, "ops-1", criteria)).status).toBe(202);
    const { bytes } = await challengesHeld(u);
    await setCapacity(u, { lines: 100, bytes: bytes + 100 });
    await expectProblem(await challengeAhead(u, "ops-2", criteria), "thread-full");
    expect((await challengeAhead(u, "ops-2", ["tone:plain"])).status).toBe(202);
    expect((await challengesHeld(u)).rows).toBe(2);
  });

  it("counts the id a challenge is kept under with its bytes, after a restart too", async () => {
    // `{handoff}` is any message id a path carries: ids of 200,000 characters under bodies of 20
    // bytes were stored, and the bound, which counted the bodies alone, never saw them.
    const t = fresh();
    const long = `${"a".repeat(3000)}-1`;
    await setCapacity(t, { lines: 100, bytes: 2000 });
    await expectProblem(await challengeAhead(t, long, ["len:1w"]), "thread-full");
    expect((await challengeAhead(t, "ops-1", ["len:1w"])).status).toBe(202);
    expect((await challengesHeld(t)).rows).toBe(1);
    await setCapacity(t, { lines: 100, bytes: 4000 });
    expect((await challengeAhead(t, long, ["len:1w"])).status).toBe(202);
    const held = await challengesHeld(t);
    expect(held.bytes).toBeGreaterThan(3000);
    await restart(t);
    await setCapacity(t, { lines: 100, bytes: held.bytes + 500 });
    await expectProblem(await challengeAhead(t, `${"b".repeat(600)}-1`, ["len:1w"]), "thread-full");
    expect(await challengesHeld(t)).toStrictEqual(held);
  });

  it("refuses whole an append whose re-issue would carry a challenge past what the thread holds of them", async () => {
    const t = fresh();
    const brief = "RW1 HO lead-1 from=lead to=writer item=doc:brief ask=DRAFT rb=acc keys=len+lang";
    const badRb = "RW1 RB writer-1 re=lead-1 from=writer to=lead item=doc:brief ask=DRAFT acc=len:150w+lang:en-gb";
    const reissue = "RW1 HO lead-2 re=writer-1 from=lead to=writer item=doc:brief ask=DRAFT rb=acc keys=len+lang";
    await ok(await append(t, [brief]));
    // Criteria far longer than the lines, so a bound on bytes can leave room for the lines and not for a copy of them.
    const criteria = ["len:120w", "lang:en-gb", ...Array.from({ length: 300 }, (_, i) => `must:w${i}`)];
    expect((await postJson(`/v1/threads/${t}/handoffs/lead-1/challenge`, { expectAcc: criteria })).status).toBe(204);
    expect((await ok(await append(t, [badRb]))).results[0].readback.verdict).toBe("void");
    const held = await challengesHeld(t);
    await setCapacity(t, { lines: 100, bytes: held.bytes + 1000 });
    const full = await expectProblem(await append(t, [ho(1), reissue]), "thread-full");
    expect(full).toMatchObject({ line: 2 });
    expect(full.detail).toContain("challenge");
    expect(await storedLines(t)).toStrictEqual([brief, badRb]);
    expect(await challengesHeld(t)).toStrictEqual(held);
    // With room for the copy, the re-issue carries the criteria as ever.
    await setCapacity(t, { lines: 100, bytes: 2 * held.bytes });
    const stored = await ok(await append(t, [ho(1), reissue]));
    expect(stored.results[1].findings.map((f: any) => f.code)).toContain("CHALLENGE_CARRIED");
    expect((await challengesHeld(t)).rows).toBe(2);
  });

  const PAY_CALL = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
  const prepareOn = (thread: string, exp = "20991002T1430Z", call: Record<string, string> = PAY_CALL) => postJson(`/v1/threads/${thread}/statements`, { handoff: "scheduler-1", call, exp });
  const statementsHeld = (thread: string) =>
    runInDurableObject(stubOf(thread), (_: ThreadObject, s: DurableObjectState) => s.storage.sql.exec<{ rows: number; bytes: number }>("SELECT COUNT(*) AS rows, COALESCE(SUM(length(CAST(body AS BLOB))), 0) AS bytes FROM statements").one());
  /** What the object's store counts it holds (it counts once, then keeps the count). */
  const statementsCounted = (thread: string) => runInDurableObject(stubOf(thread), (instance: ThreadObject) => ({ ...(instance as unknown as { statements: { held(): { rows: number; bytes: number } } }).statements.held() }));

  it("holds no more statements than lines, nor more bytes of them, abandoned and expired ones counted, after a restart too", async () => {
    // Each prepare stored one, on any number of handoffs, kept whatever its end: nothing bounded them.
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [`${PAY_HO} exp=20991002T1500Z`]));
    await setCapacity(t, { lines: 3, bytes: 1 << 20 });
    await ok(await prepareOn(t, "20991002T1405Z"), 201);
    const second = await ok<{ token: string }>(await prepareOn(t), 201);
    await ok(await call(`/v1/threads/${t}/statements/${second.token}/abandon`, { method: "POST" }));
    setClock(Date.UTC(2099, 9, 2, 14, 10));
    expect((await state(t)).statements).toStrictEqual({ expired: 1, abandoned: 1 });
    // Abandoned and expired statements are records still (a commit of them is refused by what they are): they count.
    expect((await ok<{ readback: { id: string } }>(await prepareOn(t), 201)).readback.id).toBe("payer-3");
    const full = await expectProblem(await prepareOn(t), "thread-full");
    expect(full).toMatchObject({ limit: 3, limitBytes: 1 << 20 });
    expect(full.detail).toContain("statements");
    expect(await statementsHeld(t)).toMatchObject({ rows: 3 });
    expect((await state(t)).statements).toStrictEqual({ expired: 1, abandoned: 1, pending: 1 });
    // Counted from storage by a new instance too.
    await restart(t);
    await setCapacity(t, { lines: 3, bytes: 1 << 20 });
    await expectProblem(await prepareOn(t), "thread-full");
    expect(await statementsHeld(t)).toMatchObject({ rows: 3 });
    // Bytes: a call of a line's length stored about twice that a prepare, on one HO.
    const u = fresh();
    await ok(await append(u, [`${PAY_HO} exp=20991002T1500Z`]));
    await ok(await prepareOn(u), 201);
    const one = await statementsHeld(u);
    await setCapacity(u, { lines: 100, bytes: 2 * one.bytes + 50 });
    await expectProblem(await prepareOn(u, "20991002T1430Z", { ...PAY_CALL, ref: "R".repeat(6000) }), "thread-full");
    // Nothing of it stored: the next prepare that fits takes the next number.
    expect((await ok<{ readback: { id: string } }>(await prepareOn(u), 201)).readback.id).toBe("payer-2");
    expect(await statementsHeld(u)).toMatchObject({ rows: 2 });
    expect(await statementsCounted(u)).toStrictEqual(await statementsHeld(u));
  });

  it("keeps its count of statements true when an append that abandoned some is rolled back", async () => {
    const t = fresh();
    setClock(T0);
    await ok(await append(t, [`${PAY_HO} exp=20991002T1500Z`]));
    await ok(await prepareOn(t), 201);
    await ok(await prepareOn(t), 201);
    const before = await statementsHeld(t);
    expect(await statementsCounted(t)).toStrictEqual(before);
    // The CX abandons both (a few bytes more each), then the next line is past the thread's lines: all rolled back.
    await setCapacity(t, { lines: 2, bytes: 1 << 20 });
    const cx = "RW1 CX scheduler-2 re=scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED";
    expect(await expectProblem(await append(t, [cx, ho(1)]), "thread-full")).toMatchObject({ line: 2 });
    expect((await state(t)).statements).toStrictEqual({ pending: 2 });
    expect(await statementsHeld(t)).toStrictEqual(before);
    expect(await statementsCounted(t)).toStrictEqual(before);
    // Stored, the abandoned statements are counted as stored.
    await setCapacity(t, { lines: 3, bytes: 1 << 20 });
    expect((await ok(await append(t, [cx]))).results[0].cancelledStatements).toBe(2);
    expect(await statementsCounted(t)).toStrictEqual(await statementsHeld(t));
    expect((await statementsHeld(t)).bytes).toBe(before.bytes + 2 * ("abandoned".length - "pending".length));
  });
});

describe("access", () => {
  // Defined, not assigned: assigned through the bindings' proxy, RW_TOKEN lands on the shared env,
  // and every later request of this file would need the token.
  const withToken = (request: Request) => handle(ROUTES, request, Object.defineProperty(Object.create(env) as typeof env, "RW_TOKEN", { value: "s3cret-token" }), { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext);

  it("a request with RW_TOKEN leaves the Worker's own env without it", async () => {
    await withToken(new Request(`${ORIGIN}/v1/health`));
    expect(env.RW_TOKEN).toBeUndefined();
    await ok(await call(`/v1/threads/${fresh()}`));
  });

  it("without RW_TOKEN, threads are open", async () => {
    await ok(await call(`/v1/threads/${fresh()}`));
  });

  it("with RW_TOKEN, thread routes need the bearer token; stateless routes stay open", async () => {
    const t = fresh();
    const url = `${ORIGIN}/v1/threads/${t}`;
    await expectProblem(await withToken(new Request(url)), "unauthorized");
    await expectProblem(await withToken(new Request(url, { headers: { authorization: "Bearer wrong" } })), "unauthorized");
    await expectProblem(await withToken(new Request(url, { headers: { authorization: "Basic s3cret-token" } })), "unauthorized");
    const r = await withToken(new Request(url, { headers: { authorization: "Bearer s3cret-token" } }));
    expect(r.status).toBe(200);
    expect((await withToken(new Request(`${ORIGIN}/v1/health`))).status).toBe(200);
  });
});

describe("an UNDO reverses a DN's act (section 5.4: 'ask=UNDO ctx=<the DN's id>')", () => {
  it("is stored whatever its ctx= names; one naming no act is THREAD_UNDO_UNMATCHED, one naming no line of the thread THREAD_UNDO_UNSEEN, before and after a restart", async () => {
    const t = fresh();
    await ok(await append(t, [
      "RW1 HO ops-1 from=ops to=builder item=jira:OPS-1 ask=FIX",
      "RW1 RB builder-1 re=ops-1 from=builder to=ops item=jira:OPS-1 ask=FIX",
      "RW1 DN builder-2 re=ops-1 from=builder to=ops item=jira:OPS-1 out=OK",
    ]));
    const undo = (id: string, ctx: string) => `RW1 HO ops-${id} from=ops to=builder item=jira:OPS-1 ask=UNDO ctx=${ctx}`;
    const results = (await ok(await append(t, [undo("2", "builder-2"), undo("3", "ops-1"), undo("4", "builder-9")]))).results;
    expect(results.map((r: any) => [r.status, r.findings.map((f: any) => f.code)])).toStrictEqual([["stored", []], ["stored", ["THREAD_UNDO_UNMATCHED"]], ["stored", ["THREAD_UNDO_UNSEEN"]]]);
    const undoCodes = async () => (await state(t)).report.findings.filter((f: any) => f.code.startsWith("THREAD_UNDO")).map((f: any) => `${f.code}@${f.handoff}`);
    expect(await undoCodes()).toStrictEqual(["THREAD_UNDO_UNMATCHED@ops-3", "THREAD_UNDO_UNSEEN@ops-4"]);
    await restart(t);
    expect(await undoCodes()).toStrictEqual(["THREAD_UNDO_UNMATCHED@ops-3", "THREAD_UNDO_UNSEEN@ops-4"]);
  });
});

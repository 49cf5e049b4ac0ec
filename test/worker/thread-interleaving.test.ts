// Requests to one thread sent at once, and its alarm run among them (audit EI). Every method of the
// thread's object does its work without an await, so the runtime's input gate lets no other event
// in while one runs: each request is one step, in some order, and never half of one. These pin the
// answers that follow from that, whichever order the steps run in; a method that came to await
// something other than its own storage (a fetch, crypto.subtle, a timer) between reading and
// writing would let another request in and fail them.
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ThreadObject } from "../../worker/thread/thread-object.js";
import { call, ok, postJson } from "./http.js";
import { PAY_HO, PAY_RB } from "./lines.js";

const stubOf = (thread: string): DurableObjectStub<ThreadObject> => env.THREADS.get(env.THREADS.idFromName(thread));
const fresh = (): string => `interleaving-${crypto.randomUUID()}`;
const append = (thread: string, lines: string[]) => postJson(`/v1/threads/${thread}/lines`, { lines });
const state = async (thread: string) => ok(await call(`/v1/threads/${thread}`));
const commitOf = (t: string, token: string) => call(`/v1/threads/${t}/statements/${token}/commit`, { method: "POST" });

// The object's clock stands in 2099, so no alarm it sets is due by the real clock the runtime fires
// alarms by: the tests run the alarm themselves, among the requests.
const T0 = Date.UTC(2099, 9, 2, 14, 0);
afterEach(() => {
  vi.useRealTimers();
});

const HO_EXP = `${PAY_HO} exp=20991002T1500Z`;
const CALL = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
const CX = "RW1 CX scheduler-2 re=scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED";

/** An HO with a statement (exp 14:05) whose RB was relayed and checked wilco: cleared to commit. */
async function cleared(t: string): Promise<{ token: string }> {
  vi.useFakeTimers({ toFake: ["Date"], now: T0 });
  await ok(await append(t, [HO_EXP]));
  const s = await ok<{ token: string; line: string }>(await postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" }), 201);
  expect((await ok(await append(t, [s.line]))).results[0].readback.verdict).toBe("wilco");
  return s;
}

/** A commit of `token` and a run of the thread's alarm, sent in the order asked. */
async function commitAndAlarm(t: string, token: string, alarmFirst: boolean): Promise<{ ran: boolean; commit: Response }> {
  let alarm: Promise<boolean>;
  let commit: Promise<Response>;
  if (alarmFirst) {
    alarm = runDurableObjectAlarm(stubOf(t));
    commit = commitOf(t, token);
  } else {
    commit = commitOf(t, token);
    alarm = runDurableObjectAlarm(stubOf(t));
  }
  const [ran, answer] = await Promise.all([alarm, commit]);
  return { ran, commit: answer };
}

describe("a commit racing the alarm that expires its statement", () => {
  it("within the statement's window: the commit runs, whichever is sent first, and the alarm expires nothing", async () => {
    for (const alarmFirst of [true, false]) {
      const t = fresh();
      const s = await cleared(t);
      // The last second of exp's minute: the alarm set for the next is run early, as a late one may be.
      vi.setSystemTime(Date.UTC(2099, 9, 2, 14, 5, 59));
      const { ran, commit } = await commitAndAlarm(t, s.token, alarmFirst);
      expect(ran).toBe(true);
      await ok(commit);
      expect((await state(t)).statements).toStrictEqual({ committed: 1 });
    }
  });

  it("past it: the commit is refused, whichever is sent first, and the statement is expired once", async () => {
    for (const alarmFirst of [true, false]) {
      const t = fresh();
      const s = await cleared(t);
      vi.setSystemTime(Date.UTC(2099, 9, 2, 14, 6));
      const { ran, commit } = await commitAndAlarm(t, s.token, alarmFirst);
      expect(ran).toBe(true);
      expect(commit.status, await commit.clone().text()).toBe(409);
      expect((await state(t)).statements).toStrictEqual({ expired: 1 });
    }
  });
});

describe("a commit racing the CX that withdraws its handoff", () => {
  it("one of the two is first, and each answer says what the other did: never an act run after its cancel", async () => {
    for (let round = 0; round < 8; round++) {
      const t = fresh();
      const s = await cleared(t);
      const [commit, cancel] = await Promise.all([commitOf(t, s.token), append(t, [CX])]);
      const cx = (await ok(cancel)).results[0];
      expect(cx.status).toBe("stored");
      const counts = (await state(t)).statements;
      if (commit.status === 200) {
        // The act ran first: the CX abandons nothing and says the act already ran.
        expect([cx.cancelledStatements, cx.findings.map((f: any) => f.code), counts]).toStrictEqual([0, ["STATEMENT_REFUSED"], { committed: 1 }]);
      } else {
        expect(commit.status, await commit.clone().text()).toBe(409);
        expect([cx.cancelledStatements, cx.findings, counts]).toStrictEqual([1, [], { cancelled: 1 }]);
      }
    }
  });
});

describe("appends racing appends with the same id", () => {
  it("the same line sent at once is stored once, the others answered as its duplicates", async () => {
    const t = fresh();
    const line = "RW1 HO ops-1 from=ops to=bot item=job:1 ask=FIX";
    const answers = await Promise.all(Array.from({ length: 20 }, () => append(t, [line])));
    const results = await Promise.all(answers.map(async (r) => (await ok(r)).results[0]));
    expect(results.filter((r) => r.status === "stored")).toHaveLength(1);
    expect(results.filter((r) => r.status === "duplicate").map((r) => r.seq)).toStrictEqual(Array(19).fill(1));
    expect((await state(t)).lines).toBe(1);
  });

  it("two lines under one id sent at once: one is stored, the other refused THREAD_ID_REUSED, and the thread holds the one answered stored", async () => {
    const t = fresh();
    const lines = ["RW1 HO ops-1 from=ops to=bot item=job:1 ask=FIX", "RW1 HO ops-1 from=ops to=bot item=job:2 ask=FIX"];
    const results = await Promise.all(lines.map(async (line) => (await ok(await append(t, [line]))).results[0]));
    expect(results.map((r) => r.status).sort()).toStrictEqual(["refused", "stored"]);
    expect(results.find((r) => r.status === "refused").findings.map((f: any) => f.code)).toStrictEqual(["THREAD_ID_REUSED"]);
    const held = (await ok(await call(`/v1/threads/${t}/lines`))).lines;
    expect(held.map((l: any) => l.line)).toStrictEqual([lines[results.findIndex((r) => r.status === "stored")]]);
  });
});

describe("reads during appends", () => {
  it("every read sees whole appends: the lines stored, the audit and the open handoffs agree", async () => {
    const t = fresh();
    const k = 30;
    const requests: Promise<Response>[] = [];
    for (let i = 1; i <= k; i++) {
      requests.push(append(t, [`RW1 HO ops-${i} from=ops to=bot${i} item=job:${i} ask=FIX`]));
      requests.push(call(`/v1/threads/${t}`));
      requests.push(call(`/v1/threads/${t}/lines`));
    }
    const answers = await Promise.all(requests);
    for (let i = 0; i < answers.length; i += 3) {
      expect((await ok(answers[i] as Response)).results[0].status).toBe("stored");
      const s = await ok(answers[i + 1] as Response);
      // Each line an open HO, and the audit's owners one per HO: a read between a line's storing
      // and its audit would see one without the other.
      expect([s.open.length, s.report.owners.length], `a read at ${s.lines} lines`).toStrictEqual([s.lines, s.lines]);
      const page = (await ok(answers[i + 2] as Response)).lines;
      expect(page.map((l: any) => l.seq)).toStrictEqual(page.map((_: unknown, n: number) => n + 1));
    }
    const last = await state(t);
    expect([last.lines, last.open.length]).toStrictEqual([k, k]);
  });
});

describe("prepares racing what takes the receiver's next number", () => {
  const prepare = (t: string) => postJson(`/v1/threads/${t}/statements`, { handoff: "scheduler-1", call: CALL, exp: "20991002T1405Z" });

  it("two prepares at once state their readbacks under two ids", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: T0 });
    const t = fresh();
    await ok(await append(t, [HO_EXP]));
    const [a, b] = await Promise.all([prepare(t), prepare(t)]);
    const ids = [(await ok(a, 201)).readback.id, (await ok(b, 201)).readback.id].sort();
    expect(ids).toStrictEqual(["payer-1", "payer-2"]);
  });

  it("a prepare and a line of the receiver's at once never leave a statement whose readback's id a stored line holds", async () => {
    for (let round = 0; round < 6; round++) {
      vi.useFakeTimers({ toFake: ["Date"], now: T0 });
      const t = fresh();
      await ok(await append(t, [HO_EXP]));
      const [prepared, appended] = await Promise.all([prepare(t), append(t, [PAY_RB])]);
      const s = await ok(prepared, 201);
      const line = (await ok(appended)).results[0];
      if (line.status === "stored") expect(s.readback.id).toBe("payer-2");
      else expect([line.findings.map((f: any) => f.code), s.readback.id]).toStrictEqual([["THREAD_ID_REUSED"], "payer-1"]);
    }
  });
});

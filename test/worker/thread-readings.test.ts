// Two check-thread readings the thread object takes from the core, pinned on its own routes: a
// hold on a re-issue line's readback after its HO closed (README note 82), on the append and the
// commit paths, and a UN or AN naming no message (note 84). The object asks the core's audit and
// commitClearance; each answer here is also compared with check-thread over the lines it stored.
import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import type { ThreadObject } from "../../worker/thread/thread-object.js";
import { call, ok, postJson } from "./http.js";
import { PAY_HO } from "./lines.js";

let counter = 0;
const fresh = (): string => `readings-${Date.now().toString(36)}-${++counter}`;
const stubOf = (thread: string): DurableObjectStub<ThreadObject> => env.THREADS.get(env.THREADS.idFromName(thread));
const append = (thread: string, lines: string[]) => postJson(`/v1/threads/${thread}/lines`, { lines });
const codes = (result: { findings: { code: string }[] }): string[] => result.findings.map((f) => f.code);
const report = async (thread: string) => (await ok(await call(`/v1/threads/${thread}`))).report;
/** check-thread over `lines`, as POST /v1/check-thread reads a whole log. */
const checked = async (lines: string[]) => ok(await postJson("/v1/check-thread", { lines }));
const restart = (thread: string) => runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) => state.abort("restarted by the test")).catch(() => {});

// The object's clock stands in 2099, so no exp below is past and no alarm it sets is due.
const T0 = Date.UTC(2099, 9, 2, 14, 0); // 20991002T1400Z
afterEach(() => void vi.useRealTimers());

describe("a hold on a re-issue line's readback after its HO closed holds the live re-issue (note 82)", () => {
  const LINES = [
    "RW1 HO ops-1 from=ops to=builder item=jira:OPS-1 ask=FIX",
    "RW1 RB builder-1 re=ops-1 from=builder to=ops item=jira:OPS-1 ask=FIX",
    "RW1 HO ops-2 re=ops-1 from=ops to=builder item=jira:OPS-1 ask=FIX",
    "RW1 FL builder-2 re=ops-1 from=builder to=ops item=jira:OPS-1 why=ERR",
    "RW1 AN ops-3 re=builder-1 from=ops to=builder val=N // hold, sent after ops-1 closed",
  ];
  const DN = "RW1 DN builder-3 re=ops-2 from=builder to=ops item=jira:OPS-1 out=OK";

  it("on append: the DN on the re-issue is THREAD_DONE_AFTER_HOLD in its answer and in the report, as check-thread reads it, after a restart too", async () => {
    const t = fresh();
    const stored = (await ok(await append(t, LINES))).results;
    expect(stored.map((r: { status: string }) => r.status)).toStrictEqual(Array(LINES.length).fill("stored"));
    // The hold itself is read without a word, as check-thread reads it.
    expect(codes(stored[4])).toStrictEqual([]);
    const dn = (await ok(await append(t, [DN]))).results[0];
    expect(dn.status).toBe("stored");
    expect(dn.findings.map((f: any) => [f.code, f.handoff, f.id, f.slot, f.expected, f.received])).toStrictEqual([["THREAD_DONE_AFTER_HOLD", "ops-2", "builder-3", "val", "Y", "N"]]);
    const whole = await checked([...LINES, DN]);
    expect(whole.findings.map((f: any) => f.code)).toContain("THREAD_DONE_AFTER_HOLD");
    expect((await report(t)).findings).toStrictEqual(whole.findings);
    // Rebuilt from storage, the audit reads the line's answers together again.
    await restart(t);
    expect((await report(t)).findings).toStrictEqual(whole.findings);
  });

  it("on commit: a statement of the held re-issue runs only once a readback of its own passed unheld, when check-thread too would take its DN as cleared", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: T0 });
    const CALL = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
    const HO1 = `${PAY_HO} exp=20991002T1500Z`;
    const HO2 = HO1.replace("scheduler-1", "scheduler-2 re=scheduler-1");
    const commitOf = (t: string, token: string) => call(`/v1/threads/${t}/statements/${token}/commit`, { method: "POST" });
    const prepare = async (t: string, handoff: string) => ok<{ token: string; line: string }>(await postJson(`/v1/threads/${t}/statements`, { handoff, call: CALL, exp: "20991002T1405Z" }), 201);
    const t = fresh();
    await ok(await append(t, [HO1]));
    // The original's statement is relayed and passes; then the sender re-issues the HO, the
    // receiver closes the superseded original (FL), and the sender holds the original's readback.
    const first = await prepare(t, "scheduler-1");
    expect((await ok(await append(t, [first.line]))).results[0].readback.verdict).toBe("wilco");
    const FL = "RW1 FL payer-2 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 why=ERR";
    const HOLD = `RW1 AN scheduler-3 re=${first.line.split(" ")[2]} p=pay from=scheduler to=payer val=N // hold`;
    const after = (await ok(await append(t, [HO2, FL, HOLD]))).results;
    expect(after.map((r: { status: string }) => r.status)).toStrictEqual(["stored", "stored", "stored"]);
    // The original is closed: its statement never runs.
    expect((await ok(await commitOf(t, first.token), 409)).detail).toContain("was abandoned");
    // The live re-issue is held: a statement of it not yet read back does not run ...
    const second = await prepare(t, "scheduler-2");
    const unread = await ok(await commitOf(t, second.token), 409);
    expect(unread.detail).toContain("holds no readback of this statement");
    // ... and check-thread holds a DN on it too (the hold stands for the line).
    const DN2 = "RW1 DN payer-4 re=scheduler-2 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
    const lines = (await ok(await call(`/v1/threads/${t}/lines?limit=100`))).lines.map((l: { line: string }) => l.line);
    expect((await checked([...lines, DN2])).findings.map((f: any) => f.code)).toContain("THREAD_DONE_AFTER_HOLD");
    // Its own readback, relayed and passing, unanswered: the re-issue is answered afresh (check-thread's heldAct).
    expect((await ok(await append(t, [second.line]))).results[0].readback.verdict).toBe("wilco");
    const relayed = (await ok(await call(`/v1/threads/${t}/lines?limit=100`))).lines.map((l: { line: string }) => l.line);
    expect((await checked([...relayed, DN2])).findings.map((f: any) => f.code)).not.toContain("THREAD_DONE_AFTER_HOLD");
    // The sender holds that readback too: the statement does not run, and check-thread holds the DN.
    const HOLD2 = `RW1 AN scheduler-4 re=${second.line.split(" ")[2]} p=pay from=scheduler to=payer val=N // hold again`;
    expect((await ok(await append(t, [HOLD2]))).results[0].status).toBe("stored");
    const held = await ok(await commitOf(t, second.token), 409);
    expect(held.detail).toContain("val=N");
    const heldLines = (await ok(await call(`/v1/threads/${t}/lines?limit=100`))).lines.map((l: { line: string }) => l.line);
    expect((await checked([...heldLines, DN2])).findings.map((f: any) => f.code)).toContain("THREAD_DONE_AFTER_HOLD");
    // The sender confirms that readback: the act is cleared, for both, and the statement runs.
    const YES = `RW1 AN scheduler-5 re=${second.line.split(" ")[2]} p=pay from=scheduler to=payer val=Y`;
    expect((await ok(await append(t, [YES]))).results[0].status).toBe("stored");
    const cleared = (await ok(await call(`/v1/threads/${t}/lines?limit=100`))).lines.map((l: { line: string }) => l.line);
    expect((await checked([...cleared, DN2])).findings.map((f: any) => f.code)).not.toContain("THREAD_DONE_AFTER_HOLD");
    expect((await ok(await commitOf(t, second.token))).state).toBe("committed");
    const dn = (await ok(await append(t, [DN2]))).results[0];
    expect(dn.status).toBe("stored");
    expect(codes(dn)).not.toContain("THREAD_DONE_AFTER_HOLD");
  });
});

describe("a UN or AN naming no message (note 84)", () => {
  it("stores a UN whose re= names no line, noted THREAD_REPLY_UNMATCHED in its answer and the report, as check-thread notes it", async () => {
    const t = fresh();
    const HO = "RW1 HO ops-1 from=ops to=builder item=jira:OPS-1 ask=FIX";
    const UN = "RW1 UN builder-1 re=ops-9 from=builder to=ops why=SCOPE // ops-9 is no line here";
    const [ho, un] = (await ok(await append(t, [HO, UN]))).results;
    expect(ho.status).toBe("stored");
    expect(un.status).toBe("stored");
    expect(un.findings.map((f: any) => [f.code, f.severity, f.handoff, f.id, f.slot, f.received])).toStrictEqual([["THREAD_REPLY_UNMATCHED", "note", "ops-9", "builder-1", "re", "ops-9"]]);
    const whole = await checked([HO, UN]);
    expect((await report(t)).findings).toStrictEqual(whole.findings);
    expect((await report(t)).ok).toBe(true);
  });

  it("stores the UN refusing a line the thread refused (it names a line the thread never holds), noted THREAD_REPLY_UNMATCHED", async () => {
    const t = fresh();
    const refused = (await ok(await append(t, ["RW1 HO ops-1 from=ops to=builder item=jira:OPS-1 ask=NOSUCHASK"]))).results[0];
    expect(refused.status).toBe("refused");
    expect(typeof refused.refusal).toBe("string");
    const un = (await ok(await append(t, [refused.refusal]))).results[0];
    expect(un.status).toBe("stored");
    expect(codes(un)).toStrictEqual(["THREAD_REPLY_UNMATCHED"]);
  });

  it("refuses an AN whose re= names no line (THREAD_REPLY_AHEAD, with no UN), skipping the lines after it, and takes it once what it answers is stored", async () => {
    const t = fresh();
    const HO = "RW1 HO ops-1 from=ops to=builder item=jira:OPS-1 ask=FIX";
    const AN = "RW1 AN ops-2 re=builder-1 from=ops to=builder val=Y";
    const RB = "RW1 RB builder-1 re=ops-1 from=builder to=ops item=jira:OPS-1 ask=FIX";
    const [ho, an, rb] = (await ok(await append(t, [HO, AN, RB]))).results;
    expect(ho.status).toBe("stored");
    expect(an).toMatchObject({ status: "refused", refusal: null });
    expect(an.findings.map((f: any) => [f.code, f.slot, f.received])).toStrictEqual([["THREAD_REPLY_AHEAD", "re", "builder-1"]]);
    expect(rb.status).toBe("skipped");
    // Stored, it would have answered nothing: check-thread over the same lines notes it unmatched.
    expect((await checked([HO, AN])).findings.map((f: any) => f.code)).toStrictEqual(["THREAD_REPLY_UNMATCHED", "THREAD_OPEN"]);
    const [rb2, an2] = (await ok(await append(t, [RB, AN]))).results;
    expect(rb2.status).toBe("stored");
    expect(an2.status).toBe("stored");
    expect(codes(an2)).toStrictEqual([]);
  });
});

// The thread object against the core, over every check-thread case (test/conformance/threads):
// appended one line a request at the case's moment, the object's report is check-thread's over the
// lines it stored (the adapters never re-implement a rule), and the same again once its object
// restarts and rebuilds its audit from storage. A line the object refuses is refused only by the
// rules a thread appended to at known moments adds (README notes on THREAD_READBACK_EXPIRED,
// THREAD_REPLY_AHEAD, THREAD_ID_REUSED; check-ho's HO_DIFFERS against a registered record, note 34,
// and its HO_NEEDS_EXEC for an HO a registered record holds though it asks no rb=exec, note 99).
import { afterEach, describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import type { ThreadObject } from "../../worker/thread/thread-object.js";
import { afterTime } from "../../core/index.js";
import { call, ok, postJson } from "./http.js";
import { threadCases } from "./vectors.js";

const stubOf = (thread: string): DurableObjectStub<ThreadObject> => env.THREADS.get(env.THREADS.idFromName(thread));
afterEach(() => void vi.useRealTimers());

/** What a thread refuses that a log read whole (check-thread) reports instead. */
const ARRIVAL_RULES = new Set(["THREAD_READBACK_EXPIRED", "THREAD_CONFIRMATION_EXPIRED", "THREAD_REPLY_AHEAD", "THREAD_ID_REUSED", "HO_DIFFERS", "HO_NEEDS_EXEC"]);
/** A case without a moment is appended at one: the object always has a clock. */
const NO_NOW = "20991231T2359Z";

const reportOf = (r: { ok: boolean; findings: unknown; owners: unknown; counts: unknown }) => JSON.parse(JSON.stringify({ ok: r.ok, findings: r.findings, owners: r.owners, counts: r.counts }));

describe("the thread object's report is check-thread's over the lines it stored, before and after a restart", () => {
  it("covers every case", () => expect(threadCases.length).toBeGreaterThan(70));
  for (const { file, data: c } of threadCases) {
    it(file, async () => {
      const now = c.now ?? NO_NOW;
      // The last millisecond of the case's minute: the moment check-thread reads it at.
      vi.useFakeTimers({ toFake: ["Date"], now: afterTime(now) - 1 });
      const t = `parity-${crypto.randomUUID()}`;
      for (const [handoff, e] of Object.entries(c.expectations ?? {})) {
        const ho = c.lines.find((l) => l.includes(` HO ${handoff} `)) ?? "";
        const profile = / p=([a-z]+)/.exec(ho)?.[1];
        const body = { ...(e.expectAcc === undefined ? {} : { expectAcc: e.expectAcc.split("+") }), ...(e.record === undefined ? {} : { record: e.record }), ...(profile === undefined ? {} : { profile }) };
        await ok(await postJson(`/v1/threads/${t}/handoffs/${handoff}/challenge`, body), 202);
      }
      const stored: string[] = [];
      for (const line of c.lines) {
        const r = (await ok(await postJson(`/v1/threads/${t}/lines`, { lines: [line] }))).results[0];
        if (r.status === "stored") stored.push(line);
        if (r.status === "refused") expect(r.findings.map((f: { code: string }) => f.code).filter((code: string) => !ARRIVAL_RULES.has(code)), line).toStrictEqual([]);
      }
      const before = reportOf((await ok(await call(`/v1/threads/${t}`))).report);
      // With the sender's private challenges, the object hides what they would reveal: the core's
      // own conformance run checks those cases; here, the restart alone.
      if (c.expectations === undefined) expect(before).toStrictEqual(reportOf(await ok(await postJson("/v1/check-thread", { lines: stored, now }))));
      await runInDurableObject(stubOf(t), (_: ThreadObject, state: DurableObjectState) => state.abort("restarted by the test")).catch(() => {});
      expect(reportOf((await ok(await call(`/v1/threads/${t}`))).report)).toStrictEqual(before);
    });
  }
});

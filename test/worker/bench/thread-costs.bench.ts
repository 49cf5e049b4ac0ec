// What a thread near its 16 MiB costs inside workerd (vitest's pool): the bytes one handoff
// stores, lines and checks (README note 38), and the first append after the object restarts, when
// the stored bytes are counted again (worker/thread/stored-bytes.ts) and the audit rebuilt,
// against an append to the same thread without a restart; then the rebuild by part, each part
// both ways (before fix-DO and now) over the same rows; then a thread stored before HOs kept their
// digest, restarted twice: the first rebuild back-fills them (fix-DV), the second reads them.
// Prints; asserts nothing.
// The pool runs the code as Vite's module runner rewrites it: each call of an imported function
// goes through a getter of its module's namespace, which costs most in tight loops (an HO's
// SHA-256 took about 50 µs here, about 5 in a bundle), so these times overstate a deployed
// Worker's; test/bench/thread-restart.ts times the restart in `wrangler dev`, bundled.
// `npx vitest run --config test/bench/workerd.config.ts test/worker/bench/thread-costs.bench.ts`
import { describe, it } from "vitest";
import { env } from "cloudflare:workers";
import { runInDurableObject } from "cloudflare:test";
import type { ThreadObject } from "../../../worker/thread/thread-object.js";
import { THREAD_CAPACITY } from "../../../worker/thread/thread-capacity.js";
import { THREAD_STORED_BYTES_SQL } from "../../../worker/thread/stored-bytes.js";
import { LIMITS } from "../../../worker/limits.js";
import { profiles } from "../../../worker/profiles.js";
import { storedMessage } from "../../../worker/thread/stored-line.js";
import { storeDigests } from "../../../worker/thread/handoff-digest.js";
import { createThreadAudit, readMessage } from "../../../core/index.js";
import type { Message } from "../../../core/index.js";
import { postText } from "../http.js";
import { payHandoff, readbackHeavyHandoff } from "./handoff-lines.js";

const stubOf = (thread: string): DurableObjectStub<ThreadObject> => env.THREADS.get(env.THREADS.idFromName(thread));
const MiB = 1024 * 1024;
const ms = (x: number): string => `${x.toFixed(1)} ms`;
const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};
const range = (xs: readonly number[]): string => `median ${ms(median(xs))}, ${ms(Math.min(...xs))} to ${ms(Math.max(...xs))}`;

/** The object's private parts a benchmark times one by one (thread-object.ts). */
interface Internals {
  storedBytes(): number;
  auditor(): unknown;
  heldBytes: number | null;
}

/** Appends the lines in as few requests as the limits allow (1 MiB, 10,000 lines), each stored. */
async function appendAll(thread: string, lines: readonly string[]): Promise<void> {
  let at = 0;
  while (at < lines.length) {
    let bytes = 0;
    let end = at;
    while (end < lines.length && end - at < LIMITS.lines && bytes + (lines[end] as string).length + 1 <= LIMITS.bodyBytes) bytes += (lines[end++] as string).length + 1;
    const r = await postText(`/v1/threads/${thread}/lines`, lines.slice(at, end).join("\n"));
    const answer = (await r.json()) as { ok?: boolean; results?: { status: string }[]; detail?: string };
    const stored = answer.results?.filter((x) => x.status === "stored").length ?? 0;
    if (r.status !== 200 || stored !== end - at) throw new Error(`append ${r.status}: ${stored} of ${end - at} stored ${answer.detail ?? ""}`);
    at = end;
  }
}

/** The bytes the thread holds: its lines alone, and with the checks stored beside them. */
const held = (thread: string): Promise<{ lines: number; all: number; count: number }> =>
  runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) => ({
    lines: state.storage.sql.exec<{ b: number }>("SELECT COALESCE(SUM(length(CAST(line AS BLOB))), 0) AS b FROM lines").one().b,
    all: state.storage.sql.exec<{ b: number }>(THREAD_STORED_BYTES_SQL).one().b,
    count: state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM lines").one().n,
  }));

const verdicts = (thread: string): Promise<Record<string, number>> =>
  runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) =>
    Object.fromEntries(state.storage.sql.exec<{ verdict: string; n: number }>("SELECT verdict, COUNT(*) AS n FROM readbacks GROUP BY verdict").toArray().map((r) => [r.verdict, r.n])),
  );

async function restart(thread: string): Promise<void> {
  await runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) => state.abort("restarted by the benchmark")).catch(() => {});
}

/** Appends one line and answers the wall time the request took (ms). */
async function timedAppend(thread: string, line: string, status = "stored"): Promise<number> {
  const start = performance.now();
  const r = await postText(`/v1/threads/${thread}/lines`, line);
  const text = await r.text();
  const took = performance.now() - start;
  if (!text.includes(`"status":"${status}"`)) throw new Error(`not stored: ${text.slice(0, 300)}`);
  return took;
}

/** Fills `thread` with pay handoffs until it is within 64 KiB of its 16 MiB; answers how many. */
async function buildNearFull(thread: string): Promise<number> {
  // Pay handoffs until the thread is within 64 KiB of its 16 MiB, room for the timed appends.
  let k = 0;
  const room = 64 * 1024;
  const buildStart = performance.now();
  for (;;) {
    const h = await held(thread).catch(() => ({ lines: 0, all: 0, count: 0 }));
    const left = THREAD_CAPACITY.bytes - room - h.all;
    const perHandoff = h.count === 0 ? 3000 : h.all / (k === 0 ? 1 : k);
    const take = Math.min(1200, Math.floor(left / perHandoff));
    if (take <= 0) break;
    await appendAll(thread, Array.from({ length: take }, () => payHandoff(++k)).flat());
  }
  const h = await held(thread);
  console.log(`thread: ${k} pay handoffs, ${h.count} lines, ${h.lines} bytes of lines, ${h.all} bytes counted (${(h.all / MiB).toFixed(2)} MiB of ${THREAD_CAPACITY.bytes / MiB}); built in ${(performance.now() - buildStart) / 1000 | 0} s`);
  return k;
}

describe("thread costs in workerd", () => {
  it("the bytes a handoff stores, and how many a thread holds", async () => {
    const count = 200;
    const kinds: [string, (k: number) => string[]][] = [
      ["pay handoff (HO rb=exec, RB passing, AN val=Y, DN out=OK)", payHandoff],
      ["readback-heavy (HO, 3 void RBs, RB passing, AN, DN)", (k) => readbackHeavyHandoff(k, 3)],
      ["readback-heavy (HO, 9 void RBs, RB passing, AN, DN)", (k) => readbackHeavyHandoff(k, 9)],
    ];
    for (const [name, make] of kinds) {
      const thread = `bytes-${crypto.randomUUID()}`;
      const lines = Array.from({ length: count }, (_, i) => make(i + 1)).flat();
      await appendAll(thread, lines);
      const h = await held(thread);
      const perHandoff = h.all / count;
      const linesPer = h.count / count;
      const byBytes = Math.floor(THREAD_CAPACITY.bytes / perHandoff);
      const byLines = Math.floor(THREAD_CAPACITY.lines / linesPer);
      console.log(
        `${name}: ${linesPer} lines, ${Math.round(h.lines / count)} bytes of lines and ${Math.round((h.all - h.lines) / count)} of checks, ${Math.round(perHandoff)} bytes a handoff (${(h.all / h.lines).toFixed(2)}x its lines); ` +
          `a thread holds ${Math.min(byBytes, byLines).toLocaleString("en")} (16 MiB: ${byBytes.toLocaleString("en")}, 100,000 lines: ${byLines.toLocaleString("en")}); readbacks ${JSON.stringify(await verdicts(thread))}`,
      );
    }
  });

  it("the first append after a restart, on a thread near 16 MiB, against one without", async () => {
    const thread = `near-full-${crypto.randomUUID()}`;
    let k = await buildNearFull(thread);
    const ho = (): string => (payHandoff(++k)[0] as string);
    const rounds = 5;
    const warm: number[] = [];
    const first: number[] = [];
    const second: number[] = [];
    const sumCold: number[] = [];
    const sumWarm: number[] = [];
    const rebuild: number[] = [];
    const rest: number[] = [];
    const retry: number[] = [];
    const retried = ho();
    await timedAppend(thread, retried);
    for (let r = 0; r < rounds; r++) {
      // Without a restart: the count and the audit are held.
      warm.push(await timedAppend(thread, ho()));
      // The sum on the running object, by itself.
      sumWarm.push(await runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) => {
        const s = performance.now();
        state.storage.sql.exec(THREAD_STORED_BYTES_SQL).one();
        return performance.now() - s;
      }));
      // After a restart: the whole first append, then the next one.
      await restart(thread);
      first.push(await timedAppend(thread, ho()));
      second.push(await timedAppend(thread, ho()));
      // After a restart, by part: the count, the audit, then the append with both held.
      await restart(thread);
      const parts = await runInDurableObject(stubOf(thread), (instance: ThreadObject) => {
        const inner = instance as unknown as Internals;
        const s = performance.now();
        inner.storedBytes();
        const counted = performance.now();
        inner.auditor();
        return { sum: counted - s, audit: performance.now() - counted };
      });
      sumCold.push(parts.sum);
      rebuild.push(parts.audit);
      rest.push(await timedAppend(thread, ho()));
      // After a restart, a retry of a stored line: answered a duplicate, with no audit to rebuild.
      await restart(thread);
      retry.push(await timedAppend(thread, retried, "duplicate"));
      // The audit rebuilt again (untimed), so the next round's append finds it held.
      await timedAppend(thread, ho());
    }
    console.log(`append one HO, no restart: ${range(warm)}`);
    console.log(`first append after a restart: ${range(first)}; the next one: ${range(second)}`);
    console.log(`  of which the stored bytes, read back (storedBytes, first thing after a restart): ${range(sumCold)}`);
    console.log(`  and the audit rebuilt from the stored lines (auditor): ${range(rebuild)}`);
    console.log(`  and the append with both held: ${range(rest)}`);
    console.log(`a retry of a stored line, the first request after a restart (a duplicate: no audit rebuilt): ${range(retry)}`);
    console.log(`the stored bytes counted from storage (THREAD_STORED_BYTES_SQL) on the running object: ${range(sumWarm)}`);
  });

  it("the audit's rebuild after a restart, by phase", async () => {
    const thread = `rebuild-${crypto.randomUUID()}`;
    await buildNearFull(thread);
    const rounds = 5;
    const phases: Record<string, number[]> = { scan: [], scanDigests: [], readMessage: [], storedMessage: [], addHashed: [], addGiven: [], auditor: [] };
    for (let r = 0; r < rounds; r++) {
      await restart(thread);
      // In a fresh object, the parts one by one, each way (before fix-DO, then now), over the same
      // rows; then the object's own rebuild (auditor).
      const took = await runInDurableObject(stubOf(thread), (instance: ThreadObject, state: DurableObjectState) => {
        const sql = state.storage.sql;
        const p = profiles(undefined);
        const time = <T>(part: string, f: () => T): T => {
          const s = performance.now();
          const out = f();
          times[part] = performance.now() - s;
          return out;
        };
        const times: Record<string, number> = {};
        const lines = time("scan", () => sql.exec<{ line: string }>("SELECT line FROM lines ORDER BY seq").toArray().map((row) => row.line));
        const digests = time("scanDigests", () => sql.exec<{ h: string | null }>("SELECT CASE WHEN type = 'HO' THEN (SELECT h FROM handoffs WHERE handoffs.id = lines.id) END AS h FROM lines ORDER BY seq").toArray().map((row) => row.h ?? undefined));
        const validated = time("readMessage", () => lines.map((line) => readMessage(line, p.resolve).message as Message));
        const parsed = time("storedMessage", () => lines.map((line) => storedMessage(line, p.resolve)));
        const options = { vocabulary: p.resolve, expectations: () => undefined, actRan: () => false };
        time("addHashed", () => {
          const audit = createThreadAudit(options);
          validated.forEach((m, i) => audit.add(m, i + 1));
        });
        time("addGiven", () => {
          const audit = createThreadAudit(options);
          parsed.forEach((m, i) => audit.add(m, i + 1, digests[i]));
        });
        time("auditor", () => (instance as unknown as Internals).auditor());
        return times;
      });
      for (const [name, t] of Object.entries(took)) phases[name]?.push(t);
    }
    const of = (name: string): string => range(phases[name] ?? []);
    console.log(`the audit rebuilt after a restart (auditor): ${of("auditor")}`);
    console.log(`  the rows read: lines alone ${of("scan")}; each HO's stored digest beside them ${of("scanDigests")}`);
    console.log(`  the lines read as messages: readMessage (parse and validate) ${of("readMessage")}; storedMessage (parse) ${of("storedMessage")}`);
    console.log(`  the audit fed them: each HO hashed ${of("addHashed")}; its stored digest given ${of("addGiven")}`);
  });

  it("an older thread's first and second restart: its HOs' digests back-filled, then read", async () => {
    // A thread stored before fix-DO keeps no digest for its HOs (null in the added column): here
    // the near-full thread with its digests set back to null before each pair of restarts.
    const thread = `older-${crypto.randomUUID()}`;
    let k = await buildNearFull(thread);
    const ho = (): string => (payHandoff(++k)[0] as string);
    const forget = (): Promise<number> => runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) => state.storage.sql.exec("UPDATE handoffs SET h = NULL").rowsWritten);
    const unfilled = (): Promise<number> => runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) => state.storage.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM handoffs WHERE h IS NULL").one().n);
    const rebuilt = (): Promise<number> => runInDurableObject(stubOf(thread), (instance: ThreadObject) => {
      const s = performance.now();
      (instance as unknown as Internals).auditor();
      return performance.now() - s;
    });
    const rounds = 5;
    const firstAudit: number[] = [];
    const secondAudit: number[] = [];
    const firstAppend: number[] = [];
    const secondAppend: number[] = [];
    let nulled = 0;
    let left = 0;
    for (let r = 0; r < rounds; r++) {
      nulled = await forget();
      await restart(thread);
      firstAudit.push(await rebuilt());
      left += await unfilled();
      await restart(thread);
      secondAudit.push(await rebuilt());
      nulled = await forget();
      await restart(thread);
      firstAppend.push(await timedAppend(thread, ho()));
      left += await unfilled();
      await restart(thread);
      secondAppend.push(await timedAppend(thread, ho()));
    }
    // The back-fill's writes alone: the digests read back, set to null, and stored again as the
    // rebuild stores them (one transaction).
    const writes: number[] = [];
    for (let r = 0; r < rounds; r++) {
      writes.push(await runInDurableObject(stubOf(thread), (_: ThreadObject, state: DurableObjectState) => {
        const computed = state.storage.sql.exec<{ id: string; h: string }>("SELECT id, h FROM handoffs WHERE h IS NOT NULL").toArray();
        state.storage.sql.exec("UPDATE handoffs SET h = NULL");
        const s = performance.now();
        state.storage.transactionSync(() => storeDigests(state.storage.sql, computed));
        return performance.now() - s;
      }));
    }
    console.log(`older thread (${nulled} HOs without a digest): HOs still without one after the first rebuilds: ${left}`);
    console.log(`  the back-fill's writes alone (storeDigests, ${nulled} HOs): ${range(writes)}`);
    console.log(`  the audit rebuilt (auditor): first restart ${range(firstAudit)}; second restart ${range(secondAudit)}`);
    console.log(`  the first append after a restart: first restart ${range(firstAppend)}; second restart ${range(secondAppend)}`);
  });
});

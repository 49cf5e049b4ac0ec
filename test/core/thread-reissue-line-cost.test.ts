// check-thread reads a hostile re-issue line in time linear in the conversation: one item re-issued
// tens of thousands of times, each superseded HO closed by its receiver, then tens of thousands of
// the sender's answers to the first HO's readback. Each answer asks whether any HO of the line is
// still open (note 82); walking the line for it took seconds at this size, growing with its square (and the Worker's thread
// object, which rebuilds its audit from every stored line, runs the same code). So are a done report
// on each of a held line's superseded HOs (each reads the line's readbacks together, heldAct) and a
// UN why=DUP on each re-issue of one HO (each says whether any HO of the line was read back).
import { describe, expect, it } from "vitest";
import { checkThread, createThreadAudit, parseLine } from "../../core/index.js";
import type { Message } from "../../core/index.js";

const REISSUES = 10_000;
const ANSWERS = 20_000;
/**
 * Generous, for every test here: the walks each fix removed took 7 to 25 s here (the answers at
 * 40,000 lines about 18 s; the held line and the DUPs 7 to 10 s; the answered readbacks about 11 s,
 * actRan about 25 s; 80,000 crowded ids about 17 s), the kept counts and look-ups 0.4 to 1.5 s.
 */
const LIMIT_MS = 6000;

/** The lines read (each one valid). */
function parsed(lines: readonly string[]): Message[] {
  return lines.map((line) => {
    const read = parseLine(line);
    if (!read.ok) throw new Error(line);
    return read.value;
  });
}

/** What `run` returns and the milliseconds it took. */
function timed<T>(run: () => T): { result: T; ms: number } {
  const start = performance.now();
  const result = run();
  return { result, ms: performance.now() - start };
}

function conversation(): Message[] {
  const lines = ["RW1 HO ops-1 from=ops to=b item=jira:X-1 ask=FIX", "RW1 RB b-1 re=ops-1 from=b to=ops item=jira:X-1 ask=FIX"];
  for (let k = 2; k <= REISSUES; k++) lines.push(`RW1 HO ops-${k} re=ops-${k - 1} from=ops to=b item=jira:X-1 ask=FIX`);
  for (let k = 1; k < REISSUES; k++) lines.push(`RW1 FL b-${k + 1} re=ops-${k} from=b to=ops item=jira:X-1 why=ERR`);
  for (let k = 0; k < ANSWERS; k++) lines.push(`RW1 AN ops-${REISSUES + 1 + k} re=b-1 from=ops to=b val=N // hold`);
  return parsed(lines);
}

describe("a re-issue line thousands of HOs long", () => {
  it(`is read in linear time: ${REISSUES} re-issues, ${ANSWERS} answers to a readback of its closed first HO`, () => {
    const messages = conversation();
    const { result: report, ms } = timed(() => checkThread(messages));
    // The answers are read (the live re-issue is open), and the last DN would be held by them.
    const held = checkThread([...messages, ...parsed([`RW1 DN b-${REISSUES + 1} re=ops-${REISSUES} from=b to=ops item=jira:X-1 out=OK`])]);
    expect(held.findings.filter((f) => f.code === "THREAD_DONE_AFTER_HOLD").map((f) => f.handoff)).toStrictEqual([`ops-${REISSUES}`]);
    expect(report.counts).toMatchObject({ handoffs: REISSUES, open: 1, closed: REISSUES - 1 });
    expect(ms).toBeLessThan(LIMIT_MS);
  });
});

/** 2n + 3 lines: one passing readback of the first HO held (AN val=N), n re-issues, a DN on each superseded HO. */
function heldLine(n: number): Message[] {
  const lines = ["RW1 HO ops-1 from=ops to=b item=jira:X-1 ask=FIX", "RW1 RB b-0 re=ops-1 from=b to=ops item=jira:X-1 ask=FIX", "RW1 AN ops-0 re=b-0 from=ops to=b val=N // hold"];
  for (let k = 2; k <= n + 1; k++) lines.push(`RW1 HO ops-${k} re=ops-${k - 1} from=ops to=b item=jira:X-1 ask=FIX`);
  for (let k = 1; k <= n; k++) lines.push(`RW1 DN b-${k} re=ops-${k} from=b to=ops item=jira:X-1 out=OK`);
  return parsed(lines);
}

/** 2n + 1 lines: the first HO, then n re-issues of it, each answered UN why=DUP (so it is live again). */
function duplicatedLine(n: number): Message[] {
  const lines = ["RW1 HO ops-1 from=ops to=b item=jira:X-1 ask=FIX"];
  for (let k = 2; k <= n + 1; k++) lines.push(`RW1 HO ops-${k} re=ops-1 from=ops to=b item=jira:X-1 ask=FIX`, `RW1 UN b-${k} re=ops-${k} from=b to=ops item=jira:X-1 why=DUP`);
  return parsed(lines);
}

describe("a re-issue line thousands of HOs long, walked no more", () => {
  it("reads a done report on each of 20,000 superseded HOs of a held line in linear time", () => {
    const messages = heldLine(20_000);
    const { result: report, ms } = timed(() => checkThread(messages));
    // Every DN is held by the first HO's readback's answer, read for the whole line (note 28).
    const held = report.findings.filter((f) => f.code === "THREAD_DONE_AFTER_HOLD");
    expect(held).toHaveLength(20_000);
    expect(held[0]?.message).toContain("AN ops-0 answered the readback b-0 val=N");
    expect(ms).toBeLessThan(LIMIT_MS);
  });

  it("reads 30,000 UN why=DUP answering re-issues of one HO in linear time", () => {
    const messages = duplicatedLine(30_000);
    const { result: report, ms } = timed(() => checkThread(messages));
    const dup = report.findings.filter((f) => f.code === "THREAD_REISSUE_DUP");
    expect(dup).toHaveLength(30_000);
    expect(dup.every((f) => f.message.endsWith("no readback of it has come: ownership has not moved (rule 1)"))).toBe(true);
    expect(report.counts).toMatchObject({ handoffs: 30_001, open: 1, closed: 30_000 });
    expect(ms).toBeLessThan(LIMIT_MS);
  });
});

/** 2n + 2 lines: one HO read back n times, each readback answered AN val=N, then its DN. */
function answeredReadbacks(n: number): Message[] {
  const lines = ["RW1 HO ops-1 from=ops to=b item=jira:X-1 ask=FIX"];
  for (let k = 1; k <= n; k++) lines.push(`RW1 RB b-${k} re=ops-1 from=b to=ops item=jira:X-1 ask=FIX`, `RW1 AN ops-${k + 1} re=b-${k} from=ops to=b val=N // hold`);
  lines.push(`RW1 DN b-${n + 1} re=ops-1 from=b to=ops item=jira:X-1 out=OK`);
  return parsed(lines);
}

/** 2n + 1 lines: the first HO, n - 1 re-issues of it, the live one's CX, then a DN out=OK on each superseded HO. */
function cancelledLine(n: number): Message[] {
  const lines = ["RW1 HO ops-1 from=ops to=b item=jira:X-1 ask=FIX"];
  for (let k = 2; k <= n; k++) lines.push(`RW1 HO ops-${k} re=ops-${k - 1} from=ops to=b item=jira:X-1 ask=FIX`);
  lines.push(`RW1 CX ops-0 re=ops-${n} from=ops to=b item=jira:X-1 why=REVOKED`);
  for (let k = 1; k < n; k++) lines.push(`RW1 DN b-${k} re=ops-${k} from=b to=ops item=jira:X-1 out=OK`);
  return parsed(lines);
}

describe("one handoff read back and answered thousands of times, and a cancelled line answered HO by HO", () => {
  it("reads 50,000 readbacks of one HO, each answered val=N, in linear time", () => {
    const messages = answeredReadbacks(50_000);
    const { result: report, ms } = timed(() => checkThread(messages));
    // The latest answer holds the act (section 5.3): the DN is reported done after a hold.
    const held = report.findings.filter((f) => f.code === "THREAD_DONE_AFTER_HOLD");
    expect(held).toHaveLength(1);
    expect(held[0]?.message).toContain("AN ops-50001 answered the readback b-50000 val=N");
    expect(report.counts).toMatchObject({ handoffs: 1, closed: 1, readbacks: { passed: 50_000 } });
    expect(ms).toBeLessThan(LIMIT_MS);
  });

  it("asks actRan once for a cancelled line of 20,000 HOs, each then reported done", () => {
    const messages = cancelledLine(20_000);
    const asked: number[] = [];
    const audit = createThreadAudit({ actRan: (ids) => (asked.push(ids.length), true) });
    const { result: report, ms } = timed(() => {
      messages.forEach((m, n) => audit.add(m, n + 1));
      return audit.finish();
    });
    // The live HO's CX withdrew the whole line; the record says the act ran before it.
    expect(asked).toStrictEqual([20_000]);
    expect(report.findings.filter((f) => f.code === "THREAD_CANCEL_AFTER_ACT")).toHaveLength(19_999);
    expect(report.findings.filter((f) => f.code === "THREAD_DONE_TWICE")).toHaveLength(19_998);
    expect(ms).toBeLessThan(LIMIT_MS);
  });
});

/**
 * The slot core/_message-ids gave an id before its table had a seed, in a table of 2^18 slots: the
 * low bits of its public cyrb53 lanes mixed with no secret, which a sender can compute.
 */
function unseededSlot(id: string): number {
  let a = 0xdeadbeef;
  let b = 0x41c6ce57;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    a = Math.imul(a ^ c, 2654435761);
    b = Math.imul(b ^ c, 1597334677);
  }
  let h1 = Math.imul(a ^ (a >>> 16), 2246822507);
  h1 ^= Math.imul(b ^ (b >>> 13), 3266489909);
  let h2 = Math.imul(b ^ (b >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return ((h1 >>> 0) ^ Math.imul(h2 >>> 0, 0x9e3779b1)) & 0x3ffff;
}

describe("ids chosen to crowd the table of ids", () => {
  it("takes 80,000 AQs whose ids share a few slots of an unseeded table in linear time", () => {
    // Every table of up to 2^18 slots put these ids within its first 1,024 slots.
    const ids: string[] = [];
    for (let k = 0; ids.length < 80_000; k++) if (unseededSlot(`q-${k}`) < 1024) ids.push(`q-${k}`);
    const lines = ids.map((id) => `RW1 AQ ${id} from=ops to=b item=jira:X-1 need=YN`);
    // One asked again (a retry) and the last one answered: the table still finds each id.
    lines.push(lines[0] as string, `RW1 AN b-1 re=${ids[ids.length - 1]} from=b to=ops item=jira:X-1 val=Y`);
    const messages = parsed(lines);
    const { result: report, ms } = timed(() => checkThread(messages));
    expect(report.findings.filter((f) => f.code === "THREAD_RETRY").map((f) => f.id)).toStrictEqual([ids[0]]);
    expect(report.counts).toMatchObject({ messages: 80_001, questions: { asked: 80_000, answered: 1, open: 79_999 } });
    expect(ms).toBeLessThan(LIMIT_MS);
  });
});

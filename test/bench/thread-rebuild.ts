/**
 * The thread object's rebuild of its audit (worker/thread/thread-object.ts, auditor()) in Node,
 * timed by part: every stored line read with readMessage and added to createThreadAudit, the
 * `expectations` callback (its challenge parsed, and for one that has a challenge the HO's line
 * looked up and read again, its record read) for each readback, and actRan. Storage is a Map here,
 * so SQLite's own cost is not in these figures. Prints; asserts nothing.
 * Usage: node --import tsx test/bench/thread-rebuild.ts [lines] [mixed|hos]
 * RW_BEFORE=1: the callback as it was (every readback's HO read again first).
 * RW_BEFORE_DO=1: each stored line validated again and each HO hashed again, as before fix-DO
 * (now parsed alone, worker/thread/stored-line.ts, and given the digest its append stored).
 * RW_PROFILE=<file>: also a CPU profile of the rebuild alone.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { performance } from "node:perf_hooks";
import { createThreadAudit, digest, readMessage, readRecord } from "../../core/index.js";
import type { Message, ReadbackExpectations, Vocabulary } from "../../core/index.js";
import { profiles } from "../../worker/profiles.js";
import { storedMessage } from "../../worker/thread/stored-line.js";
import { threadConversation } from "./thread-corpus.js";

const count = Number(process.argv[2] ?? 100_000);
const kind = process.argv[3] ?? "mixed";
const p = profiles(undefined);
const before = process.env["RW_BEFORE"] === "1";
const beforeDO = process.env["RW_BEFORE_DO"] === "1";

/** The stored thread: lines by seq, and by id (the lines table's UNIQUE id), and its challenges. */
const lines: { id: string; type: string; line: string; h: string | undefined }[] = [];
const byId = new Map<string, { type: string; line: string }>();
const challenges = new Map<string, string>();
const source = kind === "hos" ? (function* () { for (let k = 1; k <= count; k++) yield `RW1 HO s-${k} from=s to=r item=x:${k} ask=DRAFT`; })() : threadConversation(count);
let hos = 0;
for (const line of source) {
  const m = readMessage(line, p.resolve).message as Message;
  // The handoffs table's h: the digest the append computed.
  lines.push({ id: m.id, type: m.type, line, h: m.type === "HO" ? digest(m) : undefined });
  byId.set(m.id, { type: m.type, line });
  if (m.type === "HO" && hos++ % 10 === 0) {
    // Every tenth HO has a private challenge: criteria for core HOs, a record for pay ones.
    challenges.set(m.id, JSON.stringify(m.slots["p"] === "pay" ? { record: { sup: "marlow", amt: "5400.00", cur: "GBP" } } : { expectAcc: ["len:120w", "lang:en-gb"] }));
  }
}

const t = { read: 0, add: 0, expectations: 0, hoLookup: 0, challenge: 0, actRan: 0 };
let calls = 0;
const timed = <T>(part: keyof typeof t, f: () => T): T => {
  const s = performance.now();
  try {
    return f();
  } finally {
    t[part] += performance.now() - s;
  }
};
const message = (line: string): Message => (beforeDO ? (readMessage(line, p.resolve).message as Message) : storedMessage(line, p.resolve));
const handoffMessage = (id: string): Message | null => {
  const row = byId.get(id);
  return row === undefined || row.type !== "HO" ? null : message(row.line);
};
const expectations = (handoff: string, vocabulary: () => Vocabulary): ReadbackExpectations | undefined => {
  const body = challenges.get(handoff);
  if (body === undefined) return undefined;
  const challenge = JSON.parse(body) as { expectAcc?: string[]; record?: Record<string, unknown> };
  const record = challenge.record === undefined ? undefined : readRecord(challenge.record, vocabulary());
  return { ...(challenge.expectAcc === undefined ? {} : { expectAcc: challenge.expectAcc }), ...(record?.ok === true ? { record: record.value.values } : {}) };
};

// RW_PROFILE=<file>: a CPU profile of the rebuild alone (node:inspector), for a self-time summary.
const profileTo = process.env["RW_PROFILE"];
const session = profileTo === undefined ? null : new Session();
if (session !== null) {
  session.connect();
  await new Promise((r) => session.post("Profiler.enable", () => session.post("Profiler.start", r)));
}
const start = performance.now();
const audit = createThreadAudit({
  vocabulary: p.resolve,
  expectations: (handoff) => {
    calls++;
    const s = performance.now();
    // As the object does it (thread-object.ts auditor()): RW_BEFORE=1, as it did before: the HO
    // read again for every readback, then its challenge; now the challenge first, the HO only for one.
    let out: ReadbackExpectations | undefined;
    if (before) {
      const ho = timed("hoLookup", () => handoffMessage(handoff));
      out = ho === null ? undefined : timed("challenge", () => expectations(handoff, () => p.vocabularyOf(ho)));
    } else {
      out = timed("challenge", () => expectations(handoff, () => timed("hoLookup", () => p.vocabularyOf(handoffMessage(handoff) as Message))));
    }
    t.expectations += performance.now() - s;
    return out;
  },
  actRan: () => timed("actRan", () => false),
});
for (let seq = 1; seq <= lines.length; seq++) {
  const row = lines[seq - 1] as (typeof lines)[number];
  const m = timed("read", () => message(row.line));
  timed("add", () => audit.add(m, seq, beforeDO ? undefined : row.h));
}
const total = performance.now() - start;
if (session !== null) {
  const { profile } = await new Promise<{ profile: object }>((r) => session.post("Profiler.stop", (_e, out) => r(out as { profile: object })));
  writeFileSync(profileTo as string, JSON.stringify(profile));
}
const report = audit.report("20261002T1200Z");
const ms = (n: number): string => `${n.toFixed(0)} ms`;
console.log(`${kind}: ${lines.length} lines, ${hos} HOs, ${challenges.size} challenges; ${calls} expectations calls`);
console.log(`rebuild ${ms(total)}${beforeDO ? " (as before fix-DO)" : ""}: ${beforeDO ? "readMessage" : "storedMessage"} per line ${ms(t.read)}, audit.add ${ms(t.add - t.expectations - t.actRan)} (own), expectations ${ms(t.expectations)} (HO looked up and read ${ms(t.hoLookup)}, challenge ${ms(t.challenge)}), actRan ${ms(t.actRan)}`);
console.log(`report: ${report.findings.length} findings, ${JSON.stringify(report.counts.readbacks)}`);

/**
 * The Agent Mailbox's speed figures (issue 7): preflight of a typical message against `yaml`'s
 * parse of the same frontmatter alone (budget 3x), and `rw mailbox check` (read every file,
 * the conversation rules, one participant's reconciliation) at 10,000 messages against 1,000,
 * time per message (budget 1.3x: linear). Real files in a temporary folder, removed after.
 * Prints; asserts nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse, stringify } from "yaml";
import { checkMailbox } from "../../dist/cli/commands/mailbox-check.js";
import { coreVocabulary } from "../../dist/core/index.js";
import { formatFilename, newUuid7, preflight, splitFrontmatter } from "../../dist/core/mailbox/index.js";
import { formatNs, measurePair, report } from "./measure.js";

const ROOT_A = "1f3a".repeat(16);
const ROOT_B = "2b4c".repeat(16);
const BASE = Date.UTC(2026, 9, 1, 9, 0, 0);
const uuid = (n: number): string => newUuid7({ msecs: BASE + n * 10, random: Uint8Array.from({ length: 16 }, (_, i) => (n * 7 + i * 13) & 0xff) });

interface Spec {
  readonly n: number;
  readonly from: "VEGA" | "LYRA";
  readonly kind: string;
  readonly thread: number;
  readonly replyTo: number | null;
  readonly request: number;
  readonly expectsReply: boolean;
  readonly terms?: string;
}

function message(s: Spec, parentFile: string | null): string {
  const envelope = {
    version: 1, profile: "CORE", id: uuid(s.n), thread: uuid(s.thread), request_id: uuid(s.request), from: s.from, to: [s.from === "VEGA" ? "LYRA" : "VEGA"],
    kind: s.kind, reply_to: s.replyTo === null ? "" : uuid(s.replyTo), expects_reply: s.expectsReply, arena: "CROX-SITE",
    machine: s.from === "VEGA" ? "VEGA-BOX" : "LYRA-BOX", root: s.from === "VEGA" ? ROOT_A : ROOT_B, transport: "local", ...(s.terms === undefined ? {} : { terms: s.terms }),
  };
  const link = parentFile === null ? "" : `Answering [[${parentFile.replace(/\.md$/, "")}]].\n\n`;
  const body = `${link}Verdict: the draft of section ${s.n % 50} is ready for review. Verified: spelling, links, the 120-word limit. Not checked: the legal footer.\n\nNext: review and reply with a verdict, or name what blocks it.\n`;
  return `---\n${stringify({ tags: ["agent-mailbox", "crox-site"], meta: { mailbox: envelope } }, { lineWidth: 0 })}---\n${body}`;
}

/** A room of `count` messages: a handshake, then threads of a request and its reply, with LYRA's dispositions. */
function writeRoom(count: number): { dir: string; root: string; state: string } {
  const dir = mkdtempSync(join(tmpdir(), "rw-bench-mailbox-"));
  const root = join(dir, "room");
  const inbox = join(root, "inbox");
  const state = join(dir, "state");
  mkdirSync(inbox, { recursive: true });
  mkdirSync(join(state, "dispositions"), { recursive: true });
  // The visible primer the first writer creates after the hello: without it no room is clean.
  writeFileSync(join(root, "AGENT-MAILBOX-PRIMER.md"), "# Agent Mailbox primer: CROX-SITE\n\nProtocol v1, CORE. Participants: VEGA (writer), LYRA.\n");
  const specs: Spec[] = [
    { n: 0, from: "VEGA", kind: "hello", thread: 0, replyTo: null, request: 0, expectsReply: true },
    { n: 1, from: "LYRA", kind: "welcome", thread: 0, replyTo: 0, request: 0, expectsReply: false, terms: "accept" },
  ];
  for (let n = 2; n < count; n += 2) {
    specs.push({ n, from: "VEGA", kind: "request", thread: n, replyTo: null, request: n, expectsReply: true });
    if (n + 1 < count) specs.push({ n: n + 1, from: "LYRA", kind: "reply", thread: n, replyTo: n, request: n, expectsReply: false });
  }
  const files = new Map<number, string>();
  const dispositions: string[] = [];
  for (const s of specs) {
    const file = formatFilename({ time: BASE + s.n * 10, callsign: s.from, kind: s.kind, slug: `m${s.n}`, millis: true });
    files.set(s.n, file);
    writeFileSync(join(inbox, file), message(s, s.replyTo === null ? null : (files.get(s.replyTo) ?? null)));
    if (s.from === "LYRA" && s.replyTo !== null) dispositions.push(JSON.stringify({ id: uuid(s.replyTo), state: "replied", cta: "completed", reply: uuid(s.n), request_id: uuid(s.request) }));
  }
  writeFileSync(join(state, "dispositions", "LYRA.jsonl"), `${dispositions.join("\n")}\n`);
  return { dir, root, state };
}

function check(room: { root: string; state: string }, count: number): number {
  const start = process.hrtime.bigint();
  const result = checkMailbox(room.root, { vocabulary: () => coreVocabulary, as: "LYRA", state: room.state, now: BASE + 86_400_000 });
  const ns = Number(process.hrtime.bigint() - start) / count;
  if (!result.ok || result.read.entries.length !== count || result.reconciliation?.status !== "CLEAN") throw new Error(`bench mailbox of ${count} did not check clean: ${result.reconciliation?.status}`);
  return ns;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

export function benchMailbox(): void {
  // Preflight of one typical message (a reply with a parent link) against yaml's parse of its frontmatter.
  const text = message({ n: 3, from: "LYRA", kind: "reply", thread: 2, replyTo: 2, request: 2, expectsReply: false }, "2026-10-01-09-00-00-020-VEGA-request-m2.md");
  const split = splitFrontmatter(text);
  if ("code" in split) throw new Error("bench message has no frontmatter");
  if (!preflight(text).ok) throw new Error("bench message does not pass preflight");
  console.log(`mailbox message: ${text.length} bytes, frontmatter ${split.yaml.length} bytes`);
  const pre = measurePair({ name: "mailbox preflight of a typical message", baselineName: "yaml parse of its frontmatter alone", units: 1, baseline: () => parse(split.yaml), subject: () => preflight(text) }, 51);
  console.log(report(pre, 3));

  // rw mailbox check, as the command runs it, on real files: time per message at 10,000 and 1,000.
  const small = writeRoom(1_000);
  const large = writeRoom(10_000);
  try {
    for (let i = 0; i < 3; i++) check(small, 1_000);
    check(large, 10_000);
    const smalls: number[] = [];
    const larges: number[] = [];
    for (let i = 0; i < 5; i++) {
      smalls.push(check(small, 1_000));
      larges.push(check(large, 10_000));
    }
    const s = median(smalls);
    const l = median(larges);
    console.log(`mailbox check (read, rules, reconcile): time per message at 10,000 messages: ${(l / s).toFixed(2)}x that at 1,000 (${formatNs(l)} vs ${formatNs(s)} a message; budget 1.3x, ${l / s <= 1.3 ? "within" : "OVER"})`);
  } finally {
    rmSync(small.dir, { recursive: true, force: true });
    rmSync(large.dir, { recursive: true, force: true });
  }
}

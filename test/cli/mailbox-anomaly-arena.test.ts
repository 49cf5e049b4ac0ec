// rw mailbox check --as over a room of two arenas with refused files (README notes 134 and 140):
// the CLI reads each refused file's arena from its envelope (`arena`, or the `pod` alias where
// `arena` is missing; compared exactly, so `other` is not `OTHER`), and its reconciliation is the
// core's over the same messages and refused files, each refused file given the arena written in it.
// A refused file naming DEMO is not corrected by OTHER's VEGA (note 140); one naming OTHER, by
// `arena` or by `pod`, is; one naming `other` is no arena reconciled, so not LYRA's (note 134).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeMailbox, readMailboxMessage, reconcile } from "../../core/mailbox/index.js";
import type { MailboxAnomaly, MailboxEntry } from "../../core/mailbox/index.js";

const ROOT = join(import.meta.dirname, "..", "..");
const rw = (args: string[]): { code: number | null; out: string; err: string } => {
  const r = spawnSync(process.execPath, ["--import", "tsx", join(ROOT, "cli", "rw.ts"), ...args], { cwd: ROOT, encoding: "utf8" });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

const START = Date.UTC(2026, 9, 1, 9, 0, 0);
const NOW = "2026-10-02T12:00:00Z";
const LOCI: Record<string, [string, string]> = {
  VEGA: ["VEGA-BOX", "1f3a".repeat(16)],
  LYRA: ["LYRA-BOX", "2b4c".repeat(16)],
  "LYRA@OTHER": ["LYRA-TWO", "3c5d".repeat(16)],
};

type Message = { n: number; from: string; to: string; kind: string; arena: string; alias?: "pod"; replyTo?: Message; thread?: string; request?: string; expects?: boolean; extra?: string[]; body?: string };

const uuid = (n: number): string => {
  const hex = (START + n * 60_000).toString(16).padStart(12, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8)}-7000-8000-${n.toString(16).padStart(12, "0")}`;
};
const fileName = (m: Message): string => `${new Date(START + m.n * 60_000).toISOString().slice(0, 19).replace(/[T:]/g, "-")}-${m.from}-${m.kind}-${uuid(m.n).slice(-6)}.md`;

const threadOf = (m: Message): string => m.thread ?? (m.replyTo === undefined ? uuid(m.n) : threadOf(m.replyTo));

function text(m: Message): string {
  const id = uuid(m.n);
  const [machine, root] = LOCI[m.from === "LYRA" && m.arena === "OTHER" ? "LYRA@OTHER" : m.from] as [string, string];
  return [
    "---", "tags: [agent-mailbox]", "meta:", "  mailbox:", "    version: 1", "    profile: CORE",
    `    id: ${id}`, `    thread: ${threadOf(m)}`,
    `    request_id: ${m.request ?? (m.replyTo === undefined ? id : (m.replyTo.request ?? uuid(m.replyTo.n)))}`,
    `    from: ${m.from}`, `    to: [${m.to}]`, `    kind: ${m.kind}`, `    reply_to: ${m.replyTo === undefined ? "" : uuid(m.replyTo.n)}`.trimEnd(),
    `    expects_reply: ${m.expects === true}`, m.alias === "pod" ? `    pod: ${m.arena}` : `    arena: ${m.arena}`,
    `    machine: ${machine}`, `    root: ${root}`, "    transport: local", ...(m.extra ?? []), "---",
    ...(m.replyTo === undefined ? [] : [`Re: [[${fileName(m.replyTo).slice(0, -3)}]]`, ""]), m.body ?? `${m.kind} from ${m.from}.`, "",
  ].join("\n");
}

describe("rw mailbox check --as: a refused file's arena over two arenas", () => {
  it("reads each refused file's arena from its envelope and reports the core's reconciliation of it", () => {
    const dir = mkdtempSync(join(tmpdir(), "rw-anomaly-arena-"));
    const root = join(dir, "room");
    const state = join(dir, "state");
    mkdirSync(join(root, "inbox"), { recursive: true });
    mkdirSync(join(state, "dispositions"), { recursive: true });
    writeFileSync(join(root, "AGENT-MAILBOX-PRIMER.md"), "# primer\n");
    // LYRA is a callsign of DEMO and of OTHER (no arena given: both read, ARENA_AMBIGUOUS).
    const h1: Message = { n: 0, from: "VEGA", to: "LYRA", kind: "hello", arena: "DEMO", expects: true, extra: [] };
    const w1: Message = { n: 1, from: "LYRA", to: "VEGA", kind: "welcome", arena: "DEMO", replyTo: h1, extra: ["    terms: accept"] };
    const h2: Message = { n: 2, from: "VEGA", to: "LYRA", kind: "hello", arena: "OTHER", expects: true };
    const w2: Message = { n: 3, from: "LYRA", to: "VEGA", kind: "welcome", arena: "OTHER", replyTo: h2, extra: ["    terms: accept"] };
    // OTHER's LYRA asks OTHER's VEGA for corrections (its first work message, citing the welcome).
    const ask: Message = { n: 4, from: "LYRA", to: "VEGA", kind: "request", arena: "OTHER", replyTo: w2, request: uuid(4), expects: true, body: "Please correct your refused files." };
    // Refused files from VEGA to LYRA (a refused RW1 line in the body: the envelope reads, the file does not).
    const refusedBody = "Please:\n\nRW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=POLISH due=20261002";
    const refused: Message[] = [
      { n: 10, from: "VEGA", to: "LYRA", kind: "request", arena: "DEMO", expects: true, body: refusedBody },
      { n: 11, from: "VEGA", to: "LYRA", kind: "request", arena: "OTHER", expects: true, body: refusedBody },
      { n: 12, from: "VEGA", to: "LYRA", kind: "request", arena: "OTHER", alias: "pod", expects: true, body: refusedBody },
      { n: 13, from: "VEGA", to: "LYRA", kind: "request", arena: "other", expects: true, body: refusedBody },
    ];
    const [demo, other, viaPod, lower] = refused as [Message, Message, Message, Message];
    // OTHER's VEGA answers the repair request, naming every refused file in its correction.
    const fix: Message = { n: 20, from: "VEGA", to: "LYRA", kind: "reply", arena: "OTHER", replyTo: ask, extra: ["    correction:", ...refused.map((m, k) => `      original${k}: ${uuid(m.n)}`)] };
    const valid = [h1, w1, h2, w2, ask, fix];
    for (const m of [...valid, ...refused]) writeFileSync(join(root, "inbox", fileName(m)), text(m));
    const dispositions = refused.map((m) => ({ id: uuid(m.n), state: "superseded-by-correction", cta: "superseded", correction: uuid(fix.n), at: "2026-10-02T11:00:00Z" }));
    writeFileSync(join(state, "dispositions", "LYRA.jsonl"), dispositions.map((d) => JSON.stringify(d)).join("\n") + "\n");

    const r = rw(["mailbox", "check", root, "--json", "--as", "LYRA", "--state", state, "--now", NOW]);
    expect(r.code, r.err).toBe(1);
    type Report = {
      status: string; work_clean: boolean; readiness_clean: boolean; arena: string | null; counts: Record<string, number>; cursor_advance: string[];
      findings: { code: string; id?: string; file?: string }[]; items: { id: string; action: string; open_reply: boolean }[];
    };
    const out = JSON.parse(r.out) as { anomalies: MailboxAnomaly[]; files: { file: string; ok: boolean }[]; reconciliation: Report };
    // Each refused file, and the arena its envelope names: `pod` where `arena` is missing, `other` as written.
    expect(Object.fromEntries(out.anomalies.map((a) => [a.file, [a.id, a.to, a.arena]]))).toStrictEqual(Object.fromEntries(refused.map((m) => [fileName(m), [uuid(m.n), ["LYRA"], m.arena]])));
    expect(out.files.filter((f) => !f.ok).map((f) => f.file).sort()).toStrictEqual(refused.map(fileName).sort());

    // The core over the same files: the valid ones read by readMailboxMessage, the refused ones with
    // the recipients and arena written in them (not read back through the CLI's reader).
    const fingerprint = (m: Message): string => createHash("sha256").update(text(m)).digest("hex");
    const messages: MailboxEntry[] = valid.map((m) => {
      const reading = readMailboxMessage(text(m));
      expect(reading.ok, fileName(m)).toBe(true);
      return { envelope: reading.envelope!, body: reading.body ?? "", file: fileName(m), fingerprint: fingerprint(m) };
    });
    const anomalies: MailboxAnomaly[] = refused.map((m) => ({ fingerprint: fingerprint(m), file: fileName(m), id: uuid(m.n), to: ["LYRA"], arena: m.arena, reason: "refused" }));
    const now = Date.parse(NOW);
    const analysis = analyzeMailbox(messages, { now, primer: "present", archiveRead: true });
    const core = reconcile({ participant: "LYRA", messages, analysis, primer: "present", archiveRead: true, dispositions, cursor: [], anomalies, anomalyIndex: [], now });
    const cli = out.reconciliation;
    const summary = (x: Report | typeof core) => ({
      arena: x.arena, status: x.status, work_clean: x.work_clean, readiness_clean: x.readiness_clean, counts: x.counts, cursor_advance: [...x.cursor_advance].sort(),
      findings: x.findings.map((f) => `${f.code} ${f.id ?? ""}`).sort(), items: x.items.map((i) => `${i.id} ${i.action} ${i.open_reply}`).sort(),
    });
    expect(summary(cli)).toStrictEqual(summary(core));

    // What that reconciliation says of each refused file (note 140, note 134).
    const about = (m: Message): string[] => cli.findings.filter((f) => f.id === uuid(m.n) || f.file === fileName(m)).map((f) => f.code).sort();
    expect(cli.arena).toBeNull();
    expect(cli.findings.map((f) => f.code)).toContain("ARENA_AMBIGUOUS");
    // Unproven: the file stays open (counted among the anomalies) under that finding alone.
    expect(about(demo)).toStrictEqual(["SUPERSESSION_UNPROVEN"]);
    expect(about(other)).toStrictEqual([]);
    expect(about(viaPod)).toStrictEqual([]);
    expect(about(lower)).toStrictEqual(["DISPOSITION_NOT_ADDRESSED"]);
    expect(cli.counts["anomaly_count"]).toBe(1);
  });
});

// Reads JSON lines (generate_reconcile.py's cases) on stdin and writes one JSON line per case: what
// the core's reconcile decides for the participant, as `rw mailbox reconcile` reads a room (each
// file by readMailboxMessage, with the SHA-256 of its bytes and the archive folder it was read
// from; the archive read too), in memory, in the arena given or, when none is, the arenas its
// callsign is found in: the arena read, status, work_clean, readiness_clean, every count, each
// item's action, open reply and effective disposition, the cursor advance, the codes of its
// findings, the messages the conversation rules quarantine (which reconcile takes as given), the
// archive's findings, and the threads a new message may no longer join. A refused file given as its
// bytes has its recipients and arena read from its envelope, as the CLI reads them.
import { createHash } from "node:crypto";
import { createInterface } from "node:readline";
import { analyzeMailbox, archiveBlocksMessage, readMailboxMessage, reconcile } from "../../../core/mailbox/index.js";
import type { AnomalyRecord, MailboxAnomaly, MailboxEntry, PrimerState } from "../../../core/mailbox/index.js";

// A refused file given as its bytes (`text`): its recipients and arena are read from its envelope as
// `rw mailbox check` reads them (cli/mailbox/inbox.ts: `reading.envelope?.to ?? null`, `?.arena`),
// null when the envelope does not read (README note 126); the UUID is the one drawn, the CLI's
// keying (the reading's for a body or envelope refusal, none for a name or conflict copy).
type RefusedFile = Omit<MailboxAnomaly, "to" | "arena"> & { text: string; refused: "body" | "envelope" | "name" | "conflict" };

function anomalyOf(a: MailboxAnomaly | RefusedFile): MailboxAnomaly {
  if (!("text" in a)) return a;
  const reading = readMailboxMessage(a.text);
  const { text: _text, refused, ...rest } = a;
  if ((refused === "body" || refused === "envelope") && (reading.ok || reading.id !== a.id)) throw new Error(`${a.file}, drawn refused for its ${refused} under ${a.id}, reads ${reading.ok ? "ok" : "refused"} under ${reading.id}`);
  if ((refused === "envelope") !== (reading.envelope === null)) throw new Error(`${a.file}: its envelope ${reading.envelope === null ? "does not read" : "reads"}, drawn refused for its ${refused}`);
  return { ...rest, to: reading.envelope?.to ?? null, arena: reading.envelope?.arena ?? null };
}

type Case = {
  participant: string;
  arena: string | null;
  files: { name: string; text: string; archive?: string }[];
  dispositions: unknown[];
  cursor: string[];
  anomalies: (MailboxAnomaly | RefusedFile)[];
  anomalyIndex: AnomalyRecord[];
  now: number;
  primer?: PrimerState;
};

const out: string[] = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (line === "") continue;
  const c = JSON.parse(line) as Case;
  const messages: MailboxEntry[] = [];
  for (const { name, text, archive } of c.files) {
    const reading = readMailboxMessage(text);
    if (!reading.ok || reading.envelope === null) throw new Error(`${name} is refused: ${JSON.stringify(reading.findings)}`);
    const fingerprint = createHash("sha256").update(text).digest("hex");
    messages.push({ envelope: reading.envelope, body: reading.body ?? "", file: name, fingerprint, ...(archive === undefined ? {} : { archive }) });
  }
  const analysis = analyzeMailbox(messages, { now: c.now, archiveRead: true });
  const report = reconcile({
    participant: c.participant, ...(c.arena === null ? {} : { arena: c.arena }), messages, dispositions: c.dispositions, cursor: c.cursor,
    anomalies: c.anomalies.map(anomalyOf), anomalyIndex: c.anomalyIndex, now: c.now, archiveRead: true, analysis,
    ...(c.primer === undefined ? {} : { primer: c.primer }),
  });
  out.push(JSON.stringify({
    arena: report.arena, status: report.status, work_clean: report.work_clean, readiness_clean: report.readiness_clean, counts: report.counts,
    items: Object.fromEntries(report.items.map((i) => [i.id, { action: i.action, open_reply: i.open_reply, disposition: i.disposition }])),
    cursor_advance: [...report.cursor_advance].sort(),
    codes: [...new Set(report.findings.map((f) => f.code))].sort(),
    // The archive's findings (analyzeMailbox runs archivedThreadFindings), by code and folder, and
    // for each thread whether a message added to it now is refused (archiveBlocksMessage).
    archive: analysis.findings.filter((f) => f.code.startsWith("ARCHIVE_")).map((f) => `${f.code} ${f.file ?? ""}`).sort(),
    blocked_threads: [...new Set(messages.map((m) => m.envelope.thread))].filter((thread) => archiveBlocksMessage(messages, { thread }) !== null).sort(),
    quarantine: Object.fromEntries([...analysis.quarantine].map(([id, codes]) => [id, [...codes]])),
  }));
}
process.stdout.write(out.join("\n") + (out.length > 0 ? "\n" : ""));

// Reads JSON lines {"files": [{"name", "text"}], "now"} on stdin and writes one JSON line
// {"findings": [{"code", "severity", "id", "file"}], "orphaned": [thread], "budgets": {thread: {state,
// count, limit}}, "files": {name: ok}} per folder: the core's conversation findings over the folder,
// the threads it reads orphaned (THREAD_ORPHANED names no message, so it is compared by thread) and
// each thread's exchange budget at its end (ThreadSummary.budget, which no finding names), read as `rw mailbox check` reads an inbox (each file by
// readMailboxMessage, in name order; the valid ones to analyzeMailbox with the refused ones and
// the moment of the check), in memory.
import { createInterface } from "node:readline";
import { analyzeMailbox, readMailboxMessage } from "../../../core/mailbox/index.js";
import type { MailboxEntry, MailboxFinding } from "../../../core/mailbox/index.js";

type Folder = { files: { name: string; text: string }[]; now: number };

const out: string[] = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (line === "") continue;
  const { files, now } = JSON.parse(line) as Folder;
  const entries: MailboxEntry[] = [];
  const refused: { id: string; file: string; finding: MailboxFinding }[] = [];
  const ok: Record<string, boolean> = {};
  for (const { name, text } of [...files].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const reading = readMailboxMessage(text);
    ok[name] = reading.ok;
    if (reading.ok && reading.envelope !== null) entries.push({ envelope: reading.envelope, body: reading.body ?? "", file: name });
    else {
      const finding = reading.findings.find((f) => f.severity === "error");
      if (reading.id !== null && finding !== undefined) refused.push({ id: reading.id, file: name, finding });
    }
  }
  const analysis = analyzeMailbox(entries, { now, archiveRead: true, refused });
  const findings = analysis.findings.map((f) => ({ code: f.code, severity: f.severity, id: f.id ?? null, file: f.file ?? null, slot: f.slot ?? null }));
  const orphaned = analysis.threads.filter((t) => t.orphaned).map((t) => t.thread);
  const budgets = Object.fromEntries(analysis.threads.map((t) => [t.thread, { state: t.budget.state, count: t.budget.count, limit: t.budget.limit }]));
  out.push(JSON.stringify({ findings, orphaned, budgets, files: ok }));
}
process.stdout.write(out.join("\n") + (out.length > 0 ? "\n" : ""));

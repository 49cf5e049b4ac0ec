// Reads JSON lines {"events": [{"at": ms, "line": text} | {"at": ms, "alarm": true}], "end": ms} on
// stdin and replays each conversation as a Worker's thread appends it, one line a request at its
// moment, without workerd: each line read by readMessage (the shipped profiles, as a thread that
// fixed none), a line under a stored id a duplicate (sameMessage) or THREAD_ID_REUSED, then the
// core's arrivalRefusal at the line's moment (what the thread's object calls), then the audit's add;
// an alarm takes check-thread's report at its moment and records each handoff or AQ it finds late
// (THREAD_EXPIRED, THREAD_OVERDUE, THREAD_QUESTION_OVERDUE) once, with that moment, as the object's
// alarm does. Writes one JSON line per conversation: {"appends": [[status, code|null, [codes the
// audit raised]]] per line event, "orphans": [[handoff, code, at]], "stored": [ids], "end": the
// report at `end` as core-threads.ts gives it (ok, errors, notes, handoffs)}.
import { createInterface } from "node:readline";
import { arrivalRefusal, createThreadAudit, profileResolver, readMessage, sameMessage, timeAt } from "../../../core/index.js";
import type { HeldLines, Message } from "../../../core/index.js";
import { shippedVocabulary } from "../../../profiles/index.js";

const resolve = profileResolver(null, shippedVocabulary);
const ORPHAN_CODES = new Set(["THREAD_EXPIRED", "THREAD_OVERDUE", "THREAD_QUESTION_OVERDUE"]);

type Event = { readonly at: number; readonly line: string } | { readonly at: number; readonly alarm: true };

function replay(events: readonly Event[], end: number): unknown {
  const stored = new Map<string, Message>();
  const held: HeldLines = {
    holds: (id) => stored.has(id),
    message: (id) => stored.get(id) ?? null,
    handoffExp: (id) => {
      const m = stored.get(id);
      if (m?.type !== "HO") return undefined;
      const exp = m.slots["exp"];
      return typeof exp === "string" ? exp : null;
    },
  };
  const audit = createThreadAudit({ vocabulary: resolve });
  const appends: unknown[] = [];
  const orphans = new Map<string, [string, string, string]>();
  for (const event of events) {
    if ("alarm" in event) {
      const now = timeAt(event.at);
      for (const f of audit.report(now).findings) {
        const key = `${f.handoff} ${f.code}`;
        if (ORPHAN_CODES.has(f.code) && !orphans.has(key)) orphans.set(key, [f.handoff, f.code, now]);
      }
      continue;
    }
    const checked = readMessage(event.line, resolve);
    const m = checked.message;
    if (!checked.ok || m === null) {
      appends.push(["refused", "INVALID", []]);
      continue;
    }
    const existing = stored.get(m.id);
    if (existing !== undefined) {
      appends.push(sameMessage(existing, m) ? ["duplicate", null, []] : ["refused", "THREAD_ID_REUSED", []]);
      continue;
    }
    const late = arrivalRefusal(m, event.at, held);
    if (late !== null) {
      appends.push(["refused", late.code, []]);
      continue;
    }
    stored.set(m.id, m);
    appends.push(["stored", null, audit.add(m, stored.size).map((f) => f.code).sort()]);
  }
  const now = timeAt(end);
  const report = audit.report(now);
  const codes = (severity: string) => report.findings.filter((f) => f.severity === severity).map((f) => f.code).sort();
  return {
    appends,
    orphans: [...orphans.values()],
    stored: [...stored.keys()],
    end: { ok: report.ok, errors: codes("error"), notes: codes("note"), handoffs: audit.handoffs(now).map((h) => [h.id, h.state, h.closedBy, h.readback, h.supersededBy]) },
  };
}

const out: string[] = [];
for await (const text of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (text === "") continue;
  const c = JSON.parse(text) as { events: Event[]; end: number };
  out.push(JSON.stringify(replay(c.events, c.end)));
}
process.stdout.write(out.join("\n") + (out.length > 0 ? "\n" : ""));

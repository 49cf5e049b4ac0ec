/**
 * The check-thread cases (threads/*.json), runnable against any implementation of the thread audit
 * in any runtime: returns what differs. Each case is a conversation in sending order, the moment of
 * the audit, the sender's expectations per HO, and the findings, owners and counts it must give.
 */
import type * as Core from "../../core/index.js";
import type * as Thread from "../../core/thread.js";
import type * as Report from "../../core/thread-report.js";

export interface ExpectedFinding {
  code: string;
  handoff: string;
  id: string;
  /** 1-based line in `lines`. */
  line: number | null;
  slot?: string;
  expected?: string;
  received?: string;
  /** Codes of the check-rb failures behind a void or unverified readback. */
  causes?: string[];
}

export interface ThreadCase {
  id: string;
  about: string;
  now: string | null;
  lines: string[];
  expectations?: Record<string, { expectAcc?: string; record?: Record<string, Core.SlotValue> }>;
  findings: ExpectedFinding[];
  owners: Report.ItemOwner[];
  ok: boolean;
  /** Counts to check (a subset of the report's). */
  counts?: Record<string, unknown>;
  /**
   * The lines taken into the thread whose reading raised notes, each `[line, codes]` (sorted):
   * what an adapter reading text lists in `noted` (rw check-thread --json, POST /v1/check-thread).
   */
  noted?: [number, string[]][];
  /** Where each tracked HO stands at the end (handoffs()), when the case names it. */
  handoffs?: Report.HandoffState[];
}

const END_FINDINGS: Readonly<Record<string, Report.HandoffStateName>> = { THREAD_OPEN: "open", THREAD_HELD: "held", THREAD_EXPIRED: "orphaned", THREAD_OVERDUE: "orphaned" };

/**
 * handoffs() against the report it must agree with, in any case: a handoff is live (open, held,
 * orphaned) exactly when the report has its end-state finding of that kind, and the states count
 * as the report's counts do; and the questions counted open and overdue are those its end findings name.
 */
function agreement(report: Report.ThreadReport, states: readonly Report.HandoffState[], problems: string[]): void {
  const ended = new Map<string, Set<string>>();
  for (const f of report.findings) {
    const end = END_FINDINGS[f.code];
    if (end !== undefined && f.id === f.handoff) ended.set(f.handoff, (ended.get(f.handoff) ?? new Set()).add(end));
  }
  for (const h of states) {
    const fromFindings = [...(ended.get(h.id) ?? [])];
    const live = h.state === "open" || h.state === "held" || h.state === "orphaned";
    if (live ? fromFindings.join() !== h.state : fromFindings.length > 0) problems.push(`handoff ${h.id}: state ${h.state}, end findings ${fromFindings.join() || "none"}`);
    if ((h.state === "closed") !== (h.closedBy !== null)) problems.push(`handoff ${h.id}: state ${h.state} with closedBy ${h.closedBy}`);
    if (h.supersededBy !== null && h.state !== "superseded") problems.push(`handoff ${h.id}: supersededBy ${h.supersededBy} but ${h.state}`);
  }
  const count = (name: Report.HandoffStateName): number => states.filter((h) => h.state === name).length;
  const counts = { handoffs: states.length, closed: count("closed"), superseded: count("superseded"), open: count("open") + count("held") + count("orphaned") };
  for (const [k, v] of Object.entries(counts)) if (report.counts[k as keyof typeof counts] !== v) problems.push(`counts.${k}: report ${String(report.counts[k as keyof typeof counts])}, handoffs() ${v}`);
  // The questions counted open and overdue are the AQs with those end findings; open is asked minus answered.
  const q = report.counts.questions;
  const ends = (code: string): number => report.findings.filter((f) => f.code === code).length;
  const overdue = ends("THREAD_QUESTION_OVERDUE");
  if (q.overdue !== overdue || q.open !== overdue + ends("THREAD_QUESTION_OPEN") || q.open !== q.asked - q.answered) problems.push(`counts.questions ${JSON.stringify(q)} disagree with the end findings (${overdue} overdue, ${ends("THREAD_QUESTION_OPEN")} open)`);
}

export interface ThreadApi {
  checkLine: typeof Core.checkLine;
  createThreadAudit: typeof Thread.createThreadAudit;
  resolve(profile: string | null): Core.Vocabulary | undefined;
}

/** The actual finding reduced to the fields the case names. */
function reduce(actual: Report.ThreadFinding, want: ExpectedFinding): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(want) as (keyof ExpectedFinding)[]) {
    out[key] = key === "causes" ? (actual.causes ?? []).map((f) => f.code) : (actual[key as keyof Report.ThreadFinding] ?? null);
  }
  return out;
}

function subset(want: unknown, got: unknown, path: string, problems: string[]): void {
  if (want !== null && typeof want === "object") {
    for (const [k, v] of Object.entries(want)) subset(v, (got as Record<string, unknown> | undefined)?.[k], `${path}.${k}`, problems);
  } else if (want !== got) problems.push(`${path}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
}

export function runThreadCase(c: ThreadCase, api: ThreadApi): string[] {
  const problems: string[] = [];
  const audit = api.createThreadAudit({
    now: c.now,
    vocabulary: api.resolve,
    expectations: (handoff) => c.expectations?.[handoff],
  });
  const noted: [number, string[]][] = [];
  c.lines.forEach((line, k) => {
    const checked = api.checkLine(line, api.resolve);
    if (checked.message === null || !checked.ok) problems.push(`line ${k + 1} is not a valid line: ${JSON.stringify(checked.findings)}`);
    else if (checked.findings.length > 0) noted.push([k + 1, checked.findings.map((f) => f.code).sort()]);
    if (checked.message !== null) audit.add(checked.message, k + 1);
  });
  if (JSON.stringify(noted) !== JSON.stringify(c.noted ?? [])) problems.push(`noted: want ${JSON.stringify(c.noted ?? [])}, got ${JSON.stringify(noted)}`);
  const report = audit.finish();
  const got = report.findings;
  const n = Math.max(got.length, c.findings.length);
  for (let k = 0; k < n; k++) {
    const want = c.findings[k];
    const actual = got[k];
    if (want === undefined) problems.push(`unexpected finding ${k}: ${actual?.code} ${actual?.handoff} ${actual?.id}: ${actual?.message}`);
    else if (actual === undefined) problems.push(`missing finding ${k}: ${JSON.stringify(want)}`);
    else if (JSON.stringify(reduce(actual, want)) !== JSON.stringify(want)) problems.push(`finding ${k}: want ${JSON.stringify(want)}, got ${JSON.stringify(reduce(actual, want))} (${actual.message})`);
  }
  if (JSON.stringify(report.owners) !== JSON.stringify(c.owners)) problems.push(`owners: want ${JSON.stringify(c.owners)}, got ${JSON.stringify(report.owners)}`);
  if (report.ok !== c.ok) problems.push(`ok: want ${c.ok}, got ${report.ok}`);
  if (c.counts !== undefined) subset(c.counts, report.counts, "counts", problems);
  const states = audit.handoffs();
  agreement(report, states, problems);
  // One handoff's findings, as a holder answering for it asks them, are the report's about it.
  for (const id of new Set([...states.map((h) => h.id), ...got.map((f) => f.handoff)])) {
    const one = JSON.stringify(audit.findingsOf(undefined, id));
    if (one !== JSON.stringify(got.filter((f) => f.handoff === id))) problems.push(`findingsOf(${id}): ${one} is not the report's findings about it`);
  }
  if (c.handoffs !== undefined && JSON.stringify(states) !== JSON.stringify(c.handoffs)) problems.push(`handoffs: want ${JSON.stringify(c.handoffs)}, got ${JSON.stringify(states)}`);
  return problems;
}

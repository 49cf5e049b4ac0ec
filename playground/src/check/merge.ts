/**
 * One thread report from the reports of groups audited apart (groups.ts), with line numbers for
 * the keys the audits were given (relabel.ts). It puts the core's findings and owners back in the
 * order one audit over the whole conversation gives them, and adds the counts; it makes no finding
 * of its own. That order: findings raised as messages arrive, in sending order; then, about the
 * end state, each open handoff in the order the HOs came, then each unanswered AQ in the order the
 * AQs came, then each cancel's (unanswered, its reason contradicted) in the order the CXs came;
 * owners by their item's first tracked HO. A test (test/playground/checker.test.ts) holds the result equal to checkThread over
 * the whole conversation.
 */
import type { HandoffState, ItemOwner, ThreadCounts, ThreadFinding, ThreadReport } from "../../../core/index.js";
import type { LineOf, Relabel } from "./relabel.js";

/** The findings one message raised as the audit took it (what add() returned), and its key. */
export interface Raised {
  readonly key: number;
  readonly findings: readonly ThreadFinding[];
}

export interface GroupReport {
  /** The messages that raised findings as they arrived, in order. */
  readonly raised: readonly Raised[];
  /** For each of the report's owners, the key of its item's first tracked HO. */
  readonly ownerKeys: readonly number[];
  /** The audit's report at the moment asked. */
  readonly report: ThreadReport;
  /** Where each of the group's handoffs stands at that moment, as the audit says (handoffs()). */
  readonly handoffs: readonly HandoffState[];
}

function sum(into: Record<string, unknown>, b: Record<string, unknown>): void {
  for (const key of Object.keys(into)) {
    const x = into[key];
    if (typeof x === "number") into[key] = x + (b[key] as number);
    else sum(x as Record<string, unknown>, b[key] as Record<string, unknown>);
  }
}

/**
 * The core's order of the end findings: open handoffs, then unanswered AQs, then cancels (one CX's
 * unanswered and reason findings share its line, and keep their order: the sort is stable).
 */
const endGroup = (f: ThreadFinding): number => (f.code === "THREAD_CANCEL_UNANSWERED" || f.code === "THREAD_CANCEL_REASON" ? 2 : f.code === "THREAD_QUESTION_OPEN" || f.code === "THREAD_QUESTION_OVERDUE" ? 1 : 0);

/** A group's findings and owners with line numbers, while the lines keep their numbers. */
interface Mapped {
  readonly numbering: number;
  readonly raised: readonly { readonly line: number; readonly findings: readonly ThreadFinding[] }[];
  readonly end: readonly ThreadFinding[];
  readonly owners: readonly { readonly line: number; readonly owner: ItemOwner }[];
}

const mappedGroups = new WeakMap<GroupReport, Mapped>();

function mapped(g: GroupReport, numbering: number, lineOf: LineOf, relabel: Relabel): Mapped {
  const known = mappedGroups.get(g);
  if (known !== undefined && known.numbering === numbering) return known;
  let conversation = 0;
  const raised = g.raised.map((r) => {
    conversation += r.findings.length;
    return { line: lineOf(r.key), findings: r.findings.map((f) => relabel(f, lineOf)) };
  });
  const end = g.report.findings.slice(conversation).map((f) => relabel(f, lineOf));
  const owners = g.report.owners.map((owner, k) => ({ line: lineOf(g.ownerKeys[k] as number), owner }));
  const m = { numbering, raised, end, owners };
  mappedGroups.set(g, m);
  return m;
}

/**
 * The groups' reports as one. `numbering` names the line numbers `lineOf` gives: a group's
 * findings are mapped again only when it changes.
 */
export function mergeReports(groups: readonly GroupReport[], empty: ThreadReport, lineOf: LineOf, relabel: Relabel, numbering: number): ThreadReport {
  const raised: { line: number; findings: readonly ThreadFinding[] }[] = [];
  const end: ThreadFinding[] = [];
  const owners: { line: number; owner: ItemOwner }[] = [];
  const counts = JSON.parse(JSON.stringify(empty.counts)) as Record<string, unknown>;
  for (const g of groups) {
    const m = mapped(g, numbering, lineOf, relabel);
    for (const r of m.raised) raised.push(r);
    for (const f of m.end) end.push(f);
    for (const o of m.owners) owners.push(o);
    sum(counts, g.report.counts as unknown as Record<string, unknown>);
  }
  raised.sort((a, b) => a.line - b.line);
  end.sort((a, b) => endGroup(a) - endGroup(b) || (a.line ?? 0) - (b.line ?? 0));
  owners.sort((a, b) => a.line - b.line);
  const findings: ThreadFinding[] = [];
  for (const r of raised) for (const f of r.findings) findings.push(f);
  for (const f of end) findings.push(f);
  return { ok: !findings.some((f) => f.severity === "error"), findings, owners: owners.map((o) => o.owner), counts: counts as unknown as ThreadCounts };
}

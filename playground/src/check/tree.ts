/**
 * The thread tree: each valid message under the earlier message its `re=` names (threads are
 * rebuilt from re=, never from position), and what check-thread's report says about each HO. The
 * states come from the report's findings, as the core wrote them; nothing here judges a message.
 */
import type { ItemOwner, Message, ThreadFinding, ThreadReport } from "../../../core/index.js";
import type { Checked, CheckedLine, CheckedReadback } from "./checker.js";

export type ClosureState = "open" | "orphaned" | "held" | "superseded" | "closed" | "untracked";

export interface Closure {
  readonly state: ClosureState;
  /** In words, from the report. */
  readonly text: string;
}

const END_STATE: Readonly<Record<string, ClosureState>> = {
  THREAD_OPEN: "open",
  THREAD_EXPIRED: "orphaned",
  THREAD_OVERDUE: "orphaned",
  THREAD_HELD: "held",
};

/**
 * Each tracked HO's state in the report, by id: open, orphaned (past exp or due) or held when the
 * report says so at the end; superseded when a re-issue replaced it (and no UN why=DUP revived it);
 * closed otherwise. An HO under an id already used is not tracked.
 */
export function closures(report: ThreadReport, handoffs: Iterable<string>): Map<string, Closure> {
  const superseded = new Map<string, string>();
  const end = new Map<string, ThreadFinding[]>();
  for (const f of report.findings) {
    if (f.code === "THREAD_REISSUED") superseded.set(f.handoff, f.id);
    else if (f.code === "THREAD_REISSUE_DUP") superseded.delete(f.handoff);
    else if (Object.hasOwn(END_STATE, f.code)) {
      const list = end.get(f.handoff);
      if (list === undefined) end.set(f.handoff, [f]);
      else list.push(f);
    }
  }
  const out = new Map<string, Closure>();
  for (const id of handoffs) {
    const found = end.get(id);
    if (found !== undefined) {
      const first = found[0] as ThreadFinding;
      out.set(id, { state: END_STATE[first.code] as ClosureState, text: found.map((f) => f.message).join("; ") });
    } else if (superseded.has(id)) out.set(id, { state: "superseded", text: `superseded by the re-issue ${superseded.get(id) as string}` });
    else out.set(id, { state: "closed", text: "closed" });
  }
  return out;
}

/** The owner of each item, by item. */
export function ownersByItem(report: ThreadReport): Map<string, ItemOwner> {
  return new Map(report.owners.map((o) => [o.item, o]));
}

/** A message in the thread tree, with what check-rb and check-thread say about it. */
export interface ThreadNode {
  readonly line: CheckedLine;
  readonly message: Message;
  readonly children: readonly ThreadNode[];
  /** For an HO: its state in the report (null for an HO under an id already used). */
  readonly closure: Closure | null;
  /** For a tracked HO: the owner of its item. */
  readonly owner: ItemOwner | null;
  /** For an RB that answers an earlier HO: check-rb's report. */
  readonly readback: CheckedReadback | null;
  /** check-thread's findings placed on this message's line. */
  readonly findings: readonly ThreadFinding[];
}

const sameList = <T>(a: readonly T[], b: readonly T[]): boolean => a.length === b.length && a.every((x, k) => x === b[k]);

/**
 * The tree of the checked conversation. A node is the previous check's object when nothing it
 * shows changed (its line, children, state, owner, readback and findings), so a memoized view of
 * it renders again only when it did.
 */
export function decoratedTree(checked: Checked, previous: ReadonlyMap<CheckedLine, ThreadNode>): { roots: ThreadNode[]; nodes: Map<CheckedLine, ThreadNode> } {
  const audited = checked.audited;
  const parent = new Int32Array(audited.length).fill(-1);
  const firstOf = new Map<string, number>();
  const childrenOf: number[][] = audited.map(() => []);
  audited.forEach((line, i) => {
    const m = line.check.message as Message;
    const p = m.re === null ? undefined : firstOf.get(m.re);
    if (p !== undefined) {
      parent[i] = p;
      (childrenOf[p] as number[]).push(i);
    }
    if (!firstOf.has(m.id)) firstOf.set(m.id, i);
  });
  const findingsAt = new Map<number, ThreadFinding[]>();
  for (const f of checked.report.findings) {
    if (f.line === null) continue;
    const list = findingsAt.get(f.line);
    if (list === undefined) findingsAt.set(f.line, [f]);
    else list.push(f);
  }
  const closed = closures(checked.report, checked.handoffs.keys());
  const owners = ownersByItem(checked.report);
  const built: ThreadNode[] = new Array<ThreadNode>(audited.length);
  const nodes = new Map<CheckedLine, ThreadNode>();
  const none: readonly ThreadFinding[] = [];
  for (let i = audited.length - 1; i >= 0; i--) {
    const line = audited[i] as CheckedLine;
    const message = line.check.message as Message;
    const children = (childrenOf[i] as number[]).map((c) => built[c] as ThreadNode);
    const tracked = message.type === "HO" && checked.handoffs.get(message.id) === line;
    let closure = tracked ? (closed.get(message.id) ?? null) : null;
    let owner = tracked && message.item !== null ? (owners.get(message.item) ?? null) : null;
    const readback = message.type === "RB" ? (checked.readbacks.get(line.n) ?? null) : null;
    const findings = findingsAt.get(line.n) ?? none;
    const old = previous.get(line);
    if (old !== undefined) {
      if (closure !== null && old.closure !== null && closure.state === old.closure.state && closure.text === old.closure.text) closure = old.closure;
      if (owner !== null && old.owner !== null && owner.owner === old.owner.owner && owner.handoff === old.owner.handoff) owner = old.owner;
    }
    const node: ThreadNode =
      old !== undefined && old.closure === closure && old.owner === owner && old.readback === readback && sameList(old.children, children) && sameList(old.findings, findings)
        ? old
        : { line, message, children, closure, owner, readback, findings };
    built[i] = node;
    nodes.set(line, node);
  }
  const roots: ThreadNode[] = [];
  for (let i = 0; i < audited.length; i++) if (parent[i] === -1) roots.push(built[i] as ThreadNode);
  return { roots, nodes };
}

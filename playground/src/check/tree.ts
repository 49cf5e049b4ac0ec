/**
 * The thread tree: each valid message under the earlier message its `re=` names (threads are
 * rebuilt from re=, never from position), and where each HO stands as check-thread says
 * (handoffs()). Nothing here judges a message.
 */
import type { HandoffState, HandoffStateName, ItemOwner, Message, ThreadFinding, ThreadReport } from "../../../core/index.js";
import type { Checked, CheckedLine, CheckedReadback } from "./checker.js";

export type ClosureState = HandoffStateName;

export interface Closure {
  readonly state: ClosureState;
  /** In words: the report's findings about a live HO, else what closed or replaced it. */
  readonly text: string;
}

/**
 * Each tracked HO's state, by id, from the core's states; its words from the report's findings
 * about the HO at the end (open, held, orphaned), or who closed or replaced it.
 */
export function closures(states: ReadonlyMap<string, HandoffState>, report: ThreadReport): Map<string, Closure> {
  const said = new Map<string, string[]>();
  for (const f of report.findings) {
    // A finding about a handoff's end state is placed on the HO itself.
    if (f.id !== f.handoff || f.code === "THREAD_ID_REUSED" || f.code === "THREAD_RETRY") continue;
    const list = said.get(f.handoff);
    if (list === undefined) said.set(f.handoff, [f.message]);
    else list.push(f.message);
  }
  const out = new Map<string, Closure>();
  for (const [id, h] of states) {
    const text =
      h.state === "closed" ? `closed by its ${h.closedBy as string}`
      : h.state === "superseded" ? `superseded by the re-issue ${h.supersededBy as string}`
      : (said.get(id) ?? []).join("; ");
    out.set(id, { state: h.state, text });
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
  const closed = closures(checked.states, checked.report);
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
      if (owner !== null && old.owner !== null && owner.owner === old.owner.owner && owner.handoff === old.owner.handoff && owner.readback === old.owner.readback) owner = old.owner;
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

/** A node of the tree as one row of a flat list: how deep it stands under its roots. */
export interface TreeRow {
  readonly node: ThreadNode;
  readonly depth: number;
}

/**
 * The tree in document order, depth first, as flat rows: a chain of replies thousands deep is a
 * list, not thousands of nested components (rendered nested, 500 replies each answering the last
 * exhausted the browser's stack and the thread vanished). Walked with an explicit stack. A row is
 * the previous call's object while its node and depth are the same, so a memoized view of it, and
 * the chunk holding it, render again only when it changed.
 */
export function treeRows(roots: readonly ThreadNode[], previous: ReadonlyMap<ThreadNode, TreeRow>): { rows: TreeRow[]; byNode: Map<ThreadNode, TreeRow> } {
  const rows: TreeRow[] = [];
  const byNode = new Map<ThreadNode, TreeRow>();
  const stack: TreeRow[] = [];
  const push = (node: ThreadNode, depth: number): void => {
    const old = previous.get(node);
    stack.push(old !== undefined && old.depth === depth ? old : { node, depth });
  };
  for (let i = roots.length - 1; i >= 0; i--) push(roots[i] as ThreadNode, 0);
  while (stack.length > 0) {
    const row = stack.pop() as TreeRow;
    rows.push(row);
    byNode.set(row.node, row);
    const children = row.node.children;
    for (let i = children.length - 1; i >= 0; i--) push(children[i] as ThreadNode, row.depth + 1);
  }
  return { rows, byNode };
}

/**
 * The thread tree: each valid message under the earlier message its `re=` names (threads are
 * rebuilt from re=, never from position), and where each HO stands as check-thread says
 * (handoffs()). Nothing here judges a message.
 */
import type { HandoffState, HandoffStateName, ItemOwner, Message, ThreadFinding } from "../../../core/index.js";
import type { Checked, CheckedLine, CheckedReadback } from "./checker.js";

export interface Closure {
  readonly state: HandoffStateName;
  /** In words: the report's findings about a live HO, else what closed or replaced it. */
  readonly text: string;
}

/**
 * A message of the tree as one row of a flat list, in document order (depth first), with how
 * deep it stands under its root and what check-rb and check-thread say about it: a reply chain
 * thousands deep is a list, not thousands of nested components (rendered nested, 500 replies
 * each answering the last exhausted the browser's stack and the thread vanished).
 */
export interface TreeRow {
  readonly line: CheckedLine;
  readonly message: Message;
  readonly depth: number;
  /** For a tracked HO: its state in the report (null for an HO under an id already used). */
  readonly closure: Closure | null;
  /** For a tracked HO: the owner of its item. */
  readonly owner: ItemOwner | null;
  /** For an RB that answers an earlier HO: check-rb's report. */
  readonly readback: CheckedReadback | null;
  /** check-thread's findings placed on this message's line. */
  readonly findings: readonly ThreadFinding[];
}

const NONE: readonly ThreadFinding[] = [];
const sameList = <T>(a: readonly T[], b: readonly T[]): boolean => a === b || (a.length === b.length && a.every((x, k) => x === b[k]));
/** Two closures, or two owners, that say the same. */
const same = (a: object | null, b: object | null): boolean => a === b || (a !== null && b !== null && sameList(Object.entries(a).flat(), Object.entries(b).flat()));
const messageOf = (l: CheckedLine): Message => l.check.message as Message;

/**
 * The rows of each check, kept from one check to the next: a row is the previous check's object
 * while nothing it shows changed, so a memoized view of it, and the chunk holding it, render again
 * only when it did. Work follows the edit: while every audited line keeps its type, id, `re=`
 * and item (as typing in a line mostly does), the tree's shape is kept, and only the rows of the
 * lines that changed, and of the HOs, RBs and lines the report says something new about, are made
 * again; finding those takes pointer comparisons, not a lookup for every message (at 100,000
 * lines, making every row again took longer than the check itself).
 */
export function createThreadTree(): (checked: Checked) => readonly TreeRow[] {
  let audited: readonly CheckedLine[] = [];
  let rows: readonly TreeRow[] = [];
  /** Each audited line's depth, and its row's place, by audited index. */
  let depth = new Int32Array(0);
  let place = new Int32Array(0);
  /** The audited indexes of the RBs. */
  let readbackRows: number[] = [];
  let findings: readonly ThreadFinding[] = [];
  let findingsAt = new Map<number, ThreadFinding[]>();
  /** What the report says about each live HO, by id, in words. */
  let said = new Map<string, string>();
  let owners: readonly ItemOwner[] = [];
  const ownerOf = new Map<string, ItemOwner>();
  let readbacks: ReadonlyMap<number, CheckedReadback> = new Map();
  /** The handoffs' states in the checker's order (by bucket): an edit renews its buckets' states and owners together. */
  let states: readonly HandoffState[] = [];

  /** The tree's shape: each line's depth and place, depth first, children in sending order. */
  function shape(c: Checked): number[] {
    const n = c.audited.length;
    // Children as linked lists (first child, next sibling), index n standing for the roots' parent.
    const parent = new Int32Array(n);
    const first = new Int32Array(n + 1).fill(-1);
    const last = new Int32Array(n + 1).fill(-1);
    const next = new Int32Array(n).fill(-1);
    const firstOf = new Map<string, number>();
    readbackRows = [];
    for (let i = 0; i < n; i++) {
      const m = messageOf(c.audited[i] as CheckedLine);
      const p = (m.re === null ? undefined : firstOf.get(m.re)) ?? n;
      parent[i] = p;
      if (last[p] === -1) first[p] = i;
      else next[last[p] as number] = i;
      last[p] = i;
      if (!firstOf.has(m.id)) firstOf.set(m.id, i);
      if (m.type === "RB") readbackRows.push(i);
    }
    depth = new Int32Array(n);
    place = new Int32Array(n);
    const order: number[] = [];
    // Walked without recursion: a chain may be thousands deep.
    for (let v = first[n] as number, d = 0; v >= 0; ) {
      depth[v] = d;
      place[v] = order.length;
      order.push(v);
      if ((first[v] as number) >= 0) {
        v = first[v] as number;
        d++;
      } else {
        while ((next[v] as number) < 0 && parent[v] !== n) {
          v = parent[v] as number;
          d--;
        }
        v = next[v] as number;
      }
    }
    return order;
  }

  function rowOf(c: Checked, i: number, old: TreeRow | undefined): TreeRow {
    const line = c.audited[i] as CheckedLine;
    const message = messageOf(line);
    const h = message.type === "HO" && c.handoffs.get(message.id) === line ? c.states.get(message.id) : undefined;
    const row: TreeRow = {
      line,
      message,
      depth: depth[i] as number,
      closure:
        h === undefined ? null
        : { state: h.state, text: h.state === "closed" ? `closed by its ${h.closedBy as string}` : h.state === "superseded" ? `superseded by the re-issue ${h.supersededBy as string}` : (said.get(message.id) ?? "") },
      owner: h !== undefined && message.item !== null ? (ownerOf.get(message.item) ?? null) : null,
      readback: message.type === "RB" ? (c.readbacks.get(line.n) ?? null) : null,
      findings: findingsAt.get(line.n) ?? NONE,
    };
    return old !== undefined && old.line === line && old.depth === row.depth && old.readback === row.readback && same(old.closure, row.closure) && same(old.owner, row.owner) && sameList(old.findings, row.findings) ? old : row;
  }

  return (c) => {
    const a = c.audited;
    // Audited indexes whose row is made again; null: every row (the shape changed).
    let redo: number[] | null = a.length === audited.length ? [] : null;
    for (let i = 0; redo !== null && i < a.length; i++) {
      const x = a[i] as CheckedLine;
      const y = audited[i] as CheckedLine;
      if (x === y) continue;
      const m = messageOf(x);
      const o = messageOf(y);
      if (m.type !== o.type || m.id !== o.id || m.re !== o.re || m.item !== o.item) redo = null;
      else redo.push(i);
    }
    const order = redo === null ? shape(c) : null;
    /** The row of line `n` is made again (audited lines are in line order). */
    const line = (n: number): void => {
      for (let lo = 0, hi = a.length - 1; lo <= hi; ) {
        const mid = (lo + hi) >> 1;
        const k = (a[mid] as CheckedLine).n;
        if (k === n) return void redo?.push(mid);
        if (k < n) lo = mid + 1;
        else hi = mid - 1;
      }
    };
    const handoff = (id: string | undefined): void => {
      const l = id === undefined ? undefined : c.handoffs.get(id);
      if (l !== undefined) line(l.n);
    };

    if (!sameList(findings, c.report.findings)) {
      const at = new Map<number, ThreadFinding[]>();
      const words = new Map<string, string>();
      for (const f of c.report.findings) {
        if (f.line !== null) {
          const list = at.get(f.line);
          if (list === undefined) at.set(f.line, [f]);
          else list.push(f);
        }
        // A finding about a handoff's end state is placed on the HO itself.
        if (f.id !== f.handoff || f.code === "THREAD_ID_REUSED" || f.code === "THREAD_RETRY") continue;
        const text = words.get(f.handoff);
        words.set(f.handoff, text === undefined ? f.message : `${text}; ${f.message}`);
      }
      // Renumbering lines changes what a finding says ("(line 4)"), its bucket's states unchanged.
      for (const n of new Set([...findingsAt.keys(), ...at.keys()])) if (!sameList(findingsAt.get(n) ?? NONE, at.get(n) ?? NONE)) line(n);
      for (const id of new Set([...said.keys(), ...words.keys()])) if (said.get(id) !== words.get(id)) handoff(id);
      findings = c.report.findings;
      findingsAt = at;
      said = words;
    }
    // A bucket audited again (or another clock) gives new states, and new owners of its items,
    // whose HOs are in the same bucket: the HOs of the states that differ are made again.
    const now = [...c.states.values()];
    for (let k = 0; k < Math.max(now.length, states.length); k++) if (now[k] !== states[k]) handoff(now[k]?.id), handoff(states[k]?.id);
    states = now;
    // The owners that differ, in the same order (the others are in ownerOf already): the old ones
    // out, then the new ones in (an owner may have moved up the list).
    const held = c.report.owners;
    const changed = (k: number): boolean => owners[k] !== held[k];
    for (let k = 0; k < owners.length; k++) if (changed(k) && ownerOf.get((owners[k] as ItemOwner).item) === owners[k]) ownerOf.delete((owners[k] as ItemOwner).item);
    for (let k = 0; k < held.length; k++) if (changed(k)) ownerOf.set((held[k] as ItemOwner).item, held[k] as ItemOwner);
    owners = held;
    if (c.readbacks !== readbacks) for (const i of redo === null ? [] : readbackRows) if (c.readbacks.get((a[i] as CheckedLine).n) !== (rows[place[i] as number] as TreeRow).readback) line((a[i] as CheckedLine).n);
    readbacks = c.readbacks;
    audited = a;

    if (order !== null) {
      // A new shape: each row is made again, the previous one kept where the line's is unchanged.
      const before = new Map(rows.map((r) => [r.line, r]));
      rows = order.map((i) => rowOf(c, i, before.get(a[i] as CheckedLine)));
    } else {
      const made = rows.slice();
      for (const i of redo as number[]) made[place[i] as number] = rowOf(c, i, made[place[i] as number]);
      if (made.some((r, k) => r !== rows[k])) rows = made;
    }
    return rows;
  };
}

/**
 * Which messages of a conversation can change each other's thread findings. The audit links a
 * message to others only through ids (`re=` naming an HO, a void RB or a CX; an HO id used twice;
 * an UNDO's `ctx=` naming a DN) and items (owners, re-issues); so messages that share no id and no
 * item, directly or through others, are audited apart with the same result. This file groups them,
 * conservatively: every message joins its own id, the id its `re=` names, its item, and an UNDO
 * the ids its `ctx=` names. A group is the unit the checker
 * re-audits after an edit; an equivalence test compares the merged result with one whole audit.
 */
import type { Message } from "../../../core/index.js";

/** The group of each message: the index of the group's first message. */
export function linkedGroups(messages: readonly Message[]): Int32Array {
  const n = messages.length;
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  const find = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    while (parent[i] !== r) {
      const next = parent[i] as number;
      parent[i] = r;
      i = next;
    }
    return r;
  };
  const union = (i: number, j: number): void => {
    const a = find(i);
    const b = find(j);
    // The smaller index is the root, so a group is named by its first message.
    if (a < b) parent[b] = a;
    else if (b < a) parent[a] = b;
  };
  // Ids and items apart, keyed by the messages' own strings (no new string to hash).
  const ids = new Map<string, number>();
  const items = new Map<string, number>();
  const link = (map: Map<string, number>, i: number, key: string): void => {
    const j = map.get(key);
    if (j === undefined) map.set(key, i);
    else union(i, j);
  };
  for (let i = 0; i < n; i++) {
    const m = messages[i] as Message;
    link(ids, i, m.id);
    if (m.re !== null) link(ids, i, m.re);
    if (m.item !== null) link(items, i, m.item);
    // An UNDO reads the DN its ctx= names (core/thread), whatever that DN's item.
    if (m.slots["ask"] === "UNDO") for (const c of [m.slots["ctx"] ?? []].flat()) link(ids, i, String(c));
  }
  const group = new Int32Array(n);
  for (let i = 0; i < n; i++) group[i] = find(i);
  return group;
}

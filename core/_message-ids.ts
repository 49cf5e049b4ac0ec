/**
 * The ids a thread audit has seen (for core/thread), kept without their text: section 2 makes an id
 * unique within a conversation, whatever the message type, so every message's id is remembered,
 * not only an HO's. Each id is a 64-bit fingerprint (cyrb53's two 32-bit lanes, core/_fingerprint,
 * before they are folded into 53 bits) with a 32-bit fingerprint of the message itself, in one
 * open-addressed typed array: 16 bytes a slot, at most half the slots used, outside the collected
 * heap. The message's fingerprint tells a retry (the same message again, however written) from
 * another message under a used id: it is made from the decoded values, the slots' in any order, so
 * two messages with one canonical form (section 5.2, what `h=` digests) share it, without the cost
 * of writing that form for every message.
 *
 * Fingerprints, not ids: two different ids share one with probability 2^-64 a pair, so a
 * conversation of n messages reads a fresh id as used with probability about n^2 / 2^65 (3 in
 * 10^8 at a million messages); another message under a used id passes for a retry with
 * probability 2^-32 each time one comes.
 *
 * A slot also holds what the audit found the id to name, when it names a handoff: the HO's own id,
 * a readback of it (one that may clear it, or a void one), or a DN (whose act an UNDO reverses). A reply's `re=` then finds its
 * handoff in the slot the id already has, so no second table of ids (a Map keyed by their text,
 * which at a million lines is hundreds of thousands of entries) is kept for it; a `re=` naming an
 * id never seen finds another's slot with the probability above.
 */
import type { Message, SlotValue } from "./message.js";

/** What `add` found: a new id, the same message again, or another message under a used id. */
export const ID_NEW = 0;
export const ID_REPEATED = 1;
export const ID_REUSED = 2;

/** What an id names (MessageIds.name): the HO itself, a readback of it, or a DN. */
export const NAMES_HANDOFF = 1;
/** A readback of the handoff that passed or awaits a record, so it may clear the act (section 5.3). */
export const NAMES_CLEARING_READBACK = 2;
export const NAMES_VOID_READBACK = 3;
/** A DN reporting the act (out=OK or PARTIAL) on the handoff, which an HO ask=UNDO may reverse (section 5.4). */
export const NAMES_DONE = 4;
/** A DN reporting an act on an HO this conversation does not hold (its row says nothing). */
export const NAMES_DONE_UNSEEN = 5;
/** A DN reporting no act (out=NOOP): nothing to reverse. */
export const NAMES_NO_ACT = 6;

export interface MessageIds {
  /** Remembers the message's id; says whether it was new, repeated exactly, or reused. */
  readonly add: (message: Message) => number;
  /** Records that the id `add` last found new names handoff `row` as `kind` (a NAMES_ constant). */
  readonly name: (kind: number, row: number) => void;
  /** What `id` names: row * 8 + kind, as name() recorded it, or 0 for nothing (or an id not seen). */
  readonly named: (id: string) => number;
  /** Whether `id` was seen, whatever the message under it. */
  readonly has: (id: string) => boolean;
  /** Ids remembered. */
  readonly size: () => number;
}

/**
 * Four Uint32 a slot: the id's two lanes, the message's fingerprint, and what it names (row * 8 +
 * kind, 0 for nothing). Empty: both lanes 0.
 */
const STRIDE = 4;
/**
 * Marks fed between UTF-16 units (which stop at 0xffff), so a message is read as one unambiguous
 * sequence: each value starts with its type's mark and ends with END.
 */
const END = 0x10000;
const NULL = 0x10001;
const STRING = 0x10002;
const NUMBER = 0x10003;
const TRUE = 0x10004;
const FALSE = 0x10005;
const LIST = 0x10006;

export function _messageIds(capacity = 64): MessageIds {
  // cyrb53's two lanes after mixing (core/_fingerprint folds them into 53 bits), set by hash().
  let h1 = 0;
  let h2 = 0;
  const mix = (a: number, b: number): void => {
    h1 = Math.imul(a ^ (a >>> 16), 2246822507);
    h1 ^= Math.imul(b ^ (b >>> 13), 3266489909);
    h2 = Math.imul(b ^ (b >>> 16), 2246822507);
    h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    h1 >>>= 0;
    h2 >>>= 0;
  };
  // The lanes being fed, before mixing.
  let a = 0;
  let b = 0;
  const start = (): void => {
    a = 0xdeadbeef;
    b = 0x41c6ce57;
  };
  const unit = (c: number): void => {
    a = Math.imul(a ^ c, 2654435761);
    b = Math.imul(b ^ c, 1597334677);
  };
  const text = (t: string): void => {
    // In locals: a loop writing the closure's lanes a character at a time costs twice as much.
    let p = a;
    let q = b;
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      p = Math.imul(p ^ c, 2654435761);
      q = Math.imul(q ^ c, 1597334677);
    }
    a = p;
    b = q;
  };
  const scalar = (x: string | number | boolean | null): void => {
    if (x === null) unit(NULL);
    else if (typeof x === "string") {
      unit(STRING);
      text(x);
    } else if (typeof x === "number") {
      unit(NUMBER);
      text(String(x));
    } else unit(x ? TRUE : FALSE);
    unit(END);
  };
  const value = (v: SlotValue): void => {
    if (typeof v !== "object") return scalar(v);
    unit(LIST);
    for (const x of v) scalar(x);
    unit(END);
  };
  /** The fingerprint of a message's values, the same whatever the order of its slots. */
  const form = (m: Message): number => {
    // Each slot apart, summed: a sum does not depend on the order the slots come in.
    let sum1 = 0;
    let sum2 = 0;
    const keys = Object.keys(m.slots);
    // Values in the keys' order: cheaper than a keyed lookup on objects of many shapes.
    const values = Object.values(m.slots);
    for (let k = 0; k < keys.length; k++) {
      start();
      scalar(keys[k] as string);
      value(values[k] as SlotValue);
      mix(a, b);
      sum1 = (sum1 + h1) | 0;
      sum2 = (sum2 + h2) | 0;
    }
    start();
    scalar(m.v);
    scalar(m.type);
    scalar(m.id);
    scalar(m.re);
    scalar(m.from);
    scalar(m.to);
    scalar(m.item);
    scalar(m.tail);
    unit(sum1);
    unit(sum2);
    mix(a, b);
    return h1;
  };
  // A power of two, so a slot is the low bits of the fingerprint mixed with this table's own seed:
  // ids are the senders' to choose, and cyrb53 is public, so without a secret one a party could
  // send ids whose slots crowd together, every look-up then probing the whole crowd (80,000 such
  // ids took 17 s, 0.3 s plain). The seed moves slots, never what an id is found to be.
  const seed = (Math.random() * 0x100000000) >>> 0;
  let size = 1;
  while (size < capacity) size <<= 1;
  let slots = new Uint32Array(size * STRIDE);
  let count = 0;

  /** The slot holding lanes (a, b), or the empty slot where they go. */
  function find(table: Uint32Array, a: number, b: number): number {
    const mask = table.length / STRIDE - 1;
    // murmur3's finaliser, so every bit of the seeded lanes moves every bit of the slot.
    let k = a ^ Math.imul(b, 0x9e3779b1) ^ seed;
    k = Math.imul(k ^ (k >>> 16), 0x85ebca6b);
    k = Math.imul(k ^ (k >>> 13), 0xc2b2ae35);
    k = (k ^ (k >>> 16)) & mask;
    for (;;) {
      const at = k * STRIDE;
      const x = table[at] as number;
      const y = table[at + 1] as number;
      if ((x === a && y === b) || (x === 0 && y === 0)) return at;
      k = (k + 1) & mask;
    }
  }

  function grow(): void {
    const old = slots;
    slots = new Uint32Array(old.length * 2);
    for (let at = 0; at < old.length; at += STRIDE) {
      const a = old[at] as number;
      const b = old[at + 1] as number;
      if (a === 0 && b === 0) continue;
      const to = find(slots, a, b);
      slots[to] = a;
      slots[to + 1] = b;
      slots[to + 2] = old[at + 2] as number;
      slots[to + 3] = old[at + 3] as number;
    }
  }

  /** The lanes of a bare id, as add() makes them, in (h1, y) with y never 0 when h1 is. */
  const idLanes = (id: string): number => {
    start();
    text(id);
    mix(a, b);
    return h1 === 0 && h2 === 0 ? 1 : h2;
  };
  // The slot of the id add() last found new (-1: none since, or a repeat), for name().
  let fresh = -1;

  return {
    add(message) {
      // The id's lanes as cyrb53 makes them (its UTF-16 units, nothing around them). Both lanes 0
      // marks an empty slot; an id that hashes there takes the next fingerprint.
      const y = idLanes(message.id);
      const x = h1;
      const print = form(message);
      let at = find(slots, x, y);
      // (x, y) is never (0, 0), the empty slot's mark: the slot holds this id or is empty.
      if (slots[at] === x && slots[at + 1] === y) {
        fresh = -1;
        return slots[at + 2] === print >>> 0 ? ID_REPEATED : ID_REUSED;
      }
      slots[at] = x;
      slots[at + 1] = y;
      slots[at + 2] = print;
      if (++count * 2 > slots.length / STRIDE) {
        grow();
        at = find(slots, x, y);
      }
      fresh = at;
      return ID_NEW;
    },
    name(kind, row) {
      if (fresh < 0) throw new TypeError("_messageIds: name() without a new id");
      slots[fresh + 3] = row * 8 + kind;
    },
    named(id) {
      const y = idLanes(id);
      const at = find(slots, h1, y);
      return slots[at] === h1 && slots[at + 1] === y ? (slots[at + 3] as number) : 0;
    },
    has(id) {
      const y = idLanes(id);
      const at = find(slots, h1, y);
      return slots[at] === h1 && slots[at + 1] === y;
    },
    size: () => count,
  };
}

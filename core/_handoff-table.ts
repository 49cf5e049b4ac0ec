/**
 * The handoffs of a conversation as columns of typed arrays (for core/thread): one number per HO
 * and field, 80 bytes a handoff (and 8 for each value tier 3 compares beyond the echo) (plus up to half again while the columns grow), outside the collected heap, so a million-line audit keeps no
 * object per handoff for the collector to trace. Row `i` is the i-th HO in sending order.
 */
import type { ItemReadback } from "./thread-report.js";

/** State bits of a handoff. The low three bits say what closed it. */
export const OPEN = 0;
export const CLOSED_DN = 1;
export const CLOSED_UN = 2;
export const CLOSED_FL = 3;
export const CLOSED_CX = 4;
export const CLOSED_BY = 7;
/** A readback passed: ownership moved (sticky). */
export const PASSED = 8;
/** The latest readback was void. */
export const VOID = 16;
/** The latest readback could not be verified (a value the receiver resolved, and no record). */
export const UNVERIFIED = 32;
/** A re-issue replaced it (rule 1); cleared again when the re-issue is answered `UN why=DUP`. */
export const SUPERSEDED = 64;
/** The cancel was acknowledged (`AN val=Y`) or answered by the receiver's DN, UN or FL. */
export const ANSWERED = 128;
/** The receiver sent its DN, UN or FL after the CX: its one answer to the cancel. */
export const REPLIED = 256;
/**
 * One of a re-issue line's HOs (the first, or one that re-issues it): the only rows the audit
 * looks up in its maps of lines, so a handoff never re-issued costs no lookup there.
 */
export const IN_LINE = 512;
/** The CX that closed it said `why=SUPERSEDED`: the report looks for a newer HO of its sender about its item. */
export const CX_SUPERSEDED = 1024;
/** The receiver acknowledged the cancel with `AN val=Y`: it has read the CX, so no UN or FL of it can have crossed it. */
export const ACKNOWLEDGED = 2048;
/**
 * A readback passed or was unverified (sticky, where UNVERIFIED is the latest's): its receiver
 * read it back, so its DN or FL is not unowned even after a later void one (note 28, "only void ones").
 */
export const READ = 4096;

export const CLOSER_NAMES: readonly string[] = ["open", "DN", "UN", "FL", "CX"];

export interface HandoffTable {
  /** Rows in use. */
  count: number;
  /** Line number of the HO, -1 when the caller gave none. */
  line: Int32Array;
  /** Interned agent names, -1 when absent. */
  from: Int32Array;
  to: Int32Array;
  /** Item number, -1 when absent. */
  item: Int32Array;
  /** Interned `ask` and `due` values, -1 when absent or not strings. */
  ask: Int32Array;
  due: Int32Array;
  /** Readback shape number (core/_handoff-print). */
  shape: Int32Array;
  /** State bits (above). */
  state: Int32Array;
  /** Line of the first closing message, -1 when open or unknown. */
  closedAt: Int32Array;
  /** `exp` as the number YYYYMMDDHHMM, -1 when absent. */
  exp: Float64Array;
  /** The 48 bits of the HO's 12-hex-digit digest, as an integer. */
  digest: Float64Array;
  /** Fingerprints of the echo values beyond item, ask and due, and of the execution values the HO carries. */
  echoPrint: Float64Array;
  execPrint: Float64Array;
  /**
   * Where the HO's fingerprints start in `prints`: of the slots its shape compares beyond the echo,
   * then each slot's key (its interned name) and value, to the next row's start.
   */
  printsAt: Int32Array;
  /** Those numbers, every HO's in a row (ReadbackShape.beyond says how many of the first). */
  prints: Float64Array;
  printCount: number;
}

const INT_COLUMNS = ["line", "from", "to", "item", "ask", "due", "shape", "state", "closedAt", "printsAt"] as const;
const NUMBER_COLUMNS = ["exp", "digest", "echoPrint", "execPrint"] as const;

export function _handoffTable(capacity = 32): HandoffTable {
  const t = { count: 0 } as HandoffTable;
  for (const c of INT_COLUMNS) t[c] = new Int32Array(capacity);
  for (const c of NUMBER_COLUMNS) t[c] = new Float64Array(capacity);
  t.prints = new Float64Array(capacity);
  t.printCount = 0;
  return t;
}

/** Room for `n` more fingerprints in `prints` (which grows by half when full); returns where they start. */
export function _addPrints(t: HandoffTable, n: number): number {
  if (t.printCount + n > t.prints.length) {
    const grown = new Float64Array(Math.max(t.printCount + n, t.prints.length + (t.prints.length >> 1)));
    grown.set(t.prints);
    t.prints = grown;
  }
  const at = t.printCount;
  t.printCount += n;
  return at;
}

/** Appends a row (zeros) and returns its index; the columns grow by half when full. */
export function _addRow(t: HandoffTable): number {
  if (t.count === t.state.length) {
    const size = t.count + (t.count >> 1);
    for (const c of INT_COLUMNS) {
      const grown = new Int32Array(size);
      grown.set(t[c]);
      t[c] = grown;
    }
    for (const c of NUMBER_COLUMNS) {
      const grown = new Float64Array(size);
      grown.set(t[c]);
      t[c] = grown;
    }
  }
  return t.count++;
}

/** A 12-hex-digit digest as a number (exact: 48 bits), or -1 when it is not one. */
export function _digestNumber(hex: string): number {
  return /^[0-9a-f]{12}$/.test(hex) ? parseInt(hex, 16) : -1;
}

/** A digest number as the 12 hex digits `h=` carries. */
export function _digestText(n: number): string {
  return n.toString(16).padStart(12, "0");
}

/** Per item, by item number: its owner under rule 1 and the HO that made it so. */
export interface ItemTable {
  count: number;
  /** The owner, an interned agent name. */
  owner: Int32Array;
  /** The row of the HO whose passing readback made the owner, -1 while the first sender holds it. */
  via: Int32Array;
  /** The last readback of any of its HOs that did not pass: an ITEM_READ_* code, ITEM_READ_NONE for none. */
  read: Uint8Array;
}

/** An item's `read`: no readback of its HOs, or the last one void, unverified, or late (not checked). */
export const ITEM_READ_NONE = 0;
export const ITEM_READ_VOID = 1;
export const ITEM_READ_UNVERIFIED = 2;
export const ITEM_READ_LATE = 3;
/** The `readback` an ItemOwner reports, by `read` code, while the first sender holds the item. */
export const ITEM_READ_NAMES: readonly (ItemReadback | null)[] = [null, "void", "unverified", "late"];

export function _itemTable(capacity = 32): ItemTable {
  return { count: 0, owner: new Int32Array(capacity), via: new Int32Array(capacity), read: new Uint8Array(capacity) };
}

/** Appends an item held by `owner` (no passing readback yet) and returns its number. */
export function _addItem(t: ItemTable, owner: number): number {
  if (t.count === t.owner.length) {
    const size = t.count + (t.count >> 1);
    const owners = new Int32Array(size);
    owners.set(t.owner);
    const via = new Int32Array(size);
    via.set(t.via);
    const read = new Uint8Array(size);
    read.set(t.read);
    t.owner = owners;
    t.via = via;
    t.read = read;
  }
  t.owner[t.count] = owner;
  t.via[t.count] = -1;
  t.read[t.count] = ITEM_READ_NONE;
  return t.count++;
}

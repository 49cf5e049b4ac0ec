/**
 * Canonical JSON (section 5.2): the JSON form serialised with object keys sorted, no whitespace,
 * lists in written order, as UTF-8. Strings and numbers are written exactly as JSON.stringify
 * writes them, so any conformant JSON serialiser with sorted keys produces the same bytes.
 */
import type { Message, Scalar, SlotValue } from "./message.js";
import { MESSAGE_TYPES, VERSION } from "./vocabulary.js";

/** An open array (`keys` null) or object being written: its values, in order, and the next one. */
interface Open {
  readonly container: object;
  readonly values: readonly unknown[];
  readonly keys: readonly string[] | null;
  next: number;
}

/**
 * Canonical JSON text of any JSON value. Keys sort by UTF-16 code units (all RW1 keys are ASCII).
 * Walks with its own stack, not by recursion: a value nested thousands deep (which JSON.parse and
 * parseJsonText read) gets its text, not a stack overflow. What is not JSON is a TypeError, a
 * value that contains itself included (without the check, the walk would never end).
 */
export function canonicalJson(value: unknown): string {
  const parts: string[] = [];
  const open: Open[] = [];
  // The containers being written, to tell a cycle from a value merely shared by two keys.
  const openContainers = new Set<object>();
  let current = value;
  for (;;) {
    if (current === null || typeof current !== "object") {
      const text = JSON.stringify(current);
      if (text === undefined) throw new TypeError(`canonicalJson: ${typeof current} is not JSON`);
      parts.push(text);
    } else if (openContainers.has(current)) {
      throw new TypeError("canonicalJson: the value contains itself, which is not JSON");
    } else if (Array.isArray(current)) {
      parts.push("[");
      openContainers.add(current);
      open.push({ container: current, values: current, keys: null, next: 0 });
    } else {
      const object = current as Record<string, unknown>;
      const keys = Object.keys(object).sort();
      parts.push("{");
      openContainers.add(object);
      open.push({ container: object, values: keys.map((k) => object[k]), keys, next: 0 });
    }
    // Close every container that is done, then move to the next value of the innermost open one.
    let top = open[open.length - 1];
    while (top !== undefined && top.next === top.values.length) {
      parts.push(top.keys === null ? "]" : "}");
      openContainers.delete(top.container);
      open.pop();
      top = open[open.length - 1];
    }
    if (top === undefined) return parts.join("");
    if (top.next > 0) parts.push(",");
    if (top.keys !== null) parts.push(`${JSON.stringify(top.keys[top.next])}:`);
    current = top.values[top.next++];
  }
}

// The digest path writes bytes directly: building a string, then encoding it, costs more than the
// hash of a short message. The buffer is reused (digest is synchronous), and grows when needed.
let buffer = new Uint8Array(1024);

function ensure(pos: number, more: number): void {
  if (pos + more <= buffer.length) return;
  let size = buffer.length * 2;
  while (size < pos + more) size *= 2;
  const grown = new Uint8Array(size);
  grown.set(buffer.subarray(0, pos));
  buffer = grown;
}

/** The buffer `_writeCanonicalMessage` writes into: the same object until it grows. */
export const _canonicalBuffer = (): Uint8Array => buffer;

/** Writes text as UTF-8; lone surrogates never reach here (JSON.stringify escapes them first). */
function writeUtf8(text: string, pos: number): number {
  ensure(pos, text.length * 3);
  const b = buffer;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) b[pos++] = c;
    else if (c < 0x800) {
      b[pos++] = 0xc0 | (c >> 6);
      b[pos++] = 0x80 | (c & 63);
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      c = 0x10000 + ((c - 0xd800) << 10) + (text.charCodeAt(++i) - 0xdc00);
      b[pos++] = 0xf0 | (c >> 18);
      b[pos++] = 0x80 | ((c >> 12) & 63);
      b[pos++] = 0x80 | ((c >> 6) & 63);
      b[pos++] = 0x80 | (c & 63);
    } else {
      b[pos++] = 0xe0 | (c >> 12);
      b[pos++] = 0x80 | ((c >> 6) & 63);
      b[pos++] = 0x80 | (c & 63);
    }
  }
  return pos;
}

/** Printable ASCII that JSON writes as itself: everything from space to `~` but `"` and `\`. */
const PLAIN = /* @__PURE__ */ (() => {
  const t = new Uint8Array(128);
  for (let c = 0x20; c < 0x7f; c++) t[c] = 1;
  t[34] = 0;
  t[92] = 0;
  return t;
})();

/** A JSON string literal: plain ASCII goes straight in; anything else takes JSON.stringify. */
function writeString(text: string, pos: number): number {
  const n = text.length;
  ensure(pos, n + 2);
  const b = buffer;
  const start = pos;
  b[pos++] = 34;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c > 127 || PLAIN[c] === 0) return writeUtf8(JSON.stringify(text), start);
    b[pos++] = c;
  }
  b[pos++] = 34;
  return pos;
}

function writeAscii(text: string, pos: number): number {
  ensure(pos, text.length);
  const b = buffer;
  for (let i = 0; i < text.length; i++) b[pos++] = text.charCodeAt(i);
  return pos;
}

// The fixed parts of a message's canonical form.
/** How nearly every message ends, `,"type":"HO","v":"RW1"}`, for each type: one write. */
const ENDINGS: ReadonlyMap<string, string> = /* @__PURE__ */ new Map(MESSAGE_TYPES.map((t) => [t, `,"type":"${t}","v":"${VERSION}"}`]));

/** A scalar or null: a string, the commonest, straight to writeString; the rest as JSON writes it (ASCII). */
function writeScalar(value: Scalar | null, pos: number): number {
  return typeof value === "string" ? writeString(value, pos) : writeAscii(JSON.stringify(value) ?? "null", pos);
}

function writeByte(byte: number, pos: number): number {
  ensure(pos, 1);
  buffer[pos] = byte;
  return pos + 1;
}

function writeValue(value: SlotValue, pos: number): number {
  if (!Array.isArray(value)) return writeScalar(value as Scalar, pos);
  pos = writeByte(91, pos);
  const list = value as readonly Scalar[];
  for (let i = 0; i < list.length; i++) {
    if (i > 0) pos = writeByte(44, pos);
    pos = writeScalar(list[i] as Scalar, pos);
  }
  return writeByte(93, pos);
}

// Scratch for sorting slot keys, reused across calls: each key's first two code units as one
// number, and the keys' positions in sorted order.
let heads = new Float64Array(32);
let order = new Int32Array(32);

/** The first two code units of a key as one number: most comparisons of slot keys end there. */
const head = (key: string): number => (key.length === 0 ? -1 : key.charCodeAt(0) * 65536 + (key.length > 1 ? key.charCodeAt(1) : 0));

/** Up to this many keys, the insertion sort; more (a hostile line may hold 100,000), the engine's n log n sort. */
const FEW_KEYS = 64;

/**
 * Puts the positions of `keys` in code-unit order of the keys into `order`. An insertion sort, since
 * a message holds a dozen keys: it reads each key's head once and moves numbers, not strings. It
 * compares exactly as the sort it replaced did, so the bytes are the same for every message.
 * Insertion is quadratic, so many keys go to the engine's sort, with the same order.
 */
function sortKeys(keys: readonly string[]): void {
  const n = keys.length;
  if (heads.length < n) {
    heads = new Float64Array(n * 2);
    order = new Int32Array(n * 2);
  }
  if (n > FEW_KEYS) {
    const sorted = Array.from(keys.keys()).sort((a, b) => {
      const x = keys[a] as string;
      const y = keys[b] as string;
      return x < y ? -1 : x > y ? 1 : 0;
    });
    order.set(sorted);
    return;
  }
  for (let i = 0; i < n; i++) {
    const key = keys[i] as string;
    const h = head(key);
    let j = i - 1;
    while (j >= 0 && ((heads[j] as number) > h || (heads[j] === h && (keys[order[j] as number] as string) > key))) {
      heads[j + 1] = heads[j] as number;
      order[j + 1] = order[j] as number;
      j--;
    }
    heads[j + 1] = h;
    order[j + 1] = i;
  }
}

/**
 * Writes the canonical JSON of a message at the start of the shared buffer (`_canonicalBuffer()`)
 * and returns its length in bytes; the bytes are valid until the next call.
 * The top-level keys of the JSON form, sorted, are fixed: from id item re slots tail to type v.
 */
export function _writeCanonicalMessage(message: Message): number {
  let pos = writeAscii('{"from":', 0);
  pos = writeScalar(message.from, pos);
  pos = writeAscii(',"id":', pos);
  pos = writeScalar(message.id, pos);
  pos = writeAscii(',"item":', pos);
  pos = writeScalar(message.item, pos);
  if (message.re === null) pos = writeAscii(',"re":null,"slots":{', pos);
  else {
    pos = writeAscii(',"re":', pos);
    pos = writeScalar(message.re, pos);
    pos = writeAscii(',"slots":{', pos);
  }
  const slots = message.slots;
  const keys = Object.keys(slots);
  // Values in the same order as keys: reading slots[key] is a keyed lookup on an object whose
  // shape varies from message to message, which costs more than writing the key.
  const values = Object.values(slots);
  sortKeys(keys);
  for (let i = 0; i < keys.length; i++) {
    const at = order[i] as number;
    const key = keys[at] as string;
    if (i > 0) pos = writeByte(44, pos);
    pos = writeByte(58, writeString(key, pos));
    pos = writeValue(values[at] as SlotValue, pos);
  }
  if (message.tail === null) pos = writeAscii('},"tail":null,"to":', pos);
  else {
    pos = writeAscii('},"tail":', pos);
    pos = writeScalar(message.tail, pos);
    pos = writeAscii(',"to":', pos);
  }
  pos = writeScalar(message.to, pos);
  const ending = message.v === VERSION ? ENDINGS.get(message.type) : undefined;
  if (ending !== undefined) return writeAscii(ending, pos);
  pos = writeAscii(',"type":', pos);
  pos = writeScalar(message.type, pos);
  pos = writeAscii(',"v":', pos);
  pos = writeScalar(message.v, pos);
  return writeByte(125, pos);
}

/** The canonical JSON of a message as UTF-8 bytes (a fresh copy). */
export function canonicalBytes(message: Message): Uint8Array {
  const length = _writeCanonicalMessage(message);
  return buffer.slice(0, length);
}

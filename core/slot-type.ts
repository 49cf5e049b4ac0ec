/**
 * Slot types (spec section 7's list plus the core-only types named in core/vocabulary):
 * reading a type expression, decoding a value as written, and checking a decoded value.
 */
import { _SHAPES } from "./check-value.js";
import type { Scalar, SlotValue } from "./message.js";

export type ScalarKind =
  | "token"
  | "ref"
  | "date"
  | "time"
  | "days"
  | "bool"
  | "money"
  | "num"
  | "msgid"
  | "agent"
  | "value"
  | "hex12"
  | "constraint"
  | "ckey"
  | "rblevel"
  | "profile";

export type SlotType =
  | { readonly kind: ScalarKind; readonly text: string }
  | { readonly kind: "enum"; readonly name: string; readonly text: string }
  | { readonly kind: "int"; readonly lo: number; readonly hi: number; readonly text: string }
  | { readonly kind: "list"; readonly of: SlotType; readonly text: string };

/** The scalar kinds: those whose values are strings of a shape, and the three that are not. */
const SCALAR_KINDS: ReadonlySet<string> = /* @__PURE__ */ new Set([...Object.keys(_SHAPES), ...(["days", "bool", "rblevel"] satisfies ScalarKind[])]);

// Either bound may be negative (`int:-10-10`, `int:-20--5`): a line's integer may be (section 6:
// integers are JSON numbers), and the bounds' own signs keep the `-` between them unambiguous.
const INT_RANGE = /^int:(-?\d{1,15})-(-?\d{1,15})$/;
const ENUM_NAME = /^enum:([a-z][a-z0-9_]*)$/;

/**
 * Reads a type expression such as `int:1-5`, `enum:ask` or `list:agent`; `null` if malformed.
 * A list holds scalars, so the element is read without recursing: a profile's type string
 * (untrusted, any length) of thousands of `list:` prefixes is refused, not a stack overflow.
 */
export function parseSlotType(text: string): SlotType | null {
  if (!text.startsWith("list:")) return scalarType(text);
  const of = scalarType(text.slice(5));
  return of === null ? null : { kind: "list", of, text };
}

function scalarType(text: string): SlotType | null {
  if (SCALAR_KINDS.has(text)) return { kind: text as ScalarKind, text };
  if (text === "int") return { kind: "int", lo: 0, hi: Number.MAX_SAFE_INTEGER, text };
  const range = INT_RANGE.exec(text);
  if (range) {
    // `+ 0`: a bound written `-0` is 0, shown as 0.
    const lo = Number(range[1]) + 0;
    const hi = Number(range[2]) + 0;
    return lo <= hi ? { kind: "int", lo, hi, text } : null;
  }
  const e = ENUM_NAME.exec(text);
  return e ? { kind: "enum", name: e[1] as string, text } : null;
}

/** How a written value becomes JSON: a small code so the parser's hot loop can switch on it. */
export type Decoding = 0 | 1 | 2 | 3;
export const DECODE_STRING = 0;
export const DECODE_INTEGER = 1;
export const DECODE_BOOLEAN = 2;
export const DECODE_LIST = 3;

export function decodingOf(type: SlotType): Decoding {
  const kind = type.kind;
  return kind === "int" || kind === "days" ? DECODE_INTEGER : kind === "bool" ? DECODE_BOOLEAN : kind === "list" ? DECODE_LIST : DECODE_STRING;
}

const INTEGER = /^-?\d{1,15}$/;
const DIGITS = /^-?\d+$/;

/**
 * A longer run of digits is an integer while it is exact (at most 2^53-1, as a JSON form's integers
 * are): read only when the common short form does not match, so valid short values pay nothing.
 */
function longInteger(raw: string): Scalar {
  if (!DIGITS.test(raw)) return raw;
  const n = Number(raw);
  return Number.isSafeInteger(n) ? n : raw;
}

/** Decodes one written scalar; a value that does not decode stays the string as written. */
export function decodeScalar(decoding: Decoding, raw: string): Scalar {
  // `+ 0` turns -0 into 0: `pct=-0` is the number 0, as its JSON form and its digest write it.
  if (decoding === DECODE_INTEGER) return INTEGER.test(raw) ? Number(raw) + 0 : longInteger(raw);
  if (decoding === DECODE_BOOLEAN) return raw === "Y" ? true : raw === "N" ? false : raw;
  return raw;
}

/** `raw.split("+")`, written out: split() is a runtime call that costs twice this loop here. */
function splitPlus(raw: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let plus = raw.indexOf("+"); plus >= 0; plus = raw.indexOf("+", start)) {
    parts.push(raw.slice(start, plus));
    start = plus + 1;
  }
  parts.push(start === 0 ? raw : raw.slice(start));
  return parts;
}

/** Decodes a written value by its slot type: lists split at `+`, in written order. */
export function decodeValue(type: SlotType, raw: string): SlotValue {
  if (type.kind !== "list") return decodeScalar(decodingOf(type), raw);
  const element = decodingOf(type.of);
  const parts = splitPlus(raw);
  if (element === DECODE_STRING) return parts;
  return parts.map((p) => decodeScalar(element, p));
}

/** Writes a decoded scalar back as it appears on the line. */
export function encodeScalar(value: Scalar): string {
  if (typeof value === "boolean") return value ? "Y" : "N";
  return typeof value === "number" ? String(value) : value;
}

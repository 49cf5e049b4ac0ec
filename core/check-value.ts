/**
 * Checking a decoded slot value against its type. A checker is compiled once per slot of a
 * vocabulary, so validating a message is a map lookup and a closure call per slot.
 */
import type { Scalar, SlotValue } from "./message.js";
import type { ScalarKind, SlotType } from "./slot-type.js";
import { ENVELOPE_FIELDS, MESSAGE_TYPES, NEVER_ECHOED, READBACK_LEVELS } from "./vocabulary.js";
import { _constraintKey, _isAgentName, _isConstraint, _isDigits, _isHex12, _isKeyShape, _isMessageId, _isMoney, _isToken, _messageIdDash } from "./_chars.js";
import { _written } from "./_slot-values.js";

export interface Problem {
  readonly code: "VALUE_TYPE" | "OUT_OF_RANGE" | "ENUM_UNKNOWN" | "RB_UNKNOWN";
  /** Completes "<slot>=<value> ...": e.g. "is not a date (YYYYMMDD)". */
  readonly reason: string;
  /** The offending element of a list, or the whole value, as written. */
  readonly received: string;
}

export type Checker = (value: SlotValue) => Problem | null;

/** What a checker may consult: the enums and slots of the vocabulary it belongs to. */
export interface CheckContext {
  readonly enums: ReadonlyMap<string, ReadonlyMap<string, unknown>>;
  /** Each slot with the bits of the message types it is on (SlotDef.onTypes). */
  readonly slots: ReadonlyMap<string, { readonly onTypes: number }>;
}

const HO_BIT = 1 << MESSAGE_TYPES.indexOf("HO");

/** The envelope a readback answers rather than echoes: its re, from and to are the HO's id, to and from. */
const ANSWERED: readonly string[] = ENVELOPE_FIELDS.filter((f) => f !== "item");

/**
 * A slot `rb=` may name to add to the echo set: one an HO carries and a readback echoes. Any
 * other (the RB's own `h` or `do`, pay's `prev`) has no value on the HO to echo, and the readback
 * would pass without it (README note 10).
 */
function echoable(ctx: CheckContext, name: string): boolean {
  const def = ctx.slots.get(name);
  return def !== undefined && (def.onTypes & HO_BIT) !== 0 && !NEVER_ECHOED.includes(name) && !ANSWERED.includes(name);
}


const TIME = /^(\d{8})T([01]\d|2[0-3])[0-5]\dZ$/;
const NUM = /^-?\d+(?:\.\d+)?(?:\/-?\d+(?:\.\d+)?)?$/;

/** A real calendar date written YYYYMMDD (years 0001 to 9999, Gregorian leap years). */
export function isDate(text: string): boolean {
  if (text.length !== 8 || !_isDigits(text)) return false;
  // Eight ASCII digits: one exact integer, cut by arithmetic. No closure a call: bundled with
  // esbuild's keepNames (wrangler's default), each would be named by defineProperty, 15 times the check.
  const n = +text;
  const y = (n / 10_000) | 0;
  const m = ((n / 100) % 100) | 0;
  const d = n % 100;
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  if (m === 2) return d <= (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28);
  // 31 days in months 1 3 5 7 8 10 12: odd months to July, even ones from August.
  return d <= 30 + ((m ^ (m >> 3)) & 1);
}

/** A UTC moment written YYYYMMDDTHHMMZ, as `exp` uses. */
export function isTime(text: string): boolean {
  const t = TIME.exec(text);
  return t !== null && isDate(t[1] as string);
}

/** An agent name (section 2.2): `[A-Za-z0-9._-]+`. */
export function isAgent(text: string): boolean {
  return _isAgentName(text);
}

/** A message id: `<agent>-<n>`. */
export function isMessageId(text: string): boolean {
  return _isMessageId(text);
}

/**
 * The number in a message id `<from>-<n>` (section 2): which of its sender's messages it is. A
 * receiver numbers its next reply one past the highest it has used. 0 for text that is no id, and,
 * when `sender` is given, for an id that is not `<sender>-<n>` (`b-c-7` is agent `b-c`'s, not `b`'s).
 */
export function messageNumber(id: string, sender?: string): number {
  const dash = _messageIdDash(id);
  if (dash < 0 || (sender !== undefined && (dash !== sender.length || !id.startsWith(sender)))) return 0;
  return Number(id.slice(dash + 1));
}

/**
 * The numbers of `agent`'s that a message shows in use (section 2: ids are `<from>-<n>`, "unique
 * within the conversation"): its own id's, and its re='s, which names a message `agent` sent even
 * when the reader never saw it. A reader that numbers `agent`'s next message counts both, so a
 * reply never takes an id a line it read already cites. 0 stands for neither (another sender's id,
 * `<agent>-0`, no id).
 */
export function shownNumbers(message: { readonly id: string | null; readonly re?: string | null }, agent: string): readonly [number, number] {
  const id = typeof message.id === "string" ? messageNumber(message.id, agent) : 0;
  const re = typeof message.re === "string" ? messageNumber(message.re, agent) : 0;
  return [id, re];
}

/**
 * The sender a message id names (section 2: `<from>-<n>`, "so a receiver can tell who a message
 * came from ... from the id alone"): the part before its last hyphen (`b-c-7` is `b-c`'s), or null
 * for text that is no id.
 */
export function messageSender(id: string): string | null {
  const dash = _messageIdDash(id);
  return dash < 0 ? null : id.slice(0, dash);
}

const isConstraintKey = (text: string): boolean => _constraintKey(text) !== null;

/**
 * Key grammar of section 2, `[a-z][a-z0-9_]*`, less `constructor` and `prototype`: JavaScript
 * tooling treats those names specially and could drop them from the JSON form.
 */
export function isKey(text: string): boolean {
  return _isKeyShape(text) && text !== "constructor" && text !== "prototype";
}

const bad = (code: Problem["code"], reason: string, v: Scalar): Problem => ({ code, reason, received: _written(v) });

/**
 * An integer, written or in JSON, too large to read exactly (past 2^53-1, README note 1): it stays
 * the string as written and is refused, but "is not an integer" would say the opposite of what the
 * sender sees (`pri=99999999999999999999`). Only a value already refused reaches this test.
 */
const LONG_DIGITS = /^-?\d+$/;
const isInexactInteger = (v: Scalar): boolean => (typeof v === "string" ? LONG_DIGITS.test(v) : typeof v === "number" && Number.isInteger(v));
const INEXACT = `is an integer too large to read exactly (beyond ±${Number.MAX_SAFE_INTEGER})`;

const isTokenValue = (s: string): boolean => _isToken(s, false);
const isTokenElement = (s: string): boolean => _isToken(s, true);

/** For the kinds whose values are strings of a shape: the shape's test, and why a value fails it. */
type Shape = readonly [test: (s: string) => boolean, reason: string];
/** The scalar kinds whose values are strings of a shape: all but three. */
type ShapeKind = Exclude<ScalarKind, "days" | "bool" | "rblevel">;
const TOKEN: Shape = [isTokenValue, "is not a token (no spaces)"];
const AGENT: Shape = [_isAgentName, "is not an agent name ([A-Za-z0-9._-]+)"];
/** Every shape kind's shape; the parser of type expressions reads the scalar kinds from it. */
export const _SHAPES: { readonly [K in ShapeKind]: Shape } = {
  token: TOKEN,
  ref: TOKEN,
  value: TOKEN,
  profile: [_isAgentName, "is not a profile name"],
  date: [isDate, "is not a date (YYYYMMDD)"],
  time: [isTime, "is not a UTC time (YYYYMMDDTHHMMZ)"],
  money: [_isMoney, "is not money (two decimals, no separators)"],
  num: [(s) => NUM.test(s), "is not a number (or two with a slash)"],
  msgid: [_isMessageId, "is not a message id (<agent>-<n>)"],
  agent: AGENT,
  hex12: [_isHex12, "is not 12 lowercase hex characters"],
  constraint: [_isConstraint, "is not a constraint (key:value)"],
  ckey: [isConstraintKey, "is not a constraint key"],
};

/**
 * The shape of a kind, or undefined for the kinds whose values are not strings of a shape. In a
 * list a token may not hold `+`; no other shape's test lets a `+` through.
 */
function shapeOf(kind: SlotType["kind"], inList: boolean): Shape | undefined {
  const shape = (_SHAPES as { readonly [kind: string]: Shape | undefined })[kind]; // a kind is never a name Object.prototype has
  return inList && shape === TOKEN ? [isTokenElement, TOKEN[1]] : shape;
}

function scalarChecker(type: SlotType, ctx: CheckContext, inList: boolean): (v: Scalar) => Problem | null {
  const shape = shapeOf(type.kind, inList);
  if (shape !== undefined) {
    const [test, reason] = shape;
    return (v) => (typeof v === "string" && test(v) ? null : bad("VALUE_TYPE", reason, v));
  }
  switch (type.kind) {
    case "bool":
      return (v) => (typeof v === "boolean" ? null : bad("VALUE_TYPE", "is not Y or N", v));
    case "days":
      return (v) =>
        typeof v === "number" && Number.isSafeInteger(v) && v >= 0 ? null : bad("VALUE_TYPE", isInexactInteger(v) && !_written(v).startsWith("-") ? INEXACT : "is not a number of days", v);
    case "int": {
      const { lo, hi } = type;
      return (v) => {
        if (typeof v !== "number" || !Number.isSafeInteger(v)) return bad("VALUE_TYPE", isInexactInteger(v) ? INEXACT : "is not an integer", v);
        return v < lo || v > hi ? bad("OUT_OF_RANGE", `is outside ${lo}-${hi}`, v) : null;
      };
    }
    case "enum": {
      const name = type.name;
      // The vocabulary's enums are complete when its checkers are made (its slots are not yet).
      const codes = ctx.enums.get(name);
      return (v) => {
        if (typeof v !== "string") return bad("VALUE_TYPE", `is not a ${name} code`, v);
        return codes !== undefined && codes.has(v) ? null : bad("ENUM_UNKNOWN", `is not a known ${name} code`, v);
      };
    }
  }
  // rblevel, the one kind left: the others are shapes, and a list is checked by its element's checker.
  return (v) => {
    if (typeof v !== "string") return bad("VALUE_TYPE", "is not a readback level or slot name", v);
    if (NEVER_ECHOED.includes(v)) return bad("RB_UNKNOWN", `names ${v}, which a readback never echoes (${NEVER_ECHOED.join(" ")})`, v);
    if (READBACK_LEVELS.includes(v) || echoable(ctx, v)) return null;
    if (ANSWERED.includes(v)) return bad("RB_UNKNOWN", `names ${v}, which a readback answers rather than echoes (its re, from and to are the HO's id, to and from)`, v);
    if (ctx.slots.has(v)) return bad("RB_UNKNOWN", `names ${v}, which is no slot of an HO: there is nothing to echo`, v);
    return bad("RB_UNKNOWN", "is neither a readback level (echo all acc plan exec) nor a known slot", v);
  };
}

/** Compiles the checker for a slot type within a vocabulary: what is wrong with a value, or null. */
export function makeChecker(type: SlotType, ctx: CheckContext): Checker {
  if (type.kind !== "list") {
    const one = scalarChecker(type, ctx, false);
    return (value) => {
      if (Array.isArray(value)) return bad("VALUE_TYPE", `is a list, not ${type.text}`, value.join("+"));
      return value === "" ? bad("VALUE_TYPE", "is empty", "") : one(value as Scalar);
    };
  }
  const element = scalarChecker(type.of, ctx, true);
  return (value) => {
    if (!Array.isArray(value)) return bad("VALUE_TYPE", `is not a list (${type.text})`, value as Scalar);
    if (value.length === 0) return bad("VALUE_TYPE", "is an empty list", "");
    for (const v of value as readonly Scalar[]) {
      // The whole list is quoted: an empty element alone would quote nothing (`bad keep=`).
      if (v === "") return bad("VALUE_TYPE", "has an empty list element", _written(value));
      const p = element(v);
      if (p) return p;
    }
    return null;
  };
}

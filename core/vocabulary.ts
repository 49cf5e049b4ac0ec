/**
 * The RW1 core vocabulary as data (spec sections 3, 3.1, 4 and 5.2).
 * Code reads these tables; the legend prints them, with their meanings (core/meanings.ts). Nothing
 * here is behaviour.
 */

/** The nine message types of section 3, in the spec's order. */
export const MESSAGE_TYPES = ["HO", "RB", "AQ", "AN", "ST", "DN", "UN", "FL", "CX"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Fields that live at the top level of the JSON form rather than in `slots` (section 6). */
export const ENVELOPE_FIELDS = ["re", "from", "to", "item"] as const;
export type EnvelopeField = (typeof ENVELOPE_FIELDS)[number];

export interface TypeEntry {
  /** Slots every message of this type carries. */
  readonly required: readonly string[];
  /** Slots a message of this type may carry; anything else known to the vocabulary earns a note. */
  readonly optional: readonly string[];
}

/**
 * Section 3's table. Two readings are ours (README, conformance notes): the HO also takes `keys`
 * (3.1 and section 8 use it), and an RB may carry every slot an HO's `rb=` can ask it to echo.
 */
export const CORE_TYPES: { readonly [T in MessageType]: TypeEntry } = {
  HO: { required: ["from", "to", "item", "ask"], optional: ["re", "due", "pri", "conf", "keep", "art", "ctx", "rb", "keys", "acc", "exp"] },
  RB: { required: ["re", "from", "to", "item", "ask"], optional: ["h", "eta", "not", "asm", "exp", "due", "acc", "do", "pri", "conf", "keep", "art", "ctx", "rb", "keys"] },
  AQ: { required: ["from", "to", "need"], optional: ["re", "item", "by", "opts"] },
  AN: { required: ["re", "from", "to", "val"], optional: ["item"] },
  ST: { required: ["from", "to", "item"], optional: ["re", "pct", "eta", "blk"] },
  DN: { required: ["re", "from", "to", "item", "out"], optional: ["art", "next"] },
  UN: { required: ["re", "from", "to", "why"], optional: ["item", "alt", "need"] },
  FL: { required: ["re", "from", "to", "item", "why"], optional: ["art", "retry"] },
  CX: { required: ["re", "from", "to", "item"], optional: ["why"] },
};

export interface SlotEntry {
  /** A type expression of section 7 (plus the core-only types below). */
  readonly type: string;
}

/**
 * Section 3.1. Types beyond section 7's list, used by the core only: `time` (YYYYMMDDTHHMMZ),
 * `value` (an answer, kept as written), `hex12`, `constraint` (`key:value`), `ckey` (a constraint
 * key), `rblevel` (a readback level or a slot name), `profile` (a profile name).
 */
export const CORE_SLOTS: { readonly [key: string]: SlotEntry } = {
  re: { type: "msgid" },
  from: { type: "agent" },
  to: { type: "agent" },
  item: { type: "ref" },
  p: { type: "profile" },
  ask: { type: "enum:ask" },
  due: { type: "date" },
  by: { type: "date" },
  exp: { type: "time" },
  pri: { type: "int:1-5" },
  conf: { type: "enum:conf" },
  keep: { type: "list:agent" },
  art: { type: "list:ref" },
  ctx: { type: "list:msgid" },
  eta: { type: "date" },
  pct: { type: "int:0-100" },
  blk: { type: "list:ref" },
  need: { type: "enum:need" },
  opts: { type: "list:token" },
  val: { type: "value" },
  out: { type: "enum:out" },
  next: { type: "enum:ask" },
  why: { type: "enum:why" },
  alt: { type: "agent" },
  retry: { type: "bool" },
  keys: { type: "list:ckey" },
  rb: { type: "list:rblevel" },
  h: { type: "hex12" },
  acc: { type: "list:constraint" },
  do: { type: "token" },
  not: { type: "list:token" },
  asm: { type: "list:token" },
};

/** Section 4: each enum's codes, in the spec's order. */
export const CORE_ENUMS: { readonly [name: string]: readonly string[] } = {
  ask: ["REVIEW", "DRAFT", "DECIDE", "RESEARCH", "BUILD", "FIX", "SUMM", "PLAN", "TEST", "EXTRACT", "UNDO"],
  why: ["NOCAP", "NOCTX", "PERM", "BUSY", "CONFLICT", "DUP", "VER", "UNK", "SCOPE", "ERR", "TIMEOUT", "REVOKED", "SUPERSEDED", "EXPIRED"],
  out: ["OK", "PARTIAL", "NOOP"],
  need: ["ENUM", "TEXT", "NUM", "DATE", "YESNO"],
  conf: ["L", "M", "H"],
};

/** Readback levels for `rb=` (section 3.1), closed like an enum; any other element must name a slot to echo. */
export const READBACK_LEVELS: readonly string[] = ["echo", "all", "acc", "plan", "exec"];

/** The default echo set of `rb=echo` (section 5.1). */
export const DEFAULT_ECHO: readonly string[] = ["item", "ask", "due"];

/** Slots that describe the readback itself or the HO's window: never echoed (`exp`, section 3.1). */
export const NEVER_ECHOED: readonly string[] = ["rb", "keys", "exp", "p"];

export interface ConstraintKeyEntry {
  /** Set-valued keys may repeat; single-valued keys never loose-match (section 5.2). */
  readonly set: boolean;
}

/** The closed constraint-key set of section 5.2. */
export const CORE_CONSTRAINT_KEYS: { readonly [key: string]: ConstraintKeyEntry } = {
  len: { set: false },
  fmt: { set: false },
  lang: { set: false },
  tone: { set: false },
  voice: { set: false },
  aud: { set: false },
  out: { set: false },
  by: { set: false },
  src: { set: true },
  scope: { set: true },
  must: { set: true },
  no: { set: true },
};

/** Section 5.2's alias table: each group names one fact; the first spelling is canonical. */
export const CORE_ALIASES: readonly (readonly string[])[] = [
  ["en-gb", "uk", "british"],
  ["markdown", "md"],
  ["first-person-plural", "we"],
];

/** Agent name reserved for the human principal (section 2.2). */
export const HUMAN = "human";

/** Longest tail, in Unicode code points (section 2, rule 4). */
export const TAIL_MAX = 300;

export const VERSION = "RW1";

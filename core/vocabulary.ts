/**
 * The RW1 core vocabulary as data (spec sections 3, 3.1, 4 and 5.2).
 * Code reads these tables; the legend prints them. Nothing here is behaviour.
 */

/** The nine message types of section 3, in the spec's order. */
export const MESSAGE_TYPES = ["HO", "RB", "AQ", "AN", "ST", "DN", "UN", "FL", "CX"] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

/** Fields that live at the top level of the JSON form rather than in `slots` (section 6). */
export const ENVELOPE_FIELDS = ["re", "from", "to", "item"] as const;
export type EnvelopeField = (typeof ENVELOPE_FIELDS)[number];

export interface TypeEntry {
  readonly meaning: string;
  /** Slots every message of this type carries. */
  readonly required: readonly string[];
  /** Slots a message of this type may carry; anything else known to the vocabulary earns a note. */
  readonly optional: readonly string[];
  /** Requirements that depend on another slot or on the handoff answered, in words (for the legend). */
  readonly conditional?: string;
}

/**
 * Section 3's table. Two readings are ours (README, conformance notes): the HO also takes `keys`
 * (3.1 and section 8 use it), and an RB may carry every slot an HO's `rb=` can ask it to echo.
 */
export const CORE_TYPES: { readonly [T in MessageType]: TypeEntry } = {
  HO: {
    meaning: "handoff: here is work, do this with it",
    required: ["from", "to", "item", "ask"],
    optional: ["re", "due", "pri", "conf", "keep", "art", "ctx", "rb", "keys", "acc", "exp"],
  },
  RB: {
    meaning: "readback: I received the handoff, here is what I understood, and I will act on it",
    required: ["re", "from", "to", "item", "ask"],
    optional: ["h", "eta", "not", "asm", "exp", "due", "acc", "do", "pri", "conf", "keep", "art", "ctx", "rb", "keys"],
    conditional:
      "+ due if the HO had one, + every slot the HO's rb= names, + acc for rb=acc or rb=plan, + do for rb=plan, + the profile's exec slots for the ask for rb=exec",
  },
  AQ: {
    meaning: "ask: a bounded question",
    required: ["from", "to", "need"],
    optional: ["re", "item", "by", "opts"],
    conditional: "+ opts when need=ENUM",
  },
  AN: {
    meaning: "answer to an AQ",
    required: ["re", "from", "to", "val"],
    optional: ["item"],
    conditional: "val=tail puts the answer in the tail",
  },
  ST: {
    meaning: "status: state changed on an item, no handover",
    required: ["from", "to", "item"],
    optional: ["re", "pct", "eta", "blk"],
  },
  DN: {
    meaning: "done: the handed-off work is complete",
    required: ["re", "from", "to", "item", "out"],
    optional: ["art", "next"],
    conditional: "+ the profile's exec slots, as executed, after an act the HO asked rb=exec for",
  },
  UN: {
    meaning: "unable: I will not or cannot take this",
    required: ["re", "from", "to", "why"],
    optional: ["item", "alt", "need"],
  },
  FL: {
    meaning: "fail: I took it and it failed",
    required: ["re", "from", "to", "item", "why"],
    optional: ["art", "retry"],
  },
  CX: {
    meaning: "cancel: the sender withdraws a handoff",
    required: ["re", "from", "to", "item"],
    optional: ["why"],
  },
};

export interface SlotEntry {
  /** A type expression of section 7 (plus the core-only types below). */
  readonly type: string;
  readonly meaning: string;
}

/**
 * Section 3.1. Types beyond section 7's list, used by the core only: `time` (YYYYMMDDTHHMMZ),
 * `value` (an answer, kept as written), `hex12`, `constraint` (`key:value`), `ckey` (a constraint
 * key), `rblevel` (a readback level or a slot name), `profile` (a profile name).
 */
export const CORE_SLOTS: { readonly [key: string]: SlotEntry } = {
  re: { type: "msgid", meaning: "the message this replies to; threads are rebuilt from re, never from position" },
  from: { type: "agent", meaning: "sending agent" },
  to: { type: "agent", meaning: "receiving agent; human is the human principal" },
  item: { type: "ref", meaning: "the thing under discussion" },
  p: { type: "profile", meaning: "the profile whose vocabulary the line uses" },
  ask: { type: "enum:ask", meaning: "what the receiver should do" },
  due: { type: "date", meaning: "when the work is needed" },
  by: { type: "date", meaning: "when an answer is needed" },
  exp: {
    type: "time",
    meaning: "latest moment to act or to confirm a prepared statement, UTC; never echoed, never part of the plan",
  },
  pri: { type: "int:1-5", meaning: "priority, 1 highest" },
  conf: { type: "enum:conf", meaning: "sender's confidence in the brief and the state it describes" },
  keep: { type: "list:agent", meaning: "agents that stay involved after the handoff" },
  art: { type: "list:ref", meaning: "artifacts: context on HO, output on DN, logs on FL" },
  ctx: { type: "list:msgid", meaning: "earlier messages the receiver should read first" },
  eta: { type: "date", meaning: "expected completion" },
  pct: { type: "int:0-100", meaning: "progress" },
  blk: { type: "list:ref", meaning: "items or messages blocking this one" },
  need: { type: "enum:need", meaning: "answer shape for an AQ" },
  opts: { type: "list:token", meaning: "allowed values when need=ENUM" },
  val: { type: "value", meaning: "the answer; val=tail puts it in the tail" },
  out: { type: "enum:out", meaning: "outcome of a DN" },
  next: { type: "enum:ask", meaning: "suggested next ask" },
  why: { type: "enum:why", meaning: "reason code on UN, FL or CX" },
  alt: { type: "agent", meaning: "suggested alternative receiver on UN" },
  retry: { type: "bool", meaning: "whether a retry is sensible on FL" },
  keys: { type: "list:ckey", meaning: "on an HO: the criteria keys the sender will check; never values" },
  rb: { type: "list:rblevel", meaning: "on an HO: the readback level and extra slots to echo" },
  h: { type: "hex12", meaning: "on an RB: first 12 hex of SHA-256 of the HO's canonical JSON; code only" },
  acc: { type: "list:constraint", meaning: "acceptance criteria as key:value tokens" },
  do: { type: "token", meaning: "on an RB: what the receiver will produce" },
  not: { type: "list:token", meaning: "on an RB: what the receiver takes to be out of scope" },
  asm: { type: "list:token", meaning: "on an RB: assumptions the brief did not settle" },
};

export interface EnumEntries {
  readonly [code: string]: string;
}

/** Section 4 (and the readback levels of 3.1, which are closed like an enum). */
export const CORE_ENUMS: { readonly [name: string]: EnumEntries } = {
  ask: {
    REVIEW: "review against stated criteria",
    DRAFT: "produce a first version",
    DECIDE: "choose among options",
    RESEARCH: "find out",
    BUILD: "implement",
    FIX: "repair a named defect",
    SUMM: "summarise",
    PLAN: "produce a plan",
    TEST: "verify",
    EXTRACT: "pull structured data out",
    UNDO: "reverse a completed act named in ctx",
  },
  why: {
    NOCAP: "no capability",
    NOCTX: "missing context",
    PERM: "not permitted",
    BUSY: "at capacity",
    CONFLICT: "item owned by another agent",
    DUP: "duplicate of an open handoff",
    VER: "unsupported protocol version",
    UNK: "unknown code in the message",
    SCOPE: "out of scope",
    ERR: "runtime error",
    TIMEOUT: "ran out of time",
    REVOKED: "approval withdrawn",
    SUPERSEDED: "replaced by a newer handoff",
    EXPIRED: "past its expiry",
  },
  out: { OK: "complete", PARTIAL: "part of it was done", NOOP: "nothing was done" },
  need: {
    ENUM: "one of opts",
    TEXT: "free text: val=tail and the answer is the tail",
    NUM: "a number",
    DATE: "a date YYYYMMDD",
    YESNO: "Y or N",
  },
  conf: { L: "low", M: "medium", H: "high" },
};

/** Readback levels for `rb=` (section 3.1); any other element must name a slot to echo. */
export const READBACK_LEVELS: EnumEntries = {
  echo: "echo item ask due (the default)",
  all: "echo every slot",
  acc: "derive the acceptance criteria and send them as acc=",
  plan: "acc plus do",
  exec: "the profile's execution slots for the ask, with the values the receiver will use",
};

/** The default echo set of `rb=echo` (section 5.1). */
export const DEFAULT_ECHO: readonly string[] = ["item", "ask", "due"];

export interface ConstraintKeyEntry {
  readonly meaning: string;
  /** Set-valued keys may repeat; single-valued keys never loose-match (section 5.2). */
  readonly set: boolean;
}

/** The closed constraint-key set of section 5.2. */
export const CORE_CONSTRAINT_KEYS: { readonly [key: string]: ConstraintKeyEntry } = {
  len: { meaning: "length with a unit: 120w words, 800c characters, 2p pages, 10s slides", set: false },
  fmt: { meaning: "format", set: false },
  lang: { meaning: "language", set: false },
  tone: { meaning: "tone", set: false },
  voice: { meaning: "voice", set: false },
  aud: { meaning: "audience", set: false },
  out: { meaning: "output kind", set: false },
  by: { meaning: "deadline", set: false },
  src: { meaning: "sources to use", set: true },
  scope: { meaning: "what is in scope", set: true },
  must: { meaning: "required content, in the brief's own words", set: true },
  no: { meaning: "excluded content, in the brief's own words", set: true },
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

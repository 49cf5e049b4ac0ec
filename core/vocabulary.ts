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
    meaning: "handoff",
    required: ["from", "to", "item", "ask"],
    optional: ["re", "due", "pri", "conf", "keep", "art", "ctx", "rb", "keys", "acc", "exp"],
  },
  RB: {
    meaning: "readback",
    required: ["re", "from", "to", "item", "ask"],
    optional: ["h", "eta", "not", "asm", "exp", "due", "acc", "do", "pri", "conf", "keep", "art", "ctx", "rb", "keys"],
    conditional: "+due if in the HO, +what rb= asks",
  },
  AQ: {
    meaning: "question",
    required: ["from", "to", "need"],
    optional: ["re", "item", "by", "opts"],
    conditional: "+opts if need=ENUM",
  },
  AN: {
    meaning: "answer",
    required: ["re", "from", "to", "val"],
    optional: ["item"],
  },
  ST: {
    meaning: "status, no handover",
    required: ["from", "to", "item"],
    optional: ["re", "pct", "eta", "blk"],
  },
  DN: {
    meaning: "done",
    required: ["re", "from", "to", "item", "out"],
    optional: ["art", "next"],
    conditional: "+exec slots as the tool printed them, after rb=exec",
  },
  UN: {
    meaning: "unable",
    required: ["re", "from", "to", "why"],
    optional: ["item", "alt", "need"],
  },
  FL: {
    meaning: "failed",
    required: ["re", "from", "to", "item", "why"],
    optional: ["art", "retry"],
  },
  CX: {
    meaning: "sender cancels",
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
  re: { type: "msgid", meaning: "replied-to message" },
  from: { type: "agent", meaning: "sender" },
  to: { type: "agent", meaning: "receiver (human: the principal)" },
  item: { type: "ref", meaning: "the work item" },
  p: { type: "profile", meaning: "profile in use" },
  ask: { type: "enum:ask", meaning: "what to do" },
  due: { type: "date", meaning: "needed by" },
  by: { type: "date", meaning: "answer by" },
  exp: {
    type: "time",
    meaning: "deadline to act or confirm (never echoed)",
  },
  pri: { type: "int:1-5", meaning: "1 highest" },
  conf: { type: "enum:conf", meaning: "sender confidence" },
  keep: { type: "list:agent", meaning: "agents still involved" },
  art: { type: "list:ref", meaning: "artifacts" },
  ctx: { type: "list:msgid", meaning: "messages to read first" },
  eta: { type: "date", meaning: "expected done" },
  pct: { type: "int:0-100", meaning: "percent done" },
  blk: { type: "list:ref", meaning: "blockers" },
  need: { type: "enum:need", meaning: "answer shape" },
  opts: { type: "list:token", meaning: "allowed answers" },
  val: { type: "value", meaning: "the answer (tail: in the tail)" },
  out: { type: "enum:out", meaning: "outcome" },
  next: { type: "enum:ask", meaning: "suggested next" },
  why: { type: "enum:why", meaning: "reason" },
  alt: { type: "agent", meaning: "better receiver" },
  retry: { type: "bool", meaning: "worth retrying" },
  keys: { type: "list:ckey", meaning: "criteria keys to report" },
  rb: { type: "list:rblevel", meaning: "readback level + slots to echo" },
  h: { type: "hex12", meaning: "HO digest (by code)" },
  acc: { type: "list:constraint", meaning: "criteria key:value" },
  do: { type: "token", meaning: "what you will produce" },
  not: { type: "list:token", meaning: "out of scope" },
  asm: { type: "list:token", meaning: "assumptions" },
};

export interface EnumEntries {
  readonly [code: string]: string;
}

/** Section 4 (and the readback levels of 3.1, which are closed like an enum). */
export const CORE_ENUMS: { readonly [name: string]: EnumEntries } = {
  ask: {
    REVIEW: "check against criteria",
    DRAFT: "first version",
    DECIDE: "choose",
    RESEARCH: "find out",
    BUILD: "implement",
    FIX: "repair a defect",
    SUMM: "summarise",
    PLAN: "plan",
    TEST: "verify",
    EXTRACT: "pull out data",
    UNDO: "reverse the act in ctx",
  },
  why: {
    NOCAP: "no capability",
    NOCTX: "missing context",
    PERM: "not permitted",
    BUSY: "at capacity",
    CONFLICT: "owned elsewhere",
    DUP: "duplicate HO",
    VER: "unsupported version",
    UNK: "unknown code",
    SCOPE: "out of scope",
    ERR: "runtime error",
    TIMEOUT: "out of time",
    REVOKED: "approval withdrawn",
    SUPERSEDED: "by a newer HO",
    EXPIRED: "past exp",
  },
  out: { OK: "all done", PARTIAL: "part done", NOOP: "nothing done" },
  need: {
    ENUM: "one of opts",
    TEXT: "in the tail",
    NUM: "a number",
    DATE: "date",
    YESNO: "Y or N",
  },
  conf: { L: "low", M: "medium", H: "high" },
};

/** Readback levels for `rb=` (section 3.1); any other element must name a slot to echo. */
export const READBACK_LEVELS: EnumEntries = {
  echo: "item ask due (default)",
  all: "every slot",
  acc: "your criteria as acc=",
  plan: "acc and do",
  exec: "exec slots as you will use them",
};

/** The default echo set of `rb=echo` (section 5.1). */
export const DEFAULT_ECHO: readonly string[] = ["item", "ask", "due"];

/** Slots that describe the readback itself or the HO's window: never echoed (`exp`, section 3.1). */
export const NEVER_ECHOED: readonly string[] = ["rb", "keys", "exp", "p"];

export interface ConstraintKeyEntry {
  readonly meaning: string;
  /** Set-valued keys may repeat; single-valued keys never loose-match (section 5.2). */
  readonly set: boolean;
}

/** The closed constraint-key set of section 5.2. */
export const CORE_CONSTRAINT_KEYS: { readonly [key: string]: ConstraintKeyEntry } = {
  len: { meaning: "length 120w 800c 2p 10s", set: false },
  fmt: { meaning: "format", set: false },
  lang: { meaning: "language", set: false },
  tone: { meaning: "tone", set: false },
  voice: { meaning: "voice", set: false },
  aud: { meaning: "audience", set: false },
  out: { meaning: "output kind", set: false },
  by: { meaning: "deadline", set: false },
  src: { meaning: "sources", set: true },
  scope: { meaning: "in scope", set: true },
  must: { meaning: "required (brief's words)", set: true },
  no: { meaning: "excluded (brief's words)", set: true },
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

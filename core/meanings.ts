/**
 * The words of a vocabulary: what each type, slot, code, readback level and constraint key means,
 * from the core's table (CORE_MEANINGS) and the profile's file. The legend prints them for people
 * and models; reading and checking a line never need them, so a Vocabulary does not hold them and a
 * bundle that only reads lines does not carry the core's.
 */
import type { Vocabulary } from "./vocabulary-model.js";
import type { MessageType } from "./vocabulary.js";

/**
 * What each type, slot, code, readback level and constraint key means, in the fewest words that
 * say what it is for: the words the legend prints for people and models (section 7). Reading and
 * checking a line never need them, so they are a table of their own, and a bundle that only reads
 * lines does not carry them. Keyed like the tables of core/vocabulary.ts; a test holds the two to the
 * same names.
 */
export const CORE_MEANINGS: CoreMeanings = {
  types: {
    HO: "handoff",
    RB: "readback",
    AQ: "question",
    AN: "answer",
    ST: "status, no handover",
    DN: "done",
    UN: "unable",
    FL: "failed",
    CX: "sender cancels",
  },
  conditional: {
    RB: "+due if in the HO, +what rb= asks",
    AQ: "+opts if need=ENUM",
    DN: "+exec slots as the tool printed them, after rb=exec",
  },
  slots: {
    re: "replied-to message",
    from: "sender",
    to: "receiver (human: the principal)",
    item: "the work item",
    p: "profile in use",
    ask: "what to do",
    due: "needed by",
    by: "answer by",
    exp: "deadline to act or confirm (never echoed)",
    pri: "1 highest",
    conf: "sender confidence",
    keep: "agents still involved",
    art: "artifacts",
    ctx: "messages to read first",
    eta: "expected done",
    pct: "percent done",
    blk: "blockers",
    need: "answer shape",
    opts: "allowed answers",
    val: "the answer (tail: in the tail)",
    out: "outcome",
    next: "suggested next",
    why: "reason",
    alt: "better receiver",
    retry: "worth retrying",
    keys: "criteria keys to report",
    rb: "readback level + slots to echo",
    h: "HO digest (by code)",
    acc: "criteria key:value",
    do: "what you will produce",
    not: "out of scope",
    asm: "assumptions",
  },
  enums: {
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
    out: {
      OK: "all done",
      PARTIAL: "part done",
      NOOP: "nothing done",
    },
    need: {
      ENUM: "one of opts",
      TEXT: "in the tail",
      NUM: "a number",
      DATE: "date",
      YESNO: "Y or N",
    },
    conf: {
      L: "low",
      M: "medium",
      H: "high",
    },
  },
  readbackLevels: {
    echo: "item ask due (default)",
    all: "every slot",
    acc: "your criteria as acc=",
    plan: "acc and do",
    exec: "exec slots as you will use them",
  },
  constraintKeys: {
    len: "length 120w 800c 2p 10s",
    fmt: "format",
    lang: "language",
    tone: "tone",
    voice: "voice",
    aud: "audience",
    out: "output kind",
    by: "deadline",
    src: "sources",
    scope: "in scope",
    must: "required (brief's words)",
    no: "excluded (brief's words)",
  },
};

export interface CoreMeanings {
  readonly types: { readonly [T in MessageType]: string };
  /** Requirements that depend on another slot or on the handoff answered, in words. */
  readonly conditional: { readonly [T in MessageType]?: string };
  readonly slots: { readonly [key: string]: string };
  readonly enums: { readonly [name: string]: { readonly [code: string]: string } };
  readonly readbackLevels: { readonly [level: string]: string };
  readonly constraintKeys: { readonly [key: string]: string };
}

export interface Meanings {
  readonly types: { readonly [T in MessageType]: string };
  /** Requirements of a type that depend on another slot or on the handoff answered, in words. */
  readonly conditional: { readonly [T in MessageType]?: string };
  /** Slot key -> meaning; "" for a profile slot without a `desc`. */
  readonly slots: ReadonlyMap<string, string>;
  /** Enum name -> code -> meaning, for every code of the vocabulary's enums. */
  readonly enums: ReadonlyMap<string, ReadonlyMap<string, string>>;
  readonly readbackLevels: ReadonlyMap<string, string>;
  readonly constraintKeys: ReadonlyMap<string, string>;
}

const entries = (table: { readonly [key: string]: string } | undefined): [string, string][] => Object.entries(table ?? {});

/** The meanings of everything `vocabulary` defines: the core's, and its profile's where it has one. */
export function meaningsOf(vocabulary: Vocabulary): Meanings {
  const file = vocabulary.profile?.file;
  const slots = new Map(entries(CORE_MEANINGS.slots));
  for (const s of file?.slots ?? []) slots.set(s.key, s.desc ?? "");
  const enums = new Map<string, Map<string, string>>();
  for (const name of vocabulary.enums.keys()) enums.set(name, new Map(entries(CORE_MEANINGS.enums[name])));
  const add = (name: string, codes: { readonly [code: string]: string } | undefined): void => {
    for (const [code, meaning] of entries(codes)) enums.get(name)?.set(code, meaning);
  };
  for (const [name, codes] of Object.entries(file?.enums ?? {})) add(name, codes);
  add("ask", file?.asks);
  add("why", file?.why);
  const constraintKeys = new Map(entries(CORE_MEANINGS.constraintKeys));
  for (const [key, entry] of Object.entries(file?.ckeys ?? {})) constraintKeys.set(key, entry.desc);
  return { types: CORE_MEANINGS.types, conditional: CORE_MEANINGS.conditional, slots, enums, readbackLevels: new Map(entries(CORE_MEANINGS.readbackLevels)), constraintKeys };
}

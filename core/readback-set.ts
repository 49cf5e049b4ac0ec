/**
 * What a handoff's `rb=` asks the readback to carry (sections 3.1, 5.1 and 5.3): its levels, the
 * slots to echo, and the execution slots. Shared by makeReadback and checkReadback, so the receiver
 * builds exactly what the sender checks.
 */
import type { Message } from "./message.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { DEFAULT_ECHO, NEVER_ECHOED, READBACK_LEVELS } from "./vocabulary.js";
import { _hoSlot } from "./_stated-slots.js";

export interface ReadbackSet {
  /** The levels asked (`echo` when `rb=` is absent). */
  readonly levels: ReadonlySet<string>;
  /** Slots (and `item`) the readback must echo with the HO's values: those the HO carries. */
  readonly echo: readonly string[];
  /** Tier 4 is asked: the receiver's own `acc=`. */
  readonly comprehension: boolean;
  /** `rb=plan`: `do=` as well. */
  readonly plan: boolean;
  /** Tier 5 is asked. */
  readonly execution: boolean;
  /** The profile's execution slots for the ask (empty when it names none). */
  readonly exec: readonly string[];
  /**
   * The execution slots the vocabulary names for the ask whatever `rb=` asks (empty when it names
   * none): a sender's record holds the HO to check-ho's rule by them even without `rb=exec`, since
   * check-ho refuses such an HO (HO_NEEDS_EXEC) and the readback may not pass what it refuses.
   */
  readonly askExec: readonly string[];
}

const NOT_ECHOED = new Set(NEVER_ECHOED);

function has(message: Message, slot: string): boolean {
  if (slot === "item") return message.item !== null;
  return Object.hasOwn(message.slots, slot);
}

/** Reads the HO's `rb=` into what its readback must carry. */
export function readbackSet(ho: Message, vocabulary: Vocabulary): ReadbackSet {
  const rb = ho.slots["rb"];
  const asked = Array.isArray(rb) ? rb.filter((x): x is string => typeof x === "string") : ["echo"];
  const levels = new Set(asked.filter((x) => READBACK_LEVELS.includes(x)));
  if (levels.size === 0) levels.add("echo");
  const named = asked.filter((x) => !READBACK_LEVELS.includes(x));
  const comprehension = levels.has("acc") || levels.has("plan");
  const echo = new Set<string>(DEFAULT_ECHO);
  // A slot the HO type does not list is ignored on an HO (SLOT_NOT_ON_TYPE): nothing to echo. An
  // HO's stray h= would otherwise ask every readback for a digest other than its own.
  if (levels.has("all")) {
    for (const key of Object.keys(ho.slots)) {
      if (!NOT_ECHOED.has(key) && _hoSlot(key, vocabulary)) echo.add(key);
    }
  }
  for (const key of named) if (!NOT_ECHOED.has(key) && _hoSlot(key, vocabulary)) echo.add(key); // validate refuses them too
  // Under rb=acc or rb=plan the readback's acc= is the receiver's own criteria, which tier 4
  // compares by key; as an echo it would have to equal the HO's.
  if (comprehension) echo.delete("acc");
  const ask = ho.slots["ask"];
  const askExec = typeof ask === "string" ? (vocabulary.exec.get(ask) ?? []) : [];
  const exec = levels.has("exec") ? askExec : [];
  return {
    levels,
    echo: [...echo].filter((slot) => has(ho, slot)),
    comprehension,
    plan: levels.has("plan"),
    execution: levels.has("exec"),
    exec,
    askExec,
  };
}

/**
 * Why a sender's withheld criteria given for this HO would be read by nothing, or null when tier 4
 * reads them: the HO asks neither `rb=acc` nor `rb=plan`. The adapters refuse such criteria
 * (`rw check-rb --expect-acc`, the Worker's `expectAcc`) or drop them saying so (a thread's
 * challenge), and the playground's lab says they are not read: one rule, here.
 */
export function criteriaUnread(set: ReadbackSet): string | null {
  return set.comprehension ? null : "it has no rb=acc or rb=plan";
}

/**
 * Why a sender's record given for this HO would be read by nothing, or null when tier 5 reads it:
 * its ask has no execution slots in the vocabulary (with `rb=exec`, tier 5 is then `EXEC_NO_MAP`).
 * An ask that has them reads the record whatever `rb=` asks: without `rb=exec` the record still
 * holds the HO (HO_NEEDS_EXEC and any value it contradicts, README note 99), as check-ho does.
 * The adapters refuse an unread record rather than ignore it, and check-thread says it is unread.
 */
export function recordUnread(set: ReadbackSet): string | null {
  if (set.askExec.length > 0) return null;
  return set.execution ? "its ask has no execution slots in the vocabulary (EXEC_NO_MAP)" : "it has no rb=exec, and its ask has no execution slots in the vocabulary";
}

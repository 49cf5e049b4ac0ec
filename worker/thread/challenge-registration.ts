/**
 * Whether a thread registers the sender's withheld criteria and record for an HO (note 34), from
 * the facts its object reads from storage: the rule, with no storage of its own, so the object
 * and the thread-clock differential's replay call the same one rather than each a copy. What is
 * stored, and whether it fits the thread (thread-full), stays the object's.
 */
import { checkHandoff, coreVocabulary, criteriaUnread, handoffEnded, LIVE_STATES, parseCriteria, readbackSet, readRecord, recordUnread } from "../../core/index.js";
import type { HandoffState, Message, Vocabulary } from "../../core/index.js";
import { shippedNames, shippedVocabulary } from "../../profiles/index.js";
import type { Profiles } from "../profiles.js";
import { shown } from "../shown.js";
import { CHALLENGE_PARTS, holdsParts } from "./challenge-over.js";
import type { ChallengeRequest } from "./challenge-over.js";
import { problem } from "./thread-problem.js";
import type { Outcome } from "./thread-problem.js";

/** What the object reads from storage before it registers a challenge for `handoff`. */
export interface RegistrationFacts {
  /** The id of a readback of the handoff already checked, or undefined. */
  readonly checkedReadback: string | undefined;
  /** The type of the thread's line under the handoff's id, or undefined when none holds it. */
  readonly heldType: string | undefined;
  /** The parts already registered for it (or carried over from the handoff it re-issues). */
  readonly before: ChallengeRequest;
  /** The HO of the thread under that id, or null. */
  readonly ho: Message | null;
  /** Where that HO stands now (the audit's); asked only when there is one. */
  readonly stands: () => HandoffState | undefined;
  /** The thread's profiles: its inline one (chosen), and how a p= resolves. */
  readonly profiles: Profiles;
}

/** A registration taken: the challenge the handoff then holds, and the vocabulary its parts were read with. */
export interface Registration {
  readonly merged: ChallengeRequest;
  readonly vocabulary: Vocabulary;
}

/** How a vocabulary is named to a caller: a profile by its name (what p= carries), else the core. */
export function vocabularyName(vocabulary: Vocabulary): string {
  return vocabulary.profile === null ? "the core (no profile)" : `the profile ${vocabulary.name}`;
}

/**
 * The parts of a challenge the HO's rb= never reads: criteria without rb=acc or rb=plan, and a
 * record tier 5 does not read (`record`: why, else null).
 */
export function unreadParts(ho: Message, challenge: ChallengeRequest, vocabulary: Vocabulary): { readonly expectAcc: boolean; readonly record: string | null } {
  const asked = readbackSet(ho, vocabulary);
  return { expectAcc: challenge.expectAcc !== undefined && criteriaUnread(asked) !== null, record: challenge.record === undefined ? null : recordUnread(asked) };
}

/**
 * Registers `request` for `handoff`, in this order: none once a readback of it was checked, none
 * for an id a line other than an HO holds, each part written once, the profile named (a shipped
 * one or the thread's inline one) that of the parts held or the HO's, the HO live, the record read
 * with it and held to check-ho, a part the HO's rb= does not read refused, the criteria read.
 */
export function challengeRegistration(handoff: string, request: ChallengeRequest, facts: RegistrationFacts): Outcome<Registration> {
  if (facts.checkedReadback !== undefined) return problem("thread-conflict", `a readback of ${shown(handoff)} (${shown(facts.checkedReadback)}) was already checked; a challenge is registered before the readback arrives`, { parameter: "handoff" });
  if (facts.heldType !== undefined && facts.heldType !== "HO") return problem("thread-conflict", `${shown(handoff)} is an ${facts.heldType} of this thread: no HO can take its id, so a challenge for it would check nothing`, { parameter: "handoff" });
  // Each part is written once: a later registration adds the part not yet registered. Replaced,
  // criteria or a record could be dropped by anyone who may act as any party (no RW_TOKEN, or the
  // operator's bearer), the receiver too, and its readback then judged without them. To change a
  // part, the sender cancels the HO and sends a new one (a re-issue keeps the original's parts:
  // the object's carryChallenge).
  const { before, ho } = facts;
  for (const part of CHALLENGE_PARTS) {
    if (request[part] !== undefined && before[part] !== undefined) return problem("thread-conflict", `${part}: already registered for ${shown(handoff)} (or carried over from the handoff it re-issues); a challenge's parts are written once (to change one, cancel the HO with a CX and send a new HO, not a re-issue, registering the part for it)`, { parameter: part });
  }
  const reads = challengeVocabulary(handoff, ho, before, request.profile, facts.profiles);
  if (!reads.ok) return reads;
  const vocabulary = reads.value;
  if (ho !== null) {
    const stands = facts.stands();
    if (stands !== undefined && !LIVE_STATES.has(stands.state)) return problem("thread-conflict", `${shown(handoff)} ${handoffEnded(stands)}: no readback of it is left to check, so a challenge would check nothing`, { parameter: "handoff" });
  }
  if (request.record !== undefined) {
    const read = readRecord(request.record, vocabulary);
    if (!read.ok) {
      // Ahead of its HO, with no profile named, the record was read with the thread's profile or
      // the core; after parts that named none, naming one is refused (note 143), so not advised.
      const unnamed = holdsParts(before);
      const advice = unnamed ? "the parts already registered named no profile, so this one names none either" : "ahead of its HO, name the profile the HO carries with p= as profile";
      const hint = ho === null && request.profile === undefined && before.profile === undefined ? ` (read with ${vocabularyName(vocabulary)}: ${advice})` : "";
      return problem("invalid-record", `the record is refused: ${read.findings.map((f) => f.message).join("; ")}${hint}`, { parameter: "record", findings: read.findings });
    }
    // The HO already sent must say what the record approved (check-ho, section 5.3), and ask
    // rb=exec where the profile names execution slots: else its readback would be compared
    // with values nobody approved. The caller holds the record, so the findings are shown whole.
    const against = ho === null ? null : checkHandoff(ho, read.value, vocabulary);
    if (against !== null && !against.ok) {
      const errors = against.findings.filter((f) => f.severity === "error");
      return problem("thread-conflict", `${shown(handoff)} differs from this record: ${errors.map((f) => f.message).join("; ")}. Its readback would be checked against values nobody approved: cancel it (CX) and send an HO that matches`, { parameter: "record", findings: errors });
    }
  }
  if (ho !== null) {
    // What the HO's rb= never reads would be kept and ignored, and its readback pass without it
    // (as rw check-rb refuses --expect-acc and --record).
    const unread = unreadParts(ho, request, facts.profiles.vocabularyOf(ho));
    if (unread.expectAcc) return problem("invalid-request", `expectAcc: read at tier 4, which ${shown(handoff)} does not ask: it has no rb=acc or rb=plan`, { parameter: "expectAcc" });
    if (unread.record !== null) return problem("invalid-request", `record: read at tier 5, which ${shown(handoff)} does not ask: ${unread.record}`, { parameter: "record" });
  }
  // Criteria the core cannot read are the sender's slip: kept, they would void the receiver's
  // readback with CRITERIA_SYNTAX, whose `received` is the withheld criterion itself, or with
  // CRITERIA_REPEATED for a single-valued key named twice.
  if (request.expectAcc !== undefined) {
    const criteria = parseCriteria(request.expectAcc, vocabulary);
    if (criteria.findings.length > 0) return problem("invalid-request", `expectAcc: ${criteria.findings.map((f) => f.message).join("; ")}`, { parameter: "expectAcc", findings: criteria.findings });
  }
  return { ok: true, value: { merged: { ...before, ...request }, vocabulary } };
}

/**
 * The vocabulary a challenge's parts are read with, as far as it is known: an appended HO's own;
 * ahead of it, the profile the challenge names as the HO's p= will (fixed by the registration
 * that first stores a part, since those parts were read with it), else the thread's profile or
 * the core. A profile named that is not that vocabulary is refused, not read: the parts held, or
 * the HO, read in other words.
 */
function challengeVocabulary(handoff: string, ho: Message | null, before: ChallengeRequest, named: string | undefined, p: Profiles): Outcome<Vocabulary> {
  // Resolved as an HO's p= is: the thread's inline profile by its name, else a shipped one.
  const wanted = named === undefined ? undefined : p.chosen?.name === named ? p.chosen : shippedVocabulary(named);
  if (named !== undefined && wanted === undefined) return problem("unknown-profile", `no profile is named ${JSON.stringify(shown(named))}: a challenge names the profile its HO names with p=, ${knownProfiles(p)}`, { parameter: "profile", profile: named });
  const registered = holdsParts(before);
  // Parts registered ahead naming no profile were read with the thread's profile as it stood
  // then, or the core while it had none; the first append that stores a line may fix one since.
  // Which of the two read them is not kept, so a profile named now cannot be shown to be it:
  // taken when it is the thread's profile, parts read with the core would be held to it.
  // Mixed so (criteria read with the core, then a record with the thread's profile fixed since),
  // a challenge answers as one registered whole naming none does (note 147): the object keeps the
  // parts as given, never how they were read, and reads them again with the HO's vocabulary (its
  // check-ho, the parts its rb= reads, its readbacks' tiers); and what the core took, a profile
  // takes too, since it only adds keys, slots and codes. So a part naming none is taken after them.
  if (ho === null && registered && before.profile === undefined && named !== undefined) {
    return problem("thread-conflict", `profile: the parts already registered for ${shown(handoff)} named no profile, so they were read with the thread's profile or, while it had none, the core, and its HO is held to none; a challenge's profile is fixed by the registration that first stores a part: register this one naming no profile (for another, send the HO under a new id and register its challenge for that id)`, { parameter: "profile" });
  }
  const held = ho !== null ? p.vocabularyOf(ho) : before.profile !== undefined ? p.resolve(before.profile) : registered ? (p.chosen ?? coreVocabulary) : undefined;
  if (wanted !== undefined && held !== undefined && wanted !== held) {
    const whose = ho !== null ? `${shown(handoff)} is read with ${vocabularyName(held)}` : `the parts already registered for ${shown(handoff)} were read with ${vocabularyName(held)}`;
    return problem("thread-conflict", `profile: ${whose}, not ${named}; a challenge's parts are read with its HO's profile (for another, send the HO under a new id and register its challenge for that id)`, { parameter: "profile" });
  }
  return { ok: true, value: wanted ?? held ?? p.chosen ?? coreVocabulary };
}

/**
 * The profiles a challenge's `profile` can name, said when it names none of them: the thread's
 * inline profile is known by its name only once the append that fixes it stores a line (note 33),
 * so ahead of the thread's first line only the shipped ones are.
 */
function knownProfiles(p: Profiles): string {
  const shipped = `a shipped one (${shippedNames.join(", ")})`;
  if (p.chosen === null) return `${shipped} or the thread's inline one, and this thread has no profile yet: an inline profile is the thread's once the first append naming it stores a line, so register the challenge after that line`;
  return p.chosen.profile !== null && !shippedNames.includes(p.chosen.name) ? `${shipped} or the thread's inline one (${p.chosen.name})` : shipped;
}

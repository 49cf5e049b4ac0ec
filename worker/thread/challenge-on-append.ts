/**
 * What a thread does with the sender's challenge as an HO is appended (note 34): the HO held to the
 * profile and record it was registered with, the challenge of the handoff it re-issues carried
 * over to it, and the parts its rb= does not read dropped, each said. The rules, with no storage of
 * their own, so the object and the thread-clock differential's replay call the same ones; storing
 * what they return is the object's.
 */
import { checkHandoff, finding, readRecord } from "../../core/index.js";
import type { Finding, Message, Vocabulary } from "../../core/index.js";
import type { Profiles } from "../profiles.js";
import { CHALLENGE_PARTS, challengeOver, holdsParts } from "./challenge-over.js";
import type { ChallengePart, ChallengeRequest } from "./challenge-over.js";
import { unreadParts } from "./challenge-registration.js";

const PART_NAMES: Readonly<Record<ChallengePart, string>> = { expectAcc: "criteria", record: "record" };

/**
 * A challenge that names a profile was read with it, ahead of its HO: an HO read with another
 * vocabulary (a p= that resolves elsewhere, or none) is not the HO it was written for, and its
 * readback would be checked with parts read in other words. Compared as the HO's p= resolves
 * now, so a thread's profile fixed since (an inline one of that name) is the one both read with.
 */
export function profileDiffers(ho: Message, named: string, p: Profiles): Finding | null {
  if (p.vocabularyOf(ho) === p.resolve(named)) return null;
  const given = ho.slots["p"];
  const says = typeof given === "string" ? `names p=${given}` : "names no profile (p=)";
  return finding("HO_DIFFERS", `${ho.id} ${says}, but the challenge its sender registered for it (or for the handoff it re-issues) was read with the profile ${named}: send it with p=${named} (a challenge's profile is fixed when it is registered; for another, send the HO under a new id and register its challenge for that id)`, { slot: "p", expected: named, ...(typeof given === "string" ? { received: given } : {}) });
}

/**
 * check-ho's errors for an HO against the record registered ahead of it (or carried to it), as
 * the HO's refusal says them (withheldMismatch); none when it matches. One that passes but whose
 * rb= does not read the record has the record dropped, with READBACK_NOT_ASKED in its answer
 * (unreadChallenge): the HO is stored, but the sender's challenge asked what its rb= does not.
 */
export function recordMismatch(ho: Message, record: Readonly<Record<string, unknown>>, vocabulary: Vocabulary): Finding[] {
  // Whatever its rb= asks: an HO without rb=exec where the profile names execution slots is
  // itself a check-ho refusal (HO_NEEDS_EXEC), and a record the HO does not read still says
  // what was approved.
  const read = readRecord(record, vocabulary);
  if (!read.ok) return [unreadRecord(ho, vocabulary)];
  const errors = checkHandoff(ho, read.value, vocabulary).findings.filter((f) => f.severity === "error");
  return errors.length === 0 ? [] : withheldMismatch(errors, ho.id);
}

/**
 * An HO whose vocabulary does not read the record (a slot it has none of, a code it lacks): the
 * cause is the vocabulary, not a value, and is said so (README note 146), still with no slot or
 * value. Saying it costs the record nothing a forged HO could find one slot at a time: whether the
 * record reads with a vocabulary hangs on the HO only through its p=, never on a value it carries,
 * so HOs wrong in different values are refused alike; and the vocabularies an HO can name are a
 * fixed few (the thread's profile, or the core on a thread without one, and the shipped ones; an
 * inline one only as the thread's, fixed by its first stored line, before which a part naming no
 * profile is read with the core, which every profile reads, since a profile only adds slots and
 * codes). So at most one fact a vocabulary, about the whole record, none aimed at a slot.
 */
function unreadRecord(ho: Message, vocabulary: Vocabulary): Finding {
  const given = ho.slots["p"];
  const reads = typeof given === "string" ? `names p=${given}` : `names no profile (p=), so is read with ${vocabulary.profile === null ? "the core" : `the thread's profile ${vocabulary.name}`}`;
  return finding("HO_DIFFERS", `${ho.id} ${reads}, which does not read the record its sender registered for it (or for the handoff it re-issues), read with another vocabulary when registered: no HO read with this one matches it. Which slot is not said, since the record is private: the sender sends the HO with the p= its record was written for, or runs check-ho with its record under this vocabulary (rw check-ho --profile, POST /v1/check-ho) to see`);
}

/**
 * An HO refused against a private record, as anyone who can append may see the refusal. Which
 * slot differs, or is omitted, would let a caller find the record's values one slot at a time by
 * appending forged HOs (a re-issue carries the record, so any id will do), each refused and none
 * stored; so every difference is one HO_DIFFERS with no slot or value, and only refused-or-stored
 * is left to learn, for the whole line at once. HO_NEEDS_EXEC reads no value of the record (the
 * profile's execution slots and the HO's own rb=) and stays whole. The sender holds the record
 * and sees which value with check-ho.
 */
function withheldMismatch(findings: readonly Finding[], handoff: string): Finding[] {
  const rule = findings.filter((f) => f.code === "HO_NEEDS_EXEC");
  if (rule.length === findings.length) return [...rule];
  const said = finding("HO_DIFFERS", `${handoff} does not match the record its sender registered for it (or for the handoff it re-issues); which value is not said, since the record is private: the sender runs check-ho with its record (rw check-ho, POST /v1/check-ho) to see`);
  return [said, ...rule];
}

/**
 * Rule 1: a re-issue is the same handoff sent again under a new id, so the challenge its sender
 * registered for the handoff it supersedes checks the re-issue's readback too; dropped, the
 * re-issue (which anyone who may append as the sender may send) would pass a readback the
 * original's criteria or record refuse. The original's parts stand over any registered for the
 * re-issue's id ahead of it (challengeOver). What `handoff`, re-issuing `original`, then holds
 * (stored under its id, so every reader of challenges sees it), the parts carried, and what its
 * answer says (CHALLENGE_CARRIED), with the parts of its own it dropped.
 */
export function carriedChallenge(handoff: string, original: string, registered: ChallengeRequest | undefined, inherited: ChallengeRequest): { readonly challenge: ChallengeRequest; readonly findings: Finding[]; readonly parts: ChallengePart[] } {
  const own = registered ?? {};
  const parts = CHALLENGE_PARTS.filter((part) => inherited[part] !== undefined);
  const dropped = parts.filter((part) => own[part] !== undefined);
  const names = (list: readonly ChallengePart[]): string => list.map((part) => PART_NAMES[part]).join(" and ");
  // "criteria" is plural, "record" singular.
  const plural = (list: readonly ChallengePart[]): boolean => list.length > 1 || list[0] === "expectAcc";
  const said = [
    `the ${names(parts)} registered for ${original} carr${plural(parts) ? "y" : "ies"} over to its re-issue ${handoff}, whose readback is checked with ${plural(parts) ? "them" : "it"}`,
    ...(dropped.length > 0 ? [`${handoff}'s own ${names(dropped)}, registered ahead of it, ${plural(dropped) ? "are" : "is"} dropped: a re-issue is checked with the challenge of the handoff it re-issues (to change one, cancel ${original} and send a new HO)`] : []),
  ];
  return { challenge: challengeOver(registered, inherited) as ChallengeRequest, findings: [finding("CHALLENGE_CARRIED", said.join("; "), { slot: "re" })], parts };
}

/**
 * A challenge registered ahead of its HO (note 34), or carried to a re-issue, holds what the
 * sender meant to check; an HO whose rb= then does not read part of it would have its readback
 * judged without that part, as if the sender had asked nothing. The part is dropped and the
 * HO's answer says so, as a challenge for the appended HO would have been refused (400).
 * `challenge` is what the HO's id holds once a carry-over is stored (challengeOver), `carried`
 * the parts carried from `original`. Null when the HO reads every part; else what its answer
 * says and what the HO's id keeps (null: nothing, the challenge is deleted).
 */
export function unreadChallenge(ho: Message, challenge: ChallengeRequest, carried: readonly ChallengePart[], original: string | null, vocabulary: Vocabulary): { readonly findings: Finding[]; readonly kept: ChallengeRequest | null } | null {
  const unread = unreadParts(ho, challenge, vocabulary);
  const whence = (part: ChallengePart): string => (carried.includes(part) ? `carried over from ${original as string}` : `registered for ${ho.id} ahead of it`);
  const findings: Finding[] = [];
  if (unread.expectAcc) findings.push(finding("READBACK_NOT_ASKED", `the criteria ${whence("expectAcc")} are not read: ${ho.id} has no rb=acc or rb=plan, so its readback is checked without them; they are dropped`, { slot: "acc" }));
  if (unread.record !== null) findings.push(finding("READBACK_NOT_ASKED", `the record ${whence("record")} is not read: ${unread.record}, so its readback is checked without it; it is dropped`));
  if (findings.length === 0) return null;
  const kept: ChallengeRequest = {
    ...(challenge.expectAcc !== undefined && !unread.expectAcc ? { expectAcc: challenge.expectAcc } : {}),
    ...(challenge.record !== undefined && unread.record === null ? { record: challenge.record } : {}),
    ...(challenge.profile === undefined ? {} : { profile: challenge.profile }),
  };
  return { findings, kept: holdsParts(kept) ? kept : null };
}

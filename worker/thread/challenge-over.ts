/**
 * A challenge's parts (the sender's withheld criteria and record, README note 34), and what an HO
 * is checked with when it re-issues a challenged handoff: its own parts against the original's.
 * And what a readback is checked with from a stored challenge. A file of its own, free of the
 * object's runtime, so the thread-clock differential calls the same rule the object does rather
 * than a copy of it.
 */

import { readbackExpectations, readRecord } from "../../core/index.js";
import type { ReadbackExpectations, Vocabulary } from "../../core/index.js";

export interface ChallengeRequest {
  readonly expectAcc?: readonly string[];
  readonly record?: Readonly<Record<string, unknown>>;
  /**
   * The profile the HO names with p= (resolved as its p= is), when the challenge is registered
   * ahead of it: the parts are read with it, and the HO is held to it (note 34).
   */
  readonly profile?: string;
}

export type ChallengePart = "expectAcc" | "record";
export const CHALLENGE_PARTS: readonly ChallengePart[] = ["expectAcc", "record"];

/** Whether a challenge holds any part (a `profile` alone is none). */
export const holdsParts = (challenge: ChallengeRequest): boolean => CHALLENGE_PARTS.some((part) => challenge[part] !== undefined);

/**
 * The challenge an HO is checked with: the one registered for its id ahead of it (`registered`)
 * and the one of the handoff it re-issues (`inherited`). The original's parts stand over the
 * re-issue's own (note 34: the re-issue's id is predictable, so a part registered there could swap
 * the sender's), which keeps only the parts the original has none of, and its profile only with them.
 */
export function challengeOver(registered: ChallengeRequest | undefined, inherited: ChallengeRequest | undefined): ChallengeRequest | undefined {
  if (inherited === undefined || registered === undefined) return inherited ?? registered;
  const { profile, ...own } = registered;
  const ownKept = CHALLENGE_PARTS.some((part) => own[part] !== undefined && inherited[part] === undefined);
  return { ...own, ...(ownKept && profile !== undefined ? { profile } : {}), ...inherited };
}

/** What a readback is checked with from a stored challenge: its criteria, and its record as `vocabulary` reads it. */
export function expectationsOf(challenge: ChallengeRequest, vocabulary: Vocabulary): ReadbackExpectations {
  const record = challenge.record === undefined ? undefined : readRecord(challenge.record, vocabulary);
  return readbackExpectations(challenge.expectAcc, record?.ok === true ? record.value : undefined);
}

/**
 * `checkAttempts(contract, attempts)` (section 7.1): a delegation's ExecutionAttempts, taken
 * together, keep its retry policy. Every attempt counts against `max_attempts` (the first
 * included; a resume is a new attempt, 7.2; one id given at two starts is two, `attemptOrdinals`). Each attempt after the first that does not resume
 * from a checkpoint retries the one before it, whose outcome is then retryable under the contract
 * (never `succeeded`). When the attempt before was `unknown` or `partially_applied` (or recorded
 * no outcome, read as unknown, as `evaluatePermission` reads a missing `prior_outcome`), the next
 * attempt, retry or resume, reuses "the contract-bound idempotency identity when the target
 * supports it": an attempt records its key "where supported", so a key on the earlier attempt
 * shows the target supports one, and the next carries that same key; any key it carries is the
 * contract's `retry_policy.idempotency_key`. Otherwise the target would see a new effect where it
 * should deduplicate the one whose fate is unknown. A retry of such an attempt also follows its
 * reconciliation, the read-back on its record (RETRY_UNRECONCILED), and a record moves an outcome
 * away from unknown or mixed only with one (`_outcome-reconciliation.ts`). An attempt given at two revisions (appended
 * running, then ended) is one attempt, read at its latest (`_revision-heads.ts`); two records
 * under one id that start at different times are two attempts (`attemptThing`), and are refused
 * as a fork, as two revisions of one attempt neither of which leads to the other are. Two records
 * of one attempt, or of one checkpoint, under one revision and content digest with other content
 * are refused and nothing more is read (`_digest-conflicts.ts`); one naming the contract's revision id
 * under another content digest is refused and still counted in the budget (`_revision-digest.ts`). An attempt of
 * the contract's exact revision starts within it (`_attempt-window.ts`), is its delegatee's
 * (`_attempt-delegatee.ts`), ran through a tool its scope authorizes (`_attempt-tools.ts`), claims
 * no Contribution where its scope allows no project mutation (`_attempt-contribution.ts`), and
 * each attempt and checkpoint of that revision fences every stream its effects fence
 * (`_record-fences.ts`); a checkpoint fences no stream before its attempt did, nor before an
 * earlier checkpoint of that attempt did (`_checkpoint-fences.ts`), and a later revision of an
 * attempt fences no stream before an earlier one did (`_attempt-fences.ts`). Across every record given,
 * one idempotency key names one requested effect (`_idempotency-keys.ts`), and one control stream
 * one event at each position (`_stream-forks.ts`). The attempts of the contract's exact revision
 * together consume no more than its limits (`_attempt-budget.ts`).
 */
import { attemptBudgetFindings } from "./_attempt-budget.js";
import { assertRecord, assertRecordList } from "./_records-given.js";
import { attemptDelegateeFindings } from "./_attempt-delegatee.js";
import { attemptFenceFindings } from "./_attempt-fences.js";
import { attemptForkFindings } from "./_attempt-forks.js";
import { attemptToolFindings } from "./_attempt-tools.js";
import { attemptContributionFindings } from "./_attempt-contribution.js";
import { attemptWindowFindings } from "./_attempt-window.js";
import { attemptDigestConflicts, checkpointDigestConflicts } from "./_digest-conflicts.js";
import { attemptRevisionDigestFindings, checkpointRevisionDigestFindings } from "./_revision-digest.js";
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import type { DelegationContract } from "./contract.js";
import type { DelegationCheckpoint, ExecutionAttempt } from "./execution.js";
import { checkpointAttemptFindings } from "./_checkpoint-attempt.js";
import { checkpointFenceFindings } from "./_checkpoint-fences.js";
import { checkpointRemainderFindings } from "./_checkpoint-remainder.js";
import { checkpointSequenceFindings } from "./_checkpoint-sequence.js";
import { checkpointSequenceConflicts } from "./_checkpoint-sequence-conflicts.js";
import { resumesPastAttempt } from "./_resume-past-attempt.js";
import type { PastAttempt } from "./_resume-past-attempt.js";
import { pairShrinkFindings } from "./_consumption-shrinks.js";
import { fencedRecords } from "./_fenced-records.js";
import { idempotencyKeyFindings } from "./_idempotency-keys.js";
import { boundInputFindings, resumeInputFindings, writerInputFindings } from "./_input-fixity.js";
import { attemptPriors } from "./_attempt-priors.js";
import { attemptThing } from "./_revision-heads.js";
import type { AttemptRecord } from "./_attempt-priors.js";
import { outcomeReconciliationFinding } from "./_outcome-reconciliation.js";
import { recordFenceFindings } from "./_record-fences.js";
import { resumeFenceFindings } from "./_resume-fences.js";
import { resumeReconciliationFindings } from "./_resume-reconciliation.js";
import { resumeNewAttemptFindings } from "./_resume-new-attempt.js";
import { resumeStartFindings } from "./_resume-start.js";
import { resumeSupersededFindings } from "./_resume-superseded.js";
import { streamForkFindings } from "./_stream-forks.js";
import { compareUtc, durationMs, elapsedNanos, shownRevision } from "./scalars.js";
import type { Duration } from "./scalars.js";
import { RECONCILE_FIRST } from "./vocabulary.js";
import type { Outcome } from "./vocabulary.js";

export interface AttemptsReport {
  readonly ok: boolean;
  readonly findings: readonly DelegationFinding[];
}

/**
 * A record of an attempt against the revision it names as its prior, when that is given: what the
 * prior reports consumed, the later one reports at least (`_consumption-shrinks.ts`), and an
 * outcome the prior left unknown or mixed it changes only with a read-back
 * (`_outcome-reconciliation.ts`).
 */
function priorRevisionFindings(mine: readonly ExecutionAttempt[], given: readonly number[], out: DelegationFinding[]): void {
  for (const { record, before } of attemptPriors(mine.map((attempt, i) => ({ attempt, index: given[i] as number })))) {
    const [at, was] = [`attempts.${record.index}`, `attempts.${before.index}`];
    pairShrinkFindings(at, record.attempt, was, before.attempt, out);
    outcomeReconciliationFinding(at, record.attempt, was, before.attempt, out);
  }
}

/**
 * A retry waits the contract's `backoff` (7.1: "maximum attempts/backoff"; a shorter one is a
 * looser policy, `_attenuation.ts`) after the attempt it retries ended, to the nanosecond. When
 * that attempt recorded no end (only an unknown one may), the wait cannot be shown, and it fails
 * closed. A resume continues rather than retries, so backoff does not bind it.
 */
function backoffFinding(at: string, attempt: ExecutionAttempt, before: ExecutionAttempt, backoff: Duration, out: DelegationFinding[]): void {
  const wait = BigInt(durationMs(backoff)) * 1_000_000n;
  // The wait as elapsed time: a leap second either end shows is a second waited.
  const waited = before.ended_at === null ? null : elapsedNanos(before.ended_at, attempt.started_at);
  const policy = `${backoff.value} ${backoff.unit}`;
  if (waited === null) {
    out.push(delegationFinding("RETRY_BACKOFF", `${at}.started_at: ${attempt.attempt_id} retries ${before.attempt_id}, which records no end, so whether it waited the backoff of ${policy} cannot be shown`, { path: `${at}.started_at`, dimension: "retry", expected: `>= ${policy} after ${before.attempt_id} ended`, received: attempt.started_at }));
  } else if (waited < wait) {
    const when = waited < 0n ? `before ${before.attempt_id} ended (${before.ended_at})` : `${elapsed(waited)} after ${before.attempt_id} ended (${before.ended_at})`;
    out.push(delegationFinding("RETRY_BACKOFF", `${at}.started_at: ${attempt.attempt_id} starts ${when}; the contract's backoff is ${policy}`, { path: `${at}.started_at`, dimension: "retry", expected: `>= ${policy} after ${before.ended_at}`, received: attempt.started_at }));
  }
}

/**
 * "Retries of unknown or partially_applied attempts require reconciliation" (7.1; "Unknown or mixed
 * external effects never normalize to success or retryable failure without reconciliation", 1.1).
 * **Decision:** the reconciliation of an attempt is its post-effect read-back, the VerificationReceipt
 * its record's `readback_ref` names (1.1: a read-back "binds ... exact event/effect refs,
 * expected/observed state"), so the latest record of the attempt retried carries one. The retry is
 * the attempt after it, whatever effect it requests: a contract authorizes one objective, and a
 * retry requesting another digest would otherwise step past an effect whose fate is unknown.
 */
function reconciliationFinding(at: string, attempt: ExecutionAttempt, before: ExecutionAttempt, prior: Outcome, out: DelegationFinding[], follows = "retries"): void {
  if (!RECONCILE_FIRST.includes(prior) || before.readback_ref !== null) return;
  out.push(delegationFinding("RETRY_UNRECONCILED", `${at}: ${attempt.attempt_id} ${follows} ${before.attempt_id}, which is ${prior}${before.outcome === null ? " (no outcome recorded)" : ""} and records no read-back (readback_ref): an unknown or partially applied attempt is reconciled before a retry (section 7.1)`, { path: at, dimension: "retry", expected: `a readback_ref on ${before.attempt_id}`, received: prior }));
}

/** How a resume held to the attempt before it stands to that attempt, in words the attempt's id follows. */
const PAST_ATTEMPT: Readonly<Record<PastAttempt, string>> = {
  "same-revision": "the very checkpoint revision resumed by",
  "written-before": "a checkpoint written before the start of",
  "not-in-hand": "a revision not in hand (none given under that revision and digest) of the checkpoint resumed by",
};

/** A non-negative span of nanoseconds in words: whole seconds, or milliseconds under one. */
function elapsed(ns: bigint): string {
  const ms = Number(ns) / 1e6;
  return ms < 1000 ? `${ms} ms` : `${ms / 1000} s`;
}

/**
 * What the retry policy says of `attempt`, at `at`, following `before`, the attempt started before
 * it (7.1): a retry follows a retryable outcome, waits the backoff and follows its reconciliation; a
 * resume continues rather than retries (7.2), held to `before`'s reconciliation only when its
 * checkpoint cannot record what `before` did (`_resume-past-attempt.ts`); either reuses the key of
 * an unknown or partially applied `before`.
 */
function followFindings(at: string, attempt: ExecutionAttempt, before: ExecutionAttempt, retry: DelegationContract["retry_policy"], checkpoints: readonly DelegationCheckpoint[], out: DelegationFinding[]): void {
  const prior = before.outcome ?? "unknown";
  // A resume continues from a checkpoint (7.2; 11.4's ATT-2 after ATT-1), it does not retry the
  // attempt before it, so the retryable outcomes do not apply; reusing the key still does below,
  // as its pending effects may be the very ones whose fate is unknown.
  // A resume's own checks (7.2: validity, fences) are evaluatePermission's; its reconciliation of
  // what its checkpoint left pending or unknown is checked in checkAttempts, when that checkpoint is given.
  const retries = attempt.resumed_from_checkpoint_ref === null;
  if (retries && prior === "succeeded") out.push(delegationFinding("RETRY_NOT_ALLOWED", `${at}: ${attempt.attempt_id} follows ${before.attempt_id}, which succeeded: the objective is met, and another effect needs its own authority`, { path: at, dimension: "retry", received: prior }));
  else if (retries && !retry.retryable_outcomes.includes(prior)) out.push(delegationFinding("RETRY_NOT_ALLOWED", `${at}: ${attempt.attempt_id} retries ${before.attempt_id}, whose outcome ${prior}${before.outcome === null ? " (none recorded)" : ""} is not retryable under this contract (${retry.retryable_outcomes.join(", ") || "none"})`, { path: at, dimension: "retry", received: prior }));
  // An allowed retry's timing and reconciliation: one that may not retry at all is refused for that alone.
  else if (retries) {
    backoffFinding(at, attempt, before, retry.backoff, out);
    reconciliationFinding(at, attempt, before, prior, out);
  } else {
    const [past, ref] = [resumesPastAttempt(attempt, before, checkpoints), attempt.resumed_from_checkpoint_ref];
    if (past !== null && ref !== null) reconciliationFinding(at, attempt, before, prior, out, `resumes ${shownRevision(ref)}, ${PAST_ATTEMPT[past]}`);
  }
  if (!RECONCILE_FIRST.includes(prior)) return;
  const [key, was] = [attempt.idempotency_key, before.idempotency_key];
  const follows = retries ? "retries" : "resumes after";
  if (key !== null && key !== retry.idempotency_key) {
    out.push(delegationFinding("RETRY_IDEMPOTENCY", `${at}.idempotency_key: ${attempt.attempt_id} ${follows} the ${prior} ${before.attempt_id} under the key ${key}, not the contract-bound ${retry.idempotency_key} (section 7.1)`, { path: `${at}.idempotency_key`, dimension: "retry", expected: retry.idempotency_key, received: key }));
  } else if (was !== null && key !== was) {
    out.push(delegationFinding("RETRY_IDEMPOTENCY", `${at}.idempotency_key: ${attempt.attempt_id} ${follows} the ${prior} ${before.attempt_id}, whose target took the key ${was}, ${key === null ? "with none" : `with ${key}`}: an attempt after an unknown or partially applied one, retry or resume, reuses its idempotency identity (section 7.1)`, { path: `${at}.idempotency_key`, dimension: "retry", expected: was, received: key ?? "null" }));
  }
}

/**
 * Each attempt's place against `max_attempts`, by `attemptThing`, in the order started. An attempt
 * forked into two branches (one start) is one attempt, whichever branch records it; one id given at
 * two starts is two attempts (`_revision-heads.ts`: "a retry counted as no attempt escapes
 * `max_attempts`"), and each counts, as the budget counts the consumption of each: which of them
 * the id records is unknown, and counting one would let a run under a reused id go uncounted.
 */
function attemptOrdinals(own: readonly (readonly AttemptRecord[])[], byStart: (a: AttemptRecord, b: AttemptRecord) => number): Map<string, number> {
  const ordinal = new Map<string, number>();
  for (const { attempt } of own.flat().sort(byStart)) if (!ordinal.has(attemptThing(attempt))) ordinal.set(attemptThing(attempt), ordinal.size + 1);
  return ordinal;
}

/**
 * `checkpoints`, when given, are checkpoints of this contract revision: each one's remaining budget
 * is verified against the contract's limits and the attempts' consumption up to it (7.2), and one
 * of another revision, whose limits are not in hand, fails closed. Inputs are fixed (7.2 "input
 * fixity", `_input-fixity.ts`): the attempts and checkpoints of this revision use the exact
 * revisions it binds, a resume the inputs its checkpoint fixed, when that checkpoint is given, and
 * a checkpoint only revisions its attempt used or produced of what that attempt records. A resume
 * shows a receipt read back of each external operation its checkpoint left pending or unknown
 * (7.2's "external-effect reconciliation", `_resume-reconciliation.ts`), and fences afresh
 * (`_resume-fences.ts`).
 */
export function checkAttempts(contract: DelegationContract, attempts: readonly ExecutionAttempt[], checkpoints: readonly DelegationCheckpoint[] = []): AttemptsReport {
  assertRecord("checkAttempts", "the contract is a DelegationContract record", contract);
  assertRecordList("checkAttempts", "attempts", "an ExecutionAttempt record", attempts);
  assertRecordList("checkAttempts", "checkpoints", "a DelegationCheckpoint record", checkpoints);
  const out: DelegationFinding[] = [];
  const retry = contract.retry_policy;
  const mine: ExecutionAttempt[] = [];
  const given: number[] = [];
  attempts.forEach((attempt, index) => {
    if (attempt.delegation_ref.object_id === contract.delegation_id) {
      mine.push(attempt);
      given.push(index);
    } else out.push(delegationFinding("ATTEMPT_DELEGATION", `attempts.${index}: ${attempt.attempt_id} is an attempt of ${attempt.delegation_ref.object_id}, not of ${contract.delegation_id}`, { path: `attempts.${index}.delegation_ref`, dimension: "retry", expected: contract.delegation_id, received: attempt.delegation_ref.object_id }));
  });
  // Every record of an attempt states the inputs it used and who ran it, so each one is compared, not only the latest.
  const records = mine.map((attempt, i) => ({ attempt, index: given[i] as number }));
  // Two records claiming one revision and digest with other content: which is the attempt or
  // checkpoint is unknown, and every verdict below would read the first given. Nothing more is told.
  const attemptsConflict = attemptDigestConflicts(records, "retry", out);
  const checkpointsConflict = checkpointDigestConflicts(checkpoints, "inputs", out);
  // One checkpoint given at two revisions with two sequences: its place in its attempt's order is unknown.
  if (checkpointSequenceConflicts(checkpoints, "inputs", out) || checkpointsConflict || attemptsConflict) return { ok: false, findings: out };
  // Each attempt once, at its latest revision (appended running, then ended, it is still one); a
  // second head under an id already counted is a fork (`_attempt-forks.ts`).
  const own = attemptForkFindings(records, out, "retry");
  priorRevisionFindings(mine, given, out);
  // A record naming this revision id under another digest claims a content the revision does not
  // have: refused (`_revision-digest.ts`), and still counted in the sums below, failing closed.
  attemptRevisionDigestFindings(contract, records, "retry", out);
  checkpointRevisionDigestFindings(contract, checkpoints, out);
  attemptWindowFindings(contract, records, out);
  attemptBudgetFindings(contract, records, out);
  checkpointRemainderFindings(contract, checkpoints, mine, out);
  checkpointSequenceFindings(checkpoints, out);
  attemptDelegateeFindings(contract, records, out);
  attemptToolFindings(contract, records, out);
  attemptContributionFindings(contract, records, out);
  checkpointAttemptFindings(records, checkpoints, out);
  checkpointFenceFindings(records, checkpoints, out);
  attemptFenceFindings(records, out);
  boundInputFindings(contract, records, checkpoints, out);
  resumeInputFindings(records, checkpoints, out);
  resumeReconciliationFindings(records, checkpoints, out);
  resumeStartFindings(records, checkpoints, out);
  resumeNewAttemptFindings(records, checkpoints, out);
  resumeSupersededFindings(records, checkpoints, out);
  resumeFenceFindings(records, checkpoints, out);
  writerInputFindings(records, checkpoints, out);
  const fenced = fencedRecords(records, checkpoints);
  recordFenceFindings(contract, fenced, out);
  streamForkFindings(fenced, out);
  idempotencyKeyFindings(records, out);
  // In the order they started; equal times keep the order given. A forked attempt (its latest
  // records start at different times, or branch) takes its place by its earliest start, and each of
  // its latest records is judged, against each of the attempt before it: which one the attempt is,
  // is unknown, and judging the first given made its RETRY_* findings hang on the order of the list.
  const byStart = (a: AttemptRecord, b: AttemptRecord): number => compareUtc(a.attempt.started_at, b.attempt.started_at) || a.index - b.index;
  for (const heads of own) heads.sort(byStart);
  own.sort((a, b) => byStart(a[0] as AttemptRecord, b[0] as AttemptRecord));
  const ordinal = attemptOrdinals(own, byStart);
  const judged: DelegationFinding[] = [];
  own.forEach((heads, n) => {
    for (const { attempt, index } of heads) {
      const at = `attempts.${index}`;
      const number = ordinal.get(attemptThing(attempt)) as number;
      if (number > retry.max_attempts) judged.push(delegationFinding("RETRY_EXHAUSTED", `${at}: ${attempt.attempt_id} is attempt ${number} of ${contract.delegation_id}; max_attempts is ${retry.max_attempts}, the first attempt counted`, { path: at, dimension: "retry", expected: `<= ${retry.max_attempts}`, received: String(number) }));
      for (const { attempt: before } of own[n - 1] ?? []) followFindings(at, attempt, before, retry, checkpoints, judged);
    }
  });
  // Two latest records of the attempt before that say the same of this one say it once.
  const said = new Set<string>();
  for (const finding of judged) {
    const key = JSON.stringify(finding);
    if (!said.has(key)) out.push(finding);
    said.add(key);
  }
  return { ok: !out.some((f) => f.severity === "error"), findings: out };
}

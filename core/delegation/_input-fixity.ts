/**
 * Input fixity (sections 1, 7.1, 7.2, 11.4). A contract authorizes its objective "under exact
 * inputs" (1): its `inputs` are the exact revisions it binds. An attempt records the "inputs" it
 * used (7.1), a checkpoint the "exact input revisions" its state rests on (7.2), and "The resumer
 * MUST verify ... input fixity"; "Failed validation stops or escalates; it never silently continues
 * from stale state" (7.2), and in 11.4 "If any input ... changes, reassignment stops".
 *
 * Two rules, each comparing RevisionRefs exactly as written (object, revision and content digest;
 * digests are never recomputed, so the same content under another algorithm is another digest):
 * - INPUT_NOT_EXACT: an input of an object the contract binds is one of the contract's exact
 *   revisions of it. An object the contract binds none of is read under its scope (11.2's search
 *   finds its Sources as it goes: D-RESEARCH-1 binds none, and its checkpoints record the exact
 *   revisions found), which permission judges, not this rule.
 * - INPUT_STALE: a resume (an attempt whose `resumed_from_checkpoint_ref` names a checkpoint given)
 *   uses each object its checkpoint fixed at the revision the checkpoint fixed. A resume may read
 *   more (the search goes on), and need not read again what it does not use: an attempt records
 *   the inputs it used, and the checkpoint's outputs from the others are immutable references.
 * - CHECKPOINT_INPUT_UNUSED: a checkpoint fixes only revisions the attempt that wrote it used or
 *   produced, of each object that attempt records: its `inputs` and `outputs` (11.4's CP-7 fixes the
 *   two Sources ATT-1 staged, its outputs; ATT-1 records no inputs). An object the attempt records
 *   nowhere is left unchecked, said by a note (CHECKPOINT_INPUT_UNATTESTED): 7.2 does not say a
 *   checkpoint's inputs are its attempt's, so a revision they do not contradict is not refused.
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import { contractRef } from "./contract.js";
import type { DelegationContract } from "./contract.js";
import type { DelegationCheckpoint, ExecutionAttempt } from "./execution.js";
import { few } from "../_few.js";
import { checkpointWriters } from "./_checkpoint-writers.js";
import { resumesOf } from "./_resumes.js";
import { compareUtc, sameRevision } from "./scalars.js";
import type { RevisionRef } from "./scalars.js";

const exact = (r: RevisionRef): string => `${r.revision_id} ${r.content_digest}`;
const shown = (r: RevisionRef): string => `${r.object_id}@${r.revision_id} (${r.content_digest})`;

/** The revisions a list fixes of one object, and how a finding names them (built once, however many inputs miss them). */
interface Fixed {
  readonly revisions: Map<string, RevisionRef>;
  words?: { readonly shown: string; readonly expected: string };
}

/** The exact revisions a list fixes, by object: every revision and digest it names of each. */
export function fixedInputs(refs: readonly RevisionRef[]): Map<string, Fixed> {
  const byObject = new Map<string, Fixed>();
  for (const r of refs) {
    const of = byObject.get(r.object_id);
    if (of === undefined) byObject.set(r.object_id, { revisions: new Map([[exact(r), r]]) });
    else of.revisions.set(exact(r), r);
  }
  return byObject;
}

/**
 * Each of `refs` (at `path.<n>`) that names an object `fixed` fixes, at another revision or digest
 * than every one `fixed` names of it: `why` says whose inputs these are and who fixed them.
 */
export function unfixedInputFindings(code: "INPUT_NOT_EXACT" | "INPUT_STALE" | "CHECKPOINT_INPUT_UNUSED", refs: readonly RevisionRef[], fixed: Map<string, Fixed>, path: string, why: (ref: string, fixedAt: string) => string, out: DelegationFinding[]): void {
  refs.forEach((r, n) => {
    const of = fixed.get(r.object_id);
    if (of === undefined || of.revisions.has(exact(r))) return;
    const revisions = [...of.revisions.values()];
    // Said once an object and cut: in full in each finding, thousands of inputs missing thousands
    // of revisions of one object would answer millions of references.
    of.words ??= { shown: few(revisions.map(shown)), expected: few(revisions.map((x) => `${x.object_id}@${x.revision_id} ${x.content_digest}`)) };
    const at = `${path}.${n}`;
    out.push(delegationFinding(code, `${at}: ${why(shown(r), of.words.shown)}`, { path: at, dimension: "inputs", expected: of.words.expected, received: `${r.object_id}@${r.revision_id} ${r.content_digest}` }));
  });
}

/**
 * Every given resume against the checkpoint it names, when that checkpoint is given (named exactly:
 * its record or checkpoint id, revision and content digest): its inputs keep what the checkpoint
 * fixed (INPUT_STALE). Both records are in hand, so no contract revision is needed: a resume of any
 * revision of the delegation is compared (11.4's ATT-2 under r2 resumes CP-7 of r1).
 */
export function resumeInputFindings(attempts: readonly { readonly attempt: ExecutionAttempt; readonly index: number }[], checkpoints: readonly DelegationCheckpoint[], out: DelegationFinding[]): void {
  const fixedBy = new Map<number, Map<string, Fixed>>();
  for (const { attempt, index, checkpoint, c } of resumesOf(attempts, checkpoints)) {
    const fixed = fixedBy.get(c) ?? fixedInputs(checkpoint.input_revisions);
    fixedBy.set(c, fixed);
    unfixedInputFindings("INPUT_STALE", attempt.inputs, fixed, `attempts.${index}.inputs`, (used, fixedAt) => `${attempt.attempt_id} resumes ${checkpoint.checkpoint_id} (checkpoints.${c}) with ${used}, where the checkpoint fixed ${fixedAt}: the input changed since the checkpoint, so the resume would continue from stale state (section 7.2: the resumer verifies input fixity)`, out);
  }
}

/**
 * The inputs of `contract`'s exact revision's attempts (each record given) and checkpoints against
 * the inputs it binds (INPUT_NOT_EXACT). A record of another revision is not judged: that
 * revision's inputs are not in hand (a checkpoint of one fails closed on its remainder already).
 */
export function boundInputFindings(contract: DelegationContract, attempts: readonly { readonly attempt: ExecutionAttempt; readonly index: number }[], checkpoints: readonly DelegationCheckpoint[], out: DelegationFinding[]): void {
  if (contract.inputs.length === 0) return;
  const revision = contractRef(contract);
  const fixed = fixedInputs(contract.inputs);
  const named = `${contract.delegation_id}@${contract.revision_id}`;
  const why = (who: string) => (used: string, fixedAt: string): string => `${who} ${used}; ${named} binds ${fixedAt}: a contract authorizes under exact inputs (section 1), and another revision or digest of an input it binds is another input`;
  for (const { attempt, index } of attempts) {
    if (sameRevision(attempt.delegation_ref, revision)) unfixedInputFindings("INPUT_NOT_EXACT", attempt.inputs, fixed, `attempts.${index}.inputs`, why(`${attempt.attempt_id} used`), out);
  }
  checkpoints.forEach((checkpoint, index) => {
    if (sameRevision(checkpoint.delegation_ref, revision)) unfixedInputFindings("INPUT_NOT_EXACT", checkpoint.input_revisions, fixed, `checkpoints.${index}.input_revisions`, why(`${checkpoint.checkpoint_id} fixes`), out);
  });
}

/**
 * A reassignment's next revision is what a resume from the prior's checkpoints runs under (11.4:
 * ATT-2 under r2 from CP-7), so an input it binds of an object a checkpoint of the prior fixed is
 * the revision the checkpoint fixed (INPUT_STALE): "If any input ... changes, reassignment stops".
 */
export function nextInputFindings(prior: DelegationContract, next: DelegationContract, checkpoints: readonly DelegationCheckpoint[], out: DelegationFinding[]): void {
  if (next.inputs.length === 0) return;
  const revision = contractRef(prior);
  checkpoints.forEach((checkpoint, index) => {
    if (!sameRevision(checkpoint.delegation_ref, revision)) return;
    unfixedInputFindings("INPUT_STALE", next.inputs, fixedInputs(checkpoint.input_revisions), "inputs", (used, fixedAt) => `${next.delegation_id}@${next.revision_id} binds ${used}, where ${checkpoint.checkpoint_id} (checkpoints.${index}), which a resume under it continues from, fixed ${fixedAt}: the input changed since the checkpoint (sections 7.2, 11.4)`, out);
  });
}

/**
 * Every given checkpoint against the records of the attempt that wrote it (its `attempt_id`, of the
 * same delegation) that state all it used by the checkpoint: a record that ended (an attempt uses
 * nothing after its end), or one issued at or after `written_at` (a running record issued before
 * it may not list an input read since). Each such record names the revisions the attempt used or
 * produced (`inputs`, `outputs`); a checkpoint input of an object it names at other revisions only
 * is a revision the attempt never touched, so the two records of one execution disagree on what a
 * resume rests on (CHECKPOINT_INPUT_UNUSED). Inputs of objects no such record names are noted once
 * a checkpoint (CHECKPOINT_INPUT_UNATTESTED): unchecked, not refused. No such record given, nothing.
 */
export function writerInputFindings(attempts: readonly { readonly attempt: ExecutionAttempt; readonly index: number }[], checkpoints: readonly DelegationCheckpoint[], out: DelegationFinding[]): void {
  if (checkpoints.length === 0) return;
  const writers = checkpointWriters(attempts);
  const known = new Map<number, Map<string, Fixed>>();
  checkpoints.forEach((checkpoint, c) => {
    const records = writers(checkpoint).filter(({ attempt }) => attempt.ended_at !== null || compareUtc(attempt.issued_at, checkpoint.written_at) >= 0);
    if (records.length === 0) return;
    const named = new Set<string>();
    for (const { attempt, index } of records) {
      const fixed = known.get(index) ?? fixedInputs([...attempt.inputs, ...attempt.outputs]);
      known.set(index, fixed);
      for (const id of fixed.keys()) named.add(id);
      unfixedInputFindings("CHECKPOINT_INPUT_UNUSED", checkpoint.input_revisions, fixed, `checkpoints.${c}.input_revisions`, (fixes, records) => `${checkpoint.checkpoint_id} fixes ${fixes}, and the attempt that wrote it, ${attempt.attempt_id}@${attempt.revision_id} (attempts.${index}), records using or producing it only at ${records}: a checkpoint's exact input revisions are the ones its attempt's state rests on (section 7.2), so a resume from it would rest on a revision the attempt never touched`, out);
    }
    const unattested = checkpoint.input_revisions.filter((r) => !named.has(r.object_id));
    if (unattested.length === 0) return;
    const writer = records.map(({ attempt, index }) => `${attempt.attempt_id}@${attempt.revision_id} (attempts.${index})`);
    out.push(delegationFinding("CHECKPOINT_INPUT_UNATTESTED", `checkpoints.${c}.input_revisions: ${checkpoint.checkpoint_id} fixes ${few(unattested.map(shown))}, which the attempt that wrote it, ${few(writer)}, records neither using nor producing: these inputs are not checked against the attempt (section 7.2 lists both records' inputs, and says no more)`, { path: `checkpoints.${c}.input_revisions`, dimension: "inputs", received: few(unattested.map((r) => `${r.object_id}@${r.revision_id} ${r.content_digest}`)) }));
  });
}

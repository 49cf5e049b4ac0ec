// Reads JSON lines {"op": "child", parent, child, chain} or {"op": "reassign", prior, next, parent?, chain?,
// attempts?, checkpoints?} on stdin and writes one JSON line per input: the core's answer as `rw delegation
// check-child` or `rw delegation check-reassignment` gives it (checkChildDocument, checkReassignmentDocument),
// as {"valid", "ok", "findings"}: whether every record validated, the verdict and the sorted "CODE dimension"
// pairs of its section-8 findings. A document refused at validation (a mutated contract breaking its own
// rules) is judged again by the typed check, which validates nothing, so its attenuation is still compared.
// A reassignment carrying attempts is also judged as `rw delegation check-attempts` judges them under the next
// revision (checkAttempts, with the checkpoints given), and its retry-policy findings (RETRY_*, "CODE retry") are added: checkReassignment
// leaves the retry policy between attempts to it (core/delegation/README.md). And as checkAttempts judges them under the prior
// revision, its budget and spend findings against the prior's limits ("CODE prior"). And each attempt or checkpoint
// validateRecord refuses for a time of its own later than its issued_at (README note 176), as "TIME_ORDER <field>", each
// schema refusal of one (a malformed receipt_ref, drawn on purpose), as "DELEGATION_SCHEMA <path>", and each attempt's outcome
// its effects contradict (drawn on purpose), as "ATTEMPT_OUTCOME_EFFECTS effects.status". And each contract the document
// refuses at read for one revision under two digests (README note 192), as "CONTRACT_REF_DIGEST_CONFLICT <path>" (read-refusals.ts).
import { createInterface } from "node:readline";
import { checkAttempts, checkChildDocument, checkReassignment, checkReassignmentDocument, checkSubdelegation, validateRecord } from "../../../core/delegation/index.js";
import { digestConflictRefusals } from "./read-refusals.js";

type Finding = { severity: string; code: string; dimension?: string; path?: string; expected?: string };
type Report = { findings: readonly Finding[] };
type Case = { op: "child" | "reassign"; parent?: never; child: never; chain?: never; prior: never; next: never; attempts?: never[]; checkpoints?: never[] };

function judge(c: Case): { valid: boolean; read: Report; report: Report } {
  const parts = (names: readonly (keyof Case)[]) => Object.fromEntries(names.filter((n) => c[n] !== undefined).map((n) => [n, c[n]]));
  const read: Report = c.op === "child" ? checkChildDocument(parts(["parent", "child", "chain"])) : checkReassignmentDocument(parts(["prior", "next", "parent", "chain", "attempts", "checkpoints"]));
  const valid = !read.findings.some((f) => f.severity === "error" && f.dimension === undefined);
  if (valid) return { valid, read, report: read };
  return { valid, read, report: c.op === "child" ? checkSubdelegation(c.parent as never, c.child, c.chain as never) : checkReassignment(c.prior, c.next, c.parent, c.chain, c.attempts, c.checkpoints) };
}

/** The retry policy between the attempts, under the next revision (checkAttempts), as "CODE retry". */
function retryFindings(c: Case): string[] {
  if (c.op !== "reassign" || c.attempts === undefined) return [];
  return checkAttempts(c.next, c.attempts, c.checkpoints).findings.filter((f) => f.severity === "error" && f.code.startsWith("RETRY_")).map((f) => `${f.code} retry`);
}

/**
 * What checkAttempts says of the attempts against the prior revision's limits (its budget and spend, README note 113:
 * an attempt naming the prior's revision id under another digest is counted), as "CODE prior".
 */
function priorBudgetFindings(c: Case): string[] {
  if (c.op !== "reassign" || c.attempts === undefined) return [];
  return checkAttempts(c.prior, c.attempts, c.checkpoints).findings.filter((f) => f.severity === "error" && (f.dimension === "budget" || f.dimension === "spend") && ["BUDGET_EXCEEDED", "SPEND_EXCEEDS", "SPEND_NO_AUTHORITY"].includes(f.code)).map((f) => `${f.code} prior`);
}

/**
 * What validateRecord says of each attempt and checkpoint, each validated once: TIME_ORDER at its own time, expected at or
 * before its issued_at, as "TIME_ORDER <field>" (README note 176), and each schema refusal (DELEGATION_SCHEMA, after which
 * the record is read no further; the generator draws a malformed receipt_ref on purpose) as "DELEGATION_SCHEMA <path>",
 * its list indexes left out. Validation findings with no dimension, which the report of a document refused at validation
 * does not carry. And each ATTEMPT_OUTCOME_EFFECTS (an outcome its effects contradict, drawn on purpose) as
 * "ATTEMPT_OUTCOME_EFFECTS effects.status", alike.
 */
const RECORD_REFUSALS: readonly string[] = ["DELEGATION_SCHEMA", "ATTEMPT_OUTCOME_EFFECTS"];

function recordFindings(c: Case): string[] {
  const records: unknown[] = [...(c.attempts ?? []), ...(c.checkpoints ?? [])];
  return records.flatMap((r) =>
    (validateRecord(r).findings as readonly Finding[]).flatMap((f) =>
      f.code === "TIME_ORDER" && f.expected?.startsWith("at or before ") === true ? [`TIME_ORDER ${f.path}`] : RECORD_REFUSALS.includes(f.code) ? [`${f.code} ${(f.path ?? "").replace(/\.\d+(?=\.|$)/g, "")}`] : [],
    ),
  );
}

const out: string[] = [];
for await (const text of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (text === "") continue;
  const c = JSON.parse(text) as Case;
  const { valid, read, report } = judge(c);
  const findings = [...new Set([...report.findings.filter((f) => f.severity === "error" && f.dimension !== undefined).map((f) => `${f.code} ${f.dimension}`), ...retryFindings(c), ...priorBudgetFindings(c), ...recordFindings(c), ...digestConflictRefusals(read.findings)])].sort();
  out.push(JSON.stringify({ valid, ok: findings.length === 0, findings }));
}
process.stdout.write(out.join("\n") + (out.length > 0 ? "\n" : ""));

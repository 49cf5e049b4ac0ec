/**
 * The parts of each check's input document (`{ parent, child, chain, siblings? }` and the rest):
 * those the check cannot run without, and the optional ones. The adapters read this table to
 * refuse a call that lacks a part before any check runs (the CLI's usage error, the Worker's
 * `400`), so the two never disagree on what a call needs; the document checks still answer a part
 * missing with a finding, for a caller of the core that skips that step.
 */
import { isTableName, shownName } from "./_table-names.js";

export type DocumentCheck = "check-child" | "check-reassignment" | "check-attempts" | "check-card-revision" | "check-fences" | "evaluate";

export interface DocumentParts {
  readonly required: readonly string[];
  readonly optional: readonly string[];
}

export const DOCUMENT_PARTS: Readonly<Record<DocumentCheck, DocumentParts>> = {
  "check-child": { required: ["parent", "child", "chain"], optional: ["siblings"] },
  "check-reassignment": { required: ["prior", "next"], optional: ["parent", "chain", "attempts", "checkpoints"] },
  "check-attempts": { required: ["contract", "attempts"], optional: ["checkpoints"] },
  "check-card-revision": { required: ["prior", "next"], optional: [] },
  "check-fences": { required: ["fences", "heads"], optional: ["required"] },
  evaluate: { required: ["contract", "card", "request", "fences", "heads", "policy_ref", "evaluator_ref"], optional: ["approvals", "chain"] },
};

/**
 * The members of a check's document that are none of its parts (`checkpoint` for `checkpoints`),
 * in the order given: a part misspelt would otherwise go unread, and the check it feeds skipped.
 * A check outside DOCUMENT_PARTS, or a document that is no object of parts, is a misuse (the
 * adapters read the check's name from their own table and the document's members from JSON).
 */
export function strayParts(check: DocumentCheck, document: Readonly<Record<string, unknown>>): string[] {
  if (!isTableName(DOCUMENT_PARTS, check)) throw new RangeError(`strayParts: ${shownName(check)} is not a document check (${Object.keys(DOCUMENT_PARTS).join(", ")})`);
  if (document === null || typeof document !== "object" || Array.isArray(document)) throw new TypeError(`strayParts: the document is an object of parts, not ${shownName(document)}`);
  const { required, optional } = DOCUMENT_PARTS[check];
  return Object.keys(document).filter((member) => !required.includes(member) && !optional.includes(member));
}

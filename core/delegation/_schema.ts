/** Valibot's issues as findings: `DELEGATION_SCHEMA` with the dotted path, or a more exact code. */
import * as v from "valibot";
import { delegationFinding } from "./codes.js";
import type { DelegationCode, DelegationFinding } from "./codes.js";

/** Messages of checks that have a code of their own. */
// The more exact first: both consent and principal messages say "never an email address".
const EXACT: readonly (readonly [string, DelegationCode])[] = [
  ["not personal data", "CONSENT_PERSONAL_DATA"],
  ["never an email address", "PRINCIPAL_EMAIL"],
];

/**
 * What follows the path: " is required", the schema's own words (" is a digest: ...", " must not
 * be empty"), or, for valibot's generic "Invalid type: Expected X but received Y", ": expected X,
 * received Y", as a profile's schema findings say it.
 */
function describe(issue: v.BaseIssue<unknown>): string {
  if (issue.kind === "schema" && issue.received === "undefined") return " is required";
  if (issue.kind === "schema" && issue.expected !== null && issue.message.startsWith("Invalid ")) return `: expected ${issue.expected}, received ${issue.received}`;
  return issue.message.startsWith("Invalid ") ? `: ${issue.message}` : ` ${issue.message}`;
}

/** Parses `input` with `schema`; on failure, one finding an issue (deepest first, as valibot reports). */
export function parseWith<T>(schema: v.GenericSchema<unknown, T>, input: unknown, prefix = ""): { value: T | null; findings: DelegationFinding[] } {
  const parsed = v.safeParse(schema, input);
  if (parsed.success) return { value: parsed.output, findings: [] };
  const findings = parsed.issues.map((issue) => {
    const inner = v.getDotPath(issue) ?? "";
    const path = prefix === "" ? inner : inner === "" ? prefix : `${prefix}.${inner}`;
    const message = describe(issue);
    const code = EXACT.find(([text]) => message.includes(text))?.[1] ?? "DELEGATION_SCHEMA";
    return delegationFinding(code, `${path === "" ? "the document" : path}${message}`, { path });
  });
  return { value: null, findings };
}

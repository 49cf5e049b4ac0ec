/**
 * The conformance suite, independent of any test runner or runtime: give it the vectors and an
 * implementation of the API and it returns what differs. Node runs it now; the Worker and the
 * browser will run the same vectors through the same function.
 */
import type { Finding, LineCheck, Message, Result, Vocabulary, VocabularyResolver } from "../../core/index.js";
import type { Envelope } from "../../core/index.js";

export interface Vector {
  readonly id: string;
  /** An RW1 line to read as a receiver does. */
  readonly line?: string;
  /** The JSON form: what `line` parses to, or (without `line`) the input to format. */
  readonly json?: unknown;
  /** h= of the message. */
  readonly h?: string;
  /** Every finding, as CODE, CODE:slot, CODE@at or CODE:slot@at (order not significant). */
  readonly findings?: readonly string[];
  /** The UN a receiver sends for the line. */
  readonly refusal?: { readonly as: string; readonly n?: number; readonly line: string };
  /** The line `json` formats to. */
  readonly format?: string;
}

export interface Implementation {
  checkLine(text: string, vocabulary: VocabularyResolver): LineCheck;
  checkMessage(input: unknown, vocabulary: VocabularyResolver): LineCheck;
  formatLine(message: Message): Result<string>;
  digest(message: Message): string;
  refusal(subject: Message | Envelope, findings: readonly Finding[], receiver: string, n?: number): Result<string>;
  resolve(profile: string | null): Vocabulary | undefined;
}

export function parseVectors(jsonl: string): Vector[] {
  return jsonl
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Vector);
}

/** A finding as the vectors write it. */
export function render(f: Finding, withPosition: boolean): string {
  return `${f.code}${f.slot === undefined ? "" : `:${f.slot}`}${withPosition && f.at !== undefined ? `@${f.at}` : ""}`;
}

const sorted = (xs: readonly string[]): string[] => [...xs].sort();
const same = (a: unknown, b: unknown): boolean => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
function canonical(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(canonical);
  if (v !== null && typeof v === "object") {
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, canonical((v as Record<string, unknown>)[k])]));
  }
  return v;
}

/** Runs one vector; returns one line per difference (empty: the implementation conforms). */
export function runVector(vector: Vector, api: Implementation): string[] {
  const problems: string[] = [];
  const expectFindings = (actual: readonly string[]): void => {
    const want = sorted(vector.findings ?? []);
    const got = sorted(actual);
    if (JSON.stringify(want) !== JSON.stringify(got)) problems.push(`findings: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
  };
  if (vector.line !== undefined) {
    const c = api.checkLine(vector.line, api.resolve);
    expectFindings(c.findings.map((f) => render(f, true)));
    if (vector.json !== undefined) {
      if (!c.ok) problems.push("the line is refused but the vector says it is valid");
      if (!same(c.message, vector.json)) problems.push(`JSON form: want ${JSON.stringify(vector.json)}, got ${JSON.stringify(c.message)}`);
      if (c.message !== null) {
        if (vector.h !== undefined && api.digest(c.message) !== vector.h) problems.push(`h: want ${vector.h}, got ${api.digest(c.message)}`);
        const again = api.formatLine(c.message);
        if (!again.ok) problems.push(`formatLine refused the message: ${JSON.stringify(again.findings)}`);
        else if (!same(api.checkLine(again.value, api.resolve).message, vector.json)) problems.push(`round trip changed the message: ${again.value}`);
      }
    } else if (c.ok && (vector.findings ?? []).length > 0 && (vector.findings ?? []).some((f) => !/^(SLOT_UNKNOWN|SLOT_NOT_ON_TYPE|CONSTRAINT_KEY_UNKNOWN|KEYS_UNCHECKED|OPTS_UNREAD|AGENT_NOT_IN_PROFILE)/.test(f))) {
      problems.push("the line is accepted but the vector expects it refused");
    }
    if (vector.refusal !== undefined) {
      const r = api.refusal(c.message ?? c.envelope, c.findings, vector.refusal.as, vector.refusal.n ?? 1);
      if (!r.ok) problems.push(`refusal failed: ${JSON.stringify(r.findings)}`);
      else if (r.value !== vector.refusal.line) problems.push(`refusal: want ${vector.refusal.line}, got ${r.value}`);
    }
    return problems;
  }
  // A JSON form to read and format.
  const c = api.checkMessage(vector.json, api.resolve);
  const formatted = c.ok && c.message !== null ? api.formatLine(c.message) : null;
  expectFindings([...c.findings, ...(formatted?.findings ?? [])].map((f) => render(f, false)));
  if (vector.format !== undefined) {
    if (formatted === null || !formatted.ok) problems.push("not formatted");
    else {
      if (formatted.value !== vector.format) problems.push(`format: want ${vector.format}, got ${formatted.value}`);
      if (!same(api.checkLine(formatted.value, api.resolve).message, vector.json)) problems.push("the formatted line does not parse back to the JSON form");
    }
  } else if (formatted?.ok) problems.push(`formatted a message the vector expects refused: ${formatted.value}`);
  return problems;
}

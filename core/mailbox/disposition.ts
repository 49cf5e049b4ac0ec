/**
 * Dispositions (sections 3, 7, 9): append-only transitions keyed by inbound UUID, each with its
 * CTA state and the exact evidence it rests on. The last valid transition is the effective one;
 * an invalid transition is reported and skipped, never guessed at.
 */
import * as v from "valibot";
import { isDate } from "../check-value.js";
import { afterDate } from "../time.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { isUuid7 } from "./uuid7.js";
import { CTA_STATES, DISPOSITION_STATES, LIVE_CTA } from "./vocabulary.js";
import type { CtaState, DispositionState } from "./vocabulary.js";

/** One transition as stored (one JSON object a line in the CLI's state folder). */
export interface Disposition {
  readonly id: string;
  readonly state: DispositionState;
  readonly cta: CtaState;
  /** When it was recorded, ISO 8601 UTC. */
  readonly at?: string;
  /** `replied`: the exact causal reply's UUID. */
  readonly reply?: string;
  readonly request_id?: string;
  /** `acted`: the independently verified effect (an idempotency key, a commit, a hash). */
  readonly effect?: string;
  /** `superseded-by-correction`: the correction's UUID. */
  readonly correction?: string;
  /** `rejected-scope`, or any Handler direction: the record of the Handler's decision. */
  readonly handler?: string;
  /** `deferred`: who resumes it, and the exact time (ISO 8601 UTC). */
  readonly owner?: string;
  readonly resume_after?: string;
  /** A blocker or lease's expiry (ISO 8601 UTC): past it, escalation is due. */
  readonly expires?: string;
  /** `needs-audit` with live work: the independent record work continues on, or why it is blocked. */
  readonly work_continues?: string;
  readonly work_blocked_reason?: string;
  readonly reason?: string;
  /**
   * SHA-256 of the message file's bytes as handled, lowercase hex: messages are create-once (3),
   * so bytes that differ later were edited in place after handling (MESSAGE_CHANGED).
   */
  readonly fingerprint?: string;
}

const ISO_UTC = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d|60)(?:\.\d{1,3})?)?Z$/;

/**
 * Epoch ms of an ISO 8601 UTC time (`2026-10-02T09:00:00Z`), or null. The date must exist:
 * `Date.parse` carries 2026-02-30 into March and 24:00 into the next day, which would move a
 * deferral's `resume_after` silently (as RW1's times and the filenames, hours stop at 23).
 * A leap second is a time too (ISO 8601 and RFC 3339 let a second be 60; README note 80, as RW-003's
 * note 68): 23:59:60Z on a month's last day, with any fraction, read as the next day's 00:00:00.000,
 * the first instant a clock without leap seconds shows after it, so a deferral is never due early
 * and orders after every other time of its day. Anywhere else a second of 60 is none.
 */
export function isoTime(text: unknown): number | null {
  if (typeof text !== "string") return null;
  const m = ISO_UTC.exec(text);
  if (m === null || !isDate(`${m[1]}${m[2]}${m[3]}`)) return null;
  if (m[6] === "60") {
    const lastDay = !isDate(`${m[1]}${m[2]}${String(Number(m[3]) + 1).padStart(2, "0")}`);
    // afterDate, not Date.UTC, which reads the years 0 to 99 as 1900 to 1999 (README note 90).
    return lastDay && m[4] === "23" && m[5] === "59" ? afterDate(`${m[1]}${m[2]}${m[3]}`) : null;
  }
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

const str = v.optional(v.pipe(v.string(), v.minLength(1)));
const schema = v.looseObject({
  id: v.custom<string>((x) => isUuid7(x), "id: the inbound message's UUIDv7"),
  state: v.picklist(Object.keys(DISPOSITION_STATES) as DispositionState[], `state: one of ${Object.keys(DISPOSITION_STATES).join(", ")}`),
  cta: v.picklist(CTA_STATES, `cta: one of ${CTA_STATES.join(", ")}`),
  at: v.optional(v.custom<string>((x) => isoTime(x) !== null, "at: ISO 8601 UTC")),
  reply: v.optional(v.custom<string>((x) => isUuid7(x), "reply: the reply's UUIDv7")),
  request_id: v.optional(v.custom<string>((x) => isUuid7(x), "request_id: a UUIDv7")),
  effect: str,
  correction: v.optional(v.custom<string>((x) => isUuid7(x), "correction: the correction's UUIDv7")),
  handler: str,
  owner: str,
  resume_after: v.optional(v.custom<string>((x) => isoTime(x) !== null, "resume_after: ISO 8601 UTC")),
  expires: v.optional(v.custom<string>((x) => isoTime(x) !== null, "expires: ISO 8601 UTC")),
  work_continues: str,
  work_blocked_reason: str,
  reason: str,
  fingerprint: v.optional(v.custom<string>((x) => typeof x === "string" && /^[0-9a-f]{64}$/.test(x), "fingerprint: the SHA-256 of the message file's bytes, 64 lowercase hex digits")),
});

/** The evidence each state needs (sections 3 and 7). */
function evidenceProblem(d: Disposition): string | null {
  switch (d.state) {
    case "replied":
      return d.reply === undefined ? "replied needs reply: the exact causal reply's UUID" : null;
    case "acted":
      return d.effect === undefined ? "acted needs effect: the independently verified effect" : null;
    case "rejected-scope":
      return d.handler === undefined ? "rejected-scope needs handler: the Handler's refusal" : null;
    case "superseded-by-correction":
      return d.correction === undefined ? "superseded-by-correction needs correction: the correction's UUID" : null;
    case "deferred":
      return d.owner === undefined || d.resume_after === undefined ? "deferred needs an owner and an exact resume_after" : null;
    case "needs-audit":
      return LIVE_CTA.has(d.cta) && d.work_continues === undefined && d.work_blocked_reason === undefined ? "needs-audit with live work records work_continues (with its evidence) or work_blocked_reason" : null;
    default:
      return null;
  }
}

/** Audit states: transitional `needs-audit` and quarantined `historical-debt` (section 3). */
const AUDIT_STATES: ReadonlySet<string> = /* @__PURE__ */ new Set(["needs-audit", "historical-debt"]);

/**
 * Section 3: `needs-audit` "exits only through a later append-only transition backed by the missing
 * exact evidence, a bounded correction, or a current Handler decision", and `historical-debt` only
 * after an inspection whose "exact evidence may support a terminal transition" (unresolved
 * ambiguity "becomes needs-audit"). So a transition out of an audit state carries that evidence:
 * `reply`, `effect`, `correction` or `handler`. Without it, only `needs-audit` may follow.
 */
function auditExitProblem(previous: Disposition | undefined, d: Disposition): string | null {
  if (previous === undefined || !AUDIT_STATES.has(previous.state) || d.state === "needs-audit") return null;
  if (d.reply !== undefined || d.effect !== undefined || d.correction !== undefined || d.handler !== undefined) return null;
  return `${previous.state} exits only through a transition backed by exact evidence (reply, effect, correction) or a Handler decision (handler); ${d.state} carries none, so ${previous.state} stays effective`;
}

/**
 * Reads raw transitions (in append order) into the effective disposition of each UUID. `where`
 * names a transition for its findings (the CLI gives file and line).
 */
export function effectiveDispositions(records: readonly unknown[], where: (index: number) => { file?: string; line?: number } = () => ({})): { effective: Map<string, Disposition>; findings: MailboxFinding[]; handled: Map<string, string> } {
  const effective = new Map<string, Disposition>();
  // The bytes last recorded as handled, per UUID: a later transition without a fingerprint does not
  // erase that evidence, one with a fingerprint (the bytes now there, once audited) replaces it.
  const handled = new Map<string, string>();
  const findings: MailboxFinding[] = [];
  // Every index, a hole too (forEach skips one): a transition missing is skipped with a finding, never unseen.
  Array.from(records).forEach((record, i) => {
    const parsed = v.safeParse(schema, record);
    const problem = parsed.success ? (evidenceProblem(parsed.output as Disposition) ?? auditExitProblem(effective.get(parsed.output.id), parsed.output as Disposition)) : parsed.issues.map((issue) => issue.message).join("; ");
    if (problem !== null || !parsed.success) {
      const id = record !== null && typeof record === "object" && isUuid7((record as { id?: unknown }).id) ? { id: (record as { id: string }).id } : {};
      findings.push(mailboxFinding("DISPOSITION_INVALID", `transition ${i + 1} is skipped: ${problem}`, { ...where(i), ...id }));
      return;
    }
    effective.set(parsed.output.id, parsed.output as Disposition);
    if (parsed.output.fingerprint !== undefined) handled.set(parsed.output.id, parsed.output.fingerprint);
  });
  return { effective, findings, handled };
}

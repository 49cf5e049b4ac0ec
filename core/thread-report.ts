/**
 * What check-thread reports (core/thread): findings placed in the conversation, the owner of every
 * item under rule 1, and counts.
 */
import type { Finding } from "./finding.js";

/**
 * A finding about one handoff, placed in the conversation. `slot`, `expected` and `received` carry
 * values as for any finding (a CX from the wrong agent: `slot` from, `expected` the HO's sender,
 * `received` the CX's `from`); the ids of the handoff and of the message concerned are fields.
 */
export interface ThreadFinding extends Finding {
  /** The HO it is about (an AN's: the HO whose readback or CX it answers, or the AQ it answers; for an unmatched reply: the id its `re=` names). */
  readonly handoff: string;
  /** The message that shows it: the HO itself when it is about the HO's state at the end. */
  readonly id: string;
  /** That message's line, when the caller gave line numbers. */
  readonly line: number | null;
  /** For a void or unverified readback: check-rb's failures, the reasons. */
  readonly causes?: readonly Finding[];
}

/** Why the first sender still holds an item some readback came for: the last such readback was void, unverified, or late (after its HO closed, not checked). */
export type ItemReadback = "void" | "unverified" | "late";

export interface ItemOwner {
  readonly item: string;
  readonly owner: string;
  /** The HO whose passing readback made `owner` the owner; null while the first sender holds it. */
  readonly handoff: string | null;
  /**
   * Only while the first sender holds it (`handoff` null) and readbacks of its HOs came, none
   * passing: the last one's verdict, or `late`. Absent when no readback came.
   */
  readonly readback?: ItemReadback;
}

/**
 * Where a handoff stands at the moment of a report: `open` (live, in time), `held` (its readback
 * was void, and it was neither re-issued nor cancelled), `orphaned` (still open past its exp or
 * due), `superseded` (a re-issue replaced it) or `closed` (by `closedBy`). The first three are the
 * live handoffs, each with its end-state finding in the report.
 */
export type HandoffStateName = "open" | "held" | "orphaned" | "superseded" | "closed";

export interface HandoffState {
  readonly id: string;
  readonly state: HandoffStateName;
  /** The message type that closed it, for `closed`. */
  readonly closedBy: "DN" | "UN" | "FL" | "CX" | null;
  /** Its readbacks so far: `wilco` once one passed, else the last one's verdict (`void` or `unverified`); null when none was checked. */
  readonly readback: "wilco" | "void" | "unverified" | null;
  /** The re-issue that replaced it, for `superseded`. */
  readonly supersededBy: string | null;
}

export interface ThreadCounts {
  readonly messages: number;
  readonly handoffs: number;
  /** Open and live (a superseded HO is not counted here). */
  readonly open: number;
  readonly closed: number;
  readonly cancelled: number;
  /** Open, and replaced by a re-issue. */
  readonly superseded: number;
  readonly readbacks: { readonly passed: number; readonly void: number; readonly unverified: number; readonly late: number };
  /** Handoffs that ended with no passing readback: by rule 1's re-issue or by a CX (5.4). Both valid. */
  readonly endedUnread: { readonly reissue: number; readonly cancel: number };
  /** The AQs (rule 2), each once: a retry under its id is the same AQ. */
  readonly questions: {
    readonly asked: number;
    /** By the receiver's first AN, or refused by its UN: either settles the AQ. */
    readonly answered: number;
    /** Unanswered at the report's moment, the overdue ones included: asked minus answered. */
    readonly open: number;
    /** Open past their `by=` date (THREAD_QUESTION_OVERDUE). */
    readonly overdue: number;
  };
}

export interface ThreadReport {
  /** No finding is an error. */
  readonly ok: boolean;
  /** Findings in the order the conversation showed them; those about the end state last. */
  readonly findings: readonly ThreadFinding[];
  /** Every item handed off, with its owner under rule 1, in order of first handoff. */
  readonly owners: readonly ItemOwner[];
  readonly counts: ThreadCounts;
}

/**
 * The verdict on a conversation read from text: its audit has no error, and every line was a
 * message. A line that is not one is left out of the thread, never guessed at, and fails the
 * verdict, since what it said is unknown. The CLI's exit code, the Worker's `ok` and the
 * playground's badge are this.
 */
export function threadVerdict(report: ThreadReport, invalid: number): boolean {
  return report.ok && invalid === 0;
}

/**
 * The checks a thread stores beside a line (README "A thread's size", note 144): an RB's readback
 * report and a DN's done check, each a row whose text counts in the thread's bytes bound
 * (stored-bytes.ts). Pure, so the thread-clock differential's replay makes the same rows and counts
 * the same bytes as the object, rather than restating what a row holds.
 */
import { checkReadback, readbackVerdict } from "../../core/index.js";
import type { Finding, Message, ReadbackExpectations, ReadbackReport, ReadbackVerdict, Vocabulary } from "../../core/index.js";
import { rowBytes } from "./stored-bytes.js";

export interface CheckedReadback {
  readonly rb: string;
  readonly handoff: string;
  /** `late`: the HO had already closed; the readback was not checked and ownership does not move. */
  readonly verdict: ReadbackVerdict | "late";
  /** check-rb's tiers; with a private challenge, what it would reveal is withheld (see redact). */
  readonly report: ReadbackReport | null;
}

/** A DN checked against its HO's plan (check-dn, section 5.3), as the thread stored it. */
export interface CheckedDone {
  readonly dn: string;
  readonly handoff: string;
  /** The readback taken as the plan for values the HO left to the receiver, or null. */
  readonly plan: string | null;
  readonly ok: boolean;
  readonly findings: readonly Finding[];
}

/** A check as its row stores it: the text column that holds it, and the UTF-8 bytes the row counts. */
export interface StoredRow<T> {
  readonly checked: T;
  readonly text: string | null;
  readonly bytes: number;
}

/**
 * check-rb of `rb` against its HO, as the thread records it: `late` (unchecked, no report) once the
 * audit said THREAD_READBACK_LATE, else check-rb's verdict with the HO's challenge (`expected`),
 * its report redacted when there is one.
 */
export function readbackRow(ho: Message, rb: Message, late: boolean, vocabulary: Vocabulary, expected: ReadbackExpectations | undefined): StoredRow<CheckedReadback> {
  let checked: CheckedReadback;
  if (late) checked = { rb: rb.id, handoff: ho.id, verdict: "late", report: null };
  else {
    const report = checkReadback(ho, rb, vocabulary, expected ?? {});
    checked = { rb: rb.id, handoff: ho.id, verdict: readbackVerdict(report), report: expected === undefined ? report : redact(report, expected) };
  }
  const text = checked.report === null ? null : JSON.stringify(checked.report);
  return { checked, text, bytes: rowBytes(checked.rb, checked.handoff, checked.verdict, text) };
}

/**
 * The done check the thread stores for `dn` on `handoff`: check-dn's `report` against the plan (the
 * readback `plan`, or none), and the tool's side (`tool`, a statement that ran or did not run
 * against what the DN reports), passing only when neither finds an error.
 */
export function checkedDone(dn: Message, handoff: string, plan: string | null, report: { readonly ok: boolean; readonly findings: readonly Finding[] }, tool: Finding | null): CheckedDone {
  return { dn: dn.id, handoff, plan, ok: report.ok && tool === null, findings: tool === null ? report.findings : [...report.findings, tool] };
}

/** A done check as its row stores it: its findings' JSON, and the row's bytes (dn, handoff, plan, findings). */
export function doneRow(done: CheckedDone): StoredRow<CheckedDone> {
  const text = JSON.stringify(done.findings);
  return { checked: done, text, bytes: rowBytes(done.dn, done.handoff, done.plan, text) };
}

/**
 * A finding about the sender's private challenge, as the receiver may see it: its code, severity
 * and slot. Its values go, `received` too: a value there can be the sender's (an unknown key of its
 * criteria, a record value that does not read), and the receiver knows what it sent itself.
 */
export function hide(f: Finding): Finding {
  const { expected: _expected, received: _received, message: _message, ...rest } = f;
  const what = f.severity === "error" ? "does not match the sender's private criteria or record" : "withheld: it concerns the sender's private criteria or record";
  return { ...rest, message: `${f.code}${f.slot === undefined ? "" : ` (${f.slot})`}: ${what}` };
}

/** A readback's report with the tiers the private challenge judged (4 for criteria, 5 for a record) hidden. */
function redact(report: ReadbackReport, expected: ReadbackExpectations): ReadbackReport {
  const withheld = (tier: number): boolean => (tier === 4 && expected.expectAcc !== undefined) || (tier === 5 && expected.record !== undefined);
  const tiers = report.tiers.map((t) => (withheld(t.tier) ? { ...t, findings: t.findings.map(hide) } : t)) as unknown as ReadbackReport["tiers"];
  return { ...report, tiers, notes: tiers.flatMap((t) => t.findings.filter((f) => f.severity === "note")) };
}

/**
 * A refusal the thread's object answers with, as plain data (RPC carries no error classes), and
 * the outcome of one of its steps. A file of its own, free of the object's runtime, so the pure
 * rules it calls (challenge-registration.ts) answer in the same words.
 */
import type { ProblemKindName } from "../problem.js";

/** A refusal the Worker turns into problem+json; RPC carries plain data, not error classes. */
export interface ThreadProblem {
  readonly problem: ProblemKindName;
  readonly detail: string;
  readonly extensions?: Readonly<Record<string, unknown>>;
}

export type Outcome<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: ThreadProblem };

export const problem = (kind: ProblemKindName, detail: string, extensions?: Record<string, unknown>): { ok: false; problem: ThreadProblem } => ({
  ok: false,
  problem: { problem: kind, detail, ...(extensions === undefined ? {} : { extensions }) },
});

/**
 * RW_DRAIN_MIB: how much of a refused body without a Content-Length the Worker reads and drops
 * before answering (worker/body.ts), a Worker variable (wrangler.jsonc `vars`, or the dashboard),
 * so a deployment sets it for its plan: 100 MiB when absent, which a Workers Paid plan spends
 * little CPU on; a Workers Free plan (10 ms of CPU a request) may want 16 (PERFORMANCE.md, fix-DM).
 * A whole number of MiB from 0 (none read: cut off at the limit) to DRAIN_MIB_MOST, given as a
 * number or its decimal text. Anything else is the operator's slip, answered as one (`500
 * worker-misconfigured`, naming the variable) on every request that carries a body, never read as
 * the default, which would hide that the setting is not what was meant.
 */
import type { Env } from "./env.js";
import { ProblemError } from "./problem.js";
import { shown } from "./shown.js";

export const DRAIN_VARIABLE = "RW_DRAIN_MIB";

/** The bound when the variable is absent (MiB). */
export const DRAIN_MIB_DEFAULT = 100;

/**
 * The most the variable may say (MiB): past it the bound binds nothing, since Cloudflare refuses a
 * body over 500 MB (Enterprise; 100 MB on Free and Pro) before the Worker runs.
 */
export const DRAIN_MIB_MOST = 512;

const MiB = 1024 * 1024;

/** The variable, read: the bound in bytes, or what is wrong with it. */
export type DrainBound = { readonly ok: true; readonly bytes: number } | { readonly ok: false; readonly detail: string };

/** Reads the variable as the Worker's env gives it: undefined, a number (a JSON var) or text. */
export function readDrainBound(value: unknown): DrainBound {
  if (value === undefined) return { ok: true, bytes: DRAIN_MIB_DEFAULT * MiB };
  const mib = typeof value === "number" ? value : typeof value === "string" && /^\d{1,16}$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isSafeInteger(mib) && mib >= 0 && mib <= DRAIN_MIB_MOST) return { ok: true, bytes: mib * MiB };
  const said = typeof value === "string" ? JSON.stringify(value) : typeof value === "number" ? String(value) : `a ${value === null ? "null" : Array.isArray(value) ? "list" : typeof value}`;
  return {
    ok: false,
    detail: `${DRAIN_VARIABLE} is ${shown(said)}; it must be a whole number of MiB from 0 to ${DRAIN_MIB_MOST} (as a number or its digits), the most of a refused body without Content-Length read and dropped before the 413 (0: none, the body cut off at the limit), or absent (${DRAIN_MIB_DEFAULT}). Until it is fixed every request that carries a body is refused, rather than drained by a bound nobody set`,
  };
}

/** The bound in bytes for this Worker, or the request refused: the variable cannot be read. */
export function drainBytes(env: Pick<Env, "RW_DRAIN_MIB">): number {
  const bound = readDrainBound(env.RW_DRAIN_MIB);
  if (!bound.ok) throw new ProblemError("worker-misconfigured", bound.detail, { variable: DRAIN_VARIABLE });
  return bound.bytes;
}

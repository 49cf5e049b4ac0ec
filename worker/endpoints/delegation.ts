/**
 * `POST /v1/delegation/validate | check-child | check-reassignment | check-attempts |
 * check-card-revision | check-fences | evaluate`: RW-003 records and the checks on them, as `rw delegation … --json` prints them: the core's report, unchanged. A record
 * or check that fails is a 200 with `ok: false` and its findings; problems are for requests the
 * Worker cannot read (a part missing, a field the route does not take).
 */
import { checkAttemptsDocument, checkCardRevisionDocument, checkChildDocument, checkFencesDocument, checkReassignmentDocument, DOCUMENT_PARTS, evaluatePermissionDocument, RECORD_KINDS, validateRecord } from "../../core/delegation/index.js";
import type { DocumentCheck, RecordKind } from "../../core/delegation/index.js";
import { Input } from "../input.js";
import { ProblemError } from "../problem.js";
import { json } from "../respond.js";
import type { Env } from "../env.js";
import type { RouteContext } from "../router.js";

/** The JSON body's parts: each required one present (a JSON value), the optional ones if given. */
async function parts(context: RouteContext<Env>, check: DocumentCheck): Promise<{ input: Input; doc: Record<string, unknown> }> {
  const { required, optional } = DOCUMENT_PARTS[check];
  // Numbers kept as the nearest double, as RW-003's unknown fields are retained (core/delegation/README.md).
  const input = await Input.read(context.request, context.url, context.env, ["json"], [...required, ...optional], {});
  const doc: Record<string, unknown> = {};
  for (const name of [...required, ...optional]) {
    const value = input.json(name);
    if (value === undefined) {
      if (required.includes(name)) throw new ProblemError("invalid-request", `${name}: required (the route takes ${required.join(", ")}${optional.length > 0 ? `, and optionally ${optional.join(", ")}` : ""})`, { parameter: name });
      continue;
    }
    doc[name] = value;
  }
  return { input, doc };
}

/** `rw delegation validate`: any RW-003 record; `kind`, `consequential`, `requireSignature` as options. */
export async function delegationValidateRoute(context: RouteContext<Env>): Promise<Response> {
  const input = await Input.read(context.request, context.url, context.env, ["json"], ["record", "kind", "consequential", "requireSignature"], {});
  const record = input.json("record");
  if (record === undefined) throw new ProblemError("invalid-request", "record: required (the RW-003 record to read)", { parameter: "record" });
  const kind = input.string("kind");
  if (kind !== undefined && !(RECORD_KINDS as readonly string[]).includes(kind)) throw new ProblemError("invalid-request", `kind: one of ${RECORD_KINDS.join(", ")}`, { parameter: "kind" });
  const r = validateRecord(record, { kind: kind as RecordKind | undefined, consequential: input.boolean("consequential") ?? false, requireSignature: input.boolean("requireSignature") ?? false });
  return json({ ok: r.ok, kind: r.kind, findings: r.findings });
}

/** `rw delegation check-child`: `{ parent, child, chain, siblings? }`. */
export async function delegationCheckChildRoute(context: RouteContext<Env>): Promise<Response> {
  const { doc } = await parts(context, "check-child");
  return json(checkChildDocument(doc));
}

/** `rw delegation check-reassignment`: `{ prior, next, parent?, chain?, attempts?, checkpoints? }`. */
export async function delegationCheckReassignmentRoute(context: RouteContext<Env>): Promise<Response> {
  const { doc } = await parts(context, "check-reassignment");
  return json(checkReassignmentDocument(doc));
}

/** `rw delegation check-attempts`: `{ contract, attempts, checkpoints? }`. */
export async function delegationCheckAttemptsRoute(context: RouteContext<Env>): Promise<Response> {
  const { doc } = await parts(context, "check-attempts");
  return json(checkAttemptsDocument(doc));
}

/** `rw delegation check-card-revision`: `{ prior, next }`. */
export async function delegationCheckCardRevisionRoute(context: RouteContext<Env>): Promise<Response> {
  const { doc } = await parts(context, "check-card-revision");
  return json(checkCardRevisionDocument(doc));
}

/** `rw delegation check-fences`: `{ fences, heads, required? }`. */
export async function delegationCheckFencesRoute(context: RouteContext<Env>): Promise<Response> {
  const { doc } = await parts(context, "check-fences");
  return json(checkFencesDocument(doc));
}

/** `rw delegation evaluate`: `{ contract, card, request, fences, heads, approvals?, chain?, policy_ref, evaluator_ref }`. */
export async function delegationEvaluateRoute(context: RouteContext<Env>): Promise<Response> {
  const { doc } = await parts(context, "evaluate");
  return json(evaluatePermissionDocument(doc));
}

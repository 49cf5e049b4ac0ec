/**
 * The RW-003 conformance cases (test/conformance/delegation/), runnable against the core in any
 * runtime: returns what differs. A case is a list of steps; a step runs one check on one JSON
 * document and names the outcome it must give. Documents are built from the named records in
 * records/ (`{"$record": "d-parent-1", "patch": [...]}`, the patch an RFC 6902 subset: add,
 * replace, remove), so a negative states only what it changes.
 */
import type * as Delegation from "../../core/delegation/index.js";

export type Op = "validate" | "check-child" | "check-reassignment" | "check-card-revision" | "check-attempts" | "check-fences" | "evaluate";

export interface Expect {
  /** The check passed (allow, current, valid). */
  ok: boolean;
  /** Every error code, sorted, once each. */
  codes: string[];
  /** Every note code, sorted, once each (checked only when given). */
  notes?: string[];
  /** validate: the kind read. */
  kind?: string;
  /** check-child, check-reassignment: the failed dimensions, in table order. */
  failed?: string[];
  /** check-fences: `<branch_id> <result>` for each fenced stream. */
  streams?: string[];
  /** evaluate: the rules that matched (checked only when given). */
  matched?: string[];
}

export interface Step {
  name: string;
  op: Op;
  input: unknown;
  options?: { kind?: string; consequential?: boolean; requireSignature?: boolean };
  expect: Expect;
}

export interface DelegationCase {
  id: string;
  section: string;
  about: string;
  steps: Step[];
}

export interface Negative extends Step {
  id: string;
  /** The rule broken, with where the spec states it. */
  rule: string;
}

export type Records = Readonly<Record<string, unknown>>;
type Api = typeof Delegation;
type Patch = { op: "add" | "replace" | "remove"; path: string; value?: unknown };

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

function applyPatch(document: unknown, patch: readonly Patch[]): unknown {
  const root = { doc: clone(document) } as Record<string, unknown>;
  for (const p of patch) {
    const keys = ["doc", ...p.path.split("/").slice(1).map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"))];
    let target = root as Record<string, unknown> | unknown[];
    for (const k of keys.slice(0, -1)) target = (target as Record<string, unknown>)[k] as Record<string, unknown>;
    const last = keys[keys.length - 1] as string;
    if (target === undefined || target === null) throw new Error(`patch path ${p.path} does not exist`);
    if (Array.isArray(target)) {
      const i = last === "-" ? target.length : Number(last);
      if (p.op === "remove") target.splice(i, 1);
      else if (p.op === "add") target.splice(i, 0, clone(p.value));
      else target[i] = clone(p.value);
    } else if (p.op === "remove") {
      if (!(last in target)) throw new Error(`patch path ${p.path} does not exist`);
      delete target[last];
    } else {
      if (p.op === "replace" && !(last in target)) throw new Error(`patch path ${p.path} does not exist`);
      target[last] = clone(p.value);
    }
  }
  return root["doc"];
}

/** A template with its `$record` references resolved and patches applied. */
export function build(template: unknown, records: Records): unknown {
  if (Array.isArray(template)) return template.map((t) => build(t, records));
  if (template === null || typeof template !== "object") return template;
  const t = template as Record<string, unknown>;
  if (typeof t["$record"] === "string") {
    const name = t["$record"];
    if (!Object.hasOwn(records, name)) throw new Error(`no record ${name}`);
    return applyPatch(records[name], (t["patch"] ?? []) as Patch[]);
  }
  return Object.fromEntries(Object.entries(t).map(([k, v]) => [k, build(v, records)]));
}

const sortedCodes = (findings: readonly { code: string; severity: string }[], severity: string): string[] => [...new Set(findings.filter((f) => f.severity === severity).map((f) => f.code))].sort();

interface Outcome {
  ok: boolean;
  findings: readonly { code: string; severity: string; message: string }[];
  kind?: string | null;
  failed?: readonly string[];
  streams?: readonly { branch_id: string; result: string }[];
  matched?: readonly { rule: string }[];
}

function run(step: Step, input: unknown, api: Api): Outcome {
  switch (step.op) {
    case "validate": {
      const r = api.validateRecord(input, (step.options ?? {}) as Delegation.ValidateOptions);
      return { ok: r.ok, findings: r.findings, kind: r.kind };
    }
    case "check-child":
      return api.checkChildDocument(input);
    case "check-reassignment":
      return api.checkReassignmentDocument(input);
    case "check-card-revision":
      return api.checkCardRevisionDocument(input);
    case "check-attempts":
      return api.checkAttemptsDocument(input);
    case "check-fences":
      return api.checkFencesDocument(input);
    case "evaluate": {
      const r = api.evaluatePermissionDocument(input);
      return { ok: r.ok, findings: r.findings, matched: r.matched_rules };
    }
  }
}

/** Runs one step; returns the differences from what it expects (empty: it passed). */
export function runStep(step: Step, records: Records, api: Api): string[] {
  const got = run(step, build(step.input, records), api);
  const problems: string[] = [];
  const want = step.expect;
  const same = (what: string, a: unknown, b: unknown): void => {
    if (JSON.stringify(a) !== JSON.stringify(b)) problems.push(`${what}: want ${JSON.stringify(a)}, got ${JSON.stringify(b)}`);
  };
  same("ok", want.ok, got.ok);
  same("codes", want.codes, sortedCodes(got.findings, "error"));
  if (want.notes !== undefined) same("notes", want.notes, sortedCodes(got.findings, "note"));
  if (want.kind !== undefined) same("kind", want.kind, got.kind);
  if (want.failed !== undefined) same("failed", want.failed, got.failed);
  if (want.streams !== undefined) same("streams", want.streams, (got.streams ?? []).map((s) => `${s.branch_id} ${s.result}`));
  if (want.matched !== undefined) same("matched", want.matched, (got.matched ?? []).map((m) => m.rule));
  if (problems.length > 0) problems.push(`findings: ${got.findings.map((f) => `${f.code}: ${f.message}`).join(" | ")}`);
  return problems;
}

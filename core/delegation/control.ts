/**
 * Control streams (section 1.2): ControlScopeRef, ControlBoundaryRef, ControlFenceSet and the
 * current heads an effect is checked against. A position belongs to one stream, the exact
 * `{project_id, branch_id}`: the types carry the stream, so comparing positions of two streams,
 * or a control position with a project position, does not compile (test/core/delegation/types.test-d.ts).
 */
import * as v from "valibot";
import { digestSchema, objectOf, recordIdSchema, revisionRefSchema, WHOLE_NUMBER } from "./scalars.js";
import type { Digest, RecordId, RevisionRef } from "./scalars.js";
import { CONTROL_PROJECT_PREFIX, SCOPE_KINDS, SCOPE_STATES } from "./vocabulary.js";
import type { ScopeKind, ScopeState } from "./vocabulary.js";

declare const CONTROL: unique symbol;
declare const PROJECT: unique symbol;

/** A position in control stream `S` (`<project_id> <branch_id>`). Not a number to compare freely. */
export type ControlPosition<S extends string = string> = number & { readonly [CONTROL]: S };
/** A position in RW-002 project branch `S`. Never comparable with a control position. */
export type ProjectPosition<S extends string = string> = number & { readonly [PROJECT]: S };

export interface ControlScopeRef {
  readonly space_id: RecordId;
  readonly scope_kind: ScopeKind;
  readonly scope_id: RecordId;
}

export interface ControlBoundaryRef<S extends string = string> {
  readonly project_id: string;
  readonly branch_id: string;
  readonly position: ControlPosition<S>;
  readonly event_id: RecordId;
  readonly event_digest: Digest;
}

/** Sorted by `project_id` then `branch_id`, one boundary a stream. */
export type ControlFenceSet = readonly ControlBoundaryRef[];

/**
 * A stream's current head as the evaluator reads it at the append boundary: the boundary, the
 * projected state of the scope, and the authority record in force at that head (the current
 * contract revision of a delegation stream, the current card of an agent stream). Optional in the
 * shape; `evaluatePermission` denies (HEAD_RECORD_UNRESOLVED) when the contract's own delegation
 * head or the executing agent's head names none, since the revision in force is then unresolved.
 */
export interface ControlHead<S extends string = string> extends ControlBoundaryRef<S> {
  readonly state: ScopeState;
  readonly record_ref?: RevisionRef | null | undefined;
}

/** An RW-002 project event position, as a checkpoint records it. */
export interface ProjectBoundary<S extends string = string> {
  readonly project_id: string;
  readonly branch_id: string;
  readonly position: ProjectPosition<S>;
}

const POSITION = v.pipe(v.number(), v.safeInteger(WHOLE_NUMBER), v.minValue(0, "is not negative"));
const BRANCH = v.pipe(v.string(), v.regex(/^(?:space|agent|delegation|consent|policy|attempt):[\x21-\x7e]{1,256}$/, "is <scope_kind>:<scope_id>, scope_kind one of space agent delegation consent policy attempt"));

/**
 * A space scope is the Space itself: its policy stream is `space:<space_id>` in
 * `rw-control:<space_id>` ("Space policy ... changes append to their corresponding authority
 * branches", 1.2). A space scope naming another id inside a Space's control project is no Space's
 * stream, and fencing it leaves the Space's own policy unfenced (README note 158).
 */
export const controlScopeRefSchema: v.GenericSchema<unknown, ControlScopeRef> = v.pipe(
  objectOf({
    space_id: recordIdSchema,
    scope_kind: v.picklist(SCOPE_KINDS, `is one of ${SCOPE_KINDS.join(", ")}`),
    scope_id: recordIdSchema,
  }),
  v.forward(
    v.check((s) => s.scope_kind !== "space" || s.scope_id === s.space_id, "is the space_id itself in a space scope: a Space's policy stream is space:<space_id> in rw-control:<space_id> (section 1.2)"),
    ["scope_id"],
  ),
);

export const controlBoundaryRefSchema: v.GenericSchema<unknown, ControlBoundaryRef> = objectOf({
  project_id: recordIdSchema,
  branch_id: BRANCH,
  position: POSITION,
  event_id: recordIdSchema,
  event_digest: digestSchema,
}) as unknown as v.GenericSchema<unknown, ControlBoundaryRef>;

/** The shape of a fence set; sorting, duplicates and audit branches are checked by `fenceSetFindings`. */
export const controlFenceSetSchema: v.GenericSchema<unknown, ControlFenceSet> = v.array(controlBoundaryRefSchema);

export const controlHeadSchema: v.GenericSchema<unknown, ControlHead> = objectOf({
  project_id: recordIdSchema,
  branch_id: BRANCH,
  position: POSITION,
  event_id: recordIdSchema,
  event_digest: digestSchema,
  state: v.picklist(SCOPE_STATES, `is one of ${SCOPE_STATES.join(", ")}`),
  record_ref: v.optional(v.nullable(revisionRefSchema)),
}) as unknown as v.GenericSchema<unknown, ControlHead>;

/**
 * An RW-002 research project position, never a control one: "The reserved control project contains
 * no research objects", and control and project positions "MUST NOT substitute for" one another
 * (1.1, 1.2; README note 159).
 */
export const projectBoundarySchema: v.GenericSchema<unknown, ProjectBoundary> = objectOf({
  project_id: v.pipe(
    recordIdSchema,
    v.check((id) => !id.startsWith(CONTROL_PROJECT_PREFIX), `is an RW-002 research project, not a reserved ${CONTROL_PROJECT_PREFIX}<space_id> control project: a control position never stands for a project position (sections 1.1, 1.2)`),
  ),
  branch_id: recordIdSchema,
  position: POSITION,
}) as unknown as v.GenericSchema<unknown, ProjectBoundary>;

/** The stream a boundary belongs to: the exact `{project_id, branch_id}`, as one key. */
export function streamOf(boundary: { readonly project_id: string; readonly branch_id: string }): string {
  return `${boundary.project_id} ${boundary.branch_id}`;
}

/** The control branch of a scope: `project_id = rw-control:<space_id>`, `branch_id = <kind>:<id>`. */
export function branchOf(scope: ControlScopeRef): { readonly project_id: string; readonly branch_id: string } {
  return { project_id: `rw-control:${scope.space_id}`, branch_id: `${scope.scope_kind}:${scope.scope_id}` };
}

/**
 * Orders two positions of the same stream. The types refuse positions of two streams (the second
 * argument does not widen `S`) and project positions; a bare number needs an explicit cast.
 */
export function comparePositions<S extends string>(a: ControlPosition<S>, b: ControlPosition<NoInfer<S>>): -1 | 0 | 1 {
  return a === b ? 0 : a < b ? -1 : 1;
}

/**
 * Orders two boundaries when they are in the same stream, else says they are incomparable: what
 * a caller holding boundaries read from JSON (stream `string`) uses. Never compares across streams.
 */
export function compareBoundaries<S extends string>(a: ControlBoundaryRef<S>, b: ControlBoundaryRef<NoInfer<S>>): -1 | 0 | 1 | "incomparable" {
  if (a.project_id !== b.project_id || a.branch_id !== b.branch_id) return "incomparable";
  return comparePositions(a.position, b.position);
}

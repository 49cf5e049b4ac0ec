// Section 1.2: "Positions are comparable only inside the same {project_id, branch_id} stream", and
// control and project positions are distinct types. The types enforce it: each @ts-expect-error
// below is checked by `npm run typecheck` (tsc -p tsconfig.test.json), and fails it if the line
// ever compiles. The runtime half: compareBoundaries never orders two streams.
import { describe, expect, it } from "vitest";
import { compareBoundaries, comparePositions } from "../../../core/delegation/index.js";
import type { ControlBoundaryRef, ControlPosition, ProjectPosition } from "../../../core/delegation/index.js";

type DelegationStream = "rw-control:SPACE-RW delegation:D-RESEARCH-2";
type AgentStream = "rw-control:SPACE-RW agent:AGENT-B";
const digest = `sha256:${"0".repeat(64)}`;
const at = <S extends string>(position: number, event: string): ControlBoundaryRef<S> => ({ project_id: "rw-control:SPACE-RW", branch_id: "delegation:D-RESEARCH-2", position: position as ControlPosition<S>, event_id: event, event_digest: digest });

const DB4 = at<DelegationStream>(4, "DB4");
const DB5 = at<DelegationStream>(5, "DB5");
const AGENT = { ...at<AgentStream>(1, "EV-AGENT-B-1"), branch_id: "agent:AGENT-B" };
const P7 = 7 as ProjectPosition<"PRJ-3 main">;

/** Never called: only compiled. Each line below it that must not compile says so. */
export function typeLevel(): void {
  comparePositions(DB4.position, DB5.position);
  compareBoundaries(DB4, DB5);
  // @ts-expect-error DB5 and P7: a control position and a project position are never compared (11.4)
  comparePositions(DB5.position, P7);
  // @ts-expect-error two control streams: the second argument does not widen the stream
  comparePositions(DB5.position, AGENT.position);
  // @ts-expect-error two control streams, as boundaries
  compareBoundaries(DB5, AGENT);
  // @ts-expect-error a bare number is not a position of any stream
  comparePositions(DB5.position, 5);
  // @ts-expect-error a project position is not a control position, even of a stream typed string
  comparePositions(P7 as ProjectPosition, DB5.position as ControlPosition);
}

describe("positions", () => {
  it("order within one stream", () => {
    expect(comparePositions(DB4.position, DB5.position)).toBe(-1);
    expect(compareBoundaries(DB5, DB4)).toBe(1);
    expect(compareBoundaries(DB5, DB5)).toBe(0);
  });
  it("are incomparable across streams, whatever their numbers (boundaries read from JSON have stream string)", () => {
    const wide = (b: ControlBoundaryRef<string>): ControlBoundaryRef => b;
    expect(compareBoundaries(wide(DB5), wide(AGENT))).toBe("incomparable");
    expect(compareBoundaries(wide(DB5), { ...wide(DB5), project_id: "rw-control:SPACE-OTHER" })).toBe("incomparable");
  });
  it("typeLevel compiles (the @ts-expect-error lines are what must not)", () => {
    expect(typeof typeLevel).toBe("function");
  });
});

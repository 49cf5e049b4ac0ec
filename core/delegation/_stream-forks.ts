/**
 * One history a control stream (1.2: "position is a monotonically increasing integer local to that
 * exact control branch"; a ControlBoundaryRef is "the exact {project_id, branch_id, position,
 * event_id, event_digest} of one authority-stream head"). A stream holds one event at each
 * position, and an event, appended to "exactly one control-plane stream" (1.1), stands at one
 * position with one digest. Two boundaries the records given fence in one stream that disagree,
 * another event (or the same event with another digest) at one position, or one event at two
 * positions, show a fork or a forged head: at most one of them is the stream's history, and which
 * is not in hand, so each effect fenced there fails closed. An event id is read inside its stream:
 * a boundary names its event with its stream, and no sentence makes an id unique across streams
 * (1.1 sets event IDs apart from the record IDs that are "never reused"), so one id in two streams
 * is no fork (README, "Control fences").
 *
 * FENCE_FORK, at `<records>.<i>.control_fence_set.<j>`: a boundary disagreeing with one fenced
 * first (in the order given: attempts' records, then checkpoints), one finding a boundary. Only
 * boundaries of one stream meet; positions are never compared across streams. Whether either was
 * ever the head is the append boundary's (`checkFences`, where a fence and a head at one position
 * that differ are FENCE_STALE).
 */
import { delegationFinding } from "./codes.js";
import type { DelegationFinding } from "./codes.js";
import { streamOf } from "./control.js";
import type { ControlBoundaryRef } from "./control.js";
import type { FencedRecord } from "./_fenced-records.js";

interface Seen {
  readonly boundary: ControlBoundaryRef;
  readonly where: string;
}

export function streamForkFindings(records: readonly FencedRecord[], out: DelegationFinding[]): void {
  const byPosition = new Map<string, Seen>();
  const byEvent = new Map<string, Seen>();
  for (const r of records) {
    r.control_fence_set.forEach((b, j) => {
      const stream = streamOf(b);
      const path = `${r.at}.control_fence_set.${j}`;
      const here: Seen = { boundary: b, where: `${r.id} (${path})` };
      const [atPosition, ofEvent] = [`${stream} ${b.position}`, `${stream} ${b.event_id}`];
      const samePosition = byPosition.get(atPosition);
      const sameEvent = byEvent.get(ofEvent);
      if (!byPosition.has(atPosition)) byPosition.set(atPosition, here);
      if (!byEvent.has(ofEvent)) byEvent.set(ofEvent, here);
      const show = (x: ControlBoundaryRef): string => `${x.event_id}@${x.position} ${x.event_digest}`;
      const fork = (other: Seen, how: string): void => {
        out.push(delegationFinding("FENCE_FORK", `${path}: ${r.id} fences ${b.project_id} ${b.branch_id} at ${how}, where ${other.where} fences ${show(other.boundary)}: a stream has one event at each position, so one of them is a fork or a forged head, and an effect fenced there fails closed (section 1.2)`, { path, dimension: "ancestor_fences", expected: show(other.boundary), received: show(b) }));
      };
      if (samePosition !== undefined && (samePosition.boundary.event_id !== b.event_id || samePosition.boundary.event_digest !== b.event_digest)) {
        fork(samePosition, samePosition.boundary.event_id === b.event_id ? `position ${b.position} with the event ${b.event_id} of digest ${b.event_digest}` : `position ${b.position} with the event ${b.event_id}`);
      } else if (sameEvent !== undefined && sameEvent.boundary.position !== b.position) {
        fork(sameEvent, `the event ${b.event_id} at position ${b.position}`);
      }
    });
  }
}

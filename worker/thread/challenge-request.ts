/**
 * The shape of a challenge as the challenge route takes it, before the thread's object sees it:
 * an id an HO line can carry, and at least one part, a record being a JSON object. A file of its
 * own, free of HTTP and the object's runtime, so the route and the thread-clock differential's
 * replay refuse the same shapes.
 */
import { messageSender } from "../../core/index.js";
import { LIMITS, utf8Length } from "../limits.js";
import { shown } from "../shown.js";
import type { ChallengeRequest } from "./challenge-over.js";
import { problem } from "./thread-problem.js";
import type { Outcome, ThreadProblem } from "./thread-problem.js";

/** A challenge's parts as the route reads them from its body: criteria a list of strings, the record any JSON value. */
export interface ChallengeFields {
  readonly expectAcc: readonly string[] | undefined;
  readonly record: unknown;
}

/**
 * Why `id` is no handoff a challenge can wait for, or null. Every HO under it holds at least
 * `RW1 HO <id> from=<from>`; past a line's limit no HO can ever take the id, and a challenge kept
 * for it would wait forever, answered as if its HO could still come (202).
 */
export function uncarriedHandoff(id: string): ThreadProblem | null {
  const least = utf8Length(`RW1 HO ${id} from=${messageSender(id) ?? ""}`);
  if (least <= LIMITS.lineBytes) return null;
  return problem("invalid-request", `handoff: ${JSON.stringify(shown(id))} is an id no HO can carry: its line would hold at least ${least} bytes, and a line may hold at most ${LIMITS.lineBytes}`, { parameter: "handoff", limit: LIMITS.lineBytes }).problem;
}

/**
 * The parts the object registers from the route's fields: empty criteria are none given (as rw
 * check-rb's --expect-acc ""), a challenge carries at least one part, and a record is an object.
 * The profile is the route's to add (read after these, as it was).
 */
export function challengeRequest(fields: ChallengeFields): Outcome<ChallengeRequest> {
  const { expectAcc: listed, record } = fields;
  const expectAcc = listed === undefined || listed.every((c) => c === "") ? undefined : listed;
  if (expectAcc === undefined && record === undefined) return problem("invalid-request", "expectAcc or record: a challenge carries at least one", { parameter: "expectAcc" });
  if (record !== undefined && (record === null || typeof record !== "object" || Array.isArray(record))) return problem("invalid-request", "record: a JSON object of slot values", { parameter: "record" });
  return {
    ok: true,
    value: {
      ...(expectAcc === undefined ? {} : { expectAcc }),
      ...(record === undefined ? {} : { record: record as Record<string, unknown> }),
    },
  };
}

/**
 * Who may do what on a thread under an agent token (README, Threads, **Access.**). An agent acts
 * only as itself: the act names the agent it needs (a line's sender, an HO's sender or receiver),
 * and a token for another agent is refused, 403. It reads only the threads it is a party of, the
 * agents a stored line is from or to. The operator (RW_TOKEN's bearer), and anyone on a Worker
 * without RW_TOKEN, may act as any agent and read every thread. The rules of the conversation stay
 * the thread object's; this file only compares names the object or the request already gave.
 */
import { ProblemError } from "../problem.js";
import { notAParty, THREAD_PARTY } from "../thread/thread-object.js";
import type { Caller } from "./authorize.js";
import { shown } from "../shown.js";

/** The agent a caller acts as, or null when it may act as any (the operator, or an open Worker). */
export function actingAgent(caller: Caller): string | null {
  return caller.kind === "agent" ? caller.agent : null;
}

/** Refuses (403 forbidden-party) a caller whose agent token is not `needs`'s; `act` says what it tried, for the detail. */
export function requireParty(caller: Caller, needs: string, act: string): void {
  const agent = actingAgent(caller);
  if (agent === null || agent === needs) return;
  throw new ProblemError("forbidden-party", `${act} is ${shown(needs)}'s to do; this agent token is ${shown(agent)}'s (${shown(needs)}'s token, or the operator's bearer, may do it)`, { agent, needs });
}


/**
 * Refuses (403 forbidden-party) an act on a thread by an agent token whose agent is none of its
 * parties; `isParty` asks the thread object, and only under an agent token. `act` is the same for
 * every request of its route, so the answer is the same whatever the thread holds, a thread never
 * written to included: it says nothing of the thread.
 */
export async function requireThreadParty(caller: Caller, isParty: (agent: string) => Promise<boolean>, act: string): Promise<void> {
  const agent = actingAgent(caller);
  if (agent === null || (await isParty(agent))) return;
  throw new ProblemError("forbidden-party", notAParty(act, agent, " (a party's token, or the operator's bearer, may do it)"), { agent, needs: THREAD_PARTY });
}

/** requireThreadParty for a read (every GET under /v1/threads/{thread}). */
export function requireReader(caller: Caller, isParty: (agent: string) => Promise<boolean>): Promise<void> {
  return requireThreadParty(caller, isParty, "reading a thread");
}

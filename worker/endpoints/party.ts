/**
 * Who may do what on a thread under an agent token (README, Threads, **Access.**). An agent acts
 * only as itself: the act names the agent it needs (a line's sender, an HO's sender or receiver),
 * and a token for another agent is refused, 403. The operator (RW_TOKEN's bearer), and anyone on a
 * Worker without RW_TOKEN, may act as any agent. The rules of the conversation stay the thread
 * object's; this file only compares names the object or the request already gave.
 */
import { ProblemError } from "../problem.js";
import type { Caller } from "./authorize.js";

/** The agent a caller acts as, or null when it may act as any (the operator, or an open Worker). */
export function actingAgent(caller: Caller): string | null {
  return caller.kind === "agent" ? caller.agent : null;
}

/** Refuses (403 forbidden-party) a caller whose agent token is not `needs`'s; `act` says what it tried, for the detail. */
export function requireParty(caller: Caller, needs: string, act: string): void {
  const agent = actingAgent(caller);
  if (agent === null || agent === needs) return;
  throw new ProblemError("forbidden-party", `${act} is ${needs}'s to do; this agent token is ${agent}'s (${needs}'s token, or the operator's bearer, may do it)`, { agent, needs });
}

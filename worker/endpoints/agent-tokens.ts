/**
 * `POST /v1/agent-tokens`: the operator asks for an agent's token (worker/agent-token.ts) and hands
 * it to that agent. Derived, not stored, at the agent's current epoch (RW_AGENT_EPOCHS,
 * worker/agent-epochs.ts): the same agent gets the same token until its epoch is raised, which
 * revokes its tokens, or RW_TOKEN changes, which revokes them all.
 */
import { AGENT_NAME_MAX, agentToken, isTokenAgent } from "../agent-token.js";
import type { Env } from "../env.js";
import { Input } from "../input.js";
import { ProblemError } from "../problem.js";
import { json } from "../respond.js";
import { shown } from "../shown.js";
import type { RouteContext } from "../router.js";
import { agentEpochs, authorize, threadSecret } from "./authorize.js";

export async function agentTokenRoute(context: RouteContext<Env>): Promise<Response> {
  const secret = threadSecret(context.env);
  if (secret === undefined) throw new ProblemError("access-open", "this Worker has no RW_TOKEN: its threads are open to anyone who reaches it, and no agent token can be made; set the secret RW_TOKEN first");
  const caller = await authorize(context.request, context.env);
  if (caller.kind === "agent") throw new ProblemError("operator-only", `this is ${shown(caller.agent)}'s agent token; only the operator's bearer (the Worker's RW_TOKEN) issues agent tokens`, { agent: caller.agent });
  const input = await Input.read(context.request, context.url, context.env, ["json"], ["agent"]);
  const agent = input.string("agent");
  if (agent === undefined || !isTokenAgent(agent)) throw new ProblemError("invalid-request", `agent: required, an agent name ([A-Za-z0-9._-]+, at most ${AGENT_NAME_MAX} characters: a longer one fits in no line), as lines name it in from= and to=`, { parameter: "agent", limit: AGENT_NAME_MAX });
  // Issued at the agent's epoch now; a variable the Worker cannot read issues nothing (500).
  const epoch = agentEpochs(context.env)(agent);
  // A bearer credential: no cache keeps it.
  return json({ agent, epoch, token: await agentToken(secret, agent, epoch) }, 200, { "cache-control": "no-store" });
}

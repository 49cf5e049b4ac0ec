/**
 * Access to threads. With the secret `RW_TOKEN` set (`wrangler secret put RW_TOKEN`, or `.dev.vars`
 * locally), every thread route needs `Authorization: Bearer <token>`: RW_TOKEN itself (the
 * operator, who may do anything) or an agent token (worker/agent-token.ts), which acts as one
 * agent only (worker/endpoints/party.ts says what each act needs), while its agent's epoch is the
 * one it was issued at (worker/agent-epochs.ts). Without it, threads are open,
 * which suits a Worker on 127.0.0.1 and nothing else. The stateless routes hold nothing and stay open.
 */
import { isAgent } from "../../core/index.js";
import { AGENT_EPOCHS_VARIABLE, readAgentEpochs } from "../agent-epochs.js";
import { agentToken, claimedToken } from "../agent-token.js";
import type { Env } from "../env.js";
import { ProblemError } from "../problem.js";

/** Who is calling: anyone (no RW_TOKEN), the operator (RW_TOKEN's bearer), or one agent (its token). */
export type Caller = { readonly kind: "open" } | { readonly kind: "operator" } | { readonly kind: "agent"; readonly agent: string };

const encoder = new TextEncoder();

/** Compares in constant time: both sides are hashed first, so even their lengths are not compared. */
async function same(given: string, secret: string): Promise<boolean> {
  const [a, b] = await Promise.all([crypto.subtle.digest("SHA-256", encoder.encode(given)), crypto.subtle.digest("SHA-256", encoder.encode(secret))]);
  return crypto.subtle.timingSafeEqual(a, b);
}

const CHALLENGE = 'Bearer realm="rogerwilco threads"';

function unauthorized(): ProblemError {
  return new ProblemError("unauthorized", "thread routes need Authorization: Bearer <token> (the Worker's RW_TOKEN, or an agent token it issued: POST /v1/agent-tokens)", {}, { "www-authenticate": CHALLENGE });
}

/**
 * Each agent's epoch now, or the 500 that a variable the Worker cannot read is: never taken as
 * "every agent at epoch 0", which would bring back every revoked token.
 */
export function agentEpochs(env: Env): (agent: string) => number {
  const epochs = readAgentEpochs(env.RW_AGENT_EPOCHS);
  if (!epochs.ok) throw new ProblemError("worker-misconfigured", epochs.detail, { variable: AGENT_EPOCHS_VARIABLE });
  return epochs.epochOf;
}

/** The caller a request's bearer names; 401 for none, or one that is neither RW_TOKEN nor an agent token made from it. */
export async function authorize(request: Request, env: Env): Promise<Caller> {
  const secret = env.RW_TOKEN;
  if (secret === undefined || secret === "") return { kind: "open" };
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (match === null) throw unauthorized();
  const bearer = match[1] as string;
  if (await same(bearer, secret)) return { kind: "operator" };
  const claim = claimedToken(bearer);
  // The whole token is compared with the one made for the agent and epoch it names: a mangled
  // mac, or a mac made for another agent or epoch, is no token. Only a genuine token learns more
  // (the variable unreadable, its epoch revoked).
  if (claim === null || !isAgent(claim.agent) || !(await same(bearer, await agentToken(secret, claim.agent, claim.epoch)))) throw unauthorized();
  const { agent, epoch } = claim;
  const current = agentEpochs(env)(agent);
  if (epoch === current) return { kind: "agent", agent };
  if (epoch < current) {
    throw new ProblemError("token-revoked", `this agent token of ${agent} was issued at epoch ${epoch}, and ${AGENT_EPOCHS_VARIABLE} now puts ${agent} at epoch ${current}, which revokes every token of an earlier one; the operator issues ${agent} a new token (POST /v1/agent-tokens)`, { agent, epoch, current }, { "www-authenticate": `${CHALLENGE}, error="invalid_token", error_description="revoked"` });
  }
  // Made by a holder of RW_TOKEN for an epoch the variable has not reached (or no longer names):
  // not a token of this Worker's configuration.
  throw new ProblemError("unauthorized", `this agent token of ${agent} is of epoch ${epoch}, ahead of ${agent}'s epoch ${current} in ${AGENT_EPOCHS_VARIABLE}; only a token of the agent's current epoch is accepted (POST /v1/agent-tokens issues one)`, { agent, epoch, current }, { "www-authenticate": CHALLENGE });
}

/**
 * Access to threads. With the secret `RW_TOKEN` set (`wrangler secret put RW_TOKEN`, or `.dev.vars`
 * locally), every thread route needs `Authorization: Bearer <token>`: RW_TOKEN itself (the
 * operator, who may do anything) or an agent token (worker/agent-token.ts), which acts as one
 * agent only (worker/endpoints/party.ts says what each act needs), while its agent's epoch is the
 * one it was issued at (worker/agent-epochs.ts). Without it, threads are open,
 * which suits a Worker on 127.0.0.1 and nothing else. The stateless routes hold nothing and stay open.
 */
import { AGENT_EPOCHS_VARIABLE, readAgentEpochs } from "../agent-epochs.js";
import { agentToken, claimedToken, isTokenAgent } from "../agent-token.js";
import type { Env } from "../env.js";
import { ProblemError } from "../problem.js";
import { shown } from "../shown.js";

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

/** What a bearer is read as from the Authorization header: non-whitespace, after `Bearer `. */
const BEARER = /^Bearer[ ]+(\S+)\s*$/i;
const SECRET_TEXT = /^\S+$/;

/**
 * RW_TOKEN: undefined when it is not set (threads open), else the secret. Set to what no bearer
 * can carry (empty, whitespace in it, or not text), it is a 500 naming it, never taken as unset:
 * an empty secret would open every thread, and a blank or non-text one (a `vars` object reads as
 * "[object Object]") would key every agent token with text anyone can guess, while the operator's
 * own bearer could never match it.
 */
export function threadSecret(env: Env): string | undefined {
  const secret: unknown = env.RW_TOKEN;
  if (secret === undefined) return undefined;
  if (typeof secret === "string" && SECRET_TEXT.test(secret)) return secret;
  throw new ProblemError("worker-misconfigured", "RW_TOKEN is set, but to what no Authorization: Bearer header can carry (it must be text of one or more characters, none of them whitespace); until it is fixed every thread route is refused, rather than opened or keyed with it: set it again (npx wrangler secret put RW_TOKEN), or delete it to leave threads open", { variable: "RW_TOKEN" });
}

/** The caller a request's bearer names; 401 for none, or one that is neither RW_TOKEN nor an agent token made from it. */
export async function authorize(request: Request, env: Env): Promise<Caller> {
  const secret = threadSecret(env);
  if (secret === undefined) return { kind: "open" };
  const header = request.headers.get("authorization") ?? "";
  const match = BEARER.exec(header);
  if (match === null) throw unauthorized();
  const bearer = match[1] as string;
  if (await same(bearer, secret)) return { kind: "operator" };
  const claim = claimedToken(bearer);
  // The whole token is compared with the one made for the agent and epoch it names: a mangled
  // mac, or a mac made for another agent or epoch, is no token. Only a genuine token learns more
  // (the variable unreadable, its epoch revoked). No token is issued for an agent past
  // AGENT_NAME_MAX, so a bearer naming one is none either.
  if (claim === null || !isTokenAgent(claim.agent) || !(await same(bearer, await agentToken(secret, claim.agent, claim.epoch)))) throw unauthorized();
  const { agent, epoch } = claim;
  const current = agentEpochs(env)(agent);
  if (epoch === current) return { kind: "agent", agent };
  if (epoch < current) {
    throw new ProblemError("token-revoked", `this agent token of ${shown(agent)} was issued at epoch ${epoch}, and ${AGENT_EPOCHS_VARIABLE} now puts ${shown(agent)} at epoch ${current}, which revokes every token of an earlier one; the operator issues ${shown(agent)} a new token (POST /v1/agent-tokens)`, { agent, epoch, current }, { "www-authenticate": `${CHALLENGE}, error="invalid_token", error_description="revoked"` });
  }
  // Made by a holder of RW_TOKEN for an epoch the variable has not reached (or no longer names):
  // not a token of this Worker's configuration.
  throw new ProblemError("unauthorized", `this agent token of ${shown(agent)} is of epoch ${epoch}, ahead of ${shown(agent)}'s epoch ${current} in ${AGENT_EPOCHS_VARIABLE}; only a token of the agent's current epoch is accepted (POST /v1/agent-tokens issues one)`, { agent, epoch, current }, { "www-authenticate": CHALLENGE });
}

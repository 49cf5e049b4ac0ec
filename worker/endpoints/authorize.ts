/**
 * Access to threads. With the secret `RW_TOKEN` set (`wrangler secret put RW_TOKEN`, or `.dev.vars`
 * locally), every thread route needs `Authorization: Bearer <token>`: RW_TOKEN itself (the
 * operator, who may do anything) or an agent token (worker/agent-token.ts), which acts as one
 * agent only (worker/endpoints/party.ts says what each act needs). Without it, threads are open,
 * which suits a Worker on 127.0.0.1 and nothing else. The stateless routes hold nothing and stay open.
 */
import { isAgent } from "../../core/index.js";
import { agentToken, claimedAgent } from "../agent-token.js";
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

function unauthorized(): ProblemError {
  return new ProblemError("unauthorized", "thread routes need Authorization: Bearer <token> (the Worker's RW_TOKEN, or an agent token it issued: POST /v1/agent-tokens)", {}, { "www-authenticate": 'Bearer realm="rogerwilco threads"' });
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
  const agent = claimedAgent(bearer);
  // The whole token is compared with the one made for the agent it names: a mangled mac, or a
  // mac made for another agent, is no token.
  if (agent !== null && isAgent(agent) && (await same(bearer, await agentToken(secret, agent)))) return { kind: "agent", agent };
  throw unauthorized();
}

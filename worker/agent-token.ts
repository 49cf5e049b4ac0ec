/**
 * Agent tokens: a bearer that names one agent, derived from the Worker's secret RW_TOKEN, so the
 * Worker stores nothing per agent. A token says which agent it is for and at which epoch it was
 * issued (worker/agent-epochs.ts: raising an agent's epoch revokes its older tokens), and only a
 * holder of RW_TOKEN can make one. Changing RW_TOKEN revokes every token.
 *
 * The token is `rwa.<agent>.<mac>` at epoch 0 (the tokens issued before epochs existed, unchanged)
 * and `rwa.<agent>~<epoch>.<mac>` at epoch 1 and up, the epoch in decimal without leading zeros.
 * The mac is HMAC-SHA256 keyed with RW_TOKEN over a fixed label and the same `<agent>` or
 * `<agent>~<epoch>`, base64url without padding. Name and epoch cannot be confused: an agent name
 * is [A-Za-z0-9._-]+ and base64url is [A-Za-z0-9_-], so `~` (a character a bearer token may hold,
 * RFC 6750's b64token) appears in neither: the mac is after the last `.` (none in base64url),
 * and the epoch is after the one `~`, or there is none and the epoch is 0. `rwa.a.1.<mac>` is
 * agent `a.1` at epoch 0, never agent `a` at epoch 1, which is `rwa.a~1.<mac>`, and their macs
 * cover different text. Each (agent, epoch) has one token text, and a bearer is accepted only when
 * it is, whole, the one made for the agent and epoch it claims.
 */

import { isAgent } from "../core/index.js";
import { LIMITS } from "./limits.js";

/** What every agent token starts with; an operator's bearer (RW_TOKEN itself) is any other text. */
const AGENT_TOKEN_PREFIX = "rwa.";
/** Keeps these macs apart from any other use of the same secret. Agent names hold no `:`, so label and name never run together. */
const LABEL = "rogerwilco agent token v1:";
/** Between the agent and its epoch; in no agent name and no base64url. */
const EPOCH_MARK = "~";
/** An epoch above 0 as a token writes it: decimal, no leading zero, at most 2^53 - 1 (checked after). */
const EPOCH_TEXT = /^[1-9][0-9]{0,15}$/;

const encoder = new TextEncoder();

/**
 * The longest agent name a token may name: a whole line's bytes (agent names are ASCII). The
 * spec bounds no agent name, but a longer one fits in no line the Worker takes, so its agent could
 * never send or be sent a line, nor be a party of a thread; its token would only carry its name
 * into every request and every refusal that quotes it.
 */
export const AGENT_NAME_MAX = LIMITS.lineBytes;

/** Whether a token may name `agent`: an agent name (section 2.2) no longer than AGENT_NAME_MAX, measured before the pattern is run. */
export function isTokenAgent(agent: string): boolean {
  return agent.length <= AGENT_NAME_MAX && isAgent(agent);
}

function base64url(bytes: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** `<agent>` at epoch 0, else `<agent>~<epoch>`: what the token names and the mac covers. */
function subject(agent: string, epoch: number): string {
  return epoch === 0 ? agent : `${agent}${EPOCH_MARK}${epoch}`;
}

/** The agent token for `agent` at `epoch` under the secret (the caller has checked isTokenAgent(`agent`), `epoch` a safe non-negative integer). */
export async function agentToken(secret: string, agent: string, epoch: number): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const named = subject(agent, epoch);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${LABEL}${named}`));
  return `${AGENT_TOKEN_PREFIX}${named}.${base64url(mac)}`;
}

/** What a bearer shaped as an agent token says of itself. */
export interface TokenClaim {
  readonly agent: string;
  readonly epoch: number;
}

/**
 * The agent and epoch a bearer claims to be for (between the prefix and the last `.`, split at
 * the one `~`), or null when it has no agent token's shape. A claim, not a proof: authorize
 * compares the whole token with agentToken's for that agent and epoch.
 */
export function claimedToken(bearer: string): TokenClaim | null {
  if (!bearer.startsWith(AGENT_TOKEN_PREFIX)) return null;
  const dot = bearer.lastIndexOf(".");
  if (dot <= AGENT_TOKEN_PREFIX.length) return null;
  const named = bearer.slice(AGENT_TOKEN_PREFIX.length, dot);
  const mark = named.indexOf(EPOCH_MARK);
  if (mark === -1) return { agent: named, epoch: 0 };
  const epoch = named.slice(mark + 1);
  if (!EPOCH_TEXT.test(epoch) || !Number.isSafeInteger(Number(epoch))) return null;
  return { agent: named.slice(0, mark), epoch: Number(epoch) };
}

/**
 * Agent tokens: a bearer that names one agent, derived from the Worker's secret RW_TOKEN, so the
 * Worker stores nothing per agent. A token is `rwa.<agent>.<mac>`, the mac HMAC-SHA256 keyed with
 * RW_TOKEN over a fixed label and the agent's name, base64url without padding: it says which agent
 * it is for, and only a holder of RW_TOKEN can make one. Changing RW_TOKEN revokes every token.
 */

/** What every agent token starts with; an operator's bearer (RW_TOKEN itself) is any other text. */
const AGENT_TOKEN_PREFIX = "rwa.";
/** Keeps these macs apart from any other use of the same secret. Agent names hold no `:`, so label and name never run together. */
const LABEL = "rogerwilco agent token v1:";

const encoder = new TextEncoder();

function base64url(bytes: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The agent token for `agent` under the secret (the caller has checked `agent` is an agent name). */
export async function agentToken(secret: string, agent: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, encoder.encode(`${LABEL}${agent}`));
  return `${AGENT_TOKEN_PREFIX}${agent}.${base64url(mac)}`;
}

/**
 * The agent a bearer claims to be for (between the prefix and the last `.`; agent names may hold
 * dots, base64url never does), or null when it has no agent token's shape. A claim, not a proof:
 * authorize compares the whole token with agentToken's.
 */
export function claimedAgent(bearer: string): string | null {
  if (!bearer.startsWith(AGENT_TOKEN_PREFIX)) return null;
  const dot = bearer.lastIndexOf(".");
  return dot <= AGENT_TOKEN_PREFIX.length ? null : bearer.slice(AGENT_TOKEN_PREFIX.length, dot);
}

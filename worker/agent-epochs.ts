/**
 * RW_AGENT_EPOCHS: each agent's current epoch, a Worker variable (wrangler.jsonc `vars`, or the
 * dashboard), so revoking one agent's tokens needs no storage and no round trip: raise its epoch
 * and every token issued at a lower one is refused (`401 token-revoked`); POST /v1/agent-tokens
 * issues at the current epoch. A JSON object of agent names to non-negative safe integers,
 * `{ "writer": 2 }`, given as that object or as its JSON text; absent, every agent is at epoch 0,
 * where every token issued before epochs existed is. Anything else fails closed: an agent token is
 * then refused (`500 worker-misconfigured`, naming the variable), never read as "no epochs", which
 * would bring every revoked token back.
 */
import { parseJsonText } from "../core/index.js";
import { AGENT_NAME_MAX, isTokenAgent } from "./agent-token.js";
import { shown } from "./shown.js";

export const AGENT_EPOCHS_VARIABLE = "RW_AGENT_EPOCHS";

/** The variable, read: each agent's epoch (0 for an agent it does not name), or why it cannot be read. */
export type AgentEpochs = { readonly ok: true; readonly epochOf: (agent: string) => number } | { readonly ok: false; readonly detail: string };

const SHAPE = `${AGENT_EPOCHS_VARIABLE} must be a JSON object of agent names ([A-Za-z0-9._-]+, at most ${AGENT_NAME_MAX} characters, as a token names them) to epochs (whole numbers from 0 to 2^53 - 1), such as {"writer": 2}, or absent (every agent at epoch 0)`;

function refused(why: string): AgentEpochs {
  return { ok: false, detail: `${why}; ${SHAPE}. Until it is fixed every agent token is refused, so no revoked token comes back; the operator's bearer still works` };
}


/** The last value read and its reading: the variable is the same on every request, so it is read once. */
let last: { readonly value: unknown; readonly epochs: AgentEpochs } | null = null;

/** Reads the variable as the Worker's env gives it: undefined, a JSON object (wrangler `vars`), or JSON text. */
export function readAgentEpochs(value: unknown): AgentEpochs {
  if (last === null || last.value !== value) last = { value, epochs: readEpochs(value) };
  return last.epochs;
}

function readEpochs(value: unknown): AgentEpochs {
  if (value === undefined) return { ok: true, epochOf: () => 0 };
  let parsed: unknown = value;
  if (typeof value === "string") {
    // Read strictly: `{"writer": 2, "writer": 0}` read as JSON.parse reads it would unrevoke writer.
    const json = parseJsonText(value, { integers: true });
    if (!json.ok) return refused(json.problem === "duplicate-key" ? `${AGENT_EPOCHS_VARIABLE} names an agent twice (${json.reason})` : json.problem === "syntax" ? `${AGENT_EPOCHS_VARIABLE} is not JSON` : `${AGENT_EPOCHS_VARIABLE} is refused: ${json.reason}`);
    parsed = json.value;
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return refused(`${AGENT_EPOCHS_VARIABLE} is not a JSON object`);
  // A Map, not the object: an agent may be named `constructor` or `__proto__`.
  const epochs = new Map<string, number>();
  for (const [agent, epoch] of Object.entries(parsed)) {
    // A name no token can carry (not an agent name, or longer than AGENT_NAME_MAX) is a slip: its
    // epoch could never revoke anything, whatever the operator meant to revoke with it.
    if (!isTokenAgent(agent)) return refused(`${AGENT_EPOCHS_VARIABLE} names ${shown(JSON.stringify(agent))}, which is not an agent name a token can name${agent.length > AGENT_NAME_MAX ? ` (it is longer than ${AGENT_NAME_MAX} characters)` : ""}`);
    if (typeof epoch !== "number" || !Number.isSafeInteger(epoch) || epoch < 0) return refused(`${AGENT_EPOCHS_VARIABLE} gives ${shown(agent)} the epoch ${shown(String(JSON.stringify(epoch)))}, which is not a whole number from 0 to 2^53 - 1`);
    epochs.set(agent, epoch);
  }
  return { ok: true, epochOf: (agent) => epochs.get(agent) ?? 0 };
}

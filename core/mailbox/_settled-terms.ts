/**
 * The terms a handshake settled across its chains. Each responder's chain settles its own (a
 * counter accepted in one chain changes only that chain's), so a group hello can settle a budget of
 * 3 with one responder and 30 with another, or FULL with one and CORE with another. The hello's
 * thread works under the strictest of them, as a pair that shook hands twice does and as two
 * responders of the group do between themselves (right-to-work.ts): which chain was answered first
 * decides nothing (section 8: "The handshake sets a per-thread exchange budget"; section 2: "Do not
 * silently downgrade FULL requirements"). A chain a lost crossing took settles nothing.
 */
import type { Handshake, ResponderHandshake } from "./handshake.js";
import type { MailboxProfile } from "./vocabulary.js";

type Chains = Pick<Handshake, "responders" | "crossings">;

/** The live chains that are established: those whose terms hold. */
function settledChains(handshake: Chains): ResponderHandshake[] {
  const crossed = new Set(handshake.crossings.map((c) => c.callsign));
  return handshake.responders.filter((r) => r.state === "established" && r.established_by !== null && !crossed.has(r.callsign));
}

/**
 * The strictest exchange budget the live established chains accepted, a chain whose terms named
 * none counting as `unnamed` (the default it set, section 8); undefined when no chain is established.
 * With `before`, only the chains established before that message: each binds from the acceptance
 * (or FULL ack) that established it, so the limit at a message is the one in force when it was sent.
 */
export function settledBudget(handshake: Chains, unnamed: number, before?: string): number | undefined {
  let strictest: number | undefined;
  for (const r of settledChains(handshake)) {
    if (before !== undefined && (r.established_by as string) >= before) continue;
    const budget = r.exchange_budget ?? unnamed;
    if (strictest === undefined || budget < strictest) strictest = budget;
  }
  return strictest;
}

/** Whether any live established chain's terms named a budget (else each set the default). */
export function namesBudget(handshake: Chains): boolean {
  return settledChains(handshake).some((r) => r.exchange_budget !== null);
}

/** FULL when any live established chain settled FULL, else CORE; null when none is established. */
export function settledProfile(handshake: Chains): MailboxProfile | null {
  const chains = settledChains(handshake);
  if (chains.length === 0) return null;
  return chains.some((r) => r.profile === "FULL") ? "FULL" : "CORE";
}

/**
 * The settled tag set (section 4: "The handshake settles one project tag, the standing
 * `agent-mailbox` tag, and optional topic tags. Every later message and shared artifact carries
 * that set in frontmatter"). The set a pair settled is the one its accepted terms carry: the
 * hello's, or the counter's the other side accepted (tags are material, section 6). Every message
 * of the pair in the handshake's thread after the message that established it (in UUID order)
 * carries that set, compared as a set: order and repeats aside, each tag exactly, as the
 * handshake compares a counter's tags. The messages before settlement (hello, welcome, counters,
 * the FULL ack) are the handshake's to judge. A Handler seat is no party to the handshake, and a
 * third party is bound by no terms of it, nor is a message of another arena than the hello's: a
 * callsign is a name within one arena (section 4), so OTHER's LYRA is no party to DEMO's pair with
 * LYRA, though thread UUIDs are global and its message may sit in DEMO's hello's thread. Outbound (the message about to be published) a
 * difference is refused, SETTLED_TAGS_CHANGED; a peer's is read and noted, SETTLED_TAGS_DRIFT.
 */
import { ALL, isHandler } from "./callsign.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import { at } from "./entry.js";
import type { MailboxEntry } from "./entry.js";
import { sameTagSet } from "./handshake.js";
import type { Handshake, ResponderHandshake } from "./handshake.js";

interface SettledPair {
  readonly callsign: string;
  readonly tags: readonly string[];
  /** The message that established the pair: only messages after it are held to its set. */
  readonly established_by: string;
}

const shown = (tags: readonly string[]): string => `[${tags.join(", ")}]`;

/**
 * The findings of the messages in each handshake's thread whose tags are not the set their pair
 * settled. `publishing` is the UUID of the message about to be published, when the caller asks
 * before publishing (`rw mailbox new`).
 */
export function settledTagFindings(handshakes: ReadonlyMap<string, Handshake>, threads: ReadonlyMap<string, readonly MailboxEntry[]>, publishing?: string): MailboxFinding[] {
  const findings: MailboxFinding[] = [];
  for (const [thread, handshake] of handshakes) {
    const settled = settledPairs(handshake);
    if (settled.size === 0) continue;
    const establishedBefore = new Set<string>();
    const entries = threads.get(thread) ?? [];
    const arena = entries.find((e) => e.envelope.id === handshake.hello)?.envelope.arena;
    for (const entry of entries) {
      const m = entry.envelope;
      const foreign = m.arena !== arena;
      for (const pair of foreign ? [] : pairsOf(m, handshake.initiator, settled)) {
        if (!establishedBefore.has(pair.established_by) || sameTagSet(m.tags, pair.tags)) continue;
        const outbound = m.id === publishing;
        const where = `the set ${m.from === pair.callsign ? "its" : `its and ${pair.callsign}'s`} handshake settled in hello ${handshake.hello}'s thread (established by ${pair.established_by})`;
        const why = outbound ? "every later message carries that set; changing it is a counter, which a later message cannot be" : "read as sent; the room's tag views miss or mislabel it, and a change of tags would take a counter";
        findings.push(mailboxFinding(outbound ? "SETTLED_TAGS_CHANGED" : "SETTLED_TAGS_DRIFT", `tags ${shown(m.tags)} are not ${where}, ${shown(pair.tags)}: ${why}`, { ...at(entry), slot: "tags", expected: pair.tags.join(","), received: m.tags.join(",") }));
        break;
      }
      establishedBefore.add(m.id);
    }
  }
  return findings;
}

/**
 * The tag set a message from `from` to `to` in the handshake's thread carries once its pairs are
 * settled: the set of every settled pair it speaks in (rw mailbox new's default tags). Null when it
 * speaks in none, or in pairs that settled different sets (an initiator's message to several
 * responders, or to ALL): no one set would satisfy them, and the caller's own choice is judged.
 * Null too for a message of another `arena` than the hello's (`helloArena`, when both are given):
 * its callsigns are no party to the hello's pairs (README note 114), as settledTagFindings reads it.
 */
export function settledTagSet(handshake: Handshake, message: { readonly from: string; readonly to: readonly string[]; readonly arena?: string }, helloArena?: string): readonly string[] | null {
  if (message.arena !== undefined && helloArena !== undefined && message.arena !== helloArena) return null;
  const pairs = pairsOf(message, handshake.initiator, settledPairs(handshake));
  const first = pairs[0];
  if (first === undefined || pairs.some((p) => !sameTagSet(p.tags, first.tags))) return null;
  return first.tags;
}

/**
 * Whether `thread` may hold a settled tag set at all: a set is a handshake's, and a handshake is the
 * thread a hello opened (handshake.ts), so a thread none of `entries` is a hello in holds none.
 * False says settledTagSet has nothing to name there, without analyzing the mailbox for a
 * handshake (`rw mailbox new`'s default tags); true says only that the analysis may find one.
 */
export function mayHoldSettledTags(entries: readonly { readonly envelope: { readonly thread: string; readonly kind: string } }[], thread: string): boolean {
  return entries.some((entry) => entry.envelope.kind === "hello" && entry.envelope.thread === thread);
}

/** The pairs of a handshake that settled a tag set, by responder. */
function settledPairs(handshake: Handshake): Map<string, SettledPair> {
  const settled = new Map<string, SettledPair>();
  if (handshake.state === "superseded") return settled;
  // A chain with a callsign the hello lost its crossing with settles nothing; a hello that
  // carried no tag list settles none to hold anyone to (TAGS_MISSING says so on the hello).
  const crossed = new Set(handshake.crossings.map((c) => c.callsign));
  for (const r of handshake.responders) {
    const pair = settledPair(r);
    if (pair !== null && !crossed.has(r.callsign)) settled.set(r.callsign, pair);
  }
  return settled;
}

function settledPair(r: ResponderHandshake): SettledPair | null {
  if (r.established_by === null || r.tags === null || r.tags.length === 0) return null;
  return { callsign: r.callsign, tags: r.tags, established_by: r.established_by };
}

/**
 * The settled pairs a message speaks in: a responder's own, and the initiator's with each responder
 * it addresses (every one, to `ALL`).
 */
function pairsOf(m: { readonly from: string; readonly to: readonly string[] }, initiator: string, settled: ReadonlyMap<string, SettledPair>): SettledPair[] {
  if (isHandler(m.from)) return [];
  if (m.from !== initiator) {
    const own = settled.get(m.from);
    return own === undefined ? [] : [own];
  }
  if (m.to.includes(ALL)) return [...settled.values()];
  return m.to.map((t) => settled.get(t)).filter((p): p is SettledPair => p !== undefined);
}

/**
 * Whether a hello opens its thread. A hello is a true root (section 9: "These are true roots; do
 * not attach them to old history merely to satisfy a parent field"), and a new conversation carries
 * "new `thread` and `request_id`" values (12). So a hello is misplaced, HELLO_THREAD_REUSED, when
 * its thread already holds a message that speaks for that message's sender (a hello, a request, a
 * Handler's note: any kind; not one another locus sent in a held name, which the callsign claims
 * decide), or a message the hello's own sender and locus sent before claiming the name (a
 * stranger's message speaks for nobody else, and is the hello's own old history). A misplaced
 * hello proposes no terms, and claims no callsign: section 4 provisions a first `hello` only
 * "after its other required identity, addressing, causality, and path checks pass".
 *
 * Not held against a hello: a message whose chain of `reply_to` reaches it (an answer to it that
 * sorts first because two machines' clocks disagree), and one whose chain breaks at a parent the
 * mailbox does not hold (it may be such an answer, not yet synced). The callsign claims ask, in
 * UUID order, as they settle who speaks for each name; the handshakes report what they found.
 * Threads are held across arenas: a thread's UUIDv7 is fresh everywhere (section 4 scopes names
 * to an arena, not identifiers), so a hello in a thread another arena's message opened reuses it.
 */
import { idInArena } from "./_id-in-arena.js";
import { mailboxFinding } from "./codes.js";
import type { MailboxFinding } from "./codes.js";
import type { MailboxEnvelope } from "./envelope.js";
import { at } from "./entry.js";
import type { MailboxEntry } from "./entry.js";
import { MAILBOX_KINDS } from "./vocabulary.js";

export interface ThreadOpeners {
  /** The message that opened this hello's thread before it, or null when the hello opens it. */
  readonly openedBefore: (hello: MailboxEnvelope) => MailboxEnvelope | null;
  /** Takes a message that speaks for its sender into its thread; messages come in UUID order. */
  readonly add: (message: MailboxEnvelope) => void;
  /**
   * Takes a message from a name nobody claimed: it speaks for nobody, so it opens its thread only
   * for a later hello from its own sender and locus, whose old history it is.
   */
  readonly addUnclaimed: (message: MailboxEnvelope) => void;
}

interface Opening {
  /** The thread's first message, and the root its chain reaches. */
  readonly first: MailboxEnvelope;
  readonly root: string;
  /** The first message whose chain reaches another root: it opened the thread for that root's hello. */
  other: MailboxEnvelope | null;
}

/** A tracker over the messages of one mailbox, `byId` holding every one of them. */
export function threadOpeners(byId: ReadonlyMap<string, MailboxEnvelope>): ThreadOpeners {
  // Each message's root, memoized: every message is walked through once, however long the chains.
  const roots = new Map<string, string | null>();
  const rootOf = (message: MailboxEnvelope): string | null => {
    const path: string[] = [];
    const onPath = new Set<string>();
    let root: string | null = null;
    let m: MailboxEnvelope | undefined = message;
    while (m !== undefined) {
      if (roots.has(m.id)) {
        root = roots.get(m.id) ?? null;
        break;
      }
      // A cycle of reply_to (PARENT_CYCLE) reaches no root.
      if (onPath.has(m.id)) break;
      onPath.add(m.id);
      path.push(m.id);
      // A root kind's reply_to is only a citation: the chain ends there.
      if (m.reply_to === null || MAILBOX_KINDS[m.kind].parent === "root") {
        root = m.id;
        break;
      }
      m = byId.get(m.reply_to);
    }
    for (const id of path) roots.set(id, root);
    return root;
  };
  const threads = new Map<string, Opening>();
  // Unclaimed senders' messages, by thread and sender locus (bySenderLocus).
  const unclaimed = new Map<string, Opening>();
  // A thread and a sender locus: whose old history an unclaimed message is. The sender is a
  // callsign of its arena (4: "keyed by arena + callsign + machine locus"): another arena's
  // callsign of that name, even on the same machine, is another participant (README note 117).
  const bySenderLocus = (m: MailboxEnvelope): string => `${m.thread}\u0000${m.arena}\u0000${m.from}\u0000${m.machine}\u0000${m.root.toLowerCase()}`;
  const before = (openings: Map<string, Opening>, key: string, hello: MailboxEnvelope): MailboxEnvelope | null => {
    const opening = openings.get(key);
    if (opening === undefined) return null;
    return opening.root === hello.id ? opening.other : opening.first;
  };
  const open = (openings: Map<string, Opening>, key: string, message: MailboxEnvelope): void => {
    const root = rootOf(message);
    if (root === null) return;
    const opening = openings.get(key);
    if (opening === undefined) openings.set(key, { first: message, root, other: null });
    else if (opening.other === null && root !== opening.root) opening.other = message;
  };
  return {
    openedBefore: (hello) => before(threads, hello.thread, hello) ?? before(unclaimed, bySenderLocus(hello), hello),
    add: (message) => open(threads, message.thread, message),
    addUnclaimed: (message) => open(unclaimed, bySenderLocus(message), message),
  };
}

/** The finding against a misplaced hello: the words said once, wherever it is reported. */
export function helloThreadReused(entry: MailboxEntry, opener: MailboxEnvelope): MailboxFinding {
  return mailboxFinding(
    "HELLO_THREAD_REUSED",
    `this hello is in thread ${entry.envelope.thread}, which ${opener.kind} ${idInArena(opener, entry.envelope)} opened: a hello is a true root and opens a fresh thread, so this one proposes no terms, crosses no hello, settles nothing and claims no callsign; new terms go in a hello with a new thread`,
    { ...at(entry), slot: "thread" },
  );
}

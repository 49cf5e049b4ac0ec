/**
 * Whether a thread is closed (section 13: "Close with `close` plus peer acknowledgement ... A
 * timeout, quiet peer, or ended process never implies closure"). Decision (core/mailbox/README.md):
 * a thread is closed when its last `close` that speaks for its sender is acknowledged by a peer (an
 * `ack` whose `reply_to` is that close, from an agent the close addresses, not its sender, not a
 * Handler seat), and nothing but such acknowledgements follows that close in UUID order. A
 * quarantined message neither closes, acknowledges nor reopens. Nothing is inferred from silence:
 * an unacknowledged close leaves the thread open.
 */
import { addressees, arenaMembers } from "./_arena-members.js";
import { isHandler } from "./callsign.js";
import type { MailboxEntry } from "./entry.js";

export interface ThreadClosure {
  readonly closed: boolean;
  /** The thread's last `close` that speaks for its sender, or null when it has none. */
  readonly close: string | null;
  /** The first peer acknowledgement of that close, or null when none. */
  readonly ack: string | null;
  /** When open, why (for a finding): no close, no peer acknowledgement, or a message after the close. */
  readonly reason: string | null;
}

/**
 * Each thread's closure. `entries` are one per UUID in UUID order; only `quarantine`'s keys are
 * read. One pass to group, one pass per thread from its end: linear in the messages.
 */
export function threadClosures(entries: readonly MailboxEntry[], quarantine: ReadonlyMap<string, unknown>): Map<string, ThreadClosure> {
  const members = arenaMembers(entries);
  const threads = new Map<string, MailboxEntry[]>();
  for (const entry of entries) {
    if (quarantine.has(entry.envelope.id)) continue;
    const list = threads.get(entry.envelope.thread);
    if (list === undefined) threads.set(entry.envelope.thread, [entry]);
    else list.push(entry);
  }
  const closures = new Map<string, ThreadClosure>();
  for (const entry of entries) {
    const thread = entry.envelope.thread;
    if (closures.has(thread)) continue;
    closures.set(thread, closureOf(threads.get(thread) ?? [], members));
  }
  return closures;
}

function closureOf(spoken: readonly MailboxEntry[], members: ReadonlyMap<string, ReadonlySet<string>>): ThreadClosure {
  let last = -1;
  for (let k = spoken.length - 1; k >= 0; k--) if ((spoken[k] as MailboxEntry).envelope.kind === "close") { last = k; break; }
  if (last < 0) return { closed: false, close: null, ack: null, reason: "it holds no close" };
  const close = (spoken[last] as MailboxEntry).envelope;
  const peers = new Set(addressees(close, members).filter((c) => c !== close.from && !isHandler(c)));
  let ack: string | null = null;
  for (const { envelope: e } of spoken.slice(last + 1)) {
    const acknowledges = e.kind === "ack" && e.reply_to === close.id && e.arena === close.arena && peers.has(e.from);
    // Anything else after the close (new work, a second word from the closer) continues the thread.
    if (!acknowledges) return { closed: false, close: close.id, ack, reason: `${e.id} (${e.from} ${e.kind}) follows its close ${close.id}` };
    ack ??= e.id;
  }
  if (ack === null) return { closed: false, close: close.id, ack: null, reason: `no peer the close ${close.id} addresses has acknowledged it (an ack whose reply_to is the close)` };
  return { closed: true, close: close.id, ack, reason: null };
}

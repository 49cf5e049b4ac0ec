/**
 * The participant lifecycle of section 8's "Graceful departure": `ACTIVE → DEPARTING → DEPARTED`,
 * DEPARTED as `departed(returning)` or `departed(final)`. A goodbye departs its sender; in a
 * two-agent room it stays `departing` until the peer acknowledges it ("A two-agent room requires
 * peer ACK; a group departure is informational and needs no quorum"). A later `resume` of the same
 * callsign in the arena ("`returning` later uses the normal `resume` flow") makes it active again;
 * a final departure is never undone ("`final` retires the callsign permanently in that arena").
 *
 * Decisions (core/mailbox/README.md): the room is the arena's non-Handler callsigns that have sent
 * or been named in it up to the goodbye, less those already departed; it is a two-agent room when
 * that is the sender and one peer. The peer's ACK is any message of the peer whose `reply_to` is the
 * goodbye (an `ack`, or a substantive answer, which acknowledges it as well: section 5's `ack` is for
 * when "no substantive response acknowledges it"), a root kind's citation aside. A goodbye banking no
 * single re-entry is read as `returning`, as GOODBYE_REENTRY_UNSTATED says. A quarantined message
 * departs, acknowledges or resumes nobody.
 */
import { reEntryOf } from "./re-entry.js";
import { ALL, isHandler } from "./callsign.js";
import { byUuid } from "./entry.js";
import type { MailboxEntry } from "./entry.js";
import { MAILBOX_KINDS } from "./vocabulary.js";

export type ParticipantStatus = "active" | "departing" | "departed(returning)" | "departed(final)";

/**
 * Each departing or departed participant's status, keyed `arena NUL callsign`; a callsign absent is
 * `active`. `entries` are one per UUID, in any order; only `quarantine`'s keys are read.
 */
export function participantStatuses(entries: readonly MailboxEntry[], quarantine: ReadonlyMap<string, unknown> = new Map()): Map<string, ParticipantStatus> {
  const trusted = byUuid(entries).filter((entry) => !quarantine.has(entry.envelope.id));
  // Who answered what, in any order: a peer's acknowledgement whose clock sorts it early still counts.
  const answers = new Set<string>();
  for (const { envelope: e } of trusted) if (e.reply_to !== null && MAILBOX_KINDS[e.kind].parent !== "root") answers.add(`${e.reply_to}\u0000${e.from}`);
  const status = new Map<string, ParticipantStatus>();
  // A callsign whose goodbye is final: nothing it sends later (a resume included) changes its status.
  const final = new Set<string>();
  const members = new Map<string, Set<string>>();
  for (const entry of trusted) {
    const e = entry.envelope;
    let room = members.get(e.arena);
    if (room === undefined) members.set(e.arena, (room = new Set()));
    for (const name of [e.from, ...e.to]) if (name !== ALL && !isHandler(name)) room.add(name);
    if (isHandler(e.from)) continue;
    const key = `${e.arena}\u0000${e.from}`;
    if (final.has(key)) continue;
    if (e.kind === "resume") status.delete(key);
    if (e.kind !== "goodbye") continue;
    const reEntry = reEntryOf(entry.body) ?? "returning";
    if (reEntry === "final") final.add(key);
    const others = [...room].filter((c) => c !== e.from && !(status.get(`${e.arena}\u0000${c}`) ?? "active").startsWith("departed"));
    const peer = others.length === 1 ? (others[0] as string) : null;
    status.set(key, peer !== null && !answers.has(`${e.id}\u0000${peer}`) ? "departing" : `departed(${reEntry})`);
  }
  return status;
}

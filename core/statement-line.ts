/**
 * The ids one handoff was sent under, as a statement store tells them (rule 1: "the sender
 * re-issues the same HO with `re=` pointing at the original", or at its void RB). A store that
 * holds the thread says so itself (`reissuesOf`); one that knows no thread (the CLI's file) keeps
 * a note of every HO with `re=` it was given to prepare, whether or not anything was prepared for
 * it, and the line is read from those notes and its statements here, so the rule is the core's.
 */
import type { Message } from "./message.js";
import type { Statement, StatementState, StatementStore } from "./statement.js";

/**
 * What makes an HO "the same HO" as another, as a store without the thread can compare them: the
 * same sender, receiver and item, as check-thread reads a re-issue (core/thread.ts,
 * THREAD_REISSUED); a change to its other slots, the ask among them, is the thread's
 * THREAD_REISSUE_CHANGED, still the same handoff, so still one act.
 */
export interface HandoffEnvelope {
  readonly from: string;
  readonly to: string;
  readonly item: string;
}

/** An HO with `re=` a prepare was given, kept by a store that knows no thread. */
export interface ReissueNote extends HandoffEnvelope {
  /** The HO's id. */
  readonly id: string;
  /** What its `re=` names: the HO it re-issues, or that HO's void readback, or another message. */
  readonly re: string;
}

/** An HO's envelope, or null when it lacks one of its parts (no statement is prepared for it then). */
export function envelopeOfHandoff(ho: Message): HandoffEnvelope | null {
  if (ho.from === null || ho.to === null || ho.item === null) return null;
  return { from: ho.from, to: ho.to, item: ho.item };
}

/** The note a store keeps of `ho`, or null: an HO without `re=` re-issues nothing. */
export function reissueNoteOf(ho: Message): ReissueNote | null {
  const envelope = ho.type === "HO" && ho.re !== null ? envelopeOfHandoff(ho) : null;
  return envelope === null ? null : { id: ho.id, re: ho.re as string, ...envelope };
}

/** The envelope of the HO a statement executes, read from its readback (which answers it, so from and to swap). */
export function envelopeOfStatement(s: Statement): HandoffEnvelope {
  return { from: s.readback.to ?? "", to: s.readback.from ?? "", item: s.readback.item ?? "" };
}

function sameEnvelope(a: HandoffEnvelope, b: HandoffEnvelope): boolean {
  return a.from === b.from && a.to === b.to && a.item === b.item;
}

/**
 * The ids `handoff` was sent under, `handoff` first: its re-issue line. A store that knows the
 * thread (`reissuesOf`) is not second-guessed (a thread's HO citing a closed handoff is a new
 * one, README note 28). Otherwise, from the store's notes and statements, each HO the same as
 * `handoff` (`envelope`, else that of its statement or note) and linked to the line by `re=`
 * either way: an HO whose `re=` names an HO of the line, or a readback a statement of one stated,
 * and the HO an HO of the line so names. Through a middle HO that got no statement too, once the
 * store was given it; an HO the store never saw links nothing. `re`: what `handoff`'s own `re=`
 * names (null: nothing), when the HO is at hand (a prepare); else the note kept for its id says.
 */
export function handoffLine(store: StatementStore, handoff: string, envelope?: HandoffEnvelope | null, re?: string | null): string[] {
  if (store.reissuesOf !== undefined) return [handoff, ...store.reissuesOf(handoff).filter((id) => id !== handoff)];
  const own = envelope ?? envelopeIn(store, handoff);
  if (own === undefined || own === null) return [handoff];
  const same = (e: HandoffEnvelope | undefined): boolean => e !== undefined && sameEnvelope(e, own);
  const statementsOf = (id: string): Statement[] => store.forHandoff(id).filter((s) => s.handoff === id && same(envelopeOfStatement(s)));
  const line = [handoff];
  const seen = new Set(line);
  const add = (id: string): void => {
    if (seen.has(id)) return;
    seen.add(id);
    line.push(id);
  };
  for (let i = 0; i < line.length; i++) {
    const id = line[i] as string;
    const ownStatements = statementsOf(id);
    // What it re-issues: the HO its re= names, or the HO whose statement stated the readback it names.
    const note = store.reissueNote?.(id);
    const named = i === 0 && re !== undefined ? re : note !== undefined && same(note) ? note.re : null;
    if (named !== null) {
      if (statementsOf(named).length > 0 || same(store.reissueNote?.(named))) add(named);
      for (const stated of store.statementsStating?.(named) ?? []) if (same(envelopeOfStatement(stated))) add(stated.handoff);
    }
    // What re-issues it: an HO whose re= names it, or a readback one of its statements stated.
    for (const cited of [id, ...ownStatements.map((s) => s.readback.id)]) {
      for (const n of store.citing?.(cited) ?? []) if (same(n)) add(n.id);
    }
  }
  return line;
}

/**
 * The ids a cancel of `handoff` withdraws, `handoff` first (section 5.4: the receiver abandons what
 * was prepared for them), as check-thread reads a CX (its withdrawnBy, README note 28): a CX of the
 * live HO of a re-issue line withdraws the HOs of the line it superseded too (the same HO sent
 * again, rule 1); one of a superseded HO (why=SUPERSEDED), that HO alone. A store that knows the
 * thread (`reissuesOf`) answers `handoff` alone: its holder gives the ids the audit says were
 * withdrawn. One that knows no thread reads its notes: an HO it was given whose `re=` names
 * `handoff` (or a readback one of its statements stated) superseded it, and then it is withdrawn
 * alone; else it is the newest HO of its line, and the line (handoffLine) is withdrawn with it.
 */
export function withdrawnLine(store: StatementStore, handoff: string): string[] {
  if (store.reissuesOf !== undefined) return [handoff];
  const own = envelopeIn(store, handoff);
  if (own === undefined) return [handoff];
  const cited = [handoff, ...store.forHandoff(handoff).filter((s) => s.handoff === handoff).map((s) => s.readback.id)];
  if (cited.some((id) => (store.citing?.(id) ?? []).some((n) => sameEnvelope(n, own)))) return [handoff];
  return handoffLine(store, handoff, own);
}

/** The envelope of `handoff` as the store knows it: from a statement of it, else from its note. */
function envelopeIn(store: StatementStore, handoff: string): HandoffEnvelope | undefined {
  const s = store.forHandoff(handoff).find((x) => x.handoff === handoff);
  if (s !== undefined) return envelopeOfStatement(s);
  const note = store.reissueNote?.(handoff);
  return note === undefined ? undefined : { from: note.from, to: note.to, item: note.item };
}

/**
 * `store` as the statements in `state` of `handoff`'s re-issue line show it: forHandoff(id, state)
 * for an id of the line (handoffLine's) answered from one read of the line (the store's inLineOf),
 * anything else asked of the store. Asked id by id, a commit, a prepare and a cancel's
 * acknowledgement on a line re-issued thousands of times read the store once an id, nearly all
 * of them for nothing. A store without inLineOf (or reissuesOf) is answered as it is. The line is
 * read when the view is made: a caller that then writes to it reads each id once at most.
 */
export function lineView(store: StatementStore, handoff: string, state: StatementState): Pick<StatementStore, "forHandoff"> {
  if (store.reissuesOf === undefined || store.inLineOf === undefined) return store;
  const line = new Set(handoffLine(store, handoff));
  const byHandoff = new Map<string, Statement[]>();
  for (const s of store.inLineOf(handoff, state)) {
    const held = byHandoff.get(s.handoff);
    if (held === undefined) byHandoff.set(s.handoff, [s]);
    else held.push(s);
  }
  return { forHandoff: (id, asked) => (asked === state && line.has(id) ? (byHandoff.get(id) ?? []) : store.forHandoff(id, asked)) };
}

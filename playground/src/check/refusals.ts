/**
 * The UN each refused line gets, by the core's `refusal`: sent by the agent the reader names, or
 * else by the line's `to=`, numbered one past the highest message number that receiver's ids
 * reach in the conversation, refused lines included, and the re= of any line names, and after its earlier refusals (a refused
 * line that gets no UN uses no number); once that would pass 2^53 - 1, the lowest number none of
 * those ids, nor its earlier UNs, has. A line from which no message could be read, or whose
 * message has no `to=`, names no receiver, and gets none unless the reader names one.
 */
import { isAgent, messageSender, refusal, shownNumbers } from "../../../core/index.js";
import type { Envelope, LineCheck, Message } from "../../../core/index.js";
import { _freshNumbers } from "../../../core/fresh-number.js";
import type { FreshNumbers } from "../../../core/fresh-number.js";

/** The UN a refused line gets, or why there is none. */
export type Refusal = { readonly line: string } | { readonly none: string };

/**
 * The highest message number each agent's ids reach in the conversation, refused lines included
 * (section 2: ids are unique within a conversation, and a refused line's id was still used; the
 * core's refusals() counts them too): `writer-1` on a refused ST keeps the UN from being writer-1.
 * A line's re= counts for the agent it names (core shownNumbers): `re=writer-2` was writer's.
 */
export function highestNumbers(checks: readonly LineCheck[]): Map<string, number> {
  const highest = new Map<string, number>();
  for (const c of checks) raise(highest, c);
  return highest;
}

/** The numbers each line shows in use, as agent and number in turn, kept by reading. */
const shownByReading = new WeakMap<LineCheck, readonly (string | number)[]>();

/** The agents and numbers a line shows (what highestNumbers counts of it), made once a reading. */
function shownBy(c: LineCheck): readonly (string | number)[] {
  let shown = shownByReading.get(c);
  if (shown !== undefined) return shown;
  const out: (string | number)[] = [];
  const count = (m: Message | Envelope, agent: string | null): void => {
    if (agent === null) return;
    for (const n of shownNumbers(m, agent)) if (n > 0) out.push(agent, n);
  };
  const m = c.message ?? c.envelope;
  const sender = m.id === null ? null : messageSender(m.id);
  count(m, sender);
  // re= names a message its agent sent, seen here or not: that number is used too.
  const cited = c.message?.re == null ? null : messageSender(c.message.re);
  if (cited !== sender) count(m, cited);
  shownByReading.set(c, (shown = out));
  return shown;
}

function raise(highest: Map<string, number>, c: LineCheck): void {
  const shown = shownBy(c);
  for (let k = 0; k < shown.length; k += 2) {
    const agent = shown[k] as string;
    const n = shown[k + 1] as number;
    if (n > (highest.get(agent) ?? 0)) highest.set(agent, n);
  }
}

/**
 * highestNumbers after an edit replaced the readings `removed` by `added`, from what it was before:
 * a number can only rise, unless a removed line showed some agent's highest and no added line
 * shows it or one above; then null, and the caller counts every line again.
 */
export function highestAfterEdit(before: ReadonlyMap<string, number>, removed: readonly LineCheck[], added: readonly LineCheck[]): Map<string, number> | null {
  const shownAdded = new Map<string, number>();
  for (const c of added) raise(shownAdded, c);
  for (const c of removed) {
    const shown = shownBy(c);
    for (let k = 0; k < shown.length; k += 2) {
      const agent = shown[k] as string;
      const n = shown[k + 1] as number;
      if (n === before.get(agent) && (shownAdded.get(agent) ?? 0) < n) return null;
    }
  }
  const highest = new Map(before);
  for (const [agent, n] of shownAdded) if (n > (highest.get(agent) ?? 0)) highest.set(agent, n);
  return highest;
}

export interface Refusals {
  /** The refusal of each line (null for a line that is not refused). */
  of(checks: readonly LineCheck[], highest: ReadonlyMap<string, number>, as: string | null): (Refusal | null)[];
}

/** Refusals cached by reading, receiver and number: the same refusal is the same object. */
export function createRefusals(): Refusals {
  const last = new WeakMap<LineCheck, { receiver: string | null; n: number; refusal: Refusal }>();
  const all = new WeakMap<LineCheck, Map<string, Refusal>>();
  const one = (check: LineCheck, receiver: string | null, n: number): Refusal => {
    const l = last.get(check);
    if (l !== undefined && l.receiver === receiver && l.n === n) return l.refusal;
    let byKey = all.get(check);
    if (byKey === undefined) all.set(check, (byKey = new Map()));
    const key = `${receiver ?? ""} ${n}`;
    let r = byKey.get(key);
    if (r === undefined) {
      if (receiver === null) r = { none: `${check.message === null ? "no to= can be read from the line" : "the line names no to="}, so no receiver is known: name one under "Refusals from" to see its UN` };
      else if (!isAgent(receiver)) r = { none: `${receiver} is not an agent name ([A-Za-z0-9._-]+)` };
      else {
        const un = refusal(check.message ?? check.envelope, check.findings, receiver, n);
        r = un.ok ? { line: un.value } : { none: un.findings.map((f) => f.message).join("; ") };
      }
      byKey.set(key, r);
    }
    last.set(check, { receiver, n, refusal: r });
    return r;
  };
  return {
    of(checks, highest, as) {
      const out = new Array<Refusal | null>(checks.length).fill(null);
      const next = new Map<string, number>();
      // A receiver whose ids reach 2^53 - 1 has no number one past them: its UNs take the lowest
      // numbers none of its ids has, as the core's freshNumber gives them (README note 16).
      const past = new Map<string, FreshNumbers>();
      const numberFor = (receiver: string): number | null => {
        const after = next.get(receiver) ?? highest.get(receiver) ?? 0;
        if (Number.isSafeInteger(after + 1)) return after + 1;
        let fresh = past.get(receiver);
        if (fresh === undefined) {
          past.set(receiver, (fresh = _freshNumbers()));
          for (const c of checks) for (const n of shownNumbers(c.message ?? c.envelope, receiver)) if (n > 0) fresh.use(n);
          // And the numbers its UNs took one past the highest before: one each, up to `after`.
          for (let n = (highest.get(receiver) ?? 0) + 1; n <= after; n++) fresh.use(n);
        }
        return fresh.next();
      };
      checks.forEach((c, k) => {
        if (c.ok) return;
        const receiver = as ?? c.envelope.to;
        const n = receiver === null ? 1 : numberFor(receiver);
        const r = n === null ? { none: `${receiver as string} has no message number left: its ids take every number up to ${Number.MAX_SAFE_INTEGER}` } : one(c, receiver, n);
        // Only a UN sent uses the number.
        if (receiver !== null && n !== null && "line" in r) {
          const fresh = past.get(receiver);
          if (fresh === undefined) next.set(receiver, n);
          else fresh.use(n);
        }
        out[k] = r;
      });
      return out;
    },
  };
}

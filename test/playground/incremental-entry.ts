/**
 * Runs in the page (bundled by esbuild): the playground's checker against a conversation, timed
 * with performance.now() around the checker only. From scratch is a new checker (no cache); an
 * edit is one character changed in the text the checker saw last, timed in batches of
 * consecutive edits (the page's clock steps by 0.1 ms, about a tenth of one edit). The core's own one pass over
 * the whole conversation (every line read, one audit, check-rb of every readback) is timed beside
 * them, and so is the audit alone over messages already read, as the checker would run it with no
 * groups.
 */
import { checkReadback, createThreadAudit, readMessage } from "../../core/index.js";
import type { Message } from "../../core/index.js";
import { createChecker } from "../../playground/src/check/checker.js";
import type { CheckSettings, Checked } from "../../playground/src/check/checker.js";
import { resolverFor } from "../../playground/src/profiles.js";

export interface Timing {
  readonly median: number;
  readonly p90: number;
  readonly max: number;
  readonly runs: number;
}

export interface IncrementalFigures {
  readonly lines: number;
  readonly characters: number;
  /** A new checker, every line read and every check run. */
  readonly scratch: Timing;
  /** The core in one pass, nothing cached: the baseline the checker is compared with. */
  readonly onePass: Timing;
  /** The thread audit alone over all messages already read (one audit, no groups). */
  readonly auditOnly: Timing;
  /** One character changed in a line's tail (the line keeps its id, re= and item): per edit, over batches. */
  readonly tailEdit: Timing;
  /** One character changed anywhere but a line break (ids, items and keys included): per edit, over batches. */
  readonly anyEdit: Timing;
  /** A line break typed into a line's tail, or deleted again: every line after it is renumbered. Per edit, over batches. */
  readonly lineBreak: Timing;
  /** Edits timed together: each edit figure is one batch's time over this many edits. */
  readonly batch: number;
  /** After each batch of edits, the incremental result equals a check from scratch. */
  readonly consistent: boolean;
}

const timing = (xs: number[]): Timing => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[s.length >> 1] as number, p90: s[Math.floor(s.length * 0.9)] as number, max: s[s.length - 1] as number, runs: s.length };
};

const time = (f: () => unknown): number => {
  const t = performance.now();
  f();
  return performance.now() - t;
};

/** Everything a check shows, as text, to compare two checks. */
export const shown = (c: Checked): string =>
  JSON.stringify([c.lines.map((l) => [l.n, l.check, l.refusal]), c.report, [...c.readbacks].map(([n, r]) => [n, r.report, r.verdict])]);

/**
 * The bench's edits of `text`, made before any is timed, each text flat as the page's textarea
 * gives it (a string built by concatenation would be flattened, copied whole, inside the checker's
 * first look at it): `edits` one-character edits in a line's tail, then `edits` anywhere but a line
 * break, each on the text the one before left; then `breaks` line breaks typed into the tails
 * around the middle of that last text and deleted again, each place once (a break typed twice at
 * one place would find its two lines read).
 */
export function editTexts(text: string, edits: number, breaks: number): { tail: string[]; any: string[]; lineBreak: string[] } {
  const flat = (t: string): string => JSON.parse(JSON.stringify(t)) as string;
  const tail: string[] = [];
  const any: string[] = [];
  let current = text;
  for (let k = 0; k < 2 * edits; k++) {
    const inTail = k < edits;
    let i = (k * 7919 + 13) % current.length;
    if (inTail) {
      // The last character of a line: in its tail when it has one.
      const nl = current.indexOf("\n", i);
      i = (nl < 0 ? current.length : nl) - 1;
    }
    if (current[i] === "\n") i--;
    current = flat(current.slice(0, i) + (current[i] === "q" ? "z" : "q") + current.slice(i + 1));
    (inTail ? tail : any).push(current);
  }
  const lineBreak: string[] = [];
  const middle = current.length >> 1;
  const around: number[] = [];
  for (let i = current.lastIndexOf(" // ", middle); i > 0 && around.length < breaks / 2; i = current.lastIndexOf(" // ", i - 1)) around.unshift(i);
  for (let i = current.indexOf(" // ", middle + 1); i > 0 && around.length < breaks; i = current.indexOf(" // ", i + 1)) around.push(i);
  for (const at of around) lineBreak.push(flat(`${current.slice(0, at + 6)}\n${current.slice(at + 6)}`), current);
  return { tail, any, lineBreak };
}

export function measure(lines: readonly string[], rounds = 15, edits = 200, breaks = 100, batch = 10): IncrementalFigures {
  const text = lines.join("\n");
  const settings: CheckSettings = { resolve: resolverFor(null), now: "20261002T1200Z", expectations: new Map(), as: null };
  const onePass = (): unknown => {
    const audit = createThreadAudit({ vocabulary: settings.resolve });
    const handoffs = new Map<string, Message>();
    lines.forEach((line, k) => {
      const c = readMessage(line, settings.resolve);
      const m = c.message;
      if (!c.ok || m === null) return;
      audit.add(m, k + 1);
      if (m.type === "HO" && !handoffs.has(m.id)) handoffs.set(m.id, m);
      else if (m.type === "RB" && m.re !== null) {
        const ho = handoffs.get(m.re);
        const p = ho?.slots["p"];
        if (ho !== undefined) checkReadback(ho, m, settings.resolve(typeof p === "string" ? p : null)!);
      }
    });
    return audit.report(settings.now);
  };
  const messages = lines.map((l) => readMessage(l, settings.resolve)).filter((c) => c.ok && c.message !== null).map((c) => c.message as Message);
  const auditOnly = (): unknown => {
    const audit = createThreadAudit({ vocabulary: settings.resolve });
    messages.forEach((m, k) => audit.add(m, k + 1));
    return audit.report(settings.now);
  };
  // Warm up every path, then alternate them.
  for (let k = 0; k < 5; k++) {
    createChecker().check(text, settings);
    onePass();
    auditOnly();
  }
  const scratch: number[] = [];
  const pass: number[] = [];
  const audits: number[] = [];
  for (let k = 0; k < rounds; k++) {
    scratch.push(time(() => createChecker().check(text, settings)));
    pass.push(time(onePass));
    audits.push(time(auditOnly));
  }

  const { tail: tailTexts, any: anyTexts, lineBreak: breakTexts } = editTexts(text, edits, breaks);

  // Timed a batch of consecutive edits at a time: one edit takes about 1 ms, and the page's clock
  // steps by 0.1 ms. Each figure is a batch's time over its edits; every batch's last result is
  // compared with a check from scratch, outside the time.
  const checker = createChecker();
  checker.check(text, settings);
  let consistent = true;
  const batches = (texts: readonly string[]): number[] => {
    const perEdit: number[] = [];
    for (let b = 0; b + batch <= texts.length; b += batch) {
      let result: Checked | null = null;
      const t = performance.now();
      for (let k = b; k < b + batch; k++) result = checker.check(texts[k] as string, settings);
      perEdit.push((performance.now() - t) / batch);
      if (shown(result as unknown as Checked) !== shown(createChecker().check(texts[b + batch - 1] as string, settings))) consistent = false;
    }
    return perEdit;
  };
  const tail = batches(tailTexts);
  const any = batches(anyTexts);
  const lineBreak = batches(breakTexts);
  return { lines: lines.length, characters: text.length, scratch: timing(scratch), onePass: timing(pass), auditOnly: timing(audits), tailEdit: timing(tail), anyEdit: timing(any), lineBreak: timing(lineBreak), batch, consistent };
}

/**
 * The conversation checker: every line read as a receiver reads it (readMessage), the UN for each
 * refused line (refusal), check-rb of every readback against its HO (checkReadback), and
 * check-thread over the valid lines (createThreadAudit), all by the core. What is here is caching,
 * so that an edit costs what it changes:
 * - only the lines an edit touched are split and read again (lines.ts); a reading is kept by text;
 * - check-thread runs per bucket of linked groups (groups.ts, buckets.ts), with line keys for line
 *   numbers: an edit re-audits the buckets of the lines it changed, and renumbering lines re-audits
 *   nothing; the buckets' reports are merged and mapped back to line numbers (merge.ts, relabel.ts);
 *   a bucket audited again is given each HO's digest as made for its reading (digests.ts);
 * - the agents' highest message numbers, which number refused lines' UNs, follow the edited lines;
 * - a readback's report is kept by its HO's and RB's readings and the expectations (readbacks.ts);
 * - a line's view is the same object while nothing it shows changed, so a keyed, memoized row
 *   renders again only when its line did.
 */
import { checkLine, createThreadAudit, isJsonForm } from "../../../core/index.js";
import type { HandoffState, LineCheck, Message, ReadbackExpectations, ReadbackReport, ReadbackVerdict, ThreadReport, VocabularyResolver } from "../../../core/index.js";
import { bucketFor, bucketReport } from "./buckets.js";
import type { Bucket, Members } from "./buckets.js";
import { linkedGroups } from "./groups.js";
import { editSource, splitAll } from "./lines.js";
import type { Edited, Source, SourceLine } from "./lines.js";
import { mergeReports } from "./merge.js";
import type { GroupReport } from "./merge.js";
import { createReadbacks } from "./readbacks.js";
import type { Readbacks } from "./readbacks.js";
import { createRefusals, highestAfterEdit, highestNumbers } from "./refusals.js";
import type { Refusal } from "./refusals.js";
import { createRelabel, KEY_BASE, KEY_LIMIT } from "./relabel.js";

export type { Refusal } from "./refusals.js";

export interface CheckSettings {
  /** Which vocabulary reads a line (profileResolver); a new resolver drops every cached reading. */
  readonly resolve: VocabularyResolver;
  /** The moment of check-thread (`YYYYMMDDTHHMMZ`), or null for no clock. */
  readonly now: string | null;
  /** The sender's withheld criteria and record, by HO id. */
  readonly expectations: ReadonlyMap<string, ReadbackExpectations>;
  /** Who sends the UN for a refused line: this agent, or (null) each line's `to=`. */
  readonly as: string | null;
  /**
   * The core's readMessage, for the lines that hold a JSON form: the app loads it (json-forms.ts)
   * once the text holds one, and checks no such text before. Without it a JSON form is not read,
   * and checking one throws. The other lines are read as readMessage reads them, by checkLine.
   */
  readonly readJson?: ((text: string, resolve: VocabularyResolver) => LineCheck) | undefined;
}

export interface CheckedLine {
  readonly n: number;
  readonly text: string;
  /** The line holds a JSON form rather than an RW1 line. */
  readonly json: boolean;
  readonly check: LineCheck;
  readonly refusal: Refusal | null;
}

export interface CheckedReadback {
  readonly ho: CheckedLine;
  readonly rb: CheckedLine;
  readonly report: ReadbackReport;
  readonly verdict: ReadbackVerdict;
}

export interface Checked {
  readonly lines: readonly CheckedLine[];
  /** The valid lines, audited by check-thread (the others are left out of the thread). */
  readonly audited: readonly CheckedLine[];
  readonly report: ThreadReport;
  /** check-rb of each valid RB that answers an earlier valid HO, by the RB's line number. */
  readonly readbacks: ReadonlyMap<number, CheckedReadback>;
  /** The first valid HO of each id. */
  readonly handoffs: ReadonlyMap<string, CheckedLine>;
  /** Where each tracked HO stands at `now`, by id, as check-thread says. */
  readonly states: ReadonlyMap<string, HandoffState>;
  readonly now: string | null;
}

export interface Checker {
  check(text: string, settings: CheckSettings): Checked;
}

export interface CheckerOptions {
  /** Lines of text a bucket of the thread audit covers, on average (default 32). */
  readonly bucketLines?: number;
}

/** What the last check left, to compare the next one with. */
interface Previous {
  readonly settings: CheckSettings;
  readonly text: string;
  readonly source: Source;
  readonly checks: readonly LineCheck[];
  readonly views: readonly CheckedLine[];
  /** For each source line, its index among the audited lines, or -1. */
  readonly auditedAt: Int32Array;
  /** For each audited line, its bucket. */
  readonly bucketOf: Int32Array;
  readonly members: ReadonlyMap<number, Members>;
  /** The highest message number of each agent, once it was needed (null when not known). */
  readonly highest: ReadonlyMap<string, number> | null;
  readonly handoffs: Map<string, CheckedLine>;
  readonly readbacks: Map<number, CheckedReadback>;
  /** The source lines of the readbacks of each HO id. */
  readonly readbacksOf: ReadonlyMap<string, readonly number[]>;
  /** The buckets' reports, in bucket order, and what was made of them with `numbering`. */
  readonly reports: readonly GroupReport[];
  readonly numbering: number;
  readonly report: ThreadReport;
  readonly states: ReadonlyMap<string, HandoffState>;
}

const audits = (c: LineCheck): boolean => c.ok && c.message !== null;

/** Two valid readings link the same way: same id, `re=` and item. */
function sameLinks(a: LineCheck, b: LineCheck): boolean {
  const x = a.message as Message;
  const y = b.message as Message;
  return x.id === y.id && x.re === y.re && x.item === y.item;
}

/**
 * The valid lines of an edit's span `[from, to)`, paired in order with those of the old span
 * `[from, oldTo)`: the indexes of the new ones whose reading changed, or null when they are not as
 * many, or a pair differs in key or links.
 */
function sameValidLines(p: Previous, checks: readonly LineCheck[], lines: readonly SourceLine[], from: number, to: number, oldTo: number): number[] | null {
  const changed: number[] = [];
  let j = from;
  for (let k = from; k < to; k++) {
    const c = checks[k] as LineCheck;
    if (!audits(c)) continue;
    while (j < oldTo && !audits(p.checks[j] as LineCheck)) j++;
    if (j === oldTo) return null;
    const before = p.checks[j] as LineCheck;
    if ((p.source.lines[j] as SourceLine).key !== (lines[k] as SourceLine).key || !sameLinks(before, c)) return null;
    if (before !== c) changed.push(k);
    j++;
  }
  while (j < oldTo && !audits(p.checks[j] as LineCheck)) j++;
  return j === oldTo ? changed : null;
}

/** Two lists of the same objects, in the same order. */
const sameList = <T>(a: readonly T[], b: readonly T[]): boolean => a.length === b.length && a.every((x, k) => x === b[k]);

export function createChecker(options: CheckerOptions = {}): Checker {
  const bucketLines = options.bucketLines ?? 32;
  let resolve: VocabularyResolver | null = null;
  let readings = new Map<string, LineCheck>();
  let readbackOf: Readbacks | null = null;
  const refusals = createRefusals();
  const relabel = createRelabel();
  let buckets = new Map<number, Bucket>();
  let bucketCount = 0;
  let prev: Previous | null = null;
  let nextKey = KEY_BASE;
  /** Changes whenever some line's number may have: the merge maps a group's findings again. */
  let numbering = 0;
  const newKey = (): number => nextKey++;
  /** The line number of each key, by key - KEY_BASE. */
  let numbers = new Int32Array(1024);
  const emptyReports = new Map<string | null, ThreadReport>();
  const emptyReport = (now: string | null): ThreadReport => {
    let r = emptyReports.get(now);
    if (r === undefined) emptyReports.set(now, (r = createThreadAudit().report(now)));
    return r;
  };

  /** Reads a line as readMessage does: a JSON form by readMessage itself, an RW1 line by checkLine. */
  function reading(text: string, readJson: CheckSettings["readJson"]): LineCheck {
    let c = readings.get(text);
    if (c === undefined) {
      if (!isJsonForm(text)) c = checkLine(text, resolve as VocabularyResolver);
      else if (readJson !== undefined) c = readJson(text, resolve as VocabularyResolver);
      else throw new Error("a line holds a JSON form, and no reader of JSON forms was given");
      readings.set(text, c);
    }
    return c;
  }

  /** Groups the audited lines and puts each group in a bucket, by its first line's key. */
  function membersOf(audited: readonly CheckedLine[], keys: readonly number[]): { bucketOf: Int32Array; members: Map<number, Members> } {
    const groups = linkedGroups(audited.map((v) => v.check.message as Message));
    const bucketOf = new Int32Array(audited.length);
    const members = new Map<number, { keys: number[]; checks: LineCheck[] }>();
    for (let i = 0; i < audited.length; i++) {
      const b = (keys[groups[i] as number] as number) % bucketCount;
      bucketOf[i] = b;
      let m = members.get(b);
      if (m === undefined) members.set(b, (m = { keys: [], checks: [] }));
      m.keys.push(keys[i] as number);
      m.checks.push((audited[i] as CheckedLine).check);
    }
    return { bucketOf, members };
  }

  function check(text: string, settings: CheckSettings): Checked {
    if (settings.resolve !== resolve || nextKey > KEY_LIMIT - text.length) {
      resolve = settings.resolve;
      readings = new Map();
      readbackOf = createReadbacks(resolve);
      buckets = new Map();
      prev = null;
      nextKey = KEY_BASE;
    }
    // The lines: only those the edit touched are split again.
    let p = prev;
    let edited: Edited | null = null;
    if (p !== null) edited = p.text === text ? { source: p.source, from: 0, to: 0, oldTo: 0 } : editSource(p.source, p.text, text, newKey);
    if (edited === null) {
      const source = splitAll(text, newKey);
      edited = { source, from: 0, to: source.lines.length, oldTo: 0 };
      p = null;
    }
    const { source, from, to, oldTo } = edited;
    const lines = source.lines;
    // About bucketLines lines a bucket; the count changes only when that drifts by half or double.
    if (bucketCount === 0 || source.total > 2 * bucketCount * bucketLines || (bucketCount > 1 && 2 * source.total < bucketCount * bucketLines)) {
      bucketCount = Math.max(1, Math.ceil(source.total / bucketLines));
      buckets = new Map();
      p = null;
    }

    // Readings: lines outside the edit keep theirs; the groups are kept when no line changed
    // whether it is valid, or its id, re= or item.
    const checks = new Array<LineCheck>(lines.length);
    const sameCount = to - from === oldTo - from;
    const paired = (k: number): number => (p === null ? -1 : k < from ? k : k >= to ? k - to + oldTo : sameCount ? k : -1);
    let keepGroups = p !== null;
    const changed: number[] = [];
    for (let k = 0; k < lines.length; k++) {
      const j = paired(k);
      if (j >= 0 && (k < from || k >= to)) {
        checks[k] = (p as Previous).checks[j] as LineCheck;
        continue;
      }
      const c = reading((lines[k] as SourceLine).text, settings.readJson);
      checks[k] = c;
      const before = j >= 0 ? ((p as Previous).checks[j] as LineCheck) : undefined;
      if (before === c) continue;
      changed.push(k);
      if (before !== undefined && (audits(before) !== audits(c) || (audits(c) && !sameLinks(before, c)))) keepGroups = false;
    }
    // An edit that adds or removes lines (a line break typed or deleted) pairs none of its own, so
    // its valid lines are paired in order: the groups are kept when they are as many, with the same
    // keys and links (only blank or refused lines came or went). The valid lines whose reading
    // changed go into their buckets again.
    let regrouped: readonly number[] | null = sameCount ? changed : null;
    if (keepGroups && !sameCount) regrouped = sameValidLines(p as Previous, checks, lines, from, to, oldTo);
    if (regrouped === null) keepGroups = false;
    if (readings.size > 2 * lines.length + 256) readings = new Map(lines.map((l, k) => [l.text, checks[k] as LineCheck]));

    // Views, the same object while the line's number, text, reading and refusal are.
    const anyRefused = checks.some((c) => !c.ok);
    // The numbers agents used, once known, follow the edited lines (a refused line's included:
    // highestNumbers counts those too), with or without a refused line, so the line a refusal
    // starts with needs no pass over every line; every line is counted again only when an edit
    // took away some agent's highest number.
    const known = p === null || p.highest === null ? null : highestAfterEdit(p.highest, p.checks.slice(from, oldTo), checks.slice(from, to));
    const highest = known ?? (anyRefused ? highestNumbers(checks) : null);
    const refused = anyRefused ? refusals.of(checks, highest as ReadonlyMap<string, number>, settings.as) : null;
    const views = new Array<CheckedLine>(lines.length);
    // Lines added or removed renumber what follows; the loop below finds the other renumberings by
    // comparing paired lines, but an edit whose span reaches the end pairs none of them.
    let renumbered = p === null || to - from !== oldTo - from;
    for (let k = 0; k < lines.length; k++) {
      const { n, text: lineText } = lines[k] as SourceLine;
      const c = checks[k] as LineCheck;
      const r = refused === null ? null : (refused[k] as Refusal | null);
      const j = paired(k);
      const old = j >= 0 ? (p as Previous).views[j] : undefined;
      if (old !== undefined && old.n !== n) renumbered = true;
      views[k] = old !== undefined && old.n === n && old.text === lineText && old.check === c && old.refusal === r ? old : { n, text: lineText, json: isJsonForm(lineText), check: c, refusal: r };
    }

    // The audited lines and their buckets: kept when the edit kept every link.
    let auditedAt: Int32Array;
    let bucketOf: Int32Array;
    let members: Map<number, Members>;
    const audited: CheckedLine[] = [];
    const keys: number[] = [];
    if (keepGroups && p !== null) {
      if (sameCount) auditedAt = p.auditedAt;
      else {
        auditedAt = new Int32Array(lines.length);
        for (let k = 0, i = 0; k < lines.length; k++) auditedAt[k] = audits(checks[k] as LineCheck) ? i++ : -1;
      }
      bucketOf = p.bucketOf;
      members = new Map(p.members);
      views.forEach((v, k) => {
        if ((auditedAt[k] as number) >= 0) audited.push(v);
      });
      for (const k of regrouped as readonly number[]) {
        const i = auditedAt[k] as number;
        if (i < 0) continue;
        const b = bucketOf[i] as number;
        const m = members.get(b) as Members;
        const copy = { keys: m.keys, checks: [...m.checks] };
        copy.checks[m.keys.indexOf((lines[k] as SourceLine).key)] = checks[k] as LineCheck;
        members.set(b, copy);
      }
    } else {
      auditedAt = new Int32Array(lines.length);
      views.forEach((v, k) => {
        auditedAt[k] = audits(v.check) ? audited.length : -1;
        if (audits(v.check)) {
          audited.push(v);
          keys.push((lines[k] as SourceLine).key);
        }
      });
      ({ bucketOf, members } = membersOf(audited, keys));
    }

    // check-thread, a bucket at a time, then merged, with line numbers for keys.
    const nextBuckets = new Map<number, Bucket>();
    const reports: GroupReport[] = [];
    for (const b of [...members.keys()].sort((x, y) => x - y)) {
      const m = members.get(b) as Members;
      const old = buckets.get(b);
      const keep = p !== null && p.members.get(b) === m && p.settings.expectations === settings.expectations && old !== undefined;
      const bucket = keep ? (old as Bucket) : bucketFor(m, old, settings.resolve, settings.expectations);
      nextBuckets.set(b, bucket);
      reports.push(bucketReport(bucket, settings.now));
    }
    buckets = nextBuckets;
    if (numbers.length < nextKey - KEY_BASE) {
      const grown = new Int32Array(Math.max(nextKey - KEY_BASE, numbers.length * 2));
      grown.set(numbers);
      numbers = grown;
    }
    for (const l of lines) numbers[l.key - KEY_BASE] = l.n;
    if (renumbered) numbering++;
    // The same reports with the same line numbers merge as before: an edit that no bucket saw (a
    // refused line typed into, a comment) skips the merge and the states, which go over every
    // handoff (tens of ms at 40,000 lines).
    let report: ThreadReport;
    let states: ReadonlyMap<string, HandoffState>;
    if (p !== null && p.numbering === numbering && p.settings.now === settings.now && sameList(p.reports, reports)) {
      report = p.report;
      states = p.states;
    } else {
      report = mergeReports(reports, emptyReport(settings.now), (key) => numbers[key - KEY_BASE] as number, relabel, numbering);
      // A group holds every HO of an id, so each tracked HO has its state in exactly one group.
      const all = new Map<string, HandoffState>();
      for (const r of reports) for (const h of r.handoffs) all.set(h.id, h);
      states = all;
    }

    // check-rb of each readback against the HO it answers: when the edit kept every link and
    // every line's number, only the readbacks of a changed HO and the changed readbacks again.
    const check = readbackOf as Readbacks;
    let handoffs: Map<string, CheckedLine>;
    let readbacks: Map<number, CheckedReadback>;
    let readbacksOf: ReadonlyMap<string, readonly number[]>;
    const handoffOrReadback = (c: LineCheck | undefined): boolean => c !== undefined && c.message !== null && (c.message.type === "HO" || c.message.type === "RB");
    const untouched =
      !renumbered && p !== null && p.settings.expectations === settings.expectations && to - from === oldTo - from &&
      changed.every((k) => !handoffOrReadback((p as Previous).checks[k]) && !handoffOrReadback(checks[k]));
    if (untouched && p !== null) {
      handoffs = p.handoffs;
      readbacks = p.readbacks;
      readbacksOf = p.readbacksOf;
    } else if (keepGroups && !renumbered && p !== null && p.settings.expectations === settings.expectations) {
      handoffs = p.handoffs;
      readbacks = p.readbacks;
      readbacksOf = p.readbacksOf;
      const again = new Set<number>();
      for (const k of changed) {
        if ((auditedAt[k] as number) < 0) continue;
        const m = (views[k] as CheckedLine).check.message as Message;
        if (m.type === "HO" && handoffs.get(m.id) === p.views[k]) {
          if (handoffs === p.handoffs) handoffs = new Map(handoffs);
          handoffs.set(m.id, views[k] as CheckedLine);
          for (const r of readbacksOf.get(m.id) ?? []) again.add(r);
        } else if (m.type === "RB" && readbacks.has((views[k] as CheckedLine).n)) again.add(k);
      }
      if (again.size > 0) readbacks = new Map(readbacks);
      for (const k of again) {
        const v = views[k] as CheckedLine;
        const re = (v.check.message as Message).re as string;
        readbacks.set(v.n, check(handoffs.get(re) as CheckedLine, v, settings.expectations.get(re)));
      }
    } else {
      handoffs = new Map();
      readbacks = new Map();
      const of = new Map<string, number[]>();
      readbacksOf = of;
      views.forEach((v, k) => {
        if ((auditedAt[k] as number) < 0) return;
        const m = v.check.message as Message;
        if (m.type === "HO") {
          if (!handoffs.has(m.id)) handoffs.set(m.id, v);
        } else if (m.type === "RB" && m.re !== null) {
          const ho = handoffs.get(m.re);
          if (ho === undefined) return;
          readbacks.set(v.n, check(ho, v, settings.expectations.get(m.re)));
          const list = of.get(m.re);
          if (list === undefined) of.set(m.re, [k]);
          else list.push(k);
        }
      });
    }
    prev = { settings, text, source, checks, views, auditedAt, bucketOf, members, highest, handoffs, readbacks, readbacksOf, reports, numbering, report, states };
    return { lines: views, audited, report, readbacks, handoffs, states, now: settings.now };
  }

  return { check };
}

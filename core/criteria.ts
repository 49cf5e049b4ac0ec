/**
 * Acceptance criteria (spec section 5.2): the constraint grammar, normalisation with the alias
 * table, and the comparison of the sender's criteria with the receiver's that tier 4 rests on.
 */
import { _capFindings, _error, _note, finding, FINDINGS_MAX } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { _constraintKey, _cut } from "./_chars.js";
import { _NOT_IN_LINE } from "./_controls.js";
import { _repeatTracker } from "./_single-valued.js";
import { isDate } from "./check-value.js";
import { CriteriaIndex } from "./criteria-index.js";
import { _canonicalNegations, _containsWords as contains, _distinctive as distinctive, _opposes as opposes, _prefixOf as prefixOf, _turns as turns } from "./_value-rules.js";

export interface Constraint {
  readonly key: string;
  /** The value as written. */
  readonly value: string;
}

const CONSTRAINT = /^([^:]+):(\S+)$/;

/**
 * Reads `key:value` constraints, from an `acc=` list or a `+`-joined string; keys are lowered.
 * Given the vocabulary they will be compared under, it also refuses a single-valued key named
 * twice (CRITERIA_REPEATED), as validate refuses one in a line's `acc=`: which of the two values
 * the sender meant would be a guess, and a key outside its closed set (CRITERIA_KEY_UNKNOWN): the
 * withheld criteria are the sender's input to the checker, and such a key is never compared.
 * Without it, only the syntax is read (compareCriteria reports the repeat where it compares).
 */
export function parseCriteria(input: string | readonly string[], vocabulary?: Vocabulary): { constraints: Constraint[]; findings: Finding[] } {
  const read = _readCriteria(input, vocabulary);
  // Bounded like every reader of outside input (README note 36).
  return { constraints: read.constraints, findings: _capFindings(read.findings) };
}

/**
 * parseCriteria with every finding, uncut: for a caller that cuts its whole report once, so that
 * its cut counts these findings too (a report holding an inner cut would count that note alone).
 * `refuseRepeats` false leaves a repeated key to compareCriteria.
 */
export function _readCriteria(input: string | readonly string[], vocabulary?: Vocabulary, refuseRepeats = true): { constraints: Constraint[]; findings: Finding[] } {
  const items = typeof input === "string" ? (input === "" ? [] : input.split("+")) : input;
  const constraints: Constraint[] = [];
  const findings: Finding[] = [];
  // checkReadback leaves a repeat to the comparison, which reports it (CRITERIA_REPEATED) there.
  const repeats = vocabulary === undefined || !refuseRepeats ? null : _repeatTracker(vocabulary);
  for (const item of items) {
    // What no line carries (README note 5) no receiver's acc= can hold: a criterion holding it could never be met.
    if (_NOT_IN_LINE.test(item)) {
      const shown = _cut(item);
      findings.push(finding("CRITERIA_SYNTAX", `'${shown}' holds a character no line may carry (a control character, line break or lone surrogate): no readback's acc= can hold it, so it could never be met`, { received: shown }));
      continue;
    }
    const m = CONSTRAINT.exec(item);
    const key = m === null ? null : _constraintKey(m[1] as string);
    if (m === null || key === null || item.includes("+")) {
      const shown = _cut(item);
      findings.push(finding("CRITERIA_SYNTAX", `'${shown}' is not a constraint (key:value)`, { received: shown }));
      continue;
    }
    // The sender's own withheld key is its input to this checker, not a peer's word (README note
    // 12 keeps acc='s unknown keys a note): one no vocabulary compares is a check silently not made.
    if (vocabulary !== undefined && !vocabulary.constraintKeys.has(key)) {
      findings.push(unknownKey(key, _cut(item), vocabulary));
      continue;
    }
    const c = { key, value: m[2] as string };
    constraints.push(c);
    const first = repeats?.(key, _cut(`${key}:${c.value}`)) ?? null;
    if (first !== null) findings.push(repeated(key, [first, _cut(`${key}:${c.value}`)]));
  }
  return { constraints, findings };
}

const unknownKey = (key: string, shown: string, vocabulary: Vocabulary): Finding =>
  finding("CRITERIA_KEY_UNKNOWN", `'${shown}': ${_cut(key)} is outside the closed key set (${[...vocabulary.constraintKeys.keys()].join(" ")}), so it could never be compared: the sender's withheld criteria name keys the checker compares`, { slot: "acc", received: shown });

const repeated = (key: string, values: readonly string[]): Finding =>
  finding("CRITERIA_REPEATED", `the sender's criteria name ${key} more than once (${values.slice(0, 2).join(", then ")}); ${key} is single-valued: one value, so ${key} is not compared`, { slot: "acc", expected: values[0] as string, received: values[1] as string });

export interface Normalised {
  /** Lowercase words, punctuation gone, aliases resolved to their canonical spelling, negations written `not`. */
  readonly words: readonly string[];
  /** The words joined by spaces; a value without words (`£`) as written, lowercased. */
  readonly text: string;
  /**
   * For lengths: a number and a unit (`120w`), compared as such. `digits` is the number as a
   * canonical decimal (`1200`, `1.5`), which is what is compared: exact however long it is.
   */
  readonly measure: { readonly amount: number; readonly digits: string; readonly unit: string } | null;
}

const UNITS: Readonly<Record<string, string>> = {
  w: "w", word: "w", words: "w",
  c: "c", char: "c", chars: "c", character: "c", characters: "c",
  p: "p", page: "p", pages: "p",
  s: "s", slide: "s", slides: "s",
};
/**
 * A number, whole (`1200`, or grouped by commas in threes, `1,200`) with an optional decimal point,
 * or a decimal point and digits alone (`.5`, as `0.5`), then any punctuation, then the unit.
 * Punctuation inside the number makes no measure: `1-2p` is a range and `1,5p` a decimal comma,
 * neither of them 12 or 15 pages.
 */
const MEASURE = /^(?:(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?|\.(\d+))[^\p{L}\p{N}]*([a-z]+)$/u;

// A combining mark belongs to its letter's word (`e` + U+0301 is one letter, not a break).
const words = (text: string): string[] => text.toLowerCase().split(/[^\p{L}\p{M}\p{N}]+/u).filter((w) => w.length > 0);

/** Lowercase, punctuation stripped, aliases resolved (section 5.2), each negation written `not`. */
export function normaliseValue(written: string, vocabulary: Vocabulary): Normalised {
  // Canonically equivalent spellings (`é` composed, or `e` and a combining accent) are one text.
  const value = written.normalize("NFC");
  const plain = words(value).join(" ");
  const alias = vocabulary.aliases.get(value.toLowerCase()) ?? aliasByWords(plain, vocabulary);
  const text = alias === undefined ? plain : words(alias).join(" ");
  // Punctuation around a length goes (`~120w`, `120w.`), as in `text`; inside its number it stays,
  // and a leading point is the number's own (`.5p` is half a page, not 5 pages).
  const lower = (alias ?? value).toLowerCase();
  const bare = lower.replace(/^[^\p{L}\p{N}.]+|[^\p{L}\p{N}]+$/gu, "");
  const m = MEASURE.exec(bare);
  const unit = m === null || !Object.hasOwn(UNITS, m[4] as string) ? undefined : UNITS[m[4] as string];
  const measure = m !== null && unit !== undefined ? measureOf(m[1] ?? "0", m[2] ?? m[3] ?? "", unit) : null;
  // A value of punctuation alone (`£`, `—`) has no words: its text is the value as written, or
  // every such value would be the empty text and match every other.
  if (text === "") return { words: [], text: lower, measure };
  const said = _canonicalNegations(text.split(" "));
  return { words: said, text: said.join(" "), measure };
}

/** A length's number as a canonical decimal: no grouping commas, leading or trailing zeros. */
function measureOf(whole: string, fraction: string, unit: string): { amount: number; digits: string; unit: string } {
  const int = whole.replaceAll(",", "").replace(/^0+(?=\d)/, "");
  const frac = fraction.replace(/0+$/, "");
  const digits = frac === "" ? int : `${int}.${frac}`;
  return { amount: Number(digits), digits, unit };
}

/**
 * Each alias table (not changed once assembled) keyed by its spellings' words, the first spelling
 * of a text winning, as a scan of the table in its order finds: a value is then looked up once,
 * rather than every spelling of the table split into words again for each value read.
 */
const aliasesByWords = new WeakMap<ReadonlyMap<string, string>, ReadonlyMap<string, string>>();

function aliasByWords(plain: string, vocabulary: Vocabulary): string | undefined {
  let byWords = aliasesByWords.get(vocabulary.aliases);
  if (byWords === undefined) {
    const table = new Map<string, string>();
    for (const [spelling, canonical] of vocabulary.aliases) {
      const key = words(spelling).join(" ");
      if (!table.has(key)) table.set(key, canonical);
    }
    aliasesByWords.set(vocabulary.aliases, table);
    byWords = table;
  }
  return byWords.get(plain);
}

/**
 * `opposite`: two values of a set-valued key that name one fact with opposite polarity
 * (`must:em-dash`, `must:not-em-dash`), which a single-valued key reads as `different`.
 */
export type Match = "same" | "opposite" | "loose" | "different";

/**
 * Whether two values of one key name the same fact: equal, one a prefix of the other (after
 * normalisation, and never ending inside a number), or one's word set containing the other's. Lengths compare as number and unit, so `120w` and `150w` never
 * match, and a value that negates a word the other states (`non-technical`, `technical`) never
 * matches it: for a set-valued key it is `opposite` when, negations aside, the two name one fact.
 * Set-valued keys also accept a loose match on a shared distinctive word.
 */
export function compareValues(a: Normalised, b: Normalised, setValued: boolean): Match {
  if (a.measure !== null || b.measure !== null) {
    return a.measure !== null && b.measure !== null && a.measure.digits === b.measure.digits && a.measure.unit === b.measure.unit ? "same" : "different";
  }
  if (a.text === b.text) return "same";
  // A value that negates a word the other states (`aud:technical`, `aud:non-technical`) names its
  // opposite, though its word set holds the other's; one whose polarity is unread (`formal-not`,
  // `not-non-technical`) may. A set-valued key's polarity is the key's, but a value can turn it
  // (`must:not-em-dash` against `must:em-dash`): the opposite fact, not the same.
  if (turns(a.words, b.words)) {
    if (!setValued) return "different";
    if (opposes(a.words, b.words)) return "opposite";
  } else {
    if (prefixOf(a.text, b.text) || prefixOf(b.text, a.text)) return "same";
    if (contains(a.words, b.words) || contains(b.words, a.words)) return "same";
  }
  if (setValued && a.words.some((w) => distinctive(w) && b.words.includes(w))) return "loose";
  return "different";
}

export interface CriteriaOptions {
  /** `keys=` of the HO: dimensions the sender checks; one the receiver omits is a gap. */
  readonly keys?: readonly string[];
  /** The receiver's `not=`: compared as `no:` values, and refused when it excludes a `must:`. */
  readonly not?: readonly string[];
}

interface Held {
  /**
   * The constraint as a finding's message quotes it, as written: `key:value`, or `not=value` for a
   * receiver's not= token; cut to 40 characters (README note 36).
   */
  readonly raw: string;
  /** What a finding's `received` carries: `raw`, or a not= token alone, as a line's slot holds it. */
  readonly received: string;
  /** Where the receiver wrote it. */
  readonly slot: "acc" | "not";
  readonly norm: Normalised;
}

/** A constraint, or (`not`) a receiver's not= token, compared as a `no:` value. */
type Grouped = Constraint & { readonly not?: true };

/**
 * A `no:` value (or a not= token, compared as one) that opens with the word `no` restates its key
 * in the brief's own words (`no:no-em-dashes`, of "no em dashes"): that `no` is set aside, or it
 * would read as a negation and turn the exclusion into its opposite. A value of `no` alone stays.
 */
const RESTATED_NO = /^no[^\p{L}\p{M}\p{N}]+(?=[\s\S]*[\p{L}\p{N}])/iu;

/**
 * A date written with hyphens, `YYYY-MM-DD`, set off from other digits (not `1-2026-10-02`, nor
 * `2026-10-02-03`, which may be a range): read as RW1 writes dates, `YYYYMMDD`.
 */
const HYPHENATED_DATE = /(?<!\d-?)(\d{4})-(\d{2})-(\d{2})(?!-?\d)/g;

/**
 * The value as compared. In a `by:` value, a real calendar date written `2026-10-02` is the date
 * `20261002` (RW1's own form): the same day, not other words, whether it is the whole value or has
 * a time, a note or a bound about it (`2026-10-02-eod`, `no-later-than-2026-10-02`), as
 * `20261002` would. Nothing else is taken for a date (rule 2: never guess), and no other key's
 * words are: elsewhere a hyphenated number may be a code, a version or a range.
 */
function comparedValue(key: string, value: string): string {
  if (key === "no") return value.replace(RESTATED_NO, "");
  if (key === "by") return value.replace(HYPHENATED_DATE, (written: string, y: string, m: string, d: string) => (isDate(`${y}${m}${d}`) ? `${y}${m}${d}` : written));
  return value;
}

function group(constraints: readonly Grouped[], vocabulary: Vocabulary, side: string, out: Finding[], room: Room): Map<string, Held[]> {
  const groups = new Map<string, Held[]>();
  for (const c of constraints) {
    if (c.not === true) {
      const token = _cut(c.value);
      const list = groups.get("no") ?? [];
      list.push({ raw: `not=${token}`, received: token, slot: "not", norm: normaliseValue(comparedValue("no", c.value), vocabulary) });
      groups.set("no", list);
      continue;
    }
    if (!vocabulary.constraintKeys.has(c.key)) {
      const shown = _cut(`${c.key}:${c.value}`);
      if (room.note()) out.push(_note("ACC_KEY_UNKNOWN", `${side} ${shown}: ${_cut(c.key)} is outside the closed key set; noted, not compared`, { slot: "acc", received: shown }));
      continue;
    }
    const list = groups.get(c.key) ?? [];
    const raw = _cut(`${c.key}:${c.value}`);
    list.push({ raw, received: raw, slot: "acc", norm: normaliseValue(comparedValue(c.key, c.value), vocabulary) });
    groups.set(c.key, list);
  }
  return groups;
}

/** The positions in `matches` that hold `match`, ascending. */
const positionsOf = (matches: readonly Match[], match: Match): number[] => matches.flatMap((m, i) => (m === match ? [i] : []));

/** Whether a receiver's exclusion that compares so with a sender's `must:` value excludes it. */
const excluding = (match: Match): boolean => match === "same" || match === "opposite";

/** Two ascending lists of positions as one, ascending (a value is never both same and opposite). */
const mergedPositions = (a: readonly number[], b: readonly number[]): number[] => (b.length === 0 ? [...a] : [...a, ...b].sort((x, y) => x - y));

/**
 * The values of `held` not flagged, indexed (built when first asked), asked for the first one
 * loosely matching a value: its position in `held`, or -1.
 */
function unflagged(held: readonly Held[], flags: readonly boolean[]): { firstLoose(a: Normalised): number } {
  let positions: number[] | undefined;
  let index: CriteriaIndex | undefined;
  return {
    firstLoose(a) {
      if (index === undefined) {
        positions = flags.flatMap((flag, i) => (flag ? [] : [i]));
        index = new CriteriaIndex(positions.map((i) => (held[i] as Held).norm));
      }
      const k = index.firstLoose(a);
      return k < 0 ? -1 : ((positions as number[])[k] as number);
    },
  };
}

/** Whether a finding of one severity is built (true) or only counted: see _compareCriteria. */
interface Room {
  readonly error: () => boolean;
  readonly note: () => boolean;
}

/**
 * Up to this many value pairs a key is compared pair by pair: building an index costs more than
 * the few comparisons a typical handoff's criteria take (the two cost the same at about 12 x 12).
 */
export const _PAIRWISE_MAX = 128;

/**
 * Compares the sender's criteria with the receiver's, by key (section 5.2): a contradiction, a gap
 * or a required item excluded fails; an assumption, a loose match or an unknown key is a note.
 * At most FINDINGS_MAX findings, errors first, then one FINDINGS_CUT note counting the rest (note
 * 36), as every reader of outside input answers: two lists of exclusions can make a finding per
 * pair, hundreds of thousands.
 */
export function compareCriteria(expected: readonly Constraint[], reported: readonly Constraint[], vocabulary: Vocabulary, options: CriteriaOptions = {}): Finding[] {
  const bounded = _boundedCriteria(expected, reported, vocabulary, options, FINDINGS_MAX);
  return _capFindings(bounded.findings, bounded.uncounted, bounded.uncountedNotes);
}

/**
 * compareCriteria for a report cut to FINDINGS_MAX findings, errors first (note 36): errors past
 * `errorRoom` and notes past FINDINGS_MAX are counted, not built, since the cut report would drop
 * them. Exclusions are a product of the two lists (40,000 `no:a` against ten `must:a<n>` made
 * 400,000 findings and overflowed the stack), and 200,000 `no:` values made 400,000 notes (an
 * assumption and a loose match each) to show a hundred of them.
 */
export function _boundedCriteria(expected: readonly Constraint[], reported: readonly Constraint[], vocabulary: Vocabulary, options: CriteriaOptions, errorRoom: number): { findings: Finding[]; uncounted: number; uncountedNotes: number } {
  const bound = { errorRoom, uncounted: 0, uncountedNotes: 0 };
  const findings = _compareCriteria(expected, reported, vocabulary, options, _PAIRWISE_MAX, bound);
  return { findings, uncounted: bound.uncounted, uncountedNotes: bound.uncountedNotes };
}

/**
 * compareCriteria, with the size up to which pairs are compared one by one (a test sets 0). With
 * `bound`, findings past its room are counted in it rather than built: errors past `errorRoom`, and
 * notes past FINDINGS_MAX, the most a cut report shows. The findings built are the first of the
 * full list's errors and of its notes, in its order, which are all a cut report keeps of them.
 */
export function _compareCriteria(expected: readonly Constraint[], reported: readonly Constraint[], vocabulary: Vocabulary, options: CriteriaOptions, pairwiseMax: number, bound?: { readonly errorRoom: number; uncounted: number; uncountedNotes: number }): Finding[] {
  const out: Finding[] = [];
  let errors = 0;
  let notes = 0;
  const room: Room = {
    error: () => (bound === undefined || errors < bound.errorRoom ? (errors++, true) : (bound.uncounted++, false)),
    note: () => (bound === undefined || notes < FINDINGS_MAX ? (notes++, true) : (bound.uncountedNotes++, false)),
  };
  const sender = group(expected, vocabulary, "sender's", out, room);
  const receiver = group([...reported, ...(options.not ?? []).map((value): Grouped => ({ key: "no", value, not: true }))], vocabulary, "receiver's", out, room);
  const isSet = (key: string): boolean => vocabulary.constraintKeys.get(key)?.set === true;
  // Each side's values of a key, indexed when the lists are long (one index of the sender's must:
  // serves its key and the exclusions).
  const indexes = new Map<Held[], CriteriaIndex>();
  const indexOf = (held: Held[]): CriteriaIndex => {
    let index = indexes.get(held);
    if (index === undefined) {
      index = new CriteriaIndex(held.map((h) => h.norm));
      indexes.set(held, index);
    }
    return index;
  };

  for (const [key, mine] of sender) {
    // Two values for one fact: comparing either would guess which the sender meant.
    if (!isSet(key) && mine.length > 1) {
      if (room.error()) out.push(repeated(key, mine.map((h) => h.raw)));
      continue;
    }
    const theirs = receiver.get(key);
    if (theirs === undefined) {
      // All of the key's values, quoted as one list is: cut (note 36), however many the sender holds.
      if (room.error()) out.push(_error("ACC_GAP", `gap: the receiver did not extract ${key} (the sender holds ${_cut(mine.map((h) => h.raw).join(", "))})`, { slot: "acc", expected: _cut(mine.map((h) => h.raw).join("+")) }));
      continue;
    }
    if (!isSet(key)) {
      for (const t of theirs) {
        if (compareValues((mine[0] as Held).norm, t.norm, false) !== "same" && room.error()) {
          out.push(_error("ACC_CONTRADICTION", `contradiction: the receiver read ${t.raw} where the sender holds ${(mine[0] as Held).raw}`, { slot: "acc", expected: (mine[0] as Held).raw, received: t.raw }));
        }
      }
      continue;
    }
    const pairwise = mine.length * theirs.length <= pairwiseMax;
    const rows = pairwise ? mine.map((m) => theirs.map((t) => compareValues(m.norm, t.norm, true))) : null;
    // A receiver value that names one of the sender's facts, as it is or as its opposite, is that
    // fact's: it stands loosely for no other (`no:em-dash` read back is not also `no:en-dash` on
    // the shared word), so it neither hides a gap nor swallows the receiver's own assumption
    // (`no:en-dash` beside `no:em-dash` is one). compareValues is symmetric: it is asked of the
    // sender's index.
    const named = theirs.map((t, i) => (rows !== null ? rows.some((r) => r[i] === "same" || r[i] === "opposite") : indexOf(mine).hasSame(t.norm) || indexOf(mine).allOpposite(t.norm).length > 0));
    const free = unflagged(theirs, named);
    /** Whether each sender value was read back, as it is or as its opposite. */
    const met: boolean[] = [];
    for (const [j, m] of mine.entries()) {
      let same: boolean;
      let opposite: readonly number[];
      let loose = -1;
      if (rows !== null) {
        const matches = rows[j] as Match[];
        same = matches.includes("same");
        opposite = positionsOf(matches, "opposite");
        loose = matches.findIndex((match, i) => match === "loose" && !named[i]);
      } else {
        const index = indexOf(theirs);
        same = index.hasSame(m.norm);
        opposite = index.allOpposite(m.norm);
        if (!same && opposite.length === 0) loose = free.firstLoose(m.norm);
      }
      met.push(same || opposite.length > 0);
      // Read back as its opposite (`must:not-em-dash` for `must:em-dash`): the receiver understood
      // the constraint wrongly, a contradiction, even beside a value that reads it right (a receiver
      // holding both cannot act on both).
      for (const i of opposite) {
        const t = theirs[i] as Held;
        if (room.error()) out.push(_error("ACC_CONTRADICTION", `contradiction: the receiver read ${t.raw}, the opposite of ${m.raw}, which the sender holds`, { slot: t.slot, expected: m.raw, received: t.received }));
      }
      if (same || opposite.length > 0) continue;
      if (loose >= 0) {
        const t = theirs[loose] as Held;
        if (room.note()) out.push(_note("ACC_LOOSE", `loose match: ${t.raw} taken for ${m.raw} on a shared word; confirm`, { slot: t.slot, expected: m.raw, received: t.received }));
      } else if (room.error()) {
        out.push(_error("ACC_GAP", `gap: the receiver did not extract ${m.raw}`, { slot: "acc", expected: m.raw }));
      }
    }
    // A value no sender value names is loosely a sender's fact that none names, or an assumption.
    const unmet = unflagged(mine, met);
    for (const [i, t] of theirs.entries()) {
      const matched = (named[i] as boolean) || (rows !== null ? rows.some((r, j) => !met[j] && r[i] === "loose") : unmet.firstLoose(t.norm) >= 0);
      if (!matched && room.note()) {
        out.push(_note("ACC_ASSUMPTION", `assumption: ${t.raw} is the receiver's, not the sender's; confirm or correct`, { slot: t.slot, received: t.received }));
      }
    }
  }
  for (const [key, theirs] of receiver) {
    if (sender.has(key)) continue;
    for (const t of theirs) if (room.note()) out.push(_note("ACC_ASSUMPTION", `assumption: ${t.raw} fills in what the sender's criteria leave open; confirm or correct`, { slot: t.slot, received: t.received }));
  }
  const asked = new Set<string>();
  for (const named of options.keys ?? []) {
    const key = _constraintKey(named) ?? named;
    // A key named twice (`keys=len+LEN`) is one dimension, reported once.
    if (asked.has(key)) continue;
    asked.add(key);
    // Outside the closed set: noted, not compared (section 5.2), so never a gap.
    if (!vocabulary.constraintKeys.has(key)) {
      if (room.note()) out.push(_note("ACC_KEY_UNKNOWN", `keys= names ${_cut(key)}, outside the closed key set; noted, not compared`, { slot: "keys", received: _cut(named) }));
      continue;
    }
    // A key the sender also holds criteria for was reported as a gap above.
    if (!receiver.has(key) && !sender.has(key) && room.error()) {
      out.push(_error("ACC_GAP", `gap: the HO asks for ${key} (keys=) and the receiver did not report it`, { slot: "acc", expected: key }));
    }
  }
  // The receiver's exclusions, its own no: and its not= (compared as no: values), against the
  // sender's must:: one that matches excludes something required.
  const required = sender.get("must") ?? [];
  // The receiver's no: values as grouped (and normalised) above: its acc= ones, then its not=.
  const exclusions = receiver.get("no") ?? [];
  const pairwise = required.length * exclusions.length <= pairwiseMax;
  const excludes = ({ slot, raw: shown, received, norm: excluded }: Held): void => {
    // An exclusion stating the required fact negated (`no:not-em-dash` against `must:em-dash`) is a
    // double negative, which may restate the key as well as turn it: never guessed to agree, it
    // fails as the exclusion it may be.
    const matched = pairwise ? required.filter((m) => excluding(compareValues(m.norm, excluded, true))) : mergedPositions(indexOf(required).allSame(excluded), indexOf(required).allOpposite(excluded)).map((i) => required[i] as Held);
    // A shared word only (section 5.2's loose match, "reported as a note"): the receiver may have
    // excluded something required, which the sender confirms; one shared word fails nothing.
    if (matched.length === 0) {
      const loose = pairwise ? required.find((m) => compareValues(m.norm, excluded, true) === "loose") : required[indexOf(required).firstLoose(excluded)];
      if (loose !== undefined && room.note()) out.push(_note("ACC_LOOSE", `loose match: ${shown} shares a word with ${loose.raw}, which the sender requires: it may exclude it; confirm`, { slot, expected: loose.raw, received }));
    }
    for (const m of matched) {
      if (room.error()) out.push(_error("ACC_EXCLUDED", `${shown} excludes ${m.raw}, which the sender requires`, { slot, expected: m.raw, received }));
    }
  };
  if (sender.has("must")) {
    for (const held of exclusions) excludes(held);
  }
  return out;
}

/**
 * Acceptance criteria (spec section 5.2): the constraint grammar, normalisation with the alias
 * table, and the comparison of the sender's criteria with the receiver's that tier 4 rests on.
 */
import { _capFindings, finding } from "./finding.js";
import type { Finding } from "./finding.js";
import type { Vocabulary } from "./vocabulary-model.js";
import { _constraintKey } from "./_chars.js";
import { _cut } from "./validate.js";

export interface Constraint {
  readonly key: string;
  /** The value as written. */
  readonly value: string;
}

const CONSTRAINT = /^([^:]+):(\S+)$/;

/** Reads `key:value` constraints, from an `acc=` list or a `+`-joined string; keys are lowered. */
export function parseCriteria(input: string | readonly string[]): { constraints: Constraint[]; findings: Finding[] } {
  const items = typeof input === "string" ? (input === "" ? [] : input.split("+")) : input;
  const constraints: Constraint[] = [];
  const findings: Finding[] = [];
  for (const item of items) {
    const m = CONSTRAINT.exec(item);
    const key = m === null ? null : _constraintKey(m[1] as string);
    if (m === null || key === null || item.includes("+")) {
      const shown = _cut(item);
      findings.push(finding("CRITERIA_SYNTAX", `'${shown}' is not a constraint (key:value)`, { received: shown }));
    } else constraints.push({ key, value: m[2] as string });
  }
  // Bounded like every reader of outside input (README note 36).
  return { constraints, findings: _capFindings(findings) };
}

/** Words that never make two values the same fact on their own. */
const STOPWORDS = new Set(["a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "is", "it", "no", "not", "of", "on", "or", "the", "to", "with", "without"]);

export interface Normalised {
  /** Lowercase words, punctuation gone, aliases resolved to their canonical spelling. */
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
 * then any punctuation, then the unit. Punctuation inside the number makes no measure: `1-2p` is a
 * range and `1,5p` a decimal comma, neither of them 12 or 15 pages.
 */
const MEASURE = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?[^\p{L}\p{N}]*([a-z]+)$/u;

// A combining mark belongs to its letter's word (`e` + U+0301 is one letter, not a break).
const words = (text: string): string[] => text.toLowerCase().split(/[^\p{L}\p{M}\p{N}]+/u).filter((w) => w.length > 0);

/** Lowercase, punctuation stripped, aliases resolved (section 5.2). */
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
  const unit = m === null || !Object.hasOwn(UNITS, m[3] as string) ? undefined : UNITS[m[3] as string];
  const measure = m !== null && unit !== undefined ? measureOf(m[1] as string, m[2] ?? "", unit) : null;
  // A value of punctuation alone (`£`, `—`) has no words: its text is the value as written, or
  // every such value would be the empty text and match every other.
  return text === "" ? { words: [], text: lower, measure } : { words: text.split(" "), text, measure };
}

/** A length's number as a canonical decimal: no grouping commas, leading or trailing zeros. */
function measureOf(whole: string, fraction: string, unit: string): { amount: number; digits: string; unit: string } {
  const int = whole.replaceAll(",", "").replace(/^0+(?=\d)/, "");
  const frac = fraction.replace(/0+$/, "");
  const digits = frac === "" ? int : `${int}.${frac}`;
  return { amount: Number(digits), digits, unit };
}

function aliasByWords(plain: string, vocabulary: Vocabulary): string | undefined {
  for (const [spelling, canonical] of vocabulary.aliases) if (words(spelling).join(" ") === plain) return canonical;
  return undefined;
}

export type Match = "same" | "loose" | "different";

const DIGIT = /\p{N}/u;

/**
 * `short` begins `long`, and does not end inside a number of it: `oct-1` is a different date from
 * `oct-12`, and `120` a different number from `1200`.
 */
function prefixOf(short: string, long: string): boolean {
  if (short === "" || !long.startsWith(short)) return false;
  return !(short.length < long.length && DIGIT.test(short.slice(-1)) && DIGIT.test(long.charAt(short.length)));
}

const contains = (big: readonly string[], small: readonly string[]): boolean => small.length > 0 && small.every((w) => big.includes(w));
const distinctive = (w: string): boolean => w.length >= 3 && !STOPWORDS.has(w);

/**
 * Whether two values of one key name the same fact: equal, one a prefix of the other (after
 * normalisation, and never ending inside a number), or one's word set containing the other's. Lengths compare as number and unit, so `120w` and `150w` never
 * match. Set-valued keys also accept a loose match on a shared distinctive word.
 */
export function compareValues(a: Normalised, b: Normalised, setValued: boolean): Match {
  if (a.measure !== null || b.measure !== null) {
    return a.measure !== null && b.measure !== null && a.measure.digits === b.measure.digits && a.measure.unit === b.measure.unit ? "same" : "different";
  }
  if (a.text === b.text) return "same";
  if (prefixOf(a.text, b.text) || prefixOf(b.text, a.text)) return "same";
  if (contains(a.words, b.words) || contains(b.words, a.words)) return "same";
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
  readonly raw: string;
  readonly norm: Normalised;
}

function group(constraints: readonly Constraint[], vocabulary: Vocabulary, side: string, out: Finding[]): Map<string, Held[]> {
  const groups = new Map<string, Held[]>();
  for (const c of constraints) {
    if (!vocabulary.constraintKeys.has(c.key)) {
      out.push(finding("ACC_KEY_UNKNOWN", `${side} ${c.key}:${c.value}: ${c.key} is outside the closed key set; noted, not compared`, { slot: "acc", received: `${c.key}:${c.value}` }));
      continue;
    }
    const list = groups.get(c.key) ?? [];
    list.push({ raw: `${c.key}:${c.value}`, norm: normaliseValue(c.value, vocabulary) });
    groups.set(c.key, list);
  }
  return groups;
}

/**
 * Compares the sender's criteria with the receiver's, by key (section 5.2): a contradiction, a gap
 * or a required item excluded fails; an assumption, a loose match or an unknown key is a note.
 */
export function compareCriteria(expected: readonly Constraint[], reported: readonly Constraint[], vocabulary: Vocabulary, options: CriteriaOptions = {}): Finding[] {
  const out: Finding[] = [];
  const sender = group(expected, vocabulary, "sender's", out);
  const receiver = group([...reported, ...(options.not ?? []).map((value) => ({ key: "no", value }))], vocabulary, "receiver's", out);
  const isSet = (key: string): boolean => vocabulary.constraintKeys.get(key)?.set === true;

  for (const [key, mine] of sender) {
    const theirs = receiver.get(key);
    if (theirs === undefined) {
      out.push(finding("ACC_GAP", `gap: the receiver did not extract ${key} (the sender holds ${mine.map((h) => h.raw).join(", ")})`, { slot: "acc", expected: mine.map((h) => h.raw).join("+") }));
      continue;
    }
    if (!isSet(key)) {
      for (const t of theirs) {
        if (compareValues((mine[0] as Held).norm, t.norm, false) !== "same") {
          out.push(finding("ACC_CONTRADICTION", `contradiction: the receiver read ${t.raw} where the sender holds ${(mine[0] as Held).raw}`, { slot: "acc", expected: (mine[0] as Held).raw, received: t.raw }));
        }
      }
      continue;
    }
    for (const m of mine) {
      const matches = theirs.map((t) => compareValues(m.norm, t.norm, true));
      if (matches.includes("same")) continue;
      const loose = matches.indexOf("loose");
      if (loose >= 0) {
        out.push(finding("ACC_LOOSE", `loose match: ${(theirs[loose] as Held).raw} taken for ${m.raw} on a shared word; confirm`, { slot: "acc", expected: m.raw, received: (theirs[loose] as Held).raw }));
      } else {
        out.push(finding("ACC_GAP", `gap: the receiver did not extract ${m.raw}`, { slot: "acc", expected: m.raw }));
      }
    }
    for (const t of theirs) {
      if (!mine.some((m) => compareValues(m.norm, t.norm, true) !== "different")) {
        out.push(finding("ACC_ASSUMPTION", `assumption: ${t.raw} is the receiver's, not the sender's; confirm or correct`, { slot: "acc", received: t.raw }));
      }
    }
  }
  for (const [key, theirs] of receiver) {
    if (sender.has(key)) continue;
    for (const t of theirs) out.push(finding("ACC_ASSUMPTION", `assumption: ${t.raw} fills in what the sender's criteria leave open; confirm or correct`, { slot: "acc", received: t.raw }));
  }
  const asked = new Set<string>();
  for (const named of options.keys ?? []) {
    const key = _constraintKey(named) ?? named;
    // A key named twice (`keys=len+LEN`) is one dimension, reported once.
    if (asked.has(key)) continue;
    asked.add(key);
    // Outside the closed set: noted, not compared (section 5.2), so never a gap.
    if (!vocabulary.constraintKeys.has(key)) {
      out.push(finding("ACC_KEY_UNKNOWN", `keys= names ${key}, outside the closed key set; noted, not compared`, { slot: "keys", received: named }));
      continue;
    }
    // A key the sender also holds criteria for was reported as a gap above.
    if (!receiver.has(key) && !sender.has(key)) {
      out.push(finding("ACC_GAP", `gap: the HO asks for ${key} (keys=) and the receiver did not report it`, { slot: "acc", expected: key }));
    }
  }
  // The receiver's exclusions, its own no: and its not= (compared as no: values), against the
  // sender's must:: one that matches excludes something required.
  const excludes = (slot: "acc" | "not", shown: string, value: string): void => {
    const excluded = normaliseValue(value, vocabulary);
    for (const m of sender.get("must") ?? []) {
      if (compareValues(m.norm, excluded, true) === "same") {
        out.push(finding("ACC_EXCLUDED", `${shown} excludes ${m.raw}, which the sender requires`, { slot, expected: m.raw, received: slot === "not" ? value : shown }));
      }
    }
  };
  if (sender.has("must")) {
    for (const c of reported) if (c.key === "no") excludes("acc", `${c.key}:${c.value}`, c.value);
    for (const value of options.not ?? []) excludes("not", `not=${value}`, value);
  }
  return out;
}

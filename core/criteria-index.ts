/**
 * One side's values of a set-valued key (section 5.2), indexed so that tier 4 asks "which values
 * match this one?" of the candidates that can (by measure, text, prefix and word), not of every
 * value: a pairwise scan of 3,000 `must:` a side took 1.4 s, and a 1 MiB challenge would cost a
 * Worker seconds. Every answer is the one compareValues gives over the whole list, in list order.
 */
import type { Normalised } from "./criteria.js";
import { _cutsNumber, _distinctive, _hasNegation, _polarityUnread, _turns, _withoutNegations } from "./_value-rules.js";

/** The values of one distinct normalised text (a measure aside): copies add no candidate. */
interface Entry {
  readonly text: string;
  /** The words in order, as a negation reads them (`not em dash`: em and dash negated). */
  readonly list: readonly string[];
  readonly words: ReadonlySet<string>;
  /** Where the copies stand in the list, ascending. */
  readonly positions: number[];
}

const measureKey = (m: NonNullable<Normalised["measure"]>): string => `${m.digits}|${m.unit}`;

export class CriteriaIndex {
  private readonly byMeasure = new Map<string, number[]>();
  /** Distinct texts, in the order of their first position. */
  private readonly entries: Entry[] = [];
  private readonly byText = new Map<string, number>();
  /** Entries by text, in code-unit order: those that begin with a text form one run. */
  private readonly sorted: number[];
  /** Word → entries holding it, ascending. */
  private readonly byWord = new Map<string, number[]>();
  /** Word → entries whose rarest word it is: an entry inside a word set holds its rarest word. */
  private readonly byAnchor = new Map<string, number[]>();
  /**
   * The lengths of the texts, ascending: a text's shorter beginnings are looked up at these alone.
   * That costs at most the indexed text, as one pass of the pairwise scan did, and a trie of a
   * megabyte of criteria cost more to build than the comparison it saved.
   */
  private readonly lengths: number[];
  /** Answers by text: a value repeated, or asked of several lists, is searched once. */
  private readonly sameByText = new Map<string, boolean>();
  private readonly allByText = new Map<string, readonly number[]>();
  private readonly oppositeByText = new Map<string, readonly number[]>();
  private readonly values: readonly Normalised[];
  /** Whether some value holds a negation word: without one, a value without one opposes none. */
  private readonly negating: boolean;
  /** The values with their negation words set aside, indexed when first asked for an opposite. */
  private withoutNegations: CriteriaIndex | undefined;

  constructor(values: readonly Normalised[]) {
    this.values = values;
    this.negating = values.some((v) => v.measure === null && _hasNegation(v.words));
    values.forEach((v, position) => {
      if (v.measure !== null) {
        const key = measureKey(v.measure);
        const at = this.byMeasure.get(key);
        if (at === undefined) this.byMeasure.set(key, [position]);
        else at.push(position);
        return;
      }
      const known = this.byText.get(v.text);
      if (known !== undefined) {
        (this.entries[known] as Entry).positions.push(position);
        return;
      }
      const id = this.entries.length;
      const words = new Set(v.words);
      this.entries.push({ text: v.text, list: v.words, words, positions: [position] });
      this.byText.set(v.text, id);
      for (const w of words) {
        const at = this.byWord.get(w);
        if (at === undefined) this.byWord.set(w, [id]);
        else at.push(id);
      }
    });
    this.lengths = [...new Set(this.entries.map((e) => e.text.length))].sort((x, y) => x - y);
    this.sorted = this.entries.map((_, id) => id).sort((x, y) => {
      const a = (this.entries[x] as Entry).text;
      const b = (this.entries[y] as Entry).text;
      return a < b ? -1 : a > b ? 1 : 0;
    });
    this.entries.forEach((entry, id) => {
      let anchor: string | undefined;
      let fewest = Infinity;
      for (const w of entry.words) {
        const n = (this.byWord.get(w) as number[]).length;
        if (n < fewest) [anchor, fewest] = [w, n];
      }
      if (anchor === undefined) return;
      const at = this.byAnchor.get(anchor);
      if (at === undefined) this.byAnchor.set(anchor, [id]);
      else at.push(id);
    });
  }

  /** Whether compareValues finds some value of the list "same" as `a`. */
  hasSame(a: Normalised): boolean {
    if (a.measure !== null) return this.byMeasure.has(measureKey(a.measure));
    const known = this.sameByText.get(a.text);
    if (known !== undefined) return known;
    const same = this.byText.has(a.text) || this.search(a, true).length > 0;
    this.sameByText.set(a.text, same);
    return same;
  }

  /** The positions of every value of the list compareValues finds "same" as `a`, ascending. */
  allSame(a: Normalised): readonly number[] {
    if (a.measure !== null) return this.byMeasure.get(measureKey(a.measure)) ?? [];
    const known = this.allByText.get(a.text);
    if (known !== undefined) return known;
    const equal = this.byText.get(a.text);
    const ids = equal === undefined ? this.search(a, false) : [equal, ...this.search(a, false)];
    const all = ids.flatMap((id) => (this.entries[id] as Entry).positions).sort((x, y) => x - y);
    this.allByText.set(a.text, all);
    return all;
  }

  /**
   * The positions of every value of the list compareValues finds "opposite" to `a`, ascending: with
   * negation words set aside the same fact (asked of an index of the values so read), and one
   * negating a word the other states, or either of unread polarity (`_turns`).
   */
  allOpposite(a: Normalised): readonly number[] {
    if (a.measure !== null || (!this.negating && !_hasNegation(a.words))) return [];
    const known = this.oppositeByText.get(a.text);
    if (known !== undefined) return known;
    const stated = _withoutNegations(a.words);
    let all: readonly number[] = [];
    if (stated.length > 0) {
      // A length, or a value of negation words alone, states nothing to oppose: it is left empty,
      // which matches nothing.
      this.withoutNegations ??= new CriteriaIndex(
        this.values.map((v): Normalised => {
          const words = v.measure === null ? _withoutNegations(v.words) : [];
          return { words, text: words.join(" "), measure: null };
        }),
      );
      all = this.withoutNegations.allSame({ words: stated, text: stated.join(" "), measure: null }).filter((i) => {
        // The same text is the same value (compareValues), whatever its polarity.
        const v = this.values[i] as Normalised;
        return v.text !== a.text && _turns(a.words, v.words);
      });
    }
    this.oppositeByText.set(a.text, all);
    return all;
  }

  /**
   * The first position whose value shares a distinctive word with `a`, or -1: compareValues' loose
   * match, when no value is the same. A length is never loose.
   */
  firstLoose(a: Normalised): number {
    if (a.measure !== null) return -1;
    let first = -1;
    for (const w of a.words) {
      if (!_distinctive(w)) continue;
      const at = this.byWord.get(w);
      if (at === undefined) continue;
      const position = (this.entries[at[0] as number] as Entry).positions[0] as number;
      if (first < 0 || position < first) first = position;
    }
    return first;
  }

  /**
   * Entries other than `a`'s own text that compareValues finds "same": one prefixing the other
   * outside a number, or one's word set inside the other's. `any`: stop at the first.
   */
  private search(a: Normalised, any: boolean): number[] {
    const found = new Set<number>();
    // A value that negates a word the other states, or of unread polarity, is never the same fact
    // by prefix or word set (compareValues): `a` of unread polarity is the same as no other entry.
    if (a.text === "" || _polarityUnread(a.words)) return [];
    const add = (id: number): boolean => {
      if (_turns(a.words, (this.entries[id] as Entry).list)) return false;
      found.add(id);
      return any;
    };
    if (this.longerBeginning(a.text, add) || this.shorterBeginning(a.text, add)) return [...found];
    if (a.words.length > 0) {
      const mine = new Set(a.words);
      // Inside a's words: such an entry holds its own rarest word, which is one of a's.
      for (const w of mine) {
        for (const id of this.byAnchor.get(w) ?? []) {
          let inside = true;
          for (const x of (this.entries[id] as Entry).words) {
            if (!mine.has(x)) {
              inside = false;
              break;
            }
          }
          if (inside && add(id)) return [...found];
        }
      }
      // Holding all of a's words: among the entries that hold its rarest.
      let fewest: number[] | undefined;
      for (const w of mine) {
        const at = this.byWord.get(w);
        if (at === undefined) {
          fewest = [];
          break;
        }
        if (fewest === undefined || at.length < fewest.length) fewest = at;
      }
      for (const id of fewest ?? []) {
        const words = (this.entries[id] as Entry).words;
        let holds = true;
        for (const w of mine) {
          if (!words.has(w)) {
            holds = false;
            break;
          }
        }
        if (holds && add(id)) return [...found];
      }
    }
    found.delete(this.byText.get(a.text) ?? -1);
    return [...found];
  }

  /** Entries whose text begins with `text` and goes on, not inside a number. */
  private longerBeginning(text: string, add: (id: number) => boolean): boolean {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.entries[this.sorted[mid] as number] as Entry).text < text) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.sorted.length; i++) {
      const id = this.sorted[i] as number;
      const other = (this.entries[id] as Entry).text;
      if (!other.startsWith(text)) break;
      if (other.length > text.length && !_cutsNumber(text, other) && add(id)) return true;
    }
    return false;
  }

  /** Entries whose text begins `text` and is shorter, not ending inside a number of it. */
  private shorterBeginning(text: string, add: (id: number) => boolean): boolean {
    for (const length of this.lengths) {
      if (length >= text.length) break;
      // The empty text begins nothing (compareValues' prefix needs one character at least).
      if (length === 0) continue;
      const beginning = text.slice(0, length);
      const id = this.byText.get(beginning);
      if (id !== undefined && !_cutsNumber(beginning, text) && add(id)) return true;
    }
    return false;
  }
}

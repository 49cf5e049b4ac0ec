/**
 * The word and prefix rules of tier 4's value comparison (section 5.2), in one place: compareValues
 * asks them of two values, the criteria index of its candidates, so both read the same rule.
 */

/** Words that never make two values the same fact on their own. */
const STOPWORDS = new Set(["a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "is", "it", "no", "not", "of", "on", "or", "the", "to", "with", "without"]);

/** A word that can carry a loose match on its own: three letters or more, not a stopword. */
export const _distinctive = (w: string): boolean => w.length >= 3 && !STOPWORDS.has(w);

/**
 * Words that negate what follows them (`non-technical`, `not-very-formal`). Not `no`: it is
 * Norwegian's language code (`lang:no`, `lang:nb-no`), and a `no:` criterion's own words
 * (`no:no-em-dashes`, the brief's) say it already.
 */
const NEGATIONS = new Set(["not", "non", "never", "without"]);

/** The words a value negates: every word after its first negation word (`not very formal`: very, formal). */
function negatedWords(words: readonly string[]): ReadonlySet<string> {
  const at = words.findIndex((w) => NEGATIONS.has(w));
  return at < 0 ? new Set() : new Set(words.slice(at + 1).filter((w) => !NEGATIONS.has(w)));
}

/**
 * One value negates a word the other states plainly: `non-technical` against `technical`,
 * `not-very-formal` against `formal`. A negation of a word the other does not state (`html` and
 * `html-without-tables`, `formal` and `formal-not-casual`) is a further detail, not a conflict, and
 * two values negating the same word agree.
 */
export function _negates(a: readonly string[], b: readonly string[]): boolean {
  const one = (x: readonly string[], y: readonly string[]): boolean => {
    const negated = negatedWords(x);
    if (negated.size === 0) return false;
    const plain = new Set(y);
    for (const w of negatedWords(y)) plain.delete(w);
    for (const w of negated) if (plain.has(w)) return true;
    return false;
  };
  return one(a, b) || one(b, a);
}

const DIGIT = /\p{N}/u;

/**
 * `long` begins with `short` and goes on (`short.length` < `long.length`) inside a number of it:
 * a digit on both sides of the cut. Code units, as the prefix itself is.
 */
export function _cutsNumber(short: string, long: string): boolean {
  return short.length < long.length && DIGIT.test(short.slice(-1)) && DIGIT.test(long.charAt(short.length));
}

/**
 * `short` begins `long`, and does not end inside a number of it: `oct-1` is a different date from
 * `oct-12`, and `120` a different number from `1200`.
 */
export function _prefixOf(short: string, long: string): boolean {
  if (short === "" || !long.startsWith(short)) return false;
  return !_cutsNumber(short, long);
}

/** Every word of `small` (one at least) is in `big`. */
export const _containsWords = (big: readonly string[], small: readonly string[]): boolean => small.length > 0 && small.every((w) => big.includes(w));

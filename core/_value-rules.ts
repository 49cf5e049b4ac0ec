/**
 * The word and prefix rules of tier 4's value comparison (section 5.2), in one place: compareValues
 * asks them of two values, the criteria index of its candidates, so both read the same rule.
 */

/** Words that never make two values the same fact on their own. */
const STOPWORDS = new Set(["a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "is", "it", "no", "not", "of", "on", "or", "the", "to", "with", "without"]);

/** A word that can carry a loose match on its own: three letters or more, not a stopword. */
export const _distinctive = (w: string): boolean => w.length >= 3 && !STOPWORDS.has(w);

/**
 * Words that negate what follows them (`non-technical`, `not-very-formal`, `no-em-dash`). `no` is
 * one too (`must:no-em-dash` is "must not use an em dash"), and negates nothing where nothing
 * follows it: Norwegian's language code (`lang:no`, `lang:nb-no`) stays itself. A `no:` value's
 * leading `no` restates its key and is read apart (criteria.ts), not here.
 */
const NEGATIONS = new Set(["not", "non", "never", "without", "no"]);

const isNegation = (w: string): boolean => NEGATIONS.has(w);

/** The words a value negates: every word after its first negation word (`not very formal`: very, formal). */
function negatedWords(words: readonly string[]): ReadonlySet<string> {
  const at = words.findIndex(isNegation);
  return at < 0 ? new Set() : new Set(words.slice(at + 1).filter((w) => !isNegation(w)));
}

/**
 * The words with each negation word that negates something written `not`: `non-technical`,
 * `not-technical` and `without-em-dash`, `no-em-dash` say one thing each, and read as one (a
 * receiver's wording of a negation is not a contradiction of the sender's). A negation word with
 * nothing after it is left as written (`lang:no` is Norwegian).
 */
export const _canonicalNegations = (words: readonly string[]): string[] => words.map((w, i) => (i < words.length - 1 && isNegation(w) ? "not" : w));

/** Whether a value holds a negation word, so that it can negate, or be negated by, another. */
export const _hasNegation = (words: readonly string[]): boolean => words.some(isNegation);

/** A value's words without its negation words: what it states, whatever its polarity. */
export const _withoutNegations = (words: readonly string[]): string[] => words.filter((w) => !isNegation(w));

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

/**
 * Two values of a set-valued key that state the same fact with opposite polarity: one negates a
 * word the other states plainly, and with their negation words set aside they name the same fact
 * (equal, a prefix, or a word set holding the other's): `em-dash` and `not-em-dash`, `use-em-dash`
 * and `never-em-dash`. Negating a word of the other without naming its fact (`monday-problem`,
 * `not-monday-blues`) is not it: those share a word, the loose match's concern.
 */
export function _opposes(a: readonly string[], b: readonly string[]): boolean {
  if (!_negates(a, b)) return false;
  const x = _withoutNegations(a);
  const y = _withoutNegations(b);
  const xt = x.join(" ");
  const yt = y.join(" ");
  return xt === yt || _prefixOf(xt, yt) || _prefixOf(yt, xt) || _containsWords(x, y) || _containsWords(y, x);
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

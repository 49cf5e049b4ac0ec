/**
 * The word and prefix rules of tier 4's value comparison (section 5.2), in one place: compareValues
 * asks them of two values, the criteria index of its candidates, so both read the same rule.
 */

/** Words that never make two values the same fact on their own: each negation word among them. */
const STOPWORDS = new Set(["a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "is", "it", "never", "no", "non", "not", "of", "on", "or", "the", "to", "with", "without"]);

/** A word that can carry a loose match on its own: three letters or more, not a stopword. */
export const _distinctive = (w: string): boolean => w.length >= 3 && !STOPWORDS.has(w);

/**
 * Words that negate what follows them (`non-technical`, `not-very-formal`, `no-em-dash`). `no` is
 * one too (`must:no-em-dash` is "must not use an em dash"), and negates nothing where nothing
 * follows it: Norwegian's language code (`lang:no`, `lang:nb-no`) stays itself. A `no:` value's
 * leading `no` restates its key and is read apart (criteria.ts), not here.
 */
const NEGATIONS = new Set(["not", "non", "never", "without", "no"]);

/**
 * Pairs of answers that end in a negation word: that word is one answer, not a negation of what
 * follows (`yes-no-questions` are questions, `whether-or-not-to-ship` asks whether to ship).
 */
const ANSWER_PAIRS: readonly (readonly string[])[] = [["yes", "no"], ["yes", "or", "no"], ["whether", "or", "not"]];

/**
 * Words that end a negation's reach: the standard a comparative is measured against (`no later
 * than friday` negates later, and the day is friday), and what `but` sets against the negated
 * words (`not formal but friendly` negates formal, and states friendly).
 */
const NEGATION_ENDS = new Set(["than", "but"]);

/** Whether the word at `i` is a negation word that negates, not one answer of a pair. */
function negationAt(words: readonly string[], i: number): boolean {
  const w = words[i] as string;
  if (!NEGATIONS.has(w)) return false;
  return !ANSWER_PAIRS.some((pair) => pair[pair.length - 1] === w && i >= pair.length - 1 && pair.every((p, k) => words[i - pair.length + 1 + k] === p));
}

/**
 * The words a value negates: each word after a negation word, up to the end or a word that ends
 * its reach (`not very formal`: very, formal; `no more than 3 sources`: more).
 */
function negatedWords(words: readonly string[]): ReadonlySet<string> {
  const negated = new Set<string>();
  let negating = false;
  words.forEach((w, i) => {
    if (negationAt(words, i)) negating = true;
    else if (NEGATION_ENDS.has(w)) negating = false;
    else if (negating) negated.add(w);
  });
  return negated;
}

/**
 * The words with each negation word that negates something written `not`: `non-technical`,
 * `not-technical` and `without-em-dash`, `no-em-dash` say one thing each, and read as one (a
 * receiver's wording of a negation is not a contradiction of the sender's). A negation word with
 * nothing after it is left as written (`lang:no` is Norwegian), as is one answer of a pair (`yes no`).
 */
export const _canonicalNegations = (words: readonly string[]): string[] => words.map((w, i) => (i < words.length - 1 && negationAt(words, i) ? "not" : w));

/** Whether a value holds a negation word, so that it can negate, or be negated by, another. */
export const _hasNegation = (words: readonly string[]): boolean => words.some((_, i) => negationAt(words, i));

/** A value's words without its negation words: what it states, whatever its polarity. */
export const _withoutNegations = (words: readonly string[]): string[] => words.filter((_, i) => !negationAt(words, i));

/**
 * A value whose polarity no rule reads: a negation word ending it (`em-dash-never`, `formal-not`:
 * what it negates, if anything, is a guess), `no` aside (Norwegian's code, `nb-no`), or a double
 * negative (`not-non-technical`). Its words matched by prefix or word set, the opposite passed.
 */
export function _polarityUnread(words: readonly string[]): boolean {
  const last = words.length - 1;
  // A negation word before one that negates nothing (`no-no`, Norwegian in Norway) is no double negative.
  return words.some((w, i) => negationAt(words, i) && (i === last ? w !== "no" : i + 1 < last && negationAt(words, i + 1)));
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

/**
 * Whether two values may differ in polarity, so that no prefix or word set makes them one fact:
 * one negates a word the other states, or either's polarity is unread.
 */
export const _turns = (a: readonly string[], b: readonly string[]): boolean => _negates(a, b) || _polarityUnread(a) || _polarityUnread(b);

/**
 * Two values of a set-valued key that state the same fact with opposite polarity, or with a
 * polarity unread (never guessed to agree): one turns the other, and with their negation words set
 * aside they name the same fact (equal, a prefix, or a word set holding the other's): `em-dash`
 * and `not-em-dash`, `use-em-dash` and `never-em-dash`, `em-dash` and `em-dash-never`. Negating a
 * word of the other without naming its fact (`monday-problem`, `not-monday-blues`) is not it:
 * those share a word, the loose match's concern.
 */
export function _opposes(a: readonly string[], b: readonly string[]): boolean {
  if (!_turns(a, b)) return false;
  const x = _withoutNegations(a);
  const y = _withoutNegations(b);
  // Negation words alone state no fact to oppose.
  if (x.length === 0 || y.length === 0) return false;
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

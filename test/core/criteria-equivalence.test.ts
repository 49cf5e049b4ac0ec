// Tier 4's criteria comparison against a reference: the pairwise algorithm of compareCriteria and
// compareValues as they stood on 2026-12-01 (main 29b330c), copied here verbatim, so that a faster
// compareCriteria must give the same findings in the same order. normaliseValue is the module's
// own: it is not what changes. RW_CRITERIA_RUNS raises the run count for a local check.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareCriteria, coreVocabulary, finding, normaliseValue } from "../../core/index.js";
import { _constraintKey, _cut as cut } from "../../core/_chars.js";
import { _boundedCriteria, _compareCriteria, _PAIRWISE_MAX as PAIRWISE } from "../../core/criteria.js";
import { _capFindings, FINDINGS_MAX } from "../../core/finding.js";
import type { Constraint, CriteriaOptions, Finding, Normalised, Vocabulary } from "../../core/index.js";

// ---- REFERENCE (verbatim from core/criteria.ts at 29b330c; do not edit, but for the marked amendments) ----
// ---- AMENDED throughout (not verbatim): a constraint, a key or a list of them is quoted cut to 40
// characters (README note 36), `cut(...)` below; what is compared, and the order, is as it was.

// ---- AMENDED (not verbatim, 2026-12-01, fix-t4rev): never and non are stopwords, as no, not and without are.
const STOPWORDS = new Set(["a", "an", "and", "as", "at", "by", "for", "from", "in", "into", "is", "it", "never", "no", "non", "not", "of", "on", "or", "the", "to", "with", "without"]);
// ---- END AMENDED

type Match = "same" | "opposite" | "loose" | "different";

const DIGIT = /\p{N}/u;

function prefixOf(short: string, long: string): boolean {
  if (short === "" || !long.startsWith(short)) return false;
  return !(short.length < long.length && DIGIT.test(short.slice(-1)) && DIGIT.test(long.charAt(short.length)));
}

const contains = (big: readonly string[], small: readonly string[]): boolean => small.length > 0 && small.every((w) => big.includes(w));
const distinctive = (w: string): boolean => w.length >= 3 && !STOPWORDS.has(w);

function compareValues(a: Normalised, b: Normalised, setValued: boolean): Match {
  if (a.measure !== null || b.measure !== null) {
    return a.measure !== null && b.measure !== null && a.measure.digits === b.measure.digits && a.measure.unit === b.measure.unit ? "same" : "different";
  }
  if (a.text === b.text) return "same";
  // ---- AMENDED (not verbatim): a value negating (after not non never without no) a word the other
  // states plainly is never the same: for a single-valued key different, a rule added after
  // 29b330c, and for a set-valued key (2026-12-01, fix-neg) opposite when, negation words set
  // aside, the two are equal, a prefix or a word set holding the other's, else loose or different.
  // ---- AMENDED further (not verbatim, 2026-12-01, fix-t4rev): a negation word ending an answer
  // pair (yes no, yes or no, whether or not) negates nothing; than and but end a negation's reach;
  // a value of unread polarity (a negation word, not no, ending it, or one before another that
  // negates something) is treated as a value that negates: never same by prefix or word set.
  const NEG = ["not", "non", "never", "without", "no"];
  const PAIRS = ["yes no", "yes or no", "whether or not"];
  const isNeg = (ws: readonly string[], i: number): boolean => NEG.includes(ws[i] as string) && !PAIRS.some((p) => ` ${ws.slice(0, i + 1).join(" ")}`.endsWith(` ${p}`));
  const negatedWords = (ws: readonly string[]): string[] => {
    const out: string[] = [];
    let on = false;
    ws.forEach((w, i) => {
      if (isNeg(ws, i)) on = true;
      else if (w === "than" || w === "but") on = false;
      else if (on) out.push(w);
    });
    return out;
  };
  const unread = (ws: readonly string[]): boolean => ws.some((w, i) => isNeg(ws, i) && (i === ws.length - 1 ? w !== "no" : i < ws.length - 2 && isNeg(ws, i + 1)));
  const negates = (x: readonly string[], y: readonly string[]): boolean => negatedWords(x).some((w) => y.includes(w) && !negatedWords(y).includes(w));
  if (negates(a.words, b.words) || negates(b.words, a.words) || unread(a.words) || unread(b.words)) {
    if (!setValued) return "different";
    const x = a.words.filter((_, i) => !isNeg(a.words, i));
    const y = b.words.filter((_, i) => !isNeg(b.words, i));
    const [xt, yt] = [x.join(" "), y.join(" ")];
    if (x.length > 0 && y.length > 0 && (xt === yt || prefixOf(xt, yt) || prefixOf(yt, xt) || contains(x, y) || contains(y, x))) return "opposite";
  } else {
    if (prefixOf(a.text, b.text) || prefixOf(b.text, a.text)) return "same";
    if (contains(a.words, b.words) || contains(b.words, a.words)) return "same";
  }
  // ---- END AMENDED
  if (setValued && a.words.some((w) => distinctive(w) && b.words.includes(w))) return "loose";
  return "different";
}

// ---- AMENDED (not verbatim): a receiver's not= token is quoted as written (`not=x`, `received`
// the token, slot `not`) in the notes it gets as a no: value, an ACC_ASSUMPTION or an ACC_LOOSE.
interface Held {
  readonly raw: string;
  readonly received: string;
  readonly slot: "acc" | "not";
  readonly norm: Normalised;
}

// ---- AMENDED (not verbatim, 2026-12-01, fix-neg): a no: value or not= token opening with the word
// `no` restates its key (no:no-em-dashes), which is set aside; a by: value that is a real date
// written YYYY-MM-DD is that date as YYYYMMDD.
function compared(key: string, value: string): string {
  if (key === "no") {
    const m = /^no[^\p{L}\p{M}\p{N}]+(.*)$/isu.exec(value);
    return m !== null && /[\p{L}\p{N}]/u.test(m[1] as string) ? (m[1] as string) : value;
  }
  // ---- AMENDED further (not verbatim, 2026-12-01, fix-t4rev): every such date in a by: value, set
  // off from other digits (2026-10-02-eod, no-later-than-2026-10-02), is written YYYYMMDD.
  if (key !== "by") return value;
  return value.replace(/(\d{4})-(\d{2})-(\d{2})/g, (written, ys: string, ms: string, ds: string, at: number) => {
    const [y, mo, day] = [Number(ys), Number(ms), Number(ds)];
    const last = new Date(Date.UTC(2000, mo, 0)).getUTCDate() - (mo === 2 && !(y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0)) ? 1 : 0);
    const before = value.slice(Math.max(0, at - 2), at);
    const after = value.slice(at + 10, at + 12);
    const apart = !/\d-?$/.test(before) && !/^-?\d/.test(after);
    return apart && y >= 1 && mo >= 1 && mo <= 12 && day >= 1 && day <= last ? `${ys}${ms}${ds}` : written;
  });
}
// ---- END AMENDED

function group(constraints: readonly (Constraint & { not?: true })[], vocabulary: Vocabulary, side: string, out: Finding[]): Map<string, Held[]> {
  const groups = new Map<string, Held[]>();
  for (const c of constraints) {
    if (c.not === true) {
      const list = groups.get("no") ?? [];
      list.push({ raw: `not=${cut(c.value)}`, received: cut(c.value), slot: "not", norm: normaliseValue(compared("no", c.value), vocabulary) });
      groups.set("no", list);
      continue;
    }
    // ---- END AMENDED
    if (!vocabulary.constraintKeys.has(c.key)) {
      out.push(finding("ACC_KEY_UNKNOWN", `${side} ${cut(`${c.key}:${c.value}`)}: ${cut(c.key)} is outside the closed key set; noted, not compared`, { slot: "acc", received: cut(`${c.key}:${c.value}`) }));
      continue;
    }
    const list = groups.get(c.key) ?? [];
    list.push({ raw: cut(`${c.key}:${c.value}`), received: cut(`${c.key}:${c.value}`), slot: "acc", norm: normaliseValue(compared(c.key, c.value), vocabulary) });
    groups.set(c.key, list);
  }
  return groups;
}

function referenceCompareCriteria(expected: readonly Constraint[], reported: readonly Constraint[], vocabulary: Vocabulary, options: CriteriaOptions = {}): Finding[] {
  const out: Finding[] = [];
  const sender = group(expected, vocabulary, "sender's", out);
  const receiver = group([...reported, ...(options.not ?? []).map((value) => ({ key: "no", value, not: true as const }))], vocabulary, "receiver's", out);
  const isSet = (key: string): boolean => vocabulary.constraintKeys.get(key)?.set === true;

  for (const [key, mine] of sender) {
    // ---- AMENDED (not verbatim): the sender naming a single-valued key twice, a rule added after
    // 29b330c and outside what the index changes; the text is the module's own finding.
    if (!isSet(key) && mine.length > 1) {
      const values = mine.map((h) => h.raw);
      out.push(finding("CRITERIA_REPEATED", `the sender's criteria name ${key} more than once (${values.slice(0, 2).join(", then ")}); ${key} is single-valued: one value, so ${key} is not compared`, { slot: "acc", expected: values[0] as string, received: values[1] as string }));
      continue;
    }
    // ---- END AMENDED
    const theirs = receiver.get(key);
    if (theirs === undefined) {
      out.push(finding("ACC_GAP", `gap: the receiver did not extract ${key} (the sender holds ${cut(mine.map((h) => h.raw).join(", "))})`, { slot: "acc", expected: cut(mine.map((h) => h.raw).join("+")) }));
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
    // ---- AMENDED (not verbatim, 2026-12-04, fix-BN): a receiver value the same as, or the opposite
    // of, one of the sender's values stands loosely for no other sender value, and a receiver value
    // is matched only by a sender value it names or, loosely, by one no receiver value names.
    const named = theirs.map((t) => mine.some((m) => ["same", "opposite"].includes(compareValues(m.norm, t.norm, true))));
    const met = mine.map((m) => theirs.some((t) => ["same", "opposite"].includes(compareValues(m.norm, t.norm, true))));
    // ---- END AMENDED
    for (const m of mine) {
      const matches = theirs.map((t) => compareValues(m.norm, t.norm, true));
      // ---- AMENDED (not verbatim, 2026-12-01, fix-neg): a value read back as its opposite is a
      // contradiction, each one, and the sender's value is then no gap and no loose match.
      matches.forEach((match, i) => {
        const t = theirs[i] as Held;
        if (match === "opposite") out.push(finding("ACC_CONTRADICTION", `contradiction: the receiver read ${t.raw}, the opposite of ${m.raw}, which the sender holds`, { slot: t.slot, expected: m.raw, received: t.received }));
      });
      if (matches.includes("opposite")) continue;
      // ---- END AMENDED
      if (matches.includes("same")) continue;
      // ---- AMENDED (not verbatim, 2026-12-04, fix-BN): only a receiver value no sender value names.
      const loose = matches.findIndex((match, i) => match === "loose" && !named[i]);
      // ---- END AMENDED
      if (loose >= 0) {
        out.push(finding("ACC_LOOSE", `loose match: ${(theirs[loose] as Held).raw} taken for ${m.raw} on a shared word; confirm`, { slot: (theirs[loose] as Held).slot, expected: m.raw, received: (theirs[loose] as Held).received }));
      } else {
        out.push(finding("ACC_GAP", `gap: the receiver did not extract ${m.raw}`, { slot: "acc", expected: m.raw }));
      }
    }
    // ---- AMENDED (not verbatim, 2026-12-04, fix-BN): loosely, only a sender value none names.
    for (const [i, t] of theirs.entries()) {
      if (!named[i] && !mine.some((m, j) => !met[j] && compareValues(m.norm, t.norm, true) === "loose")) {
      // ---- END AMENDED
        out.push(finding("ACC_ASSUMPTION", `assumption: ${t.raw} is the receiver's, not the sender's; confirm or correct`, { slot: t.slot, received: t.received }));
      }
    }
  }
  for (const [key, theirs] of receiver) {
    if (sender.has(key)) continue;
    for (const t of theirs) out.push(finding("ACC_ASSUMPTION", `assumption: ${t.raw} fills in what the sender's criteria leave open; confirm or correct`, { slot: t.slot, received: t.received }));
  }
  const asked = new Set<string>();
  for (const named of options.keys ?? []) {
    const key = _constraintKey(named) ?? named;
    // A key named twice (`keys=len+LEN`) is one dimension, reported once.
    if (asked.has(key)) continue;
    asked.add(key);
    // Outside the closed set: noted, not compared (section 5.2), so never a gap.
    if (!vocabulary.constraintKeys.has(key)) {
      out.push(finding("ACC_KEY_UNKNOWN", `keys= names ${cut(key)}, outside the closed key set; noted, not compared`, { slot: "keys", received: cut(named) }));
      continue;
    }
    // A key the sender also holds criteria for was reported as a gap above.
    if (!receiver.has(key) && !sender.has(key)) {
      out.push(finding("ACC_GAP", `gap: the HO asks for ${key} (keys=) and the receiver did not report it`, { slot: "acc", expected: key }));
    }
  }
  const excludes = (slot: "acc" | "not", shown: string, value: string): void => {
    // ---- AMENDED (not verbatim, 2026-12-01, fix-neg): the value as compared (its restated `no`
    // set aside), and an exclusion stating the required fact negated excludes it too.
    const excluded = normaliseValue(compared("no", value), vocabulary);
    const required = sender.get("must") ?? [];
    const matched = required.filter((m) => ["same", "opposite"].includes(compareValues(m.norm, excluded, true)));
    // ---- END AMENDED
    const loose = required.find((m) => compareValues(m.norm, excluded, true) === "loose");
    if (matched.length === 0 && loose !== undefined) {
      out.push(finding("ACC_LOOSE", `loose match: ${shown} shares a word with ${loose.raw}, which the sender requires: it may exclude it; confirm`, { slot, expected: loose.raw, received: slot === "not" ? cut(value) : shown }));
    }
    for (const m of matched) out.push(finding("ACC_EXCLUDED", `${shown} excludes ${m.raw}, which the sender requires`, { slot, expected: m.raw, received: slot === "not" ? cut(value) : shown }));
  };
  if (sender.has("must")) {
    for (const c of reported) if (c.key === "no") excludes("acc", cut(`${c.key}:${c.value}`), c.value);
    for (const value of options.not ?? []) excludes("not", `not=${cut(value)}`, value);
  }
  return out;
}

// ---- END REFERENCE ----

const vocabulary = coreVocabulary;
const RUNS = Number(process.env["RW_CRITERIA_RUNS"] ?? 300);

// Pieces that collide under each rule: prefixes (cat/category, oct-1/oct-12, 120/1200, v1/v1a),
// word sets (report-draft/draft-report-final), stopwords and short words, aliases (uk/british/
// en-gb, md/markdown, we), lengths (120w/120words/1,200w/1200w/0120w, 1.5p/1.50p/15p, ~120w, 1-2p,
// 1,5p), NFC (café composed and decomposed), digits outside ASCII (٣, ², 𝟘 beyond the BMP), and
// values of punctuation alone (£ $ — .. -); lengths past 2^53, equal as doubles, differ as digits;
// negation words (cat, not-cat, no-cat, cat-never, yes-no, no-more-than), and dates with and
// without hyphens, real and not, alone or opening a value.
const PIECES = [
  "cat", "category", "cats", "report", "draft", "final", "rep", "oct", "1", "12", "120", "1200", "v1", "v1a",
  "the", "of", "no", "not", "non", "never", "without", "yes", "or", "whether", "than", "but", "ab", "2026-10-02", "2026-10-02-eod", "20261002", "2024-02-29", "2026-02-29", "uk", "british", "en-gb", "md", "markdown", "we", "first-person-plural",
  "120w", "120words", "90071992547409921w", "90071992547409922w", "1,200w", "1200w", "0120w", "1.5p", "1.50p", "15p", "~120w", "1-2p", "1,5p", "2s",
  "caf\u00e9", "cafe\u0301", "CAF\u00c9", "x\u0663", "x\u0663\u0663", "\u00b2", "\ud835\udfd8", "\u65e5\u672c",
  "\u00a3", "$", "\u2014", "..", "-",
];
const SEPARATORS = ["-", ".", "_", "", ",", "/"];
const CHARS = ["a", "b", "c", "1", "2", "0", "-", ".", ",", "w", "p", "\u00e9", "e\u0301", "\u0663", "\u00b2", "\ud835\udfd8", "\u00a3", "~"];

const joined = fc.tuple(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 4 }), fc.constantFrom(...SEPARATORS)).map(([ps, sep]) => ps.join(sep));
const scrambled = fc.array(fc.constantFrom(...CHARS), { minLength: 1, maxLength: 6 }).map((cs) => cs.join(""));
// Few words, so that several values share one with another and which loose match comes first shows.
const TIGHT = ["cat", "report", "draft", "final", "oct", "1", "12", "the", "not", "no", "never", "yes", "or", "than"];
const tight = fc.array(fc.constantFrom(...TIGHT), { minLength: 1, maxLength: 3 }).map((ws) => ws.join("-"));
const LENGTHS = ["120w", "120words", "~120w", "1200w", "1,200w", "1.5p", "1.50p", "15p", ".5p", "0.5p", "5p", "90071992547409921w", "90071992547409922w", "90071992547409921.0w"];
const length = fc.constantFrom(...LENGTHS);
const value = fc.oneof({ weight: 5, arbitrary: joined }, { weight: 3, arbitrary: tight }, { weight: 1, arbitrary: length }, { weight: 1, arbitrary: scrambled });
// Set-valued (must no scope src), single-valued (len fmt lang by), and keys outside the set.
const key = fc.constantFrom("must", "must", "must", "no", "no", "scope", "src", "len", "fmt", "lang", "by", "zzz");
const constraint = fc.record({ key, value });
const keysOption = fc.option(fc.array(fc.constantFrom("must", "no", "len", "LEN", "fmt", "src", "scope", "ZZZ", "tone"), { maxLength: 4 }), { nil: undefined });
const notOption = fc.option(fc.array(value, { maxLength: 4 }), { nil: undefined });
const options = fc.tuple(notOption, keysOption).map(([not, keys]): CriteriaOptions => ({ ...(not === undefined ? {} : { not }), ...(keys === undefined ? {} : { keys }) }));
// The sender repeats some of its values; the receiver reads some back, and excludes some (its
// no: holding a sender's must: value), so that matches, copies and exclusions are common.
const pair = (size: number) =>
  fc
    .tuple(fc.array(constraint, { maxLength: size }), fc.array(fc.nat(), { maxLength: size / 2 }), fc.array(constraint, { maxLength: size }), fc.array(fc.nat(), { maxLength: size }), fc.array(fc.boolean(), { maxLength: size }), fc.nat())
    .map(([base, copies, extra, picks, excluded, at]) => {
      const from = (list: readonly Constraint[], p: number): Constraint => list[p % list.length] as Constraint;
      const expected = base.length === 0 ? [] : [...base, ...copies.map((p) => from(base, p))];
      const echoed = expected.length === 0 ? [] : picks.map((p, i) => (excluded[i] === true ? { key: "no", value: from(expected, p).value } : from(expected, p)));
      const cut = at % (extra.length + 1);
      return { expected, reported: [...extra.slice(0, cut), ...echoed, ...extra.slice(cut)] };
    });

type Case = [{ expected: Constraint[]; reported: Constraint[] }, CriteriaOptions];
const must = (...values: string[]): Constraint[] => values.map((value) => ({ key: "must", value }));
// Cases where the order of candidates, copies, or digits past 2^53 decide the findings.
const EXAMPLES: Case[] = [
  [{ expected: must("cat-oct"), reported: must("12-oct", "oct-draft") }, {}],
  [{ expected: must("1200-cat"), reported: must("1") }, {}],
  [{ expected: must("x\u0663-.."), reported: [] }, { not: ["x\u0663\u0663-cat"] }],
  [{ expected: must("90071992547409922w"), reported: [] }, { not: ["90071992547409921.0w"] }],
  [{ expected: must("cat", "cat-cat"), reported: [{ key: "no", value: "cat-cat" }] }, {}],
  [{ expected: must("cat", "cat"), reported: [{ key: "no", value: "cat" }] }, {}],
  [{ expected: [{ key: "no", value: "cat" }, ...must("caf\u00e9-cat")], reported: [{ key: "no", value: "cat" }] }, {}],
  // Opposites: read back negated, beside a value that reads it right, excluded negated, restated.
  [{ expected: must("cat", "report-draft"), reported: must("not-cat", "cat", "draft-never-report", "no-report") }, { not: ["not-cat", "no-cat"] }],
  [{ expected: [{ key: "no", value: "cat" }, { key: "scope", value: "not-oct-1" }], reported: [{ key: "no", value: "no-cat" }, { key: "no", value: "not-cat" }, { key: "scope", value: "oct-1" }] }, {}],
  [{ expected: [{ key: "by", value: "20261002" }], reported: [{ key: "by", value: "2026-10-02" }] }, {}],
];

describe("compareCriteria against the pairwise reference", () => {
  it("gives the same findings, in the same order, on small generated criteria", () => {
    fc.assert(
      fc.property(pair(10), options, ({ expected, reported }, opts) => {
        const reference = referenceCompareCriteria(expected, reported, vocabulary, opts);
        expect(_compareCriteria(expected, reported, vocabulary, opts, PAIRWISE)).toEqual(reference);
        // Lists this short are compared pair by pair; the index answers them too when asked to.
        expect(_compareCriteria(expected, reported, vocabulary, opts, 0)).toEqual(reference);
        // The public function answers as every reader of outside input does: cut to a hundred.
        expect(compareCriteria(expected, reported, vocabulary, opts)).toEqual(_capFindings([...reference]));
      }),
      { numRuns: RUNS, examples: EXAMPLES },
    );
  });
  it("gives the same findings, and the same findings once capped, on lists past the cap", () => {
    fc.assert(
      fc.property(pair(160), options, ({ expected, reported }, opts) => {
        const fast = _compareCriteria(expected, reported, vocabulary, opts, PAIRWISE);
        const reference = referenceCompareCriteria(expected, reported, vocabulary, opts);
        expect(fast).toEqual(reference);
        expect(_compareCriteria(expected, reported, vocabulary, opts, 0)).toEqual(reference);
        expect(compareCriteria(expected, reported, vocabulary, opts)).toEqual(_capFindings([...reference]));
      }),
      { numRuns: Math.max(20, Math.round(RUNS / 10)) },
    );
  });
  it("bounded for a cut report (check-rb's tier 4), gives the report the full list gives once cut", () => {
    // Exclusions are built until the errors fill the report, and counted after: whatever errors
    // come before (findings tier 4 raised first), the cut report is the same.
    const earlier = (n: number): Finding[] => Array.from({ length: n }, (_, i) => finding(i % 3 === 0 ? "ACC_ASSUMPTION" : "ACC_MISSING", `earlier ${i}`));
    fc.assert(
      fc.property(pair(160), options, fc.nat(FINDINGS_MAX + 20), ({ expected, reported }, opts, n) => {
        const before = earlier(n);
        const room = Math.max(0, FINDINGS_MAX - before.filter((f) => f.severity === "error").length);
        const bounded = _boundedCriteria(expected, reported, vocabulary, opts, room);
        const full = referenceCompareCriteria(expected, reported, vocabulary, opts);
        expect(_capFindings([...before, ...bounded.findings], bounded.uncounted, bounded.uncountedNotes)).toEqual(_capFindings([...before, ...full]));
      }),
      { numRuns: Math.max(30, Math.round(RUNS / 5)) },
    );
    // Around the cut itself: m must: values, k exclusions each matching all of them, n earlier findings.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.nat(14), fc.nat(30), fc.boolean(), (m, k, n, note) => {
        const expected = must(...Array.from({ length: m }, (_, i) => `a${i}`));
        const reported: Constraint[] = [...Array.from({ length: k }, () => ({ key: "no", value: "a" })), ...(note ? [{ key: "fmt", value: "md" }] : [])];
        const before = earlier(n);
        const room = Math.max(0, FINDINGS_MAX - before.filter((f) => f.severity === "error").length);
        const bounded = _boundedCriteria(expected, reported, vocabulary, {}, room);
        const full = referenceCompareCriteria(expected, reported, vocabulary, {});
        expect(_capFindings([...before, ...bounded.findings], bounded.uncounted, bounded.uncountedNotes)).toEqual(_capFindings([...before, ...full]));
      }),
      { numRuns: 300 },
    );
  });
  it("a readback of 40,000 exclusions against ten must: is read, not a stack overflow: a hundred errors and the count", () => {
    const expected = must(...Array.from({ length: 10 }, (_, i) => `a${i}`));
    const reported = Array.from({ length: 40_000 }, () => ({ key: "no", value: "a" }));
    const bounded = _boundedCriteria(expected, reported, vocabulary, {}, FINDINGS_MAX);
    // One gap (no must: read back), 99 exclusions built and 399,901 counted; a note per no:a, of
    // which a hundred are built and 39,900 counted.
    expect(bounded.findings.filter((f) => f.severity === "error").length).toBe(FINDINGS_MAX);
    expect([bounded.findings.length, bounded.uncounted, bounded.uncountedNotes]).toStrictEqual([2 * FINDINGS_MAX, 399_901, 39_900]);
    const cut = _capFindings(bounded.findings, bounded.uncounted, bounded.uncountedNotes);
    expect([cut.length, cut.at(-1)?.message]).toStrictEqual([FINDINGS_MAX + 1, "439901 more findings (399901 errors) are not listed"]);
  });
});

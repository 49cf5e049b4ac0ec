import { describe, expect, it } from "vitest";
import {
  abandon, cancelHandoff, checkDone, checkHandoff, checkLine, checkReadback, checkRelay, cancelAckAfterCommit, commit, commitClearance, createThreadAudit, doneWithoutCommit, endedInLine, endStatements, noopAfterCommit, compareCriteria, compareValues, compileVocabulary, coreVocabulary, expireStatements, formatLine,
  handoffLine, isStatementToken, makeReadback, memoryStore, newToken, normaliseValue, parseCriteria, prepare, ranBeforeCancel, readbackVerdict, readRecord, relayedStatement, withdraws,
} from "../../core/index.js";
import type { CheckedRelay, Finding, HandoffState, Message, Statement, StatementStore, Vocabulary } from "../../core/index.js";
import { _compareCriteria } from "../../core/criteria.js";
import { resolve, vocabularies } from "../vocabularies.js";

const { pay } = vocabularies();
const msg = (line: string): Message => {
  const c = checkLine(line, resolve);
  if (c.message === null) throw new Error(`fixture: ${JSON.stringify(c.findings)}`);
  return c.message;
};
const line = (m: Message): string => {
  const f = formatLine(m);
  if (!f.ok) throw new Error(JSON.stringify(f.findings));
  return f.value;
};
/** Tier 4 of a core DRAFT readback whose HO asks `acc=<ho>` and whose RB reads back `acc=<rb>`. */
const acceptanceTier = (ho: string, rb: string) => checkReadback(msg(`RW1 HO a-1 from=a to=b item=doc:1 ask=DRAFT rb=acc acc=${ho}`), msg(`RW1 RB b-1 re=a-1 from=b to=a item=doc:1 ask=DRAFT acc=${rb}`), coreVocabulary).tiers[3];
const HO1 = "RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 pri=2 conf=M keep=research // hero copy, 120 words, no em dashes";
const PAYHO = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929 exp=20261002T1700Z";

describe("criteria: normalisation and matching (section 5.2)", () => {
  const n = (v: string, vocabulary: Vocabulary = coreVocabulary) => normaliseValue(v, vocabulary);
  it("lowercases, strips punctuation and resolves the alias table", () => {
    expect(n("Plain.").text).toBe("plain");
    for (const v of ["uk", "UK", "en-gb", "british"]) expect(n(v).text).toBe("en gb");
    expect(n("md").text).toBe(n("markdown").text);
    expect(n("we").text).toBe(n("first-person-plural").text);
  });
  it("matches equal values, a prefix, and a contained word set", () => {
    expect(compareValues(n("monday-problem"), n("the-monday-problem"), false)).toBe("same");
    expect(compareValues(n("em-dash"), n("em-dashes"), false)).toBe("same");
    expect(compareValues(n("problem-monday"), n("monday-problem"), false)).toBe("same");
    expect(compareValues(n("formal"), n("plain"), false)).toBe("different");
  });
  it("compares lengths as number and unit: 120w and 150w always contradict, 12 and 120w too", () => {
    expect(compareValues(n("120w"), n("150w"), true)).toBe("different");
    expect(compareValues(n("12"), n("120w"), false)).toBe("different");
    expect(compareValues(n("120w"), n("120words"), false)).toBe("same");
    expect(compareValues(n("2p"), n("2pages"), false)).toBe("same");
    expect(compareValues(n("800c"), n("800w"), false)).toBe("different");
  });
  it("reads a length's number whole: a range, a fraction or a decimal comma is not a bigger number", () => {
    // Punctuation between digits was deleted, so 1-2 pages read as 12 pages and matched len:12p.
    for (const [a, b] of [["1-2p", "12p"], ["1/2p", "12p"], ["1,5p", "15p"], ["100-150w", "100150w"]]) {
      expect(compareValues(n(a as string), n(b as string), false)).toBe("different");
    }
    expect(compareValues(n("1,200w"), n("1200w"), false)).toBe("same");
    expect(compareValues(n("120-words"), n("120w"), false)).toBe("same");
    expect(compareValues(n("120.0w"), n("120w"), false)).toBe("same");
    expect(compareValues(n("1-2p"), n("1-2pages"), false)).toBe("same");
    // A leading point is the number's own: .5p is half a page, not 5 pages, nor a value of no length.
    expect(n(".5p").measure).toStrictEqual({ amount: 0.5, digits: "0.5", unit: "p" });
    expect(compareValues(n(".5p"), n("0.5pages"), false)).toBe("same");
    expect(compareValues(n(".5p"), n("5p"), false)).toBe("different");
    expect(n(".p").measure).toBe(null);
    // Compared exactly, not as doubles: these differ in the last digit.
    expect(compareValues(n("99999999999999999999w"), n("99999999999999999998w"), false)).toBe("different");
  });
  it("keeps a value of punctuation alone as written: two different symbols are not one fact", () => {
    // Stripped of punctuation both were empty, and two empty texts were equal.
    for (const [a, b] of [["£", "$"], ["—", "…"], ["#", "@"]]) {
      for (const set of [true, false]) expect(compareValues(n(a as string), n(b as string), set)).toBe("different");
    }
    expect(compareValues(n("£"), n("£"), true)).toBe("same");
    expect(compareValues(n("—"), n("—"), false)).toBe("same");
  });
  it("takes no prefix that ends inside a number: oct-1 is not oct-12, nor 120 1200", () => {
    for (const [a, b] of [["oct-1", "oct-12"], ["2026-10-1", "2026-10-12"], ["120", "1200"], ["v1", "v10"]]) {
      expect(compareValues(n(a as string), n(b as string), false)).toBe("different");
      expect(compareValues(n(b as string), n(a as string), false)).toBe("different");
    }
    expect(compareValues(n("v1"), n("v10"), true)).toBe("different");
    // A prefix that ends at a word or with a letter still matches (a value less specific, or cut short).
    expect(compareValues(n("oct"), n("oct-12"), false)).toBe("same");
    expect(compareValues(n("dev"), n("developers"), false)).toBe("same");
    expect(compareValues(n("v1"), n("v1-final"), false)).toBe("same");
  });
  it("reads canonically equivalent Unicode as the same text (NFC)", () => {
    // An accent written as a combining mark split the word in two, so café (composed) and café
    // (e + U+0301) contradicted.
    expect(compareValues(n("cafe\u0301"), n("caf\u00e9"), false)).toBe("same");
    expect(n("Cafe\u0301").words).toStrictEqual(["caf\u00e9"]);
    expect(compareValues(n("caf\u00e9"), n("cafe"), false)).toBe("different");
  });
  it("knows only its own units: Object's constructor is no unit", () => {
    expect(n("120constructor").measure).toBeNull();
    expect(compareValues(n("120constructor"), n("120w"), false)).toBe("different");
  });
  it("loose matches on a shared distinctive word, for set-valued keys only", () => {
    expect(compareValues(n("regulated-proof"), n("regulated-ai"), true)).toBe("loose");
    expect(compareValues(n("regulated-proof"), n("regulated-ai"), false)).toBe("different");
    expect(compareValues(n("no-jargon"), n("no-emoji"), true)).toBe("different");
  });
  it("one negation in other words is the same negation: aud:non-technical is aud:not-technical", () => {
    // Each negation word read alone, `non-technical` neither negated nor held `not-technical`'s
    // words: the sender's own criterion, reworded, failed as a contradiction.
    for (const [a, b] of [["non-technical", "not-technical"], ["non-technical", "Not.Technical"], ["no-jargon", "without-jargon"], ["never-formal", "not-formal"]]) {
      for (const set of [true, false]) {
        expect(compareValues(n(a as string), n(b as string), set)).toBe("same");
        expect(compareValues(n(b as string), n(a as string), set)).toBe("same");
      }
    }
    expect(compareValues(n("not-em-dash"), n("without-em-dash"), true)).toBe("same");
    expect(compareValues(n("never-use-tables"), n("no-tables"), true)).toBe("same");
    // Still the opposite of the plain fact, and a negation word ending a value negates nothing.
    expect(compareValues(n("technical"), n("not-technical"), false)).toBe("different");
    expect(compareValues(n("em-dash"), n("without-em-dash"), true)).toBe("opposite");
    expect(n("nb-no").text).toBe("nb no");
    expect(n("non-technical").text).toBe("not technical");
  });
  it("a single-valued value that negates the other is not it: aud:non-technical is not aud:technical", () => {
    // One word set held the other's, so the opposite audience or tone compared "same" and passed.
    for (const [a, b] of [["technical", "non-technical"], ["formal", "not-formal"], ["plain", "never-plain"], ["expert", "non-expert"], ["jargon", "without-jargon"], ["formal", "not-very-formal"], ["casual", "formal-not-casual"], ["technical-readers", "non-technical-readers"]]) {
      expect(compareValues(n(a as string), n(b as string), false)).toBe("different");
      expect(compareValues(n(b as string), n(a as string), false)).toBe("different");
    }
    // Both negating the word, or a negation of a word the other does not state (a further detail):
    // the word-set and prefix rules stand.
    expect(compareValues(n("non-technical"), n("non-technical-readers"), false)).toBe("same");
    expect(compareValues(n("not-formal"), n("Not.Formal"), false)).toBe("same");
    expect(compareValues(n("html"), n("html-without-tables"), false)).toBe("same");
    expect(compareValues(n("formal"), n("formal-not-casual"), false)).toBe("same");
    // `no` negates what follows it (aud:no-technical-background), and nothing where nothing
    // follows: Norwegian's language code (lang:no, lang:nb-no) is itself.
    expect(compareValues(n("technical"), n("no-technical-background"), false)).toBe("different");
    expect(compareValues(n("no"), n("norwegian"), false)).toBe("same");
    expect(compareValues(n("nb"), n("nb-no"), false)).toBe("same");
    expect(compareValues(n("no"), n("no-NO"), false)).toBe("same");
  });
  it("a set-valued value that negates the other's fact is its opposite: must:not-em-dash is not must:em-dash", () => {
    // Its word set held the other's, so must:not-em-dash compared "same" as must:em-dash and passed.
    for (const [a, b] of [["em-dash", "not-em-dash"], ["em-dash", "without-em-dash"], ["em-dash", "no-em-dash"], ["em-dash", "never-em-dash"], ["use-em-dash", "never-em-dash"], ["cite-sources", "never-cite-sources"], ["wikipedia", "non-wikipedia"], ["formal", "casual-not-formal"]]) {
      expect(compareValues(n(a as string), n(b as string), true)).toBe("opposite");
      expect(compareValues(n(b as string), n(a as string), true)).toBe("opposite");
    }
    // Both negating it, or a negation of a word the other does not state (a further detail), or
    // another value altogether: as before.
    expect(compareValues(n("not-em-dash"), n("Not.Em.Dash"), true)).toBe("same");
    expect(compareValues(n("not-em-dash"), n("not-em-dash-anywhere"), true)).toBe("same");
    expect(compareValues(n("formal"), n("formal-not-casual"), true)).toBe("same");
    expect(compareValues(n("html"), n("html-without-tables"), true)).toBe("same");
    expect(compareValues(n("em-dash"), n("use-em-dash"), true)).toBe("same");
    // A negated word shared without naming one fact is a loose match still, a note.
    expect(compareValues(n("monday-problem"), n("not-monday-blues"), true)).toBe("loose");
    expect(compareValues(n("no-jargon"), n("no-emoji"), true)).toBe("different");
  });
  it("tier 4 fails a single-valued criterion read back negated, as a contradiction", () => {
    const ho = msg("RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=acc keys=aud+tone");
    const tier = (acc: string) => checkReadback(ho, msg(`RW1 RB b-1 re=a-1 from=b to=a item=x:1 ask=DRAFT acc=${acc}`), coreVocabulary, { expectAcc: "aud:technical+tone:formal" }).tiers[3];
    expect(tier("aud:non-technical+tone:formal").findings).toMatchObject([{ code: "ACC_CONTRADICTION", expected: "aud:technical", received: "aud:non-technical" }]);
    expect(tier("aud:technical+tone:not-formal").result).toBe("fail");
    expect(tier("aud:technical-readers+tone:Formal").result).toBe("pass");
  });
  it("parses constraints and refuses what is not key:value", () => {
    expect(parseCriteria("len:120w+tone:plain").constraints).toStrictEqual([{ key: "len", value: "120w" }, { key: "tone", value: "plain" }]);
    expect(parseCriteria("len120w").findings.map((f) => f.code)).toStrictEqual(["CRITERIA_SYNTAX"]);
    // A character no line may carry (README note 5) is in no receiver's acc=: such a criterion could never be met.
    for (const c of ["\u0000", "\u0001", "\u007f", "\u0085", "\u2028", "\ud800", "\udc00"]) {
      const read = parseCriteria(["len:120w", `must:a${c}b`]);
      expect(read.constraints, JSON.stringify(c)).toStrictEqual([{ key: "len", value: "120w" }]);
      expect(read.findings, JSON.stringify(c)).toMatchObject([{ code: "CRITERIA_SYNTAX", received: `must:a${c}b` }]);
      expect(read.findings[0]?.message).toContain("no line may carry");
    }
    // What a line does carry stays a criterion: a character outside the Basic Multilingual Plane (a surrogate pair), a bidirectional control.
    expect(parseCriteria("must:a\u{1f600}b+must:a\u200eb").findings).toStrictEqual([]);
    // Outside input, bounded as lines are (note 36): a hundred findings and a count, tokens cut.
    const many = parseCriteria(Array.from({ length: 5_000 }, (_, i) => `bad${i}`));
    expect(many.findings.length).toBe(101);
    expect(many.findings.at(-1)).toMatchObject({ code: "FINDINGS_CUT", received: "4900" });
    expect(parseCriteria(["x".repeat(1_000)]).findings[0]?.received).toBe(`${"x".repeat(40)}...`);
  });
});

describe("tier 4: a set-valued criterion read back negated (section 5.2: the two name opposite facts)", () => {
  const HO = "RW1 HO a-1 from=a to=b item=doc:1 ask=DRAFT rb=acc acc=must:em-dash+by:20261002";
  const tier = (acc: string, ho = HO, not?: string) => checkReadback(msg(ho), msg(`RW1 RB b-1 re=a-1 from=b to=a item=doc:1 ask=DRAFT acc=${acc}${not === undefined ? "" : ` not=${not}`}`), coreVocabulary).tiers[3];
  const codes = (acc: string, ho = HO, not?: string) => tier(acc, ho, not).findings.map((f) => f.code);
  it("fails must:em-dash read back as must:not-em-dash, without-, no- or never-, as a contradiction", () => {
    for (const negated of ["not-em-dash", "without-em-dash", "no-em-dash", "Never.Em.Dash"]) {
      const t = tier(`must:${negated}+by:20261002`);
      expect(t.result).toBe("fail");
      // One finding: no gap beside it (the receiver did read the constraint, wrongly), no assumption.
      expect(t.findings).toMatchObject([{ code: "ACC_CONTRADICTION", slot: "acc", expected: "must:em-dash", received: `must:${negated}` }]);
    }
    expect(tier("must:em-dash+by:20261002").result).toBe("pass");
  });
  it("fails a receiver holding both must:em-dash and must:not-em-dash: it cannot act on both", () => {
    expect(codes("must:em-dash+must:not-em-dash+by:20261002")).toStrictEqual(["ACC_CONTRADICTION"]);
    expect(codes("must:not-em-dash+must:em-dash+by:20261002")).toStrictEqual(["ACC_CONTRADICTION"]);
  });
  it("reads no:, scope: and src: so too, and the sender's negated value against the receiver's plain one", () => {
    const ho = (acc: string) => `RW1 HO a-1 from=a to=b item=doc:1 ask=DRAFT rb=acc acc=${acc}`;
    expect(codes("no:not-em-dash", ho("no:em-dash"))).toStrictEqual(["ACC_CONTRADICTION"]);
    expect(codes("scope:not-intro", ho("scope:intro"))).toStrictEqual(["ACC_CONTRADICTION"]);
    expect(codes("src:without-wikipedia", ho("src:wikipedia"))).toStrictEqual(["ACC_CONTRADICTION"]);
    expect(codes("must:em-dash", ho("must:no-em-dash"))).toStrictEqual(["ACC_CONTRADICTION"]);
    // A not= token is a no: value: read as the opposite of a sender's no:, it says so as not=.
    expect(tier("by:20261002", ho("no:em-dash+by:20261002"), "not-em-dash").findings).toMatchObject([{ code: "ACC_CONTRADICTION", slot: "not", expected: "no:em-dash", received: "not-em-dash" }]);
  });
  it("keeps a no: value's leading no as its key restated: no:no-em-dash is no:em-dash, and excludes must:em-dash", () => {
    const ho = (acc: string) => `RW1 HO a-1 from=a to=b item=doc:1 ask=DRAFT rb=acc acc=${acc}`;
    expect(tier("no:no-em-dash", ho("no:em-dash")).result).toBe("pass");
    expect(tier("no:em-dash", ho("no:No-Em-Dash")).result).toBe("pass");
    expect(codes("must:em-dash+no:no-em-dash+by:20261002")).toStrictEqual(["ACC_ASSUMPTION", "ACC_EXCLUDED"]);
    expect(codes("must:em-dash+by:20261002", HO, "no-em-dash")).toStrictEqual(["ACC_ASSUMPTION", "ACC_EXCLUDED"]);
    // A plain exclusion of a required value fails as before; a double negative is never guessed to
    // agree, so it fails as the exclusion it may be.
    expect(codes("must:em-dash+no:em-dash+by:20261002")).toStrictEqual(["ACC_ASSUMPTION", "ACC_EXCLUDED"]);
    expect(codes("must:em-dash+by:20261002", HO, "em-dash")).toStrictEqual(["ACC_ASSUMPTION", "ACC_EXCLUDED"]);
    expect(codes("must:em-dash+no:not-em-dash+by:20261002")).toStrictEqual(["ACC_ASSUMPTION", "ACC_EXCLUDED"]);
  });
  it("keeps a further detail, a loose match and Norwegian as they were", () => {
    const ho = (acc: string) => `RW1 HO a-1 from=a to=b item=doc:1 ask=DRAFT rb=acc acc=${acc}`;
    expect(tier("must:formal-not-casual", ho("must:formal")).result).toBe("pass");
    expect(tier("tone:formal-not-casual", ho("tone:formal")).result).toBe("pass");
    expect(tier("lang:nb-no", ho("lang:no")).result).toBe("pass");
    const loose = tier("must:not-monday-blues", ho("must:monday-problem"));
    expect([loose.result, loose.findings.map((f) => f.code)]).toStrictEqual(["pass", ["ACC_LOOSE"]]);
  });
  it("gives the index the pairwise answer on long lists", () => {
    // Past the pairwise size, the criteria index answers: the same findings.
    const many = Array.from({ length: 40 }, (_, i) => `must:item-${i}`);
    const sender = parseCriteria([...many, "must:em-dash"].join("+")).constraints;
    const receiver = parseCriteria([...many, "must:em-dash", "must:not-em-dash"].join("+")).constraints;
    expect(compareCriteria(sender, receiver, coreVocabulary).map((f) => [f.code, f.received])).toStrictEqual([["ACC_CONTRADICTION", "must:not-em-dash"]]);
  });
});

describe("tier 4: a by: date written with hyphens is the same date", () => {
  const tier = acceptanceTier;
  it("passes by:2026-10-02 read back for by:20261002, either way round, and a leap day", () => {
    // It contradicted: `2026 10 02` and `20261002` are other words.
    expect(tier("must:em-dash+by:20261002", "must:em-dash+by:2026-10-02").result).toBe("pass");
    expect(tier("by:2026-10-02", "by:20261002").result).toBe("pass");
    expect(tier("by:2024-02-29", "by:20240229").result).toBe("pass");
  });
  it("takes nothing else for that date: another day, no real date, another form, another key", () => {
    for (const other of ["2026-10-03", "2026-02-30", "2026-10-2", "2026-1002", "2026/10/02", "2026-10", "oct-2"]) {
      expect(tier("by:20261002", `by:${other}`).findings.map((f) => f.code)).toStrictEqual(["ACC_CONTRADICTION"]);
    }
    expect(tier("by:20260230", "by:2026-02-30").result).toBe("fail");
    // The hyphenated form of a date read as a date contradicts a month written so, as the compact form does.
    expect(tier("by:2026-10-02", "by:2026-10").result).toBe("fail");
    // Only by: values are dates: elsewhere a hyphenated number may be a code, a version or a range.
    expect(tier("src:20261002", "src:2026-10-02").result).toBe("fail");
  });
});

describe("tier 4: a negation word that negates nothing of the fact (review of the negation rules)", () => {
  const n = (v: string) => normaliseValue(v, coreVocabulary);
  const tier = acceptanceTier;
  const codes = (ho: string, rb: string) => tier(ho, rb).findings.map((f) => f.code);
  it("reads a bound (no later than, no more than) as negating the comparative, not the bound: by:no-later-than-friday is by:friday", () => {
    // `no` read as negating every word after it made the bound itself negated: the receiver's
    // faithful by:no-later-than-friday contradicted by:friday, and must:cite-no-more-than-3-sources
    // was the opposite of must:cite-sources.
    expect(tier("by:friday", "by:no-later-than-friday").result).toBe("pass");
    expect(tier("by:friday", "by:not-later-than-friday").result).toBe("pass");
    expect(tier("must:cite-sources", "must:cite-no-more-than-3-sources").result).toBe("pass");
    expect(compareValues(n("3-sources"), n("no-more-than-3-sources"), true)).toBe("same");
    // The comparative is negated still: "more than 3" is the opposite bound, and a later day another day.
    expect(compareValues(n("cite-more-than-3-sources"), n("cite-no-more-than-3-sources"), true)).toBe("opposite");
    expect(compareValues(n("later-than-friday"), n("no-later-than-friday"), false)).toBe("different");
    expect(codes("by:friday", "by:not-friday")).toStrictEqual(["ACC_CONTRADICTION"]);
  });
  it("reads not X but Y as negating X alone: tone:not-formal-but-friendly is tone:friendly, and not tone:formal", () => {
    expect(tier("tone:friendly", "tone:not-formal-but-friendly").result).toBe("pass");
    expect(codes("tone:formal", "tone:not-formal-but-friendly")).toStrictEqual(["ACC_CONTRADICTION"]);
    // A negation after the but negates what follows it.
    expect(codes("tone:stiff", "tone:formal-but-not-stiff")).toStrictEqual(["ACC_CONTRADICTION"]);
    expect(codes("tone:stiff", "tone:not-formal-but-not-stiff")).toStrictEqual(["ACC_CONTRADICTION"]);
  });
  it("reads yes-no and whether-or-not as naming both answers, negating neither: scope:yes-no-questions is scope:questions", () => {
    for (const both of ["yes-no-questions", "yes-or-no-questions", "Yes/No.Questions"]) {
      expect(tier("scope:questions", `scope:${both}`).result).toBe("pass");
    }
    expect(tier("scope:whether-to-ship", "scope:whether-or-not-to-ship").result).toBe("pass");
    expect(compareValues(n("questions"), n("yes-no-questions"), false)).toBe("same");
    expect(n("yes-no-questions").text).toBe("yes no questions");
    // `no` elsewhere negates as before: little or no jargon is the opposite of jargon.
    expect(compareValues(n("questions"), n("no-questions"), true)).toBe("opposite");
    expect(compareValues(n("jargon"), n("little-or-no-jargon"), true)).toBe("opposite");
  });
  it("never matches a value of unread polarity by prefix or word set: must:em-dash-never, tone:formal-not, a double negative", () => {
    // A negation word ending a value (em dashes: never) or a double negative (not non-technical)
    // turns the value how far no rule reads; matched by prefix or word set, the opposite passed.
    expect(codes("must:em-dash+by:20261002", "must:em-dash-never+by:20261002")).toStrictEqual(["ACC_CONTRADICTION"]);
    expect(codes("tone:formal", "tone:formal-not")).toStrictEqual(["ACC_CONTRADICTION"]);
    expect(codes("aud:non-technical", "aud:not-non-technical")).toStrictEqual(["ACC_CONTRADICTION"]);
    expect(codes("must:not-em-dash", "must:never-not-em-dash")).toStrictEqual(["ACC_CONTRADICTION"]);
    expect(compareValues(n("em-dash"), n("em-dash-not"), true)).toBe("opposite");
    expect(compareValues(n("em-dash"), n("em-dash-not"), false)).toBe("different");
    // Written alike it is the same value; a trailing `no` is Norwegian's code, as before.
    expect(compareValues(n("not-non-technical"), n("Not.Non.Technical"), false)).toBe("same");
    expect(tier("lang:no", "lang:nb-no").result).toBe("pass");
    // A shared word alone stays a loose match, and a negation word is never that word.
    expect(compareValues(n("monday-problem"), n("blues-monday-never"), true)).toBe("loose");
    expect(compareValues(n("tables-never"), n("em-dash-never"), true)).toBe("different");
    expect(compareValues(n("tables-non"), n("em-dash-non"), true)).toBe("different");
  });
  it("gives the index the pairwise answer on these values", () => {
    const values = ["em-dash", "em-dash-never", "not-non-technical", "technical", "non-technical", "yes-no-questions", "questions", "no-questions", "cite-no-more-than-3-sources", "cite-sources", "cite-more-than-3-sources", "not-formal-but-friendly", "friendly", "formal", "not-never", "never-not"];
    const sender = values.map((value) => ({ key: "must", value }));
    const receiver = [...values].reverse().map((value) => ({ key: "must", value }));
    for (const not of [[], values]) {
      expect(_compareCriteria(sender, receiver, coreVocabulary, { not }, 0)).toStrictEqual(_compareCriteria(sender, receiver, coreVocabulary, { not }, Infinity));
    }
  });
});

describe("tier 4: a by: date written with hyphens and a time or a note after it", () => {
  const tier = acceptanceTier;
  it("passes by:2026-10-02-eod for by:2026-10-02 (a prefix, as by:20261002-eod is of by:20261002)", () => {
    // Only a whole value was read as a date, so by:2026-10-02 (20261002) no longer began
    // by:2026-10-02-eod (words 2026 10 02 eod): a further detail contradicted.
    expect(tier("by:2026-10-02", "by:2026-10-02-eod").result).toBe("pass");
    expect(tier("by:20261002", "by:2026-10-02T17:00").result).toBe("pass");
    expect(tier("by:2026-10-02-noon", "by:20261002-noon").result).toBe("pass");
    // A bound about the date, as about 20261002: no later than that day is by that day.
    expect(tier("by:20261002", "by:no-later-than-2026-10-02").result).toBe("pass");
    expect(tier("by:2026-10-02", "by:before-2026-10-02").result).toBe("pass");
  });
  it("takes no more for a date: another day, a number going on, no real date", () => {
    // Nor a date run into other digits, which may be a range or a code: 2026-10-02-03, 1-2026-10-02.
    for (const [ho, rb] of [["by:2026-10-02", "by:2026-10-03-eod"], ["by:20261002", "by:2026-10-021"], ["by:20261002", "by:2026-10-0212"], ["by:20260230", "by:2026-02-30-eod"], ["by:20261002", "by:2026-10-02-03"], ["by:20261002", "by:1-2026-10-02"], ["by:20261002", "by:not-2026-10-02"]]) {
      expect(tier(ho as string, rb as string).result).toBe("fail");
    }
  });
});

describe("a single-valued constraint key named twice (section 5.2: only set-valued keys repeat)", () => {
  const HO_ACC = "RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=acc keys=len+must";
  const RB_ACC = "RW1 RB b-1 re=a-1 from=b to=a item=x:1 ask=DRAFT acc=len:120w+must:a";
  it("parseCriteria refuses it given the vocabulary, once per key, and reads only the syntax without one", () => {
    const read = parseCriteria("len:120w+must:a+LEN:200w+must:b+len:3p+tone:plain", coreVocabulary);
    expect(read.findings.map((f) => [f.code, f.expected, f.received])).toStrictEqual([["CRITERIA_REPEATED", "len:120w", "len:200w"]]);
    expect(read.constraints.length).toBe(6);
    expect(parseCriteria("len:120w+len:200w").findings).toStrictEqual([]);
    // Set-valued keys repeat freely.
    expect(parseCriteria("must:a+must:b+no:c+no:d+scope:e+scope:f+src:g+src:h", coreVocabulary).findings).toStrictEqual([]);
  });
  it("tier 4 fails withheld criteria that hold two values for one fact, and compares neither", () => {
    const tier = checkReadback(msg(HO_ACC), msg(RB_ACC), coreVocabulary, { expectAcc: "len:200w+must:a+len:120w" }).tiers[3];
    expect(tier.result).toBe("fail");
    // Neither a contradiction (of len:200w) nor a pass (on len:120w): the sender's own error.
    expect(tier.findings.map((f) => f.code)).toStrictEqual(["CRITERIA_REPEATED"]);
    expect(tier.findings[0]?.message).toBe("the sender's criteria name len more than once (len:200w, then len:120w); len is single-valued: one value, so len is not compared");
  });
  it("a profile's single-valued key counts too; a key the profile makes set-valued does not", () => {
    const extended = compileVocabulary(coreVocabulary, { profile: "ck", version: "0.1", extends: "RW1", ckeys: { site: { desc: "site" }, tags: { desc: "tags", set: true } } });
    if (!extended.ok) throw new Error(JSON.stringify(extended.findings));
    expect(parseCriteria("site:a+site:b+tags:c+tags:d", extended.value).findings.map((f) => f.received)).toStrictEqual(["site:b"]);
  });
});

describe("a withheld criterion whose key is outside the closed set is the sender's input error (CRITERIA_KEY_UNKNOWN)", () => {
  const HO_ACC = "RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=acc keys=len";
  const RB_ACC = "RW1 RB b-1 re=a-1 from=b to=a item=x:1 ask=DRAFT acc=len:200w";
  it("parseCriteria refuses it given the vocabulary, naming the keys it holds, and reads only the syntax without one", () => {
    const read = parseCriteria("lenght:120w+tone:plain", coreVocabulary);
    expect(read.findings.map((f) => [f.code, f.severity, f.slot, f.received])).toStrictEqual([["CRITERIA_KEY_UNKNOWN", "error", "acc", "lenght:120w"]]);
    expect(read.findings[0]?.message).toMatch(/^'lenght:120w': lenght is outside the closed key set \(len .*\), so it could never be compared/);
    expect(read.constraints).toStrictEqual([{ key: "tone", value: "plain" }]);
    expect(parseCriteria("lenght:120w").findings).toStrictEqual([]);
    // A key a profile adds is in its set.
    const extended = compileVocabulary(coreVocabulary, { profile: "ck", version: "0.1", extends: "RW1", ckeys: { site: { desc: "site" } } });
    if (!extended.ok) throw new Error(JSON.stringify(extended.findings));
    expect(parseCriteria("site:a", extended.value).findings).toStrictEqual([]);
    expect(parseCriteria("site:a", coreVocabulary).findings.map((f) => f.code)).toStrictEqual(["CRITERIA_KEY_UNKNOWN"]);
  });
  it("tier 4 fails on it rather than passing with a note, so ownership does not move on a check never made", () => {
    const report = checkReadback(msg(HO_ACC), msg(RB_ACC), coreVocabulary, { expectAcc: "lenght:120w" });
    expect(report.tiers[3].result).toBe("fail");
    expect(report.tiers[3].findings.map((f) => f.code)).toContain("CRITERIA_KEY_UNKNOWN");
    expect(report.wilco).toBe(false);
    // The receiver's unknown key in its acc= stays a note (section 5.2, README note 12).
    const peer = checkReadback(msg(HO_ACC), msg(`${RB_ACC}+colour:red`), coreVocabulary, { expectAcc: "len:200w" });
    expect(peer.tiers[3].findings.map((f) => [f.code, f.severity])).toStrictEqual([["ACC_KEY_UNKNOWN", "note"]]);
    expect(peer.wilco).toBe(true);
  });
});

describe("a long value is quoted cut to 40 characters in the readback, handoff and done checks (note 36)", () => {
  const long = "q".repeat(500);
  const quoted = (findings: readonly { message: string; received?: string; expected?: string }[]): void => {
    expect(findings.length).toBeGreaterThan(0);
    for (const f of findings) {
      expect(f.message.length, f.message).toBeLessThan(300);
      for (const v of [f.received, f.expected]) if (v !== undefined) expect(v.length).toBeLessThanOrEqual(43);
    }
    expect(findings.some((f) => f.message.includes("..."))).toBe(true);
    expect(findings.every((f) => !f.message.includes("q".repeat(41)) && !f.message.includes("d".repeat(41)))).toBe(true);
  };
  it("echo: the HO's item and the readback's", () => {
    const ho = msg(`RW1 HO a-1 from=a to=b item=x:${long} ask=DRAFT`);
    quoted(checkReadback(ho, msg(`RW1 RB b-1 re=a-1 from=b to=a item=y:${long} ask=DRAFT`), coreVocabulary).tiers[2].findings);
  });
  it("execution: a value the receiver resolved against the record", () => {
    const ho = msg("RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:1 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS paid=20261002 ref=r apref=a");
    const rb = msg(`RW1 RB payer-1 re=scheduler-1 p=pay from=payer to=scheduler item=inv:1 ask=PAY sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=${long} paid=20261002 ref=r apref=a`);
    quoted(checkReadback(ho, rb, pay, { record: { acct: `z${long}` } }).tiers[4].findings);
  });
  it("comprehension: a contradiction, an assumption, an exclusion, an unknown key and a repeat", () => {
    const ho = msg("RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=acc keys=tone+must");
    const rb = msg(`RW1 RB b-1 re=a-1 from=b to=a item=x:1 ask=DRAFT acc=tone:${long}+must:a+fmt:${long}+${"k".repeat(500)}:v+no:a${long} not=a${long}`);
    const t4 = checkReadback(ho, rb, coreVocabulary, { expectAcc: `tone:plain+must:a+must:a${long}+len:${long}w+len:2w` }).tiers[3].findings;
    expect(new Set(t4.map((f) => f.code))).toStrictEqual(new Set(["ACC_KEY_UNKNOWN", "ACC_CONTRADICTION", "CRITERIA_REPEATED", "ACC_ASSUMPTION", "ACC_EXCLUDED"]));
    quoted(t4);
  });
  it("comprehension: a gap in a key the receiver left out quotes the sender's values cut, not all of them", () => {
    const ho = msg("RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=acc");
    const many = Array.from({ length: 500 }, (_, i) => `must:q${i}`).join("+");
    const t4 = checkReadback(ho, msg("RW1 RB b-1 re=a-1 from=b to=a item=x:1 ask=DRAFT acc=tone:plain"), coreVocabulary, { expectAcc: `tone:plain+${many}` }).tiers[3].findings;
    expect(t4.map((f) => f.code)).toStrictEqual(["ACC_GAP"]);
    quoted(t4);
  });
  it("comprehension: a keys= dimension outside the closed set", () => {
    const ho = msg(`RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=acc keys=${"d".repeat(500)}`);
    quoted(checkReadback(ho, msg("RW1 RB b-1 re=a-1 from=b to=a item=x:1 ask=DRAFT acc=tone:plain"), coreVocabulary).tiers[3].findings.filter((f) => f.slot === "keys"));
  });
  it("check-ho: a value that differs from the record", () => {
    quoted(checkHandoff(msg(`RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT due=20261002 ctx=${"c".repeat(500)}-1`), { values: { item: "x:1", ask: "DRAFT", due: "20261002", ctx: [`${"d".repeat(500)}-1`] }, resolve: new Set<string>() }, coreVocabulary).findings);
  });
  it("check-dn: a done report about another item", () => {
    const ho = msg(`RW1 HO a-1 from=a to=b item=x:${long} ask=DRAFT`);
    quoted(checkDone(ho, msg(`RW1 DN b-1 re=a-1 from=b to=a item=y:${long} out=OK`), coreVocabulary).findings);
  });
});

describe("tier 2 says what is wrong with h=", () => {
  const rb = (h: string) => msg(`RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002 h=${h}`);
  const integrity = (h: string) => checkReadback(msg(HO1), rb(h), coreVocabulary).tiers[1].findings.map((f) => f.message);
  it("other bytes when h= is a digest, but not the HO's", () => {
    expect(integrity("c40bba4360dd")).toStrictEqual(["h=c40bba4360dd is not the digest of the HO sent (c40bba4360dc): the receiver holds other bytes"]);
  });
  it("no digest at all when h= is not 12 lowercase hex characters, and not other bytes", () => {
    expect(integrity("C40BBA4360DC")).toStrictEqual(["h=C40BBA4360DC is not a digest (12 lowercase hex characters), so it cannot show the HO sent (c40bba4360dc); in lowercase it is the HO's"]);
    expect(integrity("c40bba")).toStrictEqual(["h=c40bba is not a digest (12 lowercase hex characters), so it cannot show the HO sent (c40bba4360dc)"]);
  });
});

describe("a finding quotes a value as a line writes it", () => {
  it("a list of booleans is Y and N joined by +, in check-ho and make-rb as in validate", () => {
    const profile = { profile: "t", version: "0.1", extends: "RW1", asks: { GO: "go" }, slots: [{ key: "flags", type: "list:bool", on: ["HO", "RB", "DN"] }], exec: { GO: ["flags"] } };
    const compiled = compileVocabulary(coreVocabulary, profile);
    if (!compiled.ok) throw new Error(JSON.stringify(compiled.findings));
    const ho = checkLine("RW1 HO a-1 p=t from=a to=b item=x:1 ask=GO rb=exec flags=Y+N", () => compiled.value).message as Message;
    const [finding] = checkHandoff(ho, { values: { item: "x:1", ask: "GO", flags: [true, true] }, resolve: new Set<string>() }, compiled.value).findings;
    expect(finding).toMatchObject({ code: "HO_DIFFERS", expected: "Y+Y", received: "Y+N", message: "flags: the line says Y+N, the record says Y+Y" });
    // make-rb's note on a value the receiver will use in place of the HO's: `true,false` before.
    const made = makeReadback(ho, { exec: { flags: [true, true] } }, compiled.value);
    expect(made.findings).toMatchObject([{ code: "EXEC_DIFFERS", expected: "Y+N", received: "Y+Y", message: "the receiver will use flags=Y+Y where the HO says Y+N: the readback says so, and the sender's check will stop it" }]);
  });
  it("make-rb quotes a long value the receiver will use cut to 40 characters (note 36)", () => {
    const made = makeReadback(msg(PAYHO), { exec: { acct: "9".repeat(3_000) } }, pay);
    expect(made.findings).toMatchObject([{ code: "EXEC_DIFFERS", expected: "40-12-88/61102938", received: `${"9".repeat(40)}...` }]);
    expect(made.findings[0]?.message.length).toBeLessThan(200);
  });
  it("make-rb and prepare quote a long key of the receiver's call cut to 40 characters (note 36)", () => {
    const key = "k".repeat(3_000);
    const made = makeReadback(msg(PAYHO), { exec: { [key]: "1" } }, pay);
    expect(made.findings).toMatchObject([{ code: "READBACK_NOT_ASKED", slot: `${"k".repeat(40)}...` }]);
    expect(made.findings[0]?.message.length).toBeLessThan(200);
    const prepared = prepare(memoryStore(), { ho: msg(PAYHO), call: { [key]: "1" }, exp: "20261002T1600Z" }, pay);
    expect(prepared.findings).toMatchObject([{ code: "STATEMENT_REFUSED", slot: `${"k".repeat(40)}...`, received: `${"k".repeat(40)}...` }]);
    expect(prepared.findings[0]?.message.length).toBeLessThan(200);
  });
});

describe("a readback answers in its HO's vocabulary", () => {
  it("one naming another profile fails receipt, saying so (the thread vectors hold check-thread to the same verdict)", () => {
    const ho = msg(HO1);
    const rb = msg("RW1 RB writer-1 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002 p=pay");
    const [finding] = checkReadback(ho, rb, coreVocabulary).tiers[0].findings;
    expect(finding).toMatchObject({ code: "RECEIPT", slot: "p", expected: "no p=", received: "pay", message: "the readback says p=pay where its HO names no profile: a readback answers in its HO's vocabulary" });
  });
  it("and so does a done report, with check-dn's receipt finding, not a profile 'this reader does not have'", () => {
    const ho = msg(HO1);
    const dn = msg("RW1 DN writer-2 re=research-01 from=writer to=research item=gh:crox/site#42 out=OK p=pay");
    const findings = checkDone(ho, dn, coreVocabulary).findings;
    expect(findings.map((f) => f.code)).not.toContain("PROFILE_UNKNOWN");
    expect(findings).toContainEqual(expect.objectContaining({ code: "DONE_RECEIPT", slot: "p", expected: "no p=", received: "pay", message: "the done report says p=pay where its HO names no profile: a done report answers in its HO's vocabulary" }));
  });
});

describe("a finding about a not= token names not=, as the receiver wrote it", () => {
  const ho = msg("RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=acc keys=must+no");
  const t4 = (expectAcc: string, not: string) => checkReadback(ho, msg(`RW1 RB b-1 re=a-1 from=b to=a item=x:1 ask=DRAFT acc=must:monday-problem not=${not}`), coreVocabulary, { expectAcc }).tiers[3].findings;
  it("an assumption: a not= token the sender's no: values do not hold", () => {
    // It was "assumption: no:blog-post ...", slot acc: a constraint the receiver never wrote.
    expect(t4("must:monday-problem+no:em-dash", "em-dash+blog-post")).toStrictEqual([
      expect.objectContaining({ code: "ACC_ASSUMPTION", slot: "not", received: "blog-post", message: "assumption: not=blog-post is the receiver's, not the sender's; confirm or correct" }),
    ]);
    expect(t4("must:monday-problem", "blog-post")).toStrictEqual([
      expect.objectContaining({ code: "ACC_ASSUMPTION", slot: "not", received: "blog-post", message: "assumption: not=blog-post fills in what the sender's criteria leave open; confirm or correct" }),
    ]);
  });
  it("a loose match: a not= token taken for a sender's no: value on a shared word", () => {
    expect(t4("must:monday-problem+no:em-dash", "dash-marks")).toStrictEqual([
      expect.objectContaining({ code: "ACC_LOOSE", slot: "not", expected: "no:em-dash", received: "dash-marks", message: "loose match: not=dash-marks taken for no:em-dash on a shared word; confirm" }),
    ]);
  });
});

describe("a receiver value that names one of the sender's facts stands loosely for no other (section 5.2)", () => {
  const ho = msg("RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=acc");
  const t4 = (expectAcc: string, acc: string, pairwiseMax?: number) => {
    const rb = msg(`RW1 RB b-1 re=a-1 from=b to=a item=x:1 ask=DRAFT acc=${acc}`);
    if (pairwiseMax !== undefined) return _compareCriteria(parseCriteria(expectAcc).constraints, parseCriteria(acc).constraints, coreVocabulary, {}, pairwiseMax);
    const tier = checkReadback(ho, rb, coreVocabulary, { expectAcc }).tiers[3];
    expect(tier.result).toBe(tier.findings.some((f) => f.severity === "error") ? "fail" : "pass");
    return tier.findings;
  };
  // Pair by pair (a handoff's few criteria) and through the indexes (long lists): one answer.
  for (const pairwiseMax of [undefined, 0]) {
    const how = pairwiseMax === undefined ? "check-rb" : "indexed";
    it(`${how}: a sender value the receiver dropped is a gap, though it shares a word with one read back`, () => {
      // no:em-dash+no:en-dash read back as no:em-dash passed: "no:em-dash taken for no:en-dash".
      expect(t4("no:em-dash+no:en-dash", "no:em-dash", pairwiseMax)).toStrictEqual([
        expect.objectContaining({ code: "ACC_GAP", severity: "error", expected: "no:en-dash", message: "gap: the receiver did not extract no:en-dash" }),
      ]);
      expect(t4("must:monday-problem+must:monday-deadline", "must:monday-problem", pairwiseMax)).toStrictEqual([
        expect.objectContaining({ code: "ACC_GAP", expected: "must:monday-deadline" }),
      ]);
      // Read back as its opposite, it is that fact's too: a contradiction, and the other a gap.
      expect(t4("must:em-dash+must:en-dash", "must:not-em-dash", pairwiseMax).map((f) => `${f.code} ${f.expected}`)).toStrictEqual(["ACC_CONTRADICTION must:em-dash", "ACC_GAP must:en-dash"]);
    });
    it(`${how}: a receiver value beside one that names the sender's fact is an assumption, not swallowed`, () => {
      // no:en-dash beside no:em-dash was matched to no:em-dash on "dash", and no note said so.
      expect(t4("no:em-dash", "no:em-dash+no:en-dash", pairwiseMax)).toStrictEqual([
        expect.objectContaining({ code: "ACC_ASSUMPTION", severity: "note", received: "no:en-dash", message: "assumption: no:en-dash is the receiver's, not the sender's; confirm or correct" }),
      ]);
    });
    it(`${how}: a value no sender value names is still a loose match for one no receiver value names`, () => {
      expect(t4("must:monday-problem+must:regulated-ai", "must:monday-problem+must:regulated-proof", pairwiseMax)).toStrictEqual([
        expect.objectContaining({ code: "ACC_LOOSE", severity: "note", expected: "must:regulated-ai", received: "must:regulated-proof" }),
      ]);
      // The first value no sender value names, in the receiver's order.
      expect(t4("no:em-dash+no:en-dash", "no:em-dash+no:dash-marks", pairwiseMax)).toStrictEqual([
        expect.objectContaining({ code: "ACC_LOOSE", expected: "no:en-dash", received: "no:dash-marks" }),
      ]);
    });
  }
});

describe("tier 4 under a flood of exclusions", () => {
  it("reads an RB of 40,000 no: against ten must: (200 kB) into a cut report, not a stack overflow", () => {
    const must = Array.from({ length: 10 }, (_, i) => `must:a${i}`).join("+");
    const ho = checkLine(`RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=acc acc=${must}`, coreVocabulary).message as Message;
    const rb = checkLine(`RW1 RB b-1 re=a-1 from=b to=a item=x:1 ask=DRAFT acc=${must}+${Array(40_000).fill("no:a").join("+")}`, coreVocabulary).message as Message;
    const tier = checkReadback(ho, rb, coreVocabulary).tiers[3];
    expect(tier.result).toBe("fail");
    expect(tier.findings.length).toBe(101);
    expect(tier.findings.at(-1)?.message).toBe("439900 more findings (399900 errors) are not listed");
  });
  it("the public compareCriteria answers the same flood with the same cut report", () => {
    const must = Array.from({ length: 10 }, (_, i) => ({ key: "must", value: `a${i}` }));
    const found = compareCriteria(must, [...must, ...Array.from({ length: 40_000 }, () => ({ key: "no", value: "a" }))], coreVocabulary);
    expect(found.length).toBe(101);
    expect(found.slice(0, 100).every((f) => f.code === "ACC_EXCLUDED")).toBe(true);
    expect(found.at(-1)).toMatchObject({ code: "FINDINGS_CUT", message: "439900 more findings (399900 errors) are not listed" });
  });
});

describe("makeReadback: composed from the HO as delivered", () => {
  it("takes an id of its own: a self-handoff's RB is never numbered like its HO (section 2: ids are unique)", () => {
    const self = msg("RW1 HO a-1 from=a to=a item=x ask=DRAFT");
    const fresh = makeReadback(self, {}, coreVocabulary);
    expect(fresh.ok && [fresh.value.id, fresh.value.re]).toStrictEqual(["a-2", "a-1"]);
    const reused = makeReadback(self, { n: 1 }, coreVocabulary);
    expect(reused.ok).toBe(false);
    expect(reused.findings.map((f) => [f.code, f.slot, f.received])).toStrictEqual([["READBACK_ID_REUSED", "id", "a-1"]]);
    // One number is one message of the receiver's, however it is written.
    expect(makeReadback(msg("RW1 HO a-07 from=a to=a item=x ask=DRAFT"), { n: 7 }, coreVocabulary).findings.map((f) => f.code)).toStrictEqual(["READBACK_ID_REUSED"]);
    expect(makeReadback(self, { n: 2 }, coreVocabulary).ok).toBe(true);
  });
  it("numbers past the receiver's ids the HO names (re=, ctx=), and refuses one of them", () => {
    const reissue = msg("RW1 HO ops-04 re=builder-05 from=ops to=builder item=jira:OPS-77 ask=FIX due=20261001 ctx=builder-02+ops-09");
    const fresh = makeReadback(reissue, {}, coreVocabulary);
    expect(fresh.ok && fresh.value.id).toBe("builder-6");
    for (const n of [5, 2]) expect(makeReadback(reissue, { n }, coreVocabulary).findings.map((f) => f.code)).toStrictEqual(["READBACK_ID_REUSED"]);
    // Another agent's ids, and an agent whose name ends like the receiver's, move nothing.
    expect(makeReadback(msg("RW1 HO ops-9 from=ops to=b item=x ask=DRAFT ctx=a-b-4"), {}, coreVocabulary).value?.id).toBe("b-1");
  });
  it("numbers past an HO that names more of the receiver's ids than a call takes arguments", () => {
    const many = Array.from({ length: 300_000 }, (_, k) => `b-${k + 1}`);
    const ho: Message = { ...msg("RW1 HO a-1 from=a to=b item=x ask=DRAFT"), slots: { ask: "DRAFT", ctx: many } };
    const rb = makeReadback(ho, {}, coreVocabulary);
    expect(rb.ok && rb.value.id).toBe("b-300001");
  });
  it("prepare numbers its RB past the HO's ids and the handoff's earlier statements", () => {
    const self = msg(PAYHO.replace("scheduler-1 p=pay from=scheduler to=payer", "payer-1 p=pay from=payer to=payer"));
    const store = memoryStore();
    const first = prepare(store, { ho: self, call: {}, exp: "20261002T1600Z" }, pay);
    expect(first.ok && first.value.readback.id).toBe("payer-2");
    if (first.ok) abandon(store, first.value.token, "20261002T1200Z");
    const second = prepare(store, { ho: self, call: {}, exp: "20261002T1600Z" }, pay);
    expect(second.ok && second.value.readback.id).toBe("payer-3");
    expect(prepare(store, { ho: self, call: {}, exp: "20261002T1600Z", n: 2 }, pay).findings.map((f) => f.code)).toStrictEqual(["READBACK_ID_REUSED"]);
  });
  it("prepare never numbers its RB like a statement the store holds for another handoff, a re-issue's original above all", () => {
    const store = memoryStore();
    const original = prepare(store, { ho: msg(PAYHO), call: {}, exp: "20261002T1600Z" }, pay);
    expect(original.ok && original.value.readback.id).toBe("payer-1");
    // Rule 1's re-issue names the original HO, not the receiver's RB: the store's statements are what know payer-1.
    const reissue = msg(PAYHO.replace("scheduler-1", "scheduler-2 re=scheduler-1"));
    const again = prepare(store, { ho: reissue, call: {}, exp: "20261002T1600Z" }, pay);
    expect(again.ok && again.value.readback.id).toBe("payer-2");
    expect(prepare(store, { ho: reissue, call: {}, exp: "20261002T1600Z", n: 1 }, pay).findings.map((f) => f.code)).toStrictEqual(["READBACK_ID_REUSED"]);
    // A store that offers only its handoffs and their re-issues (the Worker's thread) steps past those.
    const { readbackIdsOf: _all, ...linked } = memoryStore(store.all().filter((s) => s.handoff === "scheduler-1"));
    const viaLine = prepare({ ...linked, reissuesOf: (h: string) => (h === "scheduler-2" ? ["scheduler-1"] : []) }, { ho: reissue, call: {}, exp: "20261002T1600Z" }, pay);
    expect(viaLine.ok && viaLine.value.readback.id).toBe("payer-2");
  });
  it("past an id of 2^53 - 1, a fresh RB number is the lowest the receiver has not used (section 2 asks only uniqueness)", () => {
    const store = memoryStore();
    const last = prepare(store, { ho: msg(PAYHO), call: {}, exp: "20261002T1600Z", n: Number.MAX_SAFE_INTEGER }, pay);
    expect(last.ok && last.value.readback.id).toBe("payer-9007199254740991");
    const next = prepare(store, { ho: msg(PAYHO), call: {}, exp: "20261002T1600Z" }, pay);
    expect(next.ok && next.value.readback.id).toBe("payer-1");
    const ho = msg(`RW1 HO a-1 from=a to=b item=x ask=DRAFT ctx=b-${Number.MAX_SAFE_INTEGER}+b-1+b-02+b-4`);
    expect(makeReadback(ho, {}, coreVocabulary).value?.id).toBe("b-3");
  });
  it("the envelope echo of section 8, byte for byte but for the receiver's own message number", () => {
    const rb = makeReadback(msg(HO1), { n: 1 }, coreVocabulary);
    expect(rb.ok && line(rb.value)).toBe("RW1 RB writer-1 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002 h=c40bba4360dc");
  });
  it("the execution readback of the pay exchange, and it passes all its tiers", () => {
    const ho = msg(PAYHO.replace(" exp=20261002T1700Z", ""));
    const rb = makeReadback(ho, { n: 1 }, pay);
    if (!rb.ok) throw new Error(JSON.stringify(rb.findings));
    expect(line(rb.value)).toBe("RW1 RB payer-1 re=scheduler-1 from=payer to=scheduler item=inv:MD-2026-057 p=pay ask=PAY sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929 h=a7a82de76607");
    expect(checkReadback(ho, rb.value, pay).wilco).toBe(true);
  });
  it("an execution slot the HO type does not take (pay's prev) is the receiver's to resolve, even when the HO writes one", () => {
    // Written on an HO, prev= is ignored (SLOT_NOT_ON_TYPE): copying it would read back a value
    // nobody approved as if the sender had sent it, and prepare would freeze it.
    const ho = msg("RW1 HO scheduler-4 p=pay from=scheduler to=payer item=sup:marlow ask=CHGBANK rb=exec sup=marlow acct=20-00-00/12345678 eff=20261101 apref=FD-1001 prev=99-99-99/00000000");
    const unresolved = makeReadback(ho, { n: 4 }, pay);
    expect(unresolved.ok).toBe(false);
    expect(unresolved.findings.map((f) => [f.code, f.slot])).toStrictEqual([["READBACK_INCOMPLETE", "prev"]]);
    const resolved = makeReadback(ho, { n: 4, exec: { prev: "40-12-88/61102938" } }, pay);
    if (!resolved.ok) throw new Error(JSON.stringify(resolved.findings));
    expect(resolved.value.slots["prev"]).toBe("40-12-88/61102938");
    expect(resolved.findings.map((f) => f.code)).toStrictEqual([]);
  });
  it("never echoes exp, and rb=all echoes every other slot", () => {
    const ho = msg("RW1 HO a-1 from=a to=b item=x ask=BUILD due=20261010 pri=1 conf=H keep=a+c art=file:x.md exp=20261009T1700Z rb=all");
    const rb = makeReadback(ho, { n: 4 }, coreVocabulary);
    if (!rb.ok) throw new Error(JSON.stringify(rb.findings));
    expect(Object.keys(rb.value.slots).sort()).toStrictEqual(["art", "ask", "conf", "due", "h", "keep", "pri"]);
    expect(checkReadback(ho, rb.value, coreVocabulary).wilco).toBe(true);
  });
  it("what make-rb composes under rb=all passes check-rb: no slot outside the HO type, no acc under rb=acc", () => {
    // A slot the HO type does not list is ignored on an HO (SLOT_NOT_ON_TYPE), so it is no echo: an
    // HO's stray h= made every readback fail, since the RB's h= is its own digest. Under rb=acc or
    // rb=plan, acc= is the receiver's own criteria (tier 4), not an echo of the HO's.
    const cases: [string, Parameters<typeof makeReadback>[1]][] = [
      ["RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=all h=0123456789ab", { n: 1 }],
      ["RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=all eta=20261001", { n: 1, eta: "20261002" }],
      ["RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=plan+all do=copy", { n: 1, acc: ["len:1w"], do: "spec" }],
      ["RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=all+acc acc=len:120w", { n: 1, acc: ["len:120w", "fmt:md"] }],
    ];
    for (const [text, receiver] of cases) {
      const ho = msg(text);
      const rb = makeReadback(ho, receiver, coreVocabulary);
      if (!rb.ok) throw new Error(JSON.stringify(rb.findings));
      const report = checkReadback(ho, rb.value, coreVocabulary);
      expect(report.tiers[2].findings).toStrictEqual([]);
      expect(report.wilco).toBe(true);
    }
  });
  it("slot names in rb= add to the echo set", () => {
    const rb = makeReadback(msg("RW1 HO a-1 from=a to=b item=x ask=DRAFT pri=3 rb=acc+pri"), { n: 2, acc: ["len:120w"] }, coreVocabulary);
    expect(rb.ok && rb.value.slots["pri"]).toBe(3);
  });
  it("refuses a tail no line can carry (a control character, or empty), instead of an RB that cannot be sent", () => {
    for (const tail of ["a\tb", "two\nlines", ""]) {
      const rb = makeReadback(msg(HO1), { n: 1, tail }, coreVocabulary);
      expect(rb.ok).toBe(false);
      expect(rb.findings.map((f) => [f.code, f.slot])).toStrictEqual([["UNREPRESENTABLE", "tail"]]);
    }
    const fine = makeReadback(msg(HO1), { n: 1, tail: "plain copy // as asked" }, coreVocabulary);
    expect(fine.ok && line(fine.value)).toMatch(/ \/\/ plain copy \/\/ as asked$/);
  });
  it("rb=acc needs the receiver's criteria, rb=plan also do=", () => {
    const acc = makeReadback(msg("RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=acc"), { n: 2 }, coreVocabulary);
    expect(acc.findings.map((f) => [f.code, f.slot])).toStrictEqual([["READBACK_INCOMPLETE", "acc"]]);
    const plan = makeReadback(msg("RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=plan"), { n: 2, acc: ["len:1p"] }, coreVocabulary);
    expect(plan.findings.map((f) => [f.code, f.slot])).toStrictEqual([["READBACK_INCOMPLETE", "do"]]);
  });
  it("rb=exec takes values the HO leaves to the receiver from the receiver, and refuses without them", () => {
    const ho = msg("RW1 HO scheduler-4 p=pay from=scheduler to=payer item=sup:marlow ask=CHGBANK rb=exec sup=marlow acct=20-00-00/12345678 eff=20261101 apref=FD-1001");
    expect(makeReadback(ho, { n: 4 }, pay).findings.map((f) => [f.code, f.slot])).toStrictEqual([["READBACK_INCOMPLETE", "prev"]]);
    const rb = makeReadback(ho, { n: 4, exec: { prev: "40-12-88/61102938" } }, pay);
    expect(rb.ok && rb.value.slots["prev"]).toBe("40-12-88/61102938");
  });
  it("says so when the receiver will use a value other than the HO's, and carries its own", () => {
    const rb = makeReadback(msg(PAYHO), { n: 1, exec: { amt: "5100.00" } }, pay);
    expect(rb.findings.map((f) => f.code)).toStrictEqual(["EXEC_DIFFERS"]);
    expect(rb.ok && checkReadback(msg(PAYHO), rb.value, pay).wilco).toBe(false);
  });
  it("carries a resolved item of its own when the profile makes item an execution slot", () => {
    // The readback kept the HO's item, so the EXEC_DIFFERS note's "the readback says so" was not
    // true: the receiver's other item was dropped and check-rb passed.
    const shipping = compileVocabulary(coreVocabulary, { profile: "ship", version: "0.1", extends: "RW1", asks: { SHIP: "ship it" }, exec: { SHIP: ["item"] } });
    if (shipping.value === null) throw new Error(JSON.stringify(shipping.findings));
    const sent = msg("RW1 HO a-1 p=ship from=a to=b item=box:1 ask=SHIP rb=exec");
    const rb = makeReadback(sent, { n: 1, exec: { item: "box:2" } }, shipping.value);
    expect(rb.findings.map((f) => f.code)).toStrictEqual(["EXEC_DIFFERS"]);
    if (!rb.ok) throw new Error(JSON.stringify(rb.findings));
    expect(rb.value.item).toBe("box:2");
    expect(checkReadback(sent, rb.value, shipping.value).wilco).toBe(false);
    expect(makeReadback(sent, { n: 1, exec: { item: 2 } }, shipping.value).ok).toBe(false);
  });
  it("refuses receiver values the HO's rb= does not ask for, rather than dropping them", () => {
    const codes = (rb: ReturnType<typeof makeReadback>) => rb.findings.map((f) => [f.code, f.slot]);
    expect(codes(makeReadback(msg(PAYHO), { n: 1, exec: { addr: "x@example.com" } }, pay))).toStrictEqual([["READBACK_NOT_ASKED", "addr"]]);
    expect(codes(makeReadback(msg(PAYHO.replace(" rb=exec", "")), { n: 1, exec: { amt: "1.00" } }, pay))).toStrictEqual([["READBACK_NOT_ASKED", "amt"]]);
    expect(codes(makeReadback(msg(HO1), { n: 1, acc: ["len:120w"] }, coreVocabulary))).toStrictEqual([["READBACK_NOT_ASKED", "acc"]]);
    // do= is the rb=plan half of the comprehension tier: under rb=echo no sender reads it.
    expect(codes(makeReadback(msg(HO1), { n: 1, do: "hero-copy" }, coreVocabulary))).toStrictEqual([["READBACK_NOT_ASKED", "do"]]);
    const acc = makeReadback(msg("RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=acc"), { n: 2, acc: ["len:1p"], do: "page" }, coreVocabulary);
    expect(acc.ok && acc.value.slots["do"]).toBe("page");
  });
  it("refuses an exp that outlives the HO's (section 3.1), which check-rb's tier 1 would fail", () => {
    const late = makeReadback(msg(PAYHO), { n: 1, exp: "20261002T1701Z" }, pay);
    expect(late.findings.map((f) => [f.code, f.slot])).toStrictEqual([["RECEIPT", "exp"]]);
    expect(late.ok).toBe(false);
    const within = makeReadback(msg(PAYHO), { n: 1, exp: "20261002T1700Z" }, pay);
    expect(within.ok && checkReadback(msg(PAYHO), within.value, pay).wilco).toBe(true);
  });
  it("every receiver option together (acc do not asm eta exp exec) composes a readback check-rb passes", () => {
    const ho = msg(PAYHO.replace(" rb=exec", " rb=plan+exec keys=len").replace(" acct=40-12-88/61102938", ""));
    const rb = makeReadback(ho, { n: 1, acc: ["len:1p"], do: "payment", not: ["refunds"], asm: ["gbp-account"], eta: "20261002", exp: "20261002T1600Z", exec: { acct: "40-12-88/61102938" } }, pay);
    if (!rb.ok) throw new Error(JSON.stringify(rb.findings));
    const record = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
    const report = checkReadback(ho, rb.value, pay, { expectAcc: "len:1p", record, resolve: ["acct"] });
    expect(report.tiers.map((t) => t.result)).toStrictEqual(["pass", "pass", "pass", "pass", "pass"]);
  });
  it("refuses an extra slot of the HO that the HO does not carry, which check-rb's tier 3 would fail", () => {
    const rb = makeReadback(msg(HO1), { n: 1, extra: { ctx: ["research-00"] } }, coreVocabulary);
    expect(rb.ok).toBe(false);
    expect(rb.findings.map((f) => [f.code, f.slot, f.expected, f.received])).toStrictEqual([["ECHO_MISMATCH", "ctx", "nothing", "research-00"]]);
    expect(makeReadback(msg(HO1), { n: 1, extra: { x_tok: "abc" } }, coreVocabulary).ok).toBe(true);
  });
  it("refuses an extra slot stating another value than the HO's, which check-rb's tier 3 would fail", () => {
    const rb = makeReadback(msg(HO1), { n: 1, extra: { pri: 3 } }, coreVocabulary);
    expect(rb.ok).toBe(false);
    expect(rb.findings.map((f) => [f.code, f.slot, f.expected, f.received])).toStrictEqual([["ECHO_MISMATCH", "pri", "2", "3"]]);
    const same = makeReadback(msg(HO1), { n: 1, extra: { pri: 2, keep: ["research"] } }, coreVocabulary);
    expect(same.ok && checkReadback(msg(HO1), same.value, coreVocabulary).wilco).toBe(true);
  });
  it("reads back only an HO, and only a valid one", () => {
    expect(makeReadback(msg("RW1 ST a-1 from=a to=b item=x"), { n: 1 }, coreVocabulary).findings[0]?.code).toBe("NOT_A_HANDOFF");
    const bad = { ...msg(HO1), slots: { ask: "POLISH" } };
    expect(makeReadback(bad, { n: 1 }, coreVocabulary).findings[0]?.code).toBe("ENUM_UNKNOWN");
  });
});

describe("prepared statements (section 5.3)", () => {
  const setup = () => {
    const store = memoryStore();
    const ho = msg(PAYHO);
    const call = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
    const prepared = prepare(store, { ho, call, exp: "20261002T1600Z", n: 7 }, pay);
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.findings));
    return { store, ho, statement: prepared.value };
  };
  it("states the call as an RB with x_tok, which the sender's check passes", () => {
    const { ho, statement } = setup();
    expect(statement.token).toMatch(/^[0-9a-f]{32}$/);
    expect(statement.readback.slots["x_tok"]).toBe(statement.token);
    expect(statement.readback.slots["exp"]).toBe("20261002T1600Z");
    expect(checkReadback(ho, statement.readback, pay).wilco).toBe(true);
  });
  it("is prepared for an HO only, and says so of any other message", () => {
    const st = msg("RW1 ST scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057");
    const refused = prepare(memoryStore(), { ho: st, call: {}, exp: "20261002T1600Z", n: 7 }, pay);
    expect(refused.findings.map((f) => [f.code, f.message])).toStrictEqual([["STATEMENT_REFUSED", "a statement is prepared for an HO, and scheduler-1 is ST"]]);
  });
  it("tokens are 128 random bits: fresh every time", () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => newToken()));
    expect(tokens.size).toBe(1000);
  });
  it("isStatementToken is the shape newToken gives, and nothing else", () => {
    expect(isStatementToken(newToken())).toBe(true);
    expect(["0123456789abcdef0123456789abcdef"].map(isStatementToken)).toStrictEqual([true]);
    expect(["", "0123456789ABCDEF0123456789ABCDEF", "0123456789abcdef0123456789abcde", "0123456789abcdef0123456789abcdef0", "0123456789abcdef0123456789abcdeg", "0123456789abcdef0123456789abcdef\n"].map(isStatementToken)).toStrictEqual([false, false, false, false, false, false]);
  });
  it("commit returns the frozen statement exactly once", () => {
    const { store, statement } = setup();
    const first = commit(store, statement.token, "20261002T1500Z");
    expect(first.ok && first.value.call["amt"]).toBe("5400.00");
    const second = commit(store, statement.token, "20261002T1500Z");
    expect(second.findings.map((f) => [f.code, f.received])).toStrictEqual([["STATEMENT_REFUSED", "committed"]]);
  });
  it("commit refuses after exp, and the statement stays expired", () => {
    const { store, statement } = setup();
    expect(commit(store, statement.token, "20261002T1600Z").ok).toBe(true);
    const late = setup();
    expect(commit(late.store, late.statement.token, "20261002T1601Z").findings[0]?.code).toBe("STATEMENT_REFUSED");
    expect(late.store.get(late.statement.token)?.state).toBe("expired");
  });
  it("commit refuses a moment before the prepare, which the statement keeps; the prepare's own minute is in time", () => {
    const store = memoryStore();
    const call = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
    const prepared = prepare(store, { ho: msg(PAYHO), call, exp: "20261002T1600Z", now: "20261002T1400Z" }, pay);
    if (!prepared.ok) throw new Error(JSON.stringify(prepared.findings));
    expect(prepared.value.prepared).toBe("20261002T1400Z");
    const early = commit(store, prepared.value.token, "20261002T1359Z");
    expect(early.findings.map((f) => [f.code, f.expected, f.received])).toStrictEqual([["STATEMENT_REFUSED", ">= 20261002T1400Z", "20261002T1359Z"]]);
    expect(early.findings[0]?.message).toContain("before the statement was prepared");
    // Refused, not spent: the statement is still pending for a commit at the right time.
    expect(store.get(prepared.value.token)?.state).toBe("pending");
    expect(commit(store, prepared.value.token, "20261002T1400Z").ok).toBe(true);
  });
  it("abandon and commit: whichever comes first wins, the other is refused", () => {
    const a = setup();
    expect(abandon(a.store, a.statement.token, "20261002T1500Z").ok).toBe(true);
    expect(commit(a.store, a.statement.token, "20261002T1500Z").findings[0]?.received).toBe("abandoned");
    const b = setup();
    expect(commit(b.store, b.statement.token, "20261002T1500Z").ok).toBe(true);
    expect(abandon(b.store, b.statement.token, "20261002T1500Z").findings[0]?.received).toBe("committed");
  });
  it("abandon after exp finds the statement expired, as commit does, and records it so", () => {
    const late = setup();
    expect(abandon(late.store, late.statement.token, "20261002T1601Z").findings.map((f) => [f.code, f.received])).toStrictEqual([["STATEMENT_REFUSED", "expired"]]);
    expect(late.store.get(late.statement.token)?.state).toBe("expired");
    const inTime = setup();
    expect(abandon(inTime.store, inTime.statement.token, "20261002T1600Z").value?.state).toBe("abandoned");
  });
  it("a CX for the handoff abandons its statements", () => {
    const { store, statement } = setup();
    expect(cancelHandoff(store, "scheduler-1").map((s) => s.state)).toStrictEqual(["cancelled"]);
    expect(commit(store, statement.token, "20261002T1500Z").findings[0]?.received).toBe("cancelled");
    expect(cancelHandoff(store, "scheduler-1")).toStrictEqual([]);
  });
  it("once a CX has abandoned a handoff's statements, none is prepared for it again", () => {
    const { store, ho } = setup();
    cancelHandoff(store, "scheduler-1");
    const again = prepare(store, { ho, call: {}, exp: "20261002T1600Z", n: 8 }, pay);
    expect(again.findings.map((f) => [f.code, f.received])).toStrictEqual([["STATEMENT_REFUSED", "cancelled"]]);
    expect(store.all().filter((s) => s.state === "pending")).toStrictEqual([]);
  });
  it("runs one act for a handoff under every id it was sent with (reissuesOf: rule 1's re-issues), while a cancel stays the one id's", () => {
    const { store, ho, statement } = setup();
    const reissue = msg(PAYHO.replace("scheduler-1", "scheduler-2 re=scheduler-1"));
    const line: Record<string, string[]> = { "scheduler-1": ["scheduler-2"], "scheduler-2": ["scheduler-1"] };
    const linked = { ...store, reissuesOf: (h: string) => line[h] ?? [] };
    expect(commit(linked, statement.token, "20261002T1500Z").ok).toBe(true);
    const again = prepare(linked, { ho: reissue, call: {}, exp: "20261002T1600Z", n: 8 }, pay);
    expect(again.findings.map((f) => [f.code, f.received])).toStrictEqual([["STATEMENT_REFUSED", "committed"]]);
    expect(again.findings[0]?.message).toContain("the same HO as scheduler-1");
    // A store that knows no re-issues (rw commit's file store) reads the re-issue's re= (README note 27).
    expect(prepare(store, { ho: reissue, call: {}, exp: "20261002T1600Z", n: 8 }, pay).findings[0]?.message).toContain("the same HO as scheduler-1");
    // A store that knows the thread is not second-guessed: an HO it calls no re-issue (one citing a closed handoff, note 28) is its own.
    expect(prepare({ ...store, reissuesOf: () => [] }, { ho: reissue, call: {}, exp: "20261002T1600Z", n: 8 }, pay).ok).toBe(true);
    // A CX why=SUPERSEDED of the original withdraws that id only: the re-issue's act may still run.
    const fresh = setup();
    const linkedFresh = { ...fresh.store, reissuesOf: (h: string) => line[h] ?? [] };
    cancelHandoff(linkedFresh, "scheduler-1");
    expect(prepare(linkedFresh, { ho: reissue, call: {}, exp: "20261002T1600Z", n: 8 }, pay).ok).toBe(true);
    expect(ho.id).toBe("scheduler-1");
  });
  it("a store that knows no re-issues tells one from its re=, naming the original HO or its readback: the act ran once (rule 1)", () => {
    const { store, statement } = setup();
    expect(commit(store, statement.token, "20261002T1500Z").ok).toBe(true);
    let n = 8;
    const prepared = (line: string) => prepare(store, { ho: msg(line), call: {}, exp: "20261002T1600Z", n: n++ }, pay);
    const refused = (line: string) => prepared(line).findings.map((f) => [f.code, f.slot, f.received, f.message]);
    const ran = [["STATEMENT_REFUSED", "x_tok", "committed", "the handoff scheduler-2 is the same HO as scheduler-1 (rule 1: a re-issue sends the same HO again), whose act already ran under another statement; its act runs once"]];
    // re= the original HO, or the void readback the statement stated (rule 1: "re= pointing at the void RB").
    expect(refused(PAYHO.replace("scheduler-1", "scheduler-2 re=scheduler-1"))).toStrictEqual(ran);
    expect(refused(PAYHO.replace("scheduler-1", `scheduler-2 re=${statement.readback.id}`))).toStrictEqual(ran);
    // A re-issue that changes its ask is still the same handoff, as check-thread reads it (THREAD_REISSUE_CHANGED): one act.
    expect(refused(PAYHO.replace("scheduler-1", "scheduler-2 re=scheduler-1").replace("ask=PAY", "ask=SEND"))).toStrictEqual(ran);
    // Not the same handoff: another item, or another receiver, or re= naming nothing the store holds.
    expect(prepared(PAYHO.replace("scheduler-1", "scheduler-2 re=scheduler-1").replace("item=inv:MD-2026-057", "item=inv:MD-2026-058")).ok).toBe(true);
    expect(prepared(PAYHO.replace("scheduler-1", "scheduler-2 re=scheduler-1").replace("to=payer", "to=payer2")).ok).toBe(true);
    expect(prepared(PAYHO.replace("scheduler-1", "scheduler-2 re=scheduler-9")).ok).toBe(true);
  });
  describe("a store that knows no thread: one act per re-issue line at commit, whenever each statement was prepared (README note 27)", () => {
    const CALL = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
    const HO2 = PAYHO.replace("scheduler-1", "scheduler-2 re=scheduler-1");
    const HO3 = PAYHO.replace("scheduler-1", "scheduler-3 re=scheduler-2");
    const lineOf = (store: StatementStore) => {
      let n = 7;
      return (line: string) => prepare(store, { ho: msg(line), call: CALL, exp: "20261002T1600Z", n: n++ }, pay);
    };
    const token = (r: { ok: boolean; value: Statement | null }) => {
      if (!r.ok || r.value === null) throw new Error("not prepared");
      return r.value.token;
    };
    const refusal = (r: { findings: readonly Finding[] }) => r.findings.map((f) => [f.code, f.slot, f.received, f.message]);
    const sameAs = (h: string, ran: string) => [["STATEMENT_REFUSED", "x_tok", "committed", `the handoff ${h} is the same HO as ${ran} (rule 1: a re-issue sends the same HO again), whose act already ran under another statement; its act runs once`]];
    it("a statement prepared for the re-issue before the original's commit is refused after it, and the other way round", () => {
      // Original first, then its re-issue, both pending; whichever commits first, the other is refused.
      for (const [first, second] of [[0, 1], [1, 0]] as const) {
        const store = memoryStore();
        const prepared = lineOf(store);
        const tokens = [token(prepared(PAYHO)), token(prepared(HO2))];
        expect(commit(store, tokens[first] as string, "20261002T1500Z").ok).toBe(true);
        const again = commit(store, tokens[second] as string, "20261002T1500Z");
        expect(refusal(again)).toStrictEqual(sameAs(second === 0 ? "scheduler-1" : "scheduler-2", first === 0 ? "scheduler-1" : "scheduler-2"));
        // It can never run: the commit of the line's act ended it, as for its own handoff.
        expect(store.get(tokens[second] as string)?.state).toBe("abandoned");
      }
      // The re-issue prepared before its original: the re-issue's re= is kept, so the line is read at commit.
      const store = memoryStore();
      const prepared = lineOf(store);
      const reissue = token(prepared(HO2));
      const original = token(prepared(PAYHO));
      expect(commit(store, original, "20261002T1500Z").ok).toBe(true);
      expect(refusal(commit(store, reissue, "20261002T1500Z"))).toStrictEqual(sameAs("scheduler-2", "scheduler-1"));
    });
    it("a re-issue of a re-issue is traced through a middle HO that got no statement, once the store was given it", () => {
      const store = memoryStore();
      const prepared = lineOf(store);
      expect(commit(store, token(prepared(PAYHO)), "20261002T1500Z").ok).toBe(true);
      // The middle HO is refused, and kept as a note all the same: the next re-issue names it.
      expect(refusal(prepared(HO2))).toStrictEqual(sameAs("scheduler-2", "scheduler-1"));
      expect(store.reissues().map((n) => [n.id, n.re])).toStrictEqual([["scheduler-2", "scheduler-1"]]);
      expect(refusal(prepared(HO3))).toStrictEqual(sameAs("scheduler-3", "scheduler-1"));
      expect(handoffLine(store, "scheduler-1")).toStrictEqual(["scheduler-1", "scheduler-2", "scheduler-3"]);
      // Pending before the commit, through the middle HO: refused at commit.
      const fresh = memoryStore();
      const again = lineOf(fresh);
      const first = token(again(PAYHO));
      expect(again(HO2.replace("rb=exec", "rb=all")).ok).toBe(false);
      const third = token(again(HO3));
      expect(commit(fresh, third, "20261002T1500Z").ok).toBe(true);
      expect(refusal(commit(fresh, first, "20261002T1500Z"))).toStrictEqual(sameAs("scheduler-1", "scheduler-3"));
      // A middle HO the store was never given links nothing: it cannot tell a re-issue from a new HO citing a message it never saw.
      const unseen = memoryStore();
      const prepare3 = lineOf(unseen);
      expect(commit(unseen, token(prepare3(PAYHO)), "20261002T1500Z").ok).toBe(true);
      expect(prepare3(HO3).ok).toBe(true);
    });
    it("through a void readback a statement stated, and only for the same HO (sender, receiver, item, ask)", () => {
      const store = memoryStore();
      const prepared = lineOf(store);
      const first = prepared(PAYHO);
      const rb = first.value?.readback.id as string;
      const viaRb = token(prepared(PAYHO.replace("scheduler-1", `scheduler-2 re=${rb}`)));
      const otherItem = token(prepared(HO2.replace("scheduler-2", "scheduler-4").replace("item=inv:MD-2026-057", "item=inv:MD-2026-058")));
      const otherTo = token(prepared(HO2.replace("scheduler-2", "scheduler-5").replace("to=payer", "to=payer2")));
      expect(commit(store, viaRb, "20261002T1500Z").ok).toBe(true);
      expect(refusal(commit(store, token(first), "20261002T1500Z"))).toStrictEqual(sameAs("scheduler-1", "scheduler-2"));
      expect(commit(store, otherItem, "20261002T1500Z").ok).toBe(true);
      expect(commit(store, otherTo, "20261002T1500Z").ok).toBe(true);
    });
    it("a CX of the newest HO of the line cancels the statements of the HOs it superseded too; one of a superseded HO, that HO's alone (note 28's withdrawnBy)", () => {
      const store = memoryStore();
      const prepared = lineOf(store);
      const original = token(prepared(PAYHO));
      const viaRb = PAYHO.replace("scheduler-1", `scheduler-2 re=${store.get(original)?.readback.id ?? ""}`);
      const reissue = token(prepared(viaRb));
      // The live re-issue cancelled: the original's statement, prepared before it, is withdrawn with it.
      expect(cancelHandoff(store, "scheduler-2", "20261002T1500Z").map((s) => s.token).sort()).toStrictEqual([original, reissue].sort());
      expect(commit(store, original, "20261002T1500Z").findings.map((f) => f.received)).toStrictEqual(["cancelled"]);
      expect(store.cancelled().sort()).toStrictEqual(["scheduler-1", "scheduler-2"]);
      expect(prepared(PAYHO).findings.map((f) => f.received)).toStrictEqual(["cancelled"]);
      // Through a middle HO that got no statement (its note kept), and with nothing prepared for the live one.
      const chain = memoryStore();
      const inChain = lineOf(chain);
      const first = token(inChain(PAYHO));
      expect(inChain(HO2.replace("rb=exec", "rb=all")).ok).toBe(false);
      // A live HO the store was never given links nothing (note 27): the cancel is that id's.
      expect(cancelHandoff(chain, "scheduler-3")).toStrictEqual([]);
      expect(chain.get(first)?.state).toBe("pending");
      // Once the store is given the live one (its prepare refused, its note kept), the line is traced.
      expect(inChain(HO3.replace("rb=exec", "rb=all")).ok).toBe(false);
      expect(cancelHandoff(chain, "scheduler-3").map((s) => s.token)).toStrictEqual([first]);
      // A CX why=SUPERSEDED of the original withdraws it alone: the re-issue's act may still run.
      const kept = memoryStore();
      const inKept = lineOf(kept);
      const a = token(inKept(PAYHO));
      const b = token(inKept(HO2));
      expect(cancelHandoff(kept, "scheduler-1").map((s) => s.token)).toStrictEqual([a]);
      expect(commit(kept, b, "20261002T1500Z").ok).toBe(true);
      // Another receiver's or item's HO citing it is no re-issue: the original stays the newest of its own line.
      const other = memoryStore();
      const inOther = lineOf(other);
      const c = token(inOther(PAYHO));
      inOther(HO2.replace("to=payer", "to=payer2"));
      expect(cancelHandoff(other, "scheduler-1").map((s) => s.token)).toStrictEqual([c]);
    });
    it("a CX of an HO of the line finds the act that ran under another (ranBeforeCancel), and a thread's store is not second-guessed", () => {
      const store = memoryStore();
      const prepared = lineOf(store);
      const original = token(prepared(PAYHO));
      const reissue = token(prepared(HO2));
      expect(commit(store, reissue, "20261002T1500Z").ok).toBe(true);
      expect(ranBeforeCancel(store, "scheduler-1")?.message).toContain("the act of scheduler-1 already ran");
      // A store that knows the thread says which HOs are re-issues (note 28): its word stands, and it keeps no notes.
      const thread = { ...memoryStore(), reissuesOf: () => [] };
      const inThread = lineOf(thread);
      const a = token(inThread(PAYHO));
      const b = token(inThread(HO2));
      expect(commit(thread, a, "20261002T1500Z").ok).toBe(true);
      expect(commit(thread, b, "20261002T1500Z").ok).toBe(true);
      expect(thread.reissues()).toStrictEqual([]);
      expect(original).not.toBe(reissue);
    });
  });
  it("a CX after the act ran finds it beyond abandoning (ranBeforeCancel), under any id the handoff was sent with", () => {
    const { store, statement } = setup();
    expect(ranBeforeCancel(store, "scheduler-1")).toBeNull();
    expect(commit(store, statement.token, "20261002T1500Z").ok).toBe(true);
    const ran = ranBeforeCancel(store, "scheduler-1");
    expect(ran).toMatchObject({ code: "STATEMENT_REFUSED", slot: "x_tok", expected: "pending", received: "committed" });
    expect(ran?.message).toContain(`read back as ${statement.readback.id} was committed`);
    // A re-issue is the same HO sent again (rule 1): its cancel finds the act that ran under the original.
    const linked = { ...store, reissuesOf: (h: string) => (h === "scheduler-2" ? ["scheduler-1"] : []) };
    expect(ranBeforeCancel(linked, "scheduler-2")?.received).toBe("committed");
    expect(ranBeforeCancel(store, "scheduler-2")).toBeNull();
    // Given the ids the CX withdrew (a superseded HO's own CX withdraws that HO alone, note 28),
    // only those are looked at, whatever the line holds.
    expect(ranBeforeCancel(linked, "scheduler-2", ["scheduler-2"])).toBeNull();
    expect(ranBeforeCancel(linked, "scheduler-2", ["scheduler-2", "scheduler-1"])?.received).toBe("committed");
  });
  it("a CX that finds nothing prepared still ends the handoff: no statement is prepared for it after", () => {
    const store = memoryStore();
    const ho = msg(PAYHO);
    expect(cancelHandoff(store, "scheduler-1")).toStrictEqual([]);
    expect(store.cancelled()).toStrictEqual(["scheduler-1"]);
    const late = prepare(store, { ho, call: {}, exp: "20261002T1600Z", n: 8 }, pay);
    expect(late.findings.map((f) => [f.code, f.received])).toStrictEqual([["STATEMENT_REFUSED", "cancelled"]]);
    expect(store.all()).toStrictEqual([]);
  });
  it("expiry is idempotent: a second run changes nothing", () => {
    const { store } = setup();
    const all = () => store.all();
    expect(expireStatements(store, all(), "20261002T1700Z").length).toBe(1);
    expect(expireStatements(store, all(), "20261002T1700Z").length).toBe(0);
  });
  it("what runs is what the readback states: every execution slot, nothing else", () => {
    const store = memoryStore();
    const ho = msg(PAYHO.replace(" acct=40-12-88/61102938", ""));
    // The call resolves acct only; the HO's values for the rest are stated, and they are what runs.
    const prepared = prepare(store, { ho, call: { acct: "40-12-88/61102938" }, exp: "20261002T1600Z", n: 7 }, pay);
    expect(prepared.ok).toBe(true);
    if (!prepared.ok) return;
    const stated = Object.fromEntries(["sup", "amt", "cur", "kind", "acct", "paid", "ref", "apref"].map((k) => [k, prepared.value.readback.slots[k]]));
    expect(prepared.value.call).toStrictEqual(stated);
    expect(commit(store, prepared.value.token, "20261002T1500Z").value?.call).toStrictEqual(stated);
    // A key the readback would not state is refused, not frozen.
    for (const extra of [{ addr: "attacker@example.com" }, { x_fee: "500" }, { due: "20261001" }]) {
      const refused = prepare(memoryStore(), { ho, call: { acct: "40-12-88/61102938", ...extra }, exp: "20261002T1600Z", n: 7 }, pay);
      expect(refused.findings.map((f) => [f.code, f.slot])).toStrictEqual([["STATEMENT_REFUSED", Object.keys(extra)[0]]]);
    }
  });
  it("a statement is an execution readback: the HO must ask rb=exec, for an ask with exec slots", () => {
    const noExec = prepare(memoryStore(), { ho: msg(PAYHO.replace(" rb=exec", "")), call: { amt: "9999.00" }, exp: "20261002T1600Z", n: 7 }, pay);
    expect(noExec.findings.map((f) => [f.code, f.slot])).toStrictEqual([["STATEMENT_REFUSED", "rb"]]);
    const review = msg(PAYHO.replace("ask=PAY", "ask=REVIEW"));
    expect(prepare(memoryStore(), { ho: review, call: {}, exp: "20261002T1600Z", n: 7 }, pay).findings.map((f) => f.slot)).toStrictEqual(["ask"]);
  });
  it("one act per handoff: once a statement ran, no other for the handoff is prepared or committed", () => {
    const store = memoryStore();
    const ho = msg(PAYHO);
    const a = prepare(store, { ho, call: {}, exp: "20261002T1600Z", n: 7 }, pay);
    const b = prepare(store, { ho, call: {}, exp: "20261002T1600Z", n: 8 }, pay);
    if (!a.ok || !b.ok) throw new Error("both statements should be prepared while none has run");
    expect(commit(store, a.value.token, "20261002T1500Z").ok).toBe(true);
    const second = commit(store, b.value.token, "20261002T1500Z");
    expect(second.findings.map((f) => f.message)).toStrictEqual(["the handoff scheduler-1 already ran under another statement; its act runs once"]);
    // It can never run: the commit ended it (endStatements), so it no longer reads as pending.
    expect(store.get(b.value.token)?.state).toBe("abandoned");
    expect(abandon(store, b.value.token, "20261002T1500Z").findings.map((f) => f.received)).toStrictEqual(["abandoned"]);
    expect(prepare(store, { ho, call: {}, exp: "20261002T1600Z", n: 9 }, pay).ok).toBe(false);
  });
  it("endStatements ends what can never run: pending ones abandoned, one past its exp expired, the others left; a relay of one says so", () => {
    const store = memoryStore();
    const ho = msg(PAYHO);
    const made = ["20261002T1600Z", "20261002T1430Z", "20261002T1600Z"].map((exp, k) => prepare(store, { ho, call: {}, exp, n: 7 + k }, pay).value as Statement);
    const [kept, late, other] = made as [Statement, Statement, Statement];
    expect(abandon(store, other.token, "20261002T1400Z").ok).toBe(true);
    const ended = endStatements(store, ["scheduler-1", "scheduler-9"], "20261002T1500Z");
    expect(ended.map((s) => [s.token, s.state])).toStrictEqual([[kept.token, "abandoned"]]);
    expect(made.map((s) => store.get(s.token)?.state)).toStrictEqual(["abandoned", "expired", "abandoned"]);
    expect(endStatements(store, ["scheduler-1"], "20261002T1500Z")).toStrictEqual([]);
    // Relayed, it clears nothing, as a commit of it is refused.
    expect(relayedStatement(kept.readback, (t) => store.get(t), "20261002T1500Z").map((f) => [f.code, f.received])).toStrictEqual([["STATEMENT_REFUSED", "abandoned"]]);
    expect(commit(store, kept.token, "20261002T1500Z").findings.map((f) => [f.code, f.received])).toStrictEqual([["STATEMENT_REFUSED", "abandoned"]]);
    expect(late.exp).toBe("20261002T1430Z");
  });
  it("prepare at now: a window closed before now is refused, one that ends this minute is open", () => {
    const ho = msg(PAYHO);
    const late = prepare(memoryStore(), { ho, call: {}, exp: "20261002T1600Z", n: 7, now: "20261002T1601Z" }, pay);
    expect(late.findings.map((f) => [f.code, f.slot, f.received])).toStrictEqual([["STATEMENT_REFUSED", "exp", "20261002T1600Z"]]);
    // Commit at the minute of exp is in time, so a statement prepared then can still run.
    const store = memoryStore();
    const lastMinute = prepare(store, { ho, call: {}, exp: "20261002T1600Z", n: 7, now: "20261002T1600Z" }, pay);
    if (!lastMinute.ok) throw new Error(JSON.stringify(lastMinute.findings));
    expect(commit(store, lastMinute.value.token, "20261002T1600Z").ok).toBe(true);
  });
  it("an unknown token, a statement outliving the HO, a bad time: typed refusals", () => {
    const { store, ho } = setup();
    expect(commit(store, "0".repeat(32), "20261002T1500Z").findings[0]?.code).toBe("STATEMENT_UNKNOWN");
    const late = prepare(store, { ho, call: {}, exp: "20261003T0000Z", n: 8 }, pay);
    expect(late.findings.map((f) => f.code)).toStrictEqual(["STATEMENT_REFUSED"]);
    expect(prepare(store, { ho, call: {}, exp: "tomorrow", n: 8 }, pay).findings[0]?.code).toBe("STATEMENT_REFUSED");
  });

  /**
   * A memory store that counts the statements forHandoff hands back. `narrow`: it answers the
   * state asked for, and readbackIdsOf the number asked for, as the Worker's indexed store does;
   * otherwise it answers every statement of the handoff and every readback id of the receiver,
   * whatever is asked, as a store written before those questions were narrowed does.
   */
  const counting = (narrow: boolean, reissues: Readonly<Record<string, string[]>> = {}) => {
    const inner = memoryStore();
    let read = 0;
    const store: StatementStore & { read(): number; all(): Statement[] } = {
      get: inner.get,
      put: inner.put,
      markCancelled: inner.markCancelled,
      isCancelled: inner.isCancelled,
      reissuesOf: (h) => reissues[h] ?? [],
      forHandoff: (h, state) => {
        const out = inner.forHandoff(h, narrow ? state : undefined);
        read += out.length;
        return out;
      },
      readbackIdsOf: (receiver, n) => (inner.readbackIdsOf?.(receiver) ?? []).filter((id) => !narrow || n === undefined || id === `${receiver}-${n}`),
      read: () => read,
      all: inner.all,
    };
    return store;
  };
  it("asks its store for a handoff's committed, cancelled or pending statements only: among a hundred of the handoff, a prepare and a commit read none of them", () => {
    const store = counting(true);
    const ho = msg(PAYHO);
    const tokens: string[] = [];
    for (let n = 7; n < 107; n++) {
      const made = prepare(store, { ho, call: {}, exp: "20261002T1600Z", n }, pay);
      if (!made.ok) throw new Error(JSON.stringify(made.findings));
      tokens.push(made.value.token);
    }
    const before = store.read();
    expect(prepare(store, { ho, call: {}, exp: "20261002T1600Z", n: 107 }, pay).ok).toBe(true);
    // The prepare reads none of them (read whole, they were 100 more).
    expect(store.read() - before).toBe(0);
    expect(commit(store, tokens[0] as string, "20261002T1500Z").ok).toBe(true);
    // The commit reads the 100 others still pending, each of which it ends, once (read whole,
    // the committed and cancelled lookups were 101 more).
    expect(store.read() - before).toBe(100);
    // Once one ran, the next is refused on finding it, the one statement read.
    expect(commit(store, tokens[1] as string, "20261002T1500Z").findings[0]?.message).toContain("already ran under another statement");
    expect(store.read() - before).toBe(101);
    // A cancel reads the pending ones, each of which it changes, once.
    const other = counting(true);
    const made = Array.from({ length: 100 }, (_, k) => prepare(other, { ho, call: {}, exp: "20261002T1600Z", n: 7 + k }, pay).value?.token as string);
    for (const token of made.slice(0, 50)) abandon(other, token, "20261002T1500Z");
    const start = other.read();
    expect(cancelHandoff(other, "scheduler-1", "20261002T1500Z")).toHaveLength(50);
    expect(other.read() - start).toBe(50);
  });
  it("answers the same through a store that gives every statement of the handoff and every readback id, whatever it is asked: re-issues, cancels, expiry, ids", () => {
    const reissues = { "scheduler-1": ["scheduler-2"], "scheduler-2": ["scheduler-1"] };
    const run = (narrow: boolean) => {
      const store = counting(narrow, reissues);
      const ho = msg(PAYHO);
      const reissue = msg(PAYHO.replace("scheduler-1", "scheduler-2 re=scheduler-1"));
      const other = msg(PAYHO.replace("scheduler-1", "scheduler-3"));
      const t = (k: number) => k.toString(16).padStart(32, "0");
      const steps: unknown[] = [
        prepare(store, { ho, call: {}, exp: "20261002T1600Z", n: 7 }, pay, t(1)),
        prepare(store, { ho, call: {}, exp: "20261002T1500Z", n: 8 }, pay, t(2)),
        prepare(store, { ho, call: {}, exp: "20261002T1600Z", n: 9 }, pay, t(3)),
        prepare(store, { ho: reissue, call: {}, exp: "20261002T1600Z", n: 10 }, pay, t(4)),
        // payer-7 is stated for another handoff; payer-07 is the same id; no n is the next past them.
        prepare(store, { ho: other, call: {}, exp: "20261002T1600Z", n: 7 }, pay, t(5)),
        prepare(store, { ho: other, call: {}, exp: "20261002T1600Z" }, pay, t(6)),
        abandon(store, t(3), "20261002T1400Z"),
        cancelHandoff(store, "scheduler-1", "20261002T1530Z"),
        cancelHandoff(store, "scheduler-1", "20261002T1530Z"),
        commit(store, t(1), "20261002T1530Z"),
        prepare(store, { ho, call: {}, exp: "20261002T1600Z", n: 20 }, pay, t(7)),
        // The cancel was of scheduler-1 alone: its re-issue's statement runs, and ends them both.
        commit(store, t(4), "20261002T1530Z"),
        prepare(store, { ho: reissue, call: {}, exp: "20261002T1600Z", n: 21 }, pay, t(8)),
        prepare(store, { ho, call: {}, exp: "20261002T1600Z", n: 22 }, pay, t(9)),
        commit(store, t(6), "20261002T1530Z"),
        cancelHandoff(store, "scheduler-3"),
      ];
      return { steps, statements: store.all(), cancelled: ["scheduler-1", "scheduler-2", "scheduler-3"].filter((h) => store.isCancelled(h)) };
    };
    const narrow = run(true);
    expect(run(false)).toStrictEqual(narrow);
    const codes = (r: any) => (Array.isArray(r) ? r.map((s: Statement) => [s.token.slice(-1), s.state]) : r.ok ? r.value.readback.id : r.findings.map((f: Finding) => [f.code, f.received ?? f.slot]));
    expect(narrow.steps.map(codes)).toStrictEqual([
      "payer-7",
      "payer-8",
      "payer-9",
      "payer-10",
      [["READBACK_ID_REUSED", "payer-7"]],
      "payer-11",
      "payer-9",
      [["1", "cancelled"]],
      [],
      [["STATEMENT_REFUSED", "cancelled"]],
      [["STATEMENT_REFUSED", "cancelled"]],
      "payer-10",
      [["STATEMENT_REFUSED", "committed"]],
      [["STATEMENT_REFUSED", "committed"]],
      "payer-11",
      [],
    ]);
    expect(narrow.statements.map((s) => [s.token.slice(-1), s.state])).toStrictEqual([["1", "cancelled"], ["2", "expired"], ["3", "abandoned"], ["4", "committed"], ["6", "committed"]]);
    expect(narrow.cancelled).toStrictEqual(["scheduler-1", "scheduler-3"]);
  });
});

describe("commitClearance and relayedStatement: what clears a statement to run (section 5.3)", () => {
  it("withdraws: a CX from the HO's sender to its receiver, about its item, and no other", () => {
    const ho = msg(PAYHO);
    const cx = msg("RW1 CX scheduler-2 re=scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED");
    expect(withdraws(cx, ho)).toBe(true);
    expect(withdraws({ ...cx, from: "mallory", id: "mallory-1" }, ho)).toBe(false);
    expect(withdraws({ ...cx, to: "bank" }, ho)).toBe(false);
    expect(withdraws({ ...cx, item: "inv:OTHER" }, ho)).toBe(false);
    expect(withdraws({ ...cx, re: "scheduler-9" }, ho)).toBe(false);
  });
  const ho = msg(PAYHO);
  const live: HandoffState = { id: "scheduler-1", state: "open", closedBy: null, readback: "wilco", supersededBy: null };
  const setup = () => {
    const store = memoryStore();
    const made = prepare(store, { ho, call: {}, exp: "20261002T1600Z", n: 7 }, pay);
    if (!made.ok) throw new Error(JSON.stringify(made.findings));
    return { store, s: made.value };
  };
  it("noopAfterCommit: a DN out=NOOP contradicts a statement of its handoff that was committed, and nothing else does", () => {
    const { store, s } = setup();
    const noop = msg("RW1 DN payer-8 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=NOOP");
    expect(noopAfterCommit(noop, s)).toBeNull();
    const ran = commit(store, s.token, "20261002T1500Z");
    if (!ran.ok) throw new Error(JSON.stringify(ran.findings));
    expect(noopAfterCommit(noop, ran.value)).toMatchObject({ code: "DONE_NOOP", severity: "error", slot: "out", expected: "OK or PARTIAL", received: "NOOP" });
    expect(noopAfterCommit(noop, undefined)).toBeNull();
    expect(noopAfterCommit({ ...noop, slots: { ...noop.slots, out: "OK" } }, ran.value)).toBeNull();
    expect(noopAfterCommit({ ...noop, type: "FL" }, ran.value)).toBeNull();
  });
  it("doneWithoutCommit: a DN reporting the act contradicts the statement its plan relays when none of the handoff's ran (audit DD)", () => {
    const { store, s } = setup();
    const done = msg("RW1 DN payer-8 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 out=OK");
    const find = (token: string) => store.get(token);
    expect(doneWithoutCommit(done, s.readback, find, undefined)).toMatchObject({ code: "DONE_UNCOMMITTED", severity: "error", slot: "x_tok", expected: "committed", received: "pending" });
    expect(doneWithoutCommit({ ...done, slots: { ...done.slots, out: "PARTIAL" } }, s.readback, find, undefined)?.code).toBe("DONE_UNCOMMITTED");
    expect(doneWithoutCommit(done, s.readback, find, undefined)?.message).not.toContain(s.token);
    // Nothing ran and the report says so, or fails: the tool agrees.
    expect(doneWithoutCommit({ ...done, slots: { ...done.slots, out: "NOOP" } }, s.readback, find, undefined)).toBeNull();
    expect(doneWithoutCommit({ ...done, type: "FL" }, s.readback, find, undefined)).toBeNull();
    // A plan that is no statement of the holder's (the receiver's own readback, or one prepared elsewhere): not its to say.
    const { x_tok: _token, ...own } = s.readback.slots;
    expect(doneWithoutCommit(done, { ...s.readback, slots: own }, find, undefined)).toBeNull();
    expect(doneWithoutCommit(done, s.readback, () => undefined, undefined)).toBeNull();
    expect(doneWithoutCommit(done, undefined, find, undefined)).toBeNull();
    // Once a statement of the handoff ran, the report is the act's.
    const ran = commit(store, s.token, "20261002T1500Z");
    if (!ran.ok) throw new Error(JSON.stringify(ran.findings));
    expect(doneWithoutCommit(done, s.readback, find, ran.value)).toBeNull();
  });
  it("cancelAckAfterCommit: the receiver's AN val=Y to a CX contradicts a statement of the handoff that was committed", () => {
    const { store, s } = setup();
    const cx = msg("RW1 CX scheduler-2 re=scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED");
    const ack = msg("RW1 AN payer-9 re=scheduler-2 p=pay from=payer to=scheduler val=Y");
    expect(cancelAckAfterCommit(ack, cx, s)).toBeNull();
    const ran = commit(store, s.token, "20261002T1500Z");
    if (!ran.ok) throw new Error(JSON.stringify(ran.findings));
    expect(cancelAckAfterCommit(ack, cx, ran.value)).toMatchObject({ code: "STATEMENT_RAN", severity: "error", slot: "val", received: "Y" });
    expect(cancelAckAfterCommit({ ...ack, slots: { val: "N" } }, cx, ran.value)).toBeNull();
    expect(cancelAckAfterCommit({ ...ack, re: "scheduler-7" }, cx, ran.value)).toBeNull();
    expect(cancelAckAfterCommit({ ...ack, from: "mallory", id: "mallory-1" }, cx, ran.value)).toBeNull();
    expect(cancelAckAfterCommit({ ...ack, item: "inv:OTHER" }, cx, ran.value)).toBeNull();
    expect(cancelAckAfterCommit({ ...ack, item: "inv:MD-2026-057" }, cx, ran.value)?.code).toBe("STATEMENT_RAN");
    expect(cancelAckAfterCommit(ack, cx, undefined)).toBeNull();
    // Given a look-up, it is asked only for the receiver's val=Y: the holder's walks the CX's line.
    let asked = 0;
    const lookUp = () => (asked++, ran.value);
    expect(cancelAckAfterCommit({ ...ack, slots: { val: "N" } }, cx, lookUp)).toBeNull();
    expect(cancelAckAfterCommit({ ...ack, from: "mallory", id: "mallory-1" }, cx, lookUp)).toBeNull();
    expect(asked).toBe(0);
    expect(cancelAckAfterCommit(ack, cx, lookUp)?.code).toBe("STATEMENT_RAN");
    expect(asked).toBe(1);
  });
  it("endedInLine: a closed HO of the line, and its superseded ones once none of the line is live (a UN why=DUP revives one only while its re-issue is live)", () => {
    const HO = (id: string, re = "") => `RW1 HO ${id}${re === "" ? "" : ` re=${re}`} from=a to=b item=job:1 ask=FIX`;
    const ended = (lines: string[]): string[] => {
      const audit = createThreadAudit();
      lines.forEach((l, i) => audit.add(msg(l), i + 1));
      return endedInLine(audit.handoffs().filter((h) => audit.reissueLine("a-1").includes(h.id)));
    };
    const line = [HO("a-1"), HO("a-2", "a-1"), HO("a-3", "a-2")];
    // The live re-issue still open: nothing ended; a superseded HO closed on its own: that one alone.
    expect(ended(line)).toStrictEqual([]);
    expect(ended([...line, "RW1 UN b-1 re=a-1 from=b to=a item=job:1 why=NOCAP"])).toStrictEqual(["a-1"]);
    // The live re-issue closed: the whole line, whatever closed it.
    for (const reply of ["RW1 DN b-1 re=a-3 from=b to=a item=job:1 out=NOOP", "RW1 UN b-1 re=a-3 from=b to=a item=job:1 why=NOCAP", "RW1 FL b-1 re=a-3 from=b to=a item=job:1 why=ERR"]) {
      expect(ended([...line, reply]), reply).toStrictEqual(["a-1", "a-2", "a-3"]);
    }
    // UN why=DUP to the live re-issue makes a-2 live again: only a-3 ended; a-2's DN then ends the rest.
    const dup = [...line, "RW1 UN b-1 re=a-3 from=b to=a item=job:1 why=DUP"];
    expect(ended(dup)).toStrictEqual(["a-3"]);
    expect(ended([...dup, "RW1 DN b-2 re=a-2 from=b to=a item=job:1 out=NOOP"])).toStrictEqual(["a-1", "a-2", "a-3"]);
    expect(endedInLine([])).toStrictEqual([]);
  });
  it("clears only a live handoff whose statement RB, as prepared, was checked wilco", () => {
    const { s } = setup();
    const relay = (message: Message, verdict: CheckedRelay["verdict"]): CheckedRelay => ({ rb: message.id, message, verdict });
    expect(commitClearance(s, live, [relay(s.readback, "wilco")])).toBeNull();
    expect(commitClearance(s, live, [relay({ ...s.readback, tail: "relayed as is" }, "wilco")])).toBeNull();
    expect(commitClearance(s, live, [])?.received).toBe("none");
    expect(commitClearance(s, live, [relay(s.readback, "void")])?.received).toBe("void");
    const altered = { ...s.readback, slots: { ...s.readback.slots, amt: "9999.00" } };
    expect(commitClearance(s, live, [relay(altered, "wilco")])?.message).toContain("does not state the call as prepared");
    expect(commitClearance(s, { ...live, state: "closed", closedBy: "CX" }, [relay(s.readback, "wilco")])?.message).toContain("was closed by CX");
    expect(commitClearance(s, undefined, [relay(s.readback, "wilco")])?.received).toBe("unknown");
    // The item since handed to another receiver (rule 1): the act would be on another's item.
    expect(commitClearance(s, live, [relay(s.readback, "wilco")], [], "scheduler-9")).toMatchObject({ code: "STATEMENT_REFUSED", slot: "item", expected: "scheduler-1", received: "scheduler-9" });
    expect(commitClearance(s, live, [relay(s.readback, "wilco")], [], null)).toBeNull();
  });
  it("does not clear a passing readback its sender answered with anything but val=Y (section 5.3: answered with AN val=Y)", () => {
    const { s } = setup();
    const relayed: CheckedRelay[] = [{ rb: s.readback.id, message: s.readback, verdict: "wilco" }];
    const answer = (val: string, extra = ""): Message => msg(`RW1 AN scheduler-2 re=${s.readback.id} p=pay from=scheduler to=payer val=${val}${extra}`);
    // The sender's refusal of what the readback states withholds the act, whatever the code check said.
    for (const val of ["N", "HOLD", "DECLINE", "REJECT", "CALLBACK"]) {
      const refused = commitClearance(s, live, relayed, [answer(val)]);
      expect([refused?.code, refused?.slot, refused?.received], val).toStrictEqual(["STATEMENT_REFUSED", "val", val]);
    }
    // Only Y confirms: a profile's word (pay's APPROVE, "as read back") is not read as a yes (rule 2).
    expect(commitClearance(s, live, relayed, [answer("APPROVE")])?.received).toBe("APPROVE");
    // Its latest answer is the one that stands: a refusal withdrawn with val=Y clears, and the other way round.
    expect(commitClearance(s, live, relayed, [answer("HOLD"), { ...answer("Y"), id: "scheduler-3" }])).toBeNull();
    expect(commitClearance(s, live, relayed, [answer("Y"), { ...answer("N"), id: "scheduler-3" }])?.received).toBe("N");
    // Once the sender held the act on one readback of the handoff, the receiver waits for its val=Y:
    // a readback of a fresh statement, not yet answered, does not step past the hold.
    const other = { ...s.readback, id: "payer-6", slots: { ...s.readback.slots, x_tok: "f".repeat(32) } };
    const both: CheckedRelay[] = [{ rb: "payer-6", message: other, verdict: "void" }, ...relayed];
    const heldEarlier = commitClearance(s, live, both, [{ ...answer("HOLD"), re: "payer-6" }]);
    expect([heldEarlier?.slot, heldEarlier?.received]).toStrictEqual(["val", "HOLD"]);
    expect(heldEarlier?.message).toContain(`has not answered ${s.readback.id} val=Y since`);
    expect(commitClearance(s, live, both, [{ ...answer("HOLD"), re: "payer-6" }, { ...answer("Y"), id: "scheduler-3" }])).toBeNull();
    // A val=Y to another readback of the handoff leaves this one to the code's check.
    expect(commitClearance(s, live, both, [{ ...answer("Y"), re: "payer-6" }])).toBeNull();
    // But a val=Y to a void readback lifts no hold: it confirms a readback that failed, and only a
    // passing readback answered val=Y clears the act.
    const yesToVoid = commitClearance(s, live, both, [{ ...answer("HOLD"), re: "payer-6" }, { ...answer("Y"), id: "scheduler-3", re: "payer-6" }]);
    expect([yesToVoid?.slot, yesToVoid?.received]).toStrictEqual(["val", "HOLD"]);
    const passedToo: CheckedRelay[] = [...both, { rb: "payer-5", message: { ...other, id: "payer-5" }, verdict: "wilco" }];
    expect(commitClearance(s, live, passedToo, [{ ...answer("HOLD"), re: "payer-6" }, { ...answer("Y"), id: "scheduler-3", re: "payer-5" }])).toBeNull();
    // No answer (the receiver did not wait for one), or an answer to another message, or from another party, changes nothing.
    expect(commitClearance(s, live, relayed, [])).toBeNull();
    expect(commitClearance(s, live, relayed, [{ ...answer("N"), re: "payer-99" }])).toBeNull();
    expect(commitClearance(s, live, relayed, [{ ...answer("N"), from: "mallory", id: "mallory-1" }])).toBeNull();
  });
  it("says what a relayed x_tok names when it clears nothing", () => {
    const { store, s } = setup();
    const find = (t: string) => store.get(t);
    expect(relayedStatement(s.readback, find, "20261002T1500Z")).toStrictEqual([]);
    expect(relayedStatement({ ...s.readback, slots: { ...s.readback.slots, x_tok: "0".repeat(32) } }, find, "20261002T1500Z").map((f) => f.code)).toStrictEqual(["STATEMENT_UNKNOWN"]);
    expect(relayedStatement({ ...s.readback, re: "scheduler-9" }, find, "20261002T1500Z")[0]?.expected).toBe("scheduler-1");
    expect(relayedStatement(s.readback, find, "20261002T1601Z")[0]?.received).toBe("expired");
    expect(relayedStatement({ ...s.readback, slots: { ...s.readback.slots, amt: "1.00" } }, find, "20261002T1500Z")[0]?.code).toBe("STATEMENT_REFUSED");
  });
  it("does not advise a new prepare for a statement whose handoff was cancelled, and advises one only while the handoff is open", () => {
    const { s } = setup();
    const message = (state: Statement["state"]): string => {
      const ended: Statement = { ...s, state };
      return relayedStatement(ended.readback, (t) => (t === ended.token ? ended : undefined), "20261002T1500Z")[0]?.message ?? "";
    };
    expect(message("cancelled")).toMatch(/its handoff was cancelled, so it will not run$/);
    expect(message("cancelled")).not.toMatch(/prepare/);
    expect(message("abandoned")).toMatch(/while its handoff is still open, prepare the call again$/);
    expect(message("committed")).toMatch(/it already ran, and runs once$/);
  });
});

describe("readbackVerdict: what a checked readback means for ownership", () => {
  const ho = msg("RW1 HO scheduler-4 p=pay from=scheduler to=payer item=sup:marlow ask=CHGBANK rb=exec sup=marlow acct=20-00-00/12345678 eff=20261101 apref=FD-1001");
  const rb = (prev: string): Message => {
    const made = makeReadback(ho, { n: 4, exec: { prev } }, pay);
    if (!made.ok) throw new Error(JSON.stringify(made.findings));
    return made.value;
  };
  it("wilco when every tier asked passes; unverified when only resolved values lack a record; void otherwise", () => {
    const record = { sup: "marlow", acct: "20-00-00/12345678", eff: "20261101", apref: "FD-1001", prev: "40-12-88/61102938" };
    expect(readbackVerdict(checkReadback(ho, rb("40-12-88/61102938"), pay, { record }))).toBe("wilco");
    expect(readbackVerdict(checkReadback(ho, rb("40-12-88/61102938"), pay))).toBe("unverified");
    expect(readbackVerdict(checkReadback(ho, rb("99-99-99/00000000"), pay, { record }))).toBe("void");
    // A record that holds only the resolved value approves none of the HO's (note 23).
    expect(readbackVerdict(checkReadback(ho, rb("40-12-88/61102938"), pay, { record: { prev: "40-12-88/61102938" } }))).toBe("void");
    const wrongItem = { ...rb("40-12-88/61102938"), item: "sup:other" };
    expect(readbackVerdict(checkReadback(ho, wrongItem, pay))).toBe("void");
  });
});

describe("checkReadback: withheld criteria that hold none", () => {
  const ho = msg("RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=acc keys=tone acc=len:120w");
  const rb = msg("RW1 RB b-1 re=a-1 from=b to=a item=x:1 ask=DRAFT acc=len:150w+tone:plain");
  it("reads empty withheld criteria as none given: the HO's own acc= is still the sender's", () => {
    // An unset shell variable (--expect-acc "$ACC") replaced the HO's criteria with nothing, and
    // a readback of len:150w for len:120w was wilco.
    for (const expectAcc of ["", [] as string[]]) {
      const report = checkReadback(ho, rb, coreVocabulary, { expectAcc });
      expect(report.wilco).toBe(false);
      expect(report.tiers[3].findings.map((f) => f.code)).toContain("ACC_CONTRADICTION");
    }
  });
  it("says so when neither the sender nor the HO holds criteria", () => {
    const bare = msg("RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=acc keys=tone");
    const report = checkReadback(bare, rb, coreVocabulary, { expectAcc: "" });
    expect(report.tiers[3].findings.map((f) => f.code)).toContain("ACC_UNCHECKED");
  });
});

describe("checkReadback: keys= naming a key twice", () => {
  it("reports one gap for it, not one per mention", () => {
    const ho = msg("RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=acc keys=len+LEN+len");
    const rb = msg("RW1 RB b-1 re=a-1 from=b to=a item=x:1 ask=DRAFT acc=tone:plain");
    const gaps = checkReadback(ho, rb, coreVocabulary).tiers[3].findings.filter((f) => f.code === "ACC_GAP");
    expect(gaps).toHaveLength(1);
  });
});

describe("checkReadback: a hostile readback gets a bounded answer", () => {
  it("describes tier 4 with at most 100 findings, its errors kept", () => {
    // 500 criteria under keys outside the closed set (a note each) and the one the sender holds missing.
    const junk = Array.from({ length: 500 }, (_, i) => `k${i}:x`).join("+");
    const ho = msg("RW1 HO a-1 from=a to=b item=x:1 ask=DRAFT rb=acc keys=len");
    const rb = msg(`RW1 RB b-1 re=a-1 from=b to=a item=x:1 ask=DRAFT acc=${junk}`);
    const report = checkReadback(ho, rb, coreVocabulary, { expectAcc: "len:120w" });
    const t4 = report.tiers[3].findings;
    expect(t4.length).toBe(101);
    expect(t4.at(-1)).toMatchObject({ code: "FINDINGS_CUT", received: "401" });
    expect(t4.filter((f) => f.code === "ACC_GAP")).toHaveLength(1);
    expect(report.tiers[3].result).toBe("fail");
  });
});

describe("readRecord and a relay's adds: decoded by slot type, refused when the type does not admit the value (notes 24, 25)", () => {
  const PAY_RECORD = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
  const refused = (json: unknown, vocabulary: Vocabulary = pay) => {
    const r = readRecord(json, vocabulary);
    expect(r.ok).toBe(false);
    expect(r.findings.length).toBe(1);
    return r.findings[0] as Finding;
  };
  it.each([
    ["a number for a date", { paid: 20261002 }, "paid", "date", "is not a date"],
    ["a number for a token", { acct: 12345678 }, "acct", "token", "is not a token"],
    ["a boolean for a token", { acct: true }, "acct", "token", "is not a token"],
    ["a number for money", { amt: 5400 }, "amt", "money", "is not money"],
    ["a list for money", { amt: ["5400.00"] }, "amt", "money", "is a list"],
    ["a code the enum lacks", { cur: "XYZ" }, "cur", "enum:cur", "is not a known cur code"],
    ["a date that is no date", { paid: "20261302" }, "paid", "date", "is not a date"],
  ])("a pay record with %s is RECORD_SHAPE, naming the slot and its type", (_, json, slot, type, reason) => {
    const f = refused({ ...PAY_RECORD, ...json });
    expect(f).toMatchObject({ code: "RECORD_SHAPE", severity: "error", slot, expected: type });
    expect(f.message).toContain(`the record's ${slot} holds ${JSON.stringify((json as Record<string, unknown>)[slot])}`);
    expect(f?.message).toContain(reason);
    expect(f?.message).toContain(`${slot} is typed ${type}`);
  });
  it("says which JSON type was given where the value reads like a valid one", () => {
    expect(refused({ paid: 20261002 }).message).toBe("the record's paid holds 20261002 (a JSON number), which is not a date (YYYYMMDD); paid is typed date");
    expect(refused({ acct: true }).message).toContain("true (a JSON boolean)");
  });
  it.each([
    ["an int written as a word", { pri: "x" }, "pri", "is not an integer"],
    ["an int out of range", { pri: 9 }, "pri", "is outside 1-5"],
    ["an int written out of range", { pri: "9" }, "pri", "is outside 1-5"],
    ["a list element with a space", { keep: ["relay sch"] }, "keep", "is not an agent name"],
    ["a list written with an empty element", { keep: "relay++sch" }, "keep", "has an empty list element"],
    ["a boolean for an agent list", { keep: true }, "keep", "is not a list"],
  ])("a core record with %s is refused", (_, json, slot, reason) => {
    const f = refused(json, coreVocabulary);
    expect(f).toMatchObject({ code: "RECORD_SHAPE", slot });
    expect(f?.message).toContain(reason);
  });
  it("reads a value written as on a line and its decoded form alike, item included", () => {
    const written = readRecord({ item: "x:1", pri: "2", keep: "relay+sch", due: "20261002" }, coreVocabulary);
    const decoded = readRecord({ item: "x:1", pri: 2, keep: ["relay", "sch"], due: "20261002" }, coreVocabulary);
    expect(written).toStrictEqual(decoded);
    expect(written.value?.values).toStrictEqual({ item: "x:1", pri: 2, keep: ["relay", "sch"], due: "20261002" });
    expect(readRecord(PAY_RECORD, pay).ok).toBe(true);
  });
  it("quotes a long value cut to 40 characters (note 36)", () => {
    const f = refused({ keep: ["a b".repeat(10_000)] }, coreVocabulary);
    expect(f?.message.length).toBeLessThan(200);
    expect(f?.received?.length).toBeLessThanOrEqual(43);
  });
  it("a record the check then compares: check-ho passes the decoded record and refuses none of its own values", () => {
    const refusedPaid = readRecord({ ...PAY_RECORD, paid: 20261002 }, pay);
    expect(refusedPaid.ok).toBe(false);
    const ho = msg(PAYHO.replace(" exp=20261002T1700Z", ""));
    const read = readRecord({ ...PAY_RECORD, item: "inv:MD-2026-057" }, pay);
    expect(read.ok && checkHandoff(ho, read.value, pay).ok).toBe(true);
  });

  const RECEIVED = msg("RW1 HO sch-1 from=sch to=relay item=x ask=DRAFT // go");
  const FORWARD = msg("RW1 HO relay-1 from=relay to=payer item=x ask=DRAFT keep=relay+sch pri=1 // go");
  it("checkRelay reads adds written as on a line as it reads their decoded form", () => {
    expect(checkRelay(FORWARD, RECEIVED, coreVocabulary, { keep: ["relay", "sch"], pri: 1 })).toStrictEqual({ ok: true, findings: [] });
    expect(checkRelay(FORWARD, RECEIVED, coreVocabulary, { keep: "relay+sch", pri: "1" })).toStrictEqual({ ok: true, findings: [] });
    // A written value the received HO carries is the same value, not a change the role makes.
    const carried = msg("RW1 HO sch-1 from=sch to=relay item=x ask=DRAFT pri=1 // go");
    expect(checkRelay(FORWARD, carried, coreVocabulary, { keep: "relay+sch", pri: "1" })).toStrictEqual({ ok: true, findings: [] });
  });
  it("checkRelay refuses adds whose values their slot's type does not admit, and checks nothing against them", () => {
    const report = checkRelay(FORWARD, RECEIVED, coreVocabulary, { keep: "relay sch", pri: "x" });
    expect(report.ok).toBe(false);
    expect(report.findings.map((f) => [f.code, f.slot])).toStrictEqual([["RECORD_SHAPE", "keep"], ["RECORD_SHAPE", "pri"]]);
    expect(report.findings[1]?.message).toBe("the relay's added pri holds \"x\", which is not an integer; pri is typed int:1-5");
    const unknown = checkRelay(FORWARD, RECEIVED, coreVocabulary, { nope: "1" });
    expect(unknown.findings).toMatchObject([{ code: "RECORD_SHAPE", slot: "nope", message: "the relay's adds name nope, which is not a slot of the vocabulary" }]);
    const notAnObject = checkRelay(FORWARD, RECEIVED, coreVocabulary, ["keep"] as unknown as Record<string, string>);
    expect(notAnObject.findings).toMatchObject([{ code: "RECORD_SHAPE" }]);
  });
});

describe("readRecord: a hostile record gets a bounded answer", () => {
  it("lists at most 100 findings, and shows a long key cut to 40 characters", () => {
    const many = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`nope${i}`, 1]));
    const r = readRecord(many, coreVocabulary);
    expect(r.ok).toBe(false);
    expect(r.findings.length).toBe(101);
    expect(r.findings.at(-1)).toMatchObject({ code: "FINDINGS_CUT", severity: "note", received: "4900" });
    const long = readRecord({ ["k".repeat(100_000)]: 1, $resolve: ["r".repeat(100_000)] }, coreVocabulary);
    expect(long.findings.length).toBe(2);
    for (const f of long.findings) {
      expect(f.message.length).toBeLessThan(200);
      expect(f.slot?.length ?? 0).toBeLessThanOrEqual(43);
    }
  });
});

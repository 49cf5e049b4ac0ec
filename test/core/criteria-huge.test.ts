// Tier 4 of a readback with 200,000 `no:` values (acc= or not=), each sharing a word with the
// sender's one must: is two notes a value (an assumption and a loose match), 400,000 in all, of
// which the report shows a hundred (note 36). The notes past those are counted, not built (with
// every one built, the check took 1.3 to 1.9 s; about 0.5 s since). Tests assert no time (DESIGN):
// "builds at most a hundred notes" is the guard, the others hold the report to the full list's.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkReadback, compareCriteria, coreVocabulary, finding, parseLine } from "../../core/index.js";
import { _boundedCriteria, _compareCriteria, _PAIRWISE_MAX } from "../../core/criteria.js";
import { _capFindings, FINDINGS_MAX } from "../../core/finding.js";
import type { Constraint, Finding, Message } from "../../core/index.js";

const N = 200_000;
const MUST: Constraint[] = [{ key: "must", value: "monday-problem" }];
const VALUES = Array.from({ length: N }, (_, i) => `monday-x${i}`);
const EXCLUSIONS: Constraint[] = VALUES.map((value) => ({ key: "no", value }));

/** The full list of findings, every one built, then cut: what the report must equal. */
const fullThenCut = (expected: Constraint[], reported: Constraint[], not?: string[]): Finding[] =>
  _capFindings(_compareCriteria(expected, reported, coreVocabulary, not === undefined ? {} : { not }, _PAIRWISE_MAX));

const codes = (findings: readonly Finding[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const f of findings) counts[f.code] = (counts[f.code] ?? 0) + 1;
  return counts;
};

describe("tier 4 with 200,000 no: values", () => {
  it("acc= no: values: the cut report is the full list's", () => {
    const report = compareCriteria(MUST, EXCLUSIONS, coreVocabulary);
    // The gap (no must: read back), 99 assumptions, and the count of the rest: 200,000 loose matches among them.
    expect(codes(report)).toStrictEqual({ ACC_GAP: 1, ACC_ASSUMPTION: 99, FINDINGS_CUT: 1 });
    expect(report.at(-1)?.message).toBe("399901 more findings (0 errors) are not listed");
    expect(report).toStrictEqual(fullThenCut(MUST, EXCLUSIONS));
  });

  it("not= values: the same, the not= values counted as no: values", () => {
    const report = compareCriteria(MUST, MUST, coreVocabulary, { not: VALUES });
    expect(codes(report)).toStrictEqual({ ACC_ASSUMPTION: 100, FINDINGS_CUT: 1 });
    expect(report.at(-1)?.message).toBe("399900 more findings (0 errors) are not listed");
    expect(report).toStrictEqual(fullThenCut(MUST, MUST, VALUES));
  });

  it("builds at most a hundred notes, and counts the rest for the cut", () => {
    const bounded = _boundedCriteria(MUST, EXCLUSIONS, coreVocabulary, {}, FINDINGS_MAX);
    expect(codes(bounded.findings)).toStrictEqual({ ACC_GAP: 1, ACC_ASSUMPTION: FINDINGS_MAX });
    expect([bounded.uncounted, bounded.uncountedNotes]).toStrictEqual([0, 2 * N - FINDINGS_MAX]);
  });

  it("check-rb reads such a readback line (3 MB) with the same tier 4", () => {
    const ho = parseLine("RW1 HO research-01 from=research to=writer item=gh:crox/site#42 ask=DRAFT due=20261002 rb=acc keys=must+no").value as Message;
    const line = `RW1 RB writer-01 re=research-01 from=writer to=research item=gh:crox/site#42 ask=DRAFT due=20261002 acc=must:monday-problem+${VALUES.map((v) => `no:${v}`).join("+")}`;
    const rb = parseLine(line).value as Message;
    const findings = checkReadback(ho, rb, coreVocabulary, { expectAcc: "must:monday-problem" }).tiers[3]?.findings ?? [];
    expect(findings).toStrictEqual(fullThenCut(MUST, [...MUST, ...EXCLUSIONS]));
    expect(findings.at(-1)?.message).toBe("399900 more findings (0 errors) are not listed");
  });
});

describe("bounded notes against the full list", () => {
  it("give the cut report the full list gives, whatever came before and whichever notes fill the cut", () => {
    // Earlier findings of the readback (errors and notes), then m must: values against k no: values
    // of which some share a word only (loose notes) and some the whole value (exclusions), and u
    // values under an unknown key (notes): notes and errors cross the hundred in either order.
    const earlier = (n: number): Finding[] => Array.from({ length: n }, (_, i) => finding(i % 3 === 0 ? "ACC_ASSUMPTION" : "ACC_MISSING", `earlier ${i}`));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.nat(260), fc.nat(4), fc.nat(120), fc.nat(60), (m, k, every, u, n) => {
        const expected: Constraint[] = Array.from({ length: m }, (_, i) => ({ key: "must", value: `topic-a${i}` }));
        const reported: Constraint[] = [
          ...Array.from({ length: u }, (_, i) => ({ key: "x_note", value: `v${i}` })),
          ...Array.from({ length: k }, (_, i) => ({ key: "no", value: every > 0 && i % (every + 1) === 0 ? `topic-a${i % Math.max(1, m)}` : `topic-${i}` })),
        ];
        const before = earlier(n);
        const room = Math.max(0, FINDINGS_MAX - before.filter((f) => f.severity === "error").length);
        const bounded = _boundedCriteria(expected, reported, coreVocabulary, {}, room);
        const full = _compareCriteria(expected, reported, coreVocabulary, {}, _PAIRWISE_MAX);
        expect(_capFindings([...before, ...bounded.findings], bounded.uncounted, bounded.uncountedNotes)).toStrictEqual(_capFindings([...before, ...full]));
        expect(bounded.findings.filter((f) => f.severity === "note").length).toBeLessThanOrEqual(FINDINGS_MAX);
      }),
      { numRuns: 200 },
    );
  });
});

describe("withheld criteria that are themselves past the cut", () => {
  it("count in tier 4's one cut: 500 unreadable constraints leave 400 errors out, and the cut says so", () => {
    const ho = parseLine("RW1 HO research-01 from=research to=writer item=gh:x ask=DRAFT rb=acc").value as Message;
    const rb = parseLine("RW1 RB writer-1 re=research-01 from=writer to=research item=gh:x ask=DRAFT acc=must:a").value as Message;
    const withheld = Array.from({ length: 500 }, (_, i) => `bad${i}`).join("+");
    const findings = checkReadback(ho, rb, coreVocabulary, { expectAcc: withheld }).tiers[3]?.findings ?? [];
    expect(codes(findings)).toStrictEqual({ CRITERIA_SYNTAX: 100, FINDINGS_CUT: 1 });
    // The 400 unreadable constraints past the first hundred, and the receiver's must:a, an assumption.
    expect(findings.at(-1)?.message).toBe("401 more findings (400 errors) are not listed");
  });
});

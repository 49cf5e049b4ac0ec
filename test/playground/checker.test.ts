// The playground's incremental checker gives what the core gives over the whole conversation at
// once: every line's reading, every readback's report, and check-thread's report (merged from
// groups audited apart), after any edit.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkReadback, createThreadAudit, readMessage, readbackVerdict, readRecord } from "../../core/index.js";
import type { Message, ReadbackExpectations, ThreadReport } from "../../core/index.js";
import { createChecker } from "../../playground/src/check/checker.js";
import type { CheckSettings } from "../../playground/src/check/checker.js";
import { splitAll } from "../../playground/src/check/lines.js";
import { createRefusals, highestNumbers } from "../../playground/src/check/refusals.js";
import { resolverFor } from "../../playground/src/profiles.js";
import { shippedVocabulary } from "../../profiles/index.js";
import { threadConversation } from "../bench/thread-corpus.js";
import { sectionEight } from "../spec-examples.js";
import type { ThreadCase } from "../conformance/threads-suite.js";

const resolve = resolverFor(null);
const settings = (over: Partial<CheckSettings> = {}): CheckSettings => ({ resolve, now: "20261002T1200Z", expectations: new Map(), as: null, ...over });

/** The same conversation checked by the core in one pass, no cache. */
function whole(text: string, s: CheckSettings) {
  const lines = splitAll(text, () => 0).lines.map((l) => ({ ...l, check: readMessage(l.text, s.resolve) }));
  const checks = lines.map((l) => l.check);
  const refusals = createRefusals().of(checks, highestNumbers(checks), s.as);
  const audit = createThreadAudit({ vocabulary: s.resolve, expectations: (id) => s.expectations.get(id) });
  const handoffs = new Map<string, Message>();
  const readbacks: [number, unknown][] = [];
  for (const l of lines) {
    const m = l.check.message;
    if (!l.check.ok || m === null) continue;
    audit.add(m, l.n);
    if (m.type === "HO" && !handoffs.has(m.id)) handoffs.set(m.id, m);
    if (m.type === "RB" && m.re !== null && handoffs.has(m.re)) {
      const ho = handoffs.get(m.re) as Message;
      const p = ho.slots["p"];
      const report = checkReadback(ho, m, s.resolve(typeof p === "string" ? p : null)!, s.expectations.get(m.re) ?? {});
      readbacks.push([l.n, { report, verdict: readbackVerdict(report) }]);
    }
  }
  return { lines: lines.map((l) => [l.n, l.check]), refusals, report: audit.report(s.now), readbacks, states: audit.handoffs(s.now) };
}

function same(checked: ReturnType<ReturnType<typeof createChecker>["check"]>, text: string, s: CheckSettings): void {
  const want = whole(text, s);
  expect(checked.lines.map((l) => [l.n, l.check])).toStrictEqual(want.lines);
  expect(checked.lines.map((l) => l.refusal)).toStrictEqual(want.refusals);
  expect(JSON.stringify(checked.report)).toBe(JSON.stringify(want.report));
  expect([...checked.readbacks].map(([n, r]) => [n, { report: r.report, verdict: r.verdict }])).toStrictEqual(want.readbacks);
  // The same states, in the order the HOs came.
  expect(want.states.map((h) => checked.states.get(h.id))).toStrictEqual(want.states);
  expect(checked.states.size).toBe(want.states.length);
}

const corpus = (n: number): string => [...threadConversation(n)].join("\n");
const threadCases = readdirSync(join(import.meta.dirname, "..", "conformance", "threads"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => JSON.parse(readFileSync(join(import.meta.dirname, "..", "conformance", "threads", f), "utf8")) as ThreadCase);

describe("the incremental checker", () => {
  it("checks section 8 as the core does", () => {
    const text = sectionEight.join("\n");
    for (const now of [null, "20261001T0000Z", "20261003T0000Z"]) same(createChecker().check(text, settings({ now })), text, settings({ now }));
  });

  it("gives every thread conformance case the core's report, with its expectations", () => {
    for (const c of threadCases) {
      const expectations = new Map<string, ReadbackExpectations>();
      for (const [id, e] of Object.entries(c.expectations ?? {})) expectations.set(id, e);
      const s = settings({ now: c.now, expectations });
      const text = c.lines.join("\n");
      const checker = createChecker({ bucketLines: 2 });
      const checked = checker.check(text, s);
      same(checked, text, s);
      expect(checked.report.ok, c.id).toBe(c.ok);
      // Renumbered (a comment on top, a blank line in the middle): the same findings, new lines.
      const half = Math.ceil(c.lines.length / 2);
      const moved = ["# renumbered", ...c.lines.slice(0, half), "", ...c.lines.slice(half)].join("\n");
      same(checker.check(moved, s), moved, s);
      same(checker.check(text, s), text, s);
    }
  });

  it("stays equal to a whole check through random edits of a conversation", () => {
    const base = corpus(400);
    const checker = createChecker();
    const s = settings();
    same(checker.check(base, s), base, s);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.constantFrom("", "x", "\n", " ", "=", "1", "Z")), { minLength: 1, maxLength: 4 }), (edits) => {
        let text = base;
        for (const [at, insert] of edits) {
          const i = at % (text.length + 1);
          text = insert === "" ? text.slice(0, i) + text.slice(i + 1) : text.slice(0, i) + insert + text.slice(i + 1);
        }
        same(checker.check(text, s), text, s);
      }),
      { numRuns: 60 },
    );
  });

  it("stays equal to a whole check while typing, one character at a time", () => {
    for (const bucketLines of [4, 32]) {
      const checker = createChecker({ bucketLines });
      const s = settings();
      let text = corpus(150);
      const random = fc.sample(fc.tuple(fc.nat(), fc.nat(5), fc.constantFrom("q", "1", " ", "=", "\n", "#", "-", "Z")), { numRuns: 250, seed: bucketLines });
      for (const [at, op, ch] of random) {
        const i = at % (text.length + 1);
        // Mostly edits inside a line, as typing is; now and then a line break or a deletion.
        text = op === 0 ? text.slice(0, i) + text.slice(i + 1) : op === 1 ? text.slice(0, i) + ch + text.slice(i) : text.slice(0, i) + (ch === "\n" ? "x" : ch) + text.slice(i + 1);
        same(checker.check(text, s), text, s);
      }
    }
  });

  it("follows changes of the clock, the expectations and the profile", () => {
    const text = sectionEight.join("\n");
    const checker = createChecker();
    const record = readRecord({ acct: "40-12-88/61102938", $resolve: ["acct"] }, shippedVocabulary("pay")!);
    const steps: CheckSettings[] = [
      settings({ now: null }),
      settings({ now: "20261005T0000Z" }),
      settings({ expectations: new Map([["research-01", { expectAcc: "len:150w+tone:plain" }]]) }),
      settings({ expectations: new Map([["scheduler-1", { record: record.value!.values }]]) }),
      settings({ resolve: resolverFor(shippedVocabulary("pay")!) }),
      settings({ as: "auditor" }),
    ];
    for (const s of steps) same(checker.check(text, s), text, s);
  });

  it("keeps the view of an unchanged line, so its row need not render again", () => {
    const text = corpus(200);
    const checker = createChecker();
    const a = checker.check(text, settings());
    const lines = text.split("\n");
    lines[100] = `${lines[100]}x`;
    const b = checker.check(lines.join("\n"), settings());
    const changed = b.lines.filter((l, k) => l !== a.lines[k]).map((l) => l.n);
    expect(changed).toStrictEqual([101]);
  });

  it("writes the receiver's UN for a refused line, numbered after what it sent", () => {
    const text = [sectionEight[0], sectionEight[1], "RW1 HO research-03 from=research to=writer item=gh:crox/site#42 ask=POLISH"].join("\n");
    const checked = createChecker().check(text, settings());
    expect(checked.lines[2]?.refusal).toStrictEqual({ line: "RW1 UN writer-2 re=research-03 from=writer to=research item=gh:crox/site#42 why=UNK // unknown ask=POLISH" });
    // A line too broken to be a message is refused by the receiver its to= names, when it can be read.
    const broken = createChecker().check("RW1 HO research-01 from=research  to=writer", settings());
    expect(broken.lines[0]?.refusal).toMatchObject({ line: expect.stringMatching(/^RW1 UN writer-1 re=research-01 from=writer to=research why=UNK/) });
    const nameless = createChecker().check("RW1 HO research-01 from=research  item=x", settings());
    expect(nameless.lines[0]?.refusal).toMatchObject({ none: expect.stringContaining("Refusals from") });
    const as = createChecker().check("RW1 HO research-01 from=research  to=writer", settings({ as: "writer" }));
    expect(as.lines[0]?.refusal).toMatchObject({ line: expect.stringMatching(/^RW1 UN writer-1 re=research-01 from=writer to=research why=UNK/) });
  });

  it("numbers a UN after an edit of a refused line's id, as a check from scratch does", () => {
    // A refused line's id is used too (section 2): writer-7 on the second line makes writer's UN writer-8.
    const before = ["RW1 HO research-01 from=research  to=writer", "RW1 HO writer-1 from=writer  to=research"].join("\n");
    const after = before.replace("writer-1 ", "writer-7 ");
    const checker = createChecker();
    same(checker.check(before, settings()), before, settings());
    const checked = checker.check(after, settings());
    same(checked, after, settings());
    expect(checked.lines[0]?.refusal).toMatchObject({ line: expect.stringMatching(/^RW1 UN writer-8 /) });
  });
});

export type { ThreadReport };

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

  it("stays equal to a whole check when a line break is typed and deleted, or a line removed", () => {
    // A line break adds a line: every later line is renumbered, and the groups are kept only while
    // the valid lines are the ones they were, with the same keys and links.
    const s = settings();
    const lines = corpus(120).split("\n");
    const open = whole(lines.join("\n"), s).report.findings.find((f) => f.code === "THREAD_OPEN" && f.line !== null && f.line > 2);
    const at = (open?.line as number) - 1;
    expect(lines[at]).toContain(" exp=20261002T1700Z");
    // Two refused lines before that open HO: the first uses writer-pool-east's highest number, so
    // the second's UN, which writer-pool-east sends, is numbered after it.
    lines.splice(at, 0, "RW1 HO writer-pool-east-99999 from=writer-pool-east  to=research-desk item=gh:x#9 ask=DRAFT", "RW1 HO research-desk-5 from=research-desk  to=writer-pool-east item=gh:x#8 ask=DRAFT");
    const base = lines.join("\n");
    const ho = lines[at + 2] as string;
    const expired = ho.replace("exp=20261002T1700Z", "exp=20261002T1100Z");
    const sender = / from=\S+ /.exec(ho)?.[0] as string;
    const first = lines.find((l) => l.startsWith("RW1 HO ") && l.includes(sender) && l !== ho) as string;
    const edits = [
      // The second refused line removed and the HO expired in one edit: its key goes to the HO.
      base.replace(`${lines[at + 1]}\n${ho}`, expired),
      // A blank line typed before the HO, which expires in the same edit.
      base.replace(ho, `\n${expired}`),
      // A line break typed into the expired HO's comment: a refused line after it.
      base.replace(ho, `${expired.slice(0, -3)}\n${expired.slice(-3)}`),
      // The same, the HO now under the id of its sender's first HO: it links to another group.
      base.replace(ho, `${expired.replace(/^RW1 HO \S+/, first.slice(0, first.indexOf(" from=")))}\n${expired.slice(-3)}`),
      // The first refused line removed: writer-pool-east's highest number goes back.
      base.replace(`${lines[at]}\n`, ""),
    ];
    const starts = [...base.matchAll(/^/gm)].map((m) => m.index);
    for (let n = 0; n < starts.length; n += n >= at - 2 && n <= at + 3 ? 1 : 7) {
      const start = starts[n] as number;
      const end = (starts[n + 1] ?? base.length + 1) - 1;
      const comment = base.indexOf(" // ", start);
      const breaks = [
        start, // before the line: a blank line, then the line
        end, // at its end: the line, then a blank one
        start + 7, // inside its id
        ...(comment >= 0 && comment < end ? [comment + 6] : []), // inside its comment: a refused line after it
      ];
      for (const i of breaks) edits.push(`${base.slice(0, i)}\n${base.slice(i)}`);
      // And the line removed whole, with the line break after it.
      edits.push(base.slice(0, start) + base.slice(end + 1));
    }
    for (const bucketLines of [2, 32]) {
      const checker = createChecker({ bucketLines });
      same(checker.check(base, s), base, s);
      for (const text of edits) {
        same(checker.check(text, s), text, s);
        same(checker.check(base, s), base, s);
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

  it("keeps the thread report and states while an edit reaches no audited line, and only then", () => {
    // The merge and the states go over every handoff (tens of ms a keystroke at 40,000 lines): an
    // edit that changes no bucket's report and no line's number keeps them as they were.
    const s = settings();
    const lines = corpus(200).split("\n");
    lines.push("RW1 HO research-9001 from=research to=writer item=gh:x#9001 ask=DRAFT due=2026100");
    const checker = createChecker();
    let text = lines.join("\n");
    const a = checker.check(text, s);
    same(a, text, s);
    // Typed into the refused last line: still refused, no bucket sees it.
    text = `${text}q`;
    const b = checker.check(text, s);
    same(b, text, s);
    expect(b.report).toBe(a.report);
    expect(b.states).toBe(a.states);
    // The same edit with another clock: merged again.
    const later = settings({ now: "20261003T1200Z" });
    const c = checker.check(`${text}z`, later);
    same(c, `${text}z`, later);
    expect(c.report).not.toBe(b.report);
    // The last line made valid (its due= complete): a bucket's report changes, and the merge follows.
    const valid = `${lines.join("\n")}2`;
    const d = checker.check(valid, later);
    same(d, valid, later);
    expect(d.report).not.toBe(c.report);
    expect(d.report.owners.length).toBe(c.report.owners.length + 1);
  });

  it("hashes an HO again when an edit changes it, and keeps the digest of one it left as it was", () => {
    // A re-audited bucket is given each HO's digest as made for its reading (digests.ts): the
    // digest of the HO as it was would leave the readback's h= matching an HO it no longer matches.
    const s = settings();
    const ho = sectionEight[0] as string;
    const rb = sectionEight[1] as string;
    const lines = [...corpus(40).split("\n"), ho, rb];
    const checker = createChecker();
    const voids = (c: ReturnType<typeof checker.check>): string[] => c.report.findings.filter((f) => f.code === "THREAD_READBACK_VOID" && f.handoff === "research-01").map((f) => f.code);
    let text = lines.join("\n");
    const a = checker.check(text, s);
    same(a, text, s);
    expect(voids(a)).toStrictEqual([]);
    // The HO's tail changed: its digest is no longer the RB's h= (c40bba4360dc), so the readback is void.
    text = [...lines.slice(0, -2), ho.replace("120 words", "121 words"), rb].join("\n");
    const b = checker.check(text, s);
    same(b, text, s);
    expect(voids(b)).toStrictEqual(["THREAD_READBACK_VOID"]);
    // The RB edited, the HO as it was: its bucket is audited again with the HO's kept digest.
    text = [...lines.slice(0, -2), ho, `${rb} // ok`].join("\n");
    const c = checker.check(text, s);
    same(c, text, s);
    expect(voids(c)).toStrictEqual([]);
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

  it("numbers a UN after an edit that takes away or keeps an agent's highest number, as a check from scratch does", () => {
    // The highest numbers follow the edited lines; an edit that takes away an agent's highest
    // counts every line again: writer-7 made writer-3 leaves writer-5 (another line's re=) the highest.
    const s = settings();
    const lines = ["RW1 HO research-01 from=research  to=writer", "RW1 ST writer-7 from=writer to=research st=WIP", "RW1 ST research-02 re=writer-5 from=research to=writer st=WIP"];
    const checker = createChecker();
    const un = (text: string): unknown => {
      const checked = checker.check(text, s);
      same(checked, text, s);
      return checked.lines[0]?.refusal;
    };
    expect(un(lines.join("\n"))).toMatchObject({ line: expect.stringMatching(/^RW1 UN writer-8 /) });
    // Its tail edited: the same ids, the same highest.
    expect(un([lines[0], `${lines[1]} // on it`, lines[2]].join("\n"))).toMatchObject({ line: expect.stringMatching(/^RW1 UN writer-8 /) });
    expect(un([lines[0], (lines[1] as string).replace("writer-7", "writer-3"), lines[2]].join("\n"))).toMatchObject({ line: expect.stringMatching(/^RW1 UN writer-6 /) });
    // The re= taken away as well: writer-3 is the highest left.
    expect(un([lines[0], (lines[1] as string).replace("writer-7", "writer-3"), (lines[2] as string).replace("re=writer-5", "re=writer-2")].join("\n"))).toMatchObject({ line: expect.stringMatching(/^RW1 UN writer-4 /) });
    // Raised again by an edit.
    expect(un(lines.join("\n").replace("writer-7", "writer-9"))).toMatchObject({ line: expect.stringMatching(/^RW1 UN writer-10 /) });
  });
});

export type { ThreadReport };

// The thread tree the conversation shows (playground/src/check/tree.ts): after any edit, the rows
// are the tree rebuilt from re= with what check-thread and check-rb say about each message, as a
// tree made from scratch has them; and an edit inside a line costs the tree what it changes, not a
// pass that makes every row again (at 100,000 lines that took longer than the check).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ItemOwner, Message, ThreadFinding } from "../../core/index.js";
import { createChecker } from "../../playground/src/check/checker.js";
import type { CheckSettings, Checked } from "../../playground/src/check/checker.js";
import { createThreadTree } from "../../playground/src/check/tree.js";
import type { TreeRow } from "../../playground/src/check/tree.js";
import { resolverFor } from "../../playground/src/profiles.js";
import { threadConversation } from "../bench/thread-corpus.js";
import { sectionEight } from "../spec-examples.js";

const settings = (over: Partial<CheckSettings> = {}): CheckSettings => ({ resolve: resolverFor(null), now: "20261002T1200Z", expectations: new Map(), as: null, ...over });
const corpus = (n: number): string => [...threadConversation(n)].join("\n");

/** The rows as the thread is defined, written plainly: each message under the first earlier one its re= names, depth first. */
function expected(c: Checked): unknown[] {
  const messages = c.audited.map((l) => l.check.message as Message);
  const children = messages.map((): number[] => []);
  const roots: number[] = [];
  const firstOf = new Map<string, number>();
  messages.forEach((m, i) => {
    const p = m.re === null ? undefined : firstOf.get(m.re);
    (p === undefined ? roots : (children[p] as number[])).push(i);
    if (!firstOf.has(m.id)) firstOf.set(m.id, i);
  });
  const said = (id: string): string =>
    c.report.findings
      .filter((f) => f.id === id && f.handoff === id && f.code !== "THREAD_ID_REUSED" && f.code !== "THREAD_RETRY")
      .map((f) => f.message)
      .join("; ");
  const out: unknown[] = [];
  const stack: [number, number][] = roots.map((i): [number, number] => [i, 0]).reverse();
  while (stack.length > 0) {
    const [i, depth] = stack.pop() as [number, number];
    const line = c.audited[i];
    const m = messages[i] as Message;
    const h = m.type === "HO" && c.handoffs.get(m.id) === line ? c.states.get(m.id) : undefined;
    const text = h === undefined ? "" : h.state === "closed" ? `closed by its ${h.closedBy}` : h.state === "superseded" ? `superseded by the re-issue ${h.supersededBy}` : said(m.id);
    const owner: ItemOwner | null = h === undefined || m.item === null ? null : (c.report.owners.find((o) => o.item === m.item) ?? null);
    const findings: ThreadFinding[] = c.report.findings.filter((f) => f.line === line?.n);
    out.push({ line, message: m, depth, closure: h === undefined ? null : { state: h.state, text }, owner, readback: m.type === "RB" ? (c.readbacks.get(line?.n as number) ?? null) : null, findings });
    for (const k of [...(children[i] as number[])].reverse()) stack.push([k, depth + 1]);
  }
  return out;
}

const plain = (rows: readonly TreeRow[]): unknown[] => rows.map((r) => ({ ...r }));

describe("the thread tree", () => {
  it("is the tree rebuilt from re= with each message's state, owner, readback and findings, through random edits", () => {
    for (const bucketLines of [4, 32]) {
      const checker = createChecker({ bucketLines });
      const tree = createThreadTree();
      const s = settings();
      const later = { ...s, now: "20261003T1200Z" };
      let text = corpus(200);
      const random = fc.sample(fc.tuple(fc.nat(), fc.nat(5), fc.constantFrom("q", "1", " ", "=", "\n", "#", "-", "Z", "0")), { numRuns: 300, seed: bucketLines });
      random.forEach(([at, op, ch], k) => {
        const i = at % (text.length + 1);
        text = op === 0 ? text.slice(0, i) + text.slice(i + 1) : op === 1 ? text.slice(0, i) + ch + text.slice(i) : text.slice(0, i) + (ch === "\n" ? "x" : ch) + text.slice(i + 1);
        // Now and then another clock, which gives every handoff a new state.
        const c = checker.check(text, k % 40 === 39 ? later : s);
        const rows = tree(c);
        expect(plain(rows)).toStrictEqual(expected(c));
        expect(plain(rows)).toStrictEqual(plain(createThreadTree()(c)));
      });
    }
  });

  it("follows renumbered lines, a line break, expectations and the profile", () => {
    const checker = createChecker();
    const tree = createThreadTree();
    const base = sectionEight.join("\n");
    const texts = [base, `\n${base}`, base.replace("\n", "\n\n"), base.replace(/\n(?=RW1 DN)/, "\n# a note\n"), base];
    const steps: CheckSettings[] = [settings(), settings({ now: null }), settings({ expectations: new Map([["research-01", { expectAcc: "len:150w+tone:plain" }]]) }), settings({ resolve: resolverFor(null) })];
    for (const s of steps)
      for (const text of texts) {
        const c = checker.check(text, s);
        expect(plain(tree(c))).toStrictEqual(expected(c));
      }
  });

  it("makes few rows again when a line is typed in (its own, and those of its bucket's new findings), at a cost that is not every row's", () => {
    const checker = createChecker();
    const tree = createThreadTree();
    // One settings object, as the page keeps it: new expectations would audit every bucket again.
    const s = settings();
    const lines = corpus(20_000).split("\n");
    const first = tree(checker.check(lines.join("\n"), s));
    const place = lines.findIndex((l, k) => k > 10_000 && l.startsWith("RW1 DN ") && l.includes(" // "));
    const time = (f: () => unknown): number => {
      const t = performance.now();
      f();
      return performance.now() - t;
    };
    const edited: number[] = [];
    const scratch: number[] = [];
    let rows = first;
    for (let k = 0; k < 7; k++) {
      lines[place] = `${lines[place]}${k}`;
      const c = checker.check(lines.join("\n"), s);
      const before = rows;
      edited.push(time(() => (rows = tree(c))));
      // The same check's rows made by a new tree, alternated with the edits so both see the same machine.
      scratch.push(time(() => createThreadTree()(c)));
      const made = rows.filter((r, j) => r !== before[j]).map((r) => r.line.n);
      expect(made).toContain(place + 1);
      expect(made.length).toBeLessThan(10);
    }
    const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
    // Making every row again (what each edit cost before) is the scratch figure itself.
    expect(median(edited)).toBeLessThan(median(scratch) / 4);
  });
});

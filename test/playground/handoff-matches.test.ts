// The readback lab's list of handoffs: at most LISTED_HANDOFFS options, however many HOs the
// conversation holds, narrowed by what the reader types; the HO named exactly comes first.
import { describe, expect, it } from "vitest";
import { createChecker } from "../../playground/src/check/checker.js";
import { resolverFor } from "../../playground/src/profiles.js";
import { LISTED_HANDOFFS, matchHandoffs } from "../../playground/src/views/handoff-matches.js";

const N = 40_000;
const lines = Array.from({ length: N }, (_, i) => `RW1 HO a-${i + 1} from=a to=b item=x${i + 1} ask=${i % 2 === 0 ? "DRAFT" : "REVIEW"} due=20261002`);
const { handoffs } = createChecker().check(lines.join("\n"), { resolve: resolverFor(null), now: null, expectations: new Map(), as: null });
const ids = (listed: ReturnType<typeof matchHandoffs>["listed"]): string[] => listed.map((h) => h.check.message?.id ?? "");

describe("the readback lab's handoffs", () => {
  it("list the first of forty thousand, and count them all", () => {
    expect(handoffs.size).toBe(N);
    const m = matchHandoffs(handoffs, "");
    expect(LISTED_HANDOFFS).toBe(100);
    expect(m.total).toBe(N);
    expect(ids(m.listed)).toStrictEqual(lines.slice(0, LISTED_HANDOFFS).map((_, i) => `a-${i + 1}`));
  });

  it("narrow to those whose id, ask or item holds the query, in any case, the HO of that very id first", () => {
    const m = matchHandoffs(handoffs, "a-123");
    // a-123, a-1230 to a-1239, a-12300 to a-12399.
    expect(m.total).toBe(111);
    expect(m.listed).toHaveLength(LISTED_HANDOFFS);
    expect(ids(m.listed).slice(0, 3)).toStrictEqual(["a-123", "a-1230", "a-1231"]);
    expect(ids(matchHandoffs(handoffs, "A-39999").listed)).toStrictEqual(["a-39999"]);
    expect(ids(matchHandoffs(handoffs, "X3999").listed)).toStrictEqual(["a-3999", ...Array.from({ length: 10 }, (_, k) => `a-3999${k}`)]);
    expect(matchHandoffs(handoffs, "review").total).toBe(N / 2);
    expect(matchHandoffs(handoffs, "nothing like it")).toStrictEqual({ listed: [], total: 0 });
  });

  it("are matched in one pass, quickly enough for a keystroke", () => {
    const t = performance.now();
    for (const q of ["a", "a-1", "a-12", "a-123", "draft"]) matchHandoffs(handoffs, q);
    expect(performance.now() - t).toBeLessThan(1_000);
  });
});

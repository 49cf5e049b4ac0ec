// Each reviewer requirement is its own Review: `assignDistinct` gives needs distinct records, as
// many as any assignment can (checked against every assignment of small cases), reading each
// need's runs merged in the order offered, and gives each need the first approval of its record.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assignDistinct } from "../../../core/delegation/_distinct-assignment.js";
import type { Runs } from "../../../core/delegation/_distinct-assignment.js";

/** The most needs any assignment of distinct records satisfies, by trying them all. */
function most(needs: readonly Runs[], recordOf: readonly number[], need = 0, taken = new Set<number>()): number {
  if (need === needs.length) return 0;
  let best = most(needs, recordOf, need + 1, taken);
  for (const record of new Set((needs[need] as Runs).flat().map((a) => recordOf[a] as number))) {
    if (taken.has(record)) continue;
    taken.add(record);
    best = Math.max(best, 1 + most(needs, recordOf, need + 1, taken));
    taken.delete(record);
  }
  return best;
}

const ascending = (approvals: number) => fc.uniqueArray(fc.nat({ max: approvals - 1 }), { maxLength: approvals }).map((xs) => xs.sort((x, y) => x - y));
const cases = fc.integer({ min: 1, max: 7 }).chain((approvals) =>
  fc.record({
    // Each approval's object id; two offers of one Review are one record, named by its first index.
    recordOf: fc.array(fc.nat({ max: 4 }), { minLength: approvals, maxLength: approvals }).map((ids) => ids.map((id) => ids.indexOf(id))),
    // Shared runs: needs pick from a few, as requirements share the Reviews naming no role.
    runs: fc.array(ascending(approvals), { minLength: 1, maxLength: 3 }),
    picks: fc.array(fc.array(fc.nat({ max: 2 }), { maxLength: 2 }), { maxLength: 6 }),
  }),
);

describe("assignDistinct", () => {
  it("satisfies as many needs as any assignment, with distinct records the needs accept, each the first of its record", () => {
    fc.assert(
      fc.property(cases, ({ recordOf, runs, picks }) => {
        const needs: Runs[] = picks.map((p) => [...new Set(p.map((k) => runs[k % runs.length] as readonly number[]))]);
        const given = assignDistinct(needs, recordOf);
        const records = given.flatMap((a) => (a === null ? [] : [recordOf[a] as number]));
        expect(new Set(records).size).toBe(records.length);
        given.forEach((a, need) => {
          if (a === null) return;
          const merged = (needs[need] as Runs).flat().sort((x, y) => x - y);
          expect(merged).toContain(a);
          expect(merged.find((b) => recordOf[b] === recordOf[a])).toBe(a);
        });
        expect(records.length).toBe(most(needs, recordOf));
      }),
      { numRuns: 2000 },
    );
  });
  it("finds the augmenting path greedy order misses", () => {
    // The first need takes approval 0 greedily; the second accepts only 0, so the first moves to 1.
    expect(assignDistinct([[[0, 1]], [[0]]], [0, 1])).toStrictEqual([1, 0]);
  });
});

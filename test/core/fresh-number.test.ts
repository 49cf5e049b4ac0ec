// A sender's next number: freshNumber over the numbers known, and _freshNumbers, which learns them
// one by one (a stream read once), give the same answer at every step.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { freshNumber } from "../../core/index.js";
import { _freshNumbers } from "../../core/fresh-number.js";

const MAX = Number.MAX_SAFE_INTEGER;
// Numbers near both ends, where the lowest free one and the last safe one are decided.
const number = fc.oneof(fc.integer({ min: 0, max: 12 }), fc.integer({ min: MAX - 3, max: MAX }));

describe("_freshNumbers", () => {
  it("answers as freshNumber over the numbers used so far, at every step", () => {
    fc.assert(
      fc.property(fc.array(number, { maxLength: 40 }), (used) => {
        const numbers = _freshNumbers();
        const seen: number[] = [];
        for (const n of used) {
          numbers.use(n);
          seen.push(n);
          const highest = Math.max(0, ...seen);
          expect(numbers.next()).toBe(freshNumber(highest, () => [...seen].sort((a, b) => a - b)));
        }
      }),
      { numRuns: 500 },
    );
  });
  it("never answers below its floor, nor a number used; null when every number from the floor up is used", () => {
    const numbers = _freshNumbers(MAX - 2);
    expect(numbers.next()).toBe(MAX - 2);
    numbers.use(MAX);
    expect(numbers.next()).toBe(MAX - 2);
    numbers.use(1);
    numbers.use(MAX - 2);
    expect(numbers.next()).toBe(MAX - 1);
    numbers.use(MAX - 1);
    expect(numbers.next()).toBeNull();
  });
});

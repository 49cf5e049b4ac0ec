// Properties of attenuation: any child whose scope lists are subsets of the parent's passes those
// dimensions, and adding one element the parent does not cover fails exactly that dimension.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkSubdelegation, compareAmounts, validateChain, validateContract } from "../../../core/delegation/index.js";
import type { DelegationAttestationChain, DelegationContract } from "../../../core/delegation/index.js";
import { selectorCovers, uncovered } from "../../../core/delegation/_selectors.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "delegation", "records");
const read = (name: string): unknown => JSON.parse(readFileSync(join(DIR, `${name}.json`), "utf8"));
const ok = <T>(r: { ok: boolean; value: T | null }): T => {
  if (!r.ok || r.value === null) throw new Error("fixture does not validate");
  return r.value;
};
const parent = ok(validateContract(read("d-parent-1")));
const base = ok(validateContract(read("d-child-ok")));
const chain = ok(validateChain(read("chain-d-child-ok"))) as DelegationAttestationChain;
const subset = <T>(xs: readonly T[]) => fc.subarray([...xs], { minLength: 1 });
const withScope = (scope: Partial<DelegationContract["scope"]>): DelegationContract => ({ ...base, scope: { ...base.scope, ...scope } });

describe("attenuation", () => {
  it("a child with subsets of the parent's scope passes", () => {
    fc.assert(
      fc.property(subset(parent.scope.tools), subset(parent.scope.operations), subset(parent.scope.data_classes), subset(parent.scope.effect_classes), fc.constantFrom("PRJ-1/*", "PRJ-1/sources/*", "PRJ-1/sources/SRC-1@r2"), (tools, operations, data, effects, object) => {
        const r = checkSubdelegation(parent, withScope({ tools, operations, data_classes: data, effect_classes: effects, objects: [object] }), chain);
        expect(r.failed).toStrictEqual([]);
      }),
      { numRuns: 200 },
    );
  });
  it("one element outside the parent fails exactly its dimension", () => {
    const cases: [keyof DelegationContract["scope"], string, string][] = [
      ["objects", "PRJ-2/x", "objects"],
      ["tools", "shell", "tools"],
      ["operations", "delete", "operations"],
      ["data_classes", "restricted", "data"],
    ];
    fc.assert(
      fc.property(fc.constantFrom(...cases), fc.string({ minLength: 1, maxLength: 8 }).filter((s) => /^[a-z]+$/.test(s)), ([field, extra, dimension], suffix) => {
        const value = field === "data_classes" ? extra : `${extra}-${suffix}`;
        const r = checkSubdelegation(parent, withScope({ [field]: [...(base.scope[field] as string[]), value] }), chain);
        expect(r.failed).toStrictEqual([dimension]);
      }),
      { numRuns: 100 },
    );
  });
});

describe("money", () => {
  it("compares decimal amounts exactly, as numbers would for small ones", () => {
    const amount = fc.tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 4 })).map(([w, f, n]) => (n === 0 ? String(w) : `${w}.${String(f).padStart(4, "0").slice(0, n)}`));
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const [x, y] = [Math.round(Number(a) * 10_000), Math.round(Number(b) * 10_000)];
        expect(compareAmounts(a, b)).toBe(x === y ? 0 : x < y ? -1 : 1);
      }),
      { numRuns: 500 },
    );
  });
});

describe("selectors", () => {
  it("uncovered is the pairwise definition, computed without comparing every pair", () => {
    const selector = fc.tuple(fc.stringMatching(/^[ab/]{0,4}$/), fc.boolean()).map(([body, wild]) => (wild ? `${body}*` : body)).filter((s) => s !== "");
    fc.assert(
      fc.property(fc.array(selector, { maxLength: 8 }), fc.array(selector, { maxLength: 8 }), (wide, narrow) => {
        expect(uncovered(wide, narrow)).toStrictEqual(narrow.filter((n) => !wide.some((w) => selectorCovers(w, n))));
      }),
      { numRuns: 2000 },
    );
  });
});

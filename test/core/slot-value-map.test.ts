import { describe, expect, it } from "vitest";
import { isSlotValueMap } from "../../core/index.js";

describe("isSlotValueMap: slot values handed in from outside", () => {
  it("takes strings, safe integers, booleans and lists of them", () => {
    expect(isSlotValueMap({})).toBe(true);
    expect(isSlotValueMap({ amt: "5400.00", pri: 2, retry: true, keep: ["a", "b"], mixed: [1, "x", false] })).toBe(true);
  });
  it.each([
    ["null", null],
    ["an array", [["amt", "1"]]],
    ["a string", "amt=1"],
    ["a null value", { amt: null }],
    ["an object value", { amt: { v: 1 } }],
    ["a fraction", { pri: 1.5 }],
    ["an unsafe integer", { n: 2 ** 53 }],
    ["a list holding null", { keep: ["a", null] }],
    ["a nested list", { keep: [["a"]] }],
  ])("refuses %s", (_, value) => {
    expect(isSlotValueMap(value)).toBe(false);
  });
});

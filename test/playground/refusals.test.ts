// The UN each refused line gets (playground/src/check/refusals.ts): numbered one past the highest
// number its receiver used, and a line that gets no UN uses no number.
import { describe, expect, it } from "vitest";
import { readMessage } from "../../core/index.js";
import { createRefusals, highestNumbers } from "../../playground/src/check/refusals.js";
import { resolverFor } from "../../playground/src/profiles.js";

const resolve = resolverFor(null);
const refusalsOf = (lines: readonly string[], as: string | null = null) => {
  const checks = lines.map((l) => readMessage(l, resolve));
  return createRefusals().of(checks, highestNumbers(checks), as);
};
const shown = (r: ReturnType<typeof refusalsOf>[number]): string => (r === null ? "accepted" : "line" in r ? r.line.split(" ")[2] as string : "none");

describe("refusal numbers", () => {
  it("skip no number when a refused line gets no UN", () => {
    const lines = [
      "RW1 HO research-01 from=research to=writer item=gh:x ask=POLISH",
      "RW1 HO research-x from=research to=writer item=gh:y ask=DRAFT",
      "RW1 HO research-03 from=research to=writer item=gh:z ask=POLISH",
    ];
    expect(refusalsOf(lines).map(shown)).toStrictEqual(["writer-1", "none", "writer-2"]);
    expect(refusalsOf(lines, "auditor").map(shown)).toStrictEqual(["auditor-1", "none", "auditor-2"]);
  });
});

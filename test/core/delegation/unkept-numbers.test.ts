// Section 3: "Unknown fields MUST be retained when forwarding". A number no double holds (`1e400`,
// `-1e400`) reads as Infinity, which JSON cannot write (JSON.stringify forwards it as null) and no
// bound can be compared with: refused (DELEGATION_SCHEMA) wherever it stands in a delegation
// document, at its path. One a double holds only approximately (`1e-400`, `-0`) is kept as the
// nearest double, as every JSON reader keeps it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseJsonText } from "../../../core/index.js";
import { checkCardRevisionDocument, checkFencesDocument, validateRecord } from "../../../core/delegation/index.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "delegation", "records");
const text = (name: string): string => readFileSync(join(DIR, `${name}.json`), "utf8");
/** The record's JSON text with `"x_vendor": <raw>` added, read as every adapter reads it. */
const withVendor = (name: string, raw: string): unknown => {
  const r = parseJsonText(text(name).replace(/^\{/, `{"x_vendor": ${raw},`));
  if (!r.ok) throw new Error(r.reason);
  return r.value;
};
const schema = (findings: readonly { code: string; path?: string; received?: string }[]) => findings.filter((f) => f.code === "DELEGATION_SCHEMA").map((f) => [f.path, f.received]);

describe("a number no double holds, in an unknown field", () => {
  it.each([
    ["1e400", "> 1.8e308"],
    ["-1e400", "< -1.8e308"],
  ])("%s in a card's unknown field is refused at its path", (raw, received) => {
    const r = validateRecord(withVendor("card-agent-extractor-r3", `{"score": [1, ${raw}]}`));
    expect(r.ok).toBe(false);
    expect(schema(r.findings)).toStrictEqual([["x_vendor.score.1", received]]);
    expect(r.findings[0]?.message).toBe("x_vendor.score.1: a number beyond what a double holds (±1.8e308) cannot be kept as written, nor compared with any bound, and unknown fields are retained when forwarding (section 3), so the document is refused");
  });
  it("is refused in a document check's record part and in a shaped part, the path starting with the part", () => {
    const card = withVendor("card-agent-extractor-r3", "1e400");
    expect(schema(checkCardRevisionDocument({ prior: JSON.parse(text("card-agent-extractor-r2")), next: card }).findings)).toStrictEqual([["next.x_vendor", "> 1.8e308"]]);
    const heads = JSON.parse(text("heads-d-extract-1")) as Record<string, unknown>[];
    (heads[0] as Record<string, unknown>)["x_lag"] = -Infinity;
    const r = checkFencesDocument({ fences: JSON.parse(text("fences-d-extract-1")), heads });
    expect(r.ok).toBe(false);
    expect(schema(r.findings)).toStrictEqual([["heads.0.x_lag", "< -1.8e308"]]);
  });
  it("a number a double holds only approximately is kept as the nearest: 1e-400 as 0, -0, 9007199254740993", () => {
    for (const raw of ["1e-400", "-0", "9007199254740993", "1.7976931348623157e308"]) {
      const r = validateRecord(withVendor("card-agent-extractor-r3", raw));
      expect([raw, r.ok, r.findings]).toStrictEqual([raw, true, []]);
    }
  });
});

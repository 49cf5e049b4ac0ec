import { describe, expect, it } from "vitest";
import { checkLine, withoutBom } from "../../core/index.js";

describe("withoutBom: one leading byte order mark is input decoding", () => {
  it("drops one at the start, and only one", () => {
    expect(withoutBom("\uFEFFRW1 HO a-1")).toBe("RW1 HO a-1");
    expect(withoutBom("\uFEFF\uFEFFx")).toBe("\uFEFFx");
    expect(withoutBom("x\uFEFF")).toBe("x\uFEFF");
    expect(withoutBom("")).toBe("");
  });
  it("leaves the line reader to refuse a BOM it is given", () => {
    const line = "RW1 HO research-1 from=research to=writer item=gh:a#1 ask=DRAFT";
    expect(checkLine(withoutBom(`\uFEFF${line}`)).ok).toBe(true);
    expect(checkLine(`\uFEFF${line}`).ok).toBe(false);
  });
});

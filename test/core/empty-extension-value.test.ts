// Section 2: `key=value`, "Values contain no spaces"; extension keys "may carry anything a profile
// has not defined". An empty value is a string without spaces. A slot the vocabulary types refuses
// it (no type admits an empty value: VALUE_TYPE "is empty"); an `x_` key, which no vocabulary
// types, carries it as it carries any other value: kept, digested and compared, with no finding. An
// unknown plain key is noted for being unknown, empty or not (README note 67).
import { describe, expect, it } from "vitest";
import { checkLine, checkRelay, coreVocabulary, digest, formatLine, messageFromJson, parseLine } from "../../core/index.js";
import type { Message } from "../../core/index.js";
import { resolve } from "../vocabularies.js";

const HO = "RW1 HO a-1 from=a to=b item=gh:a/b#1 ask=FIX due=20261231";
const findings = (line: string): string[] => checkLine(line, resolve).findings.map((f) => `${f.severity} ${f.code}:${f.slot ?? ""}`);
const parsed = (line: string): Message => {
  const r = parseLine(line);
  if (!r.ok) throw new Error(r.findings.map((f) => f.code).join(" "));
  return r.value;
};

describe("an empty value", () => {
  it("in an x_ key is a value: no finding, on an ST as on an HO", () => {
    expect(findings("RW1 ST a-1 from=a to=b item=gh:a/b#1 x_a=")).toStrictEqual([]);
    expect(findings(`${HO} x_a=`)).toStrictEqual([]);
  });
  it("in an unknown plain key is noted as any unknown key is, and only that", () => {
    expect(findings("RW1 ST a-1 from=a to=b item=gh:a/b#1 k=")).toStrictEqual(["note SLOT_UNKNOWN:k"]);
    expect(findings("RW1 ST a-1 from=a to=b item=gh:a/b#1 k=1")).toStrictEqual(["note SLOT_UNKNOWN:k"]);
  });
  it("in a slot the vocabulary types is refused", () => {
    expect(findings(`${HO.replace("due=20261231", "due=")}`)).toStrictEqual(["error VALUE_TYPE:due"]);
  });
});

describe("an empty x_ value is kept", () => {
  const written = parsed(`${HO} x_a=`);
  it("as the empty string, and written back as it came", () => {
    expect(written.slots["x_a"]).toBe("");
    expect(formatLine(written)).toMatchObject({ ok: true, value: `${HO} x_a=` });
  });
  it("in the JSON form, which reads it back to the same message and digest", () => {
    const again = messageFromJson(JSON.parse(JSON.stringify(written)));
    expect(again.ok).toBe(true);
    expect(again.ok && digest(again.value)).toBe(digest(written));
  });
  it("as a message apart from the one without it: an empty value is not an absent one", () => {
    expect(digest(written)).not.toBe(digest(parsed(HO)));
  });
  it("by a relay: dropping it is dropping a value", () => {
    const received = parsed(`${HO} x_a=`);
    const forward = (extra: string): string[] => checkRelay(parsed(`RW1 HO b-1 from=b to=c item=gh:a/b#1 ask=FIX due=20261231${extra}`), received, coreVocabulary).findings.map((f) => `${f.code}:${f.slot ?? ""}`);
    expect(forward("")).toStrictEqual(["HO_OMITS:x_a"]);
    expect(forward(" x_a=")).toStrictEqual([]);
  });
});

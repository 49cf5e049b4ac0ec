// What the playground takes for an empty field is what the CLI takes for empty input: blank lines
// only (the core's isEmptyDocument), never what String.prototype.trim drops. A no-break space, a
// byte order mark or another Unicode space is read, and refused, as rw refuses it; what is typed
// is given to the core as typed, never trimmed.
import { describe, expect, it } from "vitest";
import { checkReadback, parseCriteria, readMessage } from "../../core/index.js";
import type { Message, Vocabulary } from "../../core/index.js";
import { customProfile } from "../../playground/src/custom-profile.js";
import { senderExpectations } from "../../playground/src/expectations.js";
import { resolverFor } from "../../playground/src/profiles.js";

const resolve = resolverFor(null);
const HO = "RW1 HO a-1 from=a to=b item=x ask=DRAFT rb=acc acc=len:100w";
const RB = "RW1 RB b-1 re=a-1 from=b to=a item=x ask=DRAFT acc=len:100w";
const message = (line: string): Message => readMessage(line, resolve).message as Message;
const core = resolve(null) as Vocabulary;
const UNICODE_SPACES = ["\u00A0", "\uFEFF", "\u2028", "\u3000", "\u2003"];

describe("the readback lab's withheld criteria", () => {
  it("are read by the core as typed, as rw check-rb --expect-acc reads them: a space around a constraint is refused, not trimmed off, and not used", () => {
    for (const typed of [" len:100w", "len:100w ", "len:120 ", "len:100w\u00A0", "\u00A0", " ", "\t"]) {
      const e = senderExpectations({ "a-1": { expectAcc: typed, record: "" } }, HO, resolve);
      // The sender's own error, as rw check-rb (exit 2) and POST /v1/check-rb (400) refuse it: the
      // lab lists the core's message, and the readback is checked without them (the HO's acc=).
      expect(e.criteria.get("a-1"), JSON.stringify(typed)).toStrictEqual(parseCriteria(typed, core).findings.map((f) => f.message));
      expect(parseCriteria(typed, core).findings.map((f) => f.code), JSON.stringify(typed)).toContain("CRITERIA_SYNTAX");
      expect(e.map.has("a-1"), JSON.stringify(typed)).toBe(false);
      expect(checkReadback(message(HO), message(RB), core, e.map.get("a-1") ?? {}).wilco, JSON.stringify(typed)).toBe(true);
    }
  });

  it("left empty are none: the HO's own acc= is checked, as the core reads --expect-acc \"\"", () => {
    const e = senderExpectations({ "a-1": { expectAcc: "", record: "" } }, HO, resolve);
    expect(e.map.has("a-1")).toBe(false);
    expect(checkReadback(message(HO), message(RB), core).wilco).toBe(true);
  });
});

describe("the readback lab's record", () => {
  it("of blank lines only is none", () => {
    const e = senderExpectations({ "a-1": { expectAcc: "", record: " \n\t\r\n  " } }, HO, resolve);
    expect(e.map.has("a-1")).toBe(false);
    expect(e.problems.has("a-1")).toBe(false);
  });

  it("of a Unicode space is read, and is not JSON, as rw check-rb --record says of a file holding it", () => {
    for (const space of UNICODE_SPACES) {
      const e = senderExpectations({ "a-1": { expectAcc: "", record: `\n${space}\n` } }, HO, resolve);
      expect(e.problems.get("a-1")?.[0], JSON.stringify(space)).toMatch(/^the record is not JSON: /);
    }
  });
});

describe("a custom profile", () => {
  it("of blank lines only is none given", () => {
    for (const text of ["", " ", "\n\t\r\n"]) expect(customProfile(text), JSON.stringify(text)).toBeNull();
  });

  it("of a Unicode space is read, and is not JSON, as rw --profile says of a file holding it", () => {
    for (const space of ["\u00A0", "\u2028", "\u3000", " \n\u00A0"]) {
      const read = customProfile(space);
      expect(read?.ok, JSON.stringify(space)).toBe(false);
      expect(read !== null && read.ok === false ? read.error : "", JSON.stringify(space)).toMatch(/^not JSON: /);
    }
  });
});

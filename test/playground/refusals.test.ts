// The UN each refused line gets (playground/src/check/refusals.ts): numbered one past the highest
// number its receiver used, and a line that gets no UN uses no number; where there is none, the
// reason said is the one the core's reading gives.
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
    // A receiver the reader names answers the lines that name no to=; a line addressed to another
    // agent is that agent's to refuse (rule 2), so it gets none, and uses no number.
    const unaddressed = lines.map((l) => l.replace(" to=writer", ""));
    expect(refusalsOf(unaddressed, "auditor").map(shown)).toStrictEqual(["auditor-1", "none", "auditor-2"]);
    expect(refusalsOf([lines[0] as string, unaddressed[2] as string], "auditor").map(shown)).toStrictEqual(["none", "auditor-1"]);
  });
});

describe("a UN's id", () => {
  it("is never an id a refused line already used (section 2: ids are unique within a conversation)", () => {
    const lines = ["RW1 ST writer-1 from=writer to=research item=gh:x#1 pct=500", "RW1 HO research-02 from=research to=writer item=gh:x#2 ask=NOPE"];
    expect(refusalsOf(lines).map(shown)).toStrictEqual(["research-3", "writer-2"]);
    expect(refusalsOf(lines, "writer").map(shown)).toStrictEqual(["none", "writer-2"]);
  });
});

describe("a UN's id and re=", () => {
  it("is never an id a line's re= shows the receiver already used, valid line or refused (section 2)", () => {
    expect(refusalsOf(["RW1 AN writer-2 re=research-1 from=writer to=research"]).map(shown)).toStrictEqual(["research-2"]);
    const lines = ["RW1 AN writer-3 re=research-7 from=writer to=research val=ok", "RW1 AN writer-4 re=research-1 from=writer to=research"];
    expect(refusalsOf(lines).map(shown)).toStrictEqual(["accepted", "research-8"]);
    // Past 2^53 - 1 the lowest free number skips the ids re= names as well.
    const top = ["RW1 HO research-9007199254740991 from=research to=writer item=gh:x ask=DRAFT", "RW1 AN writer-5 re=research-1 from=writer to=research"];
    expect(refusalsOf(top).map(shown)).toStrictEqual(["accepted", "research-2"]);
  });
});

describe("the reason a line gets no UN", () => {
  const none = (line: string): string => {
    const r = refusalsOf([line])[0];
    if (r === null || r === undefined || !("none" in r)) throw new Error(`expected no UN for ${line}`);
    return r.none;
  };

  it("is that no to= can be read, for a line refused before a message exists that names none", () => {
    for (const line of ["RW1 HO research-07 from=research item=gh:x ask=DRAFT ", "RW1 HO research-08 from=research item=gh:x ask=DRAFT stray"]) {
      expect(readMessage(line, resolve).message).toBeNull();
      const why = none(line);
      expect(why).not.toContain("as far as its to=");
      expect(why).toMatch(/^no to= can be read from the line, so no receiver is known/);
    }
  });

  it("is none at all when the broken line's to= can be read: its receiver refuses it", () => {
    for (const line of ["RW1 HO research-07 from=research to=writer item=gh:x ask=DRAFT ", "RW1 HO research-08 from=research to=writer item=gh:x ask=DRAFT stray"]) {
      expect(readMessage(line, resolve).message).toBeNull();
      expect(shown(refusalsOf([line])[0] ?? null)).toBe("writer-1");
    }
    // A to= that is no agent name is said to be one.
    expect(none("RW1 HO research-09 from=research to=writer\u0007 item=gh:x ask=DRAFT")).toMatch(/is not an agent name/);
  });

  it("is that the line names no to=, for a message without one", () => {
    const line = "RW1 HO research-01 from=research item=gh:x ask=DRAFT";
    expect(readMessage(line, resolve).message?.to).toBeNull();
    expect(none(line)).toMatch(/^the line names no to=, so no receiver is known/);
  });
});

describe("a receiver whose ids reach 2^53-1", () => {
  it("numbers its UNs with the lowest numbers none of its ids has, as the core's freshNumber does, and never throws", () => {
    const lines = [
      "RW1 ST writer-9007199254740991 from=writer to=research item=gh:x#1",
      "RW1 ST writer-1 from=writer to=research item=gh:x#1",
      "RW1 HO research-01 from=research to=writer item=gh:x#2 ask=NOPE",
      "RW1 HO research-02 from=research to=writer item=gh:x#3 ask=NOPE",
      "RW1 ST writer-3 from=writer to=research item=gh:x#1",
      "RW1 HO research-04 from=research to=writer item=gh:x#4 ask=NOPE",
    ];
    expect(refusalsOf(lines).map(shown)).toStrictEqual(["accepted", "accepted", "writer-2", "writer-4", "accepted", "writer-5"]);
  });
  it("never gives a number its UNs already took one past the highest, once those reach 2^53-1", () => {
    const lines = [
      "RW1 ST writer-9007199254740989 from=writer to=research item=gh:x#1",
      "RW1 HO research-01 from=research to=writer item=gh:x#2 ask=NOPE",
      "RW1 HO research-02 from=research to=writer item=gh:x#3 ask=NOPE",
      "RW1 HO research-03 from=research to=writer item=gh:x#4 ask=NOPE",
    ];
    expect(refusalsOf(lines).map(shown)).toStrictEqual(["accepted", "writer-9007199254740990", "writer-9007199254740991", "writer-1"]);
  });
});

// The legend of ANY profile compileVocabulary accepts is complete, one line per entry, and reads
// back into the vocabulary (the shipped profiles' example tests are in legend.test.ts). Profiles
// are generated with free text full of the legend's own separators, line breaks and unicode.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileVocabulary, coreVocabulary, legend, MESSAGE_TYPES } from "../../core/index.js";
import type { MessageType, ProfileFile, Vocabulary } from "../../core/index.js";
import { expectComplete, expectLeanComplete, expectReadsBack } from "../legend-reader.js";

const CORE_ASKS = [...(coreVocabulary.enums.get("ask")?.keys() ?? [])];

// Pieces a meaning is built from: the legend's separators and its own phrases, line breaks of
// every kind, controls, and unicode beyond the BMP.
const PIECES = [
  ",", ";", ":", ": ", "|", " | ", "(", ")", "=", "+", ", ", "; ", "\n", "\n\n", "\r\n", "\t", "\v", "\f", "\u0085", "\u2028", "\u2029", "\u0000", "\u001b",
  " ", "  ", "a", "x y", "é", "日本", "🙂", "(all ", "(all x)", " slots on ", "TYPES (all need from to): ", "SLOTS", "; list: ", "list:", "ENUMS", "rb readback level: ", "PROFILE x ", "// ", "PLAN", "HO",
];
const pieces = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 12 }).map((p) => p.join(""));
const text: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 4, arbitrary: pieces },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }) },
    // Long text, up to the schema's 300 characters.
    { weight: 1, arbitrary: pieces.map((p) => p.repeat(Math.ceil(300 / p.length)).slice(0, 300 - (p.length % 7))) },
  )
  // Blank text is refused (profiles/README.md); generating it would only be skipped.
  .filter((t) => t.length > 0 && t.length <= 300 && /[^\s\p{Cc}]/u.test(t));

// Codes as the schema allows them, lower case too.
const code = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,5}$/);
// Meanings that the legend prints specially: a code's own name (printed bare), and one meaning
// shared by every code (said once, in the head's `(all ...)`).
const SAME = "\u0000same";
const codes = fc.oneof(
  { weight: 3, arbitrary: fc.dictionary(code, fc.oneof({ weight: 4, arbitrary: text }, { weight: 1, arbitrary: fc.constant(SAME) }), { minKeys: 0, maxKeys: 4 }) },
  { weight: 1, arbitrary: fc.tuple(fc.uniqueArray(code, { minLength: 2, maxLength: 4 }), text).map(([cs, m]) => Object.fromEntries(cs.map((c) => [c, m]))) },
).map((d) => Object.fromEntries(Object.entries(d).map(([c, m]) => [c, m === SAME ? c.toLowerCase() : m])));
// Enum and slot names overlap on purpose: a slot named like its enum, like another enum, like a core enum.
// (`rb` is refused: it names the readback levels.)
const ENUM_NAMES = ["stage", "ans", "cur", "kind", "time", "ask", "why", "need", "token", "all", "slots", "e1"];
const SLOT_KEYS = ["stage", "ans", "cur", "kind", "time", "sup", "amt", "src", "slots", "all", "on", "e1", "s2", "s3", "s4"];
const SCALARS = ["token", "ref", "date", "time", "days", "bool", "money", "num", "msgid", "agent", "int", "int:1-5", "int:0-100", "int:3-7"];
// In any order: the placement line prints each slot's types as the profile lists them.
const types: fc.Arbitrary<MessageType[]> = fc.shuffledSubarray([...MESSAGE_TYPES], { minLength: 1 });
// Built once: a stringMatching arbitrary is costly to build inside a chain.
const ruleId = fc.stringMatching(/^[a-z][a-z0-9-]{0,5}$/);
const NAMES = ["zz", "acme", "a-b", "token", "date", "slots", "rw1"];

const profileArb: fc.Arbitrary<ProfileFile> = fc
  .record({
    profile: fc.constantFrom(...NAMES),
    version: fc.oneof(fc.constantFrom("0.1", "2"), text),
    enums: fc.dictionary(fc.constantFrom(...ENUM_NAMES), codes, { maxKeys: 4 }),
    asks: codes,
    why: fc.option(codes, { nil: undefined }),
    asksUsed: fc.option(fc.subarray(CORE_ASKS), { nil: undefined }),
    agents: fc.option(fc.array(fc.stringMatching(/^[A-Za-z0-9._-]{1,6}$/), { maxLength: 3 }), { nil: undefined }),
    ckeys: fc.option(fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,5}$/), fc.record({ desc: text, set: fc.option(fc.boolean(), { nil: undefined }) }), { maxKeys: 2 }), { nil: undefined }),
    slotKeys: fc.uniqueArray(fc.constantFrom(...SLOT_KEYS), { maxLength: 6 }),
    aliases: fc.option(fc.array(fc.uniqueArray(fc.constantFrom("cy", "welsh", "plain", "simple", "x-1"), { minLength: 2, maxLength: 3 }), { maxLength: 2 }), { nil: undefined }),
  })
  .chain((p) => {
    const enumNames = [...new Set([...Object.keys(p.enums), "ask", "why", "out", "need", "conf"])];
    const slotType = fc.oneof(
      fc.constantFrom(...SCALARS),
      fc.constantFrom(...enumNames).map((n) => `enum:${n}`),
      fc.constantFrom(...SCALARS, ...enumNames.map((n) => `enum:${n}`)).map((t) => `list:${t}`),
    );
    const slot = (key: string) =>
      fc.record(
        { key: fc.constant(key), type: slotType, on: types, required: fc.boolean(), desc: text },
        { requiredKeys: ["key", "type", "on"] },
      );
    return fc.record({ p: fc.constant(p), slots: fc.tuple(...p.slotKeys.map(slot)) });
  })
  .chain(({ p, slots }) => {
    // An exec map names the profile's asks or the core asks it uses (others are refused).
    const asks = [...(p.asksUsed ?? CORE_ASKS), ...Object.keys(p.asks)];
    const execKeys = ["item", ...slots.filter((s) => s.on.includes("RB") && s.on.includes("DN")).map((s) => s.key)];
    const keys = ["item", ...slots.map((s) => s.key)];
    const rule = fc.record(
      {
        id: ruleId,
        desc: text,
        on: types,
        when: fc.record({ item_ns: fc.constant(["inv", "doc"] as string[]), has: fc.subarray(keys) }, { requiredKeys: [] }),
        require: fc.subarray(keys),
        tail: fc.constant("required" as const),
        // The legend prints a rule's shapes too (README note 49): free text, with a placeholder.
        shape: fc.dictionary(
          fc.constantFrom(...keys),
          fc.tuple(text.filter((t) => !/[{}]/.test(t) && t.length <= 190), fc.constantFrom("", "{id}", "{n}", "{enum:ask}")).map(([t, placeholder]) => `${t}${placeholder}`),
          { maxKeys: 2 },
        ),
      },
      { requiredKeys: ["id", "desc"] },
    );
    return fc.record({
      p: fc.constant(p),
      slots: fc.constant(slots),
      exec: asks.length === 0 ? fc.constant({}) : fc.dictionary(fc.constantFrom(...asks), fc.subarray(execKeys, { minLength: 1 }), { maxKeys: 3 }),
      translation: fc.array(rule, { maxLength: 3 }),
    });
  })
  .map(({ p, slots, exec, translation }) => {
    const file: ProfileFile = { profile: p.profile, version: p.version, extends: "RW1", enums: p.enums, asks: p.asks, slots, exec, translation };
    if (p.why !== undefined) file.why = p.why;
    // A profile with execution slots lists UNDO (section 5.4; others are refused).
    if (p.asksUsed !== undefined) file.asks_used = Object.keys(exec).length > 0 && !p.asksUsed.includes("UNDO") ? [...p.asksUsed, "UNDO"] : p.asksUsed;
    if (p.agents !== undefined) file.agents = p.agents;
    if (p.ckeys !== undefined) file.ckeys = p.ckeys;
    if (p.aliases !== undefined) file.aliases = p.aliases;
    return file;
  });

/** A property of the vocabulary a generated profile compiles to; a profile compileVocabulary refuses is skipped. */
function compiled(check: (v: Vocabulary) => void): fc.IPropertyWithHooks<[ProfileFile]> {
  return fc.property(profileArb, (file) => {
    const r = compileVocabulary(coreVocabulary, file);
    fc.pre(r.ok);
    check(r.value as Vocabulary);
  });
}

// A line ends only at "\n": no other line break (CR, VT, FF, NEL, LS, PS) and no control character.
const BREAK = /[\r\v\f\u0085\u2028\u2029\p{Cc}]/u;
const RUNS = { numRuns: 200, seed: 20261130 };

describe("the legend of any accepted profile", () => {
  for (const lean of [false, true]) {
    const name = lean ? "lean" : "full";
    it(`${name}: is complete`, () => {
      fc.assert(
        compiled((v) => (lean ? expectLeanComplete(v, legend(v, { lean })) : expectComplete(v, legend(v)))),
        RUNS,
      );
    });
    it(`${name}: reads back into the vocabulary`, () => {
      fc.assert(
        compiled((v) => expectReadsBack(v, legend(v, { lean }), lean)),
        RUNS,
      );
    });
    it(`${name}: is one entry a line, sections apart by one blank line, no line broken by data`, () => {
      fc.assert(
        compiled((v) => {
          const text = legend(v, { lean });
          const sections = text.split("\n\n");
          expect(sections.map((s) => s.split("\n")[0]?.split(" ")[0])).toStrictEqual(["RW1", "TYPES", "SLOTS", "ENUMS", ...(lean ? [] : ["CRITERIA"]), "PROFILE"]);
          for (const line of sections.flatMap((s) => s.split("\n"))) {
            expect(BREAK.test(line), JSON.stringify(line)).toBe(false);
            expect(line.trim(), JSON.stringify(line)).not.toBe("");
          }
        }),
        RUNS,
      );
    });
  }
});

// core/json-form.ts checks the JSON form by hand; it replaced a valibot schema, kept as a reference
// in json-form-reference.ts. Over generated inputs the two must accept the same forms and name the
// same paths, and every message the reader wrote itself must be word for word the same, except where
// the reader departs from the reference on purpose (README conformance note 2): a list is not an
// object, at the top level or as `slots`, and every unknown top-level field is named, not the first.
import fc from "fast-check";
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { messageFromJson, messageSchema } from "../../core/index.js";
import { FINDINGS_MAX } from "../../core/finding.js";
import { _cut } from "../../core/_chars.js";
import type { Finding, Result } from "../../core/index.js";
import { referenceMessageFromJson } from "./json-form-reference.js";

const good = { v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: "x", slots: { ask: "DRAFT", pri: 2, keep: ["b", "a"], ok: true }, tail: "t" };
const FIELDS = ["v", "type", "id", "re", "from", "to", "item", "slots", "tail"] as const;

// Values a field or slot may wrongly hold: every JSON type, and the strings and numbers a type
// check alone would let through.
const odd = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom("", "\ud800", "a\udc00b", "\u{1F600}", "x\ny", "a\u0001", "a\u2028b", "\u0085", 1.5, 2 ** 53, -(2 ** 60), 1e300, [], {}, [[1]], [1, [2]], ["a", 1.5, "\udfff"], [null], [{}]),
);
const slotKey = fc.oneof(fc.constantFrom("ask", "x_n", "re", "from", "to", "item", "Ask", "1a", "a-b", "a.b", "", "k\u00e9", "0"), fc.string({ maxLength: 6 }));
const topKey = fc.oneof(fc.constantFrom(...FIELDS, "extra", "slot", "V", "0"), fc.string({ maxLength: 6 }));

type Form = Record<string, unknown>;
// Each form gets its own copy of every value it is given: constantFrom hands out the same `[]` and
// `{}` on every run, and a later mutation writes into a form's `slots`, which may be one of them.
// Shared, they grew from run to run (an array came to hold itself), until a long run of the
// suite ran out of memory (4 GB, at random).
const own = structuredClone;
// A mutation may have made `slots` an array, and fast-check's strings include "length": setting
// an array's length to 1.5 throws a RangeError, which is the test's own fault, not the reader's.
const setSlot = (f: Form, k: string, x: unknown): void => {
  const slots = f["slots"] as Form;
  if (Array.isArray(slots) && k === "length") return;
  slots[k] = own(x);
};
const mutation: fc.Arbitrary<(f: Form) => void> = fc.oneof(
  fc.tuple(fc.constantFrom(...FIELDS), odd).map(([k, x]) => (f: Form) => void (f[k] = own(x))),
  fc.constantFrom(...FIELDS).map((k) => (f: Form) => void delete f[k]),
  fc.tuple(topKey, odd).map(([k, x]) => (f: Form) => void (f[k] = own(x))),
  fc.tuple(slotKey, odd).map(([k, x]) => (f: Form) => setSlot(f, k, x)),
  fc.tuple(slotKey, fc.constantFrom("DRAFT", 3, false, ["a"])).map(([k, x]) => (f: Form) => setSlot(f, k, x)),
  fc.constantFrom(...Object.keys(good.slots)).map((k) => (f: Form) => void delete (f["slots"] as Form)[k]),
);
const mutatedForm = fc.array(mutation, { minLength: 1, maxLength: 5 }).map((ms) => {
  const form: Form = { ...good, slots: { ...good.slots } };
  for (const m of ms) if (form["slots"] !== null && typeof form["slots"] === "object") m(form);
  return form;
});

const paths = (r: Result<unknown>): (string | undefined)[] => r.findings.map((f) => f.slot);
// valibot's generic "Invalid type: Expected X but received Y" is the one wording the reader does not keep.
const ownWords = (f: Finding): boolean => !f.message.includes(": Invalid type: ") && !f.message.startsWith("message: ");

const isObject = (x: unknown): x is Record<string, unknown> => x !== null && typeof x === "object";
const unknownFields = (form: Record<string, unknown>): string[] => Object.keys(form).filter((k) => !(FIELDS as readonly string[]).includes(k));
/** The inputs the reader reads otherwise than the reference, on purpose. */
const departs = (input: unknown): boolean =>
  Array.isArray(input) || (isObject(input) && (Array.isArray(input["slots"]) || unknownFields(input).length > 1));

function sameAsReference(input: unknown): void {
  if (departs(input)) return;
  const now = messageFromJson(input);
  const before = referenceMessageFromJson(input);
  expect(now.ok).toBe(before.ok);
  expect(paths(now)).toStrictEqual(paths(before));
  expect(now.findings.map((f) => f.code)).toStrictEqual(before.findings.map((f) => f.code));
  before.findings.forEach((f, i) => {
    if (ownWords(f)) expect(now.findings[i]).toStrictEqual(f);
  });
  if (now.ok && before.ok) expect(now.value).toStrictEqual(before.value);
}

describe("messageFromJson gives what the valibot schema it replaced gave", () => {
  it("for any JSON value", () => {
    fc.assert(fc.property(fc.jsonValue(), sameAsReference), { numRuns: 1000 });
  });
  it("for JSON forms changed field by field: wrong types, missing fields, extra keys, bad slot keys and values", () => {
    fc.assert(fc.property(mutatedForm, sameAsReference), { numRuns: 3000 });
  });
  it("for the forms the reference cuts to FINDINGS_MAX findings", () => {
    const slots = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`K${i}`, i % 2 === 0 ? 1.5 : null]));
    sameAsReference({ ...good, slots });
  });
});

describe("messageFromJson departs from the reference where it was lax", () => {
  const said = (input: unknown): string[] => messageFromJson(input).findings.map((f) => f.message);
  it("a list is not an object: not a message, and not a message's slots", () => {
    expect(said([])[0]).toMatch(/^message: not an object \(received a list\); the JSON form is one object/);
    expect(said([{ ...good }])).toHaveLength(1);
    expect(said({ ...good, slots: [] })).toStrictEqual(["slots: not an object (received a list)"]);
    expect(said({ ...good, slots: ["DRAFT"] })).toStrictEqual(["slots: not an object (received a list)"]);
    expect(messageFromJson({ ...good, slots: {} }).ok).toBe(true);
  });
  it("names every field the form does not have, in order, and counts past the cut", () => {
    expect(messageFromJson({ ...good, zeta: 1, alpha: 2, V: 3 }).findings.map((f) => f.slot)).toStrictEqual(["zeta", "alpha", "V"]);
    const many = { ...good, ...Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`k${i}`, i])) };
    const findings = messageFromJson(many).findings;
    expect(findings).toHaveLength(FINDINGS_MAX + 1);
    expect(findings.slice(0, FINDINGS_MAX).map((f) => f.slot)).toStrictEqual(Array.from({ length: FINDINGS_MAX }, (_, i) => `k${i}`));
    expect(findings[FINDINGS_MAX]).toMatchObject({ code: "FINDINGS_CUT", received: String(250 - FINDINGS_MAX) });
  });
  it("over generated forms, one finding per unknown field, as many as it has", () => {
    fc.assert(
      fc.property(mutatedForm, (form) => {
        const { findings } = messageFromJson(form);
        const named = findings.filter((f) => f.message.includes("not a field of the JSON form"));
        // A reserved key anywhere (a generated slot value may hold "prototype") is refused first,
        // alone: the reader looks no further into a form that could pollute a prototype.
        const reserved = findings.some((f) => f.message.endsWith("this key is reserved and cannot be a slot"));
        expect(named.map((f) => f.slot)).toStrictEqual(reserved ? [] : unknownFields(form).map(_cut));
      }),
      { numRuns: 1000 },
    );
  });
});

describe("messageFromJson says what a field holds in its own words", () => {
  const said = (input: unknown): string[] => messageFromJson(input).findings.map((f) => f.message);
  it("a field, a slot and a list of the wrong type, never quoting a whole value", () => {
    expect(said({ ...good, to: 7, v: ["RW1"] })).toStrictEqual(["v: not a string (received a list)", "to: not a string or null (received 7)"]);
    expect(said({ ...good, slots: null })).toStrictEqual(["slots: not an object (received null)"]);
    expect(said({ ...good, slots: { ask: { x: 1 }, opts: [1, [2]] } })).toStrictEqual([
      "slots.ask: not a string, integer, boolean or list of them (received an object)",
      "slots.opts: a list holds only strings, integers and booleans (item 1 is a list)",
    ]);
    expect(said({ ...good, item: 1e300, id: `${"x".repeat(100)}` })[0]).toBe("item: not a string or null (received 1e+300)");
    expect(said({ ...good, slots: "x".repeat(1000) })).toStrictEqual([`slots: not an object (received "${"x".repeat(40)}...")`]);
  });
  it("an input that is not an object is said to be one, not a field the form lacks", () => {
    expect(said(null)).toStrictEqual(["message: not an object (received null); the JSON form is one object of the fields v, type, id, re, from, to, item, slots, tail"]);
    expect(said("RW1 HO a-1")[0]).toMatch(/^message: not an object \(received "RW1 HO a-1"\)/);
  });
});

describe("messageSchema is messageFromJson as a valibot schema", () => {
  it("gives the message read, or one issue per finding with its words and path", () => {
    expect(v.parse(messageSchema, good)).toStrictEqual(messageFromJson(good).value);
    const bad = v.safeParse(messageSchema, { ...good, to: 7, slots: { ...good.slots, opts: ["a", 1.5] } });
    expect(bad.success).toBe(false);
    expect(bad.issues?.map((i) => [v.getDotPath(i), i.message])).toStrictEqual([
      ["to", "not a string or null (received 7)"],
      ["slots.opts.1", "is a number that is not a safe integer"],
    ]);
    expect(v.safeParse(messageSchema, 5).issues?.map((i) => [v.getDotPath(i), i.message])).toStrictEqual([[null, messageFromJson(5).findings[0]?.message]]);
  });
  it("refuses the reserved keys a schema would drop, as messageFromJson does", () => {
    const input = JSON.parse('{"v":"RW1","type":"HO","id":"a-1","re":null,"from":"a","to":"b","item":"x","slots":{"ask":"DRAFT","__proto__":"x"},"tail":null}') as unknown;
    expect(v.safeParse(messageSchema, input).success).toBe(false);
  });
});

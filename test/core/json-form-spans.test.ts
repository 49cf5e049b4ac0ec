// Where a JSON form's values lie in its text: what a reader (the playground) underlines for a
// finding that names a field or a slot, as slotPositions places a line's.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonFormSpans, jsonSlotSpan, profileResolver, readMessage } from "../../core/index.js";
import type { TextSpan } from "../../core/index.js";
import { vocabularies } from "../vocabularies.js";

const { pay } = vocabularies();
const resolve = profileResolver(null, (p) => (p === "pay" ? pay : undefined));
const cut = (text: string, span: TextSpan | undefined): string | undefined => (span === undefined ? undefined : text.slice(span.start, span.end));

describe("jsonFormSpans", () => {
  it("finds every top-level field and every slot, however the text is laid out", () => {
    const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/);
    const scalar = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
    const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }), fc.dictionary(key, scalar, { maxKeys: 3 }));
    const form = fc.record({ v: fc.string(), type: fc.string(), id: fc.string(), re: fc.oneof(fc.string(), fc.constant(null)), slots: fc.dictionary(key, value, { maxKeys: 6 }), tail: value });
    fc.assert(
      fc.property(form, fc.constantFrom(0, 1, 2, "\t"), (message, indent) => {
        const text = JSON.stringify(message, null, indent);
        const spans = jsonFormSpans(text);
        for (const [field, v] of Object.entries(message)) expect(JSON.parse(cut(text, spans.get(field)) as string)).toEqual(v);
        for (const [k, v] of Object.entries(message.slots)) expect(JSON.parse(cut(text, spans.get(`slots.${k}`)) as string)).toEqual(v);
        // Nothing below a slot is recorded: a slot's own object keys are not slots.
        expect([...spans.keys()].every((name) => !name.startsWith("slots.") || Object.hasOwn(message.slots, name.slice(6)))).toBe(true);
      }),
    );
  });

  it("reads a key's escapes, and keeps a key that names the object's prototype", () => {
    const text = '{ "slots" : { "\\u0061mt" : "5,400" , "__proto__": 1 }, "tail": "a \\" } b" }';
    const spans = jsonFormSpans(text);
    expect(cut(text, spans.get("slots.amt"))).toBe('"5,400"');
    expect(cut(text, spans.get("slots.__proto__"))).toBe("1");
    expect(cut(text, spans.get("tail"))).toBe('"a \\" } b"');
  });

  it("never throws on text that is not JSON, and is not stopped by nesting deeper than a stack", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        for (const span of jsonFormSpans(text).values()) expect(span.start <= span.end && span.end <= text.length).toBe(true);
      }),
    );
    const deep = `{"slots":{"a":${"[".repeat(200_000)}${"]".repeat(200_000)}},"tail":null}`;
    const spans = jsonFormSpans(deep);
    expect(spans.get("slots.a")).toStrictEqual({ start: 14, end: 14 + 400_000 });
    expect(cut(deep, spans.get("tail"))).toBe("null");
  });
});

describe("jsonSlotSpan places the findings of a JSON form on their values", () => {
  const placed = (text: string): [string, string | undefined][] => {
    const spans = jsonFormSpans(text);
    return readMessage(text, resolve).findings.map((f) => [f.code, f.slot === undefined ? undefined : cut(text, jsonSlotSpan(spans, f.slot))]);
  };

  it("a slot validate names by its key, an envelope field and the version", () => {
    expect(placed('{"v":"RW1","type":"HO","id":"b-1","re":null,"from":"a","to":"b","item":"x:1","slots":{"p":"pay","ask":"PAY","amt":"lots","zz":"1"},"tail":null}')).toStrictEqual([
      ["ID_FROM", '"b-1"'],
      ["VALUE_TYPE", '"lots"'],
      ["SLOT_UNKNOWN", '"1"'],
    ]);
    expect(placed('{"v": "RW2", "type": "HO"}')).toStrictEqual([["VERSION", '"RW2"']]);
  });

  it("a finding about a key named like a field is placed on the slot, given the finding's code", () => {
    const text = '{"v":"RW1","type":"HO","id":"a-9","re":null,"from":"a","to":"b","item":"x:1","slots":{"ask":"DRAFT","v":1,"id":2,"tail":3},"tail":null}';
    const spans = jsonFormSpans(text);
    const findings = readMessage(text, resolve).findings;
    const at = (code: string): [string, string | undefined][] =>
      findings.filter((f) => f.code === code).map((f) => [f.slot as string, cut(text, jsonSlotSpan(spans, f.slot as string, f.code))]);
    expect(at("VALUE_TYPE")).toStrictEqual([["v", "1"], ["id", "2"], ["tail", "3"]]);
    expect(at("SLOT_UNKNOWN")).toStrictEqual([["v", "1"], ["id", "2"], ["tail", "3"]]);
    // A finding about the field itself stays on the field.
    const bad = '{"v":"RW1","type":"HO","id":"b-9","re":null,"from":"a","to":"b","item":"x:1","slots":{"ask":"DRAFT","id":"x"},"tail":null}';
    const f = readMessage(bad, resolve).findings.find((x) => x.code === "ID_FROM");
    expect(cut(bad, jsonSlotSpan(jsonFormSpans(bad), "id", f?.code))).toBe('"b-9"');
  });

  it("a shape finding's path, a list's item by its list, and no span for a field left out", () => {
    expect(placed('{"v":"RW1","type":"HO","id":"a-1","from":"a","to":7,"item":"x:1","slots":{"ask":"DRAFT","opts":[1,{"a":2}]},"tail":"","more":true}')).toStrictEqual([
      ["JSON_SHAPE", undefined],
      ["JSON_SHAPE", "7"],
      ["JSON_SHAPE", '[1,{"a":2}]'],
      ["JSON_SHAPE", '""'],
      ["JSON_SHAPE", "true"],
    ]);
  });
});

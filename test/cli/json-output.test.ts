// Reports written as one line of JSON a member at a time: the same text as jsonText, never one string.
import fc from "fast-check";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { jsonText, jsonTextPieces } from "../../cli/json-text.js";
import { Output } from "../../cli/output.js";

/** An Output over a stream that keeps each write. */
function captured(): { out: Output; writes: string[] } {
  const writes: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString("utf8"));
      done();
    },
  });
  return { out: new Output(stream), writes };
}

describe("jsonTextPieces", () => {
  it("pieces that join to jsonText's text, whatever the value", () => {
    const value = fc.oneof(fc.jsonValue(), fc.anything({ withNullPrototype: true, withBoxedValues: true, withMap: true, withSet: true, withDate: true, withTypedArray: true, withSparseArray: true }));
    // A report is a value: undefined has no JSON text at the top (jsonText is never given it).
    fc.assert(fc.property(value.filter((v) => v !== undefined), (v) => [...jsonTextPieces(v)].join("") === jsonText(v)), { numRuns: 2_000 });
    // What JSON.stringify leaves out of an object, or writes as null in a list; a C1 control and U+2028 escaped.
    const odd = { a: undefined, b: () => 1, c: [undefined, () => 1, Symbol("s")], d: "\u009b\u2028", e: new Date(0), f: { toJSON: () => "j" } };
    expect([...jsonTextPieces(odd)].join("")).toBe(jsonText(odd));
  });
});

describe("Output.json", () => {
  it("writes a report of 50,000 entries in chunks, never as one string, with the same text as jsonText", async () => {
    // check-thread --json of 3.7 million refused lines built one string past the engine's limit
    // (about 512 MiB): "rw: internal error: Invalid string length", exit 70.
    const rejected = Array.from({ length: 50_000 }, (_, i) => ({ line: i + 1, findings: [{ code: "MISSING_SLOT", message: "the HO has no from=" }] }));
    const report = { ok: false, findings: [], counts: { messages: 0 }, invalid: rejected.length, rejected };
    const { out, writes } = captured();
    await out.json(report);
    await out.flush();
    expect(writes.join("")).toBe(`${jsonText(report)}\n`);
    expect(writes.length).toBeGreaterThan(50);
    const entry = jsonText(rejected[0]).length + 16;
    for (const w of writes) expect(w.length).toBeLessThanOrEqual(64 * 1024 + entry);
  });
});

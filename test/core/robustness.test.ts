// Robustness: every function that reads outside input answers any input with a typed value, and
// every function that takes what those readers return (refused messages included) never crashes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  canonicalJson,
  checkDone,
  checkHandoff,
  checkLine,
  checkMessage,
  checkProfile,
  checkReadback,
  checkRelay,
  checkThread,
  compileVocabulary,
  coreVocabulary,
  createThreadAudit,
  digest,
  FINDING_CODES,
  hasError,
  formatLine,
  isAgent,
  isDate,
  isJsonForm,
  isMessageId,
  isTime,
  legend,
  makeReadback,
  messageNumber,
  normaliseValue,
  parseCriteria,
  compareCriteria,
  parseJsonText,
  parseLine,
  parseSlotType,
  profileOf,
  profileResolver,
  readbackSet,
  readbackVerdict,
  readMessage,
  messageFromJson,
  readRecord,
  refusal,
  replyAhead,
  sameMessage,
  validate,
  withoutBom,
  afterDate,
  afterTime,
} from "../../core/index.js";
import type { Finding, Message, Vocabulary } from "../../core/index.js";
import { arbitraryMessage } from "../arbitraries.js";
import { shippedProfiles, shippedVocabulary } from "../../profiles/index.js";
import { sectionEight } from "../spec-examples.js";
import { vocabularies } from "../vocabularies.js";

const all = vocabularies();
// The resolver the adapters build (a p= naming no shipped profile reads with the core, which refuses it).
const resolve = profileResolver(null, shippedVocabulary);
const vocabs: Vocabulary[] = [coreVocabulary, ...Object.values(all)];
// By index, so a counterexample prints a number, not a whole vocabulary.
const vocabArb = fc.nat({ max: vocabs.length - 1 }).map((i) => vocabs[i] as Vocabulary);

function typed(findings: readonly Finding[]): void {
  expect(Array.isArray(findings)).toBe(true);
  expect(findings.length).toBeLessThanOrEqual(101); // FINDINGS_MAX and one FINDINGS_CUT note
  for (const f of findings) {
    expect(Object.hasOwn(FINDING_CODES, f.code)).toBe(true);
    expect(FINDING_CODES[f.code]).toBe(f.severity);
    expect(typeof f.message).toBe("string");
    if (f.at !== undefined) expect(Number.isInteger(f.at) && f.at >= 0).toBe(true);
  }
}

// Keys that an object's prototype already answers for, next to real slot names.
const hostileKeys = ["constructor", "toString", "valueOf", "hasOwnProperty", "__proto__", "prototype", "isPrototypeOf", "propertyIsEnumerable", "__defineGetter__", "toLocaleString"];
const slotNames = [...new Set(vocabs.flatMap((v) => [...v.slots.keys()]))];
const keyArb = fc.oneof(fc.constantFrom(...hostileKeys), fc.constantFrom(...slotNames), fc.string({ maxLength: 8 }), fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/));

const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
  { weight: 2, arbitrary: fc.constantFrom(...hostileKeys, "RW1", "HO", "a-1", "", " ", "human", "20261002", "20261002T1200Z", "len:120w", "x:", ":", "+", "a+b") },
  { weight: 2, arbitrary: fc.stringMatching(/^[A-Za-z0-9:+._#\/-]{0,20}$/) },
);
const scalar = fc.oneof(text, fc.integer(), fc.boolean(), fc.double(), fc.constant(null));
const slotValue = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }));

/** JSON values shaped like a JSON form: right fields, any values, hostile keys. */
const messageLike = fc
  .record(
    {
      v: fc.oneof(fc.constant("RW1"), text),
      type: fc.oneof(fc.constantFrom("HO", "RB", "AQ", "AN", "ST", "DN", "UN", "FL", "CX"), text),
      id: fc.oneof(fc.constantFrom("a-1", "b-2", "a-2", "human-1"), text),
      re: fc.oneof(fc.constant(null), fc.constantFrom("a-1", "b-1"), text),
      from: fc.oneof(fc.constant(null), fc.constantFrom("a", "b", "human"), text),
      to: fc.oneof(fc.constant(null), fc.constantFrom("a", "b", "human"), text),
      item: fc.oneof(fc.constant(null), fc.constantFrom("x", "y"), text),
      slots: fc.dictionary(keyArb, slotValue, { maxKeys: 6 }),
      tail: fc.oneof(fc.constant(null), text),
    },
    { requiredKeys: [] },
  )
  .chain((m) => fc.oneof(fc.constant(m), fc.dictionary(keyArb, slotValue, { maxKeys: 3 }).map((extra) => ({ ...extra, ...m }))));

const anyJson = fc.oneof(fc.jsonValue({ maxDepth: 4 }), messageLike, fc.dictionary(keyArb, slotValue, { maxKeys: 6 }), fc.array(messageLike, { maxLength: 3 }));

const mutatedLine = fc
  .tuple(
    fc.constantFrom(...sectionEight),
    fc.array(fc.tuple(fc.nat(), fc.oneof(fc.string({ unit: "binary", maxLength: 3 }), fc.constantFrom(...hostileKeys.map((k) => ` ${k}=1`), " p=pay", " p=clin", " rb=exec", " rb=acc", " x_tok=0", " acc=", "+", "="))), { maxLength: 4 }),
  )
  .map(([line, edits]) => {
    let s = line;
    for (const [at, t] of edits) {
      const i = at % (s.length + 1);
      s = s.slice(0, i) + t + s.slice(i + 1);
    }
    return s;
  });

const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  mutatedLine,
  anyJson.map((j) => JSON.stringify(j) ?? "null"),
);

/** Messages as the readers return them: accepted or refused, from lines and from JSON forms. */
const readMessageArb: fc.Arbitrary<Message> = fc
  .oneof(
    mutatedLine.map((l) => checkLine(l, resolve).message),
    messageLike.map((m) => checkMessage(m, resolve).message),
    vocabArb.chain((v) => arbitraryMessage(v)),
  )
  .filter((m): m is Message => m !== null);

// Bounded for a shared machine; FUZZ_RUNS=2000 for a deeper run.
const RUNS = Number(process.env["FUZZ_RUNS"] ?? 100);
const opts = { numRuns: RUNS };


describe("readers of outside input answer anything with a typed value", () => {
  it("parseLine, checkLine, readMessage, profileOf, isJsonForm, withoutBom on any text", () => {
    fc.assert(
      fc.property(anyText, vocabArb, (t, vocab) => {
        const p = parseLine(t, vocab);
        typed(p.findings);
        const c = checkLine(t, resolve);
        typed(c.findings);
        const r = readMessage(t, resolve);
        typed(r.findings);
        expect(typeof r.ok).toBe("boolean");
        const po = profileOf(t);
        expect(po === null || typeof po === "string").toBe(true);
        expect(typeof isJsonForm(t)).toBe("boolean");
        expect(typeof withoutBom(t)).toBe("string");
        for (const f of [isAgent, isDate, isTime, isMessageId]) expect(typeof f(t)).toBe("boolean");
        expect(typeof messageNumber(t)).toBe("number");
        const st = parseSlotType(t);
        expect(st === null || typeof st === "object").toBe(true);
      }),
      { numRuns: RUNS * 3 },
    );
  });

  it("parseJsonText on any text", () => {
    fc.assert(
      fc.property(anyText, (t) => {
        const j = parseJsonText(t);
        expect(typeof j.ok).toBe("boolean");
        if (!j.ok) expect(["syntax", "duplicate-key"]).toContain(j.problem);
      }),
      { numRuns: RUNS * 3 },
    );
  });

  it("checkMessage, readMessage, readRecord on any JSON value", () => {
    fc.assert(
      fc.property(anyJson, vocabArb, (value, vocab) => {
        const c = checkMessage(value, resolve);
        typed(c.findings);
        expect(c.ok === (c.message !== null && !c.findings.some((f) => f.severity === "error"))).toBe(true);
        if (value !== null && typeof value === "object") typed(readMessage(value, resolve).findings);
        const r = readRecord(value, vocab);
        typed(r.findings);
        expect(r.ok === (r.value !== null)).toBe(true);
      }),
      opts,
    );
  });

  it("parseCriteria and normaliseValue on any text or list", () => {
    fc.assert(
      fc.property(fc.oneof(anyText, fc.array(text, { maxLength: 5 })), vocabArb, (input, vocab) => {
        const p = parseCriteria(input);
        typed(p.findings);
        typed(compareCriteria(p.constraints, p.constraints, vocab));
        if (typeof input === "string") normaliseValue(input, vocab);
      }),
      opts,
    );
  });

  it("checkProfile and compileVocabulary on any JSON value", () => {
    const profileLike = fc.record(
      {
        name: text,
        version: fc.oneof(text, fc.integer()),
        slots: fc.oneof(fc.dictionary(keyArb, fc.oneof(text, fc.dictionary(keyArb, slotValue, { maxKeys: 3 }))), fc.jsonValue({ maxDepth: 2 })),
        enums: fc.oneof(fc.dictionary(keyArb, fc.dictionary(keyArb, text, { maxKeys: 3 })), fc.jsonValue({ maxDepth: 2 })),
        types: fc.jsonValue({ maxDepth: 3 }),
        agents: fc.oneof(fc.array(text), fc.jsonValue({ maxDepth: 2 })),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(anyJson, profileLike), (value) => {
        typed(checkProfile(coreVocabulary, value).findings);
        const c = compileVocabulary(coreVocabulary, value);
        typed(c.findings);
        if (c.ok) {
          expect(typeof legend(c.value)).toBe("string");
          expect(typeof legend(c.value, { lean: true })).toBe("string");
        }
      }),
      opts,
    );
  });

  // The recursive definition, for values shallow enough for it.
  const reference = (v: unknown): string => {
    if (v === null || typeof v !== "object") return JSON.stringify(v);
    if (Array.isArray(v)) return `[${v.map(reference).join(",")}]`;
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o).sort().map((k) => `${JSON.stringify(k)}:${reference(o[k])}`).join(",")}}`;
  };
  it("canonicalJson on any JSON value", () => {
    fc.assert(
      fc.property(anyJson, (value) => {
        const text = canonicalJson(value);
        expect(text).toBe(reference(value));
        expect(canonicalJson(JSON.parse(text))).toBe(text);
      }),
      opts,
    );
  });

  it("afterTime and afterDate on any text: a moment for a real time or date, else a labelled RangeError", () => {
    const moment = (f: (t: string) => number, t: string): number | "RangeError" => {
      try {
        return f(t);
      } catch (error) {
        if (error instanceof RangeError) return "RangeError";
        throw error;
      }
    };
    fc.assert(
      fc.property(fc.oneof(anyText, fc.stringMatching(/^\d{8}(T\d{4}Z)?$/)), (t) => {
        const time = moment(afterTime, t);
        expect(isTime(t) ? Number.isFinite(time) : time === "RangeError").toBe(true);
        const date = moment(afterDate, t);
        expect(isDate(t) ? Number.isFinite(date) : date === "RangeError").toBe(true);
      }),
      opts,
    );
  });
});

describe("functions over read messages never crash on what the readers return", () => {
  it("validate, formatLine, digest, refusal, readbackSet, replyAhead, sameMessage", () => {
    fc.assert(
      fc.property(readMessageArb, readMessageArb, vocabArb, (m, other, vocab) => {
        typed(validate(m, vocab));
        const f = formatLine(m);
        typed(f.findings);
        expect(typeof digest(m)).toBe("string");
        const found = validate(m, vocab);
        if (hasError(found)) typed(refusal(m, found, "b", 3).findings);
        readbackSet(m, vocab);
        const ahead = replyAhead(m, (id) => id === other.id);
        if (ahead !== null) typed([ahead]);
        expect(typeof sameMessage(m, other)).toBe("boolean");
      }),
      opts,
    );
  });

  it("refusal of an envelope recovered from a refused line", () => {
    fc.assert(
      fc.property(anyText, (t) => {
        const c = checkLine(t, resolve);
        if (!c.ok) typed(refusal(c.message ?? c.envelope, c.findings, "b", 2).findings);
        const r = readMessage(t, resolve);
        if (!r.ok) typed(refusal(r.message ?? r.envelope, r.findings, "b", 2).findings);
      }),
      opts,
    );
  });

  it("makeReadback, checkReadback, readbackVerdict, checkHandoff, checkRelay, checkDone", () => {
    fc.assert(
      fc.property(readMessageArb, readMessageArb, anyJson, vocabArb, fc.option(fc.array(text, { maxLength: 3 }), { nil: undefined }), (ho, reply, recordJson, vocab, acc) => {
        const rb = makeReadback(ho, { n: 2, ...(acc === undefined ? {} : { acc }) }, vocab);
        typed(rb.findings);
        const report = checkReadback(ho, rb.ok ? rb.value : reply, vocab, { ...(acc === undefined ? {} : { expectAcc: acc }) });
        for (const t of report.tiers) typed(t.findings);
        expect(typeof readbackVerdict(report)).toBe("string");
        typed(checkReadback(ho, reply, vocab).tiers.flatMap((t) => t.findings));
        const rec = readRecord(recordJson, vocab);
        if (rec.ok) {
          typed(checkHandoff(ho, rec.value, vocab).findings);
          typed(checkReadback(ho, reply, vocab, { record: rec.value.values }).tiers.flatMap((t) => t.findings));
        }
        typed(checkRelay(ho, reply, vocab).findings);
        // adds from outside are read by the core as a record's values are: any JSON gets a typed answer.
        typed(checkRelay(ho, reply, vocab, recordJson as Record<string, string>).findings);
        typed(checkDone(ho, reply, vocab).findings);
        typed(checkDone(ho, reply, vocab, rb.ok ? rb.value : reply).findings);
      }),
      opts,
    );
  });

  it("checkThread and createThreadAudit", () => {
    fc.assert(
      fc.property(fc.array(readMessageArb, { maxLength: 8 }), fc.option(fc.constantFrom("20261001T0000Z", "20300101T0000Z"), { nil: undefined }), (messages, now) => {
        const report = checkThread(messages, { vocabulary: resolve, ...(now === undefined ? {} : { now }) });
        typed(report.findings);
        const audit = createThreadAudit({ vocabulary: resolve });
        messages.forEach((m, i) => typed(audit.add(m, i + 1)));
        typed(audit.report(now ?? null).findings);
        audit.handoffs(now ?? null);
        typed(audit.finish().findings);
      }),
      opts,
    );
  });
});

// Near-valid input, where the checks past the shape run: shipped profiles and valid messages with
// one part replaced by something arbitrary.
const profileTexts = Object.values(shippedProfiles).map((p) => JSON.stringify(p));

/** Replaces the value at a random path of a JSON value (objects and arrays walked by index). */
function mutate(value: unknown, path: readonly number[], replacement: unknown): unknown {
  if (path.length === 0 || value === null || typeof value !== "object") return replacement;
  const [head, ...rest] = path as [number, ...number[]];
  if (Array.isArray(value)) {
    if (value.length === 0) return [replacement];
    const i = head % value.length;
    return value.map((x, j) => (j === i ? mutate(x, rest, replacement) : x));
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return { x: replacement };
  const k = keys[head % keys.length] as string;
  return { ...(value as Record<string, unknown>), [k]: mutate((value as Record<string, unknown>)[k], rest, replacement) };
}

const replacement = fc.oneof(slotValue, text, fc.constantFrom("list:token", "list:list:token", "enum:ask", "int:1-5", "{id}-{n}", "{enum:kind}:{id}", "{n}{n}", "money", "HO", "RB", "DN"));

describe("near-valid input", () => {
  it("compileVocabulary on shipped profiles with one value replaced", () => {
    fc.assert(
      fc.property(fc.nat({ max: profileTexts.length - 1 }), fc.array(fc.nat(), { minLength: 1, maxLength: 5 }), replacement, (i, path, r) => {
        const file = mutate(JSON.parse(profileTexts[i] as string), path, r);
        const c = compileVocabulary(coreVocabulary, file);
        typed(c.findings);
        if (c.ok) {
          expect(typeof legend(c.value)).toBe("string");
          const lines = sectionEight.map((l) => checkLine(l, c.value));
          for (const l of lines) typed(l.findings);
        }
      }),
      opts,
    );
  });

  const nearMessage = fc
    .tuple(vocabArb.chain((v) => arbitraryMessage(v)), fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), replacement)
    .map(([m, path, r]) => checkMessage(mutate(m, path, r), resolve).message)
    .filter((m): m is Message => m !== null);

  it("every check over valid messages with one value replaced", () => {
    fc.assert(
      fc.property(nearMessage, nearMessage, vocabArb, (ho, other, vocab) => {
        typed(validate(ho, vocab));
        typed(formatLine(ho).findings);
        digest(ho);
        const rb = makeReadback(ho, { n: 1, acc: ["len:120w"], do: "copy", exec: {} }, vocab);
        typed(rb.findings);
        typed(checkReadback(ho, other, vocab, { expectAcc: "len:120w+tone:plain", record: { amt: "1.00", item: "x" } }).tiers.flatMap((t) => t.findings));
        typed(checkDone(ho, other, vocab, rb.ok ? rb.value : other).findings);
        // A value the core's `due` admits: adds it refuses would end the check before the comparison.
        typed(checkRelay(ho, other, vocab, { due: "20261002" }).findings);
        typed(checkThread([ho, other], { vocabulary: resolve, now: "20261001T0000Z" }).findings);
      }),
      opts,
    );
  });
});

describe("an object no JSON text makes: a cycle, or one object under many keys", () => {
  it("is answered at once by the readers of JSON values, never walked without end", () => {
    const loop: unknown[] = [];
    loop.push(loop);
    const self: Record<string, unknown> = {};
    self["self"] = self;
    const form = (slots: unknown) => ({ v: "RW1", type: "HO", id: "a-1", re: null, from: "a", to: "b", item: "x", slots, tail: null });
    expect(messageFromJson(form({ ask: "DRAFT", keep: loop })).findings.map((f) => f.message)).toStrictEqual(["slots.keep: a list holds only strings, integers and booleans (item 0 is a list)"]);
    expect(messageFromJson(form({ ask: "DRAFT", x_o: self })).findings.map((f) => f.message)).toStrictEqual(["slots.x_o: not a string, integer, boolean or list of them (received an object)"]);
    expect(messageFromJson(form(loop)).ok).toBe(false);
    expect(compileVocabulary(coreVocabulary, { name: "loop", version: "1", enums: { e: loop }, slots: { s: self } }).ok).toBe(false);
    // Shared, not cyclic: 40 levels of one list held twice are 2^40 paths, each object walked once.
    let shared: unknown = "DRAFT";
    for (let i = 0; i < 40; i++) shared = [shared, shared];
    expect(messageFromJson(form({ ask: "DRAFT", x_deep: shared })).ok).toBe(false);
  }, 10_000);
});

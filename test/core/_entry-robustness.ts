// Shared by the entry-point robustness tests of `rogerwilco/delegation` and `rogerwilco/mailbox`:
// hostile inputs (any JS value a JSON reader or a caller can hand over, mutations of valid
// fixtures, hostile text), and the checks every call is held to (a typed answer, no throw, no
// change to its input, no change to Object.prototype).
import fc from "fast-check";
import * as v from "valibot";
import { expect, it } from "vitest";

// Bounded for a shared machine; ENTRY_FUZZ_RUNS=1000 for a deeper run.
export const RUNS = Number(process.env["ENTRY_FUZZ_RUNS"] ?? 60);

/** Keys an object's prototype already answers for. */
export const HOSTILE_KEYS = ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty", "prototype", "isPrototypeOf", "toLocaleString", "__defineGetter__", "length"];

/** Text that trips readers: controls, BOM, CRLF, NUL, lone surrogates, number look-alikes. */
export const HOSTILE_TEXTS = ["", " ", "\u0000", "\uFEFF", "\r\n", "\r", "\t", "\u2028", "\uD800", "\uDFFF", "a\uD83D", "1e400", "-1e400", "-0", "NaN", "Infinity", "0x10", "1.00000", "9".repeat(400), "---", "---\n---\n", "*a", "&a [*a]", "!!js/function x", "..", "../x", "/", "\\", "C:\\x", "CON", "%00", "@", "*", "PRJ-1/*"];

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_KEYS, ...HOSTILE_TEXTS) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9:+._@#*\/-]{0,24}$/) },
  { weight: 1, arbitrary: fc.constantFrom("x".repeat(70_000), `${"a".repeat(5000)}\n`.repeat(20)) },
);

export const keyArb: fc.Arbitrary<string> = fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 8 }), fc.stringMatching(/^[a-z][a-z_]{0,12}$/));

/** Numbers a JS value can hold: NaN, ±Infinity, -0, unsafe integers, fractions. */
export const numberArb: fc.Arbitrary<number> = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(NaN, Infinity, -Infinity, -0, 2 ** 53, 1e21, 0.5, Number.MAX_VALUE));

/**
 * Values a JS caller can pass where a name from a fixed table (a tier, a kind, a check) is typed: no
 * string at all, and ones a key lookup (a null-prototype object) or JSON.stringify (a bigint) throws on.
 */
const notAName: unknown[] = [null, undefined, 5, NaN, true, 10n, Object.create(null), Symbol("name"), () => "x", ["toString"], { toString: () => "x" }];

/** Whether `name` is one of `table`'s rows (own keys only), never handing a non-string to the lookup. */
export const isRowOf = (table: object, name: unknown): boolean => typeof name === "string" && Object.hasOwn(table, name);

const scalarArb: fc.Arbitrary<unknown> = fc.oneof(hostileText, numberArb, fc.boolean(), fc.constant(null), fc.constant(undefined), fc.bigInt());

/** Values no JSON text makes but a JS caller can: a cycle, one object under two keys. */
const cyclic: Record<string, unknown> = { a: 1 };
cyclic["self"] = cyclic;
const loop: unknown[] = [];
loop.push(loop);
const shared = { x: ["a"] };

/** Nested n deep, as JSON.parse of a short hostile body gives. */
const deep = (n: number, object: boolean): unknown => {
  let v: unknown = "x";
  for (let i = 0; i < n; i++) v = object ? { a: v } : [v];
  return v;
};

/** Any JS value a JSON reader can be given (and holes and undefined, which a JS caller can): nested, hostile keys, huge lists within bounds. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.letrec<{ value: unknown }>((tie) => ({ value: fc.oneof({ depthSize: "small", withCrossShrink: true }, scalarArb, fc.array(tie("value"), { maxLength: 4 }), fc.sparseArray(tie("value"), { maxLength: 4 }), fc.dictionary(keyArb, tie("value"), { maxKeys: 5 })) })).value },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(cyclic, loop, { a: shared, b: shared }, [loop, cyclic]) },
  { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 1, max: 1000 }), fc.boolean()).map(([n, o]) => deep(n, o)) },
  { weight: 1, arbitrary: fc.constantFrom(new Array(3000).fill("x"), new Array(500).fill({}), Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i]))) },
);

/** A name for one of `table`'s rows as a caller can give it: the table's own, hostile text (a prototype member's name included), or no string at all. */
export const nameOf = (table: object): fc.Arbitrary<unknown> =>
  fc.oneof(...(Object.keys(table).length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...Object.keys(table)) }] : []), { weight: 2, arbitrary: hostileText }, { weight: 1, arbitrary: fc.constantFrom(...notAName) }, { weight: 1, arbitrary: anyValue });

/** What a caller can pass where a text is typed, and is none: no string at all, the values lookups and JSON.stringify throw on included. */
export const notText: fc.Arbitrary<unknown> = fc.oneof(fc.constantFrom(...notAName), anyValue.filter((x) => typeof x !== "string"));

/**
 * What a caller can pass where an object (of parts, of options, a record read) is typed, and is
 * none: null, undefined, a text, a number, a bigint, a symbol, a function, a list.
 */
export const notObject: fc.Arbitrary<unknown> = fc.oneof(fc.constantFrom<unknown>(null, undefined, 5, NaN, true, 10n, Symbol("parts"), () => ({}), [], ["x"]), hostileText);

/** Whether `value` is an object and no list: what `notObject` never is. */
export const isPlainObject = (value: unknown): boolean => value !== null && typeof value === "object" && !Array.isArray(value);

/** An object of named parts, each any value: shaped like a document, wrong inside. */
export const partsOf = (names: readonly string[]): fc.Arbitrary<Record<string, unknown>> =>
  fc.record(Object.fromEntries(names.map((n) => [n, anyValue])), { requiredKeys: [] }).chain((r) => fc.dictionary(keyArb, anyValue, { maxKeys: 2 }).map((extra) => ({ ...extra, ...r })));

/** One edit to a JSON value at a path: replace, drop a key, duplicate a list entry, change a type. */
export type Edit = { path: number[]; how: "replace" | "drop" | "duplicate" | "retype"; value: unknown };

export const editArb: fc.Arbitrary<Edit> = fc.record({
  path: fc.array(fc.nat(), { minLength: 0, maxLength: 6 }),
  how: fc.constantFrom("replace", "drop", "duplicate", "retype"),
  value: fc.oneof(anyValue, hostileText),
}) as fc.Arbitrary<Edit>;

const retype = (v: unknown): unknown => (typeof v === "string" ? (Number.isNaN(Number(v)) ? [v] : Number(v)) : typeof v === "number" ? String(v) : Array.isArray(v) ? (v[0] ?? {}) : v !== null && typeof v === "object" ? Object.values(v) : v === null ? "" : String(v));

/** A copy of `value` with one edit: the fixture itself is never touched. */
export function edited(value: unknown, edit: Edit): unknown {
  const [head, ...rest] = edit.path;
  const here = (v: unknown): unknown => {
    if (edit.how === "retype") return retype(v);
    if (edit.how === "replace") return edit.value;
    return v;
  };
  if (value === null || typeof value !== "object" || head === undefined) {
    if (edit.how === "drop" || edit.how === "duplicate") return value;
    return here(value);
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return edit.how === "replace" ? [edit.value] : value;
    const i = head % value.length;
    if (rest.length === 0 && edit.how === "drop") return value.filter((_, j) => j !== i);
    if (rest.length === 0 && edit.how === "duplicate") return [...value.slice(0, i + 1), value[i], ...value.slice(i + 1)];
    return value.map((x, j) => (j === i ? edited(x, { ...edit, path: rest }) : x));
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return edit.how === "replace" ? { x: edit.value } : value;
  const k = keys[head % keys.length] as string;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && edit.how === "drop") {
    delete copy[k];
    return copy;
  }
  Object.defineProperty(copy, k, { value: edited((value as Record<string, unknown>)[k], { ...edit, path: rest }), enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Fixtures with up to three edits each. */
export const mutationsOf = (fixtures: readonly unknown[]): fc.Arbitrary<unknown> =>
  fc.tuple(fc.nat({ max: fixtures.length - 1 }), fc.array(editArb, { minLength: 1, maxLength: 3 })).map(([i, edits]) => edits.reduce((v, e) => edited(v, e), fixtures[i]));

/** Hostile text for text readers: controls, BOM, CRLF, NUL, very long lines. */
export const anyText: fc.Arbitrary<string> = fc.oneof(
  hostileText,
  fc.string({ unit: "grapheme", maxLength: 100 }),
  fc.array(fc.oneof(hostileText, fc.constantFrom("---", "\n", "\r\n", "\u0000", "\uFEFF", ": ", "- ", "[[", "]]", "RW1 HO a-1")), { maxLength: 12 }).map((parts) => parts.join("")),
);

/** Text edits of valid texts: a run of characters replaced by hostile text. */
export const textMutationsOf = (texts: readonly string[]): fc.Arbitrary<string> =>
  fc.tuple(fc.nat({ max: texts.length - 1 }), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 8 }), fc.oneof(fc.string({ unit: "binary", maxLength: 4 }), fc.constantFrom(...HOSTILE_TEXTS, "\n", ": ", "- ", "'", '"', "{", "[", "#", "&a", "*a", "? "))), { minLength: 1, maxLength: 4 })).map(([i, edits]) => {
    let s = texts[i] as string;
    for (const [at, cut, put] of edits) {
      const j = at % (s.length + 1);
      s = s.slice(0, j) + put + s.slice(j + cut);
    }
    return s;
  });

/** The finding shape: a known code, the severity the table gives it, a message. */
export function expectTypedFindings(findings: unknown, codes: Readonly<Record<string, string>>, where: string): void {
  expect(Array.isArray(findings), `${where}: findings is a list`).toBe(true);
  for (const f of findings as Record<string, unknown>[]) {
    expect(f !== null && typeof f === "object", `${where}: a finding is an object`).toBe(true);
    expect(typeof f["code"] === "string" && Object.hasOwn(codes, f["code"]), `${where}: known code ${String(f["code"])}`).toBe(true);
    expect(f["severity"], `${where}: severity of ${String(f["code"])}`).toBe(codes[f["code"] as string]);
    expect(typeof f["message"], `${where}: message`).toBe("string");
  }
}

/** Every `findings` list anywhere in an answer holds typed findings; the answer is never undefined. */
export function expectTypedAnswer(answer: unknown, codes: Readonly<Record<string, string>>, where: string): void {
  expect(answer, `${where}: an answer`).not.toBeUndefined();
  const seen = new Set<object>();
  const walk = (x: unknown, depth: number): void => {
    if (x === null || typeof x !== "object" || seen.has(x) || depth > 6) return;
    seen.add(x);
    if (x instanceof Map) {
      for (const v of x.values()) walk(v, depth + 1);
      return;
    }
    if (Array.isArray(x)) {
      for (const v of x.slice(0, 200)) walk(v, depth + 1);
      return;
    }
    const o = x as Record<string, unknown>;
    if (Object.hasOwn(o, "findings")) expectTypedFindings(o["findings"], codes, where);
    for (const [k, v] of Object.entries(o)) if (k !== "findings" && k !== "value" && k !== "envelope") walk(v, depth + 1);
  };
  walk(answer, 0);
}

/**
 * What a value is, as text, for comparing before and after a call: own keys (`__proto__` included),
 * holes, undefined, NaN and -0 kept. Iterative, so a value nested thousands deep is no stack overflow.
 */
export function snapshot(value: unknown): string {
  const out: string[] = [];
  const seen = new Map<object, number>();
  const stack: (["value", unknown] | ["text", string])[] = [["value", value]];
  while (stack.length > 0) {
    const [tag, x] = stack.pop() as ["value", unknown] | ["text", string];
    if (tag === "text") {
      out.push(x);
      continue;
    }
    if (typeof x === "number") out.push(Object.is(x, -0) ? "-0" : String(x));
    else if (typeof x === "string") out.push(JSON.stringify(x));
    else if (x === null || typeof x !== "object") out.push(String(x));
    else if (seen.has(x)) out.push(`(seen ${seen.get(x)})`);
    else {
      seen.set(x, seen.size);
      if (x instanceof Uint8Array) {
        out.push(`bytes(${Array.from(x).join(",")})`);
        continue;
      }
      const entries: [string, unknown][] =
        x instanceof Map ? [...x.entries()].map(([k, v], i) => [`${i}:${snapshot(k)}`, v]) : x instanceof Set ? [...x].map((v, i) => [String(i), v]) : Object.getOwnPropertyNames(x).map((k) => [k, (x as Record<string, unknown>)[k]]);
      out.push(Array.isArray(x) ? "[" : x instanceof Map ? "Map{" : x instanceof Set ? "Set{" : "{");
      stack.push(["text", "}"]);
      for (const [k, v] of entries.reverse()) {
        stack.push(["text", ","], ["value", v], ["text", `${JSON.stringify(k)}:`]);
      }
    }
  }
  return out.join("");
}

const prototypeNames = (): string[] => [Object.prototype, Array.prototype, String.prototype, Function.prototype].flatMap((p) => Object.getOwnPropertyNames(p));

export interface Held {
  /** Arguments that are the caller's out-parameters (a findings list to append to), not input. */
  readonly out?: readonly number[];
  /** Other labels its RangeError may carry: the export it hands the value to (`formatFilename`). */
  readonly labels?: readonly string[];
}

/**
 * Calls `f` on `args` and holds it to the bar: no throw (unless `mayThrow` says the API is misused
 * and the error is a RangeError or TypeError labelled `name: ...`), no change to the arguments, none to the
 * built-in prototypes. Returns the answer for the caller's own checks.
 */
export function callHeld(name: string, f: (...args: never[]) => unknown, args: readonly unknown[], mayThrow?: (...args: never[]) => boolean, held: Held = {}): { answer: unknown; threw: boolean } {
  const kept = (all: readonly unknown[]): unknown[] => all.filter((_, i) => !(held.out ?? []).includes(i));
  const before = snapshot(kept(args));
  const protoBefore = prototypeNames();
  let answer: unknown;
  let threw = false;
  try {
    answer = f(...(args as never[]));
  } catch (error) {
    const allowed = mayThrow?.(...(args as never[])) === true && (error instanceof RangeError || error instanceof TypeError) && [name, ...(held.labels ?? [])].some((label) => error.message.startsWith(`${label}: `));
    if (!allowed) throw new Error(`${name} threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`, { cause: error });
    threw = true;
  }
  // Compared as text: a deep value's own structure would overflow the matcher's recursion.
  expect(snapshot(kept(args)) === before, `${name} changed its input`).toBe(true);
  expect(prototypeNames(), `${name} touched a built-in prototype`).toStrictEqual(protoBefore);
  expect(({} as Record<string, unknown>)["polluted"], `${name} polluted Object.prototype`).toBeUndefined();
  return { answer, threw };
}

/** Runtime function exports of a module, by name. */
export const functionExports = (module: Record<string, unknown>): string[] =>
  Object.entries(module)
    .filter(([, v]) => typeof v === "function")
    .map(([k]) => k)
    .sort();

/** Exported valibot schemas, by name: a caller reads outside input with them (`v.safeParse`). */
export const schemaExports = (module: Record<string, unknown>): [string, v.GenericSchema][] =>
  Object.entries(module)
    .filter(([, x]) => x !== null && typeof x === "object" && (x as { kind?: unknown }).kind === "schema")
    .map(([k, x]) => [k, x as v.GenericSchema]);

/** `v.safeParse(schema, x)` answers any value with issues or an output, never a throw, and leaves `x` as it was. */
export function expectSchemaHolds(name: string, schema: v.GenericSchema, input: unknown): void {
  const { answer } = callHeld(name, (x: never) => v.safeParse(schema, x), [input]);
  const r = answer as v.SafeParseResult<v.GenericSchema>;
  expect(typeof r.success, name).toBe("boolean");
  if (!r.success) for (const issue of r.issues) expect(typeof issue.message, name).toBe("string");
}

/** An export under test: how to call it, and what its answer is beyond the typed findings. */
export type Entry = {
  /** The arguments: any value, mutated fixtures, or what the readers return. */
  readonly args: fc.Arbitrary<readonly unknown[]>;
  /** What a typed answer is, beyond the findings' codes the harness checks everywhere. */
  readonly answer?: (answer: unknown, args: readonly unknown[]) => void;
  /** When the API is misused by these arguments, and a labelled RangeError is its answer. */
  readonly mayThrow?: (...args: never[]) => boolean;
  readonly runs?: number;
  readonly held?: Held;
};

/**
 * The properties for one module: every exported schema under `v.safeParse` (any value, or a
 * mutation of `fixtures`), then each covered export called on its arguments and held by callHeld.
 */
export function describeEntries(module: Record<string, unknown>, covered: Readonly<Record<string, Entry>>, codes: Readonly<Record<string, string>>, fixtures: readonly unknown[]): void {
  it("every exported schema, under v.safeParse", () => {
    const schemas = schemaExports(module);
    expect(schemas.length).toBeGreaterThan(0);
    fc.assert(fc.property(fc.nat({ max: schemas.length - 1 }), fc.oneof(anyValue, mutationsOf(fixtures)), (i, input) => expectSchemaHolds(...(schemas[i] as [string, never]), input)), { numRuns: RUNS * 3 });
  }, 60_000);
  for (const [name, entry] of Object.entries(covered)) {
    it(name, () => {
      const f = module[name] as (...args: never[]) => unknown;
      fc.assert(
        fc.property(entry.args, (args) => {
          const { answer, threw } = callHeld(name, f, args, entry.mayThrow, entry.held);
          if (threw) return;
          expectTypedAnswer(answer, codes, name);
          entry.answer?.(answer, args);
        }),
        { numRuns: Math.max(10, Math.round(entry.runs ?? RUNS)) },
      );
    }, 60_000);
  }
}

/** A value nested 100,000 deep as arrays and as objects: deeper than fast-check can print. */
export function nestedDeep(): { array: unknown; object: unknown } {
  let array: unknown = "x";
  let object: unknown = "x";
  for (let i = 0; i < 100_000; i++) [array, object] = [[array], { a: object }];
  return { array, object };
}

/** Every exported schema answers a value nested 100,000 deep, a cycle, and each in every field. */
export function expectSchemasAnswerDeep(module: Record<string, unknown>): void {
  const { array, object } = nestedDeep();
  const cyclic: Record<string, unknown> = {};
  cyclic["self"] = cyclic;
  for (const [name, schema] of schemaExports(module)) {
    const fields = Object.keys((schema as unknown as { entries?: object }).entries ?? {});
    // Called bare: the properties hold the schemas to leaving input alone; a snapshot this deep is slow.
    for (const input of [array, object, cyclic, Object.fromEntries(fields.map((f) => [f, cyclic])), Object.fromEntries(fields.map((f) => [f, object]))]) expect(typeof v.safeParse(schema, input).success, name).toBe("boolean");
  }
}

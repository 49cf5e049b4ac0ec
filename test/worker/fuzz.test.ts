// Robustness across every route (worker/routes.ts): generated requests, hostile path segments,
// methods a route does not take, JSON and text bodies near and past the limits, wrong content
// types, stray query parameters, and thread routes with and without RW_TOKEN and agent tokens;
// then threads driven through generated conversations (appends, challenges, statements, a
// moving clock, the alarm). Whatever arrives, the Worker answers in bounded time, never 500,
// every refusal a problem+json of a documented kind (worker/problem.ts) with that kind's status,
// every 2xx JSON or empty, and every status one the route's OpenAPI operation lists.
// A fixed seed keeps runs repeatable; RW_FUZZ_RUNS raises the runs per route (half as many
// conversations) and RW_FUZZ_SEED changes the seed, for a longer local check, e.g.
// RW_FUZZ_RUNS=2000 RW_FUZZ_SEED=7 npx vitest run test/worker/fuzz.
import fc from "fast-check";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { env } from "cloudflare:workers";
import { runDurableObjectAlarm } from "cloudflare:test";
import { agentToken } from "../../worker/agent-token.js";
import { handle } from "../../worker/handle.js";
import { LIMITS } from "../../worker/limits.js";
import { openApiDocument } from "../../worker/openapi.js";
import { PROBLEM_BASE, PROBLEMS } from "../../worker/problem.js";
import { matchRoute } from "../../worker/router.js";
import type { Route } from "../../worker/router.js";
import { ROUTES } from "../../worker/routes.js";
import type { Env } from "../../worker/env.js";
import { sectionEight } from "../spec-examples.js";
import clinProfile from "../../profiles/clin.json" with { type: "json" };
import payProfile from "../../profiles/pay.json" with { type: "json" };
import { AQ_JSON, HO, MINI, PAY_DN, PAY_HO, PAY_RB, PAY_RECORD, POLISH, RB } from "./lines.js";
import { ORIGIN } from "./http.js";

const processEnv = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env ?? {};
/** Requests per route; vitest.config.ts passes RW_FUZZ_RUNS through to workerd. */
const RUNS = Number(processEnv["RW_FUZZ_RUNS"] || 100);
const SEED = Number(processEnv["RW_FUZZ_SEED"] || 20261201);
/** A request that has not answered by then hangs. */
const DEADLINE_MS = 20_000;

const SECRET = "fuzz-secret";
/** The resolved call of the pay HO, as its receiver prepares it. */
const PAY_CALL = { sup: "marlow", amt: "5400.00", cur: "GBP", kind: "GROSS", acct: "40-12-88/61102938", paid: "20261002", ref: "MD-2026-057", apref: "FD-0929" };
const SEEDED = "fuzz-seeded";
const AGENTS = ["research", "writer", "scheduler", "payer", "stranger"] as const;
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

// ---- What the OpenAPI document says each operation takes: seeds for valid-looking requests ----

type Operation = { operationId: string; responses: Record<string, unknown>; parameters?: { name: string; in: string; example?: unknown }[]; requestBody?: { content: Record<string, { example?: unknown; schema?: { $ref?: string } }> } };
const doc = openApiDocument as unknown as { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, { properties?: Record<string, unknown>; allOf?: { properties?: Record<string, unknown> }[] }> } };

interface Seeds {
  /** The JSON body's example, as entries, when the route takes JSON. */
  readonly example: readonly (readonly [string, unknown])[] | null;
  /** The text body's example, when the route takes text. */
  readonly text: string | null;
  /** Every field and query parameter the route is documented to take. */
  readonly names: readonly string[];
  readonly takesBody: boolean;
}

function seedsOf(route: Route<Env>): Seeds {
  const op = doc.paths[route.pattern]?.[route.method.toLowerCase()];
  const json = op?.requestBody?.content["application/json"];
  const text = op?.requestBody?.content["text/plain"];
  const example = json?.example !== null && typeof json?.example === "object" ? Object.entries(json.example as Record<string, unknown>) : null;
  const schema = json?.schema?.$ref === undefined ? undefined : doc.components.schemas[json.schema.$ref.split("/").pop() as string];
  const props = [schema?.properties ?? {}, ...(schema?.allOf ?? []).map((p) => p.properties ?? {})].flatMap((p) => Object.keys(p));
  const query = (op?.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
  return { example, text: typeof text?.example === "string" ? text.example : null, names: [...new Set([...(example ?? []).map(([k]) => k), ...props, ...query])], takesBody: op?.requestBody !== undefined };
}

// ---- Generators ----

const VALID_LINES = [HO, RB, POLISH, PAY_HO, PAY_RB, PAY_DN, `${PAY_HO} exp=20991231T2359Z`, JSON.stringify(AQ_JSON), ...sectionEight];
const MAILBOX = (doc.paths["/v1/mailbox/preflight"]?.["post"]?.requestBody?.content["text/plain"]?.example as string | undefined) ?? "---\n---\n";

/** Pieces an edit inserts: the grammar's own punctuation and words, controls, odd code points. */
const INSERTS = [" ", "  ", "=", "==", "//", "+", "++", ":", ",", "#", "{", "}", "\"", "\\", "\u0000", "\t", "\u000b", "\u001b", "\u007f", "\u0085", "\u00a0", "\u2028", "\u2029", "\ufeff", "\ufffd", "\ud800", "\udc00", "\udbff\udfff", "😀", "é", "\u0301", "İ", "ß", "RW1 ", "RW2 ", "HO ", "RB ", "DN ", "CX ", "re=", "from=", "to=", "p=pay", "p=nope", "rb=exec", "rb=acc", "keys=len", "acc=len:120w", "exp=20991231T2359Z", "due=99999999", "amt=1e999", "n=99999999999999999999", "x_tok=", "h=000000000000", "x_a=", "$resolve"];

const insertion: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...INSERTS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 6 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom("x".repeat(300), "é".repeat(2000)) },
);

type TextEdit = readonly [at: number, deleted: number, inserted: string];
const textEdits = (maxDeleted: number, minLength: number, maxLength: number): fc.Arbitrary<TextEdit[]> => fc.array(fc.tuple(fc.nat(), fc.nat({ max: maxDeleted }), insertion), { minLength, maxLength });

/** The text with each edit applied in turn: a slice deleted at a place, something inserted there. */
function edited(text: string, edits: readonly TextEdit[]): string {
  return edits.reduce((t, [at, deleted, inserted]) => {
    const i = at % (t.length + 1);
    return t.slice(0, i) + inserted + t.slice(i + deleted);
  }, text);
}

/** A valid line with a few edits. */
const mutatedLine: fc.Arbitrary<string> = fc.tuple(fc.constantFrom(...VALID_LINES), textEdits(24, 0, 4)).map(([line, edits]) => edited(line, edits));

/** A line: valid, edited, or any text at all. */
const lineText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...VALID_LINES) },
  { weight: 6, arbitrary: mutatedLine },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom("", "#", "# comment", "   ", "RW1", "RW1 HO", "{}", "[]", "null", "{\"v\":\"RW1\"}") },
);

/** What YAML reads specially: anchors, aliases, merges, tags, flow and block markers, directives. */
const YAML_INSERTS = ["&a ", "*a", "<<: *a", "!!binary ", "!!str ", "!local ", "!!js/function ", "? ", "- ", "[", "]", "{", "}", "|", ">-", "%YAML 1.2", "---", "...", "\t", "'", "\"", "# ", ": ", "  ", "    ", "~", "null", "0x1F", ".inf", "2026-13-45", "y", "NO", "=", "\ufeff", "\u0085"];

/** An Agent Mailbox message: the documented hello with lines edited, added or dropped, or a YAML trap. */
const mailboxText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.oneof(fc.constantFrom(...YAML_INSERTS), insertion), fc.constantFrom("line", "insert", "drop", "twice")), { minLength: 1, maxLength: 4 }).map((edits) => {
      const lines = MAILBOX.split("\n");
      for (const [at, col, ins, kind] of edits) {
        const i = at % lines.length;
        const line = lines[i] as string;
        if (kind === "line") lines[i] = line.slice(0, col % (line.length + 1)) + ins + line.slice(col % (line.length + 1));
        else if (kind === "insert") lines.splice(i, 0, `${" ".repeat(col % 6)}${ins}`);
        else if (kind === "drop") lines.splice(i, 1);
        else lines.splice(i, 0, line);
      }
      return lines.join("\n");
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      `---\na: &a [x, x, x, x, x, x, x, x, x]\n${Array.from({ length: 9 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9).fill(`*${String.fromCharCode(97 + i)}`).join(", ")}]`).join("\n")}\n---\nbody\n`,
      `---\nmeta: ${"[".repeat(5000)}${"]".repeat(5000)}\n---\n`,
      `---\nmeta: ${"{a: ".repeat(2000)}1${"}".repeat(2000)}\n---\n`,
      `---\n${Array.from({ length: 300 }, (_, i) => `${"  ".repeat(i)}k${i}:`).join("\n")} v\n---\n`,
      `---\nmeta:\n  mailbox: &m\n    version: 1\n  again: *m\n  <<: *m\n---\n`,
      `---\nx: ${"a".repeat(200_000)}\n---\n`,
      "---\n---\n", "---\n", "no frontmatter at all", `---\nmeta: !!binary aGVsbG8=\n---\n`, `---\n? [a, b]\n: c\n---\n`, `---\na: 1\na: 2\n---\n`,
    ),
  },
);

/** The bytes of a string as JSON text, lone surrogates written as the \u escapes JSON.stringify gives them. */
const jsonString = (s: string): string => JSON.stringify(s);

/** JSON numbers as text, past what a double holds or a safe integer is. */
const BIG_NUMBERS = ["0", "-0", "1", "-1", "9007199254740991", "9007199254740990", "1e400", "-1e400", "1e-400", "9007199254740992", "9007199254740993", "123456789012345678901234567890", "0.1", "1.5", "1E2", "2e0", "99999999999999999999999"];

/** A JSON value as text, within the depth limit but for the odd deep one, keys often repeated. */
function jsonText(names: readonly string[]): fc.Arbitrary<string> {
  const keys = fc.oneof(fc.constantFrom(...names, "v", "type", "id", "slots", "tail", "$resolve", "__proto__", "constructor", "", "a", "a"), fc.string({ maxLength: 6 }));
  const scalar = fc.oneof(
    fc.constantFrom("null", "true", "false", ...BIG_NUMBERS),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
    fc.integer().map(String),
    lineText.map(jsonString),
    fc.string({ unit: "binary", maxLength: 12 }).map(jsonString),
    fc.constantFrom("\"\\ud800\"", "\"a\\udc00b\"", "\"\\udbff\"", "\"\\u0000\"", "\"\\ufeff\"", "\"\"", "\"\\\\\"", "\"\\/\""),
  );
  const { value } = fc.letrec<{ value: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      scalar,
      fc.array(tie("value"), { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
      fc.array(fc.tuple(keys, tie("value")), { maxLength: 4 }).map((entries) => `{${entries.map(([k, v]) => `${jsonString(k)}:${v}`).join(",")}}`),
    ),
  }));
  const nested = fc.tuple(fc.constantFrom(100, 125, 126, 127, 128, 129, 300), fc.boolean(), value).map(([depth, arrays, inner]) => (arrays ? `${"[".repeat(depth)}${inner}${"]".repeat(depth)}` : `${"{\"a\":".repeat(depth)}${inner}${"}".repeat(depth)}`));
  return fc.oneof({ weight: 12, arbitrary: value }, { weight: 1, arbitrary: nested });
}

/** What a field's value is replaced with: something of the shapes the routes read, or any JSON. */
function fieldValue(names: readonly string[]): fc.Arbitrary<string> {
  const lines = fc.array(fc.oneof(lineText.map(jsonString), fc.constantFrom(JSON.stringify(AQ_JSON), "{}", "null", "1", "[]")), { maxLength: 6 }).map((l) => `[${l.join(",")}]`);
  const objects = fc.constantFrom(MINI, PAY_RECORD, AQ_JSON, { ...PAY_RECORD, $resolve: ["acct"] }, { profile: "x", version: "1", extends: "RW1", asks: { "": "" } }, { profile: "pay", version: "1", extends: "pay" }).map((o) => JSON.stringify(o));
  const strings = fc.constantFrom("pay", "clin", "nope", "", "writer", "scheduler-1", "research-01", "20991231T2359Z", "20261001T0900Z", "null", "true", "0", "1e3", "len:120w+tone:plain", "outbound", "inbound", MAILBOX).map(jsonString);
  const mailbox = names.includes("message") ? 3 : 0;
  return fc.oneof({ weight: 3, arbitrary: lineText.map(jsonString) }, { weight: 2, arbitrary: lines }, { weight: 2, arbitrary: objects }, { weight: 2, arbitrary: strings }, { weight: 3, arbitrary: jsonText(names) }, { weight: mailbox, arbitrary: mailboxText.map(jsonString) });
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Numbers JSON.stringify cannot write (past a double, or its precision), placed as markers and written raw. */
const RAW_NUMBERS = new Map([["\u0000raw:1e400", "1e400"], ["\u0000raw:-1e400", "-1e400"], ["\u0000raw:1e-400", "1e-400"], ["\u0000raw:-0", "-0"], ["\u0000raw:big", "123456789012345678901234567890"], ["\u0000raw:unsafe", "9007199254740993"]]);
const writeJson = (value: Json): string => JSON.stringify(value).replace(/"\\u0000raw:(?:[^"\\]|\\.)*"/g, (marker) => RAW_NUMBERS.get(JSON.parse(marker) as string) ?? marker);

/** Every place in a JSON value, as the keys and indexes that reach it (the value itself first). */
function placesOf(value: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => placesOf(v, [...at, i], out));
  else if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) placesOf(v, [...at, k], out);
  return out;
}

/** What a deep edit puts in a place: a value of another type, an edge of its own type, or an edited string. */
const replacement: fc.Arbitrary<(old: Json) => Json | undefined> = fc.oneof(
  fc.constantFrom(...RAW_NUMBERS.keys()).map((marker) => () => marker),
  fc.constantFrom<Json | undefined>(undefined, null, true, false, 0, -1, 0.5, 1e308, -1e308, 9007199254740993, "", " ", "x", [], {}, [null], { "": null }, "20991231T2359Z", "1970-01-01T00:00:00Z", "9999-99-99", "-1", "NaN", "\ud800").map((v) => () => v),
  fc.jsonValue({ maxDepth: 2 }).map((v) => () => v as Json),
  textEdits(8, 1, 3).map((edits) => (old: Json) => edited(typeof old === "string" ? old : JSON.stringify(old), edits)),
  fc.constant((old: Json) => (Array.isArray(old) ? [...old, ...old] : typeof old === "number" ? -old : old)),
);

/** The value with a few places replaced or removed, deep inside as often as at the top. */
function mutateDeep(value: Json, edits: readonly (readonly [number, (old: Json) => Json | undefined])[]): Json {
  let out = structuredClone(value);
  for (const [pick, replace] of edits) {
    const places = placesOf(out);
    const path = places[pick % places.length] as (string | number)[];
    if (path.length === 0) {
      out = structuredClone(replace(out) ?? null);
      continue;
    }
    let parent: Json = out;
    for (const key of path.slice(0, -1)) parent = (parent as Record<string | number, Json>)[key] as Json;
    const key = path[path.length - 1] as string | number;
    // A copy: a value placed twice must not be shared, or a later edit could make it contain itself.
    const replaced = replace((parent as Record<string | number, Json>)[key] as Json);
    const next = replaced === undefined ? undefined : structuredClone(replaced);
    if (Array.isArray(parent)) {
      if (next === undefined) parent.splice(key as number, 1);
      else parent[key as number] = next;
    } else if (next === undefined) delete (parent as Record<string, Json>)[key];
    else (parent as Record<string, Json>)[key] = next;
  }
  return out;
}

const deepEdits = fc.array(fc.tuple(fc.nat(), replacement), { minLength: 1, maxLength: 4 });

/** A profile file given inline: a shipped one or a small one, edited deep inside. */
const inlineProfile: fc.Arbitrary<string> = fc.tuple(fc.constantFrom<Json>(MINI, payProfile, clinProfile), deepEdits).map(([file, edits]) => writeJson(mutateDeep(file, edits)));

/** A JSON body: the route's example with fields replaced, dropped, added (unknown, or twice), or any JSON. */
function jsonBody(seeds: Seeds): fc.Arbitrary<string> {
  const names = seeds.names.length > 0 ? seeds.names : ["lines"];
  const base = (seeds.example ?? []).map(([k, v]) => [k, JSON.stringify(v)] as [string, string]);
  const edit = fc.oneof(
    fc.tuple(fc.constant("set" as const), fc.constantFrom(...names), fieldValue(names)),
    fc.tuple(fc.constant("drop" as const), fc.nat(), fc.constant("")),
    fc.tuple(fc.constant("add" as const), fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 6 })), fieldValue(names)),
  );
  const fields = fc.array(edit, { maxLength: 4 }).map((edits) => {
    const entries = base.map((e) => [...e] as [string, string]);
    for (const [op, key, value] of edits) {
      if (op === "drop") entries.splice(Number(key) % (entries.length + 1), 1);
      else if (op === "add") entries.push([String(key), value]);
      else {
        const at = entries.findIndex(([k]) => k === key);
        if (at === -1) entries.push([String(key), value]);
        else entries[at] = [String(key), value];
      }
    }
    return `{${entries.map(([k, v]) => `${jsonString(k)}:${v}`).join(",")}}`;
  });
  const padded = fc.tuple(fields, fc.constantFrom(LIMITS.lineBytes - 40, LIMITS.lineBytes + 1, LIMITS.bodyBytes - 200, LIMITS.bodyBytes + 1), fc.constantFrom("lines", "pad", names[0] as string))
    .map(([body, size, key]) => {
      // A huge string field, or a `lines` array holding one huge line, near a limit.
      const huge = jsonString(`${HO} // ${"x".repeat(size)}`);
      const value = key === "lines" ? `[${huge}]` : huge;
      return body === "{}" ? `{${jsonString(key)}:${value}}` : `${body.slice(0, -1)},${jsonString(key)}:${value}}`;
    });
  const deep = fc.tuple(fc.constant((seeds.example === null ? {} : Object.fromEntries(seeds.example)) as Json), deepEdits).map(([example, edits]) => writeJson(mutateDeep(example, edits)));
  const withProfile = fc.tuple(fields, inlineProfile).map(([body, profile]) => (body === "{}" ? `{"profile":${profile}}` : `${body.slice(0, -1)},"profile":${profile}}`));
  return fc.oneof({ weight: 8, arbitrary: fields }, { weight: 8, arbitrary: deep }, { weight: names.includes("profile") ? 3 : 0, arbitrary: withProfile }, { weight: 3, arbitrary: jsonText(names) }, { weight: 1, arbitrary: padded }, { weight: 1, arbitrary: fc.constantFrom("", " ", "{", "{\"lines\":[}", "\ufeff{}", "{} {}", "[1,]", "'x'", "{\"a\":1,\"a\":2}", "{\"lines\":[],\"lines\":[]}") });
}

/** A text body: lines (valid, edited, the route's example) joined by LF, CRLF, CR or a mix. */
function textBody(seeds: Seeds): fc.Arbitrary<string> {
  if (seeds.names.includes("message")) return fc.oneof({ weight: 3, arbitrary: mailboxText }, { weight: 1, arbitrary: linesBody(seeds) });
  return linesBody(seeds);
}

function linesBody(seeds: Seeds): fc.Arbitrary<string> {
  const lines = fc.array(fc.oneof(lineText, fc.constantFrom(...(seeds.text === null ? [] : seeds.text.split("\n")), MAILBOX)), { maxLength: 8 });
  const breaks = fc.array(fc.constantFrom("\n", "\r\n", "\r", "\n\r", "\r\r\n", "\u2028", "\u0085"), { minLength: 8, maxLength: 8 });
  const joined = fc.tuple(lines, breaks, fc.boolean()).map(([ls, bs, end]) => ls.map((l, i) => l + (i < ls.length - 1 || end ? (bs[i] as string) : "")).join(""));
  const big = fc.constantFrom(LIMITS.lineBytes, LIMITS.lineBytes + 1, LIMITS.bodyBytes).map((n) => `${HO}\n${"#".repeat(n - 1)}\n`);
  return fc.oneof({ weight: 10, arbitrary: joined }, { weight: 1, arbitrary: seeds.text === null ? joined : fc.constant(seeds.text) }, { weight: 1, arbitrary: big }, { weight: 1, arbitrary: fc.constantFrom(`${"\n".repeat(LIMITS.lines)}x`, "RW1\r".repeat(2000), "") });
}

/** Bytes that are not UTF-8: a lone lead, a lone continuation, an overlong form, an encoded surrogate, 0xFF. */
const BAD_UTF8 = [[0xc3], [0x80], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xff], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82]];

/** The body's bytes, sometimes with invalid UTF-8 spliced in. */
function bytesOf(text: fc.Arbitrary<string>): fc.Arbitrary<Uint8Array> {
  return fc.tuple(text, fc.oneof({ weight: 9, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.tuple(fc.nat(), fc.constantFrom(...BAD_UTF8)) })).map(([t, bad]) => {
    const bytes = new TextEncoder().encode(t);
    if (bad === null) return bytes;
    const at = bad[0] % (bytes.length + 1);
    const out = new Uint8Array(bytes.length + bad[1].length);
    out.set(bytes.subarray(0, at));
    out.set(bad[1], at);
    out.set(bytes.subarray(at), at + bad[1].length);
    return out;
  });
}

const CONTENT_TYPES = ["application/json", "text/plain", "text/plain; charset=utf-8", "application/json; charset=UTF-8", "application/json;charset=\"utf-8\"", "APPLICATION/JSON", "application/problem+json", "application/vnd.rw+json", "text/plain; charset=latin1", "text/plain; charset=", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/html", "", ";", " ", "application/json, text/plain", "text/plain; charset=\"utf-8\"; q=1"];

/** A path parameter: its documented example, another valid one, or a hostile segment. */
function segment(valid: readonly string[]): fc.Arbitrary<string> {
  const hostile = fc.constantFrom("%ZZ", "%", "%E9", "%ED%A0%80", "%C0%80", "%00", "%2F", "%2f..%2f", "..", ".", "%2e%2e", "%2E", "a%20b", "%F0%9F%98%80", "~", ":", "-", "_", "a".repeat(129), "a".repeat(8000), "x".repeat(70_000), "écrit", "😀", "%uD800", "+", "%2B", "a;b", "a,b", "null", "__proto__", "constructor", "0".repeat(33), "A".repeat(32), "research-", "-1", "research-01x");
  const encoded = fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }).map(encodeURIComponent);
  const raw = fc.string({ unit: "binary", minLength: 1, maxLength: 8 }).map((s) => s.replace(/[/?#]/g, "_"));
  return fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...valid) }, { weight: 3, arbitrary: hostile }, { weight: 1, arbitrary: encoded }, { weight: 1, arbitrary: raw });
}

/** A query string: unknown, repeated or empty parameters, and the route's own with junk values. */
function queryOf(names: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom(...names, "unknown", "lines", "body", "Profile", ""), fc.string({ maxLength: 5 }).map(encodeURIComponent));
  const value = fc.oneof(fc.constantFrom("", "pay", "nope", "true", "false", "1", "0", "-1", "1e3", "99999999999999999", "null", "20261001T0900Z", "writer", "%ZZ", "%", "+", "%2B", "%00", "[]", "{}", "[[[[", "%F0%9F%98%80", "x".repeat(9000)), fc.string({ maxLength: 8 }).map(encodeURIComponent));
  const pair = fc.oneof(fc.tuple(key, value).map(([k, v]) => `${k}=${v}`), key, fc.constantFrom("&", "=", "==", "a=b=c"));
  return fc.oneof({ weight: 6, arbitrary: fc.constant("") }, { weight: 2, arbitrary: fc.array(pair, { minLength: 1, maxLength: 4 }).map((ps) => `?${ps.join("&")}`) }, { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...names, "profile"), value, value).map(([k, a, b]) => `?${k}=${a}&${k}=${b}`) });
}

// ---- Sending, and what every answer must be ----

interface Access {
  /** RW_TOKEN as the Worker has it: undefined leaves the threads open. */
  readonly secret: string | undefined;
  readonly authorization: string | null;
}

interface FuzzRequest {
  readonly method: string;
  readonly path: string;
  readonly contentType: string | null;
  /** A Content-Length header set by hand, whatever the body holds. */
  readonly contentLength: string | null;
  readonly body: Uint8Array | null;
  readonly access: Access;
}

function describeRequest(r: FuzzRequest): string {
  const body = r.body === null ? "(none)" : JSON.stringify(new TextDecoder().decode(r.body.subarray(0, 600))) + (r.body.length > 600 ? `... (${r.body.length} bytes)` : "");
  return `${r.method} ${r.path.slice(0, 600)}${r.path.length > 600 ? `... (${r.path.length} chars)` : ""}\ncontent-type: ${JSON.stringify(r.contentType)}${r.contentLength === null ? "" : ` content-length: ${JSON.stringify(r.contentLength)}`}\nRW_TOKEN: ${JSON.stringify(r.access.secret)} authorization: ${JSON.stringify(r.access.authorization?.slice(0, 100))}\nbody: ${body}`;
}

/** The request as a counterexample prints it: its text, not its bytes one by one. */
function printable(r: FuzzRequest): FuzzRequest {
  return Object.defineProperty(r, fc.toStringMethod, { value: () => describeRequest(r) });
}

function send(r: FuzzRequest): Promise<Response> {
  const headers: Record<string, string> = {};
  if (r.contentType !== null) headers["content-type"] = r.contentType;
  if (r.access.authorization !== null) headers["authorization"] = r.access.authorization;
  if (r.contentLength !== null) headers["content-length"] = r.contentLength;
  const request = new Request(`${ORIGIN}${r.path}`, { method: r.method, headers, ...(r.body === null ? {} : { body: r.body }) });
  // Defined, not assigned: assigned through the bindings' proxy, RW_TOKEN would land on the shared env.
  const bindings = r.access.secret === undefined ? env : Object.defineProperty(Object.create(env) as typeof env, "RW_TOKEN", { value: r.access.secret });
  return handle(ROUTES, request, bindings, ctx);
}

/** The answer within the deadline, its body read whole; a hang fails. */
async function answered(r: FuzzRequest): Promise<{ response: Response; text: string }> {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${DEADLINE_MS} ms`)), DEADLINE_MS);
  });
  try {
    return await Promise.race([send(r).then(async (response) => ({ response, text: await response.text() })), deadline]);
  } finally {
    if (timer !== null) clearTimeout(timer);
  }
}

/**
 * Every answer: never 500; a refusal a problem of a documented kind and its status; a 2xx JSON, or
 * empty where it has no body; CORS on each, and the headers a 405 and a 401 owe.
 */
function expectWellFormed(r: FuzzRequest, response: Response, text: string): void {
  const what = `${response.status} ${text.slice(0, 400)}\nfor ${describeRequest(r)}`;
  const type = response.headers.get("content-type");
  expect(response.status, what).not.toBe(500);
  // Every answer carries CORS, a 405 the methods the path takes, a 401 the bearer challenge.
  expect(response.headers.get("access-control-allow-origin"), what).toBe("*");
  if (response.status === 405) expect(response.headers.get("allow"), what).toMatch(/^[A-Z]+(, [A-Z]+)*$/);
  if (response.status === 401) expect(response.headers.get("www-authenticate"), what).toMatch(/^Bearer realm=/);
  if (response.status >= 400) {
    expect(type, what).toBe("application/problem+json");
    // A HEAD answer's body is dropped on the wire (RFC 9110 9.3.2); when the handler keeps one, it is still the problem.
    if (r.method === "HEAD" && text === "") return;
    const problem = JSON.parse(text) as { type?: unknown; status?: unknown; title?: unknown; detail?: unknown };
    const kind = typeof problem.type === "string" && problem.type.startsWith(PROBLEM_BASE) ? problem.type.slice(PROBLEM_BASE.length) : "";
    expect(Object.hasOwn(PROBLEMS, kind), what).toBe(true);
    expect(PROBLEMS[kind as keyof typeof PROBLEMS].status, what).toBe(response.status);
    expect(problem.status, what).toBe(response.status);
    expect(typeof problem.detail, what).toBe("string");
    return;
  }
  expect(response.status >= 200 && response.status < 300, what).toBe(true);
  if (response.status === 204 || r.method === "HEAD") return expect(text, what).toBe("");
  expect(type, what).toBe("application/json");
  expect(() => JSON.parse(text), what).not.toThrow();
}

/**
 * A request the route itself answered (its path and method, not another route's or none) gets a
 * status its OpenAPI operation lists: what a client reads in the document is what it meets.
 */
function expectDocumented(route: Route<Env>, r: FuzzRequest, response: Response, text: string): void {
  const match = matchRoute(ROUTES, r.method, new URL(`${ORIGIN}${r.path}`).pathname);
  if (match.kind !== "found" || match.route !== route) return;
  const op = doc.paths[route.pattern]?.[route.method.toLowerCase()];
  expect(Object.keys(op?.responses ?? {}), `${route.method} ${route.pattern} answered ${response.status}, not in its OpenAPI responses: ${text.slice(0, 300)}\nfor ${describeRequest(r)}`).toContain(String(response.status));
}

// ---- The run ----

// Lower-case "patch" stays as written (the Fetch standard upper-cases only the six it names); PROPFIND is no route's.
const OTHER_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS", "get", "post", "patch", "PROPFIND"];
let accessChoices: Access[] = [];
let seededToken = "0".repeat(32);

/** What one route is sent: its own method mostly, its path with valid or hostile segments, any body. */
function requestFor(route: Route<Env>): fc.Arbitrary<FuzzRequest> {
  const seeds = seedsOf(route);
  const valid: Record<string, readonly string[]> = {
    thread: [SEEDED, "fuzz-fresh", "a", "A.b_c:d~e-f"],
    handoff: ["research-01", "scheduler-1", "writer-01", "payer-1"],
    token: [seededToken, "0".repeat(32)],
    name: ["pay", "clin", "nope"],
    kind: Object.keys(PROBLEMS),
  };
  const params = [...route.pattern.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  const path = fc.tuple(...params.map((p) => segment(valid[p] ?? ["x"]))).map((values) => params.reduce((acc, p, i) => acc.replace(`{${p}}`, values[i] as string), route.pattern));
  const method = fc.oneof({ weight: 6, arbitrary: fc.constant(route.method as string) }, { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) });
  const json = bytesOf(jsonBody(seeds)).map((b) => ({ kind: "json" as const, bytes: b }));
  const text = bytesOf(textBody(seeds)).map((b) => ({ kind: "text" as const, bytes: b }));
  // Mostly the body the route reads; a route that reads no text gets text now and then.
  const body = fc.oneof({ weight: seeds.takesBody ? 8 : 1, arbitrary: json }, { weight: seeds.text === null ? 1 : 6, arbitrary: text }, { weight: seeds.takesBody ? 1 : 6, arbitrary: fc.constant({ kind: "none" as const, bytes: null }) });
  const contentType = fc.tuple(fc.nat({ max: 9 }), fc.constantFrom(...CONTENT_TYPES));
  const threadRoute = route.pattern.startsWith("/v1/threads/") || route.pattern === "/v1/agent-tokens";
  // The open Worker, the operator and the agents' own tokens most often, so requests get past the bearer.
  const access = threadRoute ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...accessChoices.slice(0, 10)) }, { weight: 1, arbitrary: fc.constantFrom(...accessChoices) }) : fc.oneof({ weight: 4, arbitrary: fc.constant(accessChoices[0] as Access) }, { weight: 1, arbitrary: fc.constantFrom(...accessChoices) });
  const contentLength = fc.oneof({ weight: 12, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom("0", "1", "abc", "-1", " 5 ", "1e3", "0x10", "99999999999999999", String(LIMITS.bodyBytes + 1), "5, 5") });
  return fc.tuple(method, path, queryOf(seeds.names), body, contentType, access, contentLength).map(([m, p, q, b, [roll, other], a, length]) => {
    // Mostly the content type that fits the body; now and then another, or none.
    const fitting = b.kind === "json" ? "application/json" : b.kind === "text" ? "text/plain" : null;
    const contentType = roll < 8 ? fitting : roll < 9 ? other : null;
    const hasBody = m.toUpperCase() !== "GET" && m.toUpperCase() !== "HEAD";
    return printable({ method: m, path: `${p}${q}`, contentType, contentLength: length, body: hasBody ? b.bytes : null, access: a });
  });
}

describe("every route answers any request with a documented answer, in bounded time", () => {
  beforeAll(async () => {
    const token = (agent: string): Promise<string> => agentToken(SECRET, agent, 0);
    const agents = await Promise.all(AGENTS.map(token));
    const junk = ["Bearer", "Bearer ", "Basic Zm9vOmJhcg==", `Bearer ${SECRET} extra`, `bearer ${SECRET}`, "Bearer rwa.research.AAAA", "Bearer rwa.research~1.AAAA", "Bearer rwa..x", `Bearer ${"a".repeat(10_000)}`, `Bearer\t${SECRET}`];
    accessChoices = [
      { secret: undefined, authorization: null },
      { secret: undefined, authorization: `Bearer ${agents[0]}` },
      { secret: SECRET, authorization: null },
      { secret: SECRET, authorization: `Bearer ${SECRET}` },
      { secret: SECRET, authorization: `Bearer ${SECRET}` },
      ...agents.map((t) => ({ secret: SECRET, authorization: `Bearer ${t}` })),
      ...junk.map((authorization) => ({ secret: SECRET, authorization })),
    ];
    // A thread with lines and a prepared statement, so reads and acts reach its object.
    const post = (path: string, body: unknown) => send({ method: "POST", path, contentType: "application/json", contentLength: null, body: new TextEncoder().encode(JSON.stringify(body)), access: { secret: undefined, authorization: null } });
    expect((await post(`/v1/threads/${SEEDED}/lines`, { lines: [`${PAY_HO} exp=20991231T2359Z`, HO, RB] })).status).toBe(200);
    const prepared = await post(`/v1/threads/${SEEDED}/statements`, { handoff: "scheduler-1", call: PAY_CALL, exp: "20991231T2300Z" });
    expect(prepared.status).toBe(201);
    seededToken = ((await prepared.json()) as { token: string }).token;
  });

  ROUTES.forEach((route, i) => {
    it(`${route.method} ${route.pattern}`, async () => {
      await fc.assert(
        fc.asyncProperty(requestFor(route), async (r) => {
          const { response, text } = await answered(r);
          expectWellFormed(r, response, text);
          expectDocumented(route, r, response, text);
        }),
        { seed: SEED + i, numRuns: RUNS },
      );
    }, Math.max(60_000, RUNS * 40));
  });
});

// ---- Conversations: a thread driven by a generated sequence of acts ----

/** The pay exchange and the spec's lines, the acts a thread holds state for: HOs, readbacks, cancels, dones. */
const CONVERSATION = [
  `${PAY_HO} exp=20991231T2359Z`, PAY_HO, PAY_RB, PAY_DN, `${PAY_HO} exp=20261002T1500Z`,
  "RW1 CX scheduler-2 re=scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 why=REVOKED // withdrawn",
  "RW1 AN scheduler-3 re=payer-1 p=pay from=scheduler to=payer val=Y",
  "RW1 HO scheduler-4 re=scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929",
  "RW1 UN payer-9 re=scheduler-1 p=pay from=payer to=scheduler item=inv:MD-2026-057 why=NOCTX",
  ...sectionEight,
];
const HANDOFFS = ["scheduler-1", "scheduler-4", "research-01", "ops-03", "ops-04", "scheduler-9"];
const EXPS = ["20991231T2300Z", "20991231T2359Z", "20261002T1405Z", "20000101T0000Z", "99991231T2359Z", "20991231T2400Z"];

type Act =
  | { readonly kind: "append"; readonly lines: readonly (string | number)[]; readonly profile: Json | undefined; readonly text: boolean }
  | { readonly kind: "challenge"; readonly handoff: string; readonly body: Json }
  | { readonly kind: "prepare"; readonly handoff: string; readonly call: Json; readonly exp: string; readonly n: Json | undefined }
  | { readonly kind: "commit" | "abandon"; readonly statement: number }
  | { readonly kind: "read"; readonly path: string }
  /** `at`: epoch ms, or below a year an offset from now. */
  | { readonly kind: "clock"; readonly at: number }
  | { readonly kind: "alarm" };

/** A line of the conversation, edited now and then; a number relays the prepared statement of that index. */
const conversationLine: fc.Arbitrary<string | number> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...CONVERSATION) },
  { weight: 3, arbitrary: fc.nat({ max: 3 }) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...CONVERSATION), textEdits(12, 1, 2)).map(([line, edits]) => edited(line, edits)) },
);

const act: fc.Arbitrary<Act> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("append" as const), lines: fc.array(conversationLine, { minLength: 1, maxLength: 4 }), profile: fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 2, arbitrary: fc.constantFrom<Json>("pay", "clin", "nope", 5) }, { weight: 1, arbitrary: fc.tuple(fc.constantFrom<Json>(MINI, payProfile), deepEdits).map(([f, e]) => mutateDeep(f, e)) }), text: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("challenge" as const), handoff: fc.constantFrom(...HANDOFFS), body: fc.tuple(fc.constantFrom<Json>({ record: { ...PAY_RECORD, $resolve: ["acct"] } }, { record: PAY_RECORD }, { expectAcc: ["tone:plain", "len:120w"] }, { expectAcc: "tone:formal", profile: "pay" }, { record: PAY_RECORD, profile: "pay" }), fc.oneof(fc.constant([]), deepEdits)).map(([b, e]) => (e.length === 0 ? b : mutateDeep(b, e))) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("prepare" as const), handoff: fc.oneof({ weight: 3, arbitrary: fc.constant("scheduler-1") }, { weight: 1, arbitrary: fc.constantFrom(...HANDOFFS) }), call: fc.oneof({ weight: 3, arbitrary: fc.constant<Json>(PAY_CALL) }, { weight: 1, arbitrary: deepEdits.map((e) => mutateDeep(PAY_CALL, e)) }), exp: fc.oneof({ weight: 3, arbitrary: fc.constant("20991231T2300Z") }, { weight: 1, arbitrary: fc.constantFrom(...EXPS) }), n: fc.constantFrom<Json | undefined>(undefined, undefined, undefined, undefined, 0, 1, 7, 9007199254740991, -1, "2") }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom("commit" as const, "abandon" as const), statement: fc.nat({ max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("read" as const), path: fc.constantFrom("", "/lines", "/lines?after=1&limit=1", "/findings", "/owners", "/open", "/readbacks", "/dones", "/orphaned", "/orphaned?after=9007199254740991", ...HANDOFFS.map((h) => `/handoffs/${h}`)) }) },
  // Where the objects' clock may stand: now or later, never behind the real clock, whose alarms
  // would otherwise find the same moment late forever and fire again at once.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("clock" as const), at: fc.constantFrom(0, 3_600_000, 30 * 86_400_000, Date.UTC(2099, 11, 31, 23, 30), Date.UTC(2100, 0, 1, 0, 30)) }) },
  { weight: 1, arbitrary: fc.constant({ kind: "alarm" as const }) },
);

let conversations = 0;
const PREPARE: Act = { kind: "prepare", handoff: "scheduler-1", call: PAY_CALL, exp: "20991231T2300Z", n: undefined };

describe("a thread answers any conversation with a documented answer, in bounded time", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("through appends, challenges, statements, commits, reads, a moving clock and its alarm", async () => {
    await fc.assert(
      // Half the conversations open with the pay HO, so that what follows has a handoff to act on.
      fc.asyncProperty(fc.array(act, { minLength: 1, maxLength: 14 }), fc.boolean(), fc.boolean(), async (rest, opened, secret) => {
        const acts: Act[] = opened ? [{ kind: "append", lines: [`${PAY_HO} exp=20991231T2359Z`], profile: undefined, text: false }, ...rest] : rest;
        // One of a few dozen threads: later conversations meet the state earlier ones left, and
        // workerd keeps every object it made, thousands of which slow each request of the test.
        const thread = `fuzz-conversation-${++conversations % 48}`;
        const stub = env.THREADS.get(env.THREADS.idFromName(thread));
        const access: Access = secret ? { secret: SECRET, authorization: `Bearer ${SECRET}` } : { secret: undefined, authorization: null };
        const statements: { token: string; line: string }[] = [];
        // Each conversation starts by the real clock; a clock act moves it for the rest of the conversation.
        vi.useRealTimers();
        const json = (path: string, body: Json): FuzzRequest => ({ method: "POST", path, contentType: "application/json", contentLength: null, body: new TextEncoder().encode(writeJson(body)), access });
        for (const a of acts) {
          let r: FuzzRequest | null = null;
          const base = `/v1/threads/${thread}`;
          if (a.kind === "append") {
            const lines = a.lines.map((l) => (typeof l === "number" ? (statements[l]?.line ?? PAY_RB) : l));
            if (a.text && a.profile === undefined) r = { method: "POST", path: `${base}/lines`, contentType: "text/plain", contentLength: null, body: new TextEncoder().encode(lines.join("\n")), access };
            else r = json(`${base}/lines`, a.profile === undefined ? { lines } : { lines, profile: a.profile });
          } else if (a.kind === "challenge") r = json(`${base}/handoffs/${a.handoff}/challenge`, a.body);
          else if (a.kind === "prepare") r = json(`${base}/statements`, { handoff: a.handoff, call: a.call, exp: a.exp, ...(a.n === undefined ? {} : { n: a.n }) });
          else if (a.kind === "commit" || a.kind === "abandon") r = { method: "POST", path: `${base}/statements/${statements[a.statement]?.token ?? "0".repeat(32)}/${a.kind}`, contentType: null, contentLength: null, body: null, access };
          else if (a.kind === "read") r = { method: "GET", path: `${base}${a.path}`, contentType: null, contentLength: null, body: null, access };
          else if (a.kind === "clock") {
            // A faked Date is the objects' clock (the test shares their isolate), and a restart of
            // the object does not undo it as it undid a clock set on the instance.
            vi.useFakeTimers({ toFake: ["Date"], now: a.at < 365 * 86_400_000 ? vi.getRealSystemTime() + a.at : a.at });
          } else await runDurableObjectAlarm(stub);
          if (r === null) continue;
          const { response, text } = await answered(r);
          expectWellFormed(r, response, text);
          const match = matchRoute(ROUTES, r.method, new URL(`${ORIGIN}${r.path}`).pathname);
          if (match.kind === "found") expectDocumented(match.route, r, response, text);
          if (a.kind === "prepare" && response.status === 201) statements.push(JSON.parse(text) as { token: string; line: string });
        }
      }),
      {
        seed: SEED,
        numRuns: Math.max(1, Math.round(RUNS / 2)),
        // The whole act once as the spec's section 5.3 runs it, then generated ones.
        examples: [[[PREPARE, { kind: "append", lines: [0], profile: undefined, text: false }, { kind: "commit", statement: 0 }, { kind: "read", path: "" }, { kind: "append", lines: [PAY_DN], profile: undefined, text: true }, { kind: "alarm" }], true, false]],
      },
    );
  }, Math.max(60_000, RUNS * 200));
});

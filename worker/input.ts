/**
 * A request's input as a route reads it: its options (fields of a JSON body, or query parameters;
 * both may be used, but not for the same option with different values) and its messages (lines of
 * a text/plain body, or the `lines` array of a JSON body), each within the line limits. A field
 * or parameter the route does not take is refused rather than ignored: a misspelt option would
 * otherwise silently do nothing.
 */
import { isSkippedLine, parseJsonText } from "../core/index.js";
import type { JsonTextReading } from "../core/index.js";
import { readBody, refuseDeep } from "./body.js";
import type { DrainSetting } from "./body.js";
import type { Body, BodyKind } from "./body.js";
import { LIMITS, utf8Length } from "./limits.js";
import { ProblemError } from "./problem.js";
import { shown } from "./shown.js";

/** One message as given: a line of text (an RW1 line, or a JSON form as JSON text) or a JSON value. */
export interface InputItem {
  /** 1-based: the line of a text body, or the position in a JSON body's `lines`. */
  readonly n: number;
  readonly value: string | object;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** What a typed option's rule reads from a value it refuses. */
const INVALID: unique symbol = Symbol("invalid");

/** A boolean option: a JSON boolean, or `true`, `1` or nothing (`?lean`) for true, `false` or `0` for false. */
function readBoolean(v: unknown): boolean | undefined | typeof INVALID {
  if (v === undefined || typeof v === "boolean") return v;
  if (v === "true" || v === "1" || v === "") return true;
  if (v === "false" || v === "0") return false;
  return INVALID;
}

/** A string or null: null, or the text `null`, is null. */
function readNullable(v: unknown): string | null | typeof INVALID {
  if (v === null || v === "null") return null;
  return typeof v === "string" ? v : INVALID;
}

/** A count: a JSON number, or digits, a non-negative safe integer. */
function readCount(v: unknown): number | undefined | typeof INVALID {
  if (v === undefined) return undefined;
  if (typeof v === "number" && Number.isSafeInteger(v) && v >= 0) return v;
  if (typeof v === "string" && /^\d{1,16}$/.test(v) && Number.isSafeInteger(Number(v))) return Number(v);
  return INVALID;
}

/** A list: a JSON array of strings, or the wire form `a+b`. */
function readList(v: unknown): readonly string[] | undefined | typeof INVALID {
  if (v === undefined) return undefined;
  if (typeof v === "string") return v.split("+");
  if (Array.isArray(v) && v.every((x) => typeof x === "string")) return v as string[];
  return INVALID;
}

/**
 * Whether a body field and a query parameter give one value: the same text, or the same value as
 * the option's rule reads them both (a list element by element). A value the rule refuses agrees
 * with nothing but its own text, so that the route refuses it as it is, not as a disagreement.
 */
function agree(field: unknown, param: string, read?: (value: unknown) => unknown): boolean {
  if (typeof field === "string" && field === param) return true;
  if (read === undefined) return false;
  const a = read(field);
  const b = read(param);
  if (a === INVALID || b === INVALID) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => x === b[i]);
  return a === b;
}

/** The detail quotes the parameter as shown (a field or query name the request made up may be a megabyte); `parameter` gives it whole. */
function bad(parameter: string, detail: string): ProblemError {
  return new ProblemError("invalid-request", `${shown(parameter)}: ${detail}`, { parameter });
}

/** Refuses a line or JSON form past the per-line limit. */
export function checkLineSize(value: string | object, n: number, parameter = "lines"): void {
  const bytes = typeof value === "string" ? utf8Length(value) : utf8Length(JSON.stringify(value));
  if (bytes > LIMITS.lineBytes) {
    throw new ProblemError("line-too-long", `${parameter === "lines" ? `line ${n}` : parameter} is ${bytes} bytes; a line may hold at most ${LIMITS.lineBytes}`, { line: n, parameter, limit: LIMITS.lineBytes });
  }
}

/** Splits text into lines at LF, CRLF or CR, as the CLI does; a final line break ends the last line. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The lines of a text body that carry messages (blank and `#` lines skipped), within the limits. */
export function textItems(text: string): InputItem[] {
  const lines = splitLines(text);
  if (lines.length > LIMITS.lines) throw new ProblemError("too-many-lines", `the body holds ${lines.length} lines; a request may hold at most ${LIMITS.lines}`, { limit: LIMITS.lines });
  const items: InputItem[] = [];
  lines.forEach((line, i) => {
    checkLineSize(line, i + 1);
    if (isSkippedLine(line)) return;
    items.push({ n: i + 1, value: line });
  });
  return items;
}

export class Input {
  private constructor(
    /** How the body's JSON, and a query parameter's, is read: RW1's numbers as integers, or RW-003's kept as the nearest double. */
    private readonly reading: JsonTextReading,
    readonly body: Body | null,
    private readonly fields: Readonly<Record<string, unknown>>,
    private readonly query: URLSearchParams,
    /** The query string as sent (`url.search`), for the options whose `+` is a list's (rawList). */
    private readonly search: string,
  ) {}

  /**
   * Reads the request for a route that takes `options` (besides `lines` where it reads lines).
   * `accepted` says which bodies it takes. `reading`: RW1's routes read numbers as the integers RW1
   * holds (a number rounded to one is refused, note 70); RW-003's keep one as the nearest double.
   */
  static async read(request: Request, url: URL, env: DrainSetting, accepted: readonly BodyKind[], options: readonly string[], reading: JsonTextReading = { integers: true }): Promise<Input> {
    const body = await readBody(request, accepted, env, reading);
    let fields: Record<string, unknown> = {};
    if (body.kind === "json") {
      if (!isObject(body.value)) throw new ProblemError("invalid-request", "the JSON body is an object of fields", { parameter: "body" });
      fields = body.value;
    }
    const known = new Set(options);
    for (const key of Object.keys(fields)) if (!known.has(key)) throw bad(key, `not a field of this route (it takes ${options.join(", ")})`);
    for (const key of url.searchParams.keys()) if (!known.has(key) || key === "lines") throw bad(key, `not a query parameter of this route (it takes ${options.filter((o) => o !== "lines").join(", ") || "none"})`);
    return new Input(reading, body, fields, url.searchParams, url.search);
  }

  /** The options of a GET: query parameters only. */
  static query(url: URL, options: readonly string[]): Input {
    for (const key of url.searchParams.keys()) if (!options.includes(key)) throw bad(key, `not a query parameter of this route (it takes ${options.join(", ") || "none"})`);
    return new Input({ integers: true }, null, {}, url.searchParams, url.search);
  }

  /**
   * The option's value: the JSON field, else the query parameter (a string), else undefined. Given
   * both ways, they must agree: as text, or where the route reads the option as a typed value,
   * `read` (its rule for a field and for the query's text alike, INVALID for what it refuses) must
   * read both as one value (`true` and `?lean=1`). An object or a number agrees with no query text
   * that `read` does not read as it (`?profile=[object Object]` beside an object is not the object).
   */
  raw(name: string, query: URLSearchParams = this.query, read?: (value: unknown) => unknown): unknown {
    const field = this.fields[name];
    const all = query.getAll(name);
    if (all.length > 1) throw bad(name, "given more than once");
    const param = all[0];
    if (field !== undefined && param !== undefined && !agree(field, param, read)) {
      throw bad(name, "given in the body and in the query with different values");
    }
    return field !== undefined ? field : param;
  }

  string(name: string): string | undefined {
    const v = this.raw(name);
    if (v === undefined) return undefined;
    if (typeof v !== "string") throw bad(name, "a string");
    return v;
  }

  /**
   * A string, or null: a JSON null in the body, the text `null` in the query (the only way a text
   * body's request can ask for it), so that a body's null and the query's `null` agree.
   */
  nullableString(name: string): string | null | undefined {
    const v = this.raw(name, this.query, readNullable);
    if (v === undefined || v === null) return v;
    if (typeof v !== "string") throw bad(name, "a string");
    return this.fields[name] === undefined && v === "null" ? null : v;
  }

  required(name: string): string | object {
    const v = this.raw(name);
    if (v === undefined) throw bad(name, "required");
    if (typeof v !== "string" && !isObject(v)) throw bad(name, "an RW1 line (a string) or its JSON form (an object)");
    return v;
  }

  boolean(name: string): boolean | undefined {
    const v = readBoolean(this.raw(name, this.query, readBoolean));
    if (v === INVALID) throw bad(name, "true or false");
    return v as boolean | undefined;
  }

  /**
   * A non-negative safe integer (message numbers and sequence numbers run to 2^53 - 1, as the CLI
   * takes them), as a JSON number or digits in the query.
   */
  count(name: string): number | undefined {
    const v = readCount(this.raw(name, this.query, readCount));
    if (v === INVALID) throw bad(name, `a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`);
    return v as number | undefined;
  }

  /**
   * raw, for an option whose value is a list in its wire form `a+b` (`acc`, `expectAcc`): in the
   * query, its `+` is the list's, as on a line, not the space a form's `+` stands for (no list value
   * holds a space). `%20` is still a space, and `%2B` still a `+`.
   */
  rawList(name: string): unknown {
    return this.raw(name, new URLSearchParams(this.search.replaceAll("+", "%2B")), readList);
  }

  /** A list of strings: a JSON array of strings, or the wire form `a+b`. */
  list(name: string): string[] | undefined {
    const v = readList(this.rawList(name));
    if (v === INVALID) throw bad(name, "an array of strings, or one string joined with +");
    return v as string[] | undefined;
  }

  /** A JSON value: a field of a JSON body, or JSON text in a query parameter. */
  json(name: string): unknown {
    if (this.fields[name] !== undefined && this.query.has(name)) throw bad(name, "given in the body and in the query");
    if (this.fields[name] !== undefined) return this.fields[name];
    const text = this.string(name);
    if (text === undefined) return undefined;
    refuseDeep(text, name, { parameter: name });
    const json = parseJsonText(text, this.reading);
    if (json.ok) return json.value;
    throw new ProblemError("malformed-json", json.problem === "syntax" ? `${name}: not JSON (${json.reason})` : `${name}: ${json.reason}`, { parameter: name });
  }

  /** The messages of a lines route: a text body's lines, or the JSON body's `lines` array. */
  items(): InputItem[] {
    if (this.body?.kind === "text") return textItems(this.body.text);
    const lines = this.fields["lines"];
    if (lines === undefined) throw bad("lines", "required: an array of RW1 lines (strings) or JSON forms (objects)");
    if (!Array.isArray(lines)) throw bad("lines", "an array of RW1 lines (strings) or JSON forms (objects)");
    if (lines.length > LIMITS.lines) throw new ProblemError("too-many-lines", `lines holds ${lines.length} messages; a request may hold at most ${LIMITS.lines}`, { limit: LIMITS.lines });
    return lines.map((value: unknown, i) => {
      if (typeof value !== "string" && !isObject(value)) throw bad("lines", `element ${i + 1} is neither a string nor an object`);
      checkLineSize(value, i + 1);
      return { n: i + 1, value };
    });
  }

  /**
   * The messages of a route that reads a few named ones (make-rb, check-rb, check-dn): JSON fields,
   * or a text body's lines in the order `names` gives, the last `optional` of them optional.
   */
  messages(names: readonly string[], optional = 0): Record<string, string | object | undefined> {
    const out: Record<string, string | object | undefined> = {};
    if (this.body?.kind === "text") {
      for (const name of names) if (this.query.has(name)) throw bad(name, "the text body holds the messages; give it there, not in the query");
      const items = textItems(this.body.text);
      const min = names.length - optional;
      if (items.length < min || items.length > names.length) {
        const want = optional === 0 ? `${names.length}` : `${min} to ${names.length}`;
        const what = names.length === 1 ? `1 line: ${names[0]}` : `${want} lines: ${names.join(", ")}${optional > 0 ? ` (the last ${optional} optional)` : ""}, in that order`;
        throw bad("body", `a text body holds ${what}; it holds ${items.length}`);
      }
      names.forEach((name, i) => {
        out[name] = items[i]?.value;
      });
      return out;
    }
    names.forEach((name, i) => {
      const required = i < names.length - optional;
      const v = required ? this.required(name) : this.raw(name);
      if (v !== undefined && typeof v !== "string" && !isObject(v)) throw bad(name, "an RW1 line (a string) or its JSON form (an object)");
      if (v !== undefined) checkLineSize(v, i + 1, name);
      out[name] = v as string | object | undefined;
    });
    return out;
  }
}

/**
 * Reading the JSON form (section 6) from untrusted input: the shape is checked here, so every
 * later function can rely on `Message`'s types. Whether the values fit the vocabulary is
 * core/validate's question. Written by hand rather than with valibot: the playground reads JSON
 * forms in its first screen, and a schema library there put every valibot function its later tabs
 * use into the first download (core/message-schema.ts offers the same rule as a valibot schema).
 */
import { isKey } from "./check-value.js";
import { _capFindings, _error, FINDINGS_MAX, result } from "./finding.js";
import type { Finding, Result } from "./finding.js";
import type { Message, Scalar, SlotValue } from "./message.js";
import { _BREAK_OR_CONTROL } from "./_controls.js";
import { _RESERVED_KEYS, _reservedKeys } from "./_reserved-keys.js";
// A key, path or value as a finding shows it (conformance note 36): its first 40 characters, and `...`.
import { _cut as cut } from "./_chars.js";

const WELL_FORMED = /^(?:[^\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/;

/** The JSON form's fields, in the order their findings are listed. */
const FIELDS = ["v", "type", "id", "re", "from", "to", "item", "slots", "tail"] as const;
const FIELD_SET: ReadonlySet<string> = new Set(FIELDS);
/** The fields a message may leave empty, written null (section 6). */
const NULLABLE: ReadonlySet<string> = new Set(["re", "from", "to", "item", "tail"]);
const TOP_LEVEL_ONLY: ReadonlySet<string> = new Set(["re", "from", "to", "item"]);

/** A problem at a dot path (`to`, `slots.amt`, `slots.opts.1`); null is the input as a whole. */
type Problem = readonly [path: string | null, said: string];

/** A value as a finding names it: short values as written, strings cut, lists and objects by kind. */
function shown(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(cut(value));
  if (Array.isArray(value)) return "a list";
  if (value === null) return "null";
  if (typeof value === "object") return "an object";
  if (typeof value === "number" || typeof value === "boolean" || value === undefined) return String(value);
  return `a ${typeof value}`;
}

/** null for a scalar; why, for a string or number that is not one; false for any other type. */
function scalarFault(value: unknown): string | false | null {
  if (typeof value === "string") return WELL_FORMED.test(value) ? null : "is not well-formed Unicode";
  if (typeof value === "number" && !Number.isNaN(value)) return Number.isSafeInteger(value) ? null : "is a number that is not a safe integer";
  return typeof value === "boolean" ? null : false;
}

function checkSlotValue(path: string, value: unknown, out: Problem[]): void {
  if (!Array.isArray(value)) {
    const fault = scalarFault(value);
    if (fault !== null) out.push([path, fault === false ? `not a string, integer, boolean or list of them (received ${shown(value)})` : fault]);
    return;
  }
  const faults: Problem[] = [];
  for (let i = 0; i < value.length; i++) {
    const fault = scalarFault(value[i]);
    // An element of the wrong type makes the whole list the problem: it is named by its list.
    if (fault === false) return void out.push([path, `a list holds only strings, integers and booleans (item ${i} is ${shown(value[i])})`]);
    if (fault !== null) faults.push([`${path}.${i}`, fault]);
  }
  for (const f of faults) out.push(f);
}

/** Own keys of a slot map, in their order, without the reserved ones (_reservedKeys refuses those first). */
function* slotKeys(slots: object): Generator<string> {
  for (const key in slots) if (Object.hasOwn(slots, key) && !_RESERVED_KEYS.has(key)) yield key;
}

/** An object of keys: not null, and not a list, which JSON writes as `[]`, not `{}` (section 6). */
const isKeyed = (value: unknown): value is object => value !== null && typeof value === "object" && !Array.isArray(value);

function checkSlots(slots: unknown, out: Problem[]): void {
  if (!isKeyed(slots)) return void out.push(["slots", `not an object (received ${shown(slots)})`]);
  for (const key of slotKeys(slots)) {
    const path = `slots.${key}`;
    if (!isKey(key)) out.push([path, "slot keys are [a-z][a-z0-9_]*"]);
    else if (TOP_LEVEL_ONLY.has(key)) out.push([path, "re, from, to and item are top-level fields, not slots"]);
    checkSlotValue(path, (slots as Record<string, unknown>)[key], out);
  }
}

function checkField(name: (typeof FIELDS)[number], value: unknown, out: Problem[]): void {
  const nullable = NULLABLE.has(name);
  // A field left out: section 6's form holds every field, an absent part as null.
  if (value === undefined) return void out.push([name, `missing; the JSON form holds every field${nullable ? `, and ${name} is null when absent` : ""}`]);
  if (name === "slots") return checkSlots(value, out);
  if (value === null && nullable) return;
  if (typeof value !== "string") return void out.push([name, `not a string${nullable ? " or null" : ""} (received ${shown(value)})`]);
  if (!WELL_FORMED.test(value)) out.push([name, "is not well-formed Unicode"]);
  if (name !== "tail") return;
  // An empty tail is no tail: a line cannot carry one (TAIL_EMPTY), so its JSON form is refused too.
  if (value === "") out.push([name, "is empty; no tail is null"]);
  if (_BREAK_OR_CONTROL.test(value)) out.push([name, "holds a line break or control character; a tail is part of one line"]);
}

/** What is wrong with the form, and how many more unknown fields it has than are listed. */
function problems(input: unknown): [Problem[], number] {
  if (!isKeyed(input)) return [[[null, `not an object (received ${shown(input)}); the JSON form is one object of the fields ${FIELDS.join(", ")}`]], 0];
  const form = input as Record<string, unknown>;
  const out: Problem[] = [];
  for (const name of FIELDS) checkField(name, form[name], out);
  // Each field the form does not have is named; past FINDINGS_MAX they are only counted, so a
  // hostile form of a million keys holds no million problems.
  let extra = 0;
  for (const key in form) {
    if (FIELD_SET.has(key) || !Object.hasOwn(form, key)) continue;
    if (extra++ < FINDINGS_MAX) out.push([key, `not a field of the JSON form (${FIELDS.join(", ")}); a field the digest would ignore is refused`]);
  }
  return [out, Math.max(0, extra - FINDINGS_MAX)];
}

/** The message as read: a fresh object, fields in their order, nothing inherited or skipped. */
function copied(form: Record<string, unknown>): Message {
  const slots: Record<string, SlotValue> = {};
  const given = form["slots"] as Record<string, Scalar | Scalar[]>;
  for (const key of slotKeys(given)) {
    const value = given[key] as Scalar | Scalar[];
    slots[key] = Array.isArray(value) ? [...value] : value;
  }
  const { v, type, id, re, from, to, item, tail } = form;
  return { v, type, id, re, from, to, item, slots, tail } as Message;
}

/** Checks an untrusted JSON value is a Message (the JSON form), without validating its vocabulary. */
export function messageFromJson(input: unknown): Result<Message> {
  const reserved = _reservedKeys(input);
  if (reserved.length > 0) {
    const findings = reserved.map((path) => _error("JSON_SHAPE", `${cut(path)}: this key is reserved and cannot be a slot`, { slot: cut(path) }));
    return { ok: false, value: null, findings: _capFindings(findings) };
  }
  const [found, uncounted] = problems(input);
  if (found.length === 0) return result(copied(input as Record<string, unknown>), []);
  const findings: Finding[] = found.map(([path, said]) => _error("JSON_SHAPE", `${cut(path ?? "message")}: ${said}`, path === null ? {} : { slot: cut(path) }));
  // As for a line: a hostile form with thousands of bad keys is described by FINDINGS_MAX findings.
  return { ok: false, value: null, findings: _capFindings(findings, uncounted) };
}

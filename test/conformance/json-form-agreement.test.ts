// A line and its JSON form read alike (spec section 6; differential/README.md): every line of the
// differential generator's 3,000 (seed 1) that parses is read as a line and as its JSON form's text,
// through readMessage as `rw validate`, the Worker and the playground read them, and the two must
// agree on the verdict, the error codes, the note codes and `h=`; the form's line (formatLine) must
// read back as the same message. Then each valid form is mutated, field by field and slot by slot,
// into what a line could not say (another JSON type, a field left out or added, a list of other
// things, a number spelt otherwise): each must read as the line formatLine writes of it reads, or
// be refused naming the field it changed, never read as something else, never throw. A failure
// names the first divergence.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkLine, digest, formatLine, profileResolver, readMessage } from "../../core/index.js";
import type { Finding, LineCheck, Message } from "../../core/index.js";
import { shippedVocabulary } from "../../profiles/index.js";

type Resolver = ReturnType<typeof profileResolver>;

function generated(count: number, seed: number): { line: string; reader: string | null }[] {
  try {
    const out = execFileSync("python3", [join(import.meta.dirname, "differential", "generate.py"), String(count), String(seed)], { encoding: "utf8", maxBuffer: 64 << 20, env: { ...process.env, PYTHONIOENCODING: "utf-8" } });
    return out.split("\n").filter((t) => t !== "").map((t) => JSON.parse(t) as { line: string; reader: string | null });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error("python3 is missing: apt-get install -y python3 (.ci/run installs it)");
    throw error;
  }
}

const resolvers = new Map<string | null, Resolver>();
function resolverFor(reader: string | null): Resolver {
  let resolver = resolvers.get(reader);
  if (resolver === undefined) {
    resolver = profileResolver(reader === null ? null : (shippedVocabulary(reader) ?? null), shippedVocabulary);
    resolvers.set(reader, resolver);
  }
  return resolver;
}

const codes = (findings: readonly Finding[], severity: "error" | "note"): string => [...new Set(findings.filter((f) => f.severity === severity).map((f) => f.code))].sort().join(",");

/** Where two readings of one message differ, or null. */
function disagreement(a: LineCheck, b: LineCheck): string | null {
  if (a.ok !== b.ok) return `verdict ${a.ok} / ${b.ok}`;
  if (codes(a.findings, "error") !== codes(b.findings, "error")) return `errors [${codes(a.findings, "error")}] / [${codes(b.findings, "error")}]`;
  if (codes(a.findings, "note") !== codes(b.findings, "note")) return `notes [${codes(a.findings, "note")}] / [${codes(b.findings, "note")}]`;
  if ((a.message === null) !== (b.message === null)) return "one reads a message, the other none";
  if (a.message !== null && b.message !== null && digest(a.message) !== digest(b.message)) return `h= ${digest(a.message)} / ${digest(b.message)}`;
  return null;
}

/** The first way a line and its JSON form's text read differently, or null. */
function lineAgainstForm(line: string, resolve: Resolver): string | null {
  const asLine = checkLine(line, resolve);
  if (asLine.message === null) return null;
  const asForm = readMessage(JSON.stringify(asLine.message), resolve);
  const differs = disagreement(asLine, asForm);
  if (differs !== null) return `${JSON.stringify(line)}: as a line and as its JSON form: ${differs}`;
  if (!asLine.ok || asForm.message === null) return null;
  const written = formatLine(asForm.message);
  if (!written.ok) return `${JSON.stringify(line)}: valid, but formatLine refuses its JSON form`;
  // A line in the order formatLine writes comes back as itself; any other, as the same message.
  if (formatLine(asLine.message).value === line && written.value !== line) return `${JSON.stringify(line)}: formatLine gives ${JSON.stringify(written.value)}`;
  const again = disagreement(asLine, checkLine(written.value, resolve));
  return again === null ? null : `${JSON.stringify(line)}: its form's line ${JSON.stringify(written.value)} reads otherwise: ${again}`;
}

/** Whether a refusal names `path` (`to`, `slots.pri`): a shape finding by its path, validate by the slot's key. */
function names(findings: readonly Finding[], path: string): boolean {
  return findings.some((f) => f.severity === "error" && (f.code === "VERSION" || (f.slot !== undefined && (f.slot === path || `slots.${f.slot}` === path || path.startsWith(`${f.slot}.`)))));
}

/** The first way a mutated form's text is read other than as its line, or refused without naming `path`, or null. */
function formAgainstItsLine(text: string, path: string, resolve: Resolver): string | null {
  let read: LineCheck;
  try {
    read = readMessage(text, resolve);
  } catch (error) {
    return `${text}: readMessage throws ${String(error)}`;
  }
  const refused = (): string | null => (names(read.findings, path) ? null : `${text}: refused without naming ${path}: ${JSON.stringify(read.findings.map((f) => [f.code, f.slot]))}`);
  if (read.message === null) return refused();
  // A form read as a message is the message its line carries; one no line carries must be refused.
  const written = formatLine(read.message);
  if (!written.ok) return read.ok ? `${text}: valid, yet no line carries it (${written.findings.map((f) => f.message).join("; ")})` : refused();
  const asLine = checkLine(written.value, resolve);
  // A value of another type than its line's (`"ask": 7`, whose line says `ask=7`, a string) is
  // another message: it must be refused, on its field. The same message must read as its line.
  if (!read.ok && asLine.message !== null && digest(asLine.message) !== digest(read.message)) return refused();
  const differs = disagreement(read, asLine);
  return differs === null ? null : `${text}: read otherwise than its line ${JSON.stringify(written.value)}: ${differs}`;
}

/** What a line could not say, for a field or slot of another type. */
const OTHER_TYPES: readonly unknown[] = [7, "x", true, null, ["a"], { a: "b" }, "", [], 1.5, -0, 2 ** 53, [1, 2], ["a", 1, true], ["a", null], [{}], [["a"]], "a b", "a\u00a0", "\ud800", "a\tb", ["a+b"]];
const FIELDS = ["v", "type", "id", "re", "from", "to", "item", "slots", "tail"] as const;

/** Number spellings, each with the integer it is, or null when it is none (and must be refused). */
const NUMBERS: readonly [string, number | null][] = [["-0", 0], ["1e3", 1000], ["1E2", 100], ["1.0", 1], ["10.0e-1", 1], ["2.5e0", null], ["0.5", null], ["1e400", null], ["1e-400", null], ["1.0000000000000001", null], ["9007199254740990.6", null], ["9007199254740993", null]];

/** Each mutation of a valid form: its text and the field or slot it changes. */
function* mutations(m: Message): Generator<[text: string, path: string]> {
  const text = (form: object): string => JSON.stringify(form);
  for (const field of FIELDS) {
    for (const value of OTHER_TYPES) yield [text({ ...m, [field]: value }), field];
    const { [field]: _left, ...rest } = m;
    yield [text(rest), field];
  }
  for (const [key, value] of Object.entries(m.slots)) {
    const path = `slots.${key}`;
    const withSlot = (v: unknown): string => text({ ...m, slots: { ...m.slots, [key]: v } });
    for (const other of OTHER_TYPES) yield [withSlot(other), path];
    if (typeof value === "number") yield [withSlot(String(value)), path];
    if (typeof value === "boolean") yield [withSlot(value ? "Y" : "N"), path];
    if (typeof value === "string") {
      if (/^-?\d+$/.test(value)) yield [withSlot(Number(value)), path];
      if (value === "Y" || value === "N") yield [withSlot(value === "Y"), path];
      yield [withSlot([value]), path];
      // The same message with its value's first character escaped, and its key's.
      if (value !== "") yield [text(m).replace(JSON.stringify(value), `"\\u${value.charCodeAt(0).toString(16).padStart(4, "0")}${JSON.stringify(value).slice(2)}`), path];
    }
    if (Array.isArray(value)) yield [withSlot(value.join("+")), path];
    yield [text(m).replace(`"${key}":`, `"\\u${key.charCodeAt(0).toString(16).padStart(4, "0")}${key.slice(1)}":`), path];
  }
  yield [text({ ...m, x: "1" }), "x"];
  const { p, ...others } = m.slots;
  if (p !== undefined) yield [text({ ...m, p, slots: others }), "p"];
  yield [text({ ...m, slots: { ...m.slots, A: "1" } }), "slots.A"];
}

/** How many valid forms are mutated: about 40,000 mutations, a few seconds. */
const FORMS_MUTATED = 150;

describe("a line and its JSON form read alike", () => {
  const cases = generated(3000, 1);

  it("reads every generated line that parses as its JSON form's text reads", { timeout: 60_000 }, () => {
    let compared = 0;
    let first: string | null = null;
    for (const { line, reader } of cases) {
      const resolve = resolverFor(reader);
      if (checkLine(line, resolve).message === null) continue;
      compared++;
      first ??= lineAgainstForm(line, resolve);
    }
    expect(first, "the first line read otherwise as its JSON form").toBeNull();
    expect(compared).toBeGreaterThan(2000);
  });

  it("reads each mutated JSON form as its line, or refuses it naming the field", { timeout: 60_000 }, () => {
    let mutated = 0;
    let first: string | null = null;
    let forms = 0;
    for (const { line, reader } of cases) {
      const resolve = resolverFor(reader);
      const read = checkLine(line, resolve);
      if (!read.ok || read.message === null) continue;
      if (++forms > FORMS_MUTATED) break;
      for (const [text, path] of mutations(read.message)) {
        mutated++;
        first ??= formAgainstItsLine(text, path, resolve);
      }
      // Every other spelling of a number is the integer it is, or refused on its slot.
      for (const [key, value] of Object.entries(read.message.slots)) {
        if (typeof value !== "number") continue;
        for (const [written, integer] of NUMBERS) {
          mutated++;
          const text = JSON.stringify({ ...read.message, slots: { ...read.message.slots, [key]: "@" } }).replace('"@"', written);
          const got = readMessage(text, resolve);
          const want = integer === null ? null : JSON.stringify({ ...read.message.slots, [key]: integer });
          if (want === null ? got.message !== null || !names(got.findings, `slots.${key}`) : JSON.stringify(got.message?.slots) !== want) first ??= `${text}: ${written} read as ${JSON.stringify(got.message?.slots[key])}, want ${integer ?? "refused"}`;
        }
      }
    }
    expect(first, "the first mutated JSON form read otherwise than its line").toBeNull();
    expect(mutated).toBeGreaterThan(30_000);
  });
});

// The conformance vectors (test/conformance/) through `rw`, the table the core (Node, Chromium),
// the Worker's routes (test/worker/conformance-http.test.ts) and the playground's checker
// (test/playground/checker.test.ts) answer already: the CLI is an adapter too, and must give the
// same findings, digests, forms, refusals, reports and verdicts. The vectors of lines go through
// the built command, a file of them a run (real stdin and exit codes); what takes one case a run
// (check-rb, check-ho, check-dn, check-thread, validate --as, framing.jsonl's texts) runs each
// command's own code in this process, with the context rw builds: a process a case would take a
// minute on a busy machine.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { checkDnCommand } from "../../cli/commands/check-dn.js";
import { checkHoCommand } from "../../cli/commands/check-ho.js";
import { checkRbCommand } from "../../cli/commands/check-rb.js";
import { checkThreadCommand } from "../../cli/commands/check-thread.js";
import type { Command } from "../../cli/commands/context.js";
import { validateCommand } from "../../cli/commands/validate.js";
import { Output } from "../../cli/output.js";
import { profiles } from "../../cli/profiles.js";
import { UsageError } from "../../cli/usage-error.js";
import { canonicalJson, coreVocabulary, readMessage } from "../../core/index.js";
import type { Finding } from "../../core/index.js";
import { createThreadAudit } from "../../core/thread.js";
import type { DoneVector, HandoffVector, ReadbackVector } from "../conformance/checks-suite.js";
import { framed, parseFraming } from "../conformance/framing-suite.js";
import { parseVectors, render } from "../conformance/suite.js";
import type { Vector } from "../conformance/suite.js";
import type { ThreadCase } from "../conformance/threads-suite.js";
import { resolve } from "../vocabularies.js";

const ROOT = join(import.meta.dirname, "..", "..");
const RW = join(ROOT, "dist", "cli", "rw.js");
const DIR = join(ROOT, "test", "conformance");
const tmp = mkdtempSync(join(tmpdir(), "rw-conformance-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const jsonl = <T>(file: string): T[] => readFileSync(join(DIR, file), "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as T);
const sorted = (xs: readonly string[]): string[] => [...xs].sort();
const codes = (findings: readonly Finding[]): string[] => sorted(findings.map((f) => f.code));
/** Two JSON forms are one message: the same canonical JSON (keys in any order). */
const same = (a: unknown, b: unknown): boolean => a !== undefined && b !== undefined && canonicalJson(a) === canonicalJson(b);

/** `rw <args> --json` over the given input lines, one process: its exit code and one object per output line. */
function rwJson(args: readonly string[], lines: readonly string[]): { code: number | null; rows: Record<string, unknown>[] } {
  const r = spawnSync(process.execPath, [RW, ...args, "--json"], { input: lines.map((l) => `${l}\n`).join(""), encoding: "utf8", cwd: ROOT });
  return { code: r.status, rows: r.stdout.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as Record<string, unknown>) };
}

/**
 * A command run in this process with the context rw.ts builds for it (`--json` on): its exit code
 * (2 for a usage error, as rw exits) and each line it wrote to stdout, parsed.
 */
async function runAll(command: Command, options: Record<string, string | boolean | undefined>, file?: string): Promise<{ code: number; rows: Record<string, unknown>[] }> {
  let text = "";
  const out = new Output(new Writable({ write: (chunk: Buffer, _encoding, done) => ((text += chunk.toString("utf8")), done()) }));
  const err = new Output(new Writable({ write: (_chunk, _encoding, done) => done() }));
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  try {
    const code = await command.run({ name: "conformance", file, json: true, profiles: profiles(undefined), out, err, options: given, args: [] });
    await out.flush();
    return { code, rows: text.split("\n").filter((l) => l !== "").map((l) => JSON.parse(l) as Record<string, unknown>) };
  } catch (error) {
    if (error instanceof UsageError) return { code: 2, rows: [] };
    throw error;
  }
}

/** A command that answers one input with one object: that object, or null when it wrote none. */
async function run(command: Command, options: Record<string, string | boolean | undefined>, file?: string): Promise<{ code: number; json: Record<string, unknown> | null }> {
  const { code, rows } = await runAll(command, options, file);
  return { code, json: rows[0] ?? null };
}

/** A record as rw takes it: a file holding its JSON. */
let records = 0;
const recordFile = (record: unknown): string => {
  const path = join(tmp, `record-${records++}.json`);
  writeFileSync(path, JSON.stringify(record));
  return path;
};

// One message a line: a vector whose text holds a line break, or that a line of input would skip
// (blank, a comment) or change (a leading byte order mark), is a case of the framing, which
// framing.jsonl covers (below), not of the message.
const oneLine = (text: string): boolean => !/[\r\n]/.test(text) && text.trim() !== "" && !text.startsWith("#") && !text.startsWith("\uFEFF");

describe("lines.jsonl and json-form.jsonl through rw", () => {
  const byLine = (rows: Record<string, unknown>[], of: readonly Vector[]) => new Map(rows.map((r) => [of[(r["line"] as number) - 1] as Vector, r]));
  for (const file of ["lines.jsonl", "json-form.jsonl"]) {
    const vectors = parseVectors(readFileSync(join(DIR, file), "utf8"));
    const lines = vectors.filter((v) => v.line !== undefined && oneLine(v.line));
    const forms = vectors.filter((v) => v.line === undefined);

    // json-form.jsonl holds JSON forms to format only.
    if (lines.length > 0) it(`${file}: every line vector validated, digested and parsed as the vector says, and the exit code says whether all passed`, () => {
      expect(lines.length).toBeGreaterThan(150);
      const texts = lines.map((v) => v.line as string);
      const validated = rwJson(["validate"], texts);
      const digested = byLine(rwJson(["digest"], texts).rows, lines);
      const parsed = byLine(rwJson(["parse"], texts).rows, lines);
      expect(validated.rows.length).toBe(lines.length);
      const problems: string[] = [];
      byLine(validated.rows, lines).forEach((row, v) => {
        const got = sorted((row["findings"] as Finding[]).map((f) => render(f, true)));
        if (JSON.stringify(got) !== JSON.stringify(sorted(v.findings ?? []))) problems.push(`${v.id}: findings ${JSON.stringify(got)}, want ${JSON.stringify(sorted(v.findings ?? []))}`);
        if (v.json !== undefined && row["ok"] !== true) problems.push(`${v.id}: refused, the vector reads it`);
        if (v.json !== undefined && !same(parsed.get(v)?.["message"], v.json)) problems.push(`${v.id}: parse gave ${JSON.stringify(parsed.get(v)?.["message"])}`);
        if (v.h !== undefined && digested.get(v)?.["h"] !== v.h) problems.push(`${v.id}: h=${String(digested.get(v)?.["h"])}, want ${v.h}`);
      });
      expect(problems).toStrictEqual([]);
      expect(validated.code).toBe(validated.rows.every((r) => r["ok"] === true) ? 0 : 1);
    });

    it(`${file}: the JSON form of each line vector gives the line's digest, and formats back to a line that reads the same`, () => {
      const pairs = vectors.filter((v) => v.json !== undefined && v.line !== undefined && oneLine(v.line));
      if (pairs.length === 0) return;
      const ofLines = byLine(rwJson(["digest"], pairs.map((v) => v.line as string)).rows, pairs);
      const texts = pairs.map((v) => JSON.stringify(v.json));
      const ofForms = byLine(rwJson(["digest"], texts).rows, pairs);
      const formatted = byLine(rwJson(["format"], texts).rows, pairs);
      const problems: string[] = [];
      for (const v of pairs) {
        const [line, form] = [ofLines.get(v)?.["h"], ofForms.get(v)?.["h"]];
        if (typeof line !== "string" || form !== line) problems.push(`${v.id}: the line's h=${String(line)}, its JSON form's ${String(form)}`);
        const text = formatted.get(v)?.["text"];
        if (typeof text !== "string" || !same(readMessage(text, resolve).message, v.json)) problems.push(`${v.id}: formatted ${String(text)}, which does not read as the line`);
      }
      expect(problems).toStrictEqual([]);
    });

    it(`${file}: every JSON form to format refused or formatted as the vector says`, () => {
      const toFormat = forms.filter((v) => v.findings !== undefined || v.format !== undefined);
      if (toFormat.length === 0) return;
      const result = rwJson(["format"], toFormat.map((v) => JSON.stringify(v.json)));
      const problems: string[] = [];
      byLine(result.rows, toFormat).forEach((row, v) => {
        const got = sorted((row["findings"] as Finding[]).map((f) => render(f, false)));
        if (JSON.stringify(got) !== JSON.stringify(sorted(v.findings ?? []))) problems.push(`${v.id}: findings ${JSON.stringify(got)}`);
        if ((row["text"] ?? null) !== (v.format ?? null)) problems.push(`${v.id}: text ${String(row["text"])}, want ${String(v.format ?? null)}`);
      });
      expect(problems).toStrictEqual([]);
    });

    for (const v of vectors.filter((x) => x.refusal !== undefined)) {
      it(`${file} ${v.id}: the UN rw validate --as writes`, async () => {
        const text = v.line ?? JSON.stringify(v.json);
        const path = join(tmp, `${file}-${v.id}.txt`);
        writeFileSync(path, `${text}\n`);
        const r = await run(validateCommand, { as: v.refusal?.as, seq: String(v.refusal?.n ?? 1) }, path);
        expect(r.json?.["refusal"]).toBe(v.refusal?.line);
        expect(r.code).toBe(r.json?.["ok"] === true ? 0 : 1);
      });
    }
  }
});

describe("readbacks.jsonl through rw check-rb", () => {
  for (const v of jsonl<ReadbackVector>("readbacks.jsonl")) {
    it(v.id, async () => {
      const r = await run(checkRbCommand, { ho: v.ho, rb: v.rb, "expect-acc": v.expectAcc, record: v.record === undefined ? undefined : recordFile(v.record) });
      // The sender's own criteria that are not criteria are its usage error, before any readback is checked.
      if (v.expectAccRefused !== undefined) return expect(r).toStrictEqual({ code: 2, json: null });
      // Criteria no tier reads, for an HO that asks none, are refused too, not ignored.
      if (v.expectAccUnread === true) return expect(r).toStrictEqual({ code: 2, json: null });
      const tiers = r.json?.["tiers"] as { result: string; findings: Finding[] }[];
      expect(tiers.map((t) => t.result)).toStrictEqual(v.tiers);
      expect(codes(tiers.flatMap((t) => t.findings))).toStrictEqual(sorted(v.codes));
      expect(r.json?.["wilco"]).toBe(v.wilco);
      expect(r.code).toBe(v.wilco ? 0 : 1);
    });
  }
});

describe("handoffs.jsonl through rw check-ho", () => {
  for (const v of jsonl<HandoffVector>("handoffs.jsonl")) {
    it(v.id, async () => {
      const options = v.relayFrom !== undefined ? { "relay-from": v.relayFrom, adds: v.adds === undefined ? undefined : JSON.stringify(v.adds) } : { record: recordFile(v.record ?? {}) };
      const r = await run(checkHoCommand, { ho: v.ho, ...options });
      expect(r.json?.["ok"]).toBe(v.ok);
      expect(codes(r.json?.["findings"] as Finding[])).toStrictEqual(sorted(v.codes));
      expect(r.code).toBe(v.ok ? 0 : 1);
    });
  }
});

describe("done.jsonl through rw check-dn", () => {
  for (const v of jsonl<DoneVector>("done.jsonl")) {
    it(v.id, async () => {
      const r = await run(checkDnCommand, { ho: v.ho, dn: v.dn, rb: v.rb, record: v.record === undefined ? undefined : recordFile(v.record) });
      expect(r.json?.["ok"]).toBe(v.ok);
      expect(codes(r.json?.["findings"] as Finding[])).toStrictEqual(sorted(v.codes));
      expect(r.code).toBe(v.ok ? 0 : 1);
    });
  }
});

describe("threads/ through rw check-thread", () => {
  const resolveAll = (p: string | null) => resolve(p) ?? (p === null ? coreVocabulary : undefined);
  // rw check-thread takes no withheld criteria or record: the cases with expectations run on the
  // core and the playground only. A case with no moment runs with --no-clock (the core's now: null).
  const all = readdirSync(join(DIR, "threads"))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(DIR, "threads", f), "utf8")) as ThreadCase);
  const cases = all.filter((c) => c.expectations === undefined);
  it("covers every case without expectations, with a moment and without", () => {
    expect(cases.length).toBe(all.length - all.filter((c) => c.expectations !== undefined).length);
    expect(cases.filter((c) => c.now === null).length).toBeGreaterThan(40);
    expect(cases.filter((c) => c.now !== null).length).toBeGreaterThan(20);
  });
  for (const c of cases) {
    it(c.id, async () => {
      const path = join(tmp, `${c.id}.txt`);
      writeFileSync(path, c.lines.map((l) => `${l}\n`).join(""));
      const r = await run(checkThreadCommand, c.now === null ? { "no-clock": true } : { now: c.now }, path);
      const audit = createThreadAudit({ now: c.now, vocabulary: resolveAll });
      const noted: { line: number; findings: readonly Finding[] }[] = [];
      c.lines.forEach((line, k) => {
        const read = readMessage(line, resolveAll);
        if (read.findings.length > 0) noted.push({ line: k + 1, findings: read.findings });
        audit.add(read.message as NonNullable<typeof read.message>, k + 1);
      });
      expect(r.json).toStrictEqual(JSON.parse(JSON.stringify({ ...audit.finish(), handoffs: audit.handoffs(c.now), now: c.now, invalid: 0, rejected: [], noted })));
      expect((r.json?.["noted"] as { line: number; findings: Finding[] }[]).map((x) => [x.line, codes(x.findings)])).toStrictEqual(c.noted ?? []);
      expect(r.json?.["ok"]).toBe(c.ok);
      expect(r.json?.["owners"]).toStrictEqual(c.owners);
      if (c.handoffs !== undefined) expect(r.json?.["handoffs"]).toStrictEqual(c.handoffs);
      expect(r.code).toBe(c.ok ? 0 : 1);
    });
  }
});

describe("framing.jsonl through rw validate's line reader: the lines a text holds, as the Worker and the playground read them", () => {
  const cases = parseFraming(readFileSync(join(DIR, "framing.jsonl"), "utf8"));
  it("has the cases", () => expect(cases.length).toBeGreaterThan(20));
  for (const c of cases) {
    it(`${c.id}: ${c.about}`, async () => {
      // The bytes as a file holds them, read by rw's own line reader (stdin's, a chunk at a time).
      const path = join(tmp, `framing-${c.id}.txt`);
      writeFileSync(path, c.text);
      const r = await runAll(validateCommand, {}, path);
      expect(r.rows.map((row) => framed(row["line"] as number, row["ok"] as boolean, row["findings"] as Finding[]))).toStrictEqual(c.lines);
      expect(r.code).toBe(c.lines.every(([, ok]) => ok) ? 0 : 1);
    });
  }
});

// The conformance vectors through the HTTP API, inside workerd: each vector's expected findings,
// JSON forms, digests, refusals and reports, as the routes answer them.
import { describe, expect, it } from "vitest";
import { createThreadAudit } from "../../core/thread.js";
import * as core from "../../core/index.js";
import type { Finding, ReadbackReport } from "../../core/index.js";
import { framed } from "../conformance/framing-suite.js";
import { render } from "../conformance/suite.js";
import { resolve } from "../vocabularies.js";
import { postJson, postText } from "./http.js";
import { doneVectors, framingCases, handoffVectors, lineVectors, readbackVectors, threadCases } from "./vectors.js";

const sorted = (xs: readonly string[]): string[] => [...xs].sort();
const codes = (findings: readonly Finding[]): string[] => sorted(findings.map((f) => f.code));

async function ok<T>(path: string, body: unknown): Promise<T> {
  const r = await postJson(path, body);
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}
type Results<T> = { ok: boolean; results: ({ line: number; ok: boolean; findings: Finding[] } & T)[] };
const first = async <T>(path: string, body: unknown) => (await ok<Results<T>>(path, body)).results[0] as Results<T>["results"][number];

describe("lines.jsonl and json-form.jsonl over HTTP", () => {
  for (const [file, vectors] of Object.entries(lineVectors)) {
    for (const v of vectors) {
      it(`${file} ${v.id}`, async () => {
        if (v.line !== undefined) {
          const asked = v.refusal === undefined ? {} : { as: v.refusal.as, seq: v.refusal.n ?? 1 };
          const validated = await first<{ refusal?: string | null }>("/v1/validate", { lines: [v.line], ...asked });
          expect(sorted(validated.findings.map((f) => render(f, true)))).toStrictEqual(sorted(v.findings ?? []));
          if (v.refusal !== undefined) expect(validated.refusal).toBe(v.refusal.line);
          if (v.json !== undefined) {
            expect(validated.ok).toBe(true);
            const parsed = await first<{ message: unknown }>("/v1/parse", { lines: [v.line] });
            expect(parsed.message).toStrictEqual(v.json);
            if (v.h !== undefined) expect((await first<{ h: string | null }>("/v1/digest", { lines: [v.line] })).h).toBe(v.h);
            const formatted = await first<{ text: string | null }>("/v1/format", { lines: [v.json as object] });
            expect((await first<{ message: unknown }>("/v1/parse", { lines: [formatted.text] })).message).toStrictEqual(v.json);
          }
        } else {
          const formatted = await first<{ text: string | null }>("/v1/format", { lines: [v.json as object] });
          expect(sorted(formatted.findings.map((f) => render(f, false)))).toStrictEqual(sorted(v.findings ?? []));
          expect(formatted.text).toBe(v.format ?? null);
        }
      });
    }
  }
});

describe("readbacks.jsonl over HTTP", () => {
  for (const v of readbackVectors) {
    it(v.id, async () => {
      if (v.expectAccRefused !== undefined) {
        // The sender's own criteria are its input error: refused before the readback is checked.
        const r = await postJson("/v1/check-rb", { ho: v.ho, rb: v.rb, expectAcc: v.expectAcc });
        expect(r.status).toBe(400);
        const problem = (await r.json()) as { parameter: string; findings: Finding[] };
        expect(problem.parameter).toBe("expectAcc");
        expect(codes(problem.findings)).toStrictEqual(sorted(v.expectAccRefused));
        return;
      }
      if (v.expectAccUnread === true) {
        // Criteria no tier reads, for an HO that asks none: refused, not ignored.
        const r = await postJson("/v1/check-rb", { ho: v.ho, rb: v.rb, expectAcc: v.expectAcc });
        expect(r.status).toBe(400);
        const problem = (await r.json()) as { parameter: string; findings?: Finding[] };
        expect([problem.parameter, problem.findings]).toStrictEqual(["expectAcc", undefined]);
        return;
      }
      const report = await ok<ReadbackReport>("/v1/check-rb", { ho: v.ho, rb: v.rb, ...(v.expectAcc === undefined ? {} : { expectAcc: v.expectAcc }), ...(v.record === undefined ? {} : { record: v.record }) });
      expect(report.tiers.map((t) => t.result)).toStrictEqual(v.tiers);
      expect(report.wilco).toBe(v.wilco);
      expect(codes(report.tiers.flatMap((t) => t.findings))).toStrictEqual(sorted(v.codes));
    });
  }
});

describe("handoffs.jsonl over HTTP", () => {
  for (const v of handoffVectors) {
    it(v.id, async () => {
      const body = v.relayFrom !== undefined ? { ho: v.ho, relayFrom: v.relayFrom, ...(v.adds === undefined ? {} : { adds: v.adds }) } : { ho: v.ho, record: v.record ?? {} };
      const report = await ok<{ ok: boolean; findings: Finding[] }>("/v1/check-ho", body);
      expect(report.ok).toBe(v.ok);
      expect(codes(report.findings)).toStrictEqual(sorted(v.codes));
    });
  }
});

describe("done.jsonl over HTTP", () => {
  for (const v of doneVectors) {
    it(v.id, async () => {
      const report = await ok<{ ok: boolean; findings: Finding[] }>("/v1/check-dn", { ho: v.ho, dn: v.dn, ...(v.rb === undefined ? {} : { rb: v.rb }), ...(v.record === undefined ? {} : { record: v.record }) });
      expect(report.ok).toBe(v.ok);
      expect(codes(report.findings)).toStrictEqual(sorted(v.codes));
    });
  }
});

describe("threads/ over HTTP", () => {
  const resolveAll = (p: string | null) => resolve(p) ?? (p === null ? core.coreVocabulary : undefined);
  // The route takes no withheld criteria or record (as rw check-thread); those cases run on the core only.
  const cases = threadCases.filter((c) => c.data.expectations === undefined);
  it("covers most cases", () => expect(cases.length).toBeGreaterThan(30));
  for (const { data: c } of cases) {
    it(c.id, async () => {
      const report = await ok<Record<string, unknown>>("/v1/check-thread", { lines: c.lines, now: c.now });
      const audit = createThreadAudit({ now: c.now, vocabulary: resolveAll });
      const noted: { line: number; findings: readonly Finding[] }[] = [];
      c.lines.forEach((line, k) => {
        const read = core.checkLine(line, resolveAll);
        if (read.findings.length > 0) noted.push({ line: k + 1, findings: read.findings });
        audit.add(read.message as core.Message, k + 1);
      });
      expect(report).toStrictEqual(JSON.parse(JSON.stringify({ ...audit.finish(), handoffs: audit.handoffs(c.now), now: c.now, invalid: 0, rejected: [], noted })));
      // The notes of each line taken in, by line, as the case names them (rw check-thread --json's noted).
      expect((report["noted"] as { line: number; findings: Finding[] }[]).map((x) => [x.line, codes(x.findings)])).toStrictEqual(c.noted ?? []);
      expect(report["ok"]).toBe(c.ok);
      expect(report["owners"]).toStrictEqual(c.owners);
      if (c.handoffs !== undefined) expect(report["handoffs"]).toStrictEqual(c.handoffs);
    });
  }
});

describe("framing.jsonl as a text body: the lines rw and the playground read, under the same numbers", () => {
  it("has the cases", () => expect(framingCases.length).toBeGreaterThan(20));
  for (const c of framingCases) {
    it(`${c.id}: ${c.about}`, async () => {
      const r = await postText("/v1/validate", c.text);
      expect(r.status).toBe(200);
      const answer = (await r.json()) as Results<Record<string, never>>;
      expect(answer.results.map((x) => framed(x.line, x.ok, x.findings))).toStrictEqual(c.lines);
      expect(answer.ok).toBe(c.lines.every(([, ok]) => ok));
    });
  }
});

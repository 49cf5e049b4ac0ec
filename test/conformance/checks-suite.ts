/**
 * The readback, handoff and done vectors (readbacks.jsonl, handoffs.jsonl, done.jsonl), runnable
 * against any implementation of the core API in any runtime: returns what differs.
 */
import type * as Core from "../../core/index.js";

export type CheckApi = Pick<typeof Core, "checkLine" | "checkReadback" | "checkHandoff" | "checkRelay" | "checkDone" | "readRecord"> & {
  resolve(profile: string | null): Core.Vocabulary | undefined;
};

export interface ReadbackVector {
  id: string;
  ho: string;
  rb: string;
  tiers: Core.TierResult[];
  codes: string[];
  wilco: boolean;
  expectAcc?: string;
  /**
   * The codes an adapter that takes the withheld criteria as input (rw check-rb, POST
   * /v1/check-rb) refuses them with, before any readback is checked; the core's checkReadback
   * reports them in tier 4 as `codes` says.
   */
  expectAccRefused?: string[];
  /**
   * The HO asks no tier 4 (no rb=acc or rb=plan), so nothing reads the withheld criteria: an
   * adapter that takes them as input refuses them rather than ignore them in silence (rw check-rb:
   * a usage error; POST /v1/check-rb: 400, parameter expectAcc, no findings); the core's
   * checkReadback reports tier 4 not asked, as `tiers` says.
   */
  expectAccUnread?: true;
  record?: Record<string, unknown>;
}
export interface HandoffVector {
  id: string;
  ho: string;
  record?: Record<string, unknown>;
  relayFrom?: string;
  adds?: Record<string, Core.SlotValue>;
  ok: boolean;
  codes: string[];
}
export interface DoneVector {
  id: string;
  ho: string;
  dn: string;
  rb?: string;
  /** The sender's record, for the values the readback resolved (as check-rb's tier 5 takes it). */
  record?: Record<string, unknown>;
  ok: boolean;
  codes: string[];
}

const sorted = (xs: readonly string[]): string => JSON.stringify([...xs].sort());

function message(api: CheckApi, line: string): Core.Message {
  const c = api.checkLine(line, api.resolve);
  if (c.message === null) throw new Error(`vector line does not parse: ${line}`);
  return c.message;
}

function vocabularyOf(api: CheckApi, line: string): Core.Vocabulary {
  const m = message(api, line);
  const p = m.slots["p"];
  return api.resolve(typeof p === "string" ? p : null) ?? (api.resolve(null) as Core.Vocabulary);
}

function compare(problems: string[], want: readonly string[], findings: readonly Core.Finding[]): void {
  const got = findings.map((f) => f.code);
  if (sorted(want) !== sorted(got)) problems.push(`codes: want ${sorted(want)}, got ${sorted(got)}`);
}

export function runReadbackVector(v: ReadbackVector, api: CheckApi): string[] {
  const problems: string[] = [];
  const vocabulary = vocabularyOf(api, v.ho);
  let record: Readonly<Record<string, Core.SlotValue>> | undefined;
  let resolve: string[] | undefined;
  if (v.record !== undefined) {
    const r = api.readRecord(v.record, vocabulary);
    if (!r.ok) return [`record refused: ${JSON.stringify(r.findings)}`];
    record = r.value.values;
    resolve = [...r.value.resolve];
  }
  const report = api.checkReadback(message(api, v.ho), message(api, v.rb), vocabulary, {
    ...(v.expectAcc === undefined ? {} : { expectAcc: v.expectAcc }),
    ...(record === undefined ? {} : { record, resolve: resolve ?? [] }),
  });
  const tiers = report.tiers.map((t) => t.result);
  if (JSON.stringify(tiers) !== JSON.stringify(v.tiers)) problems.push(`tiers: want ${JSON.stringify(v.tiers)}, got ${JSON.stringify(tiers)}`);
  if (report.wilco !== v.wilco) problems.push(`wilco: want ${v.wilco}, got ${report.wilco}`);
  compare(problems, v.codes, report.tiers.flatMap((t) => t.findings));
  return problems;
}

export function runHandoffVector(v: HandoffVector, api: CheckApi): string[] {
  const problems: string[] = [];
  const vocabulary = vocabularyOf(api, v.ho);
  let report: Core.HandoffReport;
  if (v.relayFrom !== undefined) {
    report = api.checkRelay(message(api, v.ho), message(api, v.relayFrom), vocabulary, v.adds ?? {});
  } else {
    const r = api.readRecord(v.record ?? {}, vocabulary);
    if (!r.ok) return [`record refused: ${JSON.stringify(r.findings)}`];
    report = api.checkHandoff(message(api, v.ho), r.value, vocabulary);
  }
  if (report.ok !== v.ok) problems.push(`ok: want ${v.ok}, got ${report.ok}`);
  compare(problems, v.codes, report.findings);
  return problems;
}

export function runDoneVector(v: DoneVector, api: CheckApi): string[] {
  const problems: string[] = [];
  const vocabulary = vocabularyOf(api, v.ho);
  let expected: Core.ReadbackExpectations = {};
  if (v.record !== undefined) {
    const r = api.readRecord(v.record, vocabulary);
    if (!r.ok) return [`record refused: ${JSON.stringify(r.findings)}`];
    expected = { record: r.value.values, resolve: [...r.value.resolve] };
  }
  const report = api.checkDone(message(api, v.ho), message(api, v.dn), vocabulary, v.rb === undefined ? undefined : message(api, v.rb), expected);
  if (report.ok !== v.ok) problems.push(`ok: want ${v.ok}, got ${report.ok}`);
  compare(problems, v.codes, report.findings);
  return problems;
}

// Robustness of `rogerwilco/delegation`'s entry points: every export that reads outside input
// (documents, records, names, times, amounts) answers ANY input with a typed value (findings with
// codes of DELEGATION_CODES, a result, a number), never a throw; the checks over what the readers
// return never crash; no call changes its input or a built-in prototype. The table below is
// checked against the module's export list, so a new export is covered or excluded with a reason.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as delegation from "../../../core/delegation/index.js";
import { build } from "../../conformance/delegation-suite.js";
import type { DelegationCase, Negative, Op } from "../../conformance/delegation-suite.js";
import type { Entry, Held } from "../_entry-robustness.js";
import { anyText, anyValue, callHeld, describeEntries, expectSchemasAnswerDeep, expectTypedAnswer, functionExports, isPlainObject, isRowOf, nameOf, nestedDeep, notObject, notText, hostileText, mutationsOf, partsOf, RUNS, schemaExports } from "../_entry-robustness.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "delegation");
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, "utf8"));
const records = Object.fromEntries(readdirSync(join(DIR, "records")).map((f) => [f.replace(/\.json$/, ""), readJson(join(DIR, "records", f))]));
const steps = [
  ...readdirSync(join(DIR, "examples")).flatMap((f) => (readJson(join(DIR, "examples", f)) as DelegationCase).steps),
  ...readFileSync(join(DIR, "negatives.jsonl"), "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l) as Negative),
];
/** The documents the conformance cases give each check: valid ones and near-valid ones. */
const documents = (op: Op): unknown[] => steps.filter((s) => s.op === op).map((s) => build(s.input, records));
const CODES = delegation.DELEGATION_CODES;

/** Any value, or a fixture of the check with up to three edits, or the check's parts each any value. */
const inputFor = (op: Op, parts: readonly string[]): fc.Arbitrary<unknown> => fc.oneof({ weight: 1, arbitrary: anyValue }, { weight: 3, arbitrary: mutationsOf(documents(op)) }, { weight: 1, arbitrary: partsOf(parts) });
const recordInput = inputFor("validate", []);
const optionsArb = fc.oneof(fc.constant(undefined), fc.record({ kind: fc.oneof(fc.constantFrom(...delegation.RECORD_KINDS), hostileText), consequential: fc.boolean(), requireSignature: fc.boolean() }, { requiredKeys: [] }));
const partsOfCheck = (check: keyof typeof delegation.DOCUMENT_PARTS): string[] => [...delegation.DOCUMENT_PARTS[check].required, ...delegation.DOCUMENT_PARTS[check].optional];

/** Valid records read, then edited and read again: what the readers return, accepted ones only. */
const readRecords = (kind: string): unknown[] => Object.values(records).map((r) => delegation.validateRecord(r)).filter((r) => r.ok && r.kind === kind).map((r) => r.value);
const readAs = (kind: string): fc.Arbitrary<unknown> => {
  const valid = readRecords(kind);
  return fc.oneof(fc.constantFrom(...valid), mutationsOf(valid).map((x) => delegation.validateRecord(x, { kind: kind as delegation.RecordKind })).filter((r) => r.ok).map((r) => r.value));
};


const result = (a: unknown): void => {
  const r = a as delegation.DelegationResult<unknown>;
  expect(typeof r.ok).toBe("boolean");
  expect(r.ok === !delegation.hasDelegationError(r.findings)).toBe(true);
  if (!r.ok) expect(r.findings.some((f) => f.severity === "error")).toBe(true);
};
const report = (a: unknown): void => {
  const r = a as { ok: boolean; findings: delegation.DelegationFinding[]; decision?: string; denied_by?: string[] };
  expect(typeof r.ok).toBe("boolean");
  if (!r.ok) expect(r.findings.some((f) => f.severity === "error")).toBe(true);
  if (r.decision !== undefined) expect(r.decision).toBe(r.ok ? "allow" : "deny");
  for (const code of r.denied_by ?? []) expect(Object.hasOwn(CODES, code), code).toBe(true);
};
const isNumber = (a: unknown): void => expect(typeof a).toBe("number");
const isOrder = (a: unknown): void => expect([-1, 0, 1]).toContain(a);

/** Exports that read outside input, or take what the readers return. */
const covered: Record<string, Entry> = {
  detectKind: { args: fc.tuple(recordInput), answer: (a) => expect(a === null || (delegation.RECORD_KINDS as readonly unknown[]).includes(a)).toBe(true) },
  // The record is data (findings whatever it is); options that are no object are the caller's misuse.
  validateRecord: { args: fc.tuple(recordInput, fc.oneof({ weight: 4, arbitrary: optionsArb }, { weight: 1, arbitrary: notObject })), answer: (a) => result(a), mayThrow: (_input: unknown, options: unknown) => options !== undefined && !isPlainObject(options) },
  validateCard: { args: fc.tuple(recordInput, optionsArb), answer: result },
  validateContract: { args: fc.tuple(recordInput, optionsArb), answer: result },
  validateChain: { args: fc.tuple(recordInput, optionsArb), answer: result },
  validateEvent: { args: fc.tuple(recordInput, optionsArb), answer: result },
  readChildCheck: { args: fc.tuple(inputFor("check-child", partsOfCheck("check-child"))), answer: result },
  readFenceCheck: { args: fc.tuple(inputFor("check-fences", partsOfCheck("check-fences"))), answer: result },
  readPermissionInput: { args: fc.tuple(inputFor("evaluate", partsOfCheck("evaluate"))), answer: result },
  checkChildDocument: { args: fc.tuple(inputFor("check-child", partsOfCheck("check-child"))), answer: report },
  checkReassignmentDocument: { args: fc.tuple(inputFor("check-reassignment", partsOfCheck("check-reassignment"))), answer: report },
  checkAttemptsDocument: { args: fc.tuple(inputFor("check-attempts", partsOfCheck("check-attempts"))), answer: report },
  checkCardRevisionDocument: { args: fc.tuple(inputFor("check-card-revision", partsOfCheck("check-card-revision"))), answer: report },
  checkFencesDocument: { args: fc.tuple(inputFor("check-fences", partsOfCheck("check-fences"))), answer: report },
  evaluatePermissionDocument: { args: fc.tuple(inputFor("evaluate", partsOfCheck("evaluate"))), answer: report },
  // A check outside DOCUMENT_PARTS is a misuse (RangeError), a document that is no object of parts too (TypeError).
  strayParts: {
    args: fc.tuple(nameOf(delegation.DOCUMENT_PARTS), fc.oneof({ weight: 3, arbitrary: fc.dictionary(fc.oneof(hostileText, fc.constantFrom("parent", "child", "prior")), anyValue, { maxKeys: 5 }) }, { weight: 1, arbitrary: anyValue })),
    answer: (a) => expect(Array.isArray(a) && a.every((s) => typeof s === "string")).toBe(true),
    mayThrow: (check: unknown, document: unknown) => !isRowOf(delegation.DOCUMENT_PARTS, check) || document === null || typeof document !== "object" || Array.isArray(document),
  },
  // Times and amounts as records carry them: any text. A time that is none reads as NaN.
  utcMs: { args: fc.tuple(fc.oneof({ weight: 4, arbitrary: anyText }, { weight: 1, arbitrary: notText })), answer: isNumber },
  compareUtc: { args: fc.tuple(anyText, anyText), answer: isNumber },
  // An amount is a validated MoneyLimit's; anything else is a misuse, refused with a RangeError.
  compareAmounts: { args: fc.tuple(fc.oneof(anyText, fc.stringMatching(/^\d{1,12}(\.\d{1,4})?$/), notText), fc.oneof(anyText, fc.stringMatching(/^\d{1,12}(\.\d{1,4})?$/), notText)), answer: isOrder, mayThrow: (a: unknown, b: unknown) => [a, b].some((x) => typeof x !== "string" || !/^\d+(\.\d{1,4})?$/.test(x)) },
  durationMs: { args: fc.tuple(fc.oneof(anyValue, fc.record({ value: anyValue, unit: fc.oneof(hostileText, fc.constantFrom("seconds", "minutes", "hours", "days")) }))), answer: isNumber, mayThrow: () => true },
  // Names of tiers, effect classes and operations: a name outside the table is a misuse (RangeError).
  tierRank: { args: fc.tuple(nameOf(delegation.AUTONOMY_TIERS)), answer: isNumber, mayThrow: (t: unknown) => !isRowOf(delegation.AUTONOMY_TIERS, t) },
  tierOf: { args: fc.tuple(nameOf(delegation.EFFECT_CLASSES)), answer: (a) => expect(Object.hasOwn(delegation.AUTONOMY_TIERS, a as string)).toBe(true), mayThrow: (e: unknown) => !isRowOf(delegation.EFFECT_CLASSES, e) },
  isConsequential: { args: fc.tuple(nameOf(delegation.EFFECT_CLASSES)), answer: (a) => expect(typeof a).toBe("boolean"), mayThrow: (e: unknown) => !isRowOf(delegation.EFFECT_CLASSES, e) },
  // An operation that is no string (TypeError), or an effect class outside the table (RangeError, as tierOf's), is a misuse.
  humanGatesFor: {
    args: fc.tuple(fc.oneof(fc.constant(null), hostileText, fc.constantFrom("publish", "Issue_Verdict"), notText), fc.oneof(fc.constant(null), nameOf(delegation.EFFECT_CLASSES))),
    answer: (a) => expect(Array.isArray(a) && a.every((g) => Object.hasOwn(delegation.HUMAN_AUTHORITY_GATES, g))).toBe(true),
    mayThrow: (operation: unknown, effect: unknown) => (operation !== null && typeof operation !== "string") || (effect !== null && !isRowOf(delegation.EFFECT_CLASSES, effect)),
  },
  // The checks over records the readers accepted (edited fixtures read again).
  checkSubdelegation: { args: fc.tuple(readAs("delegation_contract"), readAs("delegation_contract"), readAs("attestation_chain"), fc.array(readAs("delegation_contract"), { maxLength: 2 })), answer: report, runs: RUNS / 2 },
  checkReassignment: { args: fc.tuple(readAs("delegation_contract"), readAs("delegation_contract"), fc.option(readAs("delegation_contract"), { nil: undefined }), fc.option(readAs("attestation_chain"), { nil: undefined }), fc.array(readAs("execution_attempt"), { maxLength: 2 }), fc.array(readAs("delegation_checkpoint"), { maxLength: 2 })), answer: report, runs: RUNS / 2 },
  // A record read is an object; one given as none (a hole, null), or a list as no list, is a misuse.
  checkAttempts: {
    args: fc.tuple(fc.oneof({ weight: 6, arbitrary: readAs("delegation_contract") }, { weight: 1, arbitrary: notObject }), fc.oneof({ weight: 6, arbitrary: fc.array(fc.oneof({ weight: 6, arbitrary: readAs("execution_attempt") }, { weight: 1, arbitrary: notObject }), { maxLength: 3 }) }, { weight: 1, arbitrary: notObject }), fc.oneof({ weight: 6, arbitrary: fc.array(fc.oneof({ weight: 6, arbitrary: readAs("delegation_checkpoint") }, { weight: 1, arbitrary: notObject }), { maxLength: 2 }) }, { weight: 1, arbitrary: notObject.filter((x) => x !== undefined) })),
    answer: report,
    mayThrow: (contract: unknown, attempts: unknown, checkpoints: unknown) => !isPlainObject(contract) || [attempts, checkpoints].some((list) => !Array.isArray(list) || list.some((r: unknown) => !isPlainObject(r))),
    runs: RUNS / 2,
  },
  checkCardRevision: { args: fc.tuple(readAs("agent_card"), readAs("agent_card")), answer: result, runs: RUNS / 2 },
  checkFences: {
    args: fc.tuple(inputFor("check-fences", partsOfCheck("check-fences"))).map(([d]) => delegation.readFenceCheck(d)).filter((r) => r.ok).map((r) => [r.value.fences, r.value.heads, r.value.required] as const),
    answer: report,
    runs: RUNS / 2,
  },
  evaluatePermission: { args: fc.tuple(inputFor("evaluate", partsOfCheck("evaluate"))).map(([d]) => delegation.readPermissionInput(d)).filter((r) => r.ok).map((r) => [r.value] as const), answer: report, runs: RUNS / 2 },
  cardRef: { args: fc.tuple(readAs("agent_card")), answer: (a) => expect(typeof (a as { object_id: unknown }).object_id).toBe("string") },
  contractRef: { args: fc.tuple(readAs("delegation_contract")), answer: (a) => expect(typeof (a as { object_id: unknown }).object_id).toBe("string") },
};

/** Exports that read no outside input, with why. */
const notReading: Record<string, string> = {
  delegationFinding: "builds a finding from the caller's own code and message (typed DelegationCode)",
  delegationResult: "wraps the caller's own value and findings",
  hasDelegationError: "reads findings this module made",
  streamOf: "reads a boundary of a fence set a reader accepted; reached through checkFences and the document checks above",
  branchOf: "reads a scope ref of a record a reader accepted; reached through checkFences and the document checks above",
  comparePositions: "compares positions of records a reader accepted; reached through checkFences and the document checks above",
  compareBoundaries: "compares boundaries of records a reader accepted; reached through checkFences and the document checks above",
  sameRevision: "compares revision refs of records a reader accepted; reached through the document checks above",
};

describe("rogerwilco/delegation: the export list", () => {
  it("names every function export once: covered below, or listed as reading no outside input", () => {
    const exported = functionExports(delegation);
    const listed = [...Object.keys(covered), ...Object.keys(notReading)].sort();
    expect(listed).toStrictEqual(exported);
  });
});

describe("the harness", () => {
  it("sees a change to the input deep down, a hole filled, a prototype touched, and an unlabelled throw", () => {
    let deep: unknown = [1];
    for (let i = 0; i < 5000; i++) deep = { a: deep };
    const leaf = (x: unknown): unknown[] => {
      let v = x;
      while (!Array.isArray(v)) v = (v as { a: unknown }).a;
      return v;
    };
    expect(() => callHeld("f", ((x: unknown) => leaf(x).push(2)) as never, [deep])).toThrow(/f changed its input/);
    expect(() => callHeld("f", ((x: unknown[]) => (x[0] = undefined)) as never, [[, 1]])).toThrow(/f changed its input/);
    expect(() => callHeld("f", (() => Object.defineProperty(Object.prototype, "polluted", { value: 1, configurable: true })) as never, [])).toThrow(/f touched a built-in prototype/);
    delete (Object.prototype as Record<string, unknown>)["polluted"];
    expect(() => callHeld("f", (() => (null as unknown as { a: number }).a) as never, [], () => true)).toThrow(/f threw TypeError/);
    expect(callHeld("f", (() => { throw new RangeError("f: misused"); }) as never, [], () => true).threw).toBe(true);
  });
});

describe("rogerwilco/delegation: every entry point answers any input with a typed value", () => {
  // Its valibot schemas too: a caller reads input with v.safeParse(schema, x). The other exports are data.
  describeEntries(delegation as unknown as Record<string, unknown>, covered, CODES, Object.values(records));
});

// Deeper than the properties go (fast-check cannot print a counterexample nested thousands deep):
// JSON.parse of a body under the Worker's 1 MiB limit nests up to about 500,000 deep.
describe("rogerwilco/delegation: a document nested 100,000 deep", () => {
  it("gets an answer from every exported schema, as does a cycle in every field", () => {
    expectSchemasAnswerDeep(delegation as unknown as Record<string, unknown>);
  }, 60_000);
  it("gets a typed answer from every reader of documents and records", () => {
    const { array, object } = nestedDeep();
    const readers = Object.keys(covered).filter((name) => /^(validate|read|check[A-Za-z]*Document$|evaluatePermissionDocument$|detectKind$)/.test(name));
    expect(readers.length).toBeGreaterThan(10);
    for (const name of readers) {
      const f = (delegation as unknown as Record<string, (x: unknown) => unknown>)[name] as (x: unknown) => unknown;
      for (const input of [array, object, { parent: object, child: array, contract: object, prior: object, next: array, attempts: [object], fences: array, heads: [array] }]) expectTypedAnswer(f(input), CODES, name);
    }
  }, 60_000);
});

// The counterexamples the properties above found, written out: each failed before its fix.
describe("rogerwilco/delegation: the shrunk inputs", () => {
  it("validateRecord with a kind none of RECORD_KINDS (a prototype member's name included) refuses with DELEGATION_KIND_UNKNOWN, not a TypeError", () => {
    for (const kind of ["", "toString", "__proto__", "card"]) {
      const r = delegation.validateRecord({}, { kind: kind as delegation.RecordKind });
      expect(r.ok).toBe(false);
      expect(r.kind).toBeNull();
      expect(r.findings.map((f) => f.code)).toStrictEqual(["DELEGATION_KIND_UNKNOWN"]);
    }
  });
  it("tierOf, tierRank and isConsequential answer a name outside their table with a labelled RangeError, never undefined", () => {
    for (const name of ["__proto__", "toString", "T9", ""]) {
      expect(() => delegation.tierOf(name as delegation.EffectClass)).toThrow(new RangeError(`tierOf: ${JSON.stringify(name)} is not an effect class`));
      expect(() => delegation.isConsequential(name as delegation.EffectClass)).toThrow(new RangeError(`isConsequential: ${JSON.stringify(name)} is not an effect class`));
      expect(() => delegation.tierRank(name as delegation.AutonomyTier)).toThrow(new RangeError(`tierRank: ${JSON.stringify(name)} is not an autonomy tier`));
    }
  });
  it("compareAmounts answers a string that is no amount with a labelled RangeError, not BigInt's SyntaxError", () => {
    expect(() => delegation.compareAmounts("0", "__proto__")).toThrow(new RangeError('compareAmounts: "__proto__" is not an amount (digits, at most four decimals)'));
    expect(() => delegation.compareAmounts("", ":")).toThrow(RangeError);
    expect(() => delegation.compareAmounts("1e3", "1")).toThrow(RangeError);
    expect(delegation.compareAmounts("10.5", "10.50")).toBe(0);
  });
  it("a list of records with an undefined entry or a hole is refused with a finding at that index, never a bare deny or a TypeError", () => {
    const doc = { prior: records["d-research-2-r1"], next: records["d-research-2-r2"] };
    for (const attempts of [[undefined], [, records["att-1"]]]) {
      const reassignment = delegation.checkReassignmentDocument({ ...doc, attempts });
      expect(reassignment.ok).toBe(false);
      expect(reassignment.findings.map((f) => [f.code, f.path])).toContainEqual(["DELEGATION_SCHEMA", "attempts.0"]);
      const attemptsReport = delegation.checkAttemptsDocument({ contract: records["d-research-2-r1"], attempts });
      expect(attemptsReport.findings.map((f) => [f.code, f.path])).toContainEqual(["DELEGATION_SCHEMA", "attempts.0"]);
    }
    // A hole among the parent's other live children is no child to leave out: refused, not skipped.
    const child = delegation.checkChildDocument({ parent: records["d-parent-1"], child: records["d-child-ok"], chain: records["chain-d-child-ok"], siblings: [, records["d-child-ok"]] });
    expect(child.findings.map((f) => [f.code, f.path])).toContainEqual(["DELEGATION_SCHEMA", "siblings.0"]);
  });
  it("strayParts answers a check outside DOCUMENT_PARTS with a labelled RangeError, and a document that is no object of parts with a labelled TypeError", () => {
    const checks = "check-child, check-reassignment, check-attempts, check-card-revision, check-fences, evaluate";
    expect(() => delegation.strayParts("x" as delegation.DocumentCheck, {})).toThrow(new RangeError(`strayParts: "x" is not a document check (${checks})`));
    expect(() => delegation.strayParts("toString" as delegation.DocumentCheck, {})).toThrow(new RangeError(`strayParts: "toString" is not a document check (${checks})`));
    expect(() => delegation.strayParts(Object.create(null) as delegation.DocumentCheck, {})).toThrow(new RangeError(`strayParts: {} is not a document check (${checks})`));
    for (const [document, shown] of [[null, "null"], [undefined, "undefined"], ["parent", '"parent"'], [["parent"], '["parent"]']] as const) {
      expect(() => delegation.strayParts("check-child", document as never)).toThrow(new TypeError(`strayParts: the document is an object of parts, not ${shown}`));
    }
    expect(delegation.strayParts("check-child", { parent: 1, chlid: 2 })).toStrictEqual(["chlid"]);
  });
  it("humanGatesFor answers an operation that is no string with a labelled TypeError, and an effect class outside the table with a labelled RangeError, as tierOf does", () => {
    expect(() => delegation.humanGatesFor(5 as unknown as string, null)).toThrow(new TypeError("humanGatesFor: the operation is a string or null, not 5"));
    expect(() => delegation.humanGatesFor(undefined as unknown as string, null)).toThrow(new TypeError("humanGatesFor: the operation is a string or null, not undefined"));
    expect(() => delegation.humanGatesFor(null, "toString" as delegation.EffectClass)).toThrow(new RangeError('humanGatesFor: "toString" is not an effect class'));
    expect(() => delegation.humanGatesFor("publish", 10n as unknown as delegation.EffectClass)).toThrow(new RangeError("humanGatesFor: 10n is not an effect class"));
    expect(delegation.humanGatesFor("Publish", null)).toStrictEqual(["publication"]);
    expect(delegation.humanGatesFor(null, "external_commitment")).toStrictEqual(["external_commitment"]);
  });
  it("tierOf, tierRank, isConsequential and compareAmounts label a bigint and a null-prototype object too: JSON.stringify, or the lookup, threw first", () => {
    for (const [name, shown] of [[10n, "10n"], [Object.create(null), "{}"], [5, "5"]] as const) {
      expect(() => delegation.tierOf(name as unknown as delegation.EffectClass)).toThrow(new RangeError(`tierOf: ${shown} is not an effect class`));
      expect(() => delegation.isConsequential(name as unknown as delegation.EffectClass)).toThrow(new RangeError(`isConsequential: ${shown} is not an effect class`));
      expect(() => delegation.tierRank(name as unknown as delegation.AutonomyTier)).toThrow(new RangeError(`tierRank: ${shown} is not an autonomy tier`));
      expect(() => delegation.compareAmounts(name as unknown as string, "1")).toThrow(new RangeError(`compareAmounts: ${shown} is not an amount (digits, at most four decimals)`));
    }
  });
  it("options or a record given as no object, or a list of records as no list, is a TypeError naming the function and the argument (audit DZ); utcMs answers NaN for what is no string", () => {
    const [contract] = readRecords("delegation_contract");
    expect(() => delegation.validateRecord({}, null as never)).toThrow(new TypeError("validateRecord: the options are an object { kind?, consequential?, requireSignature? }, not null"));
    expect(() => delegation.checkAttempts(contract as never, [undefined] as never)).toThrow(new TypeError("checkAttempts: attempts.0 is an ExecutionAttempt record, not undefined"));
    expect(() => delegation.checkAttempts(contract as never, [], null as never)).toThrow(new TypeError("checkAttempts: checkpoints is a list, each a DelegationCheckpoint record, not null"));
    expect(() => delegation.checkAttempts(null as never, [])).toThrow(new TypeError("checkAttempts: the contract is a DelegationContract record, not null"));
    expect(delegation.utcMs(Symbol("time") as never)).toBeNaN();
    expect(delegation.utcMs(Object.create(null))).toBeNaN();
  });
  it("checkSubdelegation, checkReassignment and checkCardRevision given a record as no object, or a list of records holding a hole, throw a TypeError naming the argument, not a read of null mid-rule", () => {
    const [contract] = readRecords("delegation_contract");
    const [chain] = readRecords("attestation_chain");
    const [card] = readRecords("agent_card");
    const cases: [() => unknown, string][] = [
      [() => delegation.checkSubdelegation(null as never, null as never, null as never), "checkSubdelegation: the parent is a DelegationContract record, not null"],
      [() => delegation.checkSubdelegation(contract as never, contract as never, null as never), "checkSubdelegation: the chain is a DelegationAttestationChain record, not null"],
      [() => delegation.checkSubdelegation(contract as never, contract as never, chain as never, [undefined] as never), "checkSubdelegation: siblings.0 is a DelegationContract record, not undefined"],
      [() => delegation.checkReassignment(null as never, null as never), "checkReassignment: the prior revision is a DelegationContract record, not null"],
      [() => delegation.checkReassignment(contract as never, [] as never), "checkReassignment: the next revision is a DelegationContract record, not []"],
      [() => delegation.checkReassignment(contract as never, contract as never, undefined, undefined, [null] as never), "checkReassignment: attempts.0 is an ExecutionAttempt record, not null"],
      [() => delegation.checkCardRevision(null as never, null as never), "checkCardRevision: the prior revision is an AgentCard record, not null"],
      [() => delegation.checkCardRevision(card as never, 5 as never), "checkCardRevision: the next revision is an AgentCard record, not 5"],
    ];
    for (const [call, message] of cases) expect(call).toThrow(new TypeError(message));
    expect(delegation.checkCardRevision(card as never, card as never).ok).toBe(false);
  });
  it("durationMs answers a unit outside ms, s, min, h, d (toString included) with a labelled RangeError, not NaN or a TypeError", () => {
    expect(() => delegation.durationMs({ value: 1, unit: "toString" } as unknown as delegation.Duration)).toThrow(/^durationMs: /);
    expect(() => delegation.durationMs(null as unknown as delegation.Duration)).toThrow(/^durationMs: /);
    expect(delegation.durationMs({ value: 2, unit: "min" })).toBe(120_000);
  });
});

// A document under the Worker's 1 MiB body limit is checked in time linear in its size: a list of
// tens of thousands of selectors or names on each side of a check is not compared pairwise.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkAttemptsDocument, checkChildDocument, checkReassignmentDocument, evaluatePermissionDocument } from "../../../core/delegation/index.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "delegation", "records");
const record = (name: string): any => JSON.parse(readFileSync(join(DIR, `${name}.json`), "utf8"));
const N = 30_000;
const names = (prefix: string, suffix = ""): string[] => Array.from({ length: N }, (_, i) => `${prefix}${i.toString(36)}${suffix}`);
/** Milliseconds `f` takes; generous: the pairwise comparison takes seconds at this size. */
const timed = (f: () => unknown): number => {
  const start = performance.now();
  f();
  return performance.now() - start;
};
const LIMIT_MS = 2500;

type Widen = (parent: any, child: any) => void;
const lists: Record<string, Widen> = {
  "wildcard objects": (p, c) => ((p.scope.objects = names("PRJ-1/a", "*")), (c.scope.objects = names("PRJ-1/b"))),
  "exact tools": (p, c) => ((p.scope.tools = names("t")), (c.scope.tools = names("u"))),
  "data classes": (p, c) => ((p.scope.data_classes = names("ext:a", "@1")), (c.scope.data_classes = names("ext:b", "@1"))),
  "telemetry classes": (p, c) => ((p.monitoring.telemetry_classes = names("a")), (c.monitoring.telemetry_classes = names("b"))),
  "pre-effect checks": (p, c) => ((p.gates.pre_effect_checks = ["scope", "provenance", ...names("a")]), (c.gates.pre_effect_checks = ["scope", "provenance", ...names("b")])),
  "revocation authorities": (p, c) => ((p.revocation.authority_refs = names("A-")), (c.revocation.authority_refs = names("B-"))),
  "renewed-approval conditions": (p, c) => ((p.retry_policy.renewed_approval_conditions = names("a")), (c.retry_policy.renewed_approval_conditions = names("b"))),
  denials: (p, c) => ((p.scope.denials = names("D-").map((rule_id) => ({ rule_id, operations: ["delete"] }))), (c.scope.denials = names("E-").map((rule_id) => ({ rule_id, operations: ["delete"] })))),
};

describe("huge documents", () => {
  for (const [what, widen] of Object.entries(lists)) {
    it(`check-child compares ${N} ${what} on each side in linear time, and denies`, () => {
      const [parent, child] = [record("d-parent-1"), record("d-child-ok")];
      widen(parent, child);
      let report: ReturnType<typeof checkChildDocument> | undefined;
      const ms = timed(() => (report = checkChildDocument({ parent, child, chain: record("chain-d-child-ok") })));
      expect(report?.ok).toBe(false);
      expect(ms).toBeLessThan(LIMIT_MS);
    });
  }
  it(`check-reassignment compares ${N} control scopes on each side in linear time`, () => {
    const [prior, next] = [record("d-research-2-r1"), record("d-research-2-r2")];
    prior.control_scopes = [...prior.control_scopes, ...names("C-").map((scope_id) => ({ space_id: "SPACE-RW", scope_kind: "policy", scope_id }))];
    next.control_scopes = [...next.control_scopes, ...names("P-").map((scope_id) => ({ space_id: "SPACE-RW", scope_kind: "policy", scope_id }))];
    let report: ReturnType<typeof checkReassignmentDocument> | undefined;
    const ms = timed(() => (report = checkReassignmentDocument({ prior, next })));
    expect(report?.ok).toBe(false);
    expect(ms).toBeLessThan(LIMIT_MS);
  });
  it(`evaluate compares a request's ${N} data classes with the contract's in linear time`, () => {
    const contract = record("d-extract-1");
    contract.scope.data_classes = names("ext:a", "@1");
    const request = record("request-read-src-1");
    request.data_classes = names("ext:b", "@1");
    const input = { contract, card: record("card-agent-extractor-r3"), request, fences: record("fences-d-extract-1"), heads: record("heads-d-extract-1"), policy_ref: { policy_id: "P", version: "1", digest: `sha256:${"0".repeat(64)}` }, evaluator_ref: { object_id: "E", revision_id: "r1", content_digest: `sha256:${"1".repeat(64)}`, actor_type: "service" } };
    let result: ReturnType<typeof evaluatePermissionDocument> | undefined;
    const ms = timed(() => (result = evaluatePermissionDocument(input)));
    expect(result?.denied_by).toContain("SCOPE_DATA");
    expect(ms).toBeLessThan(LIMIT_MS);
  });
});

// Findings are gathered without spreading them as call arguments: a push of a few hundred thousand
// findings as arguments overflows the stack, and a document under 1 MiB can produce that many.
describe("huge documents: findings in the hundreds of thousands", () => {
  it("check-child lists 150,000 missing telemetry classes (a document just under 1 MiB) and denies, without throwing", () => {
    const [parent, child] = [record("d-parent-1"), record("d-child-ok")];
    parent.monitoring.telemetry_classes = Array.from({ length: 150_000 }, (_, i) => i.toString(36));
    const report = checkChildDocument({ parent, child, chain: record("chain-d-child-ok") });
    expect(report.ok).toBe(false);
    expect(report.failed).toStrictEqual(["monitoring"]);
    expect(report.findings.length).toBe(150_000);
  });
  it("evaluate with 2,000 reviewer requirements and 500 Reviews, none meeting any, denies without throwing; an unmet requirement reports each kind of problem once", () => {
    const ex = JSON.parse(readFileSync(join(DIR, "..", "examples", "s6-human-authority-gates.json"), "utf8"));
    const resolve = (x: any): any => (Array.isArray(x) ? x.map(resolve) : x && typeof x === "object" && "$record" in x ? record(x.$record) : x && typeof x === "object" ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, resolve(v)])) : x);
    const input = resolve(ex.steps.find((s: any) => s.name.startsWith("publish with the editor")).input);
    input.contract.gates.reviewers = Array.from({ length: 2000 }, (_, i) => ({ role: "r", principal_refs: [`P${i}`], independence: "independent" }));
    const review = input.approvals[1];
    delete review.role;
    input.approvals = [input.approvals[0], ...Array.from({ length: 500 }, (_, i) => ({ ...review, ref: { ...review.ref, object_id: `RV-${i}` }, principal_ref: `Q${i}` }))];
    const result = evaluatePermissionDocument(input);
    expect(result.decision).toBe("deny");
    expect(result.denied_by).toStrictEqual(["GATE_UNSATISFIED"]);
    expect(result.findings.length).toBe(2000);
  });
});

// Gates are not judged pairwise: an approval's own faults are found once, and the Reviews a
// requirement accepts are one list shared by the requirements that accept them, so a document near
// the Worker's 1 MiB limit is judged in well under a second, where every approval judged against
// every requirement took tens of seconds (README, "Tiers, effect classes and gates").
describe("huge documents: gates near 1 MiB", () => {
  const MIB = 1024 * 1024;
  const GATES_LIMIT_MS = 2000;
  const publishing = (): any => {
    const ex = JSON.parse(readFileSync(join(DIR, "..", "examples", "s6-human-authority-gates.json"), "utf8"));
    const resolve = (x: any): any => (Array.isArray(x) ? x.map(resolve) : x && typeof x === "object" && "$record" in x ? record(x.$record) : x && typeof x === "object" ? Object.fromEntries(Object.entries(x).map(([k, v]) => [k, resolve(v)])) : x);
    return resolve(ex.steps.find((s: any) => s.name.startsWith("publish with the editor")).input);
  };
  /** `requirements` reviewer requirements and `reviews` Reviews naming no role, by `principal(i)`. */
  const reviewing = (requirements: (i: number) => object, reviews: number, principal: (i: number) => string): any => {
    const input = publishing();
    input.contract.gates.reviewers = Array.from({ length: 6000 }, (_, i) => requirements(i));
    const { role: _role, ...review } = input.approvals[1];
    input.approvals = [input.approvals[0], ...Array.from({ length: reviews }, (_, i) => ({ ...review, ref: { ...review.ref, object_id: `RV-${i}` }, principal_ref: principal(i) }))];
    expect(JSON.stringify(input).length).toBeLessThan(MIB);
    return input;
  };
  it("6,000 requirements naming their reviewers and 1,100 Reviews by others: denied, each requirement's problem once", () => {
    const input = reviewing((i) => ({ role: "r", principal_refs: [`P${i}`], independence: "independent" }), 1100, (i) => `Q${i}`);
    let result: ReturnType<typeof evaluatePermissionDocument> | undefined;
    const ms = timed(() => (result = evaluatePermissionDocument(input)));
    expect(result?.denied_by).toStrictEqual(["GATE_UNSATISFIED"]);
    expect(result?.findings.length).toBe(6000);
    expect(ms).toBeLessThan(GATES_LIMIT_MS);
  });
  it("6,000 requirements of distinct roles and 1,100 Reviews each able to meet any: 1,100 met, one Review each, the rest missing", () => {
    const input = reviewing((i) => ({ role: `r${i}`, principal_refs: [], independence: "independent" }), 1100, (i) => `Q${i}`);
    let result: ReturnType<typeof evaluatePermissionDocument> | undefined;
    const ms = timed(() => (result = evaluatePermissionDocument(input)));
    const reviews = result?.matched_rules.filter((m) => m.rule.startsWith("gate.review.")) ?? [];
    expect(reviews.length).toBe(1100);
    expect(new Set(reviews.map((m) => m.matched)).size).toBe(1100);
    expect(result?.denied_by).toStrictEqual(["GATE_REVIEW_MISSING"]);
    expect(result?.findings.length).toBe(4900);
    expect(ms).toBeLessThan(GATES_LIMIT_MS);
  });
});

// A finding about a budget shared among siblings names the first few of them, not every one: each
// additive budget (tokens, tool calls, concurrency, each type of item) has its finding, so a message
// naming every sibling grew as siblings times budgets.
describe("huge documents: many siblings", () => {
  it("check-child with 300 siblings over 500 item types says each budget's finding in a short message", () => {
    const [parent, child] = [record("d-parent-1"), record("d-child-ok")];
    const types = Array.from({ length: 500 }, (_, i) => `t${i}`);
    parent.limits.max_items = Object.fromEntries(types.map((t) => [t, 10]));
    child.limits.max_items = Object.fromEntries(types.map((t) => [t, 1]));
    const siblings = Array.from({ length: 300 }, (_, i) => {
      const s = record("d-child-ok");
      s.record_id = s.delegation_id = `D-SIBLING-${i}`;
      s.control_scopes[2].scope_id = `D-SIBLING-${i}`;
      s.limits.max_items = child.limits.max_items;
      return s;
    });
    const report = checkChildDocument({ parent, child, chain: record("chain-d-child-ok"), siblings });
    const shared = report.findings.filter((f) => f.code === "ATTENUATION_BUDGET_SHARED");
    expect(shared.length).toBeGreaterThanOrEqual(types.length);
    expect(shared.find((f) => f.path === "limits.max_items.t0")?.message).toContain("D-SIBLING-0 1, D-SIBLING-1 1, D-SIBLING-2 1 and 297 more");
    expect(shared.filter((f) => f.message.length >= 400)).toStrictEqual([]);
  });
});

// Consents are compared by what they bind, through a set, not each parent consent against each of
// the child's; and a finding repeated once per child entry names the first few of a parent's list,
// not all of it, so what a check answers grows with the document, not with the product of its lists.
describe("huge documents: consents and gate authorities", () => {
  const scope = { space_id: "SPACE-RW", scope_kind: "consent", scope_id: "C" };
  const consent = (recipient: string, data_classes: string[]): object => ({ consent_ref: { object_id: "C", revision_id: "c-r1", content_digest: `sha256:${"7".repeat(64)}` }, subject_ref: "S", scope: "s", purpose: "p", data_classes, recipients: [recipient], retention: { value: 30, unit: "d" }, expires_at: "2026-12-31T00:00:00Z", withdrawal_route: "w" });
  const relying = (): [any, any] => {
    const [parent, child] = [record("d-parent-1"), record("d-child-ok")];
    parent.control_scopes.push(scope);
    child.control_scopes.push(scope);
    return [parent, child];
  };
  it("check-child looks up 2,000 parent consents among 2,000 of the child's in linear time, and denies", () => {
    const [parent, child] = relying();
    const classes = Array.from({ length: 30 }, (_, i) => `ext:c${i}@1`);
    parent.gates.consent = Array.from({ length: 2000 }, (_, i) => consent(`A${i}`, classes));
    // The same consents but for one recipient each, and with their classes in another order.
    child.gates.consent = Array.from({ length: 2000 }, (_, i) => consent(i === 0 ? "A0" : `B${i}`, [...classes].reverse()));
    let report: ReturnType<typeof checkChildDocument> | undefined;
    const ms = timed(() => (report = checkChildDocument({ parent, child, chain: record("chain-d-child-ok") })));
    expect(report?.findings.map((f) => f.code)).toStrictEqual(Array(1999).fill("INHERIT_CONSENT"));
    expect(ms).toBeLessThan(LIMIT_MS);
  });
  it("4,000 added consents under a parent binding 4,000 classes: each INHERIT_CONSENT names a few of them, not all", () => {
    const [parent, child] = relying();
    parent.gates.consent = [consent("A", Array.from({ length: 4000 }, (_, i) => `ext:p${i}@1`))];
    child.gates.consent = [parent.gates.consent[0], ...Array.from({ length: 4000 }, (_, i) => consent("A", [`ext:q${i}@1`]))];
    const report = checkChildDocument({ parent, child, chain: record("chain-d-child-ok") });
    expect(report.findings.length).toBe(4000);
    expect(report.findings[0]).toMatchObject({ code: "INHERIT_CONSENT", expected: expect.stringContaining("ext:p0@1, ext:p1@1") });
    expect(report.findings.filter((f) => f.message.length >= 400 || (f.expected?.length ?? 0) >= 400)).toStrictEqual([]);
  });
  it("3,500 child inputs none of the parent's 3,500 (a document under 1 MiB): each ATTENUATION_INPUTS names a few of the parent's, and the check is fast", () => {
    const [parent, child] = [record("d-parent-1"), record("d-child-ok")];
    const input = (object_id: string) => ({ object_id, revision_id: "r1", content_digest: `sha256:${"a".repeat(64)}` });
    parent.inputs = Array.from({ length: 3500 }, (_, i) => input(`P-${i}`));
    child.inputs = Array.from({ length: 3500 }, (_, i) => input(`C-${i}`));
    expect(JSON.stringify({ parent, child }).length).toBeLessThan(1024 * 1024);
    let report: ReturnType<typeof checkChildDocument> | undefined;
    const ms = timed(() => (report = checkChildDocument({ parent, child, chain: record("chain-d-child-ok") })));
    expect(report?.failed).toStrictEqual(["inputs"]);
    expect(report?.findings.length).toBe(3500);
    expect(report?.findings[0]?.expected).toBe("P-0@r1, P-1@r1, P-2@r1, P-3@r1, P-4@r1, P-5@r1, P-6@r1, P-7@r1, P-8@r1, P-9@r1 and 3490 more");
    expect(report?.findings.filter((f) => f.message.length >= 400 || (f.expected?.length ?? 0) >= 400)).toStrictEqual([]);
    expect(ms).toBeLessThan(LIMIT_MS);
  });
  it("4,000 authorities the parent names for a gate and 4,000 others the child adds: each finding names a few, not all", () => {
    const [parent, child] = [record("d-parent-1"), record("d-child-ok")];
    parent.gates.human_authorities = Array.from({ length: 4000 }, (_, i) => ({ gate: "publication", authority_ref: `A-${i}` }));
    child.gates.human_authorities = [...parent.gates.human_authorities, ...Array.from({ length: 4000 }, (_, i) => ({ gate: "publication", authority_ref: `B-${i}` }))];
    const report = checkChildDocument({ parent, child, chain: record("chain-d-child-ok") });
    expect(report.findings.map((f) => f.code)).toStrictEqual(Array(4000).fill("INHERIT_HUMAN_GATES"));
    expect(report.findings[0]?.message).toContain("(A-0, A-1, A-2, A-3, A-4, A-5, A-6, A-7, A-8, A-9 and 3990 more)");
    expect(report.findings.filter((f) => f.message.length >= 400 || (f.expected?.length ?? 0) >= 400)).toStrictEqual([]);
  });
});

// Amounts are read exactly, as BigInt ten-thousandths (`amountUnits`), which costs about 0.6 s a
// million digits. The schema bounds an amount to 15 digits before the point and 4 after, and every
// document check validates its records before any arithmetic, so an amount a million digits long
// is refused as it is read, in the time it takes to read it.
describe("huge documents: a million-digit amount", () => {
  const big = { amount: "9".repeat(1_000_000), currency: "USD" };
  const evaluateInput = (): any => ({ contract: record("d-extract-1"), card: record("card-agent-extractor-r3"), request: record("request-read-src-1"), fences: record("fences-d-extract-1"), heads: record("heads-d-extract-1"), policy_ref: { policy_id: "P", version: "1", digest: `sha256:${"0".repeat(64)}` }, evaluator_ref: { object_id: "E", revision_id: "r1", content_digest: `sha256:${"1".repeat(64)}`, actor_type: "service" } });
  const cases: Record<string, () => { findings: readonly { code: string; path?: string }[] }> = {
    "check-attempts, an attempt's spend": () => checkAttemptsDocument({ contract: record("d-research-2-r1"), attempts: [{ ...record("att-1"), budget_consumption: { spend: big } }], checkpoints: [record("cp-7")] }),
    "check-attempts, a checkpoint's remaining spend": () => checkAttemptsDocument({ contract: { ...record("d-research-2-r1"), limits: { ...record("d-research-2-r1").limits, spend: big } }, attempts: [record("att-1")], checkpoints: [{ ...record("cp-7"), remaining_budget: { spend: big } }] }),
    "check-child, the child's and a sibling's limit": () => checkChildDocument({ parent: { ...record("d-parent-1"), limits: { ...record("d-parent-1").limits, spend: big } }, child: { ...record("d-child-ok"), limits: { ...record("d-child-ok").limits, spend: big } }, chain: record("chain-d-child-ok"), siblings: [{ ...record("d-child-ok"), limits: { ...record("d-child-ok").limits, spend: big } }] }),
    "check-reassignment, the prior's limit": () => checkReassignmentDocument({ prior: { ...record("d-research-2-r1"), limits: { ...record("d-research-2-r1").limits, spend: big } }, next: record("d-research-2-r2"), attempts: [record("att-1")] }),
    "evaluate, the limit and the usage": () => {
      const input = evaluateInput();
      input.contract.limits.spend = big;
      input.request.usage.spend = big;
      return evaluatePermissionDocument(input);
    },
  };
  for (const [where, check] of Object.entries(cases)) {
    it(`${where}: refused as read (DELEGATION_SCHEMA at the amount), in well under a second`, () => {
      let report: { findings: readonly { code: string; path?: string }[] } | undefined;
      const ms = timed(() => (report = check()));
      const amounts = report?.findings.filter((f) => f.path?.endsWith("spend.amount")) ?? [];
      expect(amounts.length).toBeGreaterThan(0);
      expect(amounts.every((f) => f.code === "DELEGATION_SCHEMA")).toBe(true);
      expect(ms).toBeLessThan(1000);
    });
  }
});

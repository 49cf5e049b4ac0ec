// One revision has one content wherever one input names it (README note 185, after note 183): a
// chain's links read root to leaf, and the two contracts a child check or a reassignment reads, name
// each Actor and card revision under one content digest, adjacent or not. `expected` is the digest
// the revision was named by first.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkChildDocument, checkReassignmentDocument, evaluatePermissionDocument } from "../../../core/delegation/index.js";
import { record } from "./_records.js";

const EXAMPLES = join(import.meta.dirname, "..", "..", "conformance", "delegation", "examples");
const resolve = (x: any): any => (Array.isArray(x) ? x.map(resolve) : x !== null && typeof x === "object" ? ("$record" in x ? record(x.$record) : Object.fromEntries(Object.entries(x).map(([k, v]) => [k, resolve(v)]))) : x);
const OTHER = `sha256:${"d".repeat(64)}`;
const errors = (report: { findings: readonly { severity: string; code: string; dimension?: string }[] }): string[] =>
  [...new Set(report.findings.filter((f) => f.severity === "error").map((f) => `${f.code} ${f.dimension ?? ""}`.trim()))].sort();

/** Section 8's D-RELEASE-1-CHILD publishing under its two-link chain, as the example allows it. */
function releaseInput(): any {
  const example = JSON.parse(readFileSync(join(EXAMPLES, "s8-consequential-child.json"), "utf8"));
  return resolve(example.steps.find((s: any) => s.op === "evaluate" && s.expect.ok === true).input);
}

describe("a chain names each revision with one content, link to link or not", () => {
  it("the root link's delegator is the leaf's delegatee revision under another digest: CHAIN_BROKEN at the later one", () => {
    const input = releaseInput();
    expect(evaluatePermissionDocument(input).decision).toBe("allow");
    const leaf = input.chain.links[1].delegatee_actor_ref;
    input.chain.links[0].delegator_actor_ref = { ...leaf, content_digest: OTHER };
    const r = evaluatePermissionDocument(input);
    expect(r.denied_by).toStrictEqual(["CHAIN_BROKEN"]);
    expect(r.findings.find((f) => f.code === "CHAIN_BROKEN")).toMatchObject({ path: "chain.links.1.delegatee_actor_ref.content_digest", expected: OTHER, received: leaf.content_digest });
  });

  it("the root link's card is the leaf's card revision under another digest: CHAIN_BROKEN", () => {
    const input = releaseInput();
    const card = input.chain.links[1].delegatee_card_ref;
    input.chain.links[0].delegatee_card_ref = { ...card, content_digest: OTHER };
    const r = evaluatePermissionDocument(input);
    expect(r.denied_by).toStrictEqual(["CHAIN_BROKEN"]);
    expect(r.findings.find((f) => f.code === "CHAIN_BROKEN")).toMatchObject({ path: "chain.links.1.delegatee_card_ref.content_digest", expected: OTHER });
  });
});

describe("the two contracts a check reads name each Actor revision with one content", () => {
  it("a child delegated to its parent's delegatee revision under another digest: the child names its delegator so too, refused at read (note 192)", () => {
    const [parent, child, chain] = [record("d-parent-1"), record("d-child-ok"), record("chain-d-child-ok")];
    const held = parent.delegatee_agent_ref.agent_actor_ref;
    child.delegatee_agent_ref.agent_actor_ref = held;
    chain.links[1].delegatee_actor_ref = held;
    expect(errors(checkChildDocument({ parent, child, chain }))).toEqual([]);
    const twin = { ...held, content_digest: OTHER };
    child.delegatee_agent_ref.agent_actor_ref = twin;
    chain.links[1].delegatee_actor_ref = twin;
    const report = checkChildDocument({ parent, child, chain });
    expect(errors(report)).toEqual(["CONTRACT_REF_DIGEST_CONFLICT"]);
    expect(report.findings.find((f) => f.code === "CONTRACT_REF_DIGEST_CONFLICT")).toMatchObject({ path: "child.delegatee_agent_ref.agent_actor_ref.content_digest", expected: held.content_digest, received: OTHER });
  });

  it("a next revision assigning the prior's delegatee revision under another digest: ATTENUATION_PARENT", () => {
    const [prior, next] = [record("d-research-2-r1"), record("d-research-2-r2")];
    const held = prior.delegatee_agent_ref.agent_actor_ref;
    next.delegatee_agent_ref.agent_actor_ref = { ...held, content_digest: OTHER };
    const report = checkReassignmentDocument({ prior, next });
    expect(errors(report)).toEqual(["ATTENUATION_PARENT parent"]);
    expect(report.findings.find((f) => f.code === "ATTENUATION_PARENT")).toMatchObject({ path: "delegatee_agent_ref.agent_actor_ref.content_digest", expected: held.content_digest, received: OTHER });
  });
});

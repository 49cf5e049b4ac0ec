// Scope and denials match object references as text, by prefix (`PRJ-1/proposals/*`). A reference
// a path resolver reads as another object (`PRJ-1/proposals/../corpus/F-1`, `PRJ-1//corpus/F-1`)
// would pass a scope, or escape a denial, that the object it resolves to does not, so it is refused
// wherever an object is named: a contract's scope and denials, and a request.
import { describe, expect, it } from "vitest";
import { checkChildDocument, checkSubdelegation, evaluatePermission, evaluatePermissionDocument } from "../../../core/delegation/index.js";
import type { DelegationAttestationChain, DelegationContract, PermissionInput } from "../../../core/delegation/index.js";
import { ambiguousSegment, ambiguousSpelling } from "../../../core/delegation/_selectors.js";
import { extractInput as extractInputFor, read, record } from "./_records.js";


describe("ambiguousSegment", () => {
  it.each([
    ["PRJ-1/proposals/../corpus/F-1", ".."],
    ["PRJ-1/./corpus/F-1", "."],
    ["PRJ-1//corpus/F-1", "(empty)"],
    ["PRJ-1/corpus/", "(empty)"],
    ["PRJ-1/proposals/%2e%2e/corpus/F-1", ".."],
    ["PRJ-1/proposals/%2E.%2Fcorpus", ".."],
    ["PRJ-1\\proposals\\..\\corpus", ".."],
    ["https://host//x", "(empty)"],
  ])("%s has the segment %s", (reference, segment) => {
    expect(ambiguousSegment(reference)).toBe(segment);
  });
  it.each(["PRJ-1/*", "*", "SRC-1@r1", "site:prj-1/summary", "catalog:*", "https://host/a/b", "file:///srv/a", "/srv/a", "PRJ-1/v1.2/x", "PRJ-1/..notes", "PRJ-1/%41"])("%s has none", (reference) => {
    expect(ambiguousSegment(reference)).toBeNull();
  });
});

function extractInput(object: string): PermissionInput {
  return extractInputFor({ ...record("request-read-src-1"), operation: "create_proposal", object, tool: "proposal_writer", effect_class: "proposal" });
}

describe("a request naming its object through a dot segment", () => {
  it("is allowed at its plain spelling (the fixture permits a proposal)", () => {
    expect(evaluatePermission(extractInput("PRJ-1/proposals/F-1")).decision).toBe("allow");
  });
  it("is denied (SCOPE_OBJECT): 11.1 allows proposals, no corpus, whatever PRJ-1/proposals/* matches as text", () => {
    const r = evaluatePermission(extractInput("PRJ-1/proposals/../corpus/F-1"));
    expect(r.decision).toBe("deny");
    expect(r.denied_by).toEqual(["SCOPE_OBJECT"]);
    expect(r.findings[0]?.message).toContain("path segment ..");
  });
  it("is refused as a document (DELEGATION_SCHEMA at request.object)", () => {
    const r = evaluatePermissionDocument(extractInput("PRJ-1/proposals/%2e%2e/corpus/F-1"));
    expect(r.ok).toBe(false);
    expect(r.findings).toEqual([expect.objectContaining({ code: "DELEGATION_SCHEMA", path: "request.object" })]);
  });
});

describe("a child object selector through a dot segment", () => {
  const child = (): any => {
    const c = record("d-child-ok");
    c.scope.objects = ["PRJ-1/sources/../../PRJ-9/*"];
    return c;
  };
  it("is outside the parent's PRJ-1/* (ATTENUATION_OBJECTS)", () => {
    const r = checkSubdelegation(read<DelegationContract>(record("d-parent-1")), child() as DelegationContract, read<DelegationAttestationChain>(record("chain-d-child-ok")));
    expect(r.failed).toEqual(["objects"]);
  });
  it("is refused as a document (DELEGATION_SCHEMA)", () => {
    const r = checkChildDocument({ parent: record("d-parent-1"), child: child(), chain: record("chain-d-child-ok") });
    expect(r.ok).toBe(false);
    expect(r.findings.map((f) => f.code)).toContain("DELEGATION_SCHEMA");
  });
});

// A `\` or an escaped character a resolver decodes (`%2F`, an escaped unreserved `%63`, RFC 3986
// 2.3) names the object its decoded text names: `PRJ-1/corpus%2FF-1` is `PRJ-1/corpus/F-1`. Matched
// as text it is covered by a scope of `PRJ-1/*` and matched by no denial of `PRJ-1/corpus/*`.
describe("ambiguousSpelling", () => {
  it.each([
    ["PRJ-1/proposals/../corpus/F-1", "the path segment .."],
    ["PRJ-1/corpus%2FF-1", "the escape %2F, which a resolver reads as /"],
    ["PRJ-1/%63orpus/F-1", "the escape %63, which a resolver reads as c"],
    ["PRJ-1/%41", "the escape %41, which a resolver reads as A"],
    ["PRJ-1/corpus%5cF-1", "the escape %5c, which a resolver reads as \\"],
    ["PRJ-1/corpus\\F-1", "the separator \\"],
  ])("%s has %s", (reference, spelling) => {
    expect(ambiguousSpelling(reference)).toBe(spelling);
  });
  it.each(["PRJ-1/*", "SRC-1@r1", "https://host/a/b", "PRJ-1/a%20b", "PRJ-1/a%3Ab", "PRJ-1/50%"])("%s has none", (reference) => {
    expect(ambiguousSpelling(reference)).toBeNull();
  });
});

describe("a request naming a denied object in another spelling", () => {
  // 11.1's contract with the wider object scope PRJ-1/* and a denial of the corpus under it.
  function deniedCorpus(object: string): PermissionInput {
    const input = extractInput(object);
    const contract = structuredClone(input.contract) as any;
    contract.scope.objects = ["SRC-1@r1", "PRJ-1/*"];
    contract.scope.denials = [...contract.scope.denials, { rule_id: "no-corpus-objects", objects: ["PRJ-1/corpus/*"] }];
    return { ...input, contract };
  }
  it("is allowed outside the denial and denied in it at its plain spelling", () => {
    expect(evaluatePermission(deniedCorpus("PRJ-1/proposals/F-1")).decision).toBe("allow");
    expect(evaluatePermission(deniedCorpus("PRJ-1/corpus/F-1")).denied_by).toEqual(["SCOPE_DENIED"]);
  });
  it.each(["PRJ-1/corpus%2FF-1", "PRJ-1/%63orpus/F-1", "PRJ-1/corpus\\F-1"])("%s is denied (SCOPE_OBJECT), never allowed past the denial", (object) => {
    const r = evaluatePermission(deniedCorpus(object));
    expect(r.decision).toBe("deny");
    expect(r.denied_by).toEqual(["SCOPE_OBJECT"]);
  });
  it("is refused as a document (DELEGATION_SCHEMA at request.object)", () => {
    const r = evaluatePermissionDocument(deniedCorpus("PRJ-1/corpus%2FF-1"));
    expect(r.ok).toBe(false);
    expect(r.findings).toEqual([expect.objectContaining({ code: "DELEGATION_SCHEMA", path: "request.object" })]);
  });
  it("is refused in a contract's scope or denial, and a child's selector so spelt is outside its parent's", () => {
    const c = record("d-child-ok");
    c.scope.objects = ["PRJ-1/%70roposals/*"];
    const r = checkSubdelegation(read<DelegationContract>(record("d-parent-1")), c as DelegationContract, read<DelegationAttestationChain>(record("chain-d-child-ok")));
    expect(r.failed).toEqual(["objects"]);
    expect(checkChildDocument({ parent: record("d-parent-1"), child: c, chain: record("chain-d-child-ok") }).findings.map((f) => f.code)).toContain("DELEGATION_SCHEMA");
  });
});

// Section 9: "the contract must separately authorize each tool". A request naming no tool is
// allowed exactly when its contract lists no tools and no denial names one, and an adapter's tool is
// not judged against an empty list, so an empty tool list is not a subset of a non-empty one,
// whatever the child's denials name: a child listing none could act with no tool, or through any
// adapter tool, where every effect of its parent names one of the parent's tools.
import { describe, expect, it } from "vitest";
import { checkReassignment, checkSubdelegation, evaluatePermissionDocument } from "../../../core/delegation/index.js";
import type { DelegationAttestationChain, DelegationContract } from "../../../core/delegation/index.js";
import { read, record } from "./_records.js";


describe("a request naming no tool", () => {
  const evaluate = (tools: string[], patch: (request: any) => void = () => {}, denials: object[] = []) => {
    const contract = record("d-extract-1");
    contract.scope.tools = tools;
    contract.scope.denials.push(...denials);
    const request = record("request-read-src-1");
    delete request.tool;
    patch(request);
    const policy_ref = { policy_id: "P", version: "1", digest: `sha256:${"0".repeat(64)}` };
    const evaluator_ref = { object_id: "E", revision_id: "r1", content_digest: `sha256:${"1".repeat(64)}`, actor_type: "service" };
    return evaluatePermissionDocument({ contract, card: record("card-agent-extractor-r3"), request, fences: record("fences-d-extract-1"), heads: record("heads-d-extract-1"), policy_ref, evaluator_ref });
  };
  it("is denied under a contract listing tools, and allowed under one listing none", () => {
    expect(evaluate(["source_reader", "proposal_writer"]).findings.map((f) => f.code)).toEqual(["SCOPE_TOOL_UNNAMED"]);
    expect(evaluate([]).decision).toBe("allow");
  });
  it("runs through any adapter tool under a contract listing none, a denial naming another tool or not", () => {
    // Why a child listing no tools is never within a parent listing some: the adapter's tool is not
    // judged against an empty list, so shell_exec, which the listing contract refuses, passes.
    const viaAdapter = (tools: string[], denials: object[]) => evaluate(tools, (request) => (request.adapter = { protocol: "mcp", version: "2025-06-18", tool: "shell_exec" }), denials);
    expect(viaAdapter(["source_reader", "proposal_writer"], []).findings.map((f) => f.code)).toEqual(["SCOPE_TOOL"]);
    expect(viaAdapter([], [{ rule_id: "no-search", tools: ["search"] }]).decision).toBe("allow");
  });
});

describe("a child listing no tools under a parent that lists some", () => {
  const pair = (patch: (child: any) => void) => {
    const child = record("d-child-ok");
    patch(child);
    return [read<DelegationContract>(record("d-parent-1")), read<DelegationContract>(child), read<DelegationAttestationChain>(record("chain-d-child-ok"))] as const;
  };
  it("is denied on tools: it would act with no tool", () => {
    const r = checkSubdelegation(...pair((c) => (c.scope.tools = [])));
    expect(r.failed).toEqual(["tools"]);
    expect(r.findings).toEqual([expect.objectContaining({ code: "ATTENUATION_TOOLS", path: "scope.tools", received: "none" })]);
  });
  it("is denied on tools though a denial of its own names a tool: it acts through any adapter tool the denial does not name", () => {
    const r = checkSubdelegation(...pair((c) => {
      c.scope.tools = [];
      c.scope.denials.push({ rule_id: "no-search", tools: ["search"] });
    }));
    expect(r.failed).toEqual(["tools"]);
    expect(r.findings).toEqual([expect.objectContaining({ code: "ATTENUATION_TOOLS", path: "scope.tools", received: "none" })]);
  });
  it("is denied for a reassignment's next revision with such a denial too", () => {
    const next = record("d-research-2-r2");
    next.scope.tools = [];
    next.scope.denials.push({ rule_id: "no-shell", tools: ["shell_exec"] });
    expect(checkReassignment(read<DelegationContract>(record("d-research-2-r1")), read<DelegationContract>(next)).failed).toEqual(["tools"]);
  });
  it("is denied for a reassignment's next revision too", () => {
    const next = record("d-research-2-r2");
    next.scope.tools = [];
    const r = checkReassignment(read<DelegationContract>(record("d-research-2-r1")), read<DelegationContract>(next));
    expect(r.failed).toEqual(["tools"]);
  });
});

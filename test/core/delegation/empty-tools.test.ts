// Section 9: "the contract must separately authorize each tool". A request naming no tool is
// allowed exactly when its contract lists no tools and no denial names one, so an empty tool list
// is not a subset of a non-empty one: a child listing none could act with no tool, where every
// effect of its parent names one of the parent's tools.
import { describe, expect, it } from "vitest";
import { checkReassignment, checkSubdelegation, evaluatePermissionDocument } from "../../../core/delegation/index.js";
import type { DelegationAttestationChain, DelegationContract } from "../../../core/delegation/index.js";
import { read, record } from "./_records.js";


describe("a request naming no tool", () => {
  const evaluate = (tools: string[]) => {
    const contract = record("d-extract-1");
    contract.scope.tools = tools;
    const request = record("request-read-src-1");
    delete request.tool;
    const policy_ref = { policy_id: "P", version: "1", digest: `sha256:${"0".repeat(64)}` };
    const evaluator_ref = { object_id: "E", revision_id: "r1", content_digest: `sha256:${"1".repeat(64)}`, actor_type: "service" };
    return evaluatePermissionDocument({ contract, card: record("card-agent-extractor-r3"), request, fences: record("fences-d-extract-1"), heads: record("heads-d-extract-1"), policy_ref, evaluator_ref });
  };
  it("is denied under a contract listing tools, and allowed under one listing none", () => {
    expect(evaluate(["source_reader", "proposal_writer"]).findings.map((f) => f.code)).toEqual(["SCOPE_TOOL_UNNAMED"]);
    expect(evaluate([]).decision).toBe("allow");
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
  it("is allowed when a denial of its own names a tool: it refuses a request naming none", () => {
    const r = checkSubdelegation(...pair((c) => {
      c.scope.tools = [];
      c.scope.denials.push({ rule_id: "no-search", tools: ["search"] });
    }));
    expect(r).toMatchObject({ decision: "allow", failed: [] });
  });
  it("is denied for a reassignment's next revision too", () => {
    const next = record("d-research-2-r2");
    next.scope.tools = [];
    const r = checkReassignment(read<DelegationContract>(record("d-research-2-r1")), read<DelegationContract>(next));
    expect(r.failed).toEqual(["tools"]);
  });
});

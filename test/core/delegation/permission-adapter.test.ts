// Section 10.3 at permission: "Capability or extension negotiation narrows executable mechanics. It
// does not widen the signed Delegation Contract, and unsupported or downgraded features fail closed
// for consequential effects." A request may name the adapter its effect runs through; it is judged
// against the card's supported_adapters: its exact protocol/version, its authentication method, its
// endpoint (when the card lists endpoints) and every extension it negotiated. Unsupported, a
// consequential effect is denied (ADAPTER_UNSUPPORTED, predicate `card`); another is noted
// (ADAPTER_UNSUPPORTED_NONCONSEQUENTIAL). A request naming no adapter is not judged on it.
import { describe, expect, it } from "vitest";
import { evaluatePermission, evaluatePermissionDocument } from "../../../core/delegation/index.js";
import type { AdapterIdentity, PermissionRequest } from "../../../core/delegation/index.js";
import { extractInput, record } from "./_records.js";

const policy_ref = { policy_id: "POLICY-SPACE-RW", version: "3", digest: `sha256:${"0".repeat(64)}` };
const evaluator_ref = { object_id: "ACTOR-EVALUATOR", revision_id: "act-r1", content_digest: `sha256:${"1".repeat(64)}`, actor_type: "service" };

/** What AGENT-PUBLISHER@card-r1 and AGENT-EXTRACTOR@card-r3 declare, each at its own endpoint. */
const declared = (agent: string, tool = "site_publisher"): AdapterIdentity => ({ protocol: "mcp", version: "2025-06-18", tool, extensions: ["tasks"], endpoint_ref: `https://agents.example/${agent}/mcp`, authentication_method: "oauth2" });

/** Section 6's consequential publication (external_publication at T4), allowed as given, over `adapter`; the card's adapters replaced when given. */
function publish(adapter: unknown, supported?: unknown[]) {
  const card = record("card-agent-publisher-r1");
  if (supported !== undefined) card.supported_adapters = supported;
  const request = adapter === undefined ? record("request-publish") : { ...record("request-publish"), adapter };
  return evaluatePermissionDocument({ contract: record("d-publish-1"), card, request, fences: record("fences-d-publish-1"), heads: record("heads-d-publish-1"), approvals: [record("approval-editor"), record("approval-review")], policy_ref, evaluator_ref });
}

/** Section 11.1's read of SRC-1@r1 (read_only, not consequential) over `adapter`. */
const read = (adapter: AdapterIdentity) => evaluatePermission(extractInput({ ...(record("request-read-src-1") as PermissionRequest), adapter }));

const codesOf = (r: { findings: readonly { code: string; severity: string; path?: string | undefined; expected?: string | undefined; received?: string | undefined }[] }) =>
  r.findings.map((f) => [f.code, f.severity, f.path, f.expected, f.received]);

describe("a consequential effect over the adapter it names (ADAPTER_UNSUPPORTED)", () => {
  const publisher = declared("agent-publisher");
  it("is allowed over an adapter the card declares, the card rule naming the entry it matched", () => {
    const r = publish(publisher);
    expect(r.findings).toStrictEqual([]);
    expect(r.decision).toBe("allow");
    expect(r.matched_rules[0]).toStrictEqual({ rule: "card", matched: "AGENT-PUBLISHER@card-r1 executed by ACTOR-PUBLISHER over mcp/2025-06-18 (supported_adapters.0)" });
  });
  it("is allowed over a declared adapter that negotiated fewer features or names no endpoint or method: negotiation narrows", () => {
    expect(publish({ protocol: "mcp", version: "2025-06-18", tool: "site_publisher" }).decision).toBe("allow");
    expect(publish({ ...publisher, extensions: [] }).decision).toBe("allow");
  });
  it("is denied over a protocol or a version the card does not declare, a downgrade included", () => {
    for (const [protocol, version] of [["mcp", "2024-11-05"], ["a2a", "2025-06-18"], ["MCP", "2025-06-18"]] as const) {
      const r = publish({ ...publisher, protocol, version });
      expect(r.decision, `${protocol}/${version}`).toBe("deny");
      expect(r.denied_by).toStrictEqual(["ADAPTER_UNSUPPORTED"]);
      expect(codesOf(r)).toStrictEqual([["ADAPTER_UNSUPPORTED", "error", "request.adapter", "mcp/2025-06-18", `${protocol}/${version}`]]);
      expect(r.findings[0]).toMatchObject({ dimension: "card" });
      expect(r.findings[0]?.message).toContain("fail closed for a consequential effect (section 10.3)");
      // The card's other predicates held, but the card rule did not.
      expect(r.matched_rules.map((m) => m.rule)).not.toContain("card");
    }
  });
  it("says so when the protocol differs from a declared one only in case, and still denies: compared exactly", () => {
    const r = publish({ ...publisher, protocol: "MCP" });
    expect(r.denied_by).toStrictEqual(["ADAPTER_UNSUPPORTED"]);
    expect(r.findings[0]?.message).toContain("it differs from mcp/2025-06-18 only in case");
    expect(publish({ ...publisher, protocol: "a2a" }).findings[0]?.message).not.toContain("only in case");
  });
  it("is denied under a card declaring no adapter", () => {
    expect(codesOf(publish(publisher, []))).toStrictEqual([["ADAPTER_UNSUPPORTED", "error", "request.adapter", "none", "mcp/2025-06-18"]]);
  });
  it("is denied over an authentication method, an endpoint or an extension the card's entry does not declare", () => {
    expect(codesOf(publish({ ...publisher, authentication_method: "api_key" }))).toStrictEqual([["ADAPTER_UNSUPPORTED", "error", "request.adapter.authentication_method", "oauth2", "api_key"]]);
    expect(codesOf(publish({ ...publisher, endpoint_ref: "https://elsewhere.example/mcp" }))).toStrictEqual([["ADAPTER_UNSUPPORTED", "error", "request.adapter.endpoint_ref", "https://agents.example/agent-publisher/mcp", "https://elsewhere.example/mcp"]]);
    expect(codesOf(publish({ ...publisher, extensions: ["tasks", "sampling"] }))).toStrictEqual([["ADAPTER_UNSUPPORTED", "error", "request.adapter.extensions.1", "tasks", "sampling"]]);
    // An entry declaring no authentication method or feature declares none: a named one is unsupported.
    const bare = [{ protocol: "mcp", version: "2025-06-18", endpoint_refs: [], authentication_methods: [], feature_flags: [] }];
    expect(codesOf(publish(publisher, bare))).toStrictEqual([
      ["ADAPTER_UNSUPPORTED", "error", "request.adapter.authentication_method", "none", "oauth2"],
      ["ADAPTER_UNSUPPORTED", "error", "request.adapter.extensions.0", "none", "tasks"],
    ]);
  });
  it("compares the endpoint only when the card's entry lists endpoints", () => {
    const anywhere = [{ protocol: "mcp", version: "2025-06-18", endpoint_refs: [], authentication_methods: ["oauth2"], feature_flags: ["tasks"] }];
    expect(publish({ ...publisher, endpoint_ref: "https://elsewhere.example/mcp" }, anywhere).decision).toBe("allow");
  });
  it("matches one entry that supports all of the adapter, never features from two", () => {
    const entry = (endpoint: string, method: string) => ({ protocol: "mcp", version: "2025-06-18", endpoint_refs: [endpoint], authentication_methods: [method], feature_flags: ["tasks"] });
    const two = [entry("https://a.example/mcp", "mtls"), entry("https://agents.example/agent-publisher/mcp", "oauth2")];
    expect(publish(publisher, two).matched_rules[0]?.matched).toBe("AGENT-PUBLISHER@card-r1 executed by ACTOR-PUBLISHER over mcp/2025-06-18 (supported_adapters.1)");
    // Entry 0's method at entry 1's endpoint: each declared, not together. The entry leaving the
    // fewest gaps is named, the first of two leaving one each.
    const mixed = publish({ ...publisher, authentication_method: "mtls" }, two);
    expect(codesOf(mixed)).toStrictEqual([["ADAPTER_UNSUPPORTED", "error", "request.adapter.endpoint_ref", "https://a.example/mcp", "https://agents.example/agent-publisher/mcp"]]);
    expect(mixed.findings[0]?.message).toContain("supported_adapters.0's endpoint_refs");
    const closer = publish({ ...publisher, extensions: ["tasks", "sampling"] }, two);
    expect(codesOf(closer)).toStrictEqual([["ADAPTER_UNSUPPORTED", "error", "request.adapter.extensions.1", "tasks", "sampling"]]);
    expect(closer.findings[0]?.message).toContain("supported_adapters.1's feature_flags");
  });
});

describe("an effect that is not consequential over an undeclared adapter (ADAPTER_UNSUPPORTED_NONCONSEQUENTIAL)", () => {
  const extractor = declared("agent-extractor", "source_reader");
  it("is allowed over a declared adapter, the card rule naming it", () => {
    const r = read(extractor);
    expect(r.findings).toStrictEqual([]);
    expect(r.matched_rules[0]).toStrictEqual({ rule: "card", matched: "AGENT-EXTRACTOR@card-r3 executed by ACTOR-EXTRACTOR over mcp/2025-06-18 (supported_adapters.0)" });
  });
  it("is allowed with a note for each unsupported feature, and the card rule holds without naming an adapter", () => {
    const r = read({ ...extractor, version: "2024-11-05" });
    expect(r.decision).toBe("allow");
    expect(r.denied_by).toStrictEqual([]);
    expect(codesOf(r)).toStrictEqual([["ADAPTER_UNSUPPORTED_NONCONSEQUENTIAL", "note", "request.adapter", "mcp/2025-06-18", "mcp/2024-11-05"]]);
    expect(r.findings[0]?.message).toContain("allowed only because the effect is not consequential");
    expect(r.matched_rules[0]).toStrictEqual({ rule: "card", matched: "AGENT-EXTRACTOR@card-r3 executed by ACTOR-EXTRACTOR" });
    expect(codesOf(read({ ...extractor, authentication_method: "none", extensions: ["sampling"] })).map(([code, , path]) => [code, path])).toStrictEqual([
      ["ADAPTER_UNSUPPORTED_NONCONSEQUENTIAL", "request.adapter.authentication_method"],
      ["ADAPTER_UNSUPPORTED_NONCONSEQUENTIAL", "request.adapter.extensions.0"],
    ]);
  });
});

describe("a request naming no adapter", () => {
  it("is not judged on one: the same decision and rules as before", () => {
    const r = publish(undefined);
    expect(r.decision).toBe("allow");
    expect(r.matched_rules[0]).toStrictEqual({ rule: "card", matched: "AGENT-PUBLISHER@card-r1 executed by ACTOR-PUBLISHER" });
    expect(publish(undefined, []).decision).toBe("allow");
  });
});

describe("the request's adapter in a document", () => {
  it("is read with the attempt's adapter shape: a field of the wrong type is refused", () => {
    const r = publish({ ...declared("agent-publisher"), extensions: "tasks" });
    expect(r.decision).toBe("deny");
    expect(codesOf(r).map(([code, , path]) => [code, path])).toStrictEqual([["DELEGATION_SCHEMA", "request.adapter.extensions"]]);
  });
  it("refuses a credential in it, as anywhere", () => {
    const r = publish({ ...declared("agent-publisher"), authentication_method: "Bearer 9f8e7d6c5b4a39281706" });
    expect(r.decision).toBe("deny");
    expect(r.denied_by).toContain("SECRET_VALUE");
  });
});

// Section 10.3: "A remote task or session ID MUST NOT substitute for agent_actor_ref, delegation_id,
// attempt_id, or an RW-002 revision reference." The request's adapter is the one its attempt will
// record, so the attempt's rule applies to it, against the executor's, the contract's and the card's
// identifiers: an effect of any class is denied (predicate `card`).
describe("a remote ID in the request's adapter substituted for an identifier (ADAPTER_ID_SUBSTITUTED)", () => {
  const publisher = declared("agent-publisher");
  const withIds = (...remote_ids: { kind: string; id: string }[]) => publish({ ...publisher, remote_ids });
  it("denies a task, session or context ID that is the executor's, the contract's or the card's, naming which", () => {
    const own: [string, string][] = [
      ["ACTOR-PUBLISHER", "request.executor_actor_ref.object_id, card.agent_actor_ref.object_id"],
      ["act-r1", "request.executor_actor_ref.revision_id, card.agent_actor_ref.revision_id"],
      ["D-PUBLISH-1", "contract.delegation_id"],
      ["r1", "contract.revision_id"],
      ["AGENT-PUBLISHER", "card.agent_card_id"],
      ["card-r1", "card.revision_id"],
    ];
    for (const kind of ["task", "session", "context"]) {
      for (const [id, fields] of own) {
        const r = withIds({ kind: "message", id: "M-1" }, { kind, id });
        expect(r.decision, `${kind} ${id}`).toBe("deny");
        expect(r.denied_by).toStrictEqual(["ADAPTER_ID_SUBSTITUTED"]);
        expect(codesOf(r)).toStrictEqual([["ADAPTER_ID_SUBSTITUTED", "error", "request.adapter.remote_ids.1.id", `an ID the remote assigned, none of ${fields}`, id]]);
        expect(r.findings[0]).toMatchObject({ dimension: "card" });
        expect(r.matched_rules.map((m) => m.rule)).not.toContain("card");
      }
    }
  });
  it("denies an effect that is not consequential too: the MUST NOT is not limited to consequential effects", () => {
    const r = read({ ...declared("agent-extractor", "source_reader"), remote_ids: [{ kind: "session", id: "D-EXTRACT-1" }] });
    expect(r.decision).toBe("deny");
    expect(codesOf(r)).toStrictEqual([["ADAPTER_ID_SUBSTITUTED", "error", "request.adapter.remote_ids.0.id", "an ID the remote assigned, none of contract.delegation_id", "D-EXTRACT-1"]]);
  });
  it("allows a message or tool call ID the client chose, and a remote ID that is none of them", () => {
    expect(withIds({ kind: "message", id: "D-PUBLISH-1" }, { kind: "tool_call", id: "ACTOR-PUBLISHER" }).decision).toBe("allow");
    expect(withIds({ kind: "task", id: "9b2c6f0e-4d7a" }, { kind: "context", id: "d-publish-1" }).decision).toBe("allow");
  });
});

// Section 9: "the contract must separately authorize each tool"; 7.1's "tool/adapter identity" is
// the adapter's `tool`, the scope tool the effect runs through, as the request's `tool` is.
describe("the request's tool and its adapter's tool", () => {
  const publisher = declared("agent-publisher");
  it("denies two different tools, even when the scope allows both: an effect runs through one (ADAPTER_TOOL_MISMATCH)", () => {
    const r = publish({ ...publisher, tool: "payments" });
    expect(r.denied_by).toStrictEqual(["ADAPTER_TOOL_MISMATCH"]);
    expect(codesOf(r)).toStrictEqual([["ADAPTER_TOOL_MISMATCH", "error", undefined, "site_publisher", "payments"]]);
    expect(r.findings[0]).toMatchObject({ dimension: "scope.tools" });
  });
  it("denies an adapter tool the scope does not authorize behind an authorized request tool", () => {
    const r = publish({ ...publisher, tool: "shell_exec" });
    expect(r.decision).toBe("deny");
    expect(r.denied_by).toStrictEqual(["ADAPTER_TOOL_MISMATCH"]);
  });
  it("reads a request naming only its adapter as naming the adapter's tool, against the scope and the denials", () => {
    const bare = (tool: string, patch: (c: any) => void = () => {}) => {
      const contract = record("d-extract-1");
      patch(contract);
      const request = record("request-read-src-1");
      delete request.tool;
      return evaluatePermissionDocument({ ...extractInput(request), contract, request: { ...request, adapter: declared("agent-extractor", tool) } });
    };
    const allowed = bare("source_reader");
    expect(allowed.decision).toBe("allow");
    expect(allowed.matched_rules).toContainEqual({ rule: "scope.tools", matched: "source_reader" });
    expect(codesOf(bare("shell_exec"))).toStrictEqual([["SCOPE_TOOL", "error", undefined, undefined, "shell_exec"]]);
    const denied = bare("source_reader", (c) => c.scope.denials.push({ rule_id: "no-reader", tools: ["SOURCE_READER"] }));
    expect(denied.denied_by).toStrictEqual(["SCOPE_DENIED"]);
    // Under a scope listing no tools the adapter's tool is not judged (every adapter records one), a denial still is.
    expect(bare("shell_exec", (c) => (c.scope.tools = [])).decision).toBe("allow");
    expect(bare("shell_exec", (c) => { c.scope.tools = []; c.scope.denials.push({ rule_id: "no-shell", tools: ["shell_*"] }); }).denied_by).toStrictEqual(["SCOPE_DENIED"]);
  });
});

// Section 10.3: an ExecutionAttempt's adapter records the protocol/version, negotiated extensions,
// the remote endpoint, the remote task/message/tool IDs, the authentication method (never a
// credential) and which form of the card it used with its digest. A remote task, session or context
// ID is never one of the attempt's own identifiers; a message or tool call ID the client chose may
// be its attempt_id.
import { describe, expect, it } from "vitest";
import { checkAttempts, checkReassignmentDocument, validateRecord } from "../../../core/delegation/index.js";
import type { DelegationContract, ExecutionAttempt } from "../../../core/delegation/index.js";
import { read, record } from "./_records.js";

const CARD_DIGEST = `sha256:${"a".repeat(64)}`;
const full = {
  protocol: "a2a",
  version: "0.3.0",
  tool: "message_send",
  extensions: ["https://rw.example/ext/card-ref/v1", "streaming"],
  endpoint_ref: "https://extractor.example/a2a/v1",
  remote_ids: [
    { kind: "task", id: "9b2c6f0e-4d7a-4c1e-9a51-3f0d2b7e8c11" },
    { kind: "context", id: "ctx-77" },
    { kind: "message", id: "ATT-EXTRACT-1" },
  ],
  authentication_method: "oauth2",
  card_form: "extended",
  card_digest: CARD_DIGEST,
};
const withAdapter = (adapter: Record<string, unknown>): Record<string, unknown> => ({ ...record("att-extract-1"), adapter });
const found = (adapter: Record<string, unknown>): [string, string | undefined][] =>
  validateRecord(withAdapter(adapter)).findings.map((f) => [f.code, f.path]);

describe("an attempt's adapter record (section 10.3)", () => {
  it("reads every field when given, typed, and keeps the three of 7.1 alone valid", () => {
    const r = validateRecord(withAdapter(full));
    expect(r.findings).toStrictEqual([]);
    expect((r.value as ExecutionAttempt).adapter).toStrictEqual(full);
    expect(found({ protocol: "mcp", version: "2025-06-18", tool: "proposal_writer" })).toStrictEqual([]);
  });
  it("refuses a field of the wrong type, and a remote ID of a kind not in the closed set", () => {
    expect(found({ ...full, extensions: "streaming" })).toStrictEqual([["DELEGATION_SCHEMA", "adapter.extensions"]]);
    expect(found({ ...full, endpoint_ref: "" })).toStrictEqual([["DELEGATION_SCHEMA", "adapter.endpoint_ref"]]);
    expect(found({ ...full, authentication_method: "oauth 2" })).toStrictEqual([["DELEGATION_SCHEMA", "adapter.authentication_method"]]);
    expect(found({ ...full, card_form: "authenticated" })).toStrictEqual([["DELEGATION_SCHEMA", "adapter.card_form"]]);
    expect(found({ ...full, card_digest: "sha256:abc" })).toStrictEqual([["DELEGATION_SCHEMA", "adapter.card_digest"]]);
    expect(found({ ...full, remote_ids: [{ kind: "artifact", id: "A-1" }] })).toStrictEqual([["DELEGATION_SCHEMA", "adapter.remote_ids.0.kind"]]);
    expect(found({ ...full, remote_ids: [{ kind: "task", id: "has a space" }] })).toStrictEqual([["DELEGATION_SCHEMA", "adapter.remote_ids.0.id"]]);
    expect(found({ ...full, remote_ids: { kind: "task", id: "T-1" } })).toStrictEqual([["DELEGATION_SCHEMA", "adapter.remote_ids"]]);
  });
  it("records the card's form and its exact digest together", () => {
    const { card_digest: _, ...formOnly } = full;
    const { card_form: __, ...digestOnly } = full;
    expect(found(formOnly)).toStrictEqual([["DELEGATION_SCHEMA", "adapter"]]);
    expect(found(digestOnly)).toStrictEqual([["DELEGATION_SCHEMA", "adapter"]]);
  });
});

describe("a remote ID substituted for the attempt's own (ADAPTER_ID_SUBSTITUTED)", () => {
  const ids = (...remote: { kind: string; id: string }[]) => ({ ...full, remote_ids: remote });
  it("refuses a task, session or context ID that is one of the attempt's identifiers, naming which", () => {
    const r = validateRecord(withAdapter(ids({ kind: "message", id: "M-1" }, { kind: "task", id: "ATT-EXTRACT-1" })));
    expect(r.ok).toBe(false);
    expect(r.findings.map((f) => [f.code, f.path, f.expected, f.received])).toStrictEqual([["ADAPTER_ID_SUBSTITUTED", "adapter.remote_ids.1.id", "an ID the remote assigned, none of attempt_id, record_id", "ATT-EXTRACT-1"]]);
    expect(r.findings[0]?.message).toContain("section 10.3");
    const own: [string, string][] = [
      ["D-EXTRACT-1", "delegation_ref.object_id"],
      // SRC-1@r1, its input, is at the delegation's revision name too: both fields are named.
      ["r1", "delegation_ref.revision_id, inputs.0.revision_id"],
      ["AGENT-EXTRACTOR", "card_ref.object_id"],
      ["card-r3", "card_ref.revision_id"],
      ["ACTOR-EXTRACTOR", "executor_actor_ref.object_id"],
      ["act-r1", "executor_actor_ref.revision_id"],
      ["att-r2", "revision_id"],
      // Every RW-002 revision reference it records (10.3: "or an RW-002 revision reference").
      ["SRC-1", "inputs.0.object_id"],
      ["FINDING-PROPOSAL-F-1", "outputs.0.object_id"],
      ["p-r1", "outputs.0.revision_id, outputs.1.revision_id"],
      ["AUTO-CHECK-EXTRACT-1", "acceptance_evidence_refs.0.object_id"],
      ["VERIFICATION-RECEIPT-VR-1", "readback_ref.object_id"],
      ["vr-r1", "readback_ref.revision_id"],
      ["CONTRIBUTION-PROPOSAL-1", "contribution_ref.object_id"],
      ["c-r1", "contribution_ref.revision_id"],
    ];
    for (const kind of ["task", "session", "context"]) {
      for (const [id, field] of own) {
        const f = validateRecord(withAdapter(ids({ kind, id }))).findings;
        expect(f.map((x) => [x.code, x.expected]), `${kind} ${id}`).toStrictEqual([["ADAPTER_ID_SUBSTITUTED", `an ID the remote assigned, none of ${field}`]]);
      }
    }
  });
  it("allows a message or tool call ID the client chose to be the attempt_id (10: message ID for deduplication)", () => {
    expect(found(ids({ kind: "message", id: "ATT-EXTRACT-1" }, { kind: "tool_call", id: "ATT-EXTRACT-1" }))).toStrictEqual([]);
  });
  it("allows a remote ID that is none of them", () => {
    expect(found(ids({ kind: "task", id: "ATT-EXTRACT-1-remote" }, { kind: "session", id: "d-extract-1" }))).toStrictEqual([]);
  });
});

describe("credentials in the adapter record (section 9, 10.3: 'without recording credentials')", () => {
  const refused: [string, Record<string, unknown>][] = [
    ["adapter.authentication_method", { authentication_method: "Bearer 9f8e7d6c5b4a39281706" }],
    ["adapter.authentication_method", { authentication_method: "ghp_0123456789abcdefghijklmnopqrstuvwxyz" }],
    ["adapter.endpoint_ref", { endpoint_ref: "https://agent:hunter22@extractor.example/a2a/v1" }],
    ["adapter.endpoint_ref", { endpoint_ref: "https://extractor.example/a2a/v1?access_token=ya29.abcdef123456" }],
    ["adapter.endpoint_ref", { endpoint_ref: "Authorization: Bearer ab12" }],
    ["adapter.remote_ids.0.id", { remote_ids: [{ kind: "session", id: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc" }] }],
    ["adapter.extensions.0", { extensions: ["sk-ant-abcdefghijklmnopqrstuvwxyz012345"] }],
  ];
  for (const [path, fields] of refused) {
    it(`refuses ${JSON.stringify(Object.values(fields)[0])} (SECRET_VALUE at ${path})`, () => {
      const r = validateRecord(withAdapter({ ...full, ...fields }));
      expect(r.ok).toBe(false);
      expect(r.findings.filter((f) => f.code === "SECRET_VALUE").map((f) => f.path)).toStrictEqual([path]);
    });
  }
  it("allows a method's name and an endpoint without credentials", () => {
    expect(found({ ...full, authentication_method: "mtls", endpoint_ref: "https://extractor.example/a2a/v1?tenant=lab" })).toStrictEqual([]);
  });
});

// Section 9: "the contract must separately authorize each tool". An attempt's adapter names the tool
// it ran through (7.1's "tool/adapter identity"); checked with its contract, that tool is within
// scope.tools when the scope lists tools (SCOPE_TOOL), and no denial naming tools alone refuses it
// (SCOPE_DENIED), matched as permission matches them.
describe("an attempt's tool under its contract (checkAttempts)", () => {
  const check = (tool: string, patch: (c: any) => void = () => {}, attemptPatch: (a: any) => void = () => {}) => {
    const contract = record("d-extract-1");
    patch(contract);
    const attempt = record("att-extract-1");
    attempt.adapter.tool = tool;
    attemptPatch(attempt);
    return checkAttempts(read<DelegationContract>(contract), [read<ExecutionAttempt>(attempt)]).findings.map((f) => [f.code, f.path, f.dimension, f.received]);
  };
  it("accepts a tool the scope lists, or a selector covers", () => {
    expect(check("proposal_writer")).toStrictEqual([]);
    expect(check("proposal_writer_v2", (c) => (c.scope.tools = ["source_reader", "proposal_*"]))).toStrictEqual([]);
  });
  it("refuses a tool outside the scope's tools", () => {
    expect(check("shell_exec")).toStrictEqual([["SCOPE_TOOL", "attempts.0.adapter.tool", "scope.tools", "shell_exec"]]);
  });
  it("refuses a tool a denial naming tools alone refuses, in any case", () => {
    expect(check("proposal_writer", (c) => c.scope.denials.push({ rule_id: "no-writer", tools: ["PROPOSAL_WRITER"] }))).toStrictEqual([["SCOPE_DENIED", "attempts.0.adapter.tool", "scope.denials", "no-writer"]]);
  });
  it("does not read a denial that also names operations, objects or effect classes: the attempt records none of them", () => {
    expect(check("proposal_writer", (c) => c.scope.denials.push({ rule_id: "no-writer-publish", tools: ["proposal_writer"], operations: ["publish"] }))).toStrictEqual([]);
  });
  it("does not judge the tool under a scope listing none, nor an attempt of another revision", () => {
    expect(check("shell_exec", (c) => (c.scope.tools = []))).toStrictEqual([]);
    const other = check("shell_exec", () => {}, (a) => (a.delegation_ref = { ...a.delegation_ref, revision_id: "r0" }));
    expect(other.filter(([code]) => code === "SCOPE_TOOL")).toStrictEqual([]);
  });
});

// 11.4: the resume under r2 continues from the state ATT-1 checkpointed (CP-7) under r1, and its own
// effects run under r2, so checkReassignment holds each attempt of either revision to the tools that
// revision authorizes, as checkAttempts does (section 9), denied on section 8's `tools` and `denials`.
describe("a reassignment's attempts against their revision's tools", () => {
  /** ATT-2 under r2, ended having consumed nothing, so the remainder stays readable. */
  const resume = () => ({ ...record("att-2"), issued_at: "2026-10-04T10:50:00Z", ended_at: "2026-10-04T10:50:00Z", outcome: "failed", budget_consumption: { tool_calls: 0, items: { Source: 0 }, elapsed: { value: 0, unit: "min" } } });
  const withTool = (a: any, tool: string) => ({ ...a, adapter: { ...a.adapter, tool } });
  const reassign = (attempts: unknown[], patch: (c: any) => void = () => {}) => {
    const [prior, next] = [record("d-research-2-r1"), record("d-research-2-r2")];
    patch(prior);
    patch(next);
    return checkReassignmentDocument({ prior, next, attempts, checkpoints: [record("cp-7")] });
  };
  const shown = (r: { findings: readonly { code: string; path?: string; dimension?: string; received?: string }[] }) => r.findings.map((f) => [f.code, f.path, f.dimension, f.received]);
  it("passes 11.4's ATT-1 under r1 and ATT-2 under r2, both through source_stager, which both list", () => {
    expect(reassign([record("att-1"), resume()])).toMatchObject({ ok: true, failed: [], findings: [] });
  });
  it("denies on tools ATT-1 under r1 through a tool r1's scope.tools does not list: CP-7 rests on no authority", () => {
    const r = reassign([withTool(record("att-1"), "shell_exec")]);
    expect(r).toMatchObject({ ok: false, decision: "deny", failed: ["tools"] });
    expect(shown(r)).toStrictEqual([["SCOPE_TOOL", "attempts.0.adapter.tool", "tools", "shell_exec"]]);
    expect(r.findings[0]?.message).toBe("attempts.0.adapter.tool: ATT-1 ran through the tool shell_exec, not within D-RESEARCH-2@r1's scope.tools (search, source_stager, proposal_writer): the contract authorizes each tool separately (section 9), so it ran under no authority");
  });
  it("judges a resume under r2 by r2's scope, not r1's", () => {
    // r2 narrows its tools to search alone (allowed: the same or narrower scope); ATT-1 under r1 ran
    // through source_stager, which r1 lists, and the resume through it under r2 is refused.
    const next = { ...record("d-research-2-r2") };
    next.scope = { ...next.scope, tools: ["search"] };
    const r = checkReassignmentDocument({ prior: record("d-research-2-r1"), next, attempts: [record("att-1"), resume()], checkpoints: [record("cp-7")] });
    expect(r).toMatchObject({ ok: false, failed: ["tools"] });
    expect(shown(r)).toStrictEqual([["SCOPE_TOOL", "attempts.1.adapter.tool", "tools", "source_stager"]]);
    expect(r.findings[0]?.message).toContain("not within D-RESEARCH-2@r2's scope.tools (search)");
  });
  it("denies on denials an attempt through a tool a denial naming tools alone refuses, in any case", () => {
    const deny = (c: any) => c.scope.denials.push({ rule_id: "no-writer", tools: ["PROPOSAL_WRITER"] });
    const r = reassign([withTool(record("att-1"), "proposal_writer"), resume()], deny);
    expect(r).toMatchObject({ ok: false, failed: ["denials"] });
    expect(shown(r)).toStrictEqual([["SCOPE_DENIED", "attempts.0.adapter.tool", "denials", "no-writer"]]);
    const withOperation = (c: any) => c.scope.denials.push({ rule_id: "no-writer-publish", tools: ["proposal_writer"], operations: ["publish"] });
    expect(reassign([withTool(record("att-1"), "proposal_writer"), resume()], withOperation).findings).toStrictEqual([]);
  });
  it("leaves an attempt of a third revision of the delegation alone, its scope not in hand", () => {
    const a = withTool(record("att-1"), "shell_exec");
    const r0 = { ...a, delegation_ref: { ...a.delegation_ref, revision_id: "r0", content_digest: `sha256:${"9".repeat(64)}` } };
    expect(shown(reassign([r0])).filter(([code]) => code === "SCOPE_TOOL")).toStrictEqual([]);
  });
});

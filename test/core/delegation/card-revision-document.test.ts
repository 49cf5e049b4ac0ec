// checkCardRevisionDocument: `{ prior, next }` read from one untrusted JSON document, as the CLI,
// the Worker and the playground take it; every part validated as an Agent Card, then checkCardRevision.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as d from "../../../core/delegation/index.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "delegation", "records");
const record = (name: string): Record<string, unknown> => JSON.parse(readFileSync(join(DIR, `${name}.json`), "utf8"));
const [r2, r3] = [record("card-agent-extractor-r2"), record("card-agent-extractor-r3")];
const helper = { object_id: "ACTOR-HELPER", revision_id: "act-r1", content_digest: `sha256:${"2".repeat(64)}`, actor_type: "agent" };

describe("checkCardRevisionDocument", () => {
  it("AGENT-EXTRACTOR@card-r3 after card-r2: the same card and agent Actor, ok", () => {
    expect(d.checkCardRevisionDocument({ prior: r2, next: r3 })).toStrictEqual({ ok: true, findings: [] });
  });
  it("a rotated agent Actor with no continuity attestation: checkCardRevision's findings, unchanged", () => {
    const next = { ...r3, agent_actor_ref: helper };
    const r = d.checkCardRevisionDocument({ prior: r2, next });
    const core = d.checkCardRevision(d.validateCard(r2).value as d.AgentCard, d.validateCard(next).value as d.AgentCard);
    expect(r).toStrictEqual({ ok: false, findings: core.findings });
    expect(r.findings.map((f) => [f.code, f.path])).toStrictEqual([["CARD_ACTOR_CHANGED", "agent_actor_ref"]]);
  });
  it("a next revision issued before its prior cannot follow it: TIME_ORDER at issued_at; the same instant is the event log's to order", () => {
    const early = d.checkCardRevisionDocument({ prior: r2, next: { ...r3, issued_at: "2026-08-21T07:59:59Z" } });
    expect(early.findings.map((f) => [f.code, f.path, f.expected, f.received])).toStrictEqual([["TIME_ORDER", "issued_at", "at or after 2026-08-21T08:00:00Z", "2026-08-21T07:59:59Z"]]);
    expect(early.ok).toBe(false);
    expect(d.checkCardRevisionDocument({ prior: r2, next: { ...r3, issued_at: r2["issued_at"] } })).toStrictEqual({ ok: true, findings: [] });
  });
  it("the same revision twice names no prior: AMENDMENT_REF", () => {
    expect(d.checkCardRevisionDocument({ prior: r3, next: r3 }).findings.map((f) => f.code)).toStrictEqual(["AMENDMENT_REF"]);
  });
  it("each part is validated as a card first; its findings' paths start with the part", () => {
    const r = d.checkCardRevisionDocument({ prior: r2, next: { ...r3, x_auth: "Bearer 9f8e7d6c5b4a39281706" } });
    expect(r.ok).toBe(false);
    expect(r.findings.map((f) => [f.code, f.path])).toStrictEqual([["SECRET_VALUE", "next.x_auth"]]);
    const contract = d.checkCardRevisionDocument({ prior: record("d-extract-1"), next: r3 });
    expect(contract.ok).toBe(false);
    expect(contract.findings.length).toBeGreaterThan(0);
    expect(contract.findings.every((f) => f.path?.startsWith("prior"))).toBe(true);
  });
  it("a part missing, or input that is not an object, is refused with a finding, never thrown", () => {
    expect(d.checkCardRevisionDocument({ next: r3 })).toStrictEqual({ ok: false, findings: [{ code: "DELEGATION_SCHEMA", severity: "error", message: "prior is required", path: "prior" }] });
    expect(d.checkCardRevisionDocument([r2, r3]).findings.map((f) => f.path)).toStrictEqual(["prior", "next"]);
    expect(d.checkCardRevisionDocument(null).ok).toBe(false);
  });
});

// Section 4.1 lists the card lifecycles (proposed, active, suspended, revoked, retired, superseded)
// and no transitions between them; 4.3 says suspension or revocation "prevents new delegation and
// consequential effects after its effective §1.2 control boundary", not that it is final; section 1
// has every change "append new records"; section 10 leaves "lifecycle and revocation policy" to what
// transport does not supply. So checkCardRevision judges no lifecycle: a revision after a revoked,
// retired or superseded one may assert active again (README, "Agent Card").
describe("checkCardRevision and the prior's lifecycle", () => {
  const ended = (state: string): Record<string, unknown> => ({ ...r2, lifecycle: { state, reason: "operator audit", effective_at: "2026-10-01T00:00:00Z" }, lifecycle_assertion: state });
  for (const state of ["revoked", "retired", "superseded", "suspended"]) {
    it(`an active revision after a ${state} one is allowed: the spec makes no lifecycle terminal`, () => {
      const prior = ended(state);
      expect(d.validateCard(prior).ok).toBe(true);
      expect(d.checkCardRevisionDocument({ prior, next: r3 })).toStrictEqual({ ok: true, findings: [] });
    });
  }
  it("after a revoked revision the Actor still may not change silently: the one rule a revision is held to", () => {
    const r = d.checkCardRevisionDocument({ prior: ended("revoked"), next: { ...r3, agent_actor_ref: helper } });
    expect(r.findings.map((f) => f.code)).toStrictEqual(["CARD_ACTOR_CHANGED"]);
  });
});

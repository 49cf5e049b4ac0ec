// FENCE_STALE says what differs between a fence and its stream's head (section 1.2): the head
// moved on, the fence is past the head, another event at the fenced position, or the same event
// with another digest.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkFencesDocument } from "../../../core/delegation/index.js";

const DIR = join(import.meta.dirname, "..", "..", "conformance", "delegation", "records");
const record = (name: string): any => JSON.parse(readFileSync(join(DIR, `${name}.json`), "utf8"));

function staleMessage(patch: Record<string, unknown>): { message: string; expected?: string; received?: string } {
  const fences = record("fences-d-extract-1");
  const heads = record("heads-d-extract-1");
  const i = fences.findIndex((f: { branch_id: string }) => f.branch_id === "agent:AGENT-EXTRACTOR");
  fences[i] = { ...fences[i], ...patch };
  const report = checkFencesDocument({ fences, heads });
  expect(report.ok).toBe(false);
  const stale = report.findings.filter((f) => f.code === "FENCE_STALE");
  expect(stale).toHaveLength(1);
  return stale[0] as { message: string; expected?: string; received?: string };
}

describe("FENCE_STALE says what differs", () => {
  const head = record("heads-d-extract-1").find((h: { branch_id: string }) => h.branch_id === "agent:AGENT-EXTRACTOR");
  it("only the event digest: names both digests, not the same event id twice", () => {
    const other = `sha256:${"b".repeat(64)}`;
    const f = staleMessage({ event_digest: other });
    expect(f.message).toContain(`has digest ${head.event_digest} at the head, not the fenced ${other}`);
    expect(f.message).not.toContain(`is now ${head.event_id}, not ${head.event_id}`);
    expect([f.expected, f.received]).toStrictEqual([other, head.event_digest]);
  });
  it("a fence ahead of the head: not a head that moved", () => {
    const f = staleMessage({ position: head.position + 96 });
    expect(f.message).not.toContain("moved");
    expect(f.message).toContain(`at position ${head.position + 96}, past the head ${head.event_id} at position ${head.position}`);
  });
  it("a head past the fence: the head moved", () => {
    const f = staleMessage({ position: head.position - 1, event_id: "EV-AGENT-EXTRACTOR-2" });
    expect(f.message).toContain(`the head moved from EV-AGENT-EXTRACTOR-2 (position ${head.position - 1}) to ${head.event_id} (position ${head.position})`);
  });
  it("another event at the fenced position", () => {
    const f = staleMessage({ event_id: "EV-OTHER" });
    expect(f.message).toContain(`the event at position ${head.position} is now ${head.event_id}, not EV-OTHER`);
  });
});

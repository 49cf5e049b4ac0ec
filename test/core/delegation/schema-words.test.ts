// A schema finding reads as the path and what is wrong there: valibot's generic "Invalid type:
// Expected X but received Y" is said as a profile's schema findings say it, after a colon, so a
// reader of `0.position: expected number, received "x"` does not meet a path run into a sentence.
import { describe, expect, it } from "vitest";
import { validateRecord } from "../../../core/delegation/index.js";

const fence = { project_id: "P-1", branch_id: "agent:A", position: 1, event_id: "e-1", event_digest: `sha256:${"a".repeat(64)}` };
const messages = (input: unknown): string[] => validateRecord(input).findings.map((f) => f.message);

describe("DELEGATION_SCHEMA's words", () => {
  it("a value of the wrong type: the path, a colon, what was expected and what came", () => {
    expect(messages([{ ...fence, position: "x" }])).toContain('0.position: expected number, received "x"');
    expect(messages([{ ...fence, event_id: 7 }])).toContain("0.event_id: expected string, received 7");
  });
  it("an object of the wrong type: the path and what came, as an array is named", () => {
    expect(messages([1, fence])).toContain("0 is a JSON object, not a number");
  });
  it("a missing field and the schema's own words stay a sentence about the path", () => {
    const { event_id: _, ...noId } = fence;
    expect(messages([noId])).toContain("0.event_id is required");
    expect(messages([{ ...fence, event_digest: "sha256:zz" }]).some((m) => m.startsWith("0.event_digest is a digest:"))).toBe(true);
  });
});

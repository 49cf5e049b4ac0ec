// At most one repair request per sender and anomaly (section 7), within one arena: a callsign is a
// name within one arena (section 4), so LYRA's repair request in arena OTHER is another
// participant's, and DEMO's LYRA's own first request for the same anomaly is no repeat. Matched
// across arenas, it was REPAIR_REPEATED: quarantined, and refused by `rw mailbox new`.
import { describe, expect, it } from "vitest";
import * as mailbox from "../../../core/mailbox/index.js";
import { readCase, Symbols } from "../../conformance/mailbox-suite.js";

type Spec = { id: string; set: Record<string, unknown> };
const lyra = { machine: "LYRA-BOX", root: "2b4c".repeat(16) };
const otherLyra = { machine: "LYRA-TWO", root: "3c5d".repeat(16) };

/** VEGA and LYRA established in arena DEMO, and in arena OTHER (another participant holding LYRA there). */
const pairs: Spec[] = [
  { id: "h", set: { kind: "hello", from: "VEGA", to: ["LYRA"] } },
  { id: "w", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h", reply_to: "@h", request_id: "@h", terms: "accept", expects_reply: false, ...lyra } },
  { id: "h2", set: { kind: "hello", from: "VEGA", to: ["LYRA"], arena: "OTHER" } },
  { id: "w2", set: { kind: "welcome", from: "LYRA", to: ["VEGA"], thread: "@h2", reply_to: "@h2", request_id: "@h2", terms: "accept", expects_reply: false, arena: "OTHER", ...otherLyra } },
];
const anomaly = { file: "2026-10-01-09-30-00-VEGA-request-broken.md", sha256: "ab".repeat(32) };
/** LYRA's repair request to VEGA for the same anomaly, in one arena. */
const repair = (id: string, arena: "DEMO" | "OTHER"): Spec => ({
  id,
  set: { kind: "request", from: "LYRA", to: ["VEGA"], thread: arena === "DEMO" ? "@h" : "@h2", reply_to: arena === "DEMO" ? "@w" : "@w2", request_id: `@${id}`, anomaly, arena, ...(arena === "DEMO" ? lyra : otherLyra) },
});

const codes = (specs: readonly Spec[]) => {
  const symbols = new Symbols(mailbox);
  const { entries, diffs } = readCase(symbols, specs, mailbox);
  expect(diffs).toStrictEqual([]);
  const analysis = mailbox.analyzeMailbox(entries, { now: Date.parse("2026-10-02T12:00:00Z") });
  return (id: string) => analysis.findings.filter((f) => f.id === symbols.uuid(id)).map((f) => f.code);
};

describe("one repair request per sender and anomaly, per arena", () => {
  it("is a second request in the same arena (the rule unchanged)", () => {
    const on = codes([...pairs, repair("q1", "DEMO"), repair("q2", "DEMO")]);
    expect([on("q1"), on("q2")]).toStrictEqual([[], ["REPAIR_REPEATED"]]);
  });

  it.each([
    ["OTHER, then DEMO", "OTHER", "DEMO"],
    ["DEMO, then OTHER", "DEMO", "OTHER"],
  ] as const)("is not one in another arena (%s): each arena's LYRA asks once", (_, first, second) => {
    const on = codes([...pairs, repair("q1", first), repair("q2", second)]);
    expect([on("q1"), on("q2")]).toStrictEqual([[], []]);
  });
});

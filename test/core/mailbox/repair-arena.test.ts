// At most one repair request per sender and anomaly (section 7), within one arena: a callsign is a
// name within one arena (section 4), so LYRA's repair request in arena OTHER is another
// participant's, and DEMO's LYRA's own first request for the same anomaly is no repeat. Matched
// across arenas, it was REPAIR_REPEATED: quarantined, and refused by `rw mailbox new`.
import { describe, expect, it } from "vitest";
import { analyzed, demoPair, lyra, otherLyra, otherPair } from "./_two-arenas.js";
import type { Spec } from "./_two-arenas.js";

const anomaly = { file: "2026-10-01-09-30-00-VEGA-request-broken.md", sha256: "ab".repeat(32) };
/** LYRA's repair request to VEGA for the same anomaly, in one arena. */
const repair = (id: string, arena: "DEMO" | "OTHER"): Spec => ({
  id,
  set: { kind: "request", from: "LYRA", to: ["VEGA"], thread: arena === "DEMO" ? "@h" : "@h2", reply_to: arena === "DEMO" ? "@w" : "@w2", request_id: `@${id}`, anomaly, arena, ...(arena === "DEMO" ? lyra : otherLyra) },
});

const codes = (specs: readonly Spec[]) => analyzed(specs).on;
const pairs = [...demoPair, ...otherPair];

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

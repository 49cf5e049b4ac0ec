// Never republish (section 9) within one arena: a callsign is a name within one arena (section 4),
// so LYRA's answer in arena OTHER is not the answer LYRA already published in arena DEMO, even to
// the same reply_to and request_id. Matched across arenas, the answer in the parent's own arena
// was REPLY_REPUBLISHED (quarantined, and refused by `rw mailbox new`): the request never answered.
import { describe, expect, it } from "vitest";
import { analyzed, demoPair, lyra, otherLyra, otherPair } from "./_two-arenas.js";
import type { Spec } from "./_two-arenas.js";

/** VEGA and LYRA established in arena DEMO, and in arena OTHER (another participant holding LYRA there). */
const pairs = [...demoPair, ...otherPair];
/** LYRA's reply to @x, a message this mailbox does not hold yet (not synced; archived, unread): its arena is unknown. */
const answer = (id: string, arena: "DEMO" | "OTHER"): Spec => ({
  id,
  set: { kind: "reply", from: "LYRA", to: ["VEGA"], thread: arena === "DEMO" ? "@h" : "@h2", reply_to: "@x", request_id: "@x", expects_reply: false, arena, ...(arena === "DEMO" ? lyra : otherLyra) },
});

const codes = (specs: readonly Spec[]) => analyzed(specs, ["x"]).on;

describe("an answer already published, per arena", () => {
  it("is a second answer in the same arena (the rule unchanged)", () => {
    const on = codes([...pairs, answer("y1", "DEMO"), answer("y2", "DEMO")]);
    expect(on("y2")).toStrictEqual(["PARENT_UNKNOWN", "REPLY_REPUBLISHED"]);
  });

  it.each([
    ["OTHER, then DEMO", "OTHER", "DEMO"],
    ["DEMO, then OTHER", "DEMO", "OTHER"],
  ] as const)("is not one in another arena (%s): each arena's LYRA answers once", (_, first, second) => {
    const on = codes([...pairs, answer("y1", first), answer("y2", second)]);
    expect([on("y1"), on("y2")]).toStrictEqual([["PARENT_UNKNOWN"], ["PARENT_UNKNOWN"]]);
  });

  it("reads a replacement within its arena: naming another arena's answer replaces nothing here", () => {
    // DEMO's answer standing is y2; y3 names OTHER's y1, so it is a second answer in DEMO.
    const replacing = { id: "y3", set: { ...answer("y3", "DEMO").set, correction: { original: "@y1" } } };
    const on = codes([...pairs, answer("y1", "OTHER"), answer("y2", "DEMO"), replacing]);
    expect([on("y2"), on("y3")]).toStrictEqual([["PARENT_UNKNOWN"], ["PARENT_UNKNOWN", "REPLY_REPUBLISHED"]]);
  });
});

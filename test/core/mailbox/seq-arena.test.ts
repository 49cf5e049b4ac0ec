// Sequence gaps (section 4: "per-sender/per-thread gap signal") counted within one arena: a callsign
// is a name within one arena (section 4), so VEGA of arena OTHER is not VEGA of arena DEMO, and its
// `seq` continues no sequence of DEMO's, even in a thread of the same id. Counted across arenas, the
// first message of OTHER's VEGA in the thread was a SEQ_GAP, and a gap in DEMO's own sequence hid
// behind OTHER's numbers.
import { describe, expect, it } from "vitest";
import { analyzed, demoPair, otherPair } from "./_two-arenas.js";
import type { Spec } from "./_two-arenas.js";

/** A root request from VEGA in thread @t (a thread id both arenas use), with its own request_id. */
const request = (id: string, seq: number, arena: "DEMO" | "OTHER"): Spec => ({ id, set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: "@t", request_id: `@${id}`, seq, ...(arena === "OTHER" ? { arena } : {}) } });

/** Each message's SEQ_GAP as [expected, received], or null. */
function gaps(specs: readonly Spec[]): Record<string, [string | undefined, string | undefined] | null> {
  const { analysis, symbols } = analyzed([...demoPair, ...otherPair, ...specs]);
  return Object.fromEntries(
    specs.map((s) => {
      const gap = analysis.findings.find((f) => f.code === "SEQ_GAP" && f.id === symbols.uuid(s.id));
      return [s.id, gap === undefined ? null : [gap.expected, gap.received]];
    }),
  );
}

describe("SEQ_GAP, per arena", () => {
  it("counts a gap in one arena's sequence (the rule unchanged)", () => {
    expect(gaps([request("r1", 1, "DEMO"), request("r2", 3, "DEMO")])).toStrictEqual({ r1: null, r2: ["2", "3"] });
  });

  it("does not count another arena's first message of the same callsign, in a thread of the same id, as a gap", () => {
    expect(gaps([request("r1", 1, "DEMO"), request("r2", 1, "OTHER"), request("r3", 2, "OTHER")])).toStrictEqual({ r1: null, r2: null, r3: null });
  });

  it("does not let another arena's numbers hide a gap in this arena's sequence", () => {
    // DEMO's VEGA goes 1, 3; OTHER's VEGA sent 2 in between.
    expect(gaps([request("r1", 1, "DEMO"), request("r2", 2, "OTHER"), request("r3", 3, "DEMO")])).toStrictEqual({ r1: null, r2: null, r3: ["2", "3"] });
  });
});

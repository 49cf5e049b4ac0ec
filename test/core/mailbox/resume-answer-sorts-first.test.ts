// An answer to a resume whose UUID sorts before that resume (the peer's clock behind the resumer's).
// Its citation places it after the resume ("process by causal parent", section 13), so where it
// sorts it answers nothing yet: an earlier resume of the same callsign still waiting stays
// unanswered until its own answer; the resume it cites, met with its answer already there, opens no
// wait (README note 172).
import { describe, expect, it } from "vitest";
import { analyzed, demoPair, lyra } from "./_two-arenas.js";
import type { Spec } from "./_two-arenas.js";

/** VEGA's resume `id`, to LYRA, sent `at` ms after the folder's base time. */
const resume = (id: string, at: number): Spec & { at: number } => ({ id, at, set: { kind: "resume", from: "VEGA", to: ["LYRA"], thread: `@${id}`, reply_to: "", request_id: `@${id}` } });
/** VEGA's request to LYRA opening a thread of its own. */
const request = (id: string, at: number): Spec & { at: number } => ({ id, at, set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: `@${id}`, reply_to: "", request_id: `@${id}` } });
/** LYRA's state answering VEGA's resume @r1, sent `at` ms after the base time (3000: its clock sorts it before @r1). */
const answer = (at: number): Spec & { at: number } => ({ id: "a", at, set: { kind: "state", from: "LYRA", to: ["VEGA"], thread: "@r1", reply_to: "@r1", request_id: "@r1", expects_reply: false, ...lyra } });
/** VEGA's reply to that answer, after @r1. */
const vegaReply = { id: "v", at: 7000, set: { kind: "reply", from: "VEGA", to: ["LYRA"], thread: "@r1", reply_to: "@a", request_id: "@r1", expects_reply: false } };

describe("an answer sorting before the resume it cites", () => {
  // UUID order: r0, a, m, r1, n, v.
  const specs = [...demoPair, resume("r0", 2000), resume("r1", 5000), answer(3000), request("m", 4000), request("n", 6000), vegaReply];

  it("ends no earlier wait of its resume's sender where it sorts: VEGA's request before @r1 still waits for @r0", () => {
    const { on } = analyzed(specs);
    expect(on("a")).toStrictEqual([]);
    expect(on("m")).toStrictEqual(["RESUME_UNANSWERED"]);
  });

  it("answers its resume from that resume on: after @r1, VEGA's request and its reply to the answer go on", () => {
    const { on } = analyzed(specs);
    expect(on("r1")).toStrictEqual([]);
    expect(on("n")).toStrictEqual([]);
    expect(on("v")).toStrictEqual([]);
  });

  it("answers only the resume it cites: a later resume of VEGA's waits for its own answer", () => {
    const { on } = analyzed([...demoPair, resume("r0", 2000), resume("r1", 5000), answer(3000), resume("r2", 6000), request("n", 7000)]);
    expect(on("n")).toStrictEqual(["RESUME_UNANSWERED"]);
  });

  it("the same answer sorting after @r1 ends both waits", () => {
    const { on } = analyzed([...demoPair, resume("r0", 2000), resume("r1", 3000), answer(4000), request("m", 5000)]);
    expect(on("m")).toStrictEqual([]);
  });
});

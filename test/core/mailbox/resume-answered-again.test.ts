// A second answer to a resume already answered, arriving after its sender's later resume.
// Section 12: a fresh agent "sends `resume` with its reconstructed state", "receives peer `state`,
// reconciles disagreement", and "continues only after a causally linked response". VEGA resumed
// (@r0), LYRA answered (@a0) and VEGA went on; then VEGA resumed again (@r1), a new reconstruction
// waiting for its own reconciliation. The Handler's later `state` citing @r0 (@a0b) descends from
// @r0 alone, not from @r1, and @r0 was reconciled already by @a0: it is no response to the
// resumption VEGA now waits on, so it ends no wait, and a reply to it follows no answer of a
// waiting resume. A resume is answered once, by its first answer in UUID order (README note 174);
// an unanswered earlier resume still stands, and its first answer ends a later wait too (the folder
// differential's reading since fix-FP, pinned last).
import { describe, expect, it } from "vitest";
import { analyzed, demoPair, lyra } from "./_two-arenas.js";
import type { Spec } from "./_two-arenas.js";

type Timed = Spec & { at: number };
/** VEGA's resume `id`, to LYRA, sent `at` ms after the folder's base time. */
const resume = (id: string, at: number): Timed => ({ id, at, set: { kind: "resume", from: "VEGA", to: ["LYRA"], thread: `@${id}`, reply_to: "", request_id: `@${id}` } });
/** VEGA's request to LYRA opening a thread of its own. */
const request = (id: string, at: number): Timed => ({ id, at, set: { kind: "request", from: "VEGA", to: ["LYRA"], thread: `@${id}`, reply_to: "", request_id: `@${id}` } });
/** LYRA's state answering VEGA's resume `of`. */
const lyraAnswer = (id: string, of: string, at: number): Timed => ({ id, at, set: { kind: "state", from: "LYRA", to: ["VEGA"], thread: `@${of}`, reply_to: `@${of}`, request_id: `@${of}`, expects_reply: false, ...lyra } });
/** The Handler's state answering VEGA's resume `of` (any other callsign may answer, section 12). */
const handlerAnswer = (id: string, of: string, at: number): Timed => ({ id, at, set: { kind: "state", from: "HANDLER", to: ["VEGA"], thread: `@${of}`, reply_to: `@${of}`, request_id: `@${of}`, expects_reply: false, machine: "HANDLER-BOX" } });
/** VEGA's reply to the answer `to` of its resume `of`, copied to LYRA (a message only to Handler seats is asking the Handler, never held). */
const vegaReply = (id: string, to: string, of: string, at: number): Timed => ({ id, at, set: { kind: "reply", from: "VEGA", to: ["HANDLER", "LYRA"], thread: `@${of}`, reply_to: `@${to}`, request_id: `@${of}`, expects_reply: false } });

describe("a second answer to a resume already answered", () => {
  // UUID order: r0, a0, m, r1, a0b, n.
  const base = [...demoPair, resume("r0", 2000), lyraAnswer("a0", "r0", 3000), request("m", 4000), resume("r1", 5000), handlerAnswer("a0b", "r0", 6000)];

  it("ends no later resume's wait: VEGA's request after it still waits for an answer to @r1", () => {
    const { on } = analyzed([...base, request("n", 7000)]);
    expect(on("m")).toStrictEqual([]);
    expect(on("a0b")).toStrictEqual([]);
    expect(on("n")).toStrictEqual(["RESUME_UNANSWERED"]);
  });

  it("is no answer a reply may follow while @r1 waits", () => {
    const { on } = analyzed([...base, vegaReply("v", "a0b", "r0", 7000)]);
    expect(on("v")).toStrictEqual(["RESUME_UNANSWERED"]);
  });

  it("@r1's own answer ends its wait", () => {
    const { on } = analyzed([...base, lyraAnswer("a1", "r1", 7000), request("n", 8000)]);
    expect(on("n")).toStrictEqual([]);
  });

  it("an earlier resume still unanswered stands: its first answer, after @r1, ends @r1's wait", () => {
    const { on } = analyzed([...demoPair, resume("r0", 2000), resume("r1", 3000), handlerAnswer("a0", "r0", 4000), request("n", 5000)]);
    expect(on("n")).toStrictEqual([]);
  });
});

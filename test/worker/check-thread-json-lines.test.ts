// A JSON body's `lines` has no line framing (README, Worker; note 44): each element is one
// message, none is skipped as a text body's blank and `#` lines are. An empty element is the
// sender's error (LINE_EMPTY); a `#` one is a comment, no message (LINE_COMMENT, no UN), never a
// VERSION its receiver answers why=VER, which rw never says of it either (it skips it).
import { describe, expect, it } from "vitest";
import { ok, postJson, postText } from "./http.js";
import { HO, RB } from "./lines.js";

const NOW = "20261001T0900Z";
const NOTE = "# setup from=research to=writer";
const codes = (findings: { code: string }[]): string[] => findings.map((f) => f.code);

describe("POST /v1/check-thread with a JSON body", () => {
  it("refuses an empty element LINE_EMPTY and a # element LINE_COMMENT, numbered by place; the rest is audited", async () => {
    const r = await ok(await postJson("/v1/check-thread", { lines: ["", NOTE, HO, "  ", RB], now: NOW }));
    expect(r.rejected.map((x: any) => [x.line, codes(x.findings)])).toStrictEqual([[1, ["LINE_EMPTY"]], [2, ["LINE_COMMENT"]], [4, ["LINE_EMPTY"]]]);
    expect([r.invalid, r.ok, r.counts.messages, r.counts.handoffs]).toStrictEqual([3, false, 2, 1]);
  });
  it("a text body of the same lines skips the blank and # ones, as rw check-thread does", async () => {
    const r = await ok(await postText(`/v1/check-thread?now=${NOW}`, ["", NOTE, HO, "  ", RB].join("\n")));
    expect([r.invalid, r.rejected, r.counts.messages]).toStrictEqual([0, [], 2]);
  });
});

describe("a # element elsewhere a JSON body's lines are read", () => {
  it("validate --as: LINE_COMMENT, and no UN why=VER to the from= the comment names", async () => {
    const r = await ok(await postJson("/v1/validate", { lines: [NOTE], as: "writer" }));
    expect(r.results).toHaveLength(1);
    expect(codes(r.results[0].findings)).toStrictEqual(["LINE_COMMENT"]);
    expect(r.results[0].refusal).toBeNull();
  });
  it("parse and digest: LINE_COMMENT, not VERSION", async () => {
    for (const route of ["/v1/parse", "/v1/digest"]) {
      const r = await ok(await postJson(route, { lines: ["# a comment", ""] }));
      expect(r.results.map((x: any) => codes(x.findings)), route).toStrictEqual([["LINE_COMMENT"], ["LINE_EMPTY"]]);
    }
  });
  it("a thread's append: the # element is refused as any refused line is (the rest skipped), with no UN, and nothing is stored", async () => {
    const t = `json-lines-comment-${crypto.randomUUID()}`;
    const r = await ok(await postJson(`/v1/threads/${t}/lines`, { lines: [NOTE, HO] }));
    expect(r.results.map((x: any) => [x.status, codes(x.findings)])).toStrictEqual([["refused", ["LINE_COMMENT"]], ["skipped", []]]);
    expect(r.results[0].refusal ?? null).toBeNull();
    expect((await ok(await postJson(`/v1/threads/${t}/lines`, { lines: [HO] }))).results.map((x: any) => x.status)).toStrictEqual(["stored"]);
  });
});

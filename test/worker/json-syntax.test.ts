// Text that is not JSON is described in the core's words inside workerd too, where the engine's
// own JSON.parse messages differ from Node's: the same table as the Node tests, and a route.
import { describe, expect, it } from "vitest";
import { parseJsonText } from "../../core/index.js";
import { JSON_SYNTAX_CASES } from "../json-syntax-cases.js";
import { postText } from "./http.js";

describe("JSON syntax errors in workerd", () => {
  it.each(JSON_SYNTAX_CASES)("%j at %i: %s", (text, at, reason) => {
    const read = parseJsonText(text);
    expect(read).toMatchObject({ ok: false, problem: "syntax", at });
    expect((read as { reason: string }).reason.startsWith(`${reason} (line 1, column `)).toBe(true);
  });
  it("a broken JSON form sent to /v1/validate is refused with the core's words and its place", async () => {
    const response = await postText("/v1/validate", '{"v": "RW1", "type": HO}\n');
    const body = (await response.json()) as { results: { findings: { code: string; at?: number; message: string }[] }[] };
    expect(body.results[0]?.findings).toStrictEqual([
      expect.objectContaining({ code: "JSON_SHAPE", at: 21, message: 'not JSON: expected a value, found "H" (line 1, column 22)' }),
    ]);
  });
});

/** `rw format`: JSON forms in (one object per line), RW1 lines out; only valid messages are written. */
import { formatInput } from "../../core/index.js";
import type { Finding } from "../../core/index.js";
import { readLines } from "../input.js";
import { renderFindings } from "../render.js";
import { FAIL, PASS } from "./context.js";
import type { Command, CommandContext } from "./context.js";
import { jsonText } from "../json-text.js";

function toLine(text: string, ctx: CommandContext): { line: string | null; findings: readonly Finding[] } {
  const formatted = formatInput(text, ctx.profiles.resolve);
  return { line: formatted.text, findings: formatted.findings };
}

async function run(ctx: CommandContext): Promise<number> {
  let code = PASS;
  for await (const { n, text, refused } of readLines(ctx.file)) {
    const { line, findings } = refused === null ? toLine(text, ctx) : { line: null, findings: refused.findings };
    if (line === null) code = FAIL;
    if (ctx.json) {
      await ctx.out.line(jsonText({ line: n, ok: line !== null, text: line, findings }));
      continue;
    }
    if (line !== null) await ctx.out.line(line);
    // The line is echoed, a caret under it, only for a finding with `at`: in a JSON form, where its text stops being JSON (as validate draws it).
    if (findings.length > 0) await ctx.err.line(`line ${n}: ${line === null ? "not formatted" : "notes"}\n${await renderFindings(text, findings)}`);
  }
  return code;
}

export const formatCommand: Command = {
  summary: "JSON forms (one object per line) -> RW1 lines; only valid messages are written",
  common: ["profile", "file", "json"],
  readsLines: true,
  options: {},
  run,
};

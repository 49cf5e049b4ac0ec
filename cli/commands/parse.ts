/** `rw parse`: RW1 lines in, their JSON forms out (one JSON object per line). */
import { renderFindings } from "../render.js";
import { readLines } from "../input.js";
import { readLine } from "../../core/index.js";
import { FAIL, PASS } from "./context.js";
import type { Command, CommandContext } from "./context.js";
import { jsonText } from "../json-text.js";

async function run(ctx: CommandContext): Promise<number> {
  let code = PASS;
  for await (const { n, text, refused } of readLines(ctx.file)) {
    const checked = refused ?? readLine(text, ctx.profiles.resolve);
    if (!checked.ok) code = FAIL;
    if (ctx.json) {
      await ctx.out.line(jsonText({ line: n, ok: checked.ok, message: checked.message, findings: checked.findings }));
    } else {
      if (checked.message !== null) await ctx.out.line(jsonText(checked.message));
      if (checked.findings.length > 0) await ctx.err.line(`line ${n}: ${checked.ok ? "notes" : "invalid"}\n${await renderFindings(text, checked.findings)}`);
    }
  }
  return code;
}

export const parseCommand: Command = {
  summary: "RW1 lines -> JSON forms, one per line",
  common: ["profile", "file", "json"],
  readsLines: true,
  options: {},
  run,
};

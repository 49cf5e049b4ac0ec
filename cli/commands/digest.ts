/** `rw digest`: the `h=` of each valid line (or JSON form): 12 hex characters per line. */
import { digest as digestOf, readMessage } from "../../core/index.js";
import { readLines } from "../input.js";
import { renderFindings } from "../render.js";
import { FAIL, PASS } from "./context.js";
import type { Command, CommandContext } from "./context.js";
import { jsonText } from "../json-text.js";

async function run(ctx: CommandContext): Promise<number> {
  let code = PASS;
  for await (const { n, text, refused } of readLines(ctx.file)) {
    const checked = refused ?? readMessage(text, ctx.profiles.resolve);
    const h = checked.ok && checked.message !== null ? digestOf(checked.message) : null;
    if (h === null) code = FAIL;
    if (ctx.json) await ctx.out.line(jsonText({ line: n, ok: h !== null, h, findings: checked.findings }));
    else if (h !== null) {
      await ctx.out.line(h);
      // A valid line's notes (a key no vocabulary knows, kept in what the digest covers) are said,
      // as parse and format say them: stdout keeps one digest a line.
      if (checked.findings.length > 0) await ctx.err.line(`line ${n}: notes\n${await renderFindings(text, checked.findings)}`);
    }
    // The line is echoed, a caret under it, only for a finding with `at`: in a JSON form, where its text stops being JSON (as validate draws it).
    else await ctx.err.line(`line ${n}: invalid, no digest\n${await renderFindings(text, checked.findings)}`);
  }
  return code;
}

export const digestCommand: Command = {
  summary: "h= of each line (or JSON form): first 12 hex of SHA-256 of its canonical JSON",
  common: ["profile", "file", "json"],
  readsLines: true,
  options: {},
  run,
};

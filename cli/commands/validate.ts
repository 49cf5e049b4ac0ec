/**
 * `rw validate`: each line (or JSON form) checked against the core and its profile. With
 * `--as NAME`, each refused line also gets the exact UN that receiver NAME sends (rule 2),
 * numbered one past NAME's highest id read so far, or past 2^53 - 1 the lowest number none of
 * its ids and UNs read so far has (section 2: ids are unique in a conversation; core refusals).
 */
import { isAgent, isBlankLine, readMessage, refusals } from "../../core/index.js";
import { numberOption } from "../arguments.js";
import { readLines } from "../input.js";
import { renderFindings } from "../render.js";
import { UsageError } from "../usage-error.js";
import { FAIL, PASS } from "./context.js";
import type { Command, CommandContext } from "./context.js";
import { jsonText } from "../json-text.js";

async function run(ctx: CommandContext): Promise<number> {
  const receiver = ctx.options["as"] as string | undefined;
  const seqOption = ctx.options["seq"] as string | undefined;
  if (receiver !== undefined && isBlankLine(receiver)) throw new UsageError("--as is empty: give the receiver's agent name, or leave the option out");
  if (receiver !== undefined && !isAgent(receiver)) throw new UsageError(`--as ${receiver}: not an agent name ([A-Za-z0-9._-]+)`);
  const seq = numberOption("seq", seqOption, 1);
  if (seqOption !== undefined && receiver === undefined) throw new UsageError("--seq needs --as NAME");
  // NAME's UNs, numbered by its ids read so far (the input streams: a later line's id is unknown).
  const answer = receiver === undefined ? null : refusals(receiver, seq);
  let code = PASS;
  // The line that opens a JSON form spread over several lines, when the first refused one does.
  let spread: number | null = null;
  for await (const { n, text, refused } of readLines(ctx.file)) {
    const checked = refused ?? readMessage(text, ctx.profiles.resolve);
    if (!checked.ok && code === PASS && /^[ \t]*\{[ \t]*$/.test(text)) spread = n;
    if (!checked.ok) code = FAIL;
    const reply = answer === null ? null : answer(checked);
    const un = reply?.ok === true ? reply.value : null;
    // Why no UN could be written, when one was due: in the JSON as the Worker gives it.
    const unaddressable = reply !== null && !reply.ok ? reply.findings : null;
    if (ctx.json) {
      await ctx.out.line(jsonText({ line: n, ok: checked.ok, findings: checked.findings, ...(receiver === undefined ? {} : { refusal: un }), ...(unaddressable === null ? {} : { refusalFindings: unaddressable }) }));
      continue;
    }
    if (checked.ok && checked.findings.length === 0) await ctx.out.line(`line ${n}: ok`);
    else {
      // A caret is drawn only under a finding with `at`: in a JSON form, only where its text stops being JSON.
      await ctx.out.line(`line ${n}: ${checked.ok ? "ok, with notes" : "refused"}\n${await renderFindings(text, checked.findings)}`);
    }
    if (un !== null) await ctx.out.line(un);
    if (unaddressable !== null) await ctx.out.line(`  no refusal can be addressed: ${unaddressable.map((f) => f.message).join("; ")}`);
  }
  // One refusal a line of a pretty-printed form says nothing of the cause: said once, on stderr
  // so --json output stays one object a line.
  if (spread !== null) await ctx.err.line(`hint: line ${spread} opens a JSON form spread over several lines, and validate reads one message a line: put each form on one line (jq -c . form.json | rw validate), or give it whole to a command's --ho, which reads a spread-out one`);
  return code;
}

export const validateCommand: Command = {
  summary: "check lines (or JSON forms) against the core and their profile",
  common: ["profile", "file", "json"],
  readsLines: true,
  options: {
    as: { type: "string", help: "also print the UN line receiver NAME sends for each refused line" },
    seq: { type: "string", help: "with --as: the lowest number a UN takes (NAME-N), default 1; each UN is numbered past NAME's ids read so far, or past 2^53 - 1 the lowest free one" },
  },
  run,
};

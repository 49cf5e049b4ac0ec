/** `rw check-rb`: the sender's check of a readback against its HO, tier by tier (section 5.1). */
import { checkReadback, readbackExpectations, readbackSet, recordUnread } from "../../core/index.js";
import { expectAccOption, messageOption, recordOption, vocabularyOf } from "../arguments.js";
import { renderFindings } from "../render.js";
import { renderReadback, renderRefusedRecord } from "../report.js";
import { UsageError } from "../usage-error.js";
import { FAIL, PASS } from "./context.js";
import type { Command, CommandContext } from "./context.js";
import { jsonText } from "../json-text.js";

async function run(ctx: CommandContext): Promise<number> {
  // The record's JSON is no matter of the messages: one that does not parse is a usage error
  // before they are read, never hidden by an HO or RB that does not parse (exit 1).
  const readRecordWith = recordOption(ctx.options["record"] as string | undefined);
  const ho = messageOption("ho", ctx.options["ho"] as string | undefined, ctx.profiles);
  const rb = messageOption("rb", ctx.options["rb"] as string | undefined, ctx.profiles);
  if (ho.message === null || rb.message === null) {
    const broken = ho.message === null ? ho : rb;
    const name = broken === ho ? "HO" : "RB";
    if (ctx.json) await ctx.out.line(jsonText({ roger: false, wilco: false, invalid: name, findings: broken.findings }));
    else await ctx.err.line(`the ${name} does not parse\n${await renderFindings(broken.text, broken.findings)}`);
    return FAIL;
  }
  const vocabulary = vocabularyOf(ho.message, ctx.profiles);
  const asked = readbackSet(ho.message, vocabulary);
  // Options the HO's rb= never reads would be ignored in silence: refuse them instead.
  const expectAcc = expectAccOption(ctx.options["expect-acc"] as string | undefined, asked, vocabulary);
  const unread = recordUnread(asked);
  if (ctx.options["record"] !== undefined && unread !== null) throw new UsageError(`--record is read at tier 5, which this HO does not ask: ${unread}`);
  const read = readRecordWith?.(vocabulary);
  if (read?.ok === false) {
    if (ctx.json) await ctx.out.line(jsonText({ roger: false, wilco: false, invalid: "record", findings: read.findings }));
    else await ctx.err.line(renderRefusedRecord(read.findings));
    return FAIL;
  }
  const report = checkReadback(ho.message, rb.message, vocabulary, readbackExpectations(expectAcc, read?.value));
  if (ctx.json) await ctx.out.line(jsonText(report));
  else await ctx.out.line(renderReadback(report, rb.message.id, ho.message.id));
  return report.wilco ? PASS : FAIL;
}

export const checkRbCommand: Command = {
  summary: "check a readback against its HO, tiers 1-5; exit 0 when wilco",
  common: ["profile", "json"],
  required: { ho: "HO", rb: "RB" },
  options: {
    ho: { type: "string", help: "the HO as the sender sent it: a line, its JSON form, or a file" },
    rb: { type: "string", help: "the readback received: a line, its JSON form, or a file" },
    "expect-acc": { type: "string", help: "the sender's withheld criteria, key:value joined with + (tier 4); a key outside the closed set is refused" },
    record: { type: "string", help: "the sender's record, a JSON object of slot values or a file (tier 5)" },
  },
  run,
};

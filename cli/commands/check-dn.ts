/** `rw check-dn`: the done report against the plan (section 5.3): the values as executed. */
import { checkDone, readbackExpectations, readbackSet, recordUnread } from "../../core/index.js";
import { expectAccOption, messageOption, recordOption, vocabularyOf } from "../arguments.js";
import { renderFindings } from "../render.js";
import { renderCheck, renderRefusedRecord } from "../report.js";
import { UsageError } from "../usage-error.js";
import { FAIL, PASS } from "./context.js";
import type { Command, CommandContext } from "./context.js";
import { jsonText } from "../json-text.js";

async function run(ctx: CommandContext): Promise<number> {
  const rbOption = ctx.options["rb"] as string | undefined;
  // The withheld criteria judge only the readback, at tier 4, as check-rb took them (note 137): with
  // no readback they would be ignored in silence. A mistake whatever the messages hold: refused
  // before they are read, so an HO or DN that does not parse (exit 1) never hides it. A record
  // needs no readback: it holds the HO itself (note 99), as a thread's check-dn reads it.
  if (ctx.options["expect-acc"] !== undefined && rbOption === undefined) throw new UsageError("--expect-acc judges the readback (--rb) at tier 4, as check-rb did: give --rb");
  // So is a record whose JSON does not parse; the core reads its values by the HO's vocabulary later.
  const readRecordWith = recordOption(ctx.options["record"] as string | undefined);
  const ho = messageOption("ho", ctx.options["ho"] as string | undefined, ctx.profiles);
  const dn = messageOption("dn", ctx.options["dn"] as string | undefined, ctx.profiles);
  const rb = rbOption === undefined ? null : messageOption("rb", rbOption, ctx.profiles);
  for (const [name, m] of [["HO", ho], ["DN", dn], ["RB", rb]] as const) {
    if (m !== null && m.message === null) {
      if (ctx.json) await ctx.out.line(jsonText({ ok: false, invalid: name, findings: m.findings }));
      else await ctx.err.line(`the ${name} does not parse\n${await renderFindings(m.text, m.findings)}`);
      return FAIL;
    }
  }
  const vocabulary = vocabularyOf(ho.message!, ctx.profiles);
  const asked = readbackSet(ho.message!, vocabulary);
  const expectAcc = expectAccOption(ctx.options["expect-acc"] as string | undefined, asked, vocabulary);
  const unread = recordUnread(asked);
  if (ctx.options["record"] !== undefined && unread !== null) throw new UsageError(`--record checks resolved execution values, which this HO does not ask for: ${unread}`);
  const read = readRecordWith?.(vocabulary);
  if (read?.ok === false) {
    if (ctx.json) await ctx.out.line(jsonText({ ok: false, invalid: "record", findings: read.findings }));
    else await ctx.err.line(renderRefusedRecord(read.findings));
    return FAIL;
  }
  const report = checkDone(ho.message!, dn.message!, vocabulary, rb?.message ?? undefined, readbackExpectations(expectAcc, read?.value));
  if (ctx.json) await ctx.out.line(jsonText(report));
  else await ctx.out.line(renderCheck(`done report ${dn.message!.id} for ${ho.message!.id}`, report.ok, report.findings));
  return report.ok ? PASS : FAIL;
}

export const checkDnCommand: Command = {
  summary: "check a done report (DN) against the plan: the HO, and the passing readback for values the receiver resolved",
  common: ["profile", "json"],
  required: { ho: "HO", dn: "DN" },
  options: {
    ho: { type: "string", help: "the HO: a line, its JSON form, or a file" },
    dn: { type: "string", help: "the done report: a line, its JSON form, or a file" },
    rb: { type: "string", help: "the readback that passed, where the HO left values to the receiver" },
    "expect-acc": { type: "string", help: "the sender's withheld criteria the readback passed with, key:value joined with + (tier 4, as check-rb)" },
    record: { type: "string", help: "the sender's record, a JSON object of slot values or a file: holds the HO to it, and checks the values the readback resolved (no readback needed)" },
  },
  run,
};

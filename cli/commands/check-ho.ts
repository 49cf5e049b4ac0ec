/** `rw check-ho`: an HO against the approval record before it is sent, or a relay's forward. */
import { checkHandoff, checkRelay } from "../../core/index.js";
import type { Result, SenderRecord, Vocabulary } from "../../core/index.js";
import { messageOption, recordOption, slotValuesOption, vocabularyOf } from "../arguments.js";
import { renderFindings } from "../render.js";
import { renderCheck, renderRefusedRecord } from "../report.js";
import { UsageError } from "../usage-error.js";
import { FAIL, PASS } from "./context.js";
import type { Command, CommandContext } from "./context.js";
import { jsonText } from "../json-text.js";

async function run(ctx: CommandContext): Promise<number> {
  const relayFrom = ctx.options["relay-from"] as string | undefined;
  const recordValue = ctx.options["record"] as string | undefined;
  // Neither is named by rw before the command runs (missingOptions); both, and --adds without
  // --relay-from, are mistakes whatever the HO holds: refused before it is read, so an HO that
  // does not parse (exit 1) never hides them.
  if (relayFrom !== undefined && recordValue !== undefined) throw new UsageError("give --record FILE (before sending) or --relay-from HO (a relay's forward), not both");
  if (ctx.options["adds"] !== undefined && relayFrom === undefined) throw new UsageError("--adds names the slots a relay's role adds: it goes with --relay-from");
  // Their JSON is no matter of the HO either: a --record or --adds that is not JSON (or no object
  // of slot values) is a usage error before the HO is read. The core reads the values by the HO's
  // vocabulary (decoded by slot type) once it is.
  const readRecordWith = recordOption(recordValue);
  const adds = slotValuesOption("adds", ctx.options["adds"] as string | undefined) ?? {};
  const ho = messageOption("ho", ctx.options["ho"] as string | undefined, ctx.profiles);
  if (ho.message === null) {
    if (ctx.json) await ctx.out.line(jsonText({ ok: false, invalid: "HO", findings: ho.findings }));
    else await ctx.err.line(`the HO does not parse\n${await renderFindings(ho.text, ho.findings)}`);
    return FAIL;
  }
  const vocabulary = vocabularyOf(ho.message, ctx.profiles);
  let report;
  if (relayFrom !== undefined) {
    // The HO received is input as the HO is: one that does not parse is invalid input (exit 1), not a usage error.
    const received = messageOption("relay-from", relayFrom, ctx.profiles);
    if (received.message === null) {
      if (ctx.json) await ctx.out.line(jsonText({ ok: false, invalid: "relay-from", findings: received.findings }));
      else await ctx.err.line(`the HO received (--relay-from) does not parse\n${await renderFindings(received.text, received.findings)}`);
      return FAIL;
    }
    // The core reads adds as it reads a record's values (decoded by slot type, refused when the
    // type does not admit one): only their JSON shape is this adapter's to check.
    report = checkRelay(ho.message, received.message, vocabulary, adds);
  } else {
    // rw named a call with neither --record nor --relay-from missing before the command ran.
    const record = (readRecordWith as (vocabulary: Vocabulary) => Result<SenderRecord>)(vocabulary);
    if (!record.ok) {
      if (ctx.json) await ctx.out.line(jsonText({ ok: false, invalid: "record", findings: record.findings }));
      else await ctx.err.line(renderRefusedRecord(record.findings));
      return FAIL;
    }
    report = checkHandoff(ho.message, record.value, vocabulary);
  }
  if (ctx.json) await ctx.out.line(jsonText(report));
  else await ctx.out.line(renderCheck(`handoff ${ho.message.id}`, report.ok, report.findings));
  return report.ok ? PASS : FAIL;
}

export const checkHoCommand: Command = {
  summary: "check an HO against the approval record before it is sent (or a relay's forward against the HO received)",
  common: ["profile", "json"],
  required: { ho: "HO" },
  // What the HO is checked against: one of the two, named with a missing --ho before anything is read.
  missingOptions: (o) => (o["record"] === undefined && o["relay-from"] === undefined ? ["--record or --relay-from"] : []),
  needsHow: "rw check-ho --ho HO --record FILE, or --relay-from HO for a relay",
  options: {
    ho: { type: "string", help: "the HO to send: a line, its JSON form, or a file" },
    record: { type: "string", help: "the approval record: a JSON object of slot values, or a file; \"$resolve\": [slots the receiver resolves]" },
    "relay-from": { type: "string", help: "a relay: the HO it received, standing as the record" },
    adds: { type: "string", help: "a relay: the slots its role adds, as a JSON object (values as on a line or decoded, read as a record's)" },
  },
  run,
};

/** `rw legend`: the text a model reads to speak RW1 (the core, or the core plus a profile). */
import { coreVocabulary, legend } from "../../core/index.js";
import type { Command, CommandContext } from "./context.js";
import { PASS } from "./context.js";
import { jsonText } from "../json-text.js";

async function run(ctx: CommandContext): Promise<number> {
  const vocabulary = ctx.profiles.chosen ?? coreVocabulary;
  const text = legend(vocabulary, { lean: ctx.options["lean"] === true });
  await ctx.out.line(ctx.json ? jsonText({ profile: vocabulary.profile?.name ?? null, lean: ctx.options["lean"] === true, legend: text }) : text);
  return PASS;
}

export const legendCommand: Command = {
  summary: "the legend a model reads: full, or --lean (no comprehension readback, only the core asks the profile uses)",
  common: ["profile", "json"],
  options: { lean: { type: "boolean", help: "drop the comprehension-readback keys and the core asks the profile does not list in asks_used" } },
  run,
};

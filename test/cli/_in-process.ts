/**
 * Runs one rw command in this process, with the context rw.ts builds for it, and collects what it
 * wrote: the tests that wrap node:fs (vi.mock) to inject a full disk or another process need the
 * command to run where the wrapper applies, not in a child rw. They import this after their
 * wrapper's state is set up (`await import`), as they import the commands: rw's modules touch the
 * filesystem as they load.
 */
import { Writable } from "node:stream";
import type { Command } from "../../cli/commands/context.js";
import { Output } from "../../cli/output.js";
import { profiles } from "../../cli/profiles.js";

export async function runInProcess(command: Command, name: string, options: Record<string, string | boolean>, args: string[] = []): Promise<{ code: number; out: string; err: string }> {
  const sink = (): { stream: Writable; text: () => string } => {
    const chunks: string[] = [];
    return { stream: new Writable({ write: (chunk, _, done) => (chunks.push(String(chunk)), done()) }), text: () => chunks.join("") };
  };
  const out = sink();
  const err = sink();
  const ctx = { name, file: undefined, json: options["json"] === true, profiles: profiles(undefined), out: new Output(out.stream), err: new Output(err.stream), options, args };
  const code = await command.run(ctx);
  await ctx.out.flush();
  await ctx.err.flush();
  return { code, out: out.text(), err: err.text() };
}

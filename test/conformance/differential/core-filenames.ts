// Reads JSON lines {"name"} on stdin and writes one JSON line per input: the core's reading of a
// message file name as `rw mailbox check` reads it (parseFilename), as {"parsed": null} or
// {"parsed": {time (ISO, ms), millis, callsign, kind, slug}}.
import { createInterface } from "node:readline";
import { parseFilename } from "../../../core/mailbox/index.js";

const out: string[] = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (line === "") continue;
  const { name } = JSON.parse(line) as { name: string };
  const p = parseFilename(name);
  out.push(JSON.stringify({ parsed: p === null ? null : { ...p, time: new Date(p.time).toISOString() } }));
}
process.stdout.write(out.join("\n") + (out.length > 0 ? "\n" : ""));

/**
 * `npm run bench`: the speed figures the issues set, each as a ratio against a baseline measured
 * in the same run (see measure.ts). Prints; asserts nothing.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { execFileSync } from "node:child_process";
import { canonicalBytes, digest, parseLine, validate } from "../../dist/core/index.js";
import type { Message, Vocabulary } from "../../dist/core/index.js";
import { _writeCanonicalMessage } from "../../dist/core/canonical.js";
import { corpus } from "./corpus.js";
import { measurePair, report } from "./measure.js";
import { benchLegend } from "./legend.js";
import { benchReadback } from "./readback.js";
import { benchWorker } from "./worker.js";
import { benchMailbox } from "./mailbox.js";
import { benchDelegation } from "./delegation.js";
import { payVocabulary } from "./pay-vocabulary.js";

function readingLines(vocabulary: Vocabulary): void {
  const lines = corpus(2000);
  // Each JSON form is made from its line and the parsed message dropped at once. Holding the 2,000
  // parsed messages while they were made taught V8 that what parseLine allocates survives
  // (allocation-site pretenuring): in some processes every line read afterwards was allocated in
  // the old generation, garbage collection took 19% of the time rather than 1%, and this figure
  // read 2x where it reads 1.5x (PERFORMANCE.md).
  const jsonForms = lines.map((line) => {
    const parsed = parseLine(line, vocabulary);
    if (!parsed.ok || validate(parsed.value, vocabulary).some((f) => f.severity === "error")) throw new Error(`corpus line invalid: ${line}`);
    return JSON.stringify(parsed.value);
  });
  const bytes = lines.reduce((n, l) => n + l.length, 0);
  console.log(`corpus: ${lines.length} lines (core and pay, ${Math.round(bytes / lines.length)} chars a line on average; JSON forms ${Math.round(jsonForms.reduce((n, j) => n + j.length, 0) / lines.length)} chars)`);
  const result = measurePair({
    name: "read a line (parseLine + validate, core and pay)",
    baselineName: "JSON.parse of its JSON form",
    units: lines.length,
    baseline: () => {
      let last: unknown;
      for (const j of jsonForms) last = JSON.parse(j);
      return last;
    },
    subject: () => {
      let last: unknown;
      for (const line of lines) {
        const parsed = parseLine(line, vocabulary);
        last = parsed.ok ? validate(parsed.value, vocabulary) : parsed;
      }
      return last;
    },
  });
  console.log(report(result, 1.5));
}

function hashing(vocabulary: Vocabulary): void {
  // A pay HO whose canonical JSON is about 300 bytes.
  const line = "RW1 HO scheduler-1 p=pay from=scheduler to=payer item=inv:MD-2026-057 ask=PAY rb=exec sup=marlow amt=5400.00 cur=GBP kind=GROSS acct=40-12-88/61102938 paid=20261002 ref=MD-2026-057 apref=FD-0929";
  const parsed = parseLine(line, vocabulary);
  if (!parsed.ok) throw new Error("bench HO does not parse");
  const message: Message = parsed.value;
  const bytes = canonicalBytes(message);
  console.log(`digest input: canonical JSON of ${bytes.length} bytes`);
  const result = measurePair({
    name: "h= of a message (canonical JSON + SHA-256)",
    baselineName: "bare @noble/hashes sha256 of the same bytes",
    units: 1,
    baseline: () => sha256(bytes),
    subject: () => digest(message),
  });
  console.log(report(result, 1.2));
  // The part of h= that is ours, apart: the digest hashes with noble's block function and no
  // allocation, which the one-shot sha256() does not, so the ratio above hides what this costs.
  const writing = measurePair({
    name: "  of which canonical JSON alone (written into the digest's buffer)",
    baselineName: "the same bare sha256",
    units: 1,
    baseline: () => sha256(bytes),
    subject: () => _writeCanonicalMessage(message),
  });
  console.log(report(writing, null));
}

const vocabulary = payVocabulary();
console.log(`rogerwilco bench, node ${process.version}, ${new Date().toISOString()}`);
readingLines(vocabulary);
hashing(vocabulary);
benchReadback(vocabulary);
benchLegend();
// In a process of its own, as `rw check-thread` runs (thread-main.ts says why).
execFileSync(process.execPath, ["--import", "tsx", new URL("./thread-main.ts", import.meta.url).pathname], { stdio: "inherit" });
// The Worker under load against wrangler dev (about 2 minutes); RW_BENCH_WORKER=0 skips it.
if (process.env["RW_BENCH_WORKER"] === "0") console.log("worker: skipped (RW_BENCH_WORKER=0)");
else await benchWorker();
benchMailbox();
await import("./playground.js"); // the playground in Chromium: incremental checking (test/bench/playground.ts)
benchDelegation();

// The Worker's own share of draining a refused body (worker/body.ts, discard), inside workerd
// (vitest's pool): a body of 1 MiB past the limit and 1, 10 and 100 MiB more, made in this
// isolate from one shared chunk (so making it costs next to nothing) and handed to the fetch
// handler, timed to its 413; against the same body read to its end by a bare loop. No network:
// what the runtime spends receiving the bytes is not in it (test/bench/drain.ts has that).
// Prints; asserts nothing.
// `npx vitest run --config test/bench/workerd.config.ts test/worker/bench/drain.bench.ts`
import { it } from "vitest";
import { env } from "cloudflare:workers";
import worker from "../../../worker/index.js";

const MiB = 1024 * 1024;
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;

function body(size: number, chunk: number): ReadableStream<Uint8Array> {
  const bytes = new Uint8Array(chunk).fill(0x23);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const n = Math.min(chunk, size - sent);
      controller.enqueue(n === chunk ? bytes : bytes.subarray(0, n));
      sent += n;
    },
  });
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;

it("drains a refused body", async () => {
  for (const chunk of [64 * 1024, 16 * 1024]) {
    for (const past of [1, 10, 100]) {
      const size = MiB + past * MiB;
      const bare: number[] = [];
      const drained: number[] = [];
      for (let r = 0; r < 5; r++) {
        let s = performance.now();
        const reader = body(size, chunk).getReader();
        while (!(await reader.read()).done);
        bare.push(performance.now() - s);
        s = performance.now();
        const answer = await worker.fetch(new Request("http://rw.test/v1/validate", { method: "POST", headers: { "content-type": "text/plain" }, body: body(size, chunk) }) as Parameters<typeof worker.fetch>[0], env, ctx);
        await answer.text();
        drained.push(performance.now() - s);
        if (answer.status !== 413) throw new Error(`answered ${answer.status}`);
      }
      console.log(`${past + 1} MiB in chunks of ${chunk / 1024} KiB: the Worker answered 413 in ${median(drained)} ms (median of 5; ${Math.min(...drained)} to ${Math.max(...drained)}); a bare loop read it in ${median(bare)} ms`);
    }
  }
});

// The benchmarks that run inside workerd (test/worker/bench/), one file at a time:
// `npx vitest run --config test/bench/workerd.config.ts test/worker/bench/<file>`. They print and
// assert nothing, so `npm test` (vitest.config.ts, *.test.ts) never runs them.
import { fileURLToPath } from "node:url";
import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL("../../", import.meta.url));

export default defineConfig({
  root,
  plugins: [cloudflareTest({ wrangler: { configPath: `${root}wrangler.jsonc` } })],
  test: {
    include: ["test/worker/bench/**/*.bench.ts"],
    testTimeout: 1_800_000,
    hookTimeout: 1_800_000,
  },
});

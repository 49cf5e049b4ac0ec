import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// Three projects, one `vitest run`: the Node tests (core, CLI, conformance, docs, and the playground's,
// which drive Chromium against playground/dist: `npm test` builds it first) and the Worker's tests
// inside workerd (test/worker/), which load the Worker from wrangler.jsonc (its assets included),
// once as configured there and once with the variables test/worker/configured/ needs set.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "node",
          include: ["test/**/*.test.ts"],
          exclude: ["test/worker/**", "**/node_modules/**"],
          environment: "node",
          globalSetup: ["test/setup/build.ts"],
          testTimeout: 60_000,
        },
      },
      {
        plugins: [cloudflareTest({ wrangler: { configPath: "./wrangler.jsonc" } })],
        test: {
          name: "workerd",
          include: ["test/worker/**/*.test.ts"],
          exclude: ["test/worker/configured/**", "**/node_modules/**"],
          // The fuzz test's knobs (test/worker/fuzz.test.ts), passed through to workerd.
          env: { RW_FUZZ_RUNS: process.env["RW_FUZZ_RUNS"] ?? "", RW_FUZZ_SEED: process.env["RW_FUZZ_SEED"] ?? "" },
          testTimeout: 60_000,
        },
      },
      {
        // The Worker with its variables set as a deployment sets them (wrangler.jsonc `vars`):
        // RW_DRAIN_MIB as a Workers Free deployment might lower it, to 1 here so a test reaches it.
        plugins: [cloudflareTest({ wrangler: { configPath: "./wrangler.jsonc" }, miniflare: { bindings: { RW_DRAIN_MIB: 1 } } })],
        test: {
          name: "workerd-configured",
          include: ["test/worker/configured/**/*.test.ts"],
          testTimeout: 60_000,
        },
      },
    ],
  },
});

/** The Worker's bindings (wrangler.jsonc). */
import type { ThreadObject } from "./thread/thread-object.js";

export interface Env {
  /** The static site: the playground's build (playground/dist). */
  readonly ASSETS: Fetcher;
  /** One ThreadObject per thread name. */
  readonly THREADS: DurableObjectNamespace<ThreadObject>;
  /**
   * When set (a secret), thread routes need `Authorization: Bearer <RW_TOKEN>`; set to what no
   * bearer can carry (empty, whitespace in it), they are refused (worker/endpoints/authorize.ts).
   */
  readonly RW_TOKEN?: string;
  /**
   * Each agent's current epoch (a variable, worker/agent-epochs.ts): `{ "writer": 2 }` revokes the
   * writer's tokens issued at epochs 0 and 1. A JSON object from wrangler.jsonc `vars`, or its JSON
   * text; absent, every agent is at epoch 0.
   */
  readonly RW_AGENT_EPOCHS?: unknown;
  /**
   * The most of a refused body without Content-Length read and dropped before its 413, in MiB (a
   * variable, worker/drain-bound.ts): a whole number from 0 to 512, as a number or its digits;
   * absent, 100.
   */
  readonly RW_DRAIN_MIB?: unknown;
}

/** The Worker's bindings (wrangler.jsonc). */
import type { ThreadObject } from "./thread/thread-object.js";

export interface Env {
  /** The static site: the playground's build (playground/dist). */
  readonly ASSETS: Fetcher;
  /** One ThreadObject per thread name. */
  readonly THREADS: DurableObjectNamespace<ThreadObject>;
  /** When set (a secret), thread routes need `Authorization: Bearer <RW_TOKEN>`. */
  readonly RW_TOKEN?: string;
}

/** The Worker's bindings (wrangler.jsonc). The thread routes will add their Durable Object namespace here. */
export interface Env {
  /** The static site (worker/public until the playground build replaces it). */
  readonly ASSETS: Fetcher;
}

/**
 * rogerwilco on Cloudflare Workers: the HTTP API under /v1/ (worker/routes.ts), a thin adapter
 * over the core; every other path is the static site (wrangler.jsonc `assets`), which is served
 * before the Worker runs, so a request reaching here outside /v1/ found no file and gets a 404.
 */
import type { Env } from "./env.js";
import { handle } from "./handle.js";
import { ROUTES } from "./routes.js";

export type { Env };
export { ThreadObject } from "./thread/thread-object.js";

export default {
  fetch(request, env, ctx): Promise<Response> {
    return handle(ROUTES, request, env, ctx);
  },
} satisfies ExportedHandler<Env>;

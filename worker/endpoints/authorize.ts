/**
 * Access to threads. With the secret `RW_TOKEN` set (`wrangler secret put RW_TOKEN`, or `.dev.vars`
 * locally), every thread route needs `Authorization: Bearer <token>`; without it, threads are open,
 * which suits a Worker on 127.0.0.1 and nothing else. The stateless routes hold nothing and stay open.
 */
import type { Env } from "../env.js";
import { ProblemError } from "../problem.js";

const encoder = new TextEncoder();

/** Compares in constant time: both sides are hashed first, so even their lengths are not compared. */
async function same(given: string, secret: string): Promise<boolean> {
  const [a, b] = await Promise.all([crypto.subtle.digest("SHA-256", encoder.encode(given)), crypto.subtle.digest("SHA-256", encoder.encode(secret))]);
  return crypto.subtle.timingSafeEqual(a, b);
}

export async function authorize(request: Request, env: Env): Promise<void> {
  const secret = env.RW_TOKEN;
  if (secret === undefined || secret === "") return;
  const header = request.headers.get("authorization") ?? "";
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (match === null || !(await same(match[1] as string, secret))) {
    throw new ProblemError("unauthorized", "thread routes need Authorization: Bearer <token> (the Worker's RW_TOKEN)", {}, { "www-authenticate": 'Bearer realm="rogerwilco threads"' });
  }
}

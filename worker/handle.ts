/**
 * The fetch handler's body: route, answer preflights, run the handler, turn a thrown problem into
 * problem+json, and add CORS headers to every answer. Nothing escapes: anything unexpected is a
 * 500 problem, and if even that cannot be built, a fixed one.
 */
import type { Env } from "./env.js";
import { refuseBody } from "./body.js";
import { ProblemError, problemResponse } from "./problem.js";
import { preflightHeaders, withCors } from "./respond.js";
import { matchPattern, matchRoute } from "./router.js";
import { shown } from "./shown.js";
import type { Method, Route } from "./router.js";

/** The methods a path answers, with the ones the Worker adds (HEAD for GET, OPTIONS always). */
function methodsOf(allowed: readonly Method[]): string[] {
  const out = new Set<string>();
  for (const m of allowed) {
    out.add(m);
    if (m === "GET") out.add("HEAD");
  }
  out.add("OPTIONS");
  return [...out];
}

async function dispatch(routes: readonly Route<Env>[], request: Request, env: Env, ctx: ExecutionContext, url: URL): Promise<Response> {
  const path = url.pathname;
  if (request.method === "OPTIONS") {
    const all = routes.filter((r) => matchPattern(r.pattern, path) !== null).map((r) => r.method);
    if (all.length === 0) return problemResponse("not-found", `nothing is served at ${shown(path)}`, path);
    return new Response(null, { status: 204, headers: preflightHeaders(methodsOf(all), request.headers.get("access-control-request-headers")) });
  }
  const match = matchRoute(routes, request.method, path);
  if (match.kind === "none") return problemResponse("not-found", `nothing is served at ${shown(path)}; GET /v1/openapi.json lists the routes`, path);
  if (match.kind === "undecodable") return problemResponse("invalid-request", `${match.parameter}: the path segment is not valid percent-encoding (UTF-8, %XX)`, path, { parameter: match.parameter });
  if (match.kind === "wrong-method") {
    const allow = methodsOf(match.allowed).join(", ");
    return problemResponse("method-not-allowed", `${shown(request.method)} is not allowed on ${shown(path)}; it takes ${allow}`, path, {}, { allow });
  }
  // A body on a GET has no meaning (RFC 9110 section 9.3.1), and a browser cannot send one; a
  // client that sends one anyway ({"after": 1000} to .../lines) would otherwise be answered as if
  // it had asked nothing. Its options go in the query string.
  if (match.route.method === "GET") await refuseBody(request, `a ${request.method} takes no body (its options go in the query string)`, env);
  const response = await match.route.handler({ request, url, env, ctx, params: match.params });
  return request.method === "HEAD" ? new Response(null, response) : response;
}

export async function handle(routes: readonly Route<Env>[], request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  let path = "/";
  try {
    const url = new URL(request.url);
    path = url.pathname;
    return withCors(await dispatch(routes, request, env, ctx, url));
  } catch (error) {
    try {
      if (error instanceof ProblemError) return withCors(problemResponse(error.kind, error.detail, path, error.extensions, error.headers));
      console.error("rogerwilco worker: internal error", error);
      return withCors(problemResponse("internal-error", "the Worker failed while answering this request", path));
    } catch {
      return new Response('{"type":"/v1/problems/internal-error","title":"Internal error","status":500}', {
        status: 500,
        headers: { "content-type": "application/problem+json", "access-control-allow-origin": "*" },
      });
    }
  }
}

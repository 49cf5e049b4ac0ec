/**
 * The route table's matcher. A route is a method and a path pattern whose `{name}` segments
 * capture one path segment each (`/v1/profiles/{name}`, and later `/v1/threads/{thread}/lines`).
 * A path no pattern matches is 404; a path some pattern matches, but not for this method, is 405
 * with the methods it does take. The OpenAPI document uses the same patterns (a test holds them equal).
 */

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RouteContext<E = unknown> {
  readonly request: Request;
  readonly url: URL;
  readonly env: E;
  readonly ctx: ExecutionContext;
  /** The `{name}` segments of the pattern, decoded. */
  readonly params: Readonly<Record<string, string>>;
}

export interface Route<E = unknown> {
  readonly method: Method;
  readonly pattern: string;
  /** The OpenAPI operationId. */
  readonly operation: string;
  readonly handler: (context: RouteContext<E>) => Promise<Response> | Response;
}

export type Match<E> =
  | { readonly kind: "found"; readonly route: Route<E>; readonly params: Record<string, string> }
  /** The path fits a route for this method, but a `{name}` segment is not valid percent-encoding. */
  | { readonly kind: "undecodable"; readonly parameter: string }
  | { readonly kind: "wrong-method"; readonly allowed: readonly Method[] }
  | { readonly kind: "none" };

function segments(path: string): string[] {
  return path.split("/").slice(1);
}

/**
 * Whether `path` fits `pattern` segment by segment (a captured segment is never empty), and then
 * its params, decoded; `undecodable` names the first captured segment that is not valid
 * percent-encoding (its param is then left as written).
 */
function fit(pattern: string, path: string): { params: Record<string, string>; undecodable: string | null } | null {
  const want = segments(pattern);
  const got = segments(path);
  if (want.length !== got.length) return null;
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith("{") && w.endsWith("}") ? g === "" : w !== g) return null;
  }
  const params: Record<string, string> = {};
  let undecodable: string | null = null;
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    if (!(w.startsWith("{") && w.endsWith("}"))) continue;
    const name = w.slice(1, -1);
    const g = got[i] as string;
    try {
      params[name] = decodeURIComponent(g);
    } catch {
      params[name] = g;
      undecodable ??= name;
    }
  }
  return { params, undecodable };
}

/** The params when `path` fits `pattern`, else null. A captured segment is never empty. */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  return fit(pattern, path)?.params ?? null;
}

/** Finds the route for a method and path; HEAD is answered by a GET route. */
export function matchRoute<E>(routes: readonly Route<E>[], method: string, path: string): Match<E> {
  const allowed: Method[] = [];
  const wanted = method === "HEAD" ? "GET" : method;
  for (const route of routes) {
    const fitted = fit(route.pattern, path);
    if (fitted === null) continue;
    if (route.method === wanted) return fitted.undecodable === null ? { kind: "found", route, params: fitted.params } : { kind: "undecodable", parameter: fitted.undecodable };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { kind: "wrong-method", allowed } : { kind: "none" };
}

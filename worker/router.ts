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
  | { readonly kind: "wrong-method"; readonly allowed: readonly Method[] }
  | { readonly kind: "none" };

function segments(path: string): string[] {
  return path.split("/").slice(1);
}

/** The params when `path` fits `pattern`, else null. A captured segment is never empty. */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = segments(pattern);
  const got = segments(path);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith("{") && w.endsWith("}")) {
      if (g === "") return null;
      let value: string;
      try {
        value = decodeURIComponent(g);
      } catch {
        return null;
      }
      params[w.slice(1, -1)] = value;
    } else if (w !== g) return null;
  }
  return params;
}

/** Finds the route for a method and path; HEAD is answered by a GET route. */
export function matchRoute<E>(routes: readonly Route<E>[], method: string, path: string): Match<E> {
  const allowed: Method[] = [];
  const wanted = method === "HEAD" ? "GET" : method;
  for (const route of routes) {
    const params = matchPattern(route.pattern, path);
    if (params === null) continue;
    if (route.method === wanted) return { kind: "found", route, params };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { kind: "wrong-method", allowed } : { kind: "none" };
}

/** JSON responses, and the CORS headers every response carries so browser tools can call the API. */

export function json(value: unknown, status = 200, headers: Readonly<Record<string, string>> = {}): Response {
  return new Response(JSON.stringify(value), { status, headers: { ...headers, "content-type": "application/json" } });
}

/** Any origin may call: the API holds no cookies, and thread routes will take a bearer token. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  // WWW-Authenticate: a browser tool reads why a thread route answered 401.
  "access-control-expose-headers": "Allow, Content-Length, WWW-Authenticate",
};

/** The request headers a preflight allows when it names none. */
const ALLOWED_HEADERS = "Content-Type, Authorization, Accept";
/** A header list as a preflight sends it: field names (RFC 9110 tokens), comma-separated. */
const HEADER_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \t]*,[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;

/**
 * What a preflight answers for a path whose routes take `methods`. The headers the browser asks
 * for (Access-Control-Request-Headers) are allowed as asked: the API holds no cookies, so a tool
 * may send any header (a tracing header, Idempotency-Key) and the route decides what it reads.
 */
export function preflightHeaders(methods: readonly string[], requested: string | null = null): Record<string, string> {
  const asked = requested?.trim() ?? "";
  const names = [...ALLOWED_HEADERS.split(", "), ...(asked !== "" && HEADER_LIST.test(asked) ? asked.split(",").map((h) => h.trim()) : [])];
  const allowed = [...new Map(names.map((h) => [h.toLowerCase(), h])).values()];
  return {
    "access-control-allow-methods": methods.join(", "),
    "access-control-allow-headers": allowed.join(", "),
    "access-control-max-age": "86400",
    allow: methods.join(", "),
    vary: "Access-Control-Request-Headers",
  };
}

/** The response with the CORS headers added (a copy: a response from a binding may be immutable). */
export function withCors(response: Response): Response {
  const copy = new Response(response.body, response);
  for (const [name, value] of Object.entries(CORS_HEADERS)) copy.headers.set(name, value);
  return copy;
}

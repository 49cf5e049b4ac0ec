/** JSON responses, and the CORS headers every response carries so browser tools can call the API. */

export function json(value: unknown, status = 200, headers: Readonly<Record<string, string>> = {}): Response {
  return new Response(JSON.stringify(value), { status, headers: { ...headers, "content-type": "application/json" } });
}

/** Any origin may call: the API holds no cookies, and thread routes will take a bearer token. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "Allow, Content-Length",
};

/** What a preflight answers for a path whose routes take `methods`. */
export function preflightHeaders(methods: readonly string[]): Record<string, string> {
  return {
    "access-control-allow-methods": methods.join(", "),
    "access-control-allow-headers": "Content-Type, Authorization, Accept",
    "access-control-max-age": "86400",
    allow: methods.join(", "),
  };
}

/** The response with the CORS headers added (a copy: a response from a binding may be immutable). */
export function withCors(response: Response): Response {
  const copy = new Response(response.body, response);
  for (const [name, value] of Object.entries(CORS_HEADERS)) copy.headers.set(name, value);
  return copy;
}

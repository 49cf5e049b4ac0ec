// Requests to the Worker running in this isolate, through its real fetch handler.
import { exports } from "cloudflare:workers";
import { expect } from "vitest";
import { PROBLEMS } from "../../worker/problem.js";

export const ORIGIN = "http://rw.test";

export function call(path: string, init?: RequestInit): Promise<Response> {
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, init));
}

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
}

export function postText(path: string, text: string, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, { method: "POST", headers: { "content-type": "text/plain", ...headers }, body: text });
}

/** The problem+json body of a response, after checking it is one. */
export async function problemOf(response: Response): Promise<{ type: string; title: string; status: number; detail: string; instance: string; [key: string]: unknown }> {
  if (response.headers.get("content-type") !== "application/problem+json") throw new Error(`not a problem: ${response.status} ${response.headers.get("content-type")} ${await response.text()}`);
  return response.json();
}

/** The JSON body of a response, after checking its status. */
export async function ok<T = Record<string, any>>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** The problem of a response, after checking it is of `kind` with that kind's status. */
export async function expectProblem(response: Response, kind: keyof typeof PROBLEMS) {
  const p = await problemOf(response);
  expect(response.status, JSON.stringify(p)).toBe(PROBLEMS[kind].status);
  expect(p.type).toBe(`/v1/problems/${kind}`);
  return p;
}

/** The routes that describe: the legend, the shipped profiles, the problem kinds, the OpenAPI document, health. */
import { coreVocabulary, legend } from "../../core/index.js";
import { Input } from "../input.js";
import { openApiDocument } from "../openapi.js";
import { PROBLEMS, ProblemError, problemType } from "../problem.js";
import type { ProblemKindName } from "../problem.js";
import { chosenProfile, shippedFile } from "../profiles.js";
import { json } from "../respond.js";
import { shown } from "../shown.js";
import type { Env } from "../env.js";
import type { RouteContext } from "../router.js";
import { shippedNames, shippedProfiles } from "../../profiles/index.js";
import pkg from "../../package.json" with { type: "json" };

/** The package version, as package.json says. */
export const VERSION: string = pkg.version;

function legendOf(profile: unknown, lean: boolean): Response {
  const vocabulary = chosenProfile(profile) ?? coreVocabulary;
  return json({ profile: vocabulary.profile?.name ?? null, lean, legend: legend(vocabulary, { lean }) });
}

/** `rw legend --json [--profile NAME] [--lean]`: a shipped profile by name. */
export function legendGetRoute({ url }: RouteContext): Response {
  const input = Input.query(url, ["profile", "lean"]);
  return legendOf(input.string("profile"), input.boolean("lean") ?? false);
}

/** The legend for a shipped profile by name or an inline profile file. */
export async function legendPostRoute({ request, url, env }: RouteContext<Env>): Promise<Response> {
  const input = await Input.read(request, url, env, ["json"], ["profile", "lean"]);
  return legendOf(input.raw("profile"), input.boolean("lean") ?? false);
}

export function profilesRoute({ url }: RouteContext): Response {
  Input.query(url, []);
  const list = shippedNames.map((name) => {
    const file = shippedFile(name);
    return { name, version: file?.version ?? null, title: file?.title ?? null, desc: file?.desc ?? null, href: `/v1/profiles/${name}` };
  });
  return json({ profiles: list });
}

/** A shipped profile file as it ships (what a request may also send inline as `profile`). */
export function profileRoute({ url, params }: RouteContext): Response {
  Input.query(url, []);
  const name = params["name"] as string;
  if (shippedFile(name) === undefined) throw new ProblemError("unknown-profile", `no shipped profile is named ${JSON.stringify(shown(name))} (shipped: ${shippedNames.join(", ")})`, { profile: name });
  return json(shippedProfiles[name]);
}

const describe = (kind: ProblemKindName) => ({ type: problemType(kind), kind, ...PROBLEMS[kind] });

export function problemsRoute({ url }: RouteContext): Response {
  Input.query(url, []);
  return json({ problems: (Object.keys(PROBLEMS) as ProblemKindName[]).map(describe) });
}

export function problemRoute({ url, params }: RouteContext): Response {
  Input.query(url, []);
  const kind = params["kind"] as string;
  if (!Object.hasOwn(PROBLEMS, kind)) throw new ProblemError("not-found", `no problem kind is named ${JSON.stringify(shown(kind))}; GET /v1/problems lists them`);
  return json(describe(kind as ProblemKindName));
}

/** The OpenAPI document; a query parameter is refused here too, as on every route. */
export function openApiRoute({ url }: RouteContext): Response {
  Input.query(url, []);
  return json(openApiDocument);
}

/** A route that does nothing but answer: for monitors, and as the no-op a benchmark compares with. */
export function healthRoute({ url }: RouteContext): Response {
  Input.query(url, []);
  return json({ ok: true, name: "rogerwilco", version: VERSION });
}

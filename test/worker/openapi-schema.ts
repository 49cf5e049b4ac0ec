/**
 * A small JSON Schema reader for the Worker's own OpenAPI document (worker/openapi.ts): the
 * keywords it uses ($ref, allOf, oneOf, type, enum, const, required, properties,
 * additionalProperties, items, minItems, maxItems, minimum, maximum, pattern), enough to hold an
 * answer's body to the schema its operation declares.
 */
import { openApiDocument } from "../../worker/openapi.js";

type Schema = Record<string, any>;
const doc = openApiDocument as unknown as Schema;

/** The schema a `$ref` names, followed until it names none. */
export function resolveRef(schema: Schema | undefined): Schema | undefined {
  let s = schema;
  while (s?.["$ref"] !== undefined) s = (s["$ref"] as string).split("/").slice(1).reduce((o: Schema, k: string) => o[k], doc);
  return s;
}

function typeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

/** Where `value` breaks `schema`, each as `path: why`; empty when it fits. */
export function schemaErrors(schema: Schema | undefined, value: unknown, path = "$"): string[] {
  const s = resolveRef(schema);
  if (s === undefined) return [];
  const errors: string[] = [];
  for (const part of s["allOf"] ?? []) errors.push(...schemaErrors(part, value, path));
  if (s["oneOf"] !== undefined && !(s["oneOf"] as Schema[]).some((alt) => schemaErrors(alt, value, path).length === 0)) errors.push(`${path}: fits none of oneOf`);
  if ("const" in s && s["const"] !== value) errors.push(`${path}: not ${JSON.stringify(s["const"])}`);
  if (s["enum"] !== undefined && !(s["enum"] as unknown[]).includes(value)) errors.push(`${path}: ${JSON.stringify(value)} not in ${JSON.stringify(s["enum"])}`);
  if (s["type"] !== undefined) {
    const types: string[] = Array.isArray(s["type"]) ? s["type"] : [s["type"]];
    const t = typeOf(value);
    if (!types.includes(t) && !(t === "integer" && types.includes("number"))) return [...errors, `${path}: ${t}, not ${types.join(" or ")}`];
  }
  if (typeof value === "number") {
    if (s["minimum"] !== undefined && value < s["minimum"]) errors.push(`${path}: below ${s["minimum"]}`);
    if (s["maximum"] !== undefined && value > s["maximum"]) errors.push(`${path}: above ${s["maximum"]}`);
  }
  if (typeof value === "string" && s["pattern"] !== undefined && !new RegExp(s["pattern"], "u").test(value)) errors.push(`${path}: does not match ${s["pattern"]}`);
  if (Array.isArray(value)) {
    if (s["minItems"] !== undefined && value.length < s["minItems"]) errors.push(`${path}: fewer than ${s["minItems"]} items`);
    if (s["maxItems"] !== undefined && value.length > s["maxItems"]) errors.push(`${path}: more than ${s["maxItems"]} items`);
    if (s["items"] !== undefined) value.forEach((item, i) => errors.push(...schemaErrors(s["items"], item, `${path}[${i}]`)));
  }
  if (typeOf(value) === "object") {
    const object = value as Record<string, unknown>;
    for (const name of s["required"] ?? []) if (!Object.hasOwn(object, name)) errors.push(`${path}: no ${name}`);
    for (const [name, member] of Object.entries(object)) {
      const declared = s["properties"]?.[name];
      if (declared !== undefined) errors.push(...schemaErrors(declared, member, `${path}.${name}`));
      else if (s["additionalProperties"] === false) errors.push(`${path}: ${name} is not declared`);
      else if (typeof s["additionalProperties"] === "object") errors.push(...schemaErrors(s["additionalProperties"], member, `${path}.${name}`));
    }
  }
  return errors;
}

/**
 * Every field name the schemas read, collected from the valibot schema objects themselves (their
 * `entries`, and what wraps, pipes, lists or unites them). The secret scan skips these names: a
 * test holds that none is credential-like, and the ones a value pattern flags are left out of the
 * set (`clearOfValuePatterns`), so only names the schemas do not know are judged.
 */
import type * as v from "valibot";

type Node = { readonly [key: string]: unknown };

export function fieldNames(schemas: readonly v.GenericSchema<unknown, unknown>[]): ReadonlySet<string> {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    const n = node as Node;
    if (Array.isArray(node)) {
      for (const x of node) visit(x);
      return;
    }
    if (n["kind"] !== "schema") return;
    const entries = n["entries"];
    if (entries !== null && typeof entries === "object") {
      for (const [key, schema] of Object.entries(entries)) {
        names.add(key);
        visit(schema);
      }
    }
    for (const key of ["item", "wrapped", "pipe", "options", "value"]) visit(n[key]);
  };
  for (const schema of schemas) visit(schema);
  return names;
}

/**
 * A profile's shape templates checked (compileVocabulary): a template is refused when it names an
 * unknown placeholder or enum, or when two placeholders run together. An enum the profile never
 * defines is a reference to nothing, as in a slot's `enum:<name>` type (PROFILE_REFERENCE); the
 * rest is the template's own form (PROFILE_SCHEMA). Apart from translation.ts,
 * which turns a checked template into its pattern, so a bundle reading shipped profiles carries no
 * template checks (the playground's first download).
 */
import { _PLACEHOLDER, shapePattern } from "./translation.js";
import type { _Enums } from "./translation.js";

/** Characters each placeholder matches; a shape may not let one run into the next (no backtracking). */
const PLACEHOLDER_CLASS: Record<string, string> = { id: "[A-Za-z0-9._-]", n: "[0-9]" };

/** Why a template is refused, with the finding code that says so. */
export interface ShapeProblem {
  readonly code: "PROFILE_SCHEMA" | "PROFILE_REFERENCE";
  readonly reason: string;
}

/**
 * Compiles a shape template such as `doc:{id}#l{n}` or `{enum:kind}:{id}` into an anchored,
 * backtracking-free pattern. Returns the problem when the template is refused.
 */
export function compileShape(template: string, enums: _Enums): RegExp | ShapeProblem {
  return shapeProblem(template, enums) ?? shapePattern(template, enums);
}

const schema = (reason: string): ShapeProblem => ({ code: "PROFILE_SCHEMA", reason });

/** Why a template is refused (an unknown placeholder or enum, two placeholders that run together), or null. */
function shapeProblem(template: string, enums: _Enums): ShapeProblem | null {
  let last = 0;
  let previousClass: RegExp | null = null;
  for (const m of template.matchAll(_PLACEHOLDER)) {
    const literal = template.slice(last, m.index);
    if (literal.includes("{") || literal.includes("}")) return schema(`unknown placeholder in '${template}'`);
    if (previousClass !== null && (literal.length === 0 || previousClass.test(literal[0] as string))) {
      return schema(`placeholders in '${template}' must be separated by a character they cannot match`);
    }
    const name = m[1] as string;
    if (name.startsWith("enum:")) {
      if (!enums.has(name.slice(5))) return { code: "PROFILE_REFERENCE", reason: `shape '${template}' names an unknown enum ${name.slice(5)}` };
      previousClass = /[A-Za-z0-9._-]/;
    } else {
      previousClass = new RegExp(PLACEHOLDER_CLASS[name] as string);
    }
    last = (m.index as number) + m[0].length;
  }
  const rest = template.slice(last);
  if (rest.includes("{") || rest.includes("}")) return schema(`unknown placeholder in '${template}'`);
  if (previousClass !== null && rest.length > 0 && previousClass.test(rest[0] as string)) {
    return schema(`placeholders in '${template}' must be separated by a character they cannot match`);
  }
  return null;
}

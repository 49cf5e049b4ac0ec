/**
 * Profiles for the CLI: `--profile NAME|FILE`, and any profile a line names with `p=` that ships
 * in `profiles/`. Loaded once each; a profile that does not compile, or a file that takes a shipped
 * profile's name, is a usage error.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { compileVocabulary, coreVocabulary, isBlankLine, isEmptyDocument, parseJsonText, profileResolver, shippedNameTaken } from "../core/index.js";
import type { Vocabulary, VocabularyResolver } from "../core/index.js";
import { readTextFile } from "./input.js";
import { packageRoot } from "./package-root.js";
import { UsageError } from "./usage-error.js";

const SHIPPED_DIR = join(packageRoot(), "profiles");
const NAME = /^[a-z][a-z0-9_-]*$/;

function load(path: string, label: string, chosen = false): Vocabulary {
  const text = readTextFile(`profile ${label}`, path);
  if (isEmptyDocument(text)) throw new UsageError(`profile ${label}: ${path} is empty: it holds no JSON`);
  const read = parseJsonText(text);
  if (!read.ok) throw new UsageError(read.problem === "syntax" ? `profile ${label}: not JSON (${read.reason})` : `profile ${label}: ${read.reason}`);
  const json = read.value;
  // A file given with --profile may not stand in for a shipped profile (core/shipped-name).
  const taken = chosen ? shippedNameTaken(json, isShipped) : undefined;
  if (taken !== undefined) throw new UsageError(`profile ${label} is refused:`, [`  ${taken.code} ${taken.message}`]);
  const compiled = compileVocabulary(coreVocabulary, json);
  if (!compiled.ok) {
    throw new UsageError(`profile ${label} is refused:`, compiled.findings.map((f) => `  ${f.code} ${f.message}`));
  }
  return compiled.value;
}

/** True when a profile of that name ships in profiles/. */
function isShipped(name: string): boolean {
  return NAME.test(name) && existsSync(join(SHIPPED_DIR, `${name}.json`));
}

/** True when the argument names a file rather than a shipped profile. */
function isPath(arg: string): boolean {
  return arg.includes("/") || arg.includes("\\") || arg.endsWith(".json");
}

export interface Profiles {
  /** The profile given with `--profile`, or null. */
  readonly chosen: Vocabulary | null;
  /** The vocabulary for a line or message naming `p` (null: none). */
  readonly resolve: VocabularyResolver;
}

export function profiles(option: string | undefined): Profiles {
  const cache = new Map<string, Vocabulary | undefined>();
  let chosen: Vocabulary | null = null;
  if (option !== undefined) {
    // Looked up as a name, an empty value was "unknown profile : ...", which names nothing (as --file's).
    if (isBlankLine(option)) throw new UsageError("--profile is empty: give a shipped profile name (clin, pay, pform) or a .json file, or leave the option out");
    if (isPath(option)) chosen = load(option, option, true);
    else if (NAME.test(option)) chosen = shipped(option, cache) ?? null;
    if (chosen === null) {
      // A shipped name in another case (`PAY`): profile names are lower case, and saying so is the fix.
      const lower = option.toLowerCase();
      const cased = lower !== option && NAME.test(lower) && shipped(lower, cache) !== undefined ? `; profile names are lower case: --profile ${lower}` : "";
      // A file of that name is here, but a bare word is read as a profile's name: say how to give the file.
      const file = cased === "" && existsSync(option) ? `; ${option} is read as a profile name, not a file: give the file as a path, --profile ./${option}` : "";
      throw new UsageError(`unknown profile ${option}: give a shipped profile name (clin, pay, pform) or a .json file${cased}${file}`);
    }
    cache.set(chosen.name, chosen);
  }
  return { chosen, resolve: profileResolver(chosen, (name) => shipped(name, cache)) };
}

function shipped(name: string, cache: Map<string, Vocabulary | undefined>): Vocabulary | undefined {
  if (cache.has(name)) return cache.get(name);
  const path = join(SHIPPED_DIR, `${name}.json`);
  const found = existsSync(path) ? load(path, name) : undefined;
  cache.set(name, found);
  return found;
}

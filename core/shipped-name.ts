/**
 * A profile file a reader chose (`rw --profile FILE`, the Worker's inline `profile`, a thread's,
 * the playground's custom profile) may not take the name of a profile the reader ships. A line
 * names its profile with `p=` (section 7), and `p=pay` must mean the one pay to every reader: a
 * file named `pay` read in its place would check `p=pay` lines against another vocabulary (another
 * exec map, other rules), while everything the reader prints still says pay. One rule for the
 * CLI, the Worker and the playground.
 */
import { finding } from "./finding.js";
import type { Finding } from "./finding.js";

/**
 * PROFILE_SHIPPED_NAME when `file` (a profile file as JSON) names itself with a profile that
 * `isShipped` says the reader ships; undefined otherwise (the file's other faults are
 * compileVocabulary's to find).
 */
export function shippedNameTaken(file: unknown, isShipped: (name: string) => boolean): Finding | undefined {
  if (file === null || typeof file !== "object" || Array.isArray(file) || !Object.hasOwn(file, "profile")) return undefined;
  const name = (file as Record<string, unknown>)["profile"];
  if (typeof name !== "string" || !isShipped(name)) return undefined;
  return finding(
    "PROFILE_SHIPPED_NAME",
    `the profile file takes the name of the shipped profile ${name}: p=${name} means the shipped one; give the file another name ("profile"), or choose the shipped profile by name`,
    { path: "profile", received: name },
  );
}

/**
 * The artifact paths a delivery may not name (section 3: "Reject absolute or `..`-escaping
 * protocol-relative artifact paths unless the Handler supplied that exact path"). A `deliver` names
 * its artifact in prose (section 5: "exact path, content hash"), so its body is read word by word:
 * a word that is an absolute path (`/srv/x/y`, `C:\x`, `\\host\share`, `~/x`, `file:` URLs) or a
 * relative one whose `..` segments climb above the mailbox root (`../x`, `workspace/../../x`) is
 * one such path. A receiver that "recomputes every load-bearing number" (8) would otherwise read
 * and hash whatever file a peer pointed at. Nor may it name a file in a scratch tree (3: scratch "is
 * never cited"). One pass over the words: linear in the body.
 */

/** Characters that end a word on either side, besides white space: quotes, brackets, `=` of key=value. */
const WORD_BREAK = /[\s=`"'()[\]<>{}|,;*]+/;
/** A URL or a `scheme:` value (`https://x/y`, `sha256:...`), which names no file here; `file:` does. */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]+:/;
/** An absolute path: two or more POSIX segments (a lone `/cold-review` is a skill, not a file), a drive, UNC, home. */
const ABSOLUTE = /^(?:\/[^/]+\/|[\\/]{2}[^\\/]|[A-Za-z]:[\\/]|~[\\/]|\\[^\\]+\\)/;

/**
 * `word` without the prose punctuation that ends it (`../x.` names `../x`), keeping a final `..`
 * segment (`workspace/..`). Found from the end, without a regular expression anchored at `$`, which
 * is quadratic in a long run of dots that does not end the word.
 */
function trimProse(word: string): string {
  let end = word.length;
  while (end > 0 && ":!?".includes(word.charAt(end - 1))) end--;
  let dots = end;
  while (dots > 0 && word.charAt(dots - 1) === ".") dots--;
  const segment = end - dots === 2 && (dots === 0 || "/\\".includes(word.charAt(dots - 1)));
  return word.slice(0, segment ? end : dots);
}

/** Why `path` is an unsafe artifact path, or null when it is none (or no path at all). */
function unsafePath(path: string): "absolute" | "escapes" | null {
  if (/^file:/i.test(path)) return "absolute";
  if (SCHEME.test(path)) return null;
  if (ABSOLUTE.test(path)) return "absolute";
  if (!/[\\/]/.test(path) || !path.includes("..")) return null;
  let depth = 0;
  for (const segment of path.split(/[\\/]/)) {
    if (segment === "..") depth--;
    else if (segment !== "" && segment !== ".") depth++;
    if (depth < 0) return "escapes";
  }
  return null;
}

/**
 * The unsafe artifact paths a body names, each once, in order: absolute, or climbing above the
 * mailbox root with `..`. Empty when it names none.
 */
export function unsafeArtifactPaths(body: string): string[] {
  return pathsWhere(body, (path) => unsafePath(path) !== null);
}

/**
 * Whether `path`, its `.` and `..` segments resolved, is a file inside a participant's scratch tree
 * (`workspace/<CALLSIGN>/scratch/...`): section 3's scratch "is never cited" and is "never ...
 * promoted into an artifact mapping", since its owner may change or remove it after delivery.
 * `workspace/VEGA/scratch/../artifacts/x` resolves into `artifacts/` and is none.
 */
function inScratch(path: string): boolean {
  if (SCHEME.test(path) || ABSOLUTE.test(path)) return false;
  const segments: string[] = [];
  for (const segment of path.split(/[\\/]/)) {
    if (segment === "..") segments.pop();
    else if (segment !== "" && segment !== ".") segments.push(segment);
  }
  return segments.length > 3 && segments[0] === "workspace" && segments[2] === "scratch";
}

/** The scratch files a body names (`workspace/<CALLSIGN>/scratch/...`), each once, in order. */
export function scratchArtifactPaths(body: string): string[] {
  return pathsWhere(body, inScratch);
}

/** The words of `body` that `test` accepts as paths, prose punctuation trimmed, each once, in order. */
function pathsWhere(body: string, test: (path: string) => boolean): string[] {
  const found = new Set<string>();
  for (const word of body.split(WORD_BREAK)) {
    const path = trimProse(word);
    if (path !== "" && test(path)) found.add(path);
  }
  return [...found];
}

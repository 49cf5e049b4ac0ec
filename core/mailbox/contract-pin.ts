/**
 * The contract-pin manifest (section 7): every skill-root-relative path with `/` separators, sorted
 * ordinally, one `path<TAB>sha256<LF>` line each (lowercase hex over the file's raw bytes), UTF-8
 * without BOM; the generation is SHA-256 over the whole manifest.
 */
import { assertObject, assertText } from "./_arguments.js";
import { _sha256Hex, _utf8 } from "./_bytes.js";
import { shownValue } from "./_shown-value.js";
import { mailboxFinding, mailboxResult } from "./codes.js";
import type { MailboxFinding, MailboxResult } from "./codes.js";

export interface PinnedFile {
  /** Relative to the skill root; `\` is read as `/`. */
  readonly path: string;
  readonly bytes: Uint8Array;
}

export interface ContractPin {
  /** The manifest text. */
  readonly manifest: string;
  /** Its bytes, as hashed. */
  readonly bytes: Uint8Array;
  /** SHA-256 of the manifest bytes, lowercase hex. */
  readonly generation: string;
  readonly entries: readonly { readonly path: string; readonly sha256: string }[];
}

function pathProblem(path: string): string | null {
  if (path === "") return "an empty path";
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) return "an absolute path";
  const parts = path.split("/");
  if (parts.some((p) => p === "" || p === "." || p === "..")) return "a path with an empty, . or .. segment";
  if (/[\u0000-\u001f\u007f]/.test(path)) return "a path with a control character (TAB and LF separate the manifest)";
  return null;
}

/** Ordinal order: UTF-16 code units, as String comparison in JavaScript and C#'s Ordinal. */
const ordinal = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The manifest of the files and its generation; refused for an unsafe or repeated path. */
export function contractManifest(files: readonly PinnedFile[]): MailboxResult<ContractPin> {
  const findings: MailboxFinding[] = [];
  const seen = new Set<string>();
  const entries: { path: string; sha256: string }[] = [];
  // Asked of `files as unknown`: Array.isArray would narrow the typed list to any[].
  if (!Array.isArray(files as unknown)) throw new TypeError(`contractManifest: the files are a list of { path, bytes }, not ${shownValue(files)}`);
  for (const [index, file] of files.entries()) {
    assertObject("contractManifest", `files.${index} is { path, bytes }`, file);
    assertText("contractManifest", `files.${index}.path is the file's path (a string)`, file.path);
    if (!(file.bytes instanceof Uint8Array)) throw new TypeError(`contractManifest: files.${index}.bytes are the file's raw bytes (a Uint8Array), not ${shownValue(file.bytes)}`);
    const path = file.path.replace(/\\/g, "/");
    const problem = pathProblem(path) ?? (seen.has(path) ? "the same path twice" : null);
    if (problem !== null) {
      findings.push(mailboxFinding("MANIFEST_PATH", `${JSON.stringify(file.path)}: ${problem}`, { received: file.path }));
      continue;
    }
    seen.add(path);
    entries.push({ path, sha256: _sha256Hex(file.bytes) });
  }
  entries.sort((a, b) => ordinal(a.path, b.path));
  const manifest = entries.map((e) => `${e.path}\t${e.sha256}\n`).join("");
  const bytes = _utf8(manifest);
  return mailboxResult({ manifest, bytes, generation: _sha256Hex(bytes), entries }, findings);
}

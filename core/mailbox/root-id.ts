/**
 * The mailbox-root identifier (section 4): the resolved absolute root path, normalised on Windows
 * (lowercased, `\` to `/`, no trailing separator except at the filesystem root), hashed as UTF-8
 * with SHA-256 and written as lowercase hex. Resolving the path and refusing redirecting reparse
 * points is the adapter's job (the CLI's); this is the pure part.
 */
import { _sha256Hex, _utf8 } from "./_bytes.js";

const HEX64 = /^[0-9a-fA-F]{64}$/;

export interface RootIdOptions {
  /** The path is a Windows path (`C:\...`, `\\server\share\...`). Default false. */
  readonly windows?: boolean;
}

/** The path as it is hashed: unchanged on POSIX; normalised as section 4 says on Windows. */
export function normaliseRootPath(absolutePath: string, options: RootIdOptions = {}): string {
  if (options.windows === true) {
    let p = absolutePath.toLowerCase().replace(/\\/g, "/");
    if (!/^(?:[a-z]:\/|\/\/)/.test(p)) throw new RangeError(`normaliseRootPath: ${JSON.stringify(absolutePath)} is not an absolute Windows path`);
    // The root of a drive keeps its separator ("c:/"); anything longer loses a trailing one.
    while (p.endsWith("/") && !/^[a-z]:\/$/.test(p) && p.length > 1) p = p.slice(0, -1);
    return p;
  }
  if (!absolutePath.startsWith("/")) throw new RangeError(`normaliseRootPath: ${JSON.stringify(absolutePath)} is not an absolute path`);
  return absolutePath;
}

/** SHA-256 of the normalised absolute root path, 64 lowercase hex characters. */
export function mailboxRootId(absolutePath: string, options: RootIdOptions = {}): string {
  return _sha256Hex(_utf8(normaliseRootPath(absolutePath, options)));
}

/** True for 64 hex characters (either case: v1 migration compares case-insensitively). */
export function isRootId(text: unknown): text is string {
  return typeof text === "string" && HEX64.test(text);
}

/** Section 4: "During v1 migration only, compare hexadecimal case-insensitively." */
export function sameRootId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

// The docs' links lead somewhere: every relative Markdown link in the READMEs, the changelog and
// the performance log names a file that exists, and its #anchor a heading of that file (GitHub's
// slugs). A newcomer following one should never land on nothing.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const DOCS = ["README.md", "core/CODES.md", "core/mailbox/README.md", "core/mailbox/CODES.md", "core/delegation/README.md", "core/delegation/CODES.md", "profiles/README.md", "CHANGELOG.md", "PERFORMANCE.md"];

/** The text outside fenced blocks and inline code, where a `](...)` is a link and not an example. */
function prose(markdown: string): string[] {
  let fenced = false;
  return markdown.split("\n").map((line) => {
    if (line.startsWith("```")) {
      fenced = !fenced;
      return "";
    }
    return fenced ? "" : line.replace(/`[^`]*`/g, "");
  });
}

/** GitHub's anchor for a heading: lowercased, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6}\s+(.*)$/.exec(line);
    if (heading === null) continue;
    const slug = (heading[1] as string).replace(/`/g, "").trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}

/** Every relative link of a document that leads nowhere, as `line N: target (why)`. */
export function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  prose(readFileSync(file, "utf8")).forEach((line, i) => {
    for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const href = m[1] as string;
      if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue;
      const [path = "", anchor] = href.split("#");
      const target = path === "" ? file : join(dirname(file), decodeURIComponent(path));
      if (!existsSync(target)) broken.push(`line ${i + 1}: ${href} (no file ${relative(ROOT, target)})`);
      else if (anchor !== undefined && target.endsWith(".md") && !anchors(readFileSync(target, "utf8")).has(decodeURIComponent(anchor))) broken.push(`line ${i + 1}: ${href} (no heading #${anchor} in ${relative(ROOT, target)})`);
    }
  });
  return broken;
}

describe("the docs' relative links", () => {
  for (const doc of DOCS) {
    it(`${doc}: every link names a file that exists, and a heading of it`, () => {
      expect(brokenLinks(join(ROOT, doc))).toEqual([]);
    });
  }
});

/**
 * The folder of this package (where package.json and profiles/ are), found by walking up from
 * this file: built, it is in dist/cli/; run from source (`npx tsx cli/rw.ts`), in cli/. A path
 * fixed to one layout read another folder in the other, where `p=pay` was then unknown.
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export function packageRoot(): string {
  const start = dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json"))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${start}`);
  }
}

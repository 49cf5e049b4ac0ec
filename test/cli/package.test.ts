// What `npm pack` would publish (package.json's `files`), read from npm itself: every entry point
// the package names is in it, and every module in it imports only files in it and packages its
// users get (`dependencies`, Node's own). A user installs the tarball, never this folder.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, normalize } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  bin: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  dependencies: Record<string, string>;
};

let packed: Set<string>;
beforeAll(() => {
  const r = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: ROOT, encoding: "utf8", timeout: 60_000 });
  expect(r.status, r.stderr).toBe(0);
  const [listing] = JSON.parse(r.stdout) as [{ files: { path: string }[] }];
  packed = new Set(listing.files.map((f) => f.path));
}, 60_000);

const relative = (path: string): string => normalize(path).replace(/^\.\//, "");

/** The module specifiers a built ES module imports, statically or with import(). */
function specifiers(code: string): string[] {
  const found: string[] = [];
  for (const m of code.matchAll(/(?:^|[;\s}])(?:import|export)\s[^'"]*?\sfrom\s*["']([^"']+)["']|(?:^|[;\s])import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm)) {
    found.push((m[1] ?? m[2] ?? m[3]) as string);
  }
  return found;
}

describe("the published package", () => {
  it("holds the bin, every export's files and every shipped profile, and no sources, tests, Worker or playground", () => {
    const named = [...Object.values(pkg.bin), ...Object.values(pkg.exports).flatMap((e) => (typeof e === "string" ? [e] : Object.values(e)))];
    for (const target of named.filter((t) => !t.includes("*"))) expect(packed, target).toContain(relative(target));
    for (const profile of ["pay", "pform", "clin"]) expect(packed).toContain(`profiles/${profile}.json`);
    const stray = [...packed].filter((p) => /^(test|worker|playground|core|cli)\//.test(p) || (p.endsWith(".ts") && !p.endsWith(".d.ts")));
    expect(stray).toStrictEqual([]);
  });

  it("imports, from every module it holds, only files it holds and its dependencies or Node's own modules", () => {
    const modules = [...packed].filter((p) => p.endsWith(".js"));
    expect(modules.length).toBeGreaterThan(100);
    const problems: string[] = [];
    let imports = 0;
    for (const file of modules) {
      for (const spec of specifiers(readFileSync(join(ROOT, file), "utf8"))) {
        imports++;
        if (spec.startsWith(".")) {
          const target = normalize(join(dirname(file), spec));
          if (!packed.has(target)) problems.push(`${file} imports ${spec}, which is not packed`);
          continue;
        }
        const name = spec.startsWith("@") ? spec.split("/").slice(0, 2).join("/") : (spec.split("/")[0] as string);
        if (spec.startsWith("node:") || builtinModules.includes(name)) continue;
        if (pkg.dependencies[name] === undefined) problems.push(`${file} imports ${spec}, which is no dependency`);
      }
    }
    expect(imports).toBeGreaterThan(500);
    expect(problems).toStrictEqual([]);
  });
});

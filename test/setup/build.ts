// The CLI tests run the built command (dist/cli/rw.js), as a user would: build first, incrementally.
import { execFileSync } from "node:child_process";
import { chmodSync } from "node:fs";
import { join } from "node:path";

export default function setup(): void {
  const root = join(import.meta.dirname, "..", "..");
  execFileSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-b"], { cwd: root, stdio: "inherit" });
  chmodSync(join(root, "dist", "cli", "rw.js"), 0o755);
}

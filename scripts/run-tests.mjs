// Runs every test file under test/ with Node's test runner (TypeScript through tsx).
// Usage: node scripts/run-tests.mjs [path-substring ...]
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const filters = process.argv.slice(2);
const files = readdirSync(path.join(root, "test"), { recursive: true })
  .map((f) => path.join("test", String(f)))
  .filter((f) => f.endsWith(".test.ts"))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error("no test files matched");
  process.exit(1);
}
const child = spawn(
  process.execPath,
  ["--import", "tsx", "--test", "--test-concurrency=2", "--test-reporter=spec", ...files],
  { cwd: root, stdio: "inherit" },
);
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

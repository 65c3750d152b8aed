// Runs the test files under test/ with Node's test runner (TypeScript through tsx).
//
//   node scripts/run-tests.mjs                 the fast suite: unit and integration tests (npm test)
//   node scripts/run-tests.mjs --e2e           the end-to-end suite (npm run test:e2e)
//   node scripts/run-tests.mjs --all           both
//   node scripts/run-tests.mjs <substring>...  the files (of either suite) whose path contains one
//   --times <file>                             also write each file's test time (ms) as JSON
//
// The end-to-end suite is the paths below: whole workflows in the local workflow runner, the
// action on the local Actions runtime (test/action/, the harness's own tests, the forged-state
// attacks), fault injection, the real agent CLIs against the rehearsal server, the sandbox, and
// agents behind another OS user. Everything else is the fast suite.
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

export const E2E_PATHS = [
  "test/workflow/",
  "test/harness/",
  "test/action/",
  "test/faults/",
  "test/rehearse/",
  "test/cli/rehearse-command",
  "test/sandbox/",
  "test/agent-user/",
  "test/security/forged-state.test.ts",
  "test/security/agent-user",
  "test/security/identity.test.ts",
  "test/executors/real-cli.test.ts",
  "test/executors/session-real-cli.test.ts",
  "test/executors/copilot/adapter.real-cli",
  "test/executors/copilot/adapter.rehearse-real-cli",
  "test/executors/gemini/adapter.real-cli",
  "test/proxy/wiring.test.ts",
  "test/proxy/wiring.real-cli.test.ts",
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values, positionals: filters } = parseArgs({
  options: { e2e: { type: "boolean" }, all: { type: "boolean" }, times: { type: "string" } },
  allowPositionals: true,
});
const isE2e = (f) => E2E_PATHS.some((start) => f.split(path.sep).join("/").startsWith(start));
const files = readdirSync(path.join(root, "test"), { recursive: true })
  .map((f) => path.join("test", String(f)))
  .filter((f) => f.endsWith(".test.ts"))
  .filter((f) =>
    filters.length > 0 ? filters.some((x) => f.includes(x)) : values.all === true || (values.e2e === true ? isE2e(f) : !isE2e(f)),
  )
  .sort();
if (files.length === 0) {
  console.error("no test files matched");
  process.exit(1);
}
const reporters = ["--test-reporter=spec", "--test-reporter-destination=stdout"];
if (values.times)
  reporters.push(`--test-reporter=${path.join(root, "scripts/test-times.mjs")}`, `--test-reporter-destination=${values.times}`);
const child = spawn(process.execPath, ["--import", "tsx", "--test", "--test-concurrency=2", ...reporters, ...files], {
  cwd: root,
  stdio: "inherit",
});
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/**
 * The `wave` command agents call (`wave coord post`, `wave feedback ask`): a small Node script put
 * first on each agent's PATH that runs this very CLI with the given arguments. The CLI's argv is
 * embedded as JSON data, never as shell text. Those commands write nothing themselves: they pass
 * the request to the orchestrator's control socket (WAVE_CONTROL_SOCKET) with the agent's token
 * (WAVE_AGENT_TOKEN), both inherited from the agent's environment.
 */
import { promises as fs } from "node:fs";
import path from "node:path";

export async function writeWaveShim(dir: string, cliArgv: string[]): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, "wave");
  const script = [
    "#!/usr/bin/env node",
    "// Runs the wave CLI of the orchestrator that started this agent.",
    'const { spawnSync } = require("node:child_process");',
    `const argv = ${JSON.stringify(cliArgv)};`,
    'const r = spawnSync(argv[0], [...argv.slice(1), ...process.argv.slice(2)], { stdio: "inherit" });',
    "if (r.error) { console.error(`wave: ${r.error.message}`); process.exit(2); }",
    "process.exit(r.status ?? 1);",
    "",
  ].join("\n");
  // .cjs semantics regardless of any package.json "type" above the run directory.
  await fs.writeFile(`${file}.cjs`, script);
  await fs.writeFile(file, ["#!/bin/sh", `exec node "$(dirname "$0")/wave.cjs" "$@"`, ""].join("\n"), { mode: 0o755 });
  await fs.chmod(file, 0o755);
  return dir;
}

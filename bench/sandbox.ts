/**
 * The sandbox's start cost per agent: the time to wrap an agent's argv (the library's rules and
 * the mandatory-deny scan of the work tree) and to start `true` inside bubblewrap and see it end,
 * against starting `true` directly; medians of interleaved pairs (40; 10 with --quick). Skipped
 * (no figures) where bubblewrap, socat or ripgrep is missing.
 *
 *   node --import tsx bench/sandbox.ts [--quick]
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { findProgram } from "../src/sandbox/probe.js";
import { openWaveSandbox } from "../src/sandbox/wave-sandbox.js";
import type { BenchResult } from "./figure.js";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const round = (x: number) => Math.round(x * 10) / 10;

function run(argv: readonly string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd, stdio: "ignore", env: { PATH: process.env.PATH ?? "/usr/bin:/bin" } });
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${argv[0]} exited ${code}`))));
  });
}

export async function benchSandbox({ quick }: { quick: boolean }): Promise<BenchResult[]> {
  if (["bwrap", "socat", "rg"].some((p) => !findProgram(p, process.env.PATH))) return [];
  const base = mkdtempSync(path.join(os.tmpdir(), "wave-bench-sandbox-"));
  const work = path.join(base, "work");
  mkdirSync(work, { recursive: true });
  spawnSync("git", ["init", "-q", work]);
  const stateDir = path.join(base, "state");
  mkdirSync(stateDir, { recursive: true });
  const sandbox = await openWaveSandbox({
    mode: "on",
    env: { PATH: process.env.PATH, HOME: path.join(base, "home") },
    workTree: work,
    stateDir,
    runDir: stateDir,
    identity: null,
    allowed: [],
    onNotice: () => undefined,
    onWarning: () => undefined,
  });
  if (!sandbox) return [];
  const pairs = quick ? 10 : 40;
  const direct: number[] = [];
  const wrapped: number[] = [];
  const wrapOnly: number[] = [];
  try {
    for (let i = 0; i < pairs; i++) {
      let t = performance.now();
      await run(["true"], work);
      direct.push(performance.now() - t);
      t = performance.now();
      const launch = await sandbox.wrap({
        agentId: `A${i}`,
        executor: "command",
        argv: ["true"],
        env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: path.join(base, "home") },
        endpoint: null,
        carried: false,
        allowed: [],
        readable: [],
        writable: [],
        recordPath: path.join(stateDir, `A${i}.json`),
      });
      wrapOnly.push(performance.now() - t);
      await run(launch.argv, work);
      wrapped.push(performance.now() - t);
      await launch.done();
    }
  } finally {
    await sandbox.close();
    rmSync(base, { recursive: true, force: true });
  }
  return [
    {
      name: "sandbox: added time per agent start (wrap + start of `true` in bubblewrap vs directly, median of pairs)",
      value: round(median(wrapped) - median(direct)),
      unit: "ms",
    },
    { name: "sandbox: wrapping an agent's argv (rules and work-tree scan), median", value: round(median(wrapOnly)), unit: "ms" },
    { name: "sandbox: start of `true` directly, median", value: round(median(direct)), unit: "ms" },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchSandbox({ quick: process.argv.includes("--quick") })) console.log(`${r.name}: ${r.value} ${r.unit}`);
}

/**
 * What running agents as a separate OS user costs: per agent start (its home, its inputs
 * directory, its environment, a spawn with another uid/gid) against the same start as the
 * orchestrator's own user, interleaved pair by pair; and the one-off cost per wave of opening and
 * closing the boundary (lease the user, hand the work tree over and take it back).
 * Needs root; reports nothing elsewhere.
 *
 *   node --import tsx bench/agent-user.ts [--quick]
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync, chmodSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openBoundary } from "../src/agent-user/boundary.js";
import { runAgentProcess } from "../src/runtime/run-agent.js";
import type { RunAgentOptions } from "../src/runtime/types.js";
import type { BenchResult } from "./figure.js";

const TARGET_PER_AGENT_MS = 20;
const round = (n: number) => Math.round(n * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function makeRepo(base: string, files: number): string {
  const root = path.join(base, "repo");
  mkdirSync(path.join(root, "src"), { recursive: true });
  execFileSync("git", ["init", "-q", root]);
  for (let i = 0; i < files; i++) writeFileSync(path.join(root, "src", `f${i}.txt`), `${i}\n`);
  return root;
}

export async function benchAgentUser({ quick }: { quick: boolean }): Promise<BenchResult[]> {
  if (process.getuid?.() !== 0) return [];
  const base = mkdtempSync(path.join(os.tmpdir(), "wave-bench-agent-user-"));
  chmodSync(base, 0o755);
  const files = quick ? 1000 : 10_000;
  const root = makeRepo(base, files);
  const results: BenchResult[] = [];
  try {
    const opened = performance.now();
    const boundary = await openBoundary({
      decision: { kind: "separate", name: "wave-agent", pooled: true },
      root,
      stateDir: path.join(root, ".wave"),
      protectedPaths: [],
      onWarning: () => undefined,
    });
    const openMs = performance.now() - opened;
    const pairs = quick ? 10 : 40;
    const same: number[] = [];
    const separate: number[] = [];
    const base0: RunAgentOptions = {
      argv: ["true"],
      cwd: root,
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
      stdin: "prompt\n",
      logPath: path.join(base, "same.log"),
      timeoutMs: 600_000,
      idleTimeoutMs: null,
      rateLimit: null,
    };
    for (let i = 0; i < pairs; i++) {
      let t = performance.now();
      await runAgentProcess(base0);
      same.push(performance.now() - t);
      t = performance.now();
      const id = `A${i}`;
      const inputs = await boundary.inputsDir(id);
      writeFileSync(path.join(inputs!, "prompt.md"), "prompt\n");
      const env = await boundary.adjustEnv(id, { ...base0.env });
      await runAgentProcess({
        ...base0,
        env,
        cwd: boundary.agentRoot,
        identity: boundary.identity!,
        logPath: path.join(base, "separate.log"),
      });
      separate.push(performance.now() - t);
    }
    const closed = performance.now();
    await boundary.close();
    const closeMs = performance.now() - closed;
    const perAgent = median(separate) - median(same);
    results.push({
      name: "agent-user: added time per agent start (separate user vs same user, median of pairs)",
      value: round(perAgent),
      unit: "ms",
      target: `< ${TARGET_PER_AGENT_MS} ms`,
      met: perAgent < TARGET_PER_AGENT_MS,
    });
    results.push({ name: "agent-user: agent start as the same user, median", value: round(median(same)), unit: "ms" });
    results.push({ name: `agent-user: open the boundary once per wave (${files} files handed over)`, value: round(openMs), unit: "ms" });
    results.push({ name: `agent-user: close the boundary once per wave (${files} files taken back)`, value: round(closeMs), unit: "ms" });
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await benchAgentUser({ quick: process.argv.includes("--quick") }))
    console.log(`${r.name}: ${r.value} ${r.unit}${r.target ? ` (target ${r.target}: ${r.met ? "met" : "NOT met"})` : ""}`);
}

/**
 * Runtime benchmarks: orchestration overhead for parallel agents, exit-to-outcome latency, and the
 * orchestrator's peak RSS while an agent prints a lot.
 *
 *   node --import tsx bench/runtime.ts [--quick]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { runWithConcurrency } from "../src/runtime/concurrency.js";
import { runAgentProcess } from "../src/runtime/run-agent.js";
import type { RunAgentOptions } from "../src/runtime/types.js";
import type { BenchResult } from "./figure.js";

const TARGET_OVERHEAD_10_MS = 150;
const TARGET_DETECTION_MS = 20;
const TARGET_RSS_MB = 150;

function options(dir: string, name: string, argv: string[]): RunAgentOptions {
  return {
    argv,
    cwd: dir,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
    stdin: null,
    logPath: path.join(dir, `${name}.log`),
    timeoutMs: 600_000,
    idleTimeoutMs: null,
    rateLimit: null,
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

const round = (n: number) => Math.round(n * 10) / 10;

async function overhead(dir: string, agents: number): Promise<number> {
  const items = Array.from({ length: agents }, (_, i) => i);
  const start = performance.now();
  const outcomes = await runWithConcurrency(items, 0, (i) => runAgentProcess(options(dir, `sleep-${agents}-${i}`, ["sleep", "1"])));
  const wall = performance.now() - start;
  const failed = outcomes.filter((o) => o.status !== "succeeded").length;
  if (failed > 0) throw new Error(`${failed} of ${agents} sleep agents failed`);
  return wall - 1000;
}

/** The same work with a bare spawn (no log, no deadlines, no cleanup): what the machine itself costs. */
async function bareOverhead(agents: number): Promise<number> {
  const start = performance.now();
  await Promise.all(
    Array.from(
      { length: agents },
      () =>
        new Promise<void>((resolve) => {
          const child = spawn("sleep", ["1"], { detached: true, stdio: ["ignore", "pipe", "pipe"] });
          child.stdout.resume();
          child.stderr.resume();
          child.on("close", () => resolve());
        }),
    ),
  );
  return performance.now() - start - 1000;
}

async function exitLatency(dir: string, runs: number): Promise<number[]> {
  const stampFile = path.join(dir, "exit-stamp");
  // `date` stamps the wall clock (ns) as the last thing before the agent's shell exits.
  const argv = ["sh", "-c", 'date +%s%N > "$1"', "stamp", stampFile];
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const outcome = await runAgentProcess(options(dir, "latency", argv));
    const resolvedAt = performance.timeOrigin + performance.now();
    if (outcome.status !== "succeeded") throw new Error(`latency agent failed: ${outcome.status}`);
    const exitedAt = Number(BigInt(readFileSync(stampFile, "utf8").trim()) / 1000n) / 1000;
    samples.push(resolvedAt - exitedAt);
  }
  return samples.sort((a, b) => a - b);
}

async function peakRss(dir: string, bytes: number): Promise<{ peak: number; before: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  try {
    const outcome = await runAgentProcess({
      ...options(dir, "big", ["head", "-c", String(bytes), "/dev/zero"]),
      onOutput: () => undefined,
    });
    if (outcome.status !== "succeeded") throw new Error(`big-output agent failed: ${outcome.status}`);
  } finally {
    clearInterval(sampler);
    rmSync(path.join(dir, "big.log"), { force: true });
  }
  const mib = 1024 * 1024;
  return { peak: Math.max(peak, process.memoryUsage.rss()) / mib, before: before / mib };
}

export async function benchRuntime({ quick }: { quick: boolean }): Promise<BenchResult[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "wave-bench-runtime-"));
  const results: BenchResult[] = [];
  try {
    for (const agents of [1, 10, 100]) {
      const ms = await overhead(dir, agents);
      const result: BenchResult = { name: `runtime: overhead, ${agents} parallel agents (sleep 1)`, value: round(ms), unit: "ms" };
      if (agents === 10) {
        result.target = `< ${TARGET_OVERHEAD_10_MS} ms`;
        result.met = ms < TARGET_OVERHEAD_10_MS;
      }
      results.push(result);
      if (agents === 10) {
        const bare = await bareOverhead(agents);
        results.push({ name: "runtime: same with a bare spawn (machine baseline), 10 agents", value: round(bare), unit: "ms" });
      }
    }
    const latency = await exitLatency(dir, quick ? 10 : 40);
    const median = percentile(latency, 50);
    const p95 = percentile(latency, 95);
    results.push({
      name: "runtime: exit-to-outcome latency, median",
      value: round(median),
      unit: "ms",
      target: `< ${TARGET_DETECTION_MS} ms`,
      met: median < TARGET_DETECTION_MS,
    });
    results.push({
      name: "runtime: exit-to-outcome latency, p95",
      value: round(p95),
      unit: "ms",
      target: `< ${TARGET_DETECTION_MS} ms`,
      met: p95 < TARGET_DETECTION_MS,
    });
    const mib = quick ? 100 : 1024;
    const rss = await peakRss(dir, mib * 1024 * 1024);
    results.push({
      name: `runtime: orchestrator peak RSS while an agent prints ${mib} MiB`,
      value: round(rss.peak),
      unit: "MiB",
      target: `< ${TARGET_RSS_MB} MiB`,
      met: rss.peak < TARGET_RSS_MB,
    });
    results.push({
      name: "runtime: orchestrator RSS before that run (process baseline)",
      value: round(rss.before),
      unit: "MiB",
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const results = await benchRuntime({ quick: process.argv.includes("--quick") });
  for (const r of results) {
    const verdict = r.target ? `  (target ${r.target}: ${r.met ? "met" : "NOT met"})` : "";
    console.log(`${r.name}: ${r.value} ${r.unit}${verdict}`);
  }
}

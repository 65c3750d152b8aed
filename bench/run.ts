/**
 * Runs the benchmark modules, prints a table, and (after a full run) writes bench/results.json
 * with a description of the machine and regenerates docs/benchmarks.md from it.
 *
 *   npm run bench                         full run: writes bench/results.json and docs/benchmarks.md
 *   npm run bench -- --quick              smaller inputs; prints only (add --out <file> to write results)
 *   npm run bench -- --only engine,markers
 *
 * Modules run one after another (never in parallel: they would measure each other), each in a
 * fresh Node process, so one module's heap and loaded code do not count in another's memory
 * figures. A module that fails is reported and the others still run; the exit status is then 1.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  type BenchFigure,
  type BenchResults,
  BenchResultsSchema,
  DOC_FILE,
  RESULTS_FILE,
  renderBenchmarksDoc,
} from "../scripts/bench-doc.js";
import type { BenchResult } from "./figure.js";

type ModuleFigure = BenchResult;

interface BenchModule {
  name: string;
  description: string;
  /** Loaded only in the module's own process, so no module's code weighs on another's memory. */
  load(): Promise<(options: { quick: boolean }) => Promise<ModuleFigure[]>>;
  /** Left out of a `--quick` run unless `--only` names it (it installs packages and takes minutes). */
  fullRunOnly?: boolean;
}

const MODULES: BenchModule[] = [
  {
    name: "validate",
    description:
      "Loading and validating a generated lane of 100 wave files with 20 agents each (10 with `--quick`): wall time of `loadProject` and growth of the peak RSS.",
    load: () => import("./validate.js").then((m) => m.benchValidate),
  },
  {
    name: "runtime",
    description:
      "The agent process runtime alone: overhead of 1/10/100 parallel agents that sleep 1 s (wall time minus 1 s), the delay from an agent's exit to its outcome, and the orchestrator's peak RSS while an agent prints 1 GiB (100 MiB with `--quick`).",
    load: () => import("./runtime.js").then((m) => m.benchRuntime),
  },
  {
    name: "agent-user",
    description:
      "Agents as a separate OS user (needs root): the time each agent start adds (its home, inputs directory, environment, a spawn with another uid) against the same start as the orchestrator's user, median of 40 interleaved pairs (10 with `--quick`); and the once-per-wave cost of handing a 10,000-file work tree to the agent user and taking it back (1,000 with `--quick`).",
    load: () => import("./agent-user.js").then((m) => m.benchAgentUser),
  },
  {
    name: "engine",
    description:
      "A whole `runWave` (project load, prompts, launch files, progress journal, gates, workspace changes, result) with 1/10/100 `command` agents that sleep 1 s, wall time minus 1 s (median of 3; 1 with `--quick`); and resume waste: agent process starts over two attempts of a 10-agent wave in which one agent fails once (11 means nothing that succeeded ran again).",
    load: () => import("./engine.js").then((m) => m.benchEngine),
  },
  {
    name: "markers",
    description:
      "Throughput of the streaming marker parser over 64 MiB synthetic logs (8 MiB with `--quick`) fed in 64 KiB chunks: mixed prose, codex `--json` events, markers, fences and ANSI colours; a pure codex transcript; a marker-dense log; and what reading usage figures adds to parsing a Claude `stream-json` and a codex `--json` transcript (median of paired runs, with and without).",
    load: () => import("./markers.js").then((m) => m.benchMarkers),
  },
  {
    name: "redact",
    description:
      "Secret redaction of a 64 MiB log (8 MiB with `--quick`) holding 20 secrets in raw and encoded forms, through the string, buffer and stream paths and in place on disk. MB per CPU second of this process.",
    load: () => import("./redact.js").then((m) => m.benchRedact),
  },
  {
    name: "proxy",
    description:
      "The model proxy against a loopback upstream: the median time it adds to a model request with a JSON answer (400 interleaved pairs direct and through the proxy; 100 with `--quick`), and to the first and last byte of a streamed (SSE) answer whose upstream pauses 20 ms mid-stream (100 pairs; 30 with `--quick`).",
    load: () => import("./proxy.js").then((m) => m.benchProxy),
  },
  {
    name: "sandbox",
    description:
      "The agent sandbox (bubblewrap through `@anthropic-ai/sandbox-runtime`): the time it adds to an agent start — wrapping the argv (rules, the work tree's scan) and starting `true` inside bubblewrap — against starting `true` directly, median of 40 interleaved pairs (10 with `--quick`), and the wrap alone. No figures where bubblewrap, socat or ripgrep is missing.",
    load: () => import("./sandbox.js").then((m) => m.benchSandbox),
  },
  {
    name: "artifacts",
    description:
      "A wave state directory with 100 MB of agent logs (10 MB with `--quick`) uploaded and downloaded through the real `@actions/artifact` client against the local Actions results-service emulator backed by Azurite, and through the local directory store.",
    load: () => import("./artifacts.js").then((m) => m.benchArtifacts),
  },
  {
    name: "cli-start",
    description:
      "Start-up of the `wave` CLI bundle (dist/cli/index.js, or the one WAVE_BENCH_CLI names): wall time of `wave --version`, `wave --help` and a `local` agent start (`wave __local-agent`), each above a bare `node -e 0`, median of 40 interleaved runs (15 with `--quick`), and the size of the whole bundle (dist/). WAVE_BENCH_CLI_BEFORE adds another bundle to the same runs.",
    load: () => import("./cli-start.js").then((m) => m.benchCliStart),
  },
  {
    name: "action-start",
    description:
      "Start-up of the action's main step (dist/index.js, or the build WAVE_BENCH_CLI names): the bundle run as a runner runs it (INPUT_* variables, temporary GITHUB_OUTPUT and summary files, no artifact upload) on a wave of one `local` implementation agent + A0, from process start to its first agent launched (the job log's `A1 started` line), with the first log line and the wave-start line on the way; median of 15 interleaved runs (5 with `--quick`), and the first agent launched above a bare `node -e 0`. WAVE_BENCH_CLI_BEFORE adds another build to the same runs.",
    load: () => import("./action-start.js").then((m) => m.benchActionStart),
  },
  {
    name: "shard",
    description:
      "A wave too big for one job: 48 implementation agents + A0 (16 with `--quick`), each sleeping 2 s (1 s), 8 at a time per job. One `wave run` in one checkout against the sharded path: `wave plan --max-agents-per-job 8` shards, each `wave run --shard i/n` in a clone of its own, all at once (as matrix jobs on their own runners), then `wave run --closure` merging them. Wall time of each and the sharded overhead; target: sharded at most a quarter of one job + 10 s.",
    load: () => import("./shard.js").then((m) => m.benchShard),
  },
  {
    name: "scale",
    description:
      "A wave of 1,000 `local` agents (100 with `--quick`) at 25 per job through the Actions harness (Azurite, the emulated results service and REST API with GitHub's pagination and rate limit): `wave plan --max-agents-per-job 25` gives 40 shard jobs (4) and the closure job. Each job claims its unit with the real pick, lists the run once, uploads its state and status record through the real `@actions/artifact` client (in this process, one job after another); the shards' engines are real `wave run --shard i/n` processes, two at a time; the closure job downloads the shard states with the action's `findShardBase` and runs `wave run --closure`; the report lists the run once. Figures: the engines' and closure's wall time, the closure merge (its start to A0's launch; target under 10 s), the summary size (under 1 MiB), and every REST request of the run (target under 300; a GITHUB_TOKEN has 1,000 an hour per repository). Runner start-up and the action's main step around the engine are not measured.",
    load: () => import("./scale.js").then((m) => m.benchScale),
    fullRunOnly: true,
  },
  {
    name: "vs-reference",
    description:
      "Wave Action against the tool it replaces (`@chllming/wave-orchestration@0.9.15`, installed with npm into bench/.work/): one whole wave run from each tool's command line with its built-in `local` executor in a fresh copy of the same generated git repository, for 1 implementation agent + the cont-QA agent A0 and for 10 + A0. Runs alternate between the tools (7 each; 3 with `--quick`) and count only when they passed (exit code, the tool's own result, the deliverables); median wall time of each and the reference's time over ours.",
    load: () => import("./vs-reference.js").then((m) => m.benchVsReference),
    fullRunOnly: true,
  },
];

/** Targets for figures whose module does not state one (what a user of the tool should expect). */
const TARGETS: { name: RegExp; target: string; met(value: number): boolean }[] = [
  { name: /^validate 100x20 wave files: wall time$/, target: "< 2000 ms", met: (v) => v < 2000 },
  // A 1 GiB agent log parsed in well under a minute while it streams; a log of nothing but markers is rare.
  { name: /^markers: parse (mixed log|codex --json transcript)/, target: "> 50 MB/s", met: (v) => v > 50 },
  { name: /^markers: parse marker-only log$/, target: "> 10 MB/s", met: (v) => v > 10 },
  // Usage figures come from the same events the parser reads anyway.
  { name: /^markers: usage extraction overhead/, target: "< 5 %", met: (v) => v < 5 },
  { name: /^redact\.(string|buffer|stream|file)$/, target: "> 50 MB/s", met: (v) => v > 50 },
  { name: /^redact\.file\.rss-growth$/, target: "< 64 MB", met: (v) => v < 64 },
  { name: /^artifacts\.(github|local)\.(upload|download)$/, target: "< 10000 ms", met: (v) => v < 10_000 },
];

function withTarget(module: string, f: ModuleFigure): BenchFigure {
  if (f.target !== undefined) return { module, name: f.name, value: f.value, unit: f.unit, target: f.target, met: f.met ?? null };
  const rule = TARGETS.find((t) => t.name.test(f.name));
  return { module, name: f.name, value: f.value, unit: f.unit, target: rule?.target ?? null, met: rule ? rule.met(f.value) : null };
}

function machine(loadAverageStart: number[]): BenchResults["machine"] {
  const cpus = os.cpus();
  const l = (x: number[]) => [x[0] ?? 0, x[1] ?? 0, x[2] ?? 0] as [number, number, number];
  return {
    cpuModel: cpus[0]?.model.trim() || "unknown",
    cores: Math.max(1, cpus.length),
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: os.platform(),
    arch: os.arch(),
    release: os.release(),
    loadAverageStart: l(loadAverageStart),
    loadAverageEnd: l(os.loadavg()),
  };
}

function printTable(figures: BenchFigure[]): void {
  const rows = figures.map((f) => [
    f.module,
    f.name,
    `${f.value} ${f.unit}`,
    f.target ?? "",
    f.met === null ? "" : f.met ? "met" : "NOT MET",
  ]);
  const header = ["module", "figure", "value", "target", ""];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join("  ")
      .trimEnd();
  console.log(line(header));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const r of rows) console.log(line(r));
}

/** Runs one module in a child process (this file with --child); resolves with its figures. */
function runInChild(mod: BenchModule, quick: boolean): Promise<ModuleFigure[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "wave-bench-child-"));
  const out = path.join(dir, "figures.json");
  const args = [...process.execArgv, fileURLToPath(import.meta.url), "--child", mod.name, "--out", out, ...(quick ? ["--quick"] : [])];
  return new Promise<ModuleFigure[]>((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      try {
        if (code !== 0) throw new Error(`the ${mod.name} benchmark exited with ${signal ?? `code ${code}`}`);
        resolve(JSON.parse(readFileSync(out, "utf8")) as ModuleFigure[]);
      } catch (error) {
        reject(error);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

async function child(name: string, quick: boolean, out: string): Promise<number> {
  const mod = MODULES.find((m) => m.name === name);
  if (!mod) throw new Error(`unknown module ${name}`);
  const run = await mod.load();
  writeFileSync(out, JSON.stringify(await run({ quick })));
  return 0;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      quick: { type: "boolean" },
      only: { type: "string", multiple: true },
      out: { type: "string" },
      child: { type: "string" },
    },
  });
  const quick = values.quick === true;
  if (values.child) return child(values.child, quick, values.out ?? "");
  const only = (values.only ?? [])
    .flatMap((s) => s.split(","))
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only.filter((n) => !MODULES.some((m) => m.name === n));
  if (unknown.length > 0) {
    console.error(`bench: unknown module(s) ${unknown.join(", ")}; known: ${MODULES.map((m) => m.name).join(", ")}`);
    return 2;
  }
  const selected = only.length > 0 ? MODULES.filter((m) => only.includes(m.name)) : MODULES.filter((m) => !(quick && m.fullRunOnly));
  for (const m of MODULES)
    if (!selected.includes(m) && quick && m.fullRunOnly && only.length === 0)
      console.error(`bench: ${m.name} left out of a quick run (--only ${m.name} runs it)`);
  const startedAt = new Date();
  const loadStart = os.loadavg();
  const modules: BenchResults["modules"] = [];
  const figures: BenchFigure[] = [];
  for (const mod of selected) {
    console.error(`bench: ${mod.name}${quick ? " (quick)" : ""}…`);
    const t = performance.now();
    let error: string | null = null;
    try {
      for (const f of await runInChild(mod, quick)) figures.push(withTarget(mod.name, f));
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
      console.error(`bench: ${mod.name} failed: ${error}`);
    }
    modules.push({ name: mod.name, description: mod.description, durationMs: Math.round(performance.now() - t), error });
  }
  const results = BenchResultsSchema.parse({
    schemaVersion: 1,
    kind: "wave-bench-results",
    quick,
    startedAt: startedAt.toISOString(),
    completedAt: new Date().toISOString(),
    machine: machine(loadStart),
    modules,
    figures,
  });
  printTable(figures);
  const withTargets = figures.filter((f) => f.met !== null);
  console.log(
    `\n${withTargets.filter((f) => f.met).length} of ${withTargets.length} targets met; load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")} on ${results.machine.cores} cores`,
  );

  const complete = !quick && only.length === 0;
  const out = values.out ? path.resolve(values.out) : complete ? RESULTS_FILE : null;
  if (out) {
    writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`wrote ${path.relative(process.cwd(), out)}`);
  }
  if (complete && out === RESULTS_FILE) {
    writeFileSync(DOC_FILE, renderBenchmarksDoc(results));
    console.log(`wrote ${path.relative(process.cwd(), DOC_FILE)}`);
  }
  return modules.some((m) => m.error) ? 1 : 0;
}

process.exitCode = await main();

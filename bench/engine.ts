/**
 * Engine benchmarks: what a whole `runWave` costs on top of its agents, and how much work a resume
 * repeats.
 *
 * - Orchestration overhead: a wave of 1, 10 and 100 `command` agents that each sleep 1 s, run by
 *   runWave in this process (project load, prompts, launch files, progress journal, gates,
 *   workspace-change capture, result) — wall time minus the 1 s the agents sleep. Median of 3 runs
 *   (1 with quick).
 * - Ownership watch: what looking at the work tree costs for one stage of 10 agents side by side
 *   (src/engine/ownership.ts): a `git status` at the start and at each agent's end, the stage's
 *   `.git` sweep (ignored directories skipped) and the gates.
 * - Resume waste: a 10-agent wave where one agent fails on its first run; agent process starts
 *   across attempt 1 (fails) and attempt 2 (resumed by a second runWave). The goal is 11: the nine
 *   successes are reused, only the failed agent runs again. The same with one in-job retry.
 *
 *   node --import tsx bench/engine.ts [--quick]
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { DEFAULT_RUN_OPTIONS, type RunOptions } from "../src/engine/options.js";
import { runWave } from "../src/engine/run-wave.js";
import { runAgentProcess } from "../src/runtime/run-agent.js";
import { type BenchResult, git, median } from "./figure.js";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const CLI_ARGV = [process.execPath, "--import", import.meta.resolve("tsx"), path.join(REPO_ROOT, "src", "cli.ts")];
const TARGET_OVERHEAD_MS: Record<number, number> = { 1: 1000, 10: 1500, 100: 5000 };
const RESUME_GOAL_RUNS = 11;
/** One `git status` per agent end: a git process alone costs several milliseconds. */
/** The target: the ownership check at one agent's end, in a 10-agent wave. */
const OWNERSHIP_PER_AGENT_TARGET_MS = 20;
/** The whole watch of the stage: first look, 10 agent ends, the stage's last look and sweep, gates. */
const OWNERSHIP_TARGET_MS = 250;

const round = (n: number) => Math.round(n * 10) / 10;

/** A committed repository with one wave of `agents` command agents running `argv`. */
function benchRepo(base: string, name: string, agents: number, argvOf: (id: string) => string[]): string {
  const root = path.join(base, name);
  mkdirSync(path.join(root, "docs", "plans", "waves"), { recursive: true });
  const parts = ["# Wave 1 - Engine benchmark", ""];
  for (let i = 1; i <= agents; i++) {
    const id = `B${i}`;
    const command = argvOf(id)
      .map((w) => (/^[A-Za-z0-9_./=:-]+$/.test(w) ? w : `'${w}'`))
      .join(" ");
    parts.push(
      `## Agent ${id}: Bench agent ${i}`,
      "",
      "### Executor",
      "",
      "- id: command",
      `- command: ${command}`,
      "",
      "### Prompt",
      "",
      "```text",
      `Benchmark agent ${i}.`,
      "```",
      "",
    );
  }
  writeFileSync(path.join(root, "docs", "plans", "waves", "wave-1.md"), parts.join("\n"));
  writeFileSync(path.join(root, ".gitignore"), ".wave/\n");
  git(root, ["init", "-q", "-b", "main"]);
  git(root, ["add", "-A"]);
  git(root, ["commit", "-q", "-m", "bench"]);
  return root;
}

function options(root: string, extra: Partial<RunOptions> = {}): RunOptions {
  return {
    ...DEFAULT_RUN_OPTIONS,
    root,
    configPath: undefined,
    lane: undefined,
    stateDir: path.join(root, ".wave"),
    wave: 1,
    executor: undefined,
    idleTimeoutMinutes: null,
    resume: "never",
    feedback: null,
    redact: [],
    maxAttempts: 1,
    ...extra,
  };
}

async function run(opts: RunOptions) {
  return runWave(opts, {
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? os.tmpdir() },
    cliArgv: CLI_ARGV,
    now: () => new Date(),
    runProcess: runAgentProcess,
  });
}

async function overheadMs(base: string, agents: number, repeats: number): Promise<number> {
  const root = benchRepo(base, `overhead-${agents}`, agents, () => ["sleep", "1"]);
  const samples: number[] = [];
  for (let i = 0; i < repeats; i++) {
    rmSync(path.join(root, ".wave"), { recursive: true, force: true });
    const start = performance.now();
    const { result } = await run(options(root));
    const wall = performance.now() - start;
    if (result.status !== "passed") throw new Error(`overhead wave with ${agents} agents ended ${result.status}`);
    samples.push(wall - 1000);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/** Agent process starts for a 10-agent wave with one failure: across two runWave calls, or one with two attempts. */
async function resumeRuns(base: string, mode: "resume" | "in-job"): Promise<number> {
  const dir = path.join(base, `resume-${mode}`);
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  const runsFile = path.join(dir, "runs.log");
  const script = path.join(dir, "agent.sh");
  // Appends a line per start; B7 fails on its first run only.
  writeFileSync(
    script,
    `echo "$WAVE_AGENT_ID" >> "$1"\nif [ "$WAVE_AGENT_ID" = B7 ] && [ ! -e "$2" ]; then : > "$2"; exit 1; fi\nexit 0\n`,
  );
  const root = benchRepo(dir, "repo", 10, () => ["/bin/sh", script, runsFile, path.join(dir, "failed-once")]);
  if (mode === "resume") {
    const first = await run(options(root, { resume: "never" }));
    if (first.result.status !== "failed") throw new Error(`resume bench: attempt 1 ended ${first.result.status}`);
    const second = await run(options(root, { resume: "auto" }));
    if (second.result.status !== "passed") throw new Error(`resume bench: attempt 2 ended ${second.result.status}`);
  } else {
    const only = await run(options(root, { maxAttempts: 2 }));
    if (only.result.status !== "passed") throw new Error(`in-job retry bench ended ${only.result.status}`);
  }
  return readFileSync(runsFile, "utf8").split("\n").filter(Boolean).length;
}

/**
 * The ownership watch of one stage of `agents` agents side by side in a repository of `files`
 * committed files (and an ignored node_modules of as many): the first look, one look per agent end
 * (each agent wrote its own file and one it does not own), the stage's last look and `.git` sweep,
 * and the gates. Median wall time of `samples` (file writes not counted).
 */
export async function ownershipWatchMs(
  base: string,
  agents: number,
  files: number,
  samples: number,
): Promise<{ totalMs: number; perAgentEndMs: number }> {
  const { OwnershipWatch } = await import("../src/engine/ownership.js");
  const root = path.join(base, `ownership-${agents}`);
  mkdirSync(path.join(root, "src"), { recursive: true });
  mkdirSync(path.join(root, "node_modules", "dep"), { recursive: true });
  for (let i = 0; i < files; i++) {
    writeFileSync(path.join(root, "src", `f${i}.js`), `export const f${i} = ${i};\n`);
    writeFileSync(path.join(root, "node_modules", "dep", `m${i}.js`), "module.exports = 1;\n");
  }
  writeFileSync(path.join(root, ".gitignore"), ".wave/\nnode_modules/\n");
  git(root, ["init", "-q", "-b", "main"]);
  git(root, ["add", "-A"]);
  git(root, ["commit", "-q", "-m", "bench"]);
  const ids = Array.from({ length: agents }, (_, i) => `A${i + 1}`);
  const times: number[] = [];
  const agentEnds: number[] = [];
  for (let s = 0; s < samples; s++) {
    git(root, ["reset", "-q", "--hard"]);
    git(root, ["clean", "-qfd"]);
    const watch = new OwnershipWatch({
      root,
      skipDirs: [path.join(root, ".wave")],
      pins: {
        root,
        set: { files: new Set(["docs/plans/waves/wave-1.md"]), dirs: [], waveDirs: ["docs/plans/waves/"] },
        files: new Map(),
        commandFiles: new Map(),
      },
      mode: "report",
      owned: new Map(ids.map((id) => [id, [`src/${id}.js`]])),
      warn: () => {},
    });
    let ms = 0;
    const timed = async (step: () => Promise<unknown> | unknown) => {
      const t = performance.now();
      await step();
      ms += performance.now() - t;
    };
    await timed(() => watch.begin());
    await timed(() => watch.stageStarting("implementation"));
    for (const id of ids) await timed(() => watch.agentStarted(id, "implementation"));
    for (const id of ids) {
      writeFileSync(path.join(root, "src", `${id}.js`), `${id}\n`);
      writeFileSync(path.join(root, "src", `${id}-stray.txt`), `${id}\n`);
      const before = ms;
      await timed(() => watch.agentEnded(id));
      agentEnds.push(ms - before);
    }
    await timed(() => watch.stageEnded("implementation", ids));
    await timed(() => watch.failingGates("implementation", ids));
    times.push(ms);
  }
  return { totalMs: median(times), perAgentEndMs: median(agentEnds) };
}

export async function benchEngine({ quick }: { quick: boolean }): Promise<BenchResult[]> {
  const base = mkdtempSync(path.join(os.tmpdir(), "wave-bench-engine-"));
  // Run as root, agents run behind a separate OS user (the default): the scratch files are theirs too.
  chmodSync(base, 0o777);
  const results: BenchResult[] = [];
  try {
    for (const agents of [1, 10, 100]) {
      const ms = await overheadMs(base, agents, quick ? 1 : 3);
      const target = TARGET_OVERHEAD_MS[agents]!;
      results.push({
        name: `engine: runWave overhead, ${agents} command agent${agents > 1 ? "s" : ""} (sleep 1)`,
        value: round(ms),
        unit: "ms",
        target: `< ${target} ms`,
        met: ms < target,
      });
    }
    const ownership = await ownershipWatchMs(base, 10, quick ? 100 : 1000, quick ? 1 : 3);
    results.push({
      name: "engine: ownership check at one agent's end, 10-agent stage (1000 files: git status, hashes, .git sweep)",
      value: round(ownership.perAgentEndMs),
      unit: "ms",
      target: `< ${OWNERSHIP_PER_AGENT_TARGET_MS} ms`,
      met: ownership.perAgentEndMs < OWNERSHIP_PER_AGENT_TARGET_MS,
    });
    results.push({
      name: "engine: ownership watch of a 10-agent stage (1000 files, 11 looks, .git sweep, gates)",
      value: round(ownership.totalMs),
      unit: "ms",
      target: `< ${OWNERSHIP_TARGET_MS} ms`,
      met: ownership.totalMs < OWNERSHIP_TARGET_MS,
    });
    for (const mode of ["resume", "in-job"] as const) {
      const runs = await resumeRuns(base, mode);
      results.push({
        name:
          mode === "resume"
            ? "engine: resume waste, agent runs over attempts 1+2 (10 agents, 1 failure)"
            : "engine: in-job retry waste, agent runs over 2 attempts (10 agents, 1 failure)",
        value: runs,
        unit: "runs",
        target: `= ${RESUME_GOAL_RUNS}`,
        met: runs === RESUME_GOAL_RUNS,
      });
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const results = await benchEngine({ quick: process.argv.includes("--quick") });
  for (const r of results) {
    const verdict = r.target ? `  (target ${r.target}: ${r.met ? "met" : "NOT met"})` : "";
    console.log(`${r.name}: ${r.value} ${r.unit}${verdict}`);
  }
}

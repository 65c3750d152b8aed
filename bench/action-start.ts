/**
 * Start-up of the action's main step: the built bundle (dist/index.js) run as the runner runs it,
 * on a wave of one `local` implementation agent plus the cont-QA agent A0 in a fresh copy of a
 * generated git repository, from the process's start to its first agent launched (the job log's
 * `A1 started` line, which the engine emits once the agent's process is spawned). Median of
 * interleaved runs (15; 5 with `--quick`), as wall time from the spawn and above a bare
 * `node -e 0` (what the bundle adds: loading it, reading the inputs, loading the wave, opening the
 * run). Two earlier lines of the log say where that time goes: the first line the step prints
 * (the project is loaded, the wave's lock taken and the agents' OS boundary opened: its note) and
 * the wave-start line (the run is recorded and announced; then the preflight and the first stage).
 *
 * The step reads its inputs from INPUT_* variables as on a runner (wave 0, executor local,
 * resume never: no artifact is listed), writes its outputs, state and summary to temporary
 * GITHUB_OUTPUT / GITHUB_STATE / GITHUB_STEP_SUMMARY files, and has no Actions runtime: the upload
 * at the end fails with a warning, after what is measured. GITHUB_ACTIONS is not set, so a step
 * started by an ordinary user never re-runs itself through sudo here. A run counts only when the
 * step exits 0 with its `status` output `passed`.
 *
 * The bundle is dist/index.js, or the one next to the CLI WAVE_BENCH_CLI names (a build made with
 * `node scripts/build.mjs <dir>`: <dir>/cli/index.js, so <dir>/index.js). WAVE_BENCH_CLI_BEFORE
 * names another build's CLI the same way, measured in the same runs (figures marked "before").
 *
 *   node --import tsx bench/action-start.ts [--quick]
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type BenchResult, median } from "./figure.js";
import { makeTemplate } from "./vs-reference.js";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The target: from the bundle's load to the first agent launched. */
const TARGET_MS = 150;
/** Far above a run's wall time; only a hung step reaches it. */
const RUN_TIMEOUT_MS = 2 * 60_000;

const round = (n: number) => Math.round(n * 10) / 10;

/** Milliseconds from the spawn to each milestone of one step. */
interface StepTimes {
  firstLine: number;
  waveStart: number;
  agentStart: number;
}

/** The value of output `name` in a GITHUB_OUTPUT file (`name<<DELIMITER` blocks, as @actions/core writes them). */
function outputOf(file: string, name: string): string | undefined {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const m = new RegExp(`^${name}<<(.+)\\n([\\s\\S]*?)\\n\\1$`, "m").exec(text);
  return m?.[2];
}

/** Runs the main step of `bundle` once in a fresh copy of `template`; throws unless it passed. */
function runStep(bundle: string, template: string, scratch: string, index: string): Promise<StepTimes> {
  const dir = path.join(scratch, `run-${index}`);
  const workspace = path.join(dir, "repo");
  const temp = path.join(dir, "runner-temp");
  cpSync(template, workspace, { recursive: true });
  mkdirSync(temp, { recursive: true });
  const files = { output: "output", state: "state", summary: "summary", env: "env", path: "path" };
  for (const [k, f] of Object.entries(files)) {
    const file = path.join(dir, f);
    writeFileSync(file, "");
    files[k as keyof typeof files] = file;
  }
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? os.homedir(),
    LANG: "C.UTF-8",
    ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
    GITHUB_WORKSPACE: workspace,
    RUNNER_TEMP: temp,
    GITHUB_OUTPUT: files.output,
    GITHUB_STATE: files.state,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_ENV: files.env,
    GITHUB_PATH: files.path,
    GITHUB_REPOSITORY: "bench/action-start",
    GITHUB_RUN_ID: "1",
    GITHUB_RUN_ATTEMPT: "1",
    INPUT_WAVE: "0",
    INPUT_EXECUTOR: "local",
    INPUT_RESUME: "never",
  };
  return new Promise<StepTimes>((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [bundle], { cwd: workspace, env, stdio: ["ignore", "pipe", "pipe"] });
    const times: Partial<StepTimes> = {};
    let out = "";
    let err = "";
    let pending = "";
    child.stdout.setEncoding("utf8");
    child.stderr.setEncoding("utf8");
    child.stdout.on("data", (text: string) => {
      const at = performance.now() - start;
      out += text;
      pending += text;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        times.firstLine ??= at;
        if (/^wave 0 \(lane main\) attempt 1/.test(line)) times.waveStart ??= at;
        if (/^A1 started\b/.test(line)) times.agentStart ??= at;
      }
    });
    child.stderr.on("data", (text: string) => {
      err += text;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_TIMEOUT_MS);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      try {
        const status = outputOf(files.output, "status");
        const tail = `${err.slice(-600)}${out.slice(-600)}`;
        if (code !== 0 || status !== "passed") throw new Error(`the main step exited ${code} with status ${String(status)}: ${tail}`);
        if (times.firstLine === undefined || times.waveStart === undefined || times.agentStart === undefined) {
          throw new Error(`the main step's log lacks the wave-start or A1 start line: ${tail}`);
        }
        resolve(times as StepTimes);
      } catch (error) {
        reject(error);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

/** Wall time of a bare `node -e 0`, in ms. */
function bareNode(): number {
  const start = performance.now();
  const r = spawnSync(process.execPath, ["-e", "0"], { stdio: "ignore" });
  if (r.status !== 0) throw new Error(`node -e 0 exited ${r.status ?? r.signal}`);
  return performance.now() - start;
}

/** The action bundle (dist/index.js) of the build whose CLI `cli` is (<dir>/cli/index.js). */
const bundleOfCli = (cli: string) => path.join(path.dirname(path.dirname(path.resolve(cli))), "index.js");

export async function benchActionStart(options: { quick: boolean }): Promise<BenchResult[]> {
  const bundles: { label: string; file: string }[] = [];
  const main = process.env.WAVE_BENCH_CLI ? bundleOfCli(process.env.WAVE_BENCH_CLI) : path.join(REPO_ROOT, "dist", "index.js");
  if (!existsSync(main)) throw new Error(`no action bundle at ${main} (npm run build, or set WAVE_BENCH_CLI)`);
  bundles.push({ label: "", file: main });
  if (process.env.WAVE_BENCH_CLI_BEFORE) bundles.push({ label: " (before)", file: bundleOfCli(process.env.WAVE_BENCH_CLI_BEFORE) });
  const runs = options.quick ? 5 : 15;
  const scratch = mkdtempSync(path.join(os.tmpdir(), "wave-bench-action-"));
  try {
    const template = path.join(scratch, "template");
    makeTemplate(template, 1);
    const bare: number[] = [];
    const times = new Map<string, StepTimes[]>(bundles.map((b) => [b.label, []]));
    // One unmeasured run each warms the file and compile caches (and proves the setup).
    bareNode();
    for (const b of bundles) await runStep(b.file, template, scratch, `warm${bundles.indexOf(b)}`);
    for (let i = 0; i < runs; i++) {
      bare.push(bareNode());
      for (const b of bundles) times.get(b.label)!.push(await runStep(b.file, template, scratch, `${i}-${bundles.indexOf(b)}`));
    }
    const base = median(bare);
    const out: BenchResult[] = [{ name: "action-start: node -e 0 (wall)", value: round(base), unit: "ms" }];
    for (const b of bundles) {
      const t = times.get(b.label)!;
      const agent = median(t.map((x) => x.agentStart));
      const above = round(agent - base);
      out.push(
        {
          name: `action-start: main step, first log line (boundary opened)${b.label} (wall)`,
          value: round(median(t.map((x) => x.firstLine))),
          unit: "ms",
        },
        { name: `action-start: main step, wave-start line${b.label} (wall)`, value: round(median(t.map((x) => x.waveStart))), unit: "ms" },
        { name: `action-start: main step, first agent launched${b.label} (wall)`, value: round(agent), unit: "ms" },
        {
          name: `action-start: main step, first agent launched${b.label}, above node -e 0 (wall)`,
          value: above,
          unit: "ms",
          ...(b.label === "" ? { target: `< ${TARGET_MS} ms`, met: above < TARGET_MS } : {}),
        },
      );
    }
    return out;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const r of await benchActionStart({ quick: process.argv.includes("--quick") })) console.log(`${r.name}: ${r.value} ${r.unit}`);
}

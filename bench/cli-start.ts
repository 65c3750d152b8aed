/**
 * Start-up of the `wave` CLI bundle: the wall time of `wave --version`, `wave --help` and of a
 * `local` agent (`wave __local-agent --task <file>`, the process every local agent of a wave is),
 * each above a bare `node -e 0`, median of interleaved runs (40; 15 with `--quick`); and the CPU
 * time (user + system) of `wave --version` above that of `node -e 0`, the figure the target
 * is in, from the same runs: each of those two processes reports its own `process.cpuUsage()` at
 * exit through a module loaded with `--import` (the same in both, so it cancels out). Also the size
 * of the whole bundle the CLI is an entry of (the directory above dist/cli/: code, maps, licences),
 * which the action's checkout and the npm package carry.
 *
 * The bundle is dist/cli/index.js, or the one WAVE_BENCH_CLI names (a build made with
 * `node scripts/build.mjs <dir>`: <dir>/cli/index.js). WAVE_BENCH_CLI_BEFORE names another bundle
 * to measure in the same runs, interleaved (figures marked "before"), for a before/after.
 *
 *   node --import tsx bench/cli-start.ts [--quick]
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { LocalTask } from "../src/executors/local/task.js";
import { type BenchResult, median } from "./figure.js";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The target for `wave --version`, in CPU time above `node -e 0`. */
const VERSION_TARGET_MS = 40;
/**
 * Loaded with --import into the processes whose CPU time is measured: writes the process's CPU
 * time (user + system, ms) to file descriptor 3 when it exits.
 */
const CPU_REPORTER = `data:text/javascript,${encodeURIComponent(
  'process.on("exit",()=>{const u=process.cpuUsage();process.getBuiltinModule("node:fs").writeSync(3,String((u.user+u.system)/1000))});',
)}`;
/** The target for the committed bundle, all of dist/. */
const BUNDLE_TARGET_MB = 6;

/** Bytes of every file under `dir`. */
function bytesUnder(dir: string): number {
  return readdirSync(dir, { recursive: true })
    .map((f) => statSync(path.join(dir, String(f))))
    .filter((st) => st.isFile())
    .reduce((sum, st) => sum + st.size, 0);
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Wall time of one process start to its exit, in ms; throws unless it exits with `expect`. */
function timed(argv: string[], expect: number, cwd: string): number {
  const start = performance.now();
  const r = spawnSync(process.execPath, argv, { cwd, stdio: ["ignore", "pipe", "pipe"], env: { PATH: process.env.PATH ?? "" } });
  const ms = performance.now() - start;
  if (r.status !== expect) throw new Error(`node ${argv.join(" ")} exited ${r.status ?? r.signal}: ${String(r.stderr).slice(0, 400)}`);
  return ms;
}

/** CPU time (user + system) of one process start to its exit, in ms, as it reports it; throws unless it exits 0. */
function cpuTimed(argv: string[], cwd: string): number {
  const r = spawnSync(process.execPath, ["--import", CPU_REPORTER, ...argv], {
    cwd,
    stdio: ["ignore", "pipe", "pipe", "pipe"],
    env: { PATH: process.env.PATH ?? "" },
  });
  const ms = Number(String(r.output[3] ?? ""));
  if (r.status !== 0 || !Number.isFinite(ms) || ms <= 0) {
    throw new Error(
      `node ${argv.join(" ")} exited ${r.status ?? r.signal} (CPU report ${String(r.output[3])}): ${String(r.stderr).slice(0, 400)}`,
    );
  }
  return ms;
}

/** A task for the local agent: an implementation agent with one deliverable in `root`. */
function writeTask(dir: string): string {
  const root = path.join(dir, "repo");
  const task: LocalTask = {
    version: 1,
    lane: "main",
    wave: 0,
    agentId: "A1",
    title: "bench",
    role: "implementation",
    root,
    deliverables: ["out/done.txt"],
    proofArtifacts: [],
    ownedPaths: ["out/"],
    components: [],
    exitContract: null,
    implementationOwning: true,
    reportPath: null,
    evalTargets: [],
    markerNonce: null,
  };
  mkdirSync(root, { recursive: true });
  const file = path.join(dir, "local-task.json");
  writeFileSync(file, JSON.stringify(task));
  return file;
}

interface Case {
  name: string;
  argv(cli: string): string[];
  expect: number;
  /** Run before each start (the local agent never overwrites a deliverable: remove it). */
  reset?(): void;
}

export async function benchCliStart(options: { quick: boolean }): Promise<BenchResult[]> {
  const bundles: { label: string; cli: string }[] = [];
  const cli = path.resolve(process.env.WAVE_BENCH_CLI ?? path.join(REPO_ROOT, "dist", "cli", "index.js"));
  if (!existsSync(cli)) throw new Error(`no CLI bundle at ${cli} (npm run build, or set WAVE_BENCH_CLI)`);
  bundles.push({ label: "", cli });
  if (process.env.WAVE_BENCH_CLI_BEFORE) bundles.push({ label: " (before)", cli: path.resolve(process.env.WAVE_BENCH_CLI_BEFORE) });
  const runs = options.quick ? 15 : 40;
  const dir = mkdtempSync(path.join(os.tmpdir(), "wave-bench-cli-"));
  try {
    const taskFile = writeTask(dir);
    const deliverable = path.join(dir, "repo", "out", "done.txt");
    const cases: Case[] = [
      { name: "wave --version", argv: (c) => [c, "--version"], expect: 0 },
      { name: "wave --help", argv: (c) => [c, "--help"], expect: 0 },
      {
        name: "local agent start (wave __local-agent)",
        argv: (c) => [c, "__local-agent", "--task", taskFile],
        expect: 0,
        reset: () => rmSync(deliverable, { force: true }),
      },
    ];
    const bare: number[] = [];
    const bareCpu: number[] = [];
    const versionCpu = new Map<string, number[]>(bundles.map((b) => [b.label, []]));
    const times = new Map<string, number[]>();
    // Warm the file cache once, then interleave: every round measures each case once.
    timed(["-e", "0"], 0, dir);
    for (const b of bundles) {
      for (const c of cases) {
        c.reset?.();
        timed(c.argv(b.cli), c.expect, dir);
      }
    }
    for (let i = 0; i < runs; i++) {
      bare.push(timed(["-e", "0"], 0, dir));
      bareCpu.push(cpuTimed(["-e", "0"], dir));
      for (const b of bundles) versionCpu.get(b.label)!.push(cpuTimed([b.cli, "--version"], dir));
      for (const b of bundles) {
        for (const c of cases) {
          c.reset?.();
          const key = `${c.name}${b.label}`;
          times.set(key, [...(times.get(key) ?? []), timed(c.argv(b.cli), c.expect, dir)]);
        }
      }
    }
    const base = median(bare);
    const baseCpu = median(bareCpu);
    const out: BenchResult[] = [
      { name: "cli-start: node -e 0 (wall)", value: round(base), unit: "ms" },
      { name: "cli-start: node -e 0 (CPU)", value: round(baseCpu), unit: "ms" },
    ];
    for (const b of bundles) {
      const above = round(median(versionCpu.get(b.label)!) - baseCpu);
      const figure: BenchResult = { name: `cli-start: wave --version${b.label}, CPU above node -e 0`, value: above, unit: "ms" };
      if (b.label === "") Object.assign(figure, { target: `< ${VERSION_TARGET_MS} ms`, met: above < VERSION_TARGET_MS });
      out.push(figure);
    }
    for (const b of bundles) {
      const mb = Math.round(bytesUnder(path.dirname(path.dirname(b.cli))) / 1e4) / 100;
      const figure: BenchResult = { name: `cli-start: bundle size (dist/, code, maps and licences)${b.label}`, value: mb, unit: "MB" };
      if (b.label === "") Object.assign(figure, { target: `< ${BUNDLE_TARGET_MB} MB`, met: mb < BUNDLE_TARGET_MB });
      out.push(figure);
    }
    for (const b of bundles) {
      for (const c of cases) {
        const above = round(median(times.get(`${c.name}${b.label}`)!) - base);
        out.push({ name: `cli-start: ${c.name}${b.label}, above node -e 0 (wall)`, value: above, unit: "ms" });
      }
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const r of await benchCliStart({ quick: process.argv.includes("--quick") })) console.log(`${r.name}: ${r.value} ${r.unit}`);
}

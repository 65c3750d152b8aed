/**
 * Wave Action against the tool it replaces, `@chllming/wave-orchestration` (the "reference"), on
 * the same job: one wave run from the command line with each tool's built-in `local` executor (a
 * fake agent that writes its deliverables and prints its markers; no model), for a wave of one
 * implementation agent plus the cont-QA agent A0, and one of ten implementation agents plus A0.
 *
 * - The reference is installed with npm into bench/.work/ (git-ignored) and reused while the
 *   installed version is the one pinned here; the project's package.json and lockfile are not
 *   involved.
 * - Every run gets a fresh copy of a generated git repository that both tools accept: the same
 *   wave file, role prompt and wave.config.json (validation thresholds the reference would
 *   otherwise demand — component matrix, documentation steward, prompt references — switched off,
 *   so both check the same gates: implementation and cont-QA). The reference also finds its
 *   project profile (`.wave/project-profile.json`, what `wave project setup` writes once), else a
 *   launch would stop to ask for it.
 * - Each tool runs as a user would start it: ours `node dist/cli/index.js run --wave 0`
 *   (or the bundle WAVE_BENCH_CLI names) with `--executor local`; the reference
 *   `node <package>/scripts/wave-launcher.mjs --executor local` with `--no-dashboard` (no tmux),
 *   `--no-telemetry` and `--no-context7` (no network here) and the update check switched off by
 *   its environment variable; its other defaults stay (such as its stagger between agent starts
 *   and its 3 s wait poll) because a user gets them.
 * - Runs alternate A B A B (7 each; 3 with `--quick`). A run counts only when it passed: exit code
 *   0 and the tool's own record says so (our result.json `status: "passed"`; the reference's
 *   run-state.json lists wave 0 as completed) and every deliverable exists. Figures: the median
 *   wall time of each tool and their ratio per wave size.
 *
 *   node --import tsx bench/vs-reference.ts [--quick]
 */
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type BenchResult, git, median } from "./figure.js";

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const REFERENCE_PACKAGE = "@chllming/wave-orchestration";
const REFERENCE_VERSION = "0.9.15";
const REFERENCE_DIR = path.join(REPO_ROOT, "bench", ".work", `reference-${REFERENCE_VERSION}`);
const TARGET_RATIO = 30;
/** Far above either tool's wall time; only a hung run reaches it. */
const RUN_TIMEOUT_MS = 5 * 60_000;

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The reference's package directory, installed with npm under bench/.work/ when not there yet. */
export function ensureReference(): string {
  const pkgDir = path.join(REFERENCE_DIR, "node_modules", ...REFERENCE_PACKAGE.split("/"));
  const manifest = path.join(pkgDir, "package.json");
  const installed = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version : undefined;
  if (installed === REFERENCE_VERSION) return pkgDir;
  rmSync(REFERENCE_DIR, { recursive: true, force: true });
  mkdirSync(REFERENCE_DIR, { recursive: true });
  // A package.json of its own, so npm neither climbs to the project's nor writes there.
  writeFileSync(path.join(REFERENCE_DIR, "package.json"), `${JSON.stringify({ name: "wave-bench-reference", private: true }, null, 2)}\n`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  const r = spawnSync(
    npm,
    ["install", "--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock", `${REFERENCE_PACKAGE}@${REFERENCE_VERSION}`],
    { cwd: REFERENCE_DIR, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" },
  );
  const version = existsSync(manifest) ? (JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version : undefined;
  if (r.status !== 0 || version !== REFERENCE_VERSION) {
    throw new Error(`npm install ${REFERENCE_PACKAGE}@${REFERENCE_VERSION} failed (${r.status ?? r.signal}): ${`${r.stderr}`.slice(-600)}`);
  }
  return pkgDir;
}

/** Deliverable of implementation agent `i` (1-based). */
const deliverable = (i: number) => `src/part-${i}.ts`;
const QA_REPORT = "docs/plans/waves/reviews/wave-0-cont-qa.md";

const ROLE_PROMPT = `# cont-QA role

## Standing prompt

\`\`\`text
You are the cont-QA reviewer of this wave. Read what the other agents delivered, write your
review report, and end it with a verdict line. Print the gate and verdict markers.
\`\`\`
`;

function waveFile(agents: number): string {
  const parts = [
    "# Wave 0 - Benchmark",
    "",
    "**Commit message**: `Benchmark: wave 0`",
    "",
    "## Agent A0: cont-QA",
    "",
    "### Role prompts",
    "- docs/agents/wave-cont-qa-role.md",
    "",
    "### Executor",
    "- id: local",
    "",
    "### Prompt",
    "```text",
    "Review the deliverables of this wave.",
    "",
    "File ownership (only touch these paths):",
    `- ${QA_REPORT}`,
    "```",
    "",
  ];
  for (let i = 1; i <= agents; i++) {
    parts.push(
      `## Agent A${i}: Part ${i}`,
      "",
      "### Executor",
      "- id: local",
      "",
      "### Deliverables",
      `- ${deliverable(i)}`,
      "",
      "### Prompt",
      "```text",
      `Write part ${i}.`,
      "",
      "File ownership (only touch these paths):",
      `- ${deliverable(i)}`,
      "```",
      "",
    );
  }
  return parts.join("\n");
}

/** Both tools read this; the thresholds off are rules the reference enables from wave 0 by default. */
const CONFIG = {
  version: 1,
  projectName: "bench",
  defaultLane: "main",
  validation: {
    requiredPromptReferences: [],
    requireDocumentationStewardFromWave: null,
    requireIntegrationStewardFromWave: null,
    requireComponentPromotionsFromWave: null,
    requireAgentComponentsFromWave: null,
  },
  waveControl: { reportMode: "disabled" },
};

/** The reference refuses to launch without a Context7 bundle index defining `none`; ours ignores it. */
const CONTEXT7_BUNDLES = {
  version: 1,
  defaultBundle: "none",
  bundles: { none: { description: "No Context7 prefetch.", libraries: [] } },
};

/** What the reference's `wave project setup` would write: without it a launch asks on the terminal. */
const REFERENCE_PROFILE = {
  schemaVersion: 1,
  initializedAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
  newProject: false,
  defaultOversightMode: "oversight",
  defaultTerminalSurface: "vscode",
  deployEnvironments: [],
  plannerDefaults: { template: "implementation", lane: "main" },
  source: { projectId: "default", projectName: "bench", configPath: "wave.config.json" },
};

/** A committed repository with a lane of one wave of `agents` implementation agents plus A0 (also the action-start bench's). */
export function makeTemplate(dir: string, agents: number): void {
  mkdirSync(path.join(dir, "docs", "plans", "waves", "reviews"), { recursive: true });
  mkdirSync(path.join(dir, "docs", "agents"), { recursive: true });
  mkdirSync(path.join(dir, "src"), { recursive: true });
  writeFileSync(path.join(dir, "README.md"), "# bench\n");
  writeFileSync(path.join(dir, "src", "index.ts"), "export {};\n");
  writeFileSync(path.join(dir, "docs", "agents", "wave-cont-qa-role.md"), ROLE_PROMPT);
  writeFileSync(path.join(dir, "docs", "plans", "waves", "wave-0.md"), waveFile(agents));
  writeFileSync(path.join(dir, "wave.config.json"), `${JSON.stringify(CONFIG, null, 2)}\n`);
  mkdirSync(path.join(dir, "docs", "context7"), { recursive: true });
  writeFileSync(path.join(dir, "docs", "context7", "bundles.json"), `${JSON.stringify(CONTEXT7_BUNDLES, null, 2)}\n`);
  git(dir, ["init", "-q", "-b", "main"]);
  git(dir, ["add", "-A"]);
  git(dir, ["commit", "-q", "-m", "Initial"]);
}

interface RunOutcome {
  ms: number;
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts `argv` with node in `cwd` and measures spawn to exit. */
function runTimed(argv: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<RunOutcome> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, argv, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_TIMEOUT_MS);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({
        ms: performance.now() - start,
        code,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
      });
    });
  });
}

function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.homedir(), LANG: "C.UTF-8" };
  if (process.env.TMPDIR) env.TMPDIR = process.env.TMPDIR;
  return env;
}

interface Tool {
  label: string;
  /** Prepares the fresh copy (tool-specific files) and returns the argv of the run. */
  prepare(repo: string): string[];
  env: NodeJS.ProcessEnv;
  /** Throws unless the run in `repo` passed by the tool's own record. */
  check(repo: string, run: RunOutcome): void;
}

function tail(run: RunOutcome): string {
  return `${run.stderr.slice(-800)}${run.stdout.slice(-400)}`;
}

function checkDeliverables(repo: string, agents: number, label: string): void {
  for (let i = 1; i <= agents; i++) {
    if (!existsSync(path.join(repo, deliverable(i)))) throw new Error(`${label}: ${deliverable(i)} was not written`);
  }
}

function ours(cli: string, agents: number): Tool {
  return {
    label: "wave-action",
    prepare: () => [cli, "run", "--wave", "0", "--executor", "local", "--json"],
    env: { ...baseEnv(), CI: "true" },
    check(repo, run) {
      if (run.code !== 0) throw new Error(`wave-action exited ${run.code}: ${tail(run)}`);
      // --json with one wave: its result.json, pretty-printed, is the whole of stdout.
      const result = JSON.parse(run.stdout) as { status?: string };
      if (result.status !== "passed") throw new Error(`wave-action result status ${String(result.status)}: ${tail(run)}`);
      checkDeliverables(repo, agents, "wave-action");
    },
  };
}

function reference(pkgDir: string, agents: number): Tool {
  return {
    label: "reference",
    prepare(repo) {
      mkdirSync(path.join(repo, ".wave"), { recursive: true });
      writeFileSync(path.join(repo, ".wave", "project-profile.json"), `${JSON.stringify(REFERENCE_PROFILE, null, 2)}\n`);
      return [
        path.join(pkgDir, "scripts", "wave-launcher.mjs"),
        "--lane",
        "main",
        "--start-wave",
        "0",
        "--end-wave",
        "0",
        "--executor",
        "local",
        "--no-dashboard",
        "--no-telemetry",
        "--no-context7",
      ];
    },
    env: { ...baseEnv(), WAVE_SKIP_UPDATE_CHECK: "1" },
    check(repo, run) {
      if (run.code !== 0) throw new Error(`reference exited ${run.code}: ${tail(run)}`);
      const statePath = path.join(repo, ".tmp", "main-wave-launcher", "run-state.json");
      if (!existsSync(statePath)) throw new Error(`reference wrote no ${path.relative(repo, statePath)}: ${tail(run)}`);
      const state = JSON.parse(readFileSync(statePath, "utf8")) as { completedWaves?: number[] };
      if (!state.completedWaves?.includes(0))
        throw new Error(`reference run-state does not list wave 0 as completed: ${JSON.stringify(state).slice(0, 400)}`);
      checkDeliverables(repo, agents, "reference");
    },
  };
}

async function measure(tool: Tool, template: string, scratch: string, index: number): Promise<number> {
  const repo = path.join(scratch, `${tool.label}-${index}`);
  cpSync(template, repo, { recursive: true });
  try {
    const argv = tool.prepare(repo);
    const run = await runTimed(argv, repo, tool.env);
    tool.check(repo, run);
    return run.ms;
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
}

export async function benchVsReference(options: { quick: boolean }): Promise<BenchResult[]> {
  const cli = path.resolve(process.env.WAVE_BENCH_CLI ?? path.join(REPO_ROOT, "dist", "cli", "index.js"));
  if (!existsSync(cli)) throw new Error(`no CLI bundle at ${cli} (npm run build, or set WAVE_BENCH_CLI)`);
  const pkgDir = ensureReference();
  const runs = options.quick ? 3 : 7;
  const scratch = mkdtempSync(path.join(os.tmpdir(), "wave-bench-vs-ref-"));
  const out: BenchResult[] = [];
  try {
    for (const agents of [1, 10]) {
      const template = path.join(scratch, `template-${agents}`);
      makeTemplate(template, agents);
      const tools = [ours(cli, agents), reference(pkgDir, agents)];
      const times = new Map<string, number[]>(tools.map((t) => [t.label, []]));
      // One unmeasured run each warms the file cache (and proves the setup before the series).
      for (const t of tools) await measure(t, template, scratch, -1);
      for (let i = 0; i < runs; i++) {
        for (const t of tools) times.get(t.label)!.push(await measure(t, template, scratch, i));
      }
      const a = median(times.get("wave-action")!);
      const b = median(times.get("reference")!);
      const size = `${agents} implementation agent${agents === 1 ? "" : "s"} + A0`;
      const ratio = round(b / a, 1);
      out.push(
        { name: `vs-reference ${size}: wave-action wall time (median of ${runs})`, value: Math.round(a), unit: "ms" },
        { name: `vs-reference ${size}: reference wall time (median of ${runs})`, value: Math.round(b), unit: "ms" },
        {
          name: `vs-reference ${size}: reference / wave-action`,
          value: ratio,
          unit: "×",
          target: `≥ ${TARGET_RATIO}×`,
          met: ratio >= TARGET_RATIO,
        },
      );
      rmSync(template, { recursive: true, force: true });
    }
    return out;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  for (const r of await benchVsReference({ quick: process.argv.includes("--quick") })) console.log(`${r.name}: ${r.value} ${r.unit}`);
}

/**
 * Test repositories for end-to-end runs of the engine and the `wave` CLI: a real git repository
 * with a wave file of `command` agents (test/fixtures/agents/agent.mjs), each driven by a
 * behaviour file kept outside the repository (so counters survive resets of the work tree).
 */
import { execFileSync } from "node:child_process";
import { existsSync, promises as fs, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runCli as runCliMain } from "../../src/cli/main.js";
import { DEFAULT_RUN_OPTIONS, type RunOptions } from "../../src/engine/options.js";
import { type RunWaveOutcome, runWave } from "../../src/engine/run-wave.js";
import type { EngineEvent } from "../../src/engine/types.js";
import { runAgentProcess } from "../../src/runtime/run-agent.js";
import { CLI_ARGV, type CliResult, REPO_ROOT, runCli } from "../helpers/cli.js";

export const AGENT_SCRIPT = path.join(REPO_ROOT, "test", "fixtures", "agents", "agent.mjs");

/** What the scripted agent does (see test/fixtures/agents/agent.mjs). */
export interface Behaviour {
  write?: Record<string, string>;
  print?: string[];
  stderr?: string[];
  cat?: string;
  coord?: string[][];
  ask?: string;
  failRuns?: number;
  sleepMs?: number;
  heartbeatMs?: number;
  silentMs?: number;
  exitCode?: number;
  touch?: string;
  child?: boolean;
  waitFile?: string;
  copyPrompt?: string;
  copyEnv?: string;
  guess?: { line: string; files?: string[]; out: string };
  /** Overrides for the agent's n-th process start (counted across runs and attempts). */
  runs?: Record<string, Partial<Behaviour>>;
  /** Filled in by the fixture: */
  log?: string;
  counter?: string;
}

export interface AgentSpec {
  id: string;
  title?: string;
  /** Repo-relative deliverables (also owned). */
  deliverables?: string[];
  /** Extra owned paths. */
  owned?: string[];
  /** Adds the default exit contract (contract / none / unit / none). */
  contract?: boolean;
  behaviour: Behaviour;
  /** Overrides the executor section (e.g. a missing program). */
  executorLines?: string[];
  /** Lines added to the executor section (e.g. `- budget.usd: 0.5`). */
  moreExecutorLines?: string[];
  /** `### Capabilities` entries (e.g. `design`: a design agent). */
  capabilities?: string[];
}

export interface TestRepo {
  base: string;
  root: string;
  /** Directory outside the repository for behaviour files, counters, copies of prompts. */
  ext: string;
  /** Every agent process start appends "<id> <attempt>" here. */
  startsLog: string;
  cleanup(): Promise<void>;
}

const GIT_ENV = {
  GIT_AUTHOR_NAME: "wave test",
  GIT_AUTHOR_EMAIL: "test@wave.invalid",
  GIT_COMMITTER_NAME: "wave test",
  GIT_COMMITTER_EMAIL: "test@wave.invalid",
};

export function git(root: string, args: string[]): string {
  return execFileSync("git", args, { cwd: root, env: { ...process.env, ...GIT_ENV }, encoding: "utf8" });
}

export async function makeRepo(label = "e2e"): Promise<TestRepo> {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), `wave-${label}-`));
  const root = path.join(base, "repo");
  const ext = path.join(base, "ext");
  await fs.mkdir(root, { recursive: true });
  await fs.mkdir(ext, { recursive: true });
  git(root, ["init", "-q", "-b", "main"]);
  await fs.writeFile(path.join(root, "README.md"), "# test repository\n");
  await fs.writeFile(path.join(root, ".gitignore"), ".wave/\n");
  return {
    base,
    root,
    ext,
    startsLog: path.join(ext, "starts.log"),
    cleanup: () => fs.rm(base, { recursive: true, force: true }),
  };
}

export const PROOF = "[wave-proof] completion=contract durability=none proof=unit state=met detail=done";
export const DOC_DELTA = "[wave-doc-delta] state=none detail=no docs touched";
export const INTEGRATION_READY = "[wave-integration] state=ready-for-doc-closure claims=0 conflicts=0 blockers=0 detail=consistent";
export const DOC_NO_CHANGE = "[wave-doc-closure] state=no-change detail=nothing to document";
export const GATE_PASS = "[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass detail=all good";
export const GATE_PASS_NONCE =
  "[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass nonce={nonce} detail=all good";

export function reportPathOf(wave: number): string {
  return `docs/reviews/wave-${wave}-cont-qa.md`;
}

/** An implementation agent that writes its deliverable and prints proof + doc-delta. */
export function implAgent(id: string, extra: Partial<Behaviour> = {}, file = `src/${id.toLowerCase()}.js`): AgentSpec {
  return {
    id,
    title: `Implementation ${id}`,
    deliverables: [file],
    contract: true,
    behaviour: { write: { [file]: `export const ${id.toLowerCase()} = 1;\n` }, print: [PROOF, DOC_DELTA], ...extra },
  };
}

export const DESIGN_READY = "[wave-design] state=ready-for-implementation decisions=2 assumptions=1 open_questions=0 detail=packet written";

/** A design agent: writes its design packet `docs/design/wave-<wave>-<id>.md` and prints `[wave-design]` ready. */
export function designAgent(wave: number, id = "D1", extra: Partial<Behaviour> = {}): AgentSpec {
  const file = `docs/design/wave-${wave}-${id.toLowerCase()}.md`;
  return {
    id,
    title: `Design ${id}`,
    deliverables: [file],
    capabilities: ["design"],
    behaviour: { write: { [file]: `# Design of wave ${wave} by ${id}\n` }, print: [DESIGN_READY], ...extra },
  };
}

export function integrationAgent(wave: number, extra: Partial<Behaviour> = {}): AgentSpec {
  const file = `docs/integration/wave-${wave}.md`;
  return {
    id: "A8",
    title: "Integration steward",
    deliverables: [file],
    behaviour: { write: { [file]: "integrated\n" }, print: [INTEGRATION_READY], ...extra },
  };
}

export function documentationAgent(extra: Partial<Behaviour> = {}): AgentSpec {
  return {
    id: "A9",
    title: "Documentation steward",
    owned: ["docs/current-state.md"],
    behaviour: { print: [DOC_NO_CHANGE], ...extra },
  };
}

/** cont-QA: writes its report with `Verdict: <VERDICT>` and prints the gate and verdict markers. */
export function contQaAgent(wave: number, verdict: "pass" | "blocked" | "concerns" = "pass", extra: Partial<Behaviour> = {}): AgentSpec {
  const file = reportPathOf(wave);
  return {
    id: "A0",
    title: "cont-QA",
    deliverables: [file],
    behaviour: {
      write: { [file]: `# Review of wave ${wave}\n\nVerdict: ${verdict.toUpperCase()}\n` },
      print: [GATE_PASS, `[wave-verdict] ${verdict} detail=reviewed`],
      ...extra,
    },
  };
}

/** The standard passing wave: A1, A2, A8, A9, A0. */
export function standardAgents(wave: number): AgentSpec[] {
  return [implAgent("A1"), implAgent("A2"), integrationAgent(wave), documentationAgent(), contQaAgent(wave)];
}

function agentMarkdown(repo: TestRepo, wave: number, a: AgentSpec, marker: string): string {
  const behaviourFile = path.join(repo.ext, `behaviour-w${wave}-${a.id}.json`);
  const behaviour: Behaviour = {
    log: repo.startsLog,
    counter: path.join(repo.ext, `count-w${wave}-${a.id}`),
    ...a.behaviour,
  };
  // Written synchronously by the caller through writeWave.
  pendingBehaviours.set(behaviourFile, behaviour);
  const owned = [...new Set([...(a.deliverables ?? []), ...(a.owned ?? [])])];
  const lines = [`## Agent ${a.id}: ${a.title ?? a.id}`, "", "### Executor", ""];
  lines.push(...(a.executorLines ?? ["- id: command", `- command: ${process.execPath} ${AGENT_SCRIPT} ${behaviourFile} ${marker}`]));
  lines.push(...(a.moreExecutorLines ?? []));
  lines.push("");
  if (a.capabilities?.length) lines.push("### Capabilities", "", ...a.capabilities.map((c) => `- ${c}`), "");
  if (a.contract) {
    lines.push("### Exit contract", "", "- completion: contract", "- durability: none", "- proof: unit", "- doc-impact: none", "");
  }
  if (a.deliverables?.length) lines.push("### Deliverables", "", ...a.deliverables.map((d) => `- ${d}`), "");
  lines.push("### Prompt", "", "```text", `Do the work of ${a.id} for wave ${wave}.`, "", "File ownership (only touch these paths):");
  lines.push(...owned.map((p) => `- ${p}`), "```", "");
  return lines.join("\n");
}

const pendingBehaviours = new Map<string, Behaviour>();

/** Unique per test repository; appears in every agent's argv (for /proc checks). */
export function markerOf(repo: TestRepo): string {
  return `wave-e2e-marker-${path.basename(repo.base)}`;
}

export function waveMarkdown(repo: TestRepo, wave: number, agents: AgentSpec[]): string {
  const header = `# Wave ${wave} - end-to-end test\n\n**Commit message**: \`Wave ${wave} test\`\n\n`;
  return header + agents.map((a) => agentMarkdown(repo, wave, a, markerOf(repo))).join("\n");
}

/** Writes behaviour files and the wave file; commits everything (a clean base commit). */
export async function writeWave(repo: TestRepo, wave: number, agents: AgentSpec[], options: { commit?: boolean } = {}): Promise<string> {
  const md = waveMarkdown(repo, wave, agents);
  for (const [file, behaviour] of pendingBehaviours) {
    if (file.startsWith(repo.ext)) {
      await fs.writeFile(file, JSON.stringify(behaviour, null, 2));
      pendingBehaviours.delete(file);
    }
  }
  const waveFile = path.join(repo.root, "docs", "plans", "waves", `wave-${wave}.md`);
  await fs.mkdir(path.dirname(waveFile), { recursive: true });
  await fs.writeFile(waveFile, md);
  if (options.commit !== false) {
    git(repo.root, ["add", "-A"]);
    git(repo.root, ["commit", "-q", "--allow-empty", "-m", `wave ${wave}`]);
  }
  return waveFile;
}

/** Rewrites one agent's behaviour (between runs) without touching the wave file. */
export async function setBehaviour(repo: TestRepo, wave: number, agentId: string, behaviour: Behaviour): Promise<void> {
  const file = path.join(repo.ext, `behaviour-w${wave}-${agentId}.json`);
  await fs.writeFile(
    file,
    JSON.stringify({ log: repo.startsLog, counter: path.join(repo.ext, `count-w${wave}-${agentId}`), ...behaviour }, null, 2),
  );
}

/** Agent ids in the order their processes started (from the starts log). */
export function starts(repo: TestRepo): string[] {
  if (!existsSync(repo.startsLog)) return [];
  return readFileSync(repo.startsLog, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => l.split(" ")[0]!);
}

export async function resetStarts(repo: TestRepo): Promise<void> {
  await fs.rm(repo.startsLog, { force: true });
}

export function runDirOf(repo: TestRepo, wave: number, attempt: number, lane = "main"): string {
  return path.join(repo.root, ".wave", lane, `wave-${wave}`, `attempt-${attempt}`);
}

// biome-ignore lint/suspicious/noExplicitAny: result.json is read loosely in assertions
export type Json = any;

export function readResult(repo: TestRepo, wave: number, attempt: number, lane = "main"): Json {
  return JSON.parse(readFileSync(path.join(runDirOf(repo, wave, attempt, lane), "result.json"), "utf8"));
}

export function agentOf(result: Json, id: string): Json {
  const a = result.agents.find((x: Json) => x.id === id);
  if (!a) throw new Error(`no agent ${id} in result`);
  return a;
}

/** A minimal environment for the CLI under test (no inherited secrets, no CI variables). */
export function cliEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    NODE_OPTIONS: "",
    ...extra,
  };
}

/** Runs `wave <args> --root <repo>` from source with a clean environment. */
export function wave(repo: TestRepo, args: string[], extra: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<CliResult> {
  const sameUser = args[0] === "run" && !args.includes("--agent-user") ? ["--agent-user", "none"] : [];
  return runCli([...args, ...sameUser, "--root", repo.root], {
    env: cliEnv(extra.env),
    ...(extra.timeoutMs ? { timeoutMs: extra.timeoutMs } : {}),
  });
}

/** Pids whose command line contains `needle` (other than this process). */
export function processesWith(needle: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (cmd.includes(needle) && Number(entry) !== process.pid) out.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

export { CLI_ARGV };

/** The run options of wave `waveNo` of `repo` with the defaults, `overrides` on top. */
export function runOptionsFor(repo: TestRepo, waveNo: number, overrides: Partial<RunOptions> = {}): RunOptions {
  return {
    ...DEFAULT_RUN_OPTIONS,
    root: repo.root,
    configPath: undefined,
    lane: undefined,
    stateDir: path.join(repo.root, ".wave"),
    wave: waveNo,
    executor: undefined,
    redact: [],
    // These fixtures keep behaviour files in private temporary directories: agents share the
    // test's user here; test/security/agent-user.test.ts covers agents behind another user.
    agentUser: { kind: "none" },
    ...overrides,
  };
}

/** Runs the engine in this process (real agent processes; the agents' `wave` runs from source). */
export async function engineRun(
  repo: TestRepo,
  waveNo: number,
  overrides: Partial<RunOptions> = {},
  events: EngineEvent[] = [],
  env: NodeJS.ProcessEnv = {},
): Promise<RunWaveOutcome> {
  return runWave(runOptionsFor(repo, waveNo, overrides), {
    env: cliEnv(env),
    cliArgv: CLI_ARGV,
    now: () => new Date(),
    runProcess: runAgentProcess,
    onEvent: (e) => {
      if (e.type !== "agent-output") events.push(e);
    },
  });
}

/**
 * Runs a `wave` command in this process (same dispatch and exit codes as the binary), for
 * commands that start no agent: cheaper than a process with the TypeScript loader.
 */
export async function waveInProcess(repo: TestRepo, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runCliMain([...args, "--root", repo.root], {
    stdout: (t) => {
      stdout += t;
    },
    stderr: (t) => {
      stderr += t;
    },
    env: cliEnv(),
    cwd: repo.root,
    isTty: false,
    columns: 120,
  });
  return { code, stdout, stderr };
}

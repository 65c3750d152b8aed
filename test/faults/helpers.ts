/**
 * Shared pieces of the fault-injection suite: throw-away git repositories with generated wave files,
 * the scriptable agent (agent.mjs), the wave CLI as a real child process that can be signalled,
 * /proc scans for surviving agent processes, and checks of what a run recorded.
 */
import assert from "node:assert/strict";
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type WaveResult, WaveResultSchema } from "../../src/state/schema.js";
import { CLI_ARGV, type CliResult } from "../helpers/cli.js";

export const FAULTS_DIR = path.dirname(fileURLToPath(import.meta.url));
export const AGENT_SCRIPT = path.join(FAULTS_DIR, "agent.mjs");
export const NODE = process.execPath;

/** A word for the wave file's `command:` values (POSIX-style quoting when needed). */
export function word(value: string): string {
  return /^[A-Za-z0-9_./=:,@%+-]+$/.test(value) ? value : `'${value.replace(/'/g, `'"'"'`)}'`;
}

export interface AgentSpec {
  id: string;
  title?: string;
  /** `### Executor` bullet lines without the leading "- " (e.g. "id: command"). */
  executor: string[];
  /** Adds an exit contract (completion contract / durability none / proof unit / doc-impact none). */
  exitContract?: boolean;
  prompt?: string;
}

export function waveMarkdown(wave: number, agents: AgentSpec[]): string {
  const parts = [`# Wave ${wave} - Fault injection`, "", `**Commit message**: \`Fault wave ${wave}\``, ""];
  for (const a of agents) {
    parts.push(`## Agent ${a.id}: ${a.title ?? `Agent ${a.id}`}`, "", "### Executor", "");
    for (const line of a.executor) parts.push(`- ${line}`);
    parts.push("");
    if (a.exitContract) {
      parts.push("### Exit contract", "", "- completion: contract", "- durability: none", "- proof: unit", "- doc-impact: none", "");
    }
    const fence = (a.prompt ?? "").includes("```") ? "````" : "```";
    parts.push("### Prompt", "", `${fence}text`, a.prompt ?? `Do the work of ${a.id}.`, fence, "");
  }
  return parts.join("\n");
}

export interface FaultRepo {
  root: string;
  stateDir: string;
  /** Directory the agents record into (record.log, run counters, reports). */
  agentState: string;
  /** Unique string put in every agent's argv. */
  mark: string;
  /** `command:` value running the scriptable agent with these options. */
  agent(...options: string[]): string;
  /** Writes and commits docs/plans/waves/wave-<n>.md. */
  writeWave(wave: number, agents: AgentSpec[]): void;
  cleanup(): void;
}

const GIT_ENV = {
  GIT_AUTHOR_NAME: "faults",
  GIT_AUTHOR_EMAIL: "faults@wave.invalid",
  GIT_COMMITTER_NAME: "faults",
  GIT_COMMITTER_EMAIL: "faults@wave.invalid",
};

export function git(root: string, args: string[]): string {
  return execFileSync("git", args, { cwd: root, env: { ...process.env, ...GIT_ENV }, encoding: "utf8" });
}

/** A git repository under the temp dir with a first commit, plus a directory for the agents' records. */
export function faultRepo(prefix = "wave-faults-"): FaultRepo {
  const base = mkdtempSync(path.join(os.tmpdir(), prefix));
  const root = path.join(base, "repo");
  const agentState = path.join(base, "agent-state");
  mkdirSync(path.join(root, "docs", "plans", "waves"), { recursive: true });
  mkdirSync(agentState);
  writeFileSync(path.join(root, "README.md"), "fault-injection repository\n");
  writeFileSync(path.join(root, ".gitignore"), ".wave/\n");
  git(root, ["init", "-q", "-b", "main"]);
  git(root, ["add", "-A"]);
  git(root, ["commit", "-q", "-m", "initial"]);
  const mark = `wave-fault-${randomBytes(6).toString("hex")}`;
  return {
    root,
    stateDir: path.join(root, ".wave"),
    agentState,
    mark,
    agent: (...options) => [NODE, AGENT_SCRIPT, mark, "--state", agentState, ...options].map(word).join(" "),
    writeWave(wave, agents) {
      writeFileSync(path.join(root, "docs", "plans", "waves", `wave-${wave}.md`), waveMarkdown(wave, agents));
      git(root, ["add", "-A"]);
      git(root, ["commit", "-q", "-m", `wave ${wave}`]);
    },
    cleanup() {
      killMarked(mark);
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/** A running `wave` CLI process. */
export interface CliProcess {
  child: ChildProcess;
  done: Promise<CliResult>;
  /** What it printed so far (stdout, then stderr). */
  output(): string;
}

export function startCli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string } = {}): CliProcess {
  const [bin, ...pre] = CLI_ARGV as [string, ...string[]];
  const child = spawn(bin, [...pre, ...args], {
    cwd: options.cwd ?? os.tmpdir(),
    env: { ...process.env, NODE_OPTIONS: "", NO_COLOR: "1", ...options.env },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => (stdout += d));
  child.stderr!.on("data", (d) => (stderr += d));
  child.stdin!.on("error", () => undefined);
  child.stdin!.end(options.input ?? "");
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done, output: () => stdout + stderr };
}

/** Runs the CLI to completion (a hard limit kills it so a broken run cannot hang the suite). */
export async function cli(args: string[], options: { env?: NodeJS.ProcessEnv; limitMs?: number } = {}): Promise<CliResult> {
  const run = startCli(args, options);
  const timer = setTimeout(() => run.child.kill("SIGKILL"), options.limitMs ?? 240_000);
  try {
    return await run.done;
  } finally {
    clearTimeout(timer);
  }
}

/** `wave run` arguments for a repository (max-attempts 1 unless given). */
export function runArgs(repo: FaultRepo, wave: number, ...extra: string[]): string[] {
  const args = ["run", "--root", repo.root, "--wave", String(wave), ...extra];
  if (!extra.includes("--max-attempts")) args.push("--max-attempts", "1");
  // The fault agents keep their state in private temporary directories: they share the test's user.
  if (!extra.includes("--agent-user")) args.push("--agent-user", "none");
  return args;
}

/** Pids of live (non-zombie) processes whose command line contains `mark`. */
export function processesWith(mark: string): number[] {
  const needle = Buffer.from(mark);
  const found: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`);
      if (!cmdline.includes(needle)) continue;
      const stat = readFileSync(`/proc/${name}/stat`, "latin1");
      const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
      if (state !== "Z" && state !== "X") found.push(Number(name));
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

/** Cleanup only: SIGKILLs whatever still carries the mark (assertions come first). */
export function killMarked(mark: string): void {
  for (const pid of processesWith(mark)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone
    }
  }
}

export async function assertNoSurvivors(mark: string): Promise<void> {
  // A process that was just SIGKILLed may need a moment to be reaped by its parent.
  let left = processesWith(mark);
  for (let i = 0; i < 50 && left.length > 0; i++) {
    await sleep(100);
    left = processesWith(mark);
  }
  const described = left.map((pid) => {
    try {
      return `${pid}: ${readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ")}`;
    } catch {
      return String(pid);
    }
  });
  assert.deepEqual(described, [], "agent processes survived");
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 300_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

export function waveDir(repo: FaultRepo, wave: number, lane = "main"): string {
  return path.join(repo.stateDir, lane, `wave-${wave}`);
}

export function attemptDir(repo: FaultRepo, wave: number, attempt: number): string {
  return path.join(waveDir(repo, wave), `attempt-${attempt}`);
}

export function attempts(repo: FaultRepo, wave: number): number[] {
  if (!existsSync(waveDir(repo, wave))) return [];
  return readdirSync(waveDir(repo, wave))
    .map((n) => /^attempt-(\d+)$/.exec(n)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/** result.json of an attempt, checked against the schema. */
export function readResult(repo: FaultRepo, wave: number, attempt: number): WaveResult {
  const file = path.join(attemptDir(repo, wave, attempt), "result.json");
  const parsed = WaveResultSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  assert.ok(parsed.success, `${file} does not match WaveResultSchema: ${parsed.success ? "" : parsed.error.message}`);
  return parsed.data;
}

export function agentOf(result: WaveResult, id: string): WaveResult["agents"][number] {
  const a = result.agents.find((x) => x.id === id);
  assert.ok(a, `agent ${id} missing from the result`);
  return a;
}

export function statuses(result: WaveResult): Record<string, string> {
  return Object.fromEntries(result.agents.map((a) => [a.id, a.status]));
}

export function readLog(repo: FaultRepo, wave: number, attempt: number, id: string): string {
  return readFileSync(path.join(attemptDir(repo, wave, attempt), "agents", id, "agent.log"), "latin1");
}

/** Whether an agent's log exists and contains `text` (for polling while the run goes on). */
export function logIncludes(repo: FaultRepo, wave: number, attempt: number, id: string, text: string): boolean {
  try {
    return readLog(repo, wave, attempt, id).includes(text);
  } catch {
    return false;
  }
}

/** Every numbered line the agent printed before its fault is in the log, in order. */
export function assertLinesLogged(log: string, repo: FaultRepo, id: string, run: number, lines: number): void {
  let at = 0;
  for (let i = 1; i <= lines; i++) {
    const line = `${repo.mark} ${id} run ${run} line ${i}/${lines}\n`;
    const found = log.indexOf(line, at);
    assert.ok(found >= 0, `log of ${id} lacks "${line.trim()}"`);
    at = found + line.length;
  }
}

export interface RecordLine {
  what: "start" | "end" | "exit" | "signal";
  id: string;
  pid: number;
  run: number;
  at: number;
}

export function records(repo: FaultRepo): RecordLine[] {
  const file = path.join(repo.agentState, "record.log");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => {
      const [what, id, pid, run, at] = l.split(" ");
      return { what: what as RecordLine["what"], id: id!, pid: Number(pid), run: Number(run), at: Number(at) };
    });
}

/** Process starts per agent id, from the agents' own records. */
export function startsById(repo: FaultRepo): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of records(repo)) if (r.what === "start") counts[r.id] = (counts[r.id] ?? 0) + 1;
  return counts;
}

/** The largest number of agents running at one moment, from start/end records. */
export function maxOverlap(list: RecordLine[]): number {
  const events = list
    .filter((r) => r.what === "start" || r.what === "end")
    .map((r) => ({ at: r.at, delta: r.what === "start" ? 1 : -1 }))
    // at the same millisecond, ends first: an agent that ended does not overlap one that started then
    .sort((a, b) => a.at - b.at || a.delta - b.delta);
  let running = 0;
  let max = 0;
  for (const e of events) {
    running += e.delta;
    max = Math.max(max, running);
  }
  return max;
}

/** No temp files of atomic writes left behind, and every JSON file under the run directory parses. */
export function assertStateIntact(dir: string): void {
  const walk = (d: string): string[] =>
    readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [path.join(d, e.name)]));
  for (const file of walk(dir)) {
    assert.doesNotMatch(path.basename(file), /\.tmp\./, `temp file left behind: ${file}`);
    if (file.endsWith(".json")) assert.doesNotThrow(() => JSON.parse(readFileSync(file, "utf8")), `corrupt JSON: ${file}`);
  }
}

/**
 * The layout of the state directory, and the one module that knows it. One directory per
 * lane/wave/attempt:
 *
 *   <stateDir>/agent-edits.json              (definition files agents changed: wave/agent-edits.ts)
 *   <stateDir>/<lane>/wave-<n>/run.lock     (the run holding the wave: state/lock.ts)
 *   <stateDir>/<lane>/wave-<n>-shard-<i>-of-<c>/   (shard i of c of a sharded wave, 0: its design job; the same inside)
 *   <stateDir>/<lane>/wave-<n>/attempt-<a>/
 *     result.json  progress.json  gates.json  coordination.jsonl  messageboard.md  summary.md  ownership.json
 *     origin.json (in an uploaded copy only)  space-reserve.bin (while the run lasts)
 *     feedback/  changes/  bin/  agents/<id>/{prompt.md, agent.log, status.json, summary.json,
 *                                       launch.json, sensitive.json, sandbox.json, overlay/}
 *
 * Every path under a wave's state root is built here, and every directory name is read back
 * here (attemptOfDirName, waveOfDirName): no other module spells "result.json", "attempt-" or
 * "agents". A run directory restored from an artifact has the same layout (runPathsOf). Which
 * earlier run directory a run resumes from is decided in resume/prior.ts, from facts
 * read through these paths.
 */
import { promises as fs } from "node:fs";
import path from "node:path";

/** File and directory names inside a run directory. */
export const RUN_FILES = {
  result: "result.json",
  progress: "progress.json",
  gates: "gates.json",
  coordination: "coordination.jsonl",
  messageBoard: "messageboard.md",
  /** The job summary (the same markdown the action shows), written next to result.json. */
  summary: "summary.md",
  feedbackDir: "feedback",
  changesDir: "changes",
  agentsDir: "agents",
  /** The `wave` shim agents call (never uploaded). */
  binDir: "bin",
  /** What the uploading job knew about a state artifact (written into the staged copy only). */
  origin: "origin.json",
  /** A sharded wave's closure run: the shard runs it merged (src/shard/shard-set.ts). */
  shardSet: "shard-set.json",
  /** What each agent changed outside what it owns, and the protected files changed (engine/ownership.ts). */
  ownership: "ownership.json",
  /** Disk space held for the final records while the run lasts (state/reserve.ts; never uploaded). */
  reserve: "space-reserve.bin",
} as const;

/** File names inside an agent's directory (agents/<id>/). */
export const AGENT_FILES = {
  prompt: "prompt.md",
  log: "agent.log",
  status: "status.json",
  summary: "summary.json",
  launch: "launch.json",
  overlay: "overlay",
  /** Generated files that may hold credentials, relative to the run directory (dropped before upload). */
  sensitive: "sensitive.json",
  sandbox: "sandbox.json",
} as const;

/**
 * The definition files agents changed and nobody has decided on yet (`<stateDir>/agent-edits.json`,
 * wave/agent-edits.ts): a later run refuses to judge with them.
 */
export function agentEditsFileOf(stateDir: string): string {
  return path.join(stateDir, "agent-edits.json");
}

/** The lock a run of a wave holds, in the wave's directory (state/lock.ts). */
export function lockFileOf(waveDir: string): string {
  return path.join(waveDir, "run.lock");
}

/**
 * A wave's segment: its directory's name, which its state artifacts' names and its status records'
 * keys use too (`wave-N`, or `wave-N-shard-i-of-n`). The pattern, for names that embed it.
 */
export const WAVE_SEGMENT_PATTERN = "wave-\\d+(?:-shard-\\d+-of-\\d+)?";
const WAVE_DIR = /^wave-(\d+)(?:-shard-(\d+)-of-(\d+))?$/;
const ATTEMPT_DIR = /^attempt-(\d+)$/;

export interface RunPaths {
  /** <stateDir>/<lane>/wave-<n> */
  waveDir: string;
  /** <waveDir>/attempt-<a> */
  runDir: string;
  attempt: number;
  result: string;
  progress: string;
  gates: string;
  coordination: string;
  messageBoard: string;
  /** summary.md: the job summary next to result.json. */
  summary: string;
  /** origin.json: present in an uploaded (staged or downloaded) copy only. */
  origin: string;
  feedbackDir: string;
  changesDir: string;
  agentsDir: string;
  /** bin/: the `wave` shim agents call, when it is kept in the run directory (never uploaded). */
  binDir: string;
  /** ownership.json: changes outside what each agent owns, protected files changed. */
  ownership: string;
  /** Disk space held for the final records while the run lasts (state/reserve.ts). */
  reserve: string;
}

export interface AgentPaths {
  dir: string;
  prompt: string;
  log: string;
  status: string;
  summary: string;
  launch: string;
  overlay: string;
  /** The list of generated files that may hold credentials. */
  sensitive: string;
  /** What the sandbox recorded for the agent (blocked requests, the rules it ran under). */
  sandbox: string;
}

/** The name of attempt `attempt`'s directory under its wave directory. */
export function attemptDirName(attempt: number): string {
  return `attempt-${attempt}`;
}

/** The attempt number a directory name stands for, or null when it is not an attempt directory. */
export function attemptOfDirName(name: string): number | null {
  const m = ATTEMPT_DIR.exec(name);
  return m ? Number(m[1]) : null;
}

/** Attempt numbers of the run directories under a wave directory, ascending. */
export async function listAttempts(waveDir: string): Promise<number[]> {
  let names: string[];
  try {
    names = await fs.readdir(waveDir);
  } catch {
    return [];
  }
  return names
    .map(attemptOfDirName)
    .filter((n): n is number => n !== null)
    .sort((a, b) => a - b);
}

/** The segment of a wave (or one shard of it): its directory's name; artifact names and status records use it too. */
export function waveSegment(wave: number, shard: ShardOfWave | null = null): string {
  return shard ? `wave-${wave}-shard-${shard.index}-of-${shard.count}` : `wave-${wave}`;
}

/**
 * The wave and shard a segment stands for, or null when it is not one as waveSegment writes it
 * (no leading zeros; a shard's index from 0 to its count, the count from 1 to 9999).
 */
export function parseWaveSegment(name: string): { wave: number; shard: ShardOfWave | null } | null {
  const m = WAVE_DIR.exec(name);
  if (!m) return null;
  const wave = Number(m[1]);
  if (!Number.isSafeInteger(wave)) return null;
  const shard = m[2] === undefined ? null : { index: Number(m[2]), count: Number(m[3]) };
  if (shard && (shard.count < 1 || shard.count > 9999 || shard.index > shard.count)) return null;
  return waveSegment(wave, shard) === name ? { wave, shard } : null;
}

/** The wave number a directory name stands for (a shard's directory too), or null when it is not a wave directory. */
export function waveOfDirName(name: string): number | null {
  return parseWaveSegment(name)?.wave ?? null;
}

/** One shard of a sharded wave (1-based index of count; index 0: the design job of a wave with design agents). */
export interface ShardOfWave {
  index: number;
  count: number;
}

export function waveDirOf(stateDir: string, lane: string, wave: number, shard: ShardOfWave | null = null): string {
  return path.join(stateDir, lane, waveSegment(wave, shard));
}

/** The lane and wave a wave directory (`<lane>/wave-<n>`) stands for; wave is NaN when the name is not one. */
export function laneAndWaveOf(waveDir: string): { lane: string; wave: number } {
  return { lane: path.basename(path.dirname(waveDir)), wave: waveOfDirName(path.basename(waveDir)) ?? Number.NaN };
}

/** The directory of attempt `attempt` under a wave directory. */
export function attemptDirOf(waveDir: string, attempt: number): string {
  return path.join(waveDir, attemptDirName(attempt));
}

export function runPaths(stateDir: string, lane: string, wave: number, attempt: number, shard: ShardOfWave | null = null): RunPaths {
  const waveDir = waveDirOf(stateDir, lane, wave, shard);
  return runPathsOf(attemptDirOf(waveDir, attempt), attempt, waveDir);
}

/** Paths inside an existing run directory (e.g. one restored from an artifact). */
export function runPathsOf(runDir: string, attempt: number, waveDir = path.dirname(runDir)): RunPaths {
  return {
    waveDir,
    runDir,
    attempt,
    result: path.join(runDir, RUN_FILES.result),
    progress: path.join(runDir, RUN_FILES.progress),
    gates: path.join(runDir, RUN_FILES.gates),
    coordination: path.join(runDir, RUN_FILES.coordination),
    messageBoard: path.join(runDir, RUN_FILES.messageBoard),
    summary: path.join(runDir, RUN_FILES.summary),
    origin: path.join(runDir, RUN_FILES.origin),
    feedbackDir: path.join(runDir, RUN_FILES.feedbackDir),
    changesDir: path.join(runDir, RUN_FILES.changesDir),
    agentsDir: path.join(runDir, RUN_FILES.agentsDir),
    binDir: path.join(runDir, RUN_FILES.binDir),
    ownership: path.join(runDir, RUN_FILES.ownership),
    reserve: path.join(runDir, RUN_FILES.reserve),
  };
}

/**
 * Paths inside a run directory known only by its path (a result file's directory, a restored
 * artifact): the attempt number is not needed to find its files.
 */
export function runDirPaths(runDir: string): RunPaths {
  return runPathsOf(runDir, attemptOfDirName(path.basename(runDir)) ?? 0);
}

/** Agent ids are used as directory names: keep them to a safe alphabet. */
export function agentDirName(agentId: string): string {
  return agentId.replace(/[^A-Za-z0-9._-]/g, "_");
}

export function agentPaths(run: RunPaths, agentId: string): AgentPaths {
  const dir = path.join(run.agentsDir, agentDirName(agentId));
  return {
    dir,
    prompt: path.join(dir, AGENT_FILES.prompt),
    log: path.join(dir, AGENT_FILES.log),
    status: path.join(dir, AGENT_FILES.status),
    summary: path.join(dir, AGENT_FILES.summary),
    launch: path.join(dir, AGENT_FILES.launch),
    overlay: path.join(dir, AGENT_FILES.overlay),
    sensitive: path.join(dir, AGENT_FILES.sensitive),
    sandbox: path.join(dir, AGENT_FILES.sandbox),
  };
}

/** An agent's log relative to its run directory, with "/" separators (as result.json records it). */
export function agentLogInRun(agentId: string): string {
  return [RUN_FILES.agentsDir, agentDirName(agentId), AGENT_FILES.log].join("/");
}

export function relativeToRun(run: RunPaths, file: string): string {
  return path.relative(run.runDir, file).split(path.sep).join("/");
}

/** What one run (one process start) of an agent gets from the agent loop, for either backend. */
import { existsSync } from "node:fs";
import type { StopController } from "./stop.js";
import type { RunStartInfo, StopReason } from "./types.js";

/** Which of the agent's pipes a chunk came from. */
export type OutputSource = "stdout" | "stderr";

/** Where a run's output goes (the agent log, possibly teed to a terminal). */
export interface OutputSink {
  /** false → pause the source until onDrain. */
  write(chunk: Buffer): boolean;
  onDrain(callback: () => void): void;
}

export interface RunContext {
  run: number;
  argv: string[];
  cwd: string;
  /** Final environment, run token included. */
  env: Record<string, string>;
  token: string;
  stdin: string | null;
  graceMs: number;
  stop: StopController;
  /** Called for every output chunk (rate-limit tail, idle watchdog, caller's onOutput). */
  output: (chunk: Buffer, source: OutputSource) => void;
  onStart: (info: RunStartInfo) => void;
  /** Run as this OS user (needs root); absent → the orchestrator's own user. */
  identity?: SpawnIdentity;
}

/** The OS user and group an agent runs as (supplementary groups are dropped). */
interface SpawnIdentity {
  uid: number;
  gid: number;
}

export interface RunResult {
  exitCode: number | null;
  signal: string | null;
  spawnError: string | null;
  /** Set when the runtime stopped the run before its leader exited. */
  stoppedBy: StopReason | null;
  pid: number | null;
}

/** A readable reason why spawning failed. */
export function describeSpawnError(error: NodeJS.ErrnoException, program: string, cwd: string): string {
  const code = error.code ?? "ERROR";
  if (code === "ENOENT") {
    if (!existsSync(cwd)) return `ENOENT: working directory not found: ${cwd}`;
    return `ENOENT: program not found: ${program}`;
  }
  if (code === "EACCES") return `EACCES: permission denied: ${program}`;
  return `${code}: ${error.message}`;
}

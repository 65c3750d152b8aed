/**
 * Where a run's files live. One directory per lane/wave/attempt:
 *   <stateDir>/<lane>/wave-<n>/attempt-<a>/
 */
import path from "node:path";

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
  feedbackDir: string;
  changesDir: string;
  agentsDir: string;
}

export interface AgentPaths {
  dir: string;
  prompt: string;
  log: string;
  status: string;
  summary: string;
  launch: string;
  overlay: string;
  /** What the sandbox recorded for the agent (blocked requests, the rules it ran under). */
  sandbox: string;
}

export function waveDirOf(stateDir: string, lane: string, wave: number): string {
  return path.join(stateDir, lane, `wave-${wave}`);
}

export function runPaths(stateDir: string, lane: string, wave: number, attempt: number): RunPaths {
  const waveDir = waveDirOf(stateDir, lane, wave);
  return runPathsOf(path.join(waveDir, `attempt-${attempt}`), attempt, waveDir);
}

/** Paths inside an existing run directory (e.g. one restored from an artifact). */
export function runPathsOf(runDir: string, attempt: number, waveDir = path.dirname(runDir)): RunPaths {
  return {
    waveDir,
    runDir,
    attempt,
    result: path.join(runDir, "result.json"),
    progress: path.join(runDir, "progress.json"),
    gates: path.join(runDir, "gates.json"),
    coordination: path.join(runDir, "coordination.jsonl"),
    messageBoard: path.join(runDir, "messageboard.md"),
    feedbackDir: path.join(runDir, "feedback"),
    changesDir: path.join(runDir, "changes"),
    agentsDir: path.join(runDir, "agents"),
  };
}

/** Agent ids are used as directory names: keep them to a safe alphabet. */
export function agentDirName(agentId: string): string {
  return agentId.replace(/[^A-Za-z0-9._-]/g, "_");
}

export function agentPaths(run: RunPaths, agentId: string): AgentPaths {
  const dir = path.join(run.agentsDir, agentDirName(agentId));
  return {
    dir,
    prompt: path.join(dir, "prompt.md"),
    log: path.join(dir, "agent.log"),
    status: path.join(dir, "status.json"),
    summary: path.join(dir, "summary.json"),
    launch: path.join(dir, "launch.json"),
    overlay: path.join(dir, "overlay"),
    sandbox: path.join(dir, "sandbox.json"),
  };
}

export function relativeToRun(run: RunPaths, file: string): string {
  return path.relative(run.runDir, file).split(path.sep).join("/");
}

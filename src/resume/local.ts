/**
 * Finding and reading an earlier run directory of the same lane and wave, and turning what it
 * recorded into the planner's prior state. A foreign or corrupt state is refused with a message.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { UserError } from "../errors.js";
import { readFeedbackRequests } from "../feedback/requests.js";
import type { PriorState } from "../engine/plan.js";
import { type ExecutionSummary, ExecutionSummarySchema } from "../signals/schema.js";
import { readJsonChecked } from "../state/files.js";
import { agentPaths, runPathsOf } from "../state/paths.js";
import { type Progress, ProgressSchema } from "../state/progress.js";

export interface PriorRun {
  runDir: string;
  progress: Progress;
  prior: PriorState;
  /** Summaries of agents whose success may be reused, by id. */
  summaries: Record<string, ExecutionSummary>;
  /** What could not be carried over and why (e.g. an unreadable summary: that agent runs again). */
  notes: string[];
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
    .map((n) => /^attempt-(\d+)$/.exec(n)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

export async function nextAttempt(waveDir: string, floor = 0): Promise<number> {
  const attempts = await listAttempts(waveDir);
  return Math.max(floor, attempts.at(-1) ?? 0) + 1;
}

export interface ReadPriorOptions {
  lane: string;
  wave: number;
  waveFingerprint: string;
  repository: string | null;
  /** Accept a state whose wave file changed. */
  force: boolean;
}

/** Reads a run directory as a prior state; throws UserError when it is foreign or corrupt. */
export async function readPriorRun(runDir: string, options: ReadPriorOptions): Promise<PriorRun> {
  const paths = runPathsOf(runDir, 1);
  const r = await readJsonChecked(paths.progress, ProgressSchema, "progress journal");
  if (!r.ok) throw new UserError(`cannot resume from ${runDir}: ${r.message}`);
  const progress = r.value;
  if (progress.lane !== options.lane || progress.wave !== options.wave) {
    throw new UserError(
      `cannot resume from ${runDir}: it holds lane ${progress.lane} wave ${progress.wave}, not lane ${options.lane} wave ${options.wave}`,
    );
  }
  if (options.repository && progress.repository && options.repository !== progress.repository) {
    throw new UserError(`cannot resume from ${runDir}: it belongs to repository ${progress.repository}, not ${options.repository}`);
  }
  if (!options.force && progress.waveFingerprint !== options.waveFingerprint) {
    throw new UserError(
      `cannot resume from ${runDir}: ${progress.waveFile} changed since that run (pass --force-resume to resume anyway)`,
    );
  }
  const summaries: Record<string, ExecutionSummary> = {};
  const agents: PriorState["agents"] = {};
  const notes: string[] = [];
  for (const [id, a] of Object.entries(progress.agents)) {
    agents[id] = { status: a.status, fingerprint: a.fingerprint };
    if (a.status !== "succeeded" && a.status !== "reused") continue;
    const s = await readJsonChecked(agentPaths(paths, id).summary, ExecutionSummarySchema, "execution summary");
    if (s.ok) summaries[id] = s.value;
    else {
      agents[id] = { status: "failed", fingerprint: a.fingerprint };
      notes.push(`agent ${id} runs again: ${s.message}`);
    }
  }
  const implicated = [...new Set(progress.gates.filter((g) => !g.ok && g.agentId).map((g) => g.agentId as string))];
  const pending = await pendingFeedbackAgent(runDir);
  return {
    runDir,
    progress,
    summaries,
    notes,
    prior: { agents, passedStages: progress.passedStages, implicated, feedbackAgentId: pending },
  };
}

async function pendingFeedbackAgent(runDir: string): Promise<string | null> {
  const pending = await readFeedbackRequests(runDir);
  return pending[0]?.agentId ?? null;
}

/**
 * The newest earlier run directory of this wave that has a readable progress journal recording
 * at least one agent (dry runs and runs stopped before launch are passed over). Newer ones
 * whose journal exists but cannot be read (truncated, corrupt) are reported through `onSkip`.
 */
export async function findLatestRun(
  waveDir: string,
  before: number,
  onSkip?: (dir: string, message: string) => void,
): Promise<string | null> {
  const attempts = (await listAttempts(waveDir)).filter((a) => a < before).reverse();
  for (const a of attempts) {
    const dir = path.join(waveDir, `attempt-${a}`);
    const r = await readJsonChecked(path.join(dir, "progress.json"), ProgressSchema, "progress journal");
    // A dry run, or a run that stopped before any agent ran (e.g. a missing executor), holds
    // nothing to carry over: resume from the run before it, or an earlier success is lost.
    if (r.ok && (r.value.status === "dry-run" || Object.keys(r.value.agents).length === 0)) continue;
    if (r.ok) return dir;
    if (!r.missing) onSkip?.(dir, r.message);
  }
  return null;
}

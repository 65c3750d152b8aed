/**
 * Finishing a run, whatever happened: the agents' workspace changes are recorded (relative to the
 * base commit), result.json and gates.json are written from what the run recorded, the progress
 * journal gets its last word, the coordination log the run's end, and the wave-end event goes out;
 * the disk space reserved for these records is given back.
 * A run that threw has its failure named here first (the error is rethrown by the caller).
 */
import { UserError } from "../errors.js";
import { captureChanges } from "../state/changes.js";
import { writeJsonAtomic } from "../state/json-files.js";
import { armReserve, releaseReserve } from "../state/reserve.js";
import type { GitRepo } from "../state/git.js";
import type { Failure, WaveResult, WaveStatus } from "../state/schema.js";
import { ranInPrior } from "./carry-over.js";
import { settleOwnership } from "./ownership.js";
import { buildResult } from "./result.js";
import type { PreparedWave } from "./prepare.js";
import { errorMessage } from "../errors.js";
import type { WaveRun } from "./wave-run.js";

/** What the result says about the run besides what the WaveRun recorded. */
export interface FinishInput {
  status: WaveStatus;
  startedAt: Date;
  resumedFrom: string | null;
  /** The commit the workspace changes are recorded against (null: they are not recorded). */
  baseCommit: string | null;
  /** The repository pinned at the run's start (the changes are recorded there; null: not in a work tree). */
  repo: GitRepo | null;
}

/** The failure of a run that threw `error` (a UserError before any agent started is the preflight's). */
export function thrownFailure(error: unknown, agentsStarted = false): Failure {
  // After agents ran, a UserError is the environment's (a full disk), not the preflight's.
  if (error instanceof UserError && agentsStarted)
    return { stage: "orchestrator", agentId: null, statusCode: "error", detail: error.message, log: null };
  if (error instanceof UserError) return { stage: "preflight", agentId: null, statusCode: "error", detail: error.message, log: null };
  return { stage: "orchestrator", agentId: null, statusCode: "internal-error", detail: errorMessage(error), log: null };
}

/** What result.json says of a sharded wave's run: the shard job it was, or the closure job. */
function shardRunOf(shard: NonNullable<PreparedWave["shard"]>): NonNullable<WaveResult["shard"]> {
  return shard.role.kind === "shard"
    ? { kind: "shard", index: shard.role.index, count: shard.role.count }
    : { kind: "closure", count: shard.count };
}

export async function finish(run: WaveRun, { status, startedAt, resumedFrom, baseCommit, repo }: FinishInput): Promise<WaveResult> {
  const { options, deps, prepared, paths } = run;
  // Protected files agents changed are recorded (ownership.json, agent-edits.json) and never carried on.
  const owned = await settleOwnership(run);
  if (baseCommit && repo && status !== "dry-run") {
    try {
      await captureChanges(repo, baseCommit, paths.changesDir, [options.stateDir, ...owned.exclude]);
    } catch (error) {
      run.warn(`workspace changes were not recorded: ${errorMessage(error)}`);
    }
  }
  const result = buildResult({
    lane: prepared.laneName,
    wave: prepared.wave.wave,
    attempt: paths.attempt,
    status,
    startedAt,
    completedAt: deps.now(),
    resumedFrom,
    agents: prepared.agents,
    records: run.records,
    gates: run.gates,
    failure: status === "passed" || status === "dry-run" ? null : run.failure,
    feedback: run.feedback,
    stages: run.stages,
    waveFile: prepared.wave.file,
    runDir: paths.runDir,
    ...(run.agentUser ? { agentUser: run.agentUser } : {}),
    ...(run.prior ? { ranBefore: ranInPrior(run.prior.prior) } : {}),
    ...(prepared.shard ? { shard: { run: shardRunOf(prepared.shard), of: prepared.shard.of } } : {}),
    logOf: (id) => run.logOf(id),
    ...(owned.changes.length > 0 ? { ownership: owned.changes } : {}),
  });
  // No agent runs any more: on a full disk these records use the space reserved when the run started.
  armReserve(paths.reserve);
  try {
    await writeJsonAtomic(paths.gates, run.gates);
    await writeJsonAtomic(paths.result, result);
    await run.saveProgress({ phase: "finished", status, stage: null });
    await run.lifecycle(status === "passed" ? "wave_complete" : `wave_${status.replace("-", "_")}`);
  } finally {
    // The space is given back for what follows the run: the job summary, the state upload.
    await releaseReserve(paths.reserve);
  }
  deps.onEvent?.({ type: "wave-end", result });
  return result;
}

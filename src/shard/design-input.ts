/**
 * A shard job's design input: the design job's run (shard 0 of a wave with design agents), read
 * and checked, as the prior state a shard run builds on. Its design agents' successes are reused
 * exactly as a resumed run reuses them (their packets and reports copied, their workspace changes
 * applied), so every shard job's implementation agents start from the same design packets, and
 * every shard run records the same design changes (the closure job merges them as one change).
 *
 * The run must be the design job of this lane and wave, of the same shard count, passed, of the
 * same wave file and started from the same commit as this job (`--force-resume` accepts another
 * wave file version or commit). A shard job resuming its own earlier run does not read it again:
 * that run already holds the design agents it reused.
 */
import { UserError } from "../errors.js";
import { type PriorRun, readPriorRun } from "../resume/local.js";
import { isDesignJob } from "./plan.js";

export interface DesignInputOptions {
  /** The design job's run directory. */
  dir: string;
  lane: string;
  wave: { wave: number; fingerprint: string };
  /** The shard job reading it: its index and the shard count. */
  index: number;
  count: number;
  repository: string | null;
  /** The commit this job started from (null: not recorded). */
  baseCommit: string | null;
  force: boolean;
}

/** Why `progress` is not a design run this shard job may build on (null: it is). Pure. */
export function designRunProblem(
  progress: Pick<PriorRun["progress"], "shard" | "status" | "baseCommit">,
  expect: Pick<DesignInputOptions, "count" | "baseCommit" | "force">,
): string | null {
  const shard = progress.shard;
  if (!shard || !isDesignJob(shard)) {
    return `it is not a design job's run (it ran ${shard ? `shard ${shard.index}/${shard.count}` : "without --shard"}; the design job is --shard 0/${expect.count})`;
  }
  if (shard.count !== expect.count) return `it is the design job of a wave split in ${shard.count} shards, not ${expect.count}`;
  if (progress.status !== "passed")
    return `it did not pass (status ${progress.status ?? "none: it did not finish"}); run the design job again first`;
  if (!expect.force && progress.baseCommit && expect.baseCommit && progress.baseCommit !== expect.baseCommit) {
    return `it started from commit ${progress.baseCommit.slice(0, 12)}, this job from ${expect.baseCommit.slice(0, 12)} (--force-resume builds on it anyway)`;
  }
  return null;
}

/** The design job's run as the prior state of a shard run; a UserError (exit 1) says why it cannot be. */
export async function readDesignRun(options: DesignInputOptions): Promise<PriorRun> {
  const prior = await readPriorRun(options.dir, {
    lane: options.lane,
    wave: options.wave.wave,
    waveFingerprint: options.wave.fingerprint,
    repository: options.repository,
    force: options.force,
  });
  const problem = designRunProblem(prior.progress, options);
  if (problem) throw new UserError(`shard ${options.index}/${options.count} cannot build on ${options.dir}: ${problem}`, 1);
  // Attempt 0: a shard's own attempts count from 1; no closure stage or gate of it carries over.
  return {
    ...prior,
    progress: { ...prior.progress, attempt: 0, shard: undefined, passedStages: [], gates: [] },
    prior: { ...prior.prior, passedStages: [], implicated: [] },
  };
}

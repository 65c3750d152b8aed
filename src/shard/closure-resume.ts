/**
 * A re-run of the closure job resumes from the stage that failed. The closure job records which
 * shard runs it merged (shard-set.json, written by the orchestrator when the run starts, before
 * any agent runs); a later closure job of the same wave that merges the very same shard runs
 * resumes the earlier one's closure sweep: its closure-stage agents that passed are reused and
 * only the stage that failed, and the ones after it, run (src/engine/rerun-plan.ts, as for any
 * resumed run). A shard run is identified by its shard, its attempt number, when it started (its
 * journal's startedAt: a shard job run again, even with the same attempt number, starts later)
 * and the sha256 of its recorded workspace changes; a set differs when any shard's does.
 *
 * Which earlier closure run that is, is chosen where every earlier state is (resume/local.ts
 * `choosePrior`, the rules in resume/prior.ts `judgeClosurePrior`): found where `resume: auto`
 * finds any earlier run of the wave and judged as any prior is, then used only when it is a
 * closure run of the same shard set. This module holds what the choice then builds on.
 */
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PriorRun, ShardedPriorRun } from "../resume/prior.js";
import { META_FILE } from "../state/changes.js";
import { writeJsonAtomic } from "../state/json-files.js";
import { RUN_FILES, runDirPaths } from "../state/paths.js";
import type { ShardSet } from "./shard-set.js";

export async function writeShardSet(runDir: string, set: ShardSet): Promise<void> {
  await writeJsonAtomic(path.join(runDir, RUN_FILES.shardSet), set);
}

/** How the shard runs merged then (`earlier`) differ from those merged now, or null when they are the same. */
export function shardSetDifference(earlier: ShardSet, now: ShardSet): string | null {
  const count = (s: ShardSet) => s.shards[0]?.count ?? 0;
  if (count(earlier) !== count(now) || earlier.shards.length !== now.shards.length) {
    return `it merged ${earlier.shards.length} shard runs of ${count(earlier)} shards, this job ${now.shards.length} of ${count(now)}`;
  }
  for (const [i, n] of now.shards.entries()) {
    const e = earlier.shards[i]!;
    const which = `shard ${n.index}/${n.count}`;
    if (e.index !== n.index || e.count !== n.count) return `it merged shard ${e.index}/${e.count} where this job merges ${which}`;
    if (e.attempt !== n.attempt) return `${which} was run again since (attempt ${n.attempt} now, attempt ${e.attempt} then)`;
    if (e.startedAt !== n.startedAt)
      return `${which} was run again since (its attempt ${n.attempt} started ${n.startedAt}, the one merged then ${e.startedAt})`;
    if (e.changes !== n.changes) return `${which}'s recorded workspace changes differ from those merged then`;
  }
  return null;
}

/**
 * The merged shard runs (`merged`, mergeShardRuns) with what the earlier closure run (`earlier`)
 * gives: its closure-stage agents (their records, summaries and files stay in its directory),
 * the closure stages that passed, its gates (those of the carried stages carry over) and the
 * agents its failing gates named. The implementation agents stay the shards'. `changesDir` is
 * what restoring the workspace applies (null: nothing, the workspace holds it already).
 */
export function withEarlierClosure(merged: ShardedPriorRun, earlier: PriorRun, changesDir: string | null): PriorRun {
  const fromShards = new Set(Object.keys(merged.progress.agents));
  const closureOnly = <T>(record: Record<string, T>): Record<string, T> =>
    Object.fromEntries(Object.entries(record).filter(([id]) => !fromShards.has(id)));
  return {
    runDir: earlier.runDir,
    progress: {
      ...earlier.progress,
      agents: { ...closureOnly(earlier.progress.agents), ...merged.progress.agents },
      shard: undefined,
    },
    summaries: { ...closureOnly(earlier.summaries), ...merged.summaries },
    notes: [...merged.notes, ...earlier.notes],
    prior: {
      agents: { ...closureOnly(earlier.prior.agents), ...merged.prior.agents },
      passedStages: earlier.prior.passedStages,
      implicated: earlier.prior.implicated,
      feedbackAgentId: earlier.prior.feedbackAgentId,
    },
    shards: { ...merged.shards, changesDir, resumes: earlier.runDir },
  };
}

/** A temporary copy of a run directory's recorded workspace changes (the caller's to remove), or null when it has none. */
export async function copyRecordedChanges(runDir: string): Promise<string | null> {
  const from = runDirPaths(runDir).changesDir;
  const present = await fs.access(path.join(from, META_FILE)).then(
    () => true,
    () => false,
  );
  if (!present) return null;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "wave-closure-"));
  await fs.cp(from, dir, { recursive: true });
  return dir;
}

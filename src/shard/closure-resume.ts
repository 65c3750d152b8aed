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
 * The earlier closure run is found where `resume: auto` finds any earlier run of the wave (the
 * wave's own attempt directories, or the state the action restored) and judged as any prior is
 * (state/prior-choice.ts, resume/local.ts: planted or foreign attempts, another repository,
 * another wave file). It is used only when it is a closure run (its result.json, when it has
 * one, says so, and its shard-set.json is a regular file of the user running waves) of the same
 * shard set; else the whole closure sweep runs and the run's log says why.
 */
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import { errorMessage, UserError } from "../errors.js";
import { findLatestRun, type PriorRun, readPriorRun, type ShardedPriorRun, trustedFileProblem, trustedOwners } from "../resume/local.js";
import { META_FILE } from "../state/changes.js";
import { readJsonChecked, writeJsonAtomic } from "../state/json-files.js";
import { RUN_FILES, runDirPaths } from "../state/paths.js";
import { type ShardSet, ShardSetSchema } from "./shard-set.js";
import { type ClosurePriorFacts, judgeClosurePrior, type PriorExpectation } from "../state/prior-choice.js";
import { WaveResultSchema } from "../state/schema.js";

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

export type EarlierClosure = { ok: true; prior: PriorRun } | { ok: false; reason: string };

/**
 * Reads `dir` as an earlier closure run of the wave merging `now`: the checks any prior passes
 * (readPriorRun), then whether a closure job resumes it (state/prior-choice.ts judgeClosurePrior)
 * from its result.json and its shard-set.json — which, when `owners` is not empty (the state
 * directory's own attempts), must be a regular file of one of them.
 */
export async function readEarlierClosure(
  dir: string,
  input: { expect: PriorExpectation; now: ShardSet; owners: readonly number[] },
): Promise<EarlierClosure> {
  let prior: PriorRun;
  try {
    prior = await readPriorRun(dir, input.expect);
  } catch (error) {
    return { ok: false, reason: errorMessage(error).replace(`cannot resume from ${dir}: `, "") };
  }
  const read = await readJsonChecked(runDirPaths(dir).result, WaveResultSchema, "result");
  const shard = read.ok ? read.value.shard : undefined;
  const result: ClosurePriorFacts["result"] = !read.ok
    ? { kind: "none" }
    : shard?.kind === "closure"
      ? { kind: "closure", count: shard.count }
      : { kind: "other" };
  const verdict = judgeClosurePrior({ result, shardSet: await shardSetFacts(dir, input.now, input.owners) });
  return verdict.use ? { ok: true, prior } : { ok: false, reason: verdict.reason };
}

/** What a run directory's shard-set.json says, compared with this job's shard runs (`now`). */
async function shardSetFacts(dir: string, now: ShardSet, owners: readonly number[]): Promise<ClosurePriorFacts["shardSet"]> {
  const file = path.join(dir, RUN_FILES.shardSet);
  const untrusted = await trustedFileProblem(file, owners);
  if (untrusted === "missing") return { kind: "missing" };
  if (untrusted !== null) return { kind: "refused", reason: untrusted };
  const set = await readJsonChecked(file, ShardSetSchema, "shard set");
  if (!set.ok) return set.missing ? { kind: "missing" } : { kind: "refused", reason: set.message.replaceAll(`${dir}${path.sep}`, "") };
  return { kind: "read", count: set.value.shards[0]?.count ?? 0, difference: shardSetDifference(set.value, now) };
}

/**
 * The merged shard runs (`merged`, readShardRuns) with what the earlier closure run (`earlier`)
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

export interface ClosureResumeInput {
  /** The shard runs merged (readShardRuns). */
  merged: ShardedPriorRun;
  /** `auto`: the wave's own attempt directories; a directory: that state (the action's restored one). */
  resume: "auto" | "never" | { dir: string; explicit: boolean };
  /** The wave's state directory (`<lane>/wave-<n>`), and the attempt number this run would have. */
  waveDir: string;
  before: number;
  stateDir: string;
  expect: PriorExpectation;
  warn(message: string): void;
  notice(message: string): void;
}

/**
 * The closure job's prior state: the merged shard runs, resuming the closure sweep of the earlier
 * closure run when there is one of the same shard set (see the module comment). Whether it is
 * used or not, and why, is said through `notice` (a refused attempt directory through `warn`). A
 * state named explicitly (`--resume DIR`) that cannot be used fails the run. Its workspace
 * changes: an earlier run in this state directory left them in the workspace; one from elsewhere
 * has its recorded changes (which hold the shards') applied instead of the shards'.
 */
export async function resumeClosure(input: ClosureResumeInput): Promise<PriorRun> {
  const { merged, resume } = input;
  if (resume === "never") return merged;
  const dir =
    resume === "auto"
      ? await findLatestRun(input.waveDir, input.before, (skipped, message) =>
          input.warn(`not resuming the closure sweep from ${path.basename(skipped)}: ${message}`),
        )
      : resume.dir;
  if (!dir) return merged;
  const shown = resume === "auto" ? path.relative(input.stateDir, dir) : dir;
  const notUsed = async (reason: string): Promise<PriorRun> => {
    if (typeof resume === "object" && resume.explicit) {
      if (merged.shards.changesDir) await fs.rm(merged.shards.changesDir, { recursive: true, force: true });
      throw new UserError(`cannot resume the closure sweep from ${shown}: ${reason}`);
    }
    input.notice(`not resuming the closure sweep from ${shown}: ${reason}; the whole closure sweep runs`);
    return merged;
  };
  const earlier = await readEarlierClosure(dir, {
    expect: input.expect,
    now: merged.shards.set,
    owners: resume === "auto" ? trustedOwners() : [],
  });
  if (!earlier.ok) return notUsed(earlier.reason);
  const inOwnState = path.resolve(dir).startsWith(path.resolve(input.stateDir) + path.sep);
  const changesDir = inOwnState ? null : await copyRecordedChanges(dir);
  if (!inOwnState && changesDir === null) return notUsed("it recorded no workspace changes");
  if (merged.shards.changesDir) await fs.rm(merged.shards.changesDir, { recursive: true, force: true });
  const passed = earlier.prior.prior.passedStages;
  input.notice(
    `resuming the closure sweep from ${shown}, which merged the same shard runs: ${
      passed.length > 0 ? `its passed stages (${passed.join(", ")}) are not run again` : "no closure stage passed there"
    }`,
  );
  return withEarlierClosure(merged, earlier.prior, changesDir);
}

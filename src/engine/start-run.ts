/**
 * Starting a run of the wave (the lock held): a dry run left last gives up its place, the run this
 * one resumes is picked (none for a dry run; for a sharded wave's closure job, its shard runs
 * merged, with the closure sweep of an earlier closure run of the same shard runs), the attempt
 * number keeps counting across resumes, the run directory is made (a closure run's records the
 * shard runs it merged) and the progress journal gets its first entry.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { createContext7Provider } from "../context7/provider.js";
import { choosePrior, type PriorChoice, type PriorJob, trailingDryRun } from "../resume/local.js";
import { nextAttemptNumber, type PriorRun } from "../resume/prior.js";
import { UserError } from "../errors.js";
import { writeShardSet } from "../shard/closure-resume.js";
import { collectSecretValues, createRedactor } from "../security/redact.js";
import { type GitRepo, pinRepositoryAndHead, repositoryId } from "../state/git.js";
import { attemptDirOf, runPaths, listAttempts } from "../state/paths.js";
import { holdReserve } from "../state/reserve.js";
import type { Progress } from "../state/progress.js";
import { isReusable } from "./rerun-plan.js";
import type { RunOptions } from "./options.js";
import type { PreparedWave } from "./prepare.js";
import type { EngineDeps } from "./types.js";
import { WaveRun } from "./wave-run.js";
import { isDesignJob } from "../shard/plan.js";

/** A started run: its WaveRun (first journal entry written) and what its result needs besides. */
export interface StartedRun {
  run: WaveRun;
  prior: PriorRun | null;
  /** The earlier run a resume was offered, also when it was refused (resume/local.ts PriorChoice). */
  offered: string | null;
  startedAt: Date;
  resumedFrom: string | null;
  baseCommit: string | null;
  /** The repository, pinned before any agent runs: every later git call of the run names it (null: not in a work tree). */
  repo: GitRepo | null;
}

/** The first progress entry of attempt `attempt`. */
function initialProgress(
  prepared: PreparedWave,
  attempt: number,
  fields: { repository: string | null; baseCommit: string | null; startedAt: Date; resumedFrom: string | null },
): Progress {
  const role = prepared.shard?.role;
  return {
    ...(role?.kind === "shard" ? { shard: { index: role.index, count: role.count } } : {}),
    schemaVersion: 1,
    kind: "wave-progress",
    lane: prepared.laneName,
    wave: prepared.wave.wave,
    attempt,
    waveFile: prepared.wave.file,
    waveFingerprint: prepared.wave.fingerprint,
    repository: fields.repository,
    baseCommit: fields.baseCommit,
    phase: "starting",
    stage: null,
    passedStages: [],
    agents: {},
    gates: [],
    status: null,
    startedAt: fields.startedAt.toISOString(),
    updatedAt: fields.startedAt.toISOString(),
    resumedFrom: fields.resumedFrom,
  };
}

/** The shard a shard run's state directory is of (null: the whole wave's, the closure job's too). */
export function shardDirOf(prepared: PreparedWave): { index: number; count: number } | null {
  const role = prepared.shard?.role;
  return role?.kind === "shard" ? { index: role.index, count: role.count } : null;
}

/**
 * Why the design agents of a shard job would not be reused from `prior` (null: all would be). A
 * shard job never runs a design agent: that is its design job's.
 */
function designNotReusable(prepared: PreparedWave, prior: PriorRun, rerun: readonly string[]): string | null {
  const why: string[] = [];
  for (const pa of prepared.agents.filter((a) => a.phase === "design")) {
    const id = pa.agent.agentId;
    if (isReusable({ id, phase: pa.phase, fingerprint: pa.fingerprint }, prior.prior, { rerun })) continue;
    const p = prior.prior.agents[id];
    why.push(
      rerun.includes(id)
        ? `--rerun names ${id}, but a design agent runs only in its design job`
        : !p
          ? `${id} is not in it`
          : p.fingerprint !== pa.fingerprint
            ? `${id} ran another version of its definition there`
            : `${id} did not pass there (${p.status})`,
    );
  }
  return why.length > 0 ? why.join("; ") : null;
}

/**
 * What the run starts from (resume/local.ts `choosePrior`, the one call that chooses earlier
 * state): its own earlier run; for a shard job of a wave with design agents, that or its design
 * job's run; for a sharded wave's closure job, its shard runs merged.
 */
async function choosePriorFor(
  options: RunOptions,
  deps: EngineDeps,
  prepared: PreparedWave,
  where: { waveDir: string; before: number; repository: string | null; baseCommit: string | null },
): Promise<PriorChoice> {
  const role = prepared.shard?.role;
  if (role?.kind === "shard" && !prepared.shard?.design && (options.shardFrom?.length ?? 0) > 0) {
    throw new UserError(`wave ${prepared.wave.wave} has no design agents, so no design job to build on: drop --from`, 2);
  }
  const rerun = options.rerun ?? [];
  const job: PriorJob =
    options.shard?.kind === "closure"
      ? { kind: "closure", from: options.shardFrom ?? [], wave: prepared.wave }
      : role?.kind === "shard" && !isDesignJob(role) && prepared.shard?.design
        ? {
            kind: "shard",
            index: role.index,
            count: role.count,
            from: options.shardFrom ?? [],
            baseCommit: where.baseCommit,
            designNotReusable: (prior) => designNotReusable(prepared, prior, rerun),
          }
        : { kind: "wave" };
  return choosePrior({
    from: "state-dir",
    job,
    resume: options.resume,
    waveDir: where.waveDir,
    before: where.before,
    stateDir: options.stateDir,
    expect: {
      lane: prepared.laneName,
      wave: prepared.wave.wave,
      waveFingerprint: prepared.wave.fingerprint,
      repository: where.repository,
      force: options.forceResume,
    },
    warn: (message) => deps.onEvent?.({ type: "warning", message }),
    notice: (message) => deps.onEvent?.({ type: "notice", message }),
  });
}

/** Picks the attempt number and the run it resumes, makes the run directory and writes the first journal entry. */
export async function startRun(options: RunOptions, deps: EngineDeps, prepared: PreparedWave, waveDir: string): Promise<StartedRun> {
  const startedAt = deps.now();
  // A dry run left last is a preview: this run takes its place (and its attempt number).
  const preview = await trailingDryRun(waveDir);
  if (preview !== null) await fs.rm(attemptDirOf(waveDir, preview), { recursive: true, force: true });
  const localAttempts = await listAttempts(waveDir);
  const localNext = nextAttemptNumber(localAttempts, null);
  // Found now, before any agent runs: a `.git` an agent makes under the root is never looked up.
  const pinned = await pinRepositoryAndHead(options.root);
  const repo = pinned?.repo ?? null;
  const repository = await repositoryId(repo ?? options.root, deps.env);
  const baseCommit = options.captureChanges && !options.dryRun ? (pinned?.head ?? null) : null;
  if (options.captureChanges && !options.dryRun && !baseCommit) {
    deps.onEvent?.({
      type: "warning",
      message: `${options.root} is not a git repository with a commit: the agents' workspace changes are not recorded (git init, then commit)`,
    });
  }
  // A dry run resumes nothing.
  const choice = options.dryRun
    ? { prior: null, offered: null }
    : await choosePriorFor(options, deps, prepared, { waveDir, before: localNext, repository, baseCommit });
  const { prior } = choice;
  // Attempt numbers keep counting across resumes, also when the earlier state came from elsewhere.
  const attempt = nextAttemptNumber(localAttempts, prior ? prior.progress.attempt : null);
  const paths = runPaths(options.stateDir, prepared.laneName, options.wave, attempt, shardDirOf(prepared));
  await fs.mkdir(paths.agentsDir, { recursive: true });
  // Space for the final records, whatever fills the disk meanwhile (given back in finish.ts).
  if (!options.dryRun && !(await holdReserve(paths.reserve))) {
    deps.onEvent?.({ type: "warning", message: `no disk space could be reserved in ${paths.runDir} for the run's final records` });
  }
  const priorDir = prior ? (options.resume === "auto" ? path.relative(options.stateDir, prior.runDir) : prior.runDir) : null;
  // A closure job: the shard runs it merged, after the earlier closure run it resumes (if any).
  const resumedFrom = prior?.shards
    ? [...(prior.shards.dirs.includes(prior.runDir) ? [] : [priorDir]), ...prior.shards.dirs].join(", ")
    : priorDir;
  const context7 = options.dryRun
    ? null
    : createContext7Provider({
        root: options.root,
        bundleIndexPath: prepared.lane.paths.context7BundleIndexPath,
        stateDir: options.stateDir,
        env: deps.env,
        redact: createRedactor(collectSecretValues({ env: deps.env, extra: options.redact })).redact,
        now: deps.now,
        onWarning: (message) => deps.onEvent?.({ type: "warning", message }),
      });
  const progress = initialProgress(prepared, attempt, { repository, baseCommit, startedAt, resumedFrom });
  // Before any agent runs: which shard runs this closure run merged (a re-run compares its own).
  if (prior?.shards) await writeShardSet(paths.runDir, prior.shards.set);
  const run = new WaveRun({ options, deps, prepared, paths, progress, context7 });
  await run.saveProgress();
  return { run, prior, offered: choice.offered, startedAt, resumedFrom, baseCommit, repo };
}

/**
 * Before a wave runs in a job: find earlier state of the same lane and wave in this workflow run
 * (resume), or apply the changes earlier waves of the lane left (hand-off between waves). Earlier
 * state is chosen by what the artifact service assigned and checked against its contents (see
 * resume/state-artifacts.ts); an artifact that fails a check is skipped with a warning naming it.
 * Which of the checked states a run resumes from is resume/local.ts `choosePrior`'s decision, the
 * one the CLI makes over its state directory.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { jobLog } from "../report/runner-channel.js";
import type { ArtifactInfo, ArtifactStore } from "../artifacts/types.js";
import { artifactNamePrefix } from "../artifacts/naming.js";
import { errorMessage, UserError } from "../errors.js";
import {
  checkStateContents,
  type StateCandidate,
  type StateScope,
  sameShard,
  screenStateArtifacts,
  stateScope,
} from "../resume/state-artifacts.js";
import { applyChanges } from "../state/changes.js";
import { choosePrior } from "../resume/local.js";
import { runDirPaths } from "../state/paths.js";
import type { WaveResult } from "../state/schema.js";
import { changedDefinitions, type PinnedDefinitions, pinDefinitions, restorePinned } from "../wave/definitions.js";
import { loadProject } from "../wave/project.js";
import type { ActionInputs } from "./inputs.js";
import { downloadState } from "./state-artifact.js";
import { isDesignJob } from "../shard/plan.js";

export function laneOf(inputs: Pick<ActionInputs, "root" | "configPath" | "lane" | "project">): string {
  return loadProject(inputs).laneName;
}

export interface ResumeSource {
  name: string;
  dir: string;
}

/** Removes a download made by downloadState (its parent directory is the download's own). */
async function discard(dir: string): Promise<void> {
  await fs.rm(path.dirname(dir), { recursive: true, force: true });
}

export type Restored =
  | { kind: "ok"; dir: string; result: WaveResult }
  /** Could not be downloaded or extracted: a state we cannot read, not necessarily a forged one. */
  | { kind: "unreadable" }
  /** Downloaded, but its contents are not what its name says. */
  | { kind: "refused" };

/**
 * Downloads a candidate and checks its contents. Anything but "ok" was reported with a warning
 * naming the artifact (and its download removed).
 */
export async function restoreCandidate(
  store: ArtifactStore,
  candidate: StateCandidate,
  scope: StateScope,
  tempDir: string,
  label: string,
): Promise<Restored> {
  const name = candidate.info.name;
  let dir: string;
  try {
    dir = await downloadState(store, candidate.info, tempDir);
  } catch (error) {
    jobLog.warning(`${label}: artifact ${name} could not be restored (${errorMessage(error)}); skipping it`);
    return { kind: "unreadable" };
  }
  const check = await checkStateContents(dir, candidate, scope);
  if (!check.ok) {
    jobLog.warning(`${label}: ignoring artifact ${name}: ${check.reason}`);
    await discard(dir);
    return { kind: "refused" };
  }
  return { kind: "ok", dir, result: check.result };
}

/** A restored candidate for choosePrior: its directory and result, or null (already warned about). */
export function restoredOk(restored: Restored): Extract<Restored, { kind: "ok" }> | null {
  return restored.kind === "ok" ? restored : null;
}

/** The state artifacts of the lane that may be considered (refusals are warned about), newest first. */
async function laneCandidates(store: ArtifactStore, scope: StateScope, label: string): Promise<StateCandidate[]> {
  const listed = await store.list({ prefix: artifactNamePrefix(scope.prefix, scope.lane) });
  return screenStateArtifacts(listed, scope, (message) => jobLog.warning(`${label}: ${message}`));
}

/**
 * `resume: auto`: the newest state of this lane+wave in this run (earlier attempts included) that
 * passes the checks; none, or a listing that fails, means a fresh run with a warning. An explicit
 * artifact name must exist and be readable.
 */
export async function findResumeState(
  store: ArtifactStore,
  inputs: ActionInputs,
  tempDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ResumeSource | null> {
  if (inputs.resume === "never" || inputs.wave === undefined) return null;
  if (inputs.resume !== "auto") {
    const all = await store.list();
    const info = all.filter((a) => a.name === inputs.resume).at(-1);
    if (!info) throw new UserError(`input resume: no artifact named "${inputs.resume}" in this workflow run`);
    try {
      return { name: info.name, dir: await downloadState(store, info, tempDir) };
    } catch (error) {
      throw new UserError(`input resume: artifact "${inputs.resume}" could not be restored: ${errorMessage(error)}`);
    }
  }
  const scope = stateScope(inputs.artifactPrefix, laneOf(inputs), env);
  let candidates: StateCandidate[];
  try {
    // A shard job resumes its own shard's state; a whole wave's job never a shard's. The closure
    // job's states are named as the whole wave's: a closure job takes one only when it is a closure
    // run of the same shard runs (src/shard/closure-resume.ts decides, in the engine).
    const shard = inputs.shard?.kind === "shard" ? { index: inputs.shard.index, count: inputs.shard.count } : null;
    candidates = (await laneCandidates(store, scope, "resume")).filter(
      (c) => c.parts.wave === inputs.wave && sameShard(c.parts.shard, shard),
    );
  } catch (error) {
    jobLog.warning(`resume: could not list earlier wave state (${errorMessage(error)}); starting fresh`);
    return null;
  }
  // Which state is used is decided where every earlier state is chosen (resume/local.ts
  // choosePrior), by the rules `wave run --resume auto` follows over the state directory.
  const picked = await choosePrior({
    from: "artifacts",
    want: "resume",
    candidates,
    restore: async (candidate) => restoredOk(await restoreCandidate(store, candidate, scope, tempDir, "resume")),
    passOver: async (candidate, state, reason) => {
      // A run that stopped before any agent (a refused resume, a missing executor) has nothing
      // to reuse; an older state may.
      jobLog.info(`resume: ${candidate.info.name} holds nothing to carry over (${reason}); looking at older states`);
      await discard(state.dir);
    },
  });
  if (picked) {
    jobLog.info(`resume: restoring state from artifact ${picked.candidate.info.name}`);
    return { name: picked.candidate.info.name, dir: picked.state.dir };
  }
  if (candidates.length > 0) jobLog.warning("resume: no earlier state could be restored; starting fresh");
  return null;
}

/**
 * `apply-changes: previous`: the newest passed state of the highest earlier wave of the lane in this
 * run that has a state passing the checks (its changes include everything the waves before it
 * built on); explicit names are applied in the order given. This assumes the waves of a lane run
 * in order, one at a time, as wave.yml runs them (it refuses `max-parallel-waves` above 1): waves
 * running side by side would each hold only their own changes. Changes recorded on another commit
 * than the checkout's are merged 3-way from the preimages they carry (state/changes.ts).
 */
export async function applyChangeArtifacts(
  store: ArtifactStore,
  inputs: ActionInputs,
  tempDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<string[]> {
  const applied: string[] = [];
  if (inputs.applyChanges.length === 1 && inputs.applyChanges[0] === "previous") {
    if (inputs.wave === undefined) return applied;
    const wave = inputs.wave;
    const scope = stateScope(inputs.artifactPrefix, laneOf(inputs), env);
    // A shard's state holds only its own agents' part of a wave: the earlier waves' whole states.
    const earlier = (await laneCandidates(store, scope, "apply-changes")).filter((c) => c.parts.wave < wave && !c.parts.shard);
    const waves = [...new Set(earlier.map((c) => c.parts.wave))].sort((a, b) => b - a);
    if (waves.length === 0) {
      jobLog.info("apply-changes: no earlier wave of this lane in this run");
      return applied;
    }
    for (const w of waves) {
      // Whether wave w has state that may be real: only refused (forged) candidates do not count.
      let found = false;
      const picked = await choosePrior({
        from: "artifacts",
        want: "passed",
        candidates: earlier.filter((c) => c.parts.wave === w),
        restore: async (candidate) => {
          const restored = await restoreCandidate(store, candidate, scope, tempDir, "apply-changes");
          if (restored.kind !== "refused") found = true;
          return restoredOk(restored);
        },
        passOver: async (candidate) => {
          jobLog.warning(`apply-changes: ${candidate.info.name} is not a passed state of wave ${w}; looking further`);
        },
      });
      if (picked) {
        const name = picked.candidate.info.name;
        await applyChanges(inputs.root, runDirPaths(picked.state.dir).changesDir, `apply-changes ${name}`);
        applied.push(name);
        jobLog.info(`applied the workspace changes of ${name} (wave ${w})`);
        return applied;
      }
      if (found) throw new UserError(`apply-changes: wave ${w} of lane ${scope.lane} has no passed state in this run to build on`);
      jobLog.warning(`apply-changes: no usable state of wave ${w} in this run; looking at the waves before it`);
    }
    jobLog.info("apply-changes: no earlier wave of this lane has usable state in this run");
    return applied;
  }
  const all = await store.list();
  for (const name of inputs.applyChanges) {
    const info: ArtifactInfo | undefined = all.filter((a) => a.name === name).at(-1);
    if (!info) throw new UserError(`input apply-changes: no artifact named "${name}" in this workflow run`);
    const dir = await downloadState(store, info, tempDir);
    await applyChanges(inputs.root, runDirPaths(dir).changesDir, `apply-changes ${info.name}`);
    applied.push(info.name);
    jobLog.info(`applied the workspace changes of ${info.name}`);
  }
  return applied;
}

/**
 * Runs `apply` (earlier waves' changes put into the work tree) with the definitions the run judges
 * with pinned before it (src/wave/definitions.ts): a definition file the changes altered is put
 * back as it was, with a warning naming it. Changes recorded by this version never hold one (a
 * protected change is left out of them); this is for any other.
 */
export async function withDefinitionsPinned<T>(
  inputs: Pick<ActionInputs, "root" | "configPath" | "lane" | "project">,
  apply: () => Promise<T>,
): Promise<T> {
  let pins: PinnedDefinitions | null = null;
  try {
    pins = pinDefinitions(inputs.root, loadProject(inputs));
  } catch {
    // A project that does not load fails the run when it is prepared, with the reason.
  }
  const out = await apply();
  for (const rel of pins ? changedDefinitions(pins) : []) {
    if (!pins || !restorePinned(pins, rel)) {
      throw new UserError(`apply-changes: the earlier changes alter ${rel}, a definition the run judges with, and it cannot be put back`);
    }
    jobLog.warning(
      `apply-changes: the earlier changes alter ${rel}, a definition the run judges with: it was put back as the checkout has it`,
    );
  }
  return out;
}

/**
 * The newest state of shard `index`/`count` of the wave in this run that passes the checks and
 * passed, downloaded (null: none). Newer states that did not pass are passed over, saying so.
 */
async function newestPassedShard(
  store: ArtifactStore,
  candidates: readonly StateCandidate[],
  shard: { index: number; count: number },
  where: { scope: ReturnType<typeof stateScope>; tempDir: string; purpose: "closure" | "design" },
): Promise<{ dir: string; name: string } | null> {
  const picked = await choosePrior({
    from: "artifacts",
    want: "passed",
    candidates: candidates.filter((c) => sameShard(c.parts.shard, shard)),
    restore: async (candidate) => restoredOk(await restoreCandidate(store, candidate, where.scope, where.tempDir, where.purpose)),
    passOver: async (candidate, state) => {
      jobLog.info(
        `${where.purpose}: ${candidate.info.name} did not pass (${state.result.status}); looking at older states of shard ${shard.index}/${shard.count}`,
      );
      await discard(state.dir);
    },
  });
  return picked ? { dir: picked.state.dir, name: picked.candidate.info.name } : null;
}

/** A sharded wave's shard states of this run, newest first. */
async function shardCandidates(store: ArtifactStore, inputs: ActionInputs, env: NodeJS.ProcessEnv, purpose: "closure" | "design") {
  const scope = stateScope(inputs.artifactPrefix, laneOf(inputs), env);
  const candidates = (await laneCandidates(store, scope, purpose)).filter((c) => c.parts.wave === inputs.wave && c.parts.shard);
  return { scope, candidates };
}

/** What a job of a sharded wave builds on: states of this run, downloaded. */
export interface ShardBase {
  /** `shards`: the closure job's, its shards' states; `design`: a shard job's, its design job's state. */
  from: "shards" | "design";
  states: { dir: string; name: string }[];
}

/**
 * What a job of a sharded wave builds on; null for any other job.
 *
 * The closure job: for each shard of the wave (1..n; the design job's state is in every shard's),
 * the newest state of that shard in this run that passes the checks and passed. The shard count is
 * the newest shard state's; a shard without such a state is left out (the closure run names it as
 * missing), so `states` may be empty.
 *
 * A shard job (1..n) of a wave with design agents builds on its design job's run (shard 0 of the
 * same count): the newest passed state of it in this run; null when there is none (a wave without
 * design agents has none; for one with, the engine says what is missing).
 */
export async function findShardBase(
  store: ArtifactStore,
  inputs: ActionInputs,
  tempDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ShardBase | null> {
  const shard = inputs.shard;
  if (shard?.kind === "closure") {
    const { scope, candidates } = await shardCandidates(store, inputs, env, "closure");
    const count = candidates[0]?.parts.shard?.count ?? 0;
    const states: ShardBase["states"] = [];
    for (let index = 1; index <= count; index++) {
      const found = await newestPassedShard(store, candidates, { index, count }, { scope, tempDir, purpose: "closure" });
      if (found) states.push(found);
    }
    return { from: "shards", states };
  }
  if (shard?.kind !== "shard" || isDesignJob(shard)) return null;
  const { scope, candidates } = await shardCandidates(store, inputs, env, "design");
  const design = await newestPassedShard(store, candidates, { index: 0, count: shard.count }, { scope, tempDir, purpose: "design" });
  return design ? { from: "design", states: [design] } : null;
}

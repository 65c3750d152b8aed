/**
 * Before a wave runs in a job: find earlier state of the same lane and wave in this workflow run
 * (resume), or apply the changes earlier waves of the lane left (hand-off between waves).
 */
import path from "node:path";
import * as core from "@actions/core";
import { type ArtifactInfo, type ArtifactStore, findLatestWaveState, parseArtifactName, artifactNamePrefix } from "../artifacts/index.js";
import { errorMessage, UserError } from "../errors.js";
import { applyChanges } from "../state/changes.js";
import { readJsonChecked } from "../state/files.js";
import { ProgressSchema } from "../state/progress.js";
import { WaveResultSchema } from "../state/schema.js";
import { loadProject } from "../wave/index.js";
import type { ActionInputs } from "./inputs.js";
import { downloadState } from "./state-artifact.js";

export function laneOf(inputs: Pick<ActionInputs, "root" | "configPath" | "lane">): string {
  return loadProject({ root: inputs.root, configPath: inputs.configPath, lane: inputs.lane }).laneName;
}

export interface ResumeSource {
  name: string;
  dir: string;
}

/**
 * `resume: auto`: the newest readable state of this lane+wave in this run (earlier attempts
 * included); a corrupt or missing one means a fresh run with a warning. An explicit artifact name
 * must exist and be readable.
 */
export async function findResumeState(store: ArtifactStore, inputs: ActionInputs, tempDir: string): Promise<ResumeSource | null> {
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
  const lane = laneOf(inputs);
  let candidates: ArtifactInfo[];
  try {
    candidates = await findLatestWaveState(store, { prefix: inputs.artifactPrefix, lane, wave: inputs.wave });
  } catch (error) {
    core.warning(`resume: could not list earlier wave state (${errorMessage(error)}); starting fresh`);
    return null;
  }
  for (const info of candidates) {
    try {
      const dir = await downloadState(store, info, tempDir);
      const progress = await readJsonChecked(path.join(dir, "progress.json"), ProgressSchema, "progress journal");
      if (progress.ok && Object.keys(progress.value.agents).length === 0) {
        // A run that stopped before any agent (a refused resume, a missing executor) has nothing
        // to reuse; an older state may.
        core.info(`resume: ${info.name} recorded no agent; looking at older states`);
        continue;
      }
      core.info(`resume: restoring state from artifact ${info.name}`);
      return { name: info.name, dir };
    } catch (error) {
      core.warning(`resume: artifact ${info.name} could not be restored (${errorMessage(error)}); trying an older one`);
    }
  }
  if (candidates.length > 0) core.warning("resume: no earlier state could be restored; starting fresh");
  return null;
}

/**
 * `apply-changes: previous`: the newest state of the highest earlier wave of the lane in this run
 * (its changes include everything the waves before it built on); explicit names are applied in
 * the order given.
 */
export async function applyChangeArtifacts(store: ArtifactStore, inputs: ActionInputs, tempDir: string): Promise<string[]> {
  const applied: string[] = [];
  const restoreAndApply = async (info: ArtifactInfo) => {
    const dir = await downloadState(store, info, tempDir);
    await applyChanges(inputs.root, path.join(dir, "changes"), `apply-changes ${info.name}`);
    applied.push(info.name);
    core.info(`applied the workspace changes of ${info.name}`);
  };
  if (inputs.applyChanges.length === 1 && inputs.applyChanges[0] === "previous") {
    if (inputs.wave === undefined) return applied;
    const lane = laneOf(inputs);
    const listed = await store.list({ prefix: artifactNamePrefix(inputs.artifactPrefix, lane) });
    const earlier = listed
      .map((info) => ({ info, parts: parseArtifactName(info.name) }))
      .filter((x) => x.parts && x.parts.lane === lane && x.parts.prefix === inputs.artifactPrefix && x.parts.wave < inputs.wave!);
    if (earlier.length === 0) {
      core.info("apply-changes: no earlier wave of this lane in this run");
      return applied;
    }
    const highest = Math.max(...earlier.map((x) => x.parts!.wave));
    const candidates = (await findLatestWaveState(store, { prefix: inputs.artifactPrefix, lane, wave: highest })).filter(Boolean);
    for (const info of candidates) {
      const dir = await downloadState(store, info, tempDir).catch(() => null);
      if (!dir) continue;
      const result = await readJsonChecked(path.join(dir, "result.json"), WaveResultSchema, "result");
      if (!result.ok || result.value.status !== "passed") {
        core.warning(`apply-changes: ${info.name} is not a passed state of wave ${highest}; looking further`);
        continue;
      }
      await applyChanges(inputs.root, path.join(dir, "changes"), `apply-changes ${info.name}`);
      applied.push(info.name);
      core.info(`applied the workspace changes of ${info.name} (wave ${highest})`);
      return applied;
    }
    throw new UserError(`apply-changes: wave ${highest} of lane ${lane} has no passed state in this run to build on`);
  }
  const all = await store.list();
  for (const name of inputs.applyChanges) {
    const info = all.filter((a) => a.name === name).at(-1);
    if (!info) throw new UserError(`input apply-changes: no artifact named "${name}" in this workflow run`);
    await restoreAndApply(info);
  }
  return applied;
}

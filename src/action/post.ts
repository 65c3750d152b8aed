/**
 * The action's post step (runs `always()`): when the main step could not upload the wave's state
 * — killed, cancelled, crashed — this step ends any agent process still running, completes
 * result.json from the progress journal, and uploads the state. There is always an artifact.
 *
 * Loaded by the action's entry (src/main.ts) only for the post step; it shares with the main step
 * action/shared.ts (the state keys, the secrets) and the pure builder of result.json
 * (engine/result.ts, which imports nothing of the engine's run), never the main step's module or
 * the engine's run. Where the files are is state/paths.ts.
 */
import { promises as fs } from "node:fs";
import os from "node:os";
import * as core from "@actions/core";
import { GithubArtifactStore } from "../artifacts/github-store.js";
import { recoverBoundaries } from "../agent-user/boundary.js";
import { giveBackIfElevated, runElevatedIfNeeded } from "../agent-user/elevate.js";
import { errorMessage } from "../errors.js";
import { findLeftoverAgents, type LeftoverAgent, stopLeftoverAgents } from "../runtime/leftovers.js";
import { jobLog, neutraliseLegacyCommands } from "../report/runner-channel.js";
import { createRedactor } from "../security/redact.js";
import { readJsonChecked, writeJsonAtomic } from "../state/json-files.js";
import { type Progress, ProgressSchema } from "../state/progress.js";
import { agentPaths, runDirPaths } from "../state/paths.js";
import { WaveResultSchema } from "../state/schema.js";
import { resultFromProgress } from "../engine/result.js";
import { readInputs } from "./inputs.js";
import { actionSecrets, STATE_KEYS } from "./shared.js";
import { uploadRunState } from "./state-artifact.js";

/** Processes whose environment says they are agents of a run under `stateDir`. */
export function leftoverAgents(stateDir: string): Promise<LeftoverAgent[]> {
  return findLeftoverAgents(stateDir);
}

/** Agents the main step launched (launch.json written) whose end the journal never recorded. */
export async function interruptedAgents(runDir: string, progress: Progress): Promise<{ id: string; executor: string }[]> {
  const found: { id: string; executor: string }[] = [];
  const paths = runDirPaths(runDir);
  const ids = await fs.readdir(paths.agentsDir).catch(() => [] as string[]);
  for (const id of ids.sort()) {
    if (progress.agents[id]) continue;
    try {
      const launch = JSON.parse(await fs.readFile(agentPaths(paths, id).launch, "utf8")) as { executor?: unknown };
      found.push({ id, executor: typeof launch.executor === "string" ? launch.executor : "command" });
    } catch {
      // never launched
    }
  }
  return found;
}

export async function runPost(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  // The post of a pick step: the job's status record, when its run step wrote none.
  const picked = core.getState(STATE_KEYS.picked);
  if (picked) {
    try {
      await (await import("./supervise-mode.js")).recordPickedUnit(picked, readInputs(undefined, env), env);
    } catch (error) {
      core.setFailed(neutraliseLegacyCommands(`wave post step: ${errorMessage(error)}`));
    }
    return;
  }
  // The main step ran as root (agents behind another user): so must this one, to end the agent
  // user's processes and read the private state directory.
  const mainStepElevated = core.getState(STATE_KEYS.elevated) === "1";
  if (mainStepElevated && process.geteuid?.() !== 0 && process.argv[1]) {
    const rerun = runElevatedIfNeeded(
      { kind: "post", mainStepElevated },
      [process.execPath, ...process.execArgv, process.argv[1]],
      [],
      env,
    );
    if (rerun) {
      const code = await rerun;
      if (code !== 0) process.exitCode = code;
      return;
    }
    jobLog.warning("the main step ran as root, but sudo is not available to this step any more");
  }
  try {
    const uploaded = core.getState(STATE_KEYS.uploaded);
    const runDir = core.getState(STATE_KEYS.runDir);
    const stateDir = core.getState(STATE_KEYS.stateDir);
    if (uploaded) {
      jobLog.info(`wave state already uploaded as ${uploaded}`);
      return;
    }
    if (!runDir || !stateDir) {
      jobLog.info("no wave run to save");
      return;
    }
    // Nothing of the wave may outlive the job step.
    for (const note of await recoverBoundaries(stateDir)) jobLog.warning(note);
    await stopLeftoverAgents(stateDir);
    const paths = runDirPaths(runDir);
    const resultFile = paths.result;
    const existing = await readJsonChecked(resultFile, WaveResultSchema, "result");
    if (!existing.ok) {
      const progress = await readJsonChecked(paths.progress, ProgressSchema, "progress journal");
      if (!progress.ok) {
        jobLog.warning(`the wave's state is incomplete: ${progress.message}`);
      } else {
        const interrupted = await interruptedAgents(runDir, progress.value);
        await writeJsonAtomic(resultFile, resultFromProgress(progress.value, new Date(), interrupted));
        jobLog.info(`completed ${resultFile} from the progress journal`);
      }
    }
    const inputs = readInputs(undefined, env);
    const secrets = actionSecrets(inputs, env);
    const store = new GithubArtifactStore({ token: inputs.githubToken || undefined, env });
    const lane = core.getState(STATE_KEYS.lane);
    const wave = Number(core.getState(STATE_KEYS.wave));
    const retention = Number(core.getState(STATE_KEYS.retention) || "0");
    const result = await uploadRunState({
      store,
      runDir,
      root: core.getState(STATE_KEYS.root) || inputs.root,
      prefix: core.getState(STATE_KEYS.prefix) || inputs.artifactPrefix,
      lane,
      wave,
      runAttempt: Number(env.GITHUB_RUN_ATTEMPT || "1") || 1,
      retentionDays: retention > 0 ? retention : undefined,
      secrets,
      env,
      tempDir: env.RUNNER_TEMP || os.tmpdir(),
      sequence: 2,
    });
    jobLog.notice(`uploaded the wave state as ${result.name}`);
    const redactor = createRedactor(secrets);
    for (const file of result.redactedWorkspaceFiles)
      jobLog.warning(redactor.redact(`a secret was found in ${file}; it was redacted in the uploaded workspace changes`));
  } catch (error) {
    core.setFailed(neutraliseLegacyCommands(`wave post step: ${errorMessage(error)}`));
  } finally {
    giveBackIfElevated([env.RUNNER_TEMP, env.GITHUB_WORKSPACE]);
  }
}

/**
 * Modes pick and triage: the reusable workflow's supervision of a lane, from its status records
 * (src/supervisor/). pick is the first step of every wave job (which unit it runs, after claiming
 * it and waiting for the units before it); triage plans a resume round (the units that did not pass).
 */
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { jobLog } from "../report/runner-channel.js";
import { GithubArtifactStore } from "../artifacts/github-store.js";
import { UserError } from "../errors.js";
import * as core from "@actions/core";
import { pickOutputs, pickUnit, recordStatus, type SupervisorIo, triageLane } from "../supervisor/pick.js";
import { describeUnit, type JobFacts, type UnitName, unitKey, unitsOf } from "../supervisor/units.js";
import type { ActionInputs } from "./inputs.js";
import type { Outputs } from "./outputs.js";
import { actionRoot, excludeFromChanges } from "./own-files.js";
import { STATE_KEYS } from "./shared.js";

/**
 * Milliseconds between the first looks at the lane's records while a picked unit waits; later looks
 * back off to 60 s (pickUnit's pollDelayMs). The job's timeout bounds the wait.
 */
const POLL_MS = 15_000;
/**
 * How long a job may wait, in all, for the REST API's rate limit to reset before its step fails:
 * the primary limit resets within the hour ("Rate limits for the REST API", docs.github.com), and
 * the job's own timeout-minutes ends a longer wait anyway.
 */
const RATE_LIMIT_PATIENCE_MS = 65 * 60_000;

function factsOf(inputs: ActionInputs, env: NodeJS.ProcessEnv): JobFacts {
  if (!/^[0-2]$/.test(String(inputs.round))) throw new UserError(`input round must be 0, 1 or 2 (got ${inputs.round})`);
  const attempt = Number(env.GITHUB_RUN_ATTEMPT ?? "1");
  if (!Number.isInteger(attempt) || attempt < 1)
    throw new UserError(`GITHUB_RUN_ATTEMPT is not a run attempt: ${JSON.stringify(env.GITHUB_RUN_ATTEMPT)}`);
  const lane = inputs.lane ?? "default";
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(lane))
    throw new UserError(`input lane must match ^[a-z0-9][a-z0-9_-]*$ in modes pick and triage (got ${JSON.stringify(lane)})`);
  return { laneKey: lane, runAttempt: attempt, round: inputs.round };
}

async function ioOf(inputs: ActionInputs, env: NodeJS.ProcessEnv, label: string): Promise<SupervisorIo> {
  return {
    store: new GithubArtifactStore({
      token: inputs.githubToken || undefined,
      env,
      rateLimitPatienceMs: RATE_LIMIT_PATIENCE_MS,
      info: (m) => jobLog.info(m),
    }),
    tempDir: await mkdtemp(path.join(env.RUNNER_TEMP || os.tmpdir(), "wave-supervise-")),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    info: (m) => jobLog.info(m),
    notice: (m) => jobLog.notice(m, { title: "Wave" }),
    warning: (m) => jobLog.warning(m, { title: "Wave" }),
    pollMs: POLL_MS,
    jobLabel: label,
  };
}

export async function pickMode(inputs: ActionInputs, outputs: Outputs, env: NodeJS.ProcessEnv): Promise<void> {
  const facts = factsOf(inputs, env);
  const planned = unitsOf(inputs.matrix, "matrix");
  const round = inputs.roundMatrix ? unitsOf(inputs.roundMatrix, "round-matrix") : planned;
  const io = await ioOf(inputs, env, `${env.GITHUB_JOB ?? "job"} (run attempt ${facts.runAttempt}, round ${facts.round})`);
  const entry = inputs.wave === undefined ? null : { wave: inputs.wave, shard: inputs.shard, key: unitKey(inputs.wave, inputs.shard) };
  const outcome = await pickUnit(io, { planned, round, facts, entry });
  Object.assign(outputs, pickOutputs(outcome));
  outputs.status = "passed";
  if (outcome.kind === "none") return;
  // The action checked out inside the work tree is not part of any wave's changes.
  const own = await actionRoot();
  if (own && (await excludeFromChanges(own, inputs.workspace))) jobLog.info(`keeping ${own} out of the waves' changes`);
  // The post step of this step records the job's status when the run step did not (it never ran).
  const unit: Pick<UnitName, "wave" | "key"> = { wave: outcome.unit.wave, key: outcome.unit.key };
  core.saveState(STATE_KEYS.picked, JSON.stringify({ facts, unit, retentionDays: inputs.retentionDays ?? 0 }));
  if (outcome.kind === "blocked") {
    outputs.status = "failed";
    throw new UserError(
      `${describeUnit(outcome.unit)} not started: ${describeUnit(outcome.blocker)} before it did not pass (${outcome.status})`,
    );
  }
}

/** Mode run, a job of the reusable workflow (input round given): records what its run step said. */
export async function recordRunStatus(inputs: ActionInputs, outputs: Outputs, env: NodeJS.ProcessEnv): Promise<void> {
  if (inputs.wave === undefined) return;
  const facts = factsOf(inputs, env);
  const unit: UnitName = { wave: inputs.wave, shard: inputs.shard ?? null, key: unitKey(inputs.wave, inputs.shard) };
  const store = new GithubArtifactStore({ token: inputs.githubToken || undefined, env });
  const tempDir = env.RUNNER_TEMP || os.tmpdir();
  const done = await recordStatus(store, tempDir, facts, unit, outputs.status ?? "", outputs["artifact-name"] ?? "", inputs.retentionDays);
  jobLog.info(
    done === "recorded" ? `recorded ${describeUnit(unit)} as ${outputs.status || "not-run"}` : "the job's status is recorded already",
  );
}

/** The pick step's post: a job whose run step recorded nothing (blocked, set-up failed, cancelled) records not-run. */
export async function recordPickedUnit(saved: string, inputs: ActionInputs, env: NodeJS.ProcessEnv): Promise<void> {
  const { facts, unit, retentionDays } = JSON.parse(saved) as {
    facts: JobFacts;
    unit: Pick<UnitName, "wave" | "key">;
    retentionDays: number;
  };
  const store = new GithubArtifactStore({ token: inputs.githubToken || undefined, env });
  const done = await recordStatus(store, env.RUNNER_TEMP || os.tmpdir(), facts, unit, "not-run", "", retentionDays || undefined);
  if (done === "recorded") jobLog.info(`recorded ${unit.key} as not-run: its run step recorded nothing`);
}

export async function triageMode(inputs: ActionInputs, outputs: Outputs, env: NodeJS.ProcessEnv): Promise<void> {
  const facts = factsOf(inputs, env);
  const io = await ioOf(inputs, env, env.GITHUB_JOB ?? "triage");
  Object.assign(outputs, await triageLane(io, unitsOf(inputs.matrix, "matrix"), facts));
  outputs.status = "passed";
}

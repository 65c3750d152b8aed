/**
 * The action's main step: reads inputs, runs the chosen mode, and always sets every output. In run
 * mode the wave's state is uploaded as an artifact whatever the outcome; the post step uploads
 * whatever this step could not.
 *
 * What only some modes use (validate, plan, report, the rehearsal's scripted server) is loaded
 * when that mode runs. What a run uses after its agents (the summary, the state upload) stays
 * loaded from the start: it runs the code the step started with, whatever the agents did.
 */
import os from "node:os";
import path from "node:path";
import * as core from "@actions/core";
import { GithubArtifactStore } from "../artifacts/github-store.js";
import { listingOnce } from "../artifacts/list-once.js";
import { selfActionCliArgv } from "./cli-path.js";
import type { PlanJson } from "../commands/plan.js";
import { giveBackIfElevated, runElevatedIfNeeded } from "../agent-user/elevate.js";
import { type Launched, launchWave } from "../engine/launch.js";
import { errorMessage, isUserError, UserError } from "../errors.js";
import { createRedactor, type Redactor, redactValue, registerSecrets } from "../security/redact.js";
import { applyChangeArtifacts, findResumeState, findShardBase, withDefinitionsPinned } from "./handoff.js";
import { formatShard } from "../shard/plan.js";
import { type ActionInputs, readInputs, runOptionsFrom } from "./inputs.js";
import { projectSelection } from "../wave/project.js";
import { emptyOutputs, type Outputs, resultOutputs } from "./outputs.js";
import { createJobLogProgress } from "./progress.js";
import { failurePlace } from "../report/headline.js";
import { publishWaveReport } from "./summary.js";
import { jobLog, neutraliseLegacyCommands } from "../report/runner-channel.js";
import { WorkflowInputsError } from "./workflow-inputs.js";
import { actionRoot, guardsOwnFiles, type OwnFiles, readOwnFiles, restoreOwnFiles } from "./own-files.js";
import { actionSecrets, STATE_KEYS } from "./shared.js";
import { uploadRunState } from "./state-artifact.js";
import { runPaths } from "../state/paths.js";
import { headCommit } from "../state/git.js";

/** The modes that run agents. */
const RUN_MODES: ReadonlySet<string> = new Set(["run", "rehearse", "closure"]);

export function setOutputs(outputs: Outputs, redactor: Redactor): void {
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, redactor.redact(value));
}

/**
 * A run step that should put agents behind another OS user, started as an ordinary user with
 * passwordless sudo (GitHub-hosted runners), runs again as root (agent-user/elevate.ts decides);
 * this process only waits for it. Returns true when that happened (the elevated step wrote the
 * outputs itself).
 */
async function ranElevated(env: NodeJS.ProcessEnv): Promise<boolean> {
  if (!process.argv[1]) return false;
  let request: ReturnType<typeof readInputs>;
  try {
    request = readInputs(undefined, env);
  } catch {
    return false; // the error is reported by the normal path
  }
  const startsAgents = request.mode === "run" || request.mode === "rehearse" || request.mode === "closure";
  const rerun = runElevatedIfNeeded(
    startsAgents ? { kind: "agents", agentUser: request.agentUser, dryRun: request.dryRun } : { kind: "other" },
    [process.execPath, ...process.execArgv, process.argv[1]],
    [],
    env,
    () => {
      core.saveState(STATE_KEYS.elevated, "1");
      core.info("agents will run as a separate user: continuing this step as root (passwordless sudo)");
    },
  );
  if (!rerun) return false;
  const code = await rerun;
  if (code !== 0) process.exitCode = code;
  return true;
}

export async function runAction(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (await ranElevated(env)) return;
  const outputs = emptyOutputs();
  let redactor = createRedactor([]);
  let inputs: ActionInputs | undefined;
  let own: OwnFiles | null = null;
  try {
    inputs = readInputs(undefined, env);
    // A run reads the action's files before any agent starts, to put them back after (own-files.ts).
    if (RUN_MODES.has(inputs.mode)) {
      const root = await actionRoot();
      own = root && guardsOwnFiles(root, inputs.workspace) ? await readOwnFiles(root) : null;
    }
    const secrets = actionSecrets(inputs, env);
    registerSecrets(secrets, core.setSecret);
    redactor = createRedactor(secrets);
    switch (inputs.mode) {
      case "validate":
        await validateMode(inputs, outputs);
        break;
      case "plan":
        await planMode(inputs, outputs);
        break;
      case "report":
        await (await import("./report-mode.js")).runReport(inputs, outputs, redactor, env);
        break;
      case "pick":
        await (await import("./supervise-mode.js")).pickMode(inputs, outputs, env);
        break;
      case "triage":
        await (await import("./supervise-mode.js")).triageMode(inputs, outputs, env);
        break;
      default:
        await runMode(inputs, outputs, redactor, secrets, env);
    }
  } catch (error) {
    outputs.status ||= "failed";
    // The reusable workflow's inputs (readInputs checks them first): one annotation each.
    if (error instanceof WorkflowInputsError) for (const p of error.problems) jobLog.error(p, { title: "Wave" });
    // The message may quote agent text: through the job log channel's escaping (`##[`).
    core.setFailed(
      neutraliseLegacyCommands(redactor.redact(isUserError(error) ? error.message : `internal error: ${errorMessage(error)}`)),
    );
  } finally {
    // A job of the reusable workflow (input round) records its status for the jobs after it.
    if (inputs?.roundGiven && RUN_MODES.has(inputs.mode)) {
      try {
        await (await import("./supervise-mode.js")).recordRunStatus(inputs, outputs, env);
      } catch (error) {
        jobLog.warning(`the job's status could not be recorded (${errorMessage(error)}): the pick step's post records it as not-run`);
      }
    }
    setOutputs(outputs, redactor);
    if (own) {
      try {
        const changed = await restoreOwnFiles(own);
        if (changed.length > 0)
          jobLog.warning(
            `the Wave Action's files changed while the wave ran; put back before its post step: ${changed.slice(0, 10).join(", ")}`,
          );
      } catch (error) {
        core.setFailed(neutraliseLegacyCommands(errorMessage(error)));
      }
    }
    // Elevated through sudo: what this step created as root in the runner's directories goes back
    // to the runner's user (later steps and the runner's own clean-up must be able to remove it).
    giveBackIfElevated([env.RUNNER_TEMP, env.GITHUB_WORKSPACE]);
  }
}

async function validateMode(inputs: ActionInputs, outputs: Outputs): Promise<void> {
  const { validateCommand } = await import("../commands/validate.js");
  const out = await validateCommand({
    ...projectSelection(inputs),
    waves: inputs.wave !== undefined ? [inputs.wave] : [],
    format: "github",
    cwd: inputs.workspace,
    env: process.env,
  });
  if (out.stdout) process.stdout.write(out.stdout);
  if (out.stderr) process.stderr.write(out.stderr);
  outputs.status = out.exitCode === 0 ? "passed" : "failed";
  if (out.exitCode !== 0)
    throw new UserError(out.exitCode === 1 ? "the wave files have validation errors (see the annotations)" : "validation could not run");
}

async function planMode(inputs: ActionInputs, outputs: Outputs): Promise<void> {
  const { planCommand } = await import("../commands/plan.js");
  const out = await planCommand({
    ...projectSelection(inputs),
    waves: inputs.waves,
    format: "json",
    cwd: inputs.workspace,
    maxAgentsPerJob: inputs.maxAgentsPerJob,
  });
  if (out.stderr) process.stderr.write(out.stderr);
  if (out.exitCode !== 0) {
    outputs.status = "failed";
    throw new UserError(out.exitCode === 1 ? "the planned waves have validation errors (see the annotations)" : "planning failed");
  }
  const plan = JSON.parse(out.stdout) as PlanJson;
  outputs.matrix = JSON.stringify(plan.matrix);
  outputs.count = String(plan.matrix.include.length);
  // Resolved once here: every later job of the lane (and every re-run of one) checks out this commit.
  const commit = await headCommit(inputs.workspace);
  if (!commit) throw new UserError(`no commit is checked out in ${inputs.workspace}: the plan cannot name the commit the waves run on`);
  outputs.commit = commit;
  outputs.status = "passed";
  if (plan.matrix.include.length === 0) jobLog.warning("no waves selected", { title: "Wave" });
  const jobs = plan.matrix.include.map((e) =>
    "shard" in e ? `${e.wave} (${e.shard === "closure" ? "closure" : `shard ${e.shard}`})` : String(e.wave),
  );
  core.info(`lane ${plan.lane}: ${plan.waves.length} wave(s), ${jobs.length} job(s): ${jobs.join(", ") || "none"}`);
  core.info(`the waves run on commit ${commit}`);
}

async function runMode(
  inputs: ActionInputs,
  outputs: Outputs,
  redactor: Redactor,
  secrets: string[],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  if (inputs.wave === undefined) throw new UserError("input wave is required in mode run");
  const tempDir = env.RUNNER_TEMP || os.tmpdir();
  const stateDir = path.join(tempDir, "wave-state");
  core.saveState(STATE_KEYS.stateDir, stateDir);
  core.saveState(STATE_KEYS.root, inputs.root);
  core.saveState(STATE_KEYS.prefix, inputs.artifactPrefix);
  core.saveState(STATE_KEYS.retention, String(inputs.retentionDays ?? 0));
  const store = new GithubArtifactStore({ token: inputs.githubToken || undefined, env });
  // The lookups below share one listing of the run's artifacts.
  const earlier = listingOnce(store);
  const options = runOptionsFrom(inputs, stateDir);

  // The closure job of a sharded wave merges its shards' states (they hold the earlier waves'
  // changes too); a shard job of a wave with design agents builds on its design job's state, which
  // holds the earlier waves' changes as well (src/resume/local.ts choosePrior); any other job picks
  // up earlier state (resume) or earlier waves' changes (hand-off).
  const base = await findShardBase(earlier, inputs, tempDir);
  if (base?.from === "shards") {
    if (base.states.length === 0) throw new UserError(`shard closure: no passed shard state of wave ${inputs.wave} in this run`);
    core.info(`closure: merging ${base.states.map((s) => s.name).join(", ")}`);
  } else if (base && inputs.shard) {
    core.info(`shard ${formatShard(inputs.shard)}: building on the design job's state ${base.states[0]!.name}`);
  }
  if (base) options.shardFrom = base.states.map((s) => s.dir);
  const resume = await findResumeState(earlier, inputs, tempDir);
  if (resume) {
    options.resume = { dir: resume.dir, explicit: inputs.resume !== "auto" };
    if (inputs.feedback) options.feedback = inputs.feedback;
  } else if (inputs.applyChanges.length > 0 && !base) {
    // The definitions are pinned before earlier waves' changes go into the work tree.
    await withDefinitionsPinned(inputs, () => applyChangeArtifacts(earlier, inputs, tempDir));
  }

  const progress = createJobLogProgress({ streamLogs: inputs.streamLogs, redactor });
  // mode rehearse: the real CLIs against the built-in scripted model server (src/rehearse/).
  const rehearsal =
    inputs.mode === "rehearse"
      ? await (await import("../rehearse/session.js")).openRehearsal({
          root: inputs.root,
          stateDir,
          wave: inputs.wave,
          variants: new Map(),
          path: env.PATH ?? "",
          onWarning: (m) => core.warning(m),
        })
      : null;
  let rehearsalText: string | null = null;
  let outcome: Launched;
  try {
    outcome = await launchWave(options, {
      ...(rehearsal ? { rehearsal: rehearsal.hook } : {}),
      env,
      cliArgv: selfActionCliArgv(),
      onSignal: (signal, first) => {
        if (first)
          core.warning(`received ${signal}: cancelling the wave (agents are stopped, the state is written; the post step uploads it)`);
        else core.info(`received ${signal}: still cancelling the wave`);
      },
      onEvent: (event) => {
        if (event.type === "wave-start") {
          core.saveState(STATE_KEYS.lane, event.lane);
          core.saveState(STATE_KEYS.wave, String(event.wave));
          core.saveState(STATE_KEYS.attempt, String(event.attempt));
          core.saveState(STATE_KEYS.runDir, runPaths(stateDir, event.lane, event.wave, event.attempt).runDir);
        }
        progress.onEvent(event);
      },
      finish: async ({ result, resultFile }) => {
        if (rehearsal) rehearsalText = (await rehearsal.finish(result, resultFile)).text;
      },
    });
  } finally {
    await rehearsal?.close();
    progress.close();
  }
  const { result, runDir, resultFile, cancelSignal } = outcome;
  // Redacted before compactResult cuts long texts (a cut secret would no longer be found).
  Object.assign(outputs, resultOutputs(redactValue(result, redactor), resultFile));
  if (resume) outputs["resumed-from"] = resume.name;

  // Upload the state (redacted copy), then tell the post step it has nothing left to do. After a
  // cancel the step has seconds left (the runner sends SIGTERM 7.5 s after SIGINT, then kills it):
  // an upload cut off part-way would leave its name taken, so the post step uploads instead.
  if (cancelSignal) {
    core.info(`cancelled (${cancelSignal}): the wave state is written; the post step uploads it`);
  } else {
    try {
      const uploaded = await uploadRunState({
        store,
        runDir,
        root: inputs.root,
        prefix: inputs.artifactPrefix,
        lane: result.lane,
        wave: result.wave,
        runAttempt: Number(env.GITHUB_RUN_ATTEMPT || "1") || 1,
        retentionDays: inputs.retentionDays,
        secrets,
        env,
        tempDir,
      });
      core.saveState(STATE_KEYS.uploaded, uploaded.name);
      outputs["artifact-name"] = uploaded.name;
      outputs["artifact-id"] = String(uploaded.id);
      for (const file of uploaded.redactedWorkspaceFiles) {
        jobLog.warning(redactor.redact(`a secret was found in ${file}; it was redacted in the uploaded workspace changes`));
      }
    } catch (error) {
      core.warning(`the wave state could not be uploaded now (${errorMessage(error)}); the post step will try again`);
    }
  }
  await publishWaveReport({
    result,
    runDir,
    resultFile,
    redactor,
    artifactName: outputs["artifact-name"] || null,
    root: inputs.root,
    ...(rehearsalText ? { appendix: `\n## Rehearsal\n\n\`\`\`text\n${rehearsalText}\`\`\`\n` } : {}),
  });
  if (rehearsalText) jobLog.info(redactor.redact(rehearsalText));
  if (result.status === "failed" || result.status === "blocked" || result.status === "cancelled") {
    const f = result.failure;
    const why =
      result.status === "blocked" && result.feedback
        ? `blocked: ${result.feedback.agentId} asks: ${result.feedback.question}`
        : f
          ? `${result.status}${failurePlace(f) ? ` at ${failurePlace(f)}` : ""}: ${f.statusCode} — ${f.detail}`
          : result.status;
    throw new UserError(`wave ${result.wave} ${why}`);
  }
}

export { runMode as _runModeForTests };

/**
 * A local GitHub Actions runtime for tests: Azurite + the emulated results service and REST API,
 * job environments, and running node action bundles as steps.
 *
 *   const h = await startActionsHarness();
 *   const ctx = h.jobEnv({ runId: 7, runAttempt: 1, jobId: "wave", inputs: { wave: "0" } });
 *   const main = await runNodeAction({ entry: ".../dist/index.js", env: ctx.env });
 *   const post = await runNodeAction({ entry: ".../dist/post/index.js", env: ctx.env, state: main.state });
 *   await h.stop();
 */
import { mkdirSync, mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type Azurite, startAzurite } from "./azurite.js";
import { type JobContext, type JobEnvOptions, jobEnv } from "./job-env.js";
import { type ResultsService, startResultsService } from "./results-service.js";

export { type Azurite, type AzuriteOptions, startAzurite } from "./azurite.js";
export { applyEnv, type JobContext, type JobEnvOptions, jobEnv } from "./job-env.js";
export type { HarnessArtifact, HarnessJob, RerunVisibility } from "./results-store.js";
export {
  type Fault,
  type JobRegistration,
  type RegisteredJob,
  type RequestRecord,
  type ResultsService,
  type ResultsServiceOptions,
  startResultsService,
} from "./results-service.js";
export {
  type NodeActionResult,
  type RunNodeActionOptions,
  runNodeAction,
  STEP_SUMMARY_LIMIT,
  tsxNodeArgs,
} from "./run-node-action.js";
export {
  type Annotation,
  inputEnvName,
  parseCommandLine,
  parseFileCommand,
  parseStdoutCommands,
  stateEnvName,
} from "./workflow-commands.js";

export interface ActionsHarnessOptions {
  /** ListArtifacts visibility: the whole workflow run (default, as GitHub) or only the caller's attempt. */
  listScope?: "run" | "attempt";
}

export interface ActionsHarness {
  azurite: Azurite;
  service: ResultsService;
  /** Temporary directory holding default workspaces and runner temp dirs (removed by stop()). */
  root: string;
  /** A job's environment; workspace and runner temp default to fresh directories under `root`. */
  jobEnv(options?: JobEnvOptions): JobContext;
  stop(): Promise<void>;
}

export async function startActionsHarness(options: ActionsHarnessOptions = {}): Promise<ActionsHarness> {
  const azurite = await startAzurite();
  let service: ResultsService;
  try {
    service = await startResultsService({ ...azurite, ...(options.listScope ? { listScope: options.listScope } : {}) });
  } catch (error) {
    await azurite.stop();
    throw error;
  }
  const root = mkdtempSync(path.join(os.tmpdir(), "actions-harness-"));
  let jobs = 0;
  return {
    azurite,
    service,
    root,
    jobEnv(jobOptions = {}) {
      const n = ++jobs;
      const dir = path.join(root, `job-${n}`);
      const workspace = jobOptions.workspace ?? path.join(dir, "workspace");
      const runnerTemp = jobOptions.runnerTemp ?? path.join(dir, "runner-temp");
      mkdirSync(workspace, { recursive: true });
      mkdirSync(runnerTemp, { recursive: true });
      return jobEnv(service, { ...jobOptions, workspace, runnerTemp });
    },
    async stop() {
      await service.close();
      await azurite.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

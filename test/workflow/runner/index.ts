/**
 * A local runner for GitHub Actions workflow files, used to prove our workflows by running them:
 * needs, conditions, matrices, outputs, reusable workflows, artifacts, re-runs of failed jobs.
 */
export { LocalArtifactStore } from "./artifacts.js";
export { UnsupportedError, WorkflowFileError, WorkflowRunnerError } from "./errors.js";
export { readActionMetadata, runWithNode } from "./local-action.js";
export { type WorkflowDef, loadWorkflow } from "./load.js";
export { runWorkflow } from "./run.js";
export type * from "./types.js";

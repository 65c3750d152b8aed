/**
 * The environment a runner gives a node action in a job: GITHUB_* context variables, INPUT_* inputs,
 * RUNNER_* paths, and the Actions runtime (ACTIONS_RUNTIME_TOKEN, ACTIONS_RESULTS_URL) pointing at the
 * emulated results service. The file-command variables (GITHUB_OUTPUT, ...) are created per step by
 * runNodeAction.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RegisteredJob, ResultsService } from "./results-service.js";
import { inputEnvName } from "./workflow-commands.js";

export interface JobEnvOptions {
  /** Workflow run id (default: a random one per call). */
  runId?: number;
  /** Run attempt, 1 for the first run, 2 after "Re-run failed jobs", ... (default 1). */
  runAttempt?: number;
  /** Job key, GITHUB_JOB (default "wave"). */
  jobId?: string;
  /** owner/name (default "octo-org/wave-demo"). */
  repository?: string;
  /** GITHUB_WORKSPACE (default: a new temporary directory). */
  workspace?: string;
  /** RUNNER_TEMP (default: a new temporary directory). */
  runnerTemp?: string;
  /** Action inputs by their action.yml names. */
  inputs?: Record<string, string>;
  /**
   * Input that receives the REST token issued for this job, unless `inputs` sets it (default
   * "github-token", as `default: ${{ github.token }}` would). `false`: none.
   */
  tokenInput?: string | false;
  /**
   * Whether the job's REST token has `actions: read` (default true). `false`: the REST API answers
   * its calls under /actions/ 403, as for a workflow whose `permissions:` do not grant it.
   */
  actionsRead?: boolean;
  /** GITHUB_ACTION (default "__self"). */
  action?: string;
  /** GITHUB_EVENT_NAME (default "workflow_dispatch"). */
  eventName?: string;
  /** Event payload written to GITHUB_EVENT_PATH (default {}). */
  event?: unknown;
  sha?: string;
  ref?: string;
  actor?: string;
  workflow?: string;
  runNumber?: number;
  /** GITHUB_RETENTION_DAYS (default 90). */
  retentionDays?: number;
  /** RUNNER_DEBUG=1 */
  debug?: boolean;
  /** GITHUB_SERVER_URL (default https://github.com; the artifact client refuses GHES-looking hosts). */
  serverUrl?: string;
  /** Variables added last (override anything above). */
  extraEnv?: Record<string, string>;
}

export interface JobContext {
  env: Record<string, string>;
  runId: number;
  runAttempt: number;
  jobId: string;
  repository: string;
  workspace: string;
  runnerTemp: string;
  /** The REST token issued for this job (what `github.token` would be). */
  githubToken: string;
  /** ACTIONS_RUNTIME_TOKEN */
  runtimeToken: string;
  /** The job as the results service knows it (backend ids). */
  job: RegisteredJob;
}

const BASE_ENV_KEYS = ["PATH", "HOME", "USER", "LANG", "TMPDIR", "SHELL"];

export function jobEnv(service: ResultsService, options: JobEnvOptions = {}): JobContext {
  const runId = options.runId ?? 100_000 + Math.floor(Math.random() * 900_000);
  const runAttempt = options.runAttempt ?? 1;
  const jobId = options.jobId ?? "wave";
  const repository = options.repository ?? "octo-org/wave-demo";
  const workspace = options.workspace ?? mkdtempSync(path.join(os.tmpdir(), "gh-workspace-"));
  const runnerTemp = options.runnerTemp ?? mkdtempSync(path.join(os.tmpdir(), "gh-runner-temp-"));
  const job = service.registerJob({ runId, runAttempt, job: jobId, repository });
  const githubToken = service.issueToken([repository]);
  if (options.actionsRead === false) service.withoutActionsPermission(githubToken);

  const eventDir = path.join(runnerTemp, "_github_workflow");
  mkdirSync(eventDir, { recursive: true });
  const eventPath = path.join(eventDir, "event.json");
  writeFileSync(eventPath, JSON.stringify(options.event ?? {}));
  const toolCache = path.join(runnerTemp, "_tool");
  mkdirSync(toolCache, { recursive: true });

  const env: Record<string, string> = {};
  for (const key of BASE_ENV_KEYS) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  const serverUrl = options.serverUrl ?? "https://github.com";
  const ref = options.ref ?? "refs/heads/main";
  Object.assign(env, {
    CI: "true",
    GITHUB_ACTIONS: "true",
    GITHUB_ACTION: options.action ?? "__self",
    GITHUB_ACTOR: options.actor ?? "octocat",
    GITHUB_API_URL: service.apiUrl,
    GITHUB_EVENT_NAME: options.eventName ?? "workflow_dispatch",
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_GRAPHQL_URL: `${service.apiUrl}/graphql`,
    GITHUB_JOB: jobId,
    GITHUB_REF: ref,
    GITHUB_REF_NAME: ref.replace(/^refs\/(heads|tags)\//, ""),
    GITHUB_REF_TYPE: ref.startsWith("refs/tags/") ? "tag" : "branch",
    GITHUB_REPOSITORY: repository,
    GITHUB_REPOSITORY_OWNER: repository.split("/")[0] ?? repository,
    GITHUB_RETENTION_DAYS: String(options.retentionDays ?? 90),
    GITHUB_RUN_ATTEMPT: String(runAttempt),
    GITHUB_RUN_ID: String(runId),
    GITHUB_RUN_NUMBER: String(options.runNumber ?? 1),
    GITHUB_SERVER_URL: serverUrl,
    GITHUB_SHA: options.sha ?? "0123456789abcdef0123456789abcdef01234567",
    GITHUB_WORKFLOW: options.workflow ?? "waves",
    GITHUB_WORKSPACE: workspace,
    RUNNER_ARCH: "X64",
    RUNNER_NAME: "harness-runner",
    RUNNER_OS: "Linux",
    RUNNER_TEMP: runnerTemp,
    RUNNER_TOOL_CACHE: toolCache,
    ACTIONS_RUNTIME_TOKEN: job.runtimeToken,
    ACTIONS_RUNTIME_URL: service.url,
    ACTIONS_RESULTS_URL: service.url,
  });
  if (options.debug) env["RUNNER_DEBUG"] = "1";

  const inputs = { ...(options.inputs ?? {}) };
  const tokenInput = options.tokenInput ?? "github-token";
  if (tokenInput !== false && !(tokenInput in inputs)) inputs[tokenInput] = githubToken;
  for (const [name, value] of Object.entries(inputs)) env[inputEnvName(name)] = value;
  Object.assign(env, options.extraEnv ?? {});

  return {
    env,
    runId,
    runAttempt,
    jobId,
    repository,
    workspace,
    runnerTemp,
    githubToken,
    runtimeToken: job.runtimeToken,
    job,
  };
}

/**
 * Sets variables on this process (for using an Actions library in-process) and returns a function
 * that restores the previous values.
 */
export function applyEnv(env: Record<string, string>): () => void {
  const previous = new Map<string, string | undefined>();
  for (const [key, value] of Object.entries(env)) {
    previous.set(key, process.env[key]);
    process.env[key] = value;
  }
  return () => {
    for (const [key, value] of previous) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}

/** State shared by every job of one run, and the per-workflow instance (top level or called). */
import type { WorkflowDef } from "./load.js";
import type { Limiter } from "./limiter.js";
import type { Annotation, ArtifactStore, Conclusion, JobResult, LocalActionHook, RunnerHooks, Summary } from "./types.js";

export interface RunInfo {
  runId: number;
  attempt: number;
  repository: string;
  sha: string;
  ref: string;
  headRef: string;
  baseRef: string;
  eventName: string;
  event: Record<string, unknown>;
  eventPath: string;
  workflowName: string;
  workflowRef: string;
  token: string;
  /** github.server_url (https://github.com, or a GHE.com / GHES host). */
  serverUrl: string;
}

export interface RunState {
  info: RunInfo;
  workDir: string;
  store: ArtifactStore;
  localAction: LocalActionHook;
  hooks: RunnerHooks;
  vars: Record<string, string>;
  /** Environment every step starts from (PATH, HOME, ... plus options.env). */
  baseEnv: Record<string, string>;
  results: JobResult[];
  summaries: Summary[];
  annotations: Annotation[];
  concurrency: { workflow: string; group: string; cancelInProgress: boolean }[];
  previous: JobResult[] | undefined;
  /** Whether "re-run failed jobs" runs failed legs of continue-on-error jobs again. */
  rerunsSoftFailures: boolean;
  limiter: Limiter;
  cancelGraceMs: number;
  /** Values replaced by *** in every recorded log. */
  masks: Set<string>;
  resolveRepository: (repository: string) => string;
  /** Aborted when the run must stop (an unsupported construct was met). */
  fatal: AbortController;
  fatalError?: Error;
  /** Counter for unique directory names. */
  seq: number;
}

/** Where workflow files of a workflow instance come from (for nested `./.github/workflows/...`). */
export type WorkflowSource = { kind: "fs"; root: string } | { kind: "git"; dir: string; sha: string };

export interface WorkflowInstance {
  def: WorkflowDef;
  /** "" at the top level, "caller/" inside a called workflow. */
  prefix: string;
  inputs: Record<string, unknown>;
  secrets: Record<string, string>;
  env: Record<string, string>;
  source: WorkflowSource;
  /** job.workflow_* values: the repository and commit holding this workflow file. */
  identity: { repository: string; sha: string; ref: string; filePath: string };
  forceRerun: boolean;
}

export interface JobAggregate {
  result: Conclusion;
  outputs: Record<string, string>;
  /** True when anything of this job ran in this attempt (dependents then run again too). */
  rerun: boolean;
  /** True when this job or one of its ancestors failed (job-level failure()). */
  failedAncestry: boolean;
}

export function githubContext(state: RunState, extra: Record<string, unknown>): Record<string, unknown> {
  const i = state.info;
  const [owner = ""] = i.repository.split("/");
  const refName = i.ref.replace(/^refs\/(heads|tags)\//, "");
  return {
    action: "",
    action_path: "",
    action_ref: "",
    action_repository: "",
    actor: "local-user",
    api_url: "https://api.github.com",
    base_ref: i.baseRef,
    event: i.event,
    event_name: i.eventName,
    event_path: i.eventPath,
    graphql_url: "https://api.github.com/graphql",
    head_ref: i.headRef,
    ref: i.ref,
    ref_name: refName,
    ref_protected: false,
    ref_type: i.ref.startsWith("refs/tags/") ? "tag" : "branch",
    repository: i.repository,
    repository_id: "1",
    repository_owner: owner,
    repository_owner_id: "1",
    repositoryUrl: `git://github.com/${i.repository}.git`,
    retention_days: "90",
    run_attempt: String(i.attempt),
    run_id: String(i.runId),
    run_number: String(i.runId),
    secret_source: "Actions",
    server_url: i.serverUrl,
    sha: i.sha,
    token: i.token,
    triggering_actor: "local-user",
    workflow: i.workflowName,
    workflow_ref: i.workflowRef,
    workflow_sha: i.sha,
    ...extra,
  };
}

/** GITHUB_* and RUNNER_* variables of a step process. */
export function runnerVariables(
  state: RunState,
  job: { id: string; workspace: string; temp: string; toolCache: string },
): Record<string, string> {
  const i = state.info;
  const [owner = ""] = i.repository.split("/");
  return {
    CI: "true",
    GITHUB_ACTIONS: "true",
    GITHUB_ACTOR: "local-user",
    GITHUB_API_URL: "https://api.github.com",
    GITHUB_BASE_REF: i.baseRef,
    GITHUB_EVENT_NAME: i.eventName,
    GITHUB_EVENT_PATH: i.eventPath,
    GITHUB_GRAPHQL_URL: "https://api.github.com/graphql",
    GITHUB_HEAD_REF: i.headRef,
    GITHUB_JOB: job.id,
    GITHUB_REF: i.ref,
    GITHUB_REF_NAME: i.ref.replace(/^refs\/(heads|tags)\//, ""),
    GITHUB_REF_TYPE: i.ref.startsWith("refs/tags/") ? "tag" : "branch",
    GITHUB_REPOSITORY: i.repository,
    GITHUB_REPOSITORY_OWNER: owner,
    GITHUB_RETENTION_DAYS: "90",
    GITHUB_RUN_ATTEMPT: String(i.attempt),
    GITHUB_RUN_ID: String(i.runId),
    GITHUB_RUN_NUMBER: String(i.runId),
    GITHUB_SERVER_URL: i.serverUrl,
    GITHUB_SHA: i.sha,
    GITHUB_TRIGGERING_ACTOR: "local-user",
    GITHUB_WORKFLOW: i.workflowName,
    GITHUB_WORKFLOW_REF: i.workflowRef,
    GITHUB_WORKFLOW_SHA: i.sha,
    GITHUB_WORKSPACE: job.workspace,
    RUNNER_ARCH: "X64",
    RUNNER_ENVIRONMENT: "self-hosted",
    RUNNER_NAME: "local-runner",
    RUNNER_OS: "Linux",
    RUNNER_TEMP: job.temp,
    RUNNER_TOOL_CACHE: job.toolCache,
  };
}

export function runnerContext(job: { temp: string; toolCache: string }): Record<string, unknown> {
  return {
    name: "local-runner",
    os: "Linux",
    arch: "X64",
    temp: job.temp,
    tool_cache: job.toolCache,
    debug: "",
    environment: "self-hosted",
  };
}

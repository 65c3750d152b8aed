/** Public types of the local workflow runner. */

export type Conclusion = "success" | "failure" | "cancelled" | "skipped";

export interface StepResult {
  /** The step's `id`, or a generated one ("__run_2", "__actions_checkout"). */
  id: string;
  name: string;
  uses?: string;
  outcome: Conclusion;
  conclusion: Conclusion;
  outputs: Record<string, string>;
  /** Combined stdout and stderr with secrets and masked values replaced by ***. */
  log: string;
  /** Why the step failed when the runner (not the step's process) decided it. */
  error?: string;
  /** True for the post phase of an action. */
  post?: boolean;
}

export interface JobResult {
  /** Path of the job: "plan", or "waves/plan" for a job of a called workflow. */
  id: string;
  /** Unique key across matrix legs: id plus the matrix values. */
  key: string;
  name: string;
  matrix?: Record<string, unknown>;
  conclusion: Conclusion;
  outputs: Record<string, string>;
  steps: StepResult[];
  /** The attempt this result was produced in (earlier for jobs kept by "re-run failed jobs"). */
  attempt: number;
  /** True when the result was carried over from an earlier attempt. */
  reused: boolean;
  /** "steps" for a normal job, "call" for a job that calls a reusable workflow. */
  kind: "steps" | "call";
  runsOn?: unknown;
  permissions?: unknown;
  timeoutMinutes?: number;
  error?: string;
  /** A failed leg of a continue-on-error job (its job's result is still success). */
  softFailure?: boolean;
}

export interface Annotation {
  level: "error" | "warning" | "notice";
  message: string;
  file?: string;
  line?: number;
  title?: string;
  job: string;
  step: string;
}

export interface Summary {
  job: string;
  step: string;
  markdown: string;
}

export interface WorkflowRunResult {
  runId: number;
  runAttempt: number;
  conclusion: Conclusion;
  jobs: JobResult[];
  outputs: Record<string, string>;
  summaries: Summary[];
  annotations: Annotation[];
  /** Evaluated concurrency groups: workflow path → group. */
  concurrency: { workflow: string; group: string; cancelInProgress: boolean }[];
  /** Directory holding workspaces, temp dirs and the default artifact store. */
  workDir: string;
}

/** Parsed action.yml of a local action. */
export interface ActionMetadata {
  name?: string;
  inputs: Record<string, { default?: string; required?: boolean; description?: string }>;
  outputs: Record<string, { description?: string }>;
  runs: { using: string; main?: string; post?: string; "post-if"?: string; pre?: string };
}

export interface LocalActionCall {
  /** The `uses:` value ("./", "./.wave-action"). */
  uses: string;
  /** Absolute directory of the action (holds action.yml). */
  actionDir: string;
  metadata: ActionMetadata;
  phase: "main" | "post";
  /** Absolute path of the script to run (runs.main or runs.post). */
  entry: string;
  /** Inputs after defaults, as strings. */
  inputs: Record<string, string>;
  /** Complete environment for the process, INPUT_* and GITHUB_* files included. */
  env: Record<string, string>;
  cwd: string;
  signal: AbortSignal;
  job: string;
  step: string;
}

export interface LocalActionOutcome {
  exitCode: number;
  /** Everything the process printed on stdout (workflow commands are parsed from it). */
  stdout: string;
  stderr: string;
  /**
   * What the step left in its file commands, when the hook used its own files instead of the
   * GITHUB_OUTPUT/... paths in `env` (the runner then reads these instead of its files).
   */
  files?: {
    outputs: Record<string, string>;
    summary: string;
    state: Record<string, string>;
    env: Record<string, string>;
    paths: string[];
  };
}

/** Runs a local (`uses: ./...`) JavaScript action. */
export type LocalActionHook = (call: LocalActionCall) => Promise<LocalActionOutcome>;

export interface StoredArtifact {
  name: string;
  id: number;
  runId: number;
  attempt: number;
}

/** Artifact storage behind actions/upload-artifact and actions/download-artifact. */
export interface ArtifactStore {
  upload(request: {
    name: string;
    runId: number;
    attempt: number;
    files: { path: string; relative: string }[];
    overwrite: boolean;
  }): Promise<StoredArtifact>;
  /**
   * Artifacts of the run as a job of attempt `attempt` sees them (default: the newest attempt);
   * the newest attempt wins when names repeat.
   */
  list(runId: number, attempt?: number): Promise<StoredArtifact[]>;
  download(artifact: StoredArtifact, destination: string): Promise<void>;
  /** Told when an attempt of a run starts: the first (null) or a re-run of failed jobs or of all jobs. */
  beginAttempt?(runId: number, attempt: number, rerun: "failed" | "all" | null): void;
}

export interface RunnerHooks {
  localAction?: LocalActionHook;
  artifacts?: ArtifactStore;
  /**
   * The order in which a matrix job's legs start (indices into its legs, a permutation), for
   * exercising schedulers that start legs out of order. max-parallel still applies. Default: in order.
   */
  legOrder?: (job: { id: string; legs: { key: string; matrix?: Record<string, unknown> }[] }) => number[] | undefined;
  /**
   * Called as a job (a matrix leg) starts, before its first step: for changing the world between
   * jobs the way other activity would (e.g. a push that moves a branch).
   */
  jobStart?: (job: { id: string; key: string; matrix?: Record<string, unknown>; attempt: number }) => void | Promise<void>;
  /** Extra environment for every step process of a job (e.g. an artifact service's URL and token). */
  stepEnv?: (job: { id: string; key: string; runId: number; attempt: number }) => Record<string, string> | Promise<Record<string, string>>;
}

export interface RunWorkflowOptions {
  /** Workflow file: absolute, or relative to repoDir. */
  workflowFile: string;
  event: string;
  eventPayload?: Record<string, unknown>;
  inputs?: Record<string, string | number | boolean>;
  secrets?: Record<string, string>;
  vars?: Record<string, string>;
  /** The git repository under test (github.repository): checkouts clone it. */
  repoDir: string;
  /** owner/name of repoDir. Default "local/repo". */
  repository?: string;
  /** Other repositories by owner/name, for checkouts and remote reusable workflows. */
  repos?: Record<string, string>;
  /** github.ref. Default refs/heads/<current branch of repoDir>. */
  ref?: string;
  /** github.sha. Default the commit of `ref` (or HEAD) in repoDir. */
  sha?: string;
  runId?: number;
  runAttempt?: number;
  /** github.token and secrets.GITHUB_TOKEN (default a fixed fake token). */
  githubToken?: string;
  /** github.server_url and GITHUB_SERVER_URL (default https://github.com; e.g. https://acme.ghe.com). */
  serverUrl?: string;
  /** The result of the previous attempt: a re-run of it (see `rerun`). */
  previous?: WorkflowRunResult;
  /**
   * Which re-run button `previous` models. "failed" (default, *Re-run failed jobs*): jobs and legs
   * that passed are kept with their outputs; failed and cancelled ones and their dependents run
   * again. "all" (*Re-run all jobs*): every job runs again, as attempt + 1 of the same run.
   */
  rerun?: "failed" | "all";
  /**
   * With rerun "failed": whether a failed leg of a continue-on-error job counts as failed and runs
   * again (default true), or counts as passed and is kept, as some reports say GitHub does.
   */
  rerunsContinueOnErrorFailures?: boolean;
  hooks?: RunnerHooks;
  /** Where workspaces live. Default a new temporary directory (returned as workDir). */
  workDir?: string;
  /** Extra environment for every step (PATH additions such as a fake `gh`, HOME, ...). */
  env?: Record<string, string>;
  /** Most jobs running at once. Default 4. */
  maxConcurrentJobs?: number;
  /** Time between SIGINT and SIGKILL when a step is cancelled. Default 2500 ms. */
  cancelGraceMs?: number;
}

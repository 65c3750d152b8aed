/** Runs one leg of a job with steps: workspace, env, step conditions, outputs, post steps, timeouts. */
import { randomUUID } from "node:crypto";
import { mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { type BuiltinContext, builtinFor } from "./builtin-actions.js";
import { maskText, parseEnvFile, parseWorkflowCommands } from "./commands.js";
import { UnsupportedError, WorkflowRunnerError } from "./errors.js";
import {
  evaluateCondition,
  evaluateExpression,
  evaluateText,
  evaluateToken,
  interpolate,
  type Scope,
  type StatusFunctions,
  toText,
  truthy,
} from "./expressions.js";
import type { JobDef, StepDef } from "./load.js";
import { readActionMetadata } from "./local-action.js";
import { runProcess } from "./process.js";
import { githubContext, type RunState, runnerContext, runnerVariables, type WorkflowInstance } from "./state.js";
import type { ActionMetadata, Conclusion, JobResult, LocalActionOutcome, StepResult } from "./types.js";

export interface Leg {
  /** Job path ("plan", "waves/plan"). */
  id: string;
  key: string;
  matrix?: Record<string, unknown>;
  strategy: Record<string, unknown>;
  needs: Record<string, { result: Conclusion; outputs: Record<string, string> }>;
}

interface JobRuntime {
  state: RunState;
  wf: WorkflowInstance;
  job: JobDef;
  leg: Leg;
  result: JobResult;
  workspace: string;
  temp: string;
  toolCache: string;
  filesDir: string;
  jobEnv: Record<string, string>;
  envAdded: Record<string, string>;
  pathAdded: string[];
  steps: Record<string, { outputs: Record<string, string>; outcome: Conclusion; conclusion: Conclusion }>;
  status: "success" | "failure";
  cancelled: boolean;
  signal: AbortSignal;
  posts: PostStep[];
}

interface PostStep {
  step: StepDef;
  meta: ActionMetadata;
  actionDir: string;
  inputs: Record<string, string>;
  state: Record<string, string>;
}

interface StepOutcome {
  outcome: "success" | "failure";
  outputs: Record<string, string>;
  log: string;
  error?: string;
}

/** How long steps that run after a cancellation (and post steps) may take. */
const CLEANUP_MS = 5 * 60_000;

const rethrowUnsupported = (error: unknown) => {
  if (error instanceof UnsupportedError) throw error;
};

function baseContexts(rt: Pick<JobRuntime, "state" | "wf" | "leg">): Record<string, unknown> {
  return {
    github: githubContext(rt.state, { job: rt.leg.id.split("/").pop() }),
    needs: rt.leg.needs,
    strategy: rt.leg.strategy,
    matrix: rt.leg.matrix ?? {},
    vars: rt.state.vars,
    secrets: { ...rt.wf.secrets, GITHUB_TOKEN: rt.state.info.token },
    inputs: rt.wf.inputs,
  };
}

function where(rt: Pick<JobRuntime, "wf" | "job">, what: string, line?: number): string {
  return `${rt.wf.def.file}${line ? `:${line}` : ""} jobs.${rt.job.id}${what ? `.${what}` : ""}`;
}

export async function runStepsLeg(state: RunState, wf: WorkflowInstance, job: JobDef, leg: Leg, cancel: AbortSignal): Promise<JobResult> {
  const result: JobResult = {
    id: leg.id,
    key: leg.key,
    name: job.id,
    matrix: leg.matrix,
    conclusion: "success",
    outputs: {},
    steps: [],
    attempt: state.info.attempt,
    reused: false,
    kind: "steps",
  };
  const release = await state.limiter.acquire();
  try {
    await state.hooks.jobStart?.({ id: leg.id, key: leg.key, matrix: leg.matrix, attempt: state.info.attempt });
    const dir = path.join(
      state.workDir,
      `attempt-${state.info.attempt}`,
      `${String(++state.seq).padStart(3, "0")}-${leg.id.replace(/[^A-Za-z0-9_-]+/g, "_")}`,
    );
    const rt: JobRuntime = {
      state,
      wf,
      job,
      leg,
      result,
      workspace: path.join(dir, "workspace"),
      temp: path.join(dir, "temp"),
      toolCache: path.join(dir, "tool-cache"),
      filesDir: path.join(dir, "files"),
      jobEnv: {},
      envAdded: {},
      pathAdded: [],
      steps: {},
      status: "success",
      cancelled: false,
      signal: cancel,
      posts: [],
    };
    for (const d of [rt.workspace, rt.temp, rt.toolCache, rt.filesDir]) await mkdir(d, { recursive: true });
    const scope: Scope = { contexts: baseContexts(rt), where: where(rt, "") };
    let timeoutMinutes = 360;
    try {
      result.name = job.name ? evaluateText(job.name, { ...scope, where: where(rt, "name") }) : defaultName(job.id, leg.matrix);
      result.runsOn = job.runsOn ? evaluateToken(job.runsOn, { ...scope, where: where(rt, "runs-on") }) : undefined;
      if (!isRunsOn(result.runsOn))
        throw new WorkflowRunnerError(
          `${where(rt, "runs-on")}: runs-on must be a label or a list of labels, got ${JSON.stringify(result.runsOn)}`,
        );
      if (job.timeoutMinutes) {
        timeoutMinutes = Number(evaluateToken(job.timeoutMinutes, { ...scope, where: where(rt, "timeout-minutes") }));
        if (!(timeoutMinutes > 0)) throw new WorkflowRunnerError(`${where(rt, "timeout-minutes")}: must be a positive number`);
        result.timeoutMinutes = timeoutMinutes;
      }
      result.permissions = job.permissions ? evaluateToken(job.permissions, scope) : undefined;
      const jobEnv = job.env ? evaluateToken(job.env, { ...scope, where: where(rt, "env") }) : {};
      rt.jobEnv = { ...wf.env, ...stringMap(jobEnv, where(rt, "env")) };
    } catch (error) {
      rethrowUnsupported(error);
      result.conclusion = "failure";
      result.error = (error as Error).message;
      state.results.push(result);
      return result;
    }
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutMinutes * 60_000);
    rt.signal = AbortSignal.any([cancel, timeout.signal, state.fatal.signal]);
    try {
      for (const step of job.steps) await runStep(rt, step);
      for (const post of rt.posts.reverse()) await runPost(rt, post);
    } finally {
      clearTimeout(timer);
    }
    if (rt.signal.aborted) rt.cancelled = true;
    try {
      if (job.outputs) {
        const out = evaluateToken(job.outputs, { contexts: stepContexts(rt), where: where(rt, "outputs") });
        result.outputs = stringMap(out, where(rt, "outputs"));
      }
    } catch (error) {
      rethrowUnsupported(error);
      rt.status = "failure";
      result.error = (error as Error).message;
    }
    if (timeout.signal.aborted) {
      result.conclusion = "failure";
      result.error = `The job has exceeded the maximum execution time of ${timeoutMinutes} minutes`;
    } else if (rt.cancelled) {
      result.conclusion = "cancelled";
    } else {
      result.conclusion = rt.status;
    }
    state.results.push(result);
    return result;
  } finally {
    release();
  }
}

function defaultName(id: string, matrix: Record<string, unknown> | undefined): string {
  if (!matrix) return id;
  return `${id} (${Object.values(matrix)
    .map((v) => (typeof v === "object" ? JSON.stringify(v) : String(v)))
    .join(", ")})`;
}

function isRunsOn(value: unknown): boolean {
  if (typeof value === "string") return value.length > 0;
  if (Array.isArray(value)) return value.length > 0 && value.every((v) => typeof v === "string");
  if (typeof value === "object" && value !== null) return "group" in value || "labels" in value;
  return false;
}

function stringMap(value: unknown, at: string): Record<string, string> {
  if (value === null || value === undefined) return {};
  if (typeof value !== "object" || Array.isArray(value)) throw new WorkflowRunnerError(`${at}: must be a mapping`);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toText(v, `${at}.${k}`)]));
}

function jobContext(rt: JobRuntime): Record<string, unknown> {
  return {
    status: rt.cancelled ? "cancelled" : rt.status,
    check_run_id: 1000 + rt.state.seq,
    workflow_repository: rt.wf.identity.repository,
    workflow_sha: rt.wf.identity.sha,
    workflow_ref: `${rt.wf.identity.repository}/${rt.wf.identity.filePath}@${rt.wf.identity.ref}`,
    workflow_file_path: rt.wf.identity.filePath,
  };
}

function stepContexts(rt: JobRuntime, stepEnv: Record<string, string> = {}): Record<string, unknown> {
  return {
    ...baseContexts(rt),
    github: githubContext(rt.state, { job: rt.job.id, workspace: rt.workspace }),
    job: jobContext(rt),
    runner: runnerContext(rt),
    env: { ...rt.jobEnv, ...rt.envAdded, ...stepEnv },
    steps: rt.steps,
  };
}

function statusOf(rt: JobRuntime): StatusFunctions {
  return {
    success: () => rt.status === "success" && !rt.cancelled,
    failure: () => rt.status === "failure",
    cancelled: () => rt.cancelled,
  };
}

async function runStep(rt: JobRuntime, step: StepDef): Promise<void> {
  if (rt.signal.aborted) rt.cancelled = true;
  const at = where(rt, `steps[${step.index}]`, step.line);
  const record: StepResult = {
    id: step.id,
    name: step.uses ?? "run",
    uses: step.uses,
    outcome: "skipped",
    conclusion: "skipped",
    outputs: {},
    log: "",
  };
  rt.result.steps.push(record);
  let stepEnv: Record<string, string> = {};
  let continueOnError = false;
  let timeoutMinutes: number | undefined;
  try {
    const pre: Scope = { contexts: stepContexts(rt), where: at };
    if (step.name) record.name = evaluateText(step.name, pre);
    const run = evaluateCondition(step.if, { ...pre, where: `${at}.if`, status: statusOf(rt) });
    if (!run) {
      finishStep(rt, step, record);
      return;
    }
    stepEnv = step.env ? stringMap(evaluateToken(step.env, { ...pre, where: `${at}.env` }), `${at}.env`) : {};
    if (step.continueOnError) continueOnError = Boolean(evaluateToken(step.continueOnError, pre));
    if (step.timeoutMinutes) timeoutMinutes = Number(evaluateToken(step.timeoutMinutes, pre));
  } catch (error) {
    rethrowUnsupported(error);
    record.outcome = record.conclusion = "failure";
    record.error = (error as Error).message;
    rt.status = "failure";
    finishStep(rt, step, record);
    return;
  }
  const stepTimeout = new AbortController();
  const timer = timeoutMinutes ? setTimeout(() => stepTimeout.abort(), timeoutMinutes * 60_000) : undefined;
  // A step that runs after the job was cancelled (if: always()) gets its own time to finish.
  const jobSignal = rt.cancelled ? AbortSignal.any([rt.state.fatal.signal, AbortSignal.timeout(CLEANUP_MS)]) : rt.signal;
  const signal = AbortSignal.any([jobSignal, stepTimeout.signal]);
  let outcome: StepOutcome;
  try {
    outcome = await executeStep(rt, step, stepEnv, signal, at);
  } catch (error) {
    rethrowUnsupported(error);
    outcome = { outcome: "failure", outputs: {}, log: "", error: (error as Error).message };
  } finally {
    if (timer) clearTimeout(timer);
  }
  if (stepTimeout.signal.aborted)
    outcome = { ...outcome, outcome: "failure", error: `The step has exceeded its timeout of ${timeoutMinutes} minutes` };
  record.outcome = outcome.outcome;
  record.conclusion = outcome.outcome === "failure" && continueOnError ? "success" : outcome.outcome;
  record.outputs = outcome.outputs;
  record.log = maskText(outcome.log, rt.state.masks);
  if (outcome.error) record.error = outcome.error;
  if (record.conclusion === "failure") rt.status = "failure";
  if (rt.signal.aborted) rt.cancelled = true;
  finishStep(rt, step, record);
}

function finishStep(rt: JobRuntime, step: StepDef, record: StepResult): void {
  if (step.explicitId) rt.steps[step.id] = { outputs: record.outputs, outcome: record.outcome, conclusion: record.conclusion };
}

interface StepFiles {
  output: string;
  env: string;
  path: string;
  summary: string;
  state: string;
}

async function newFiles(rt: JobRuntime): Promise<StepFiles> {
  const id = randomUUID();
  const files = {
    output: path.join(rt.filesDir, `output_${id}`),
    env: path.join(rt.filesDir, `env_${id}`),
    path: path.join(rt.filesDir, `path_${id}`),
    summary: path.join(rt.filesDir, `summary_${id}`),
    state: path.join(rt.filesDir, `state_${id}`),
  };
  for (const f of Object.values(files)) await writeFile(f, "");
  return files;
}

async function processEnv(rt: JobRuntime, files: StepFiles, stepEnv: Record<string, string>, extra: Record<string, string>) {
  const hookEnv = rt.state.hooks.stepEnv
    ? await rt.state.hooks.stepEnv({ id: rt.leg.id, key: rt.leg.key, runId: rt.state.info.runId, attempt: rt.state.info.attempt })
    : {};
  const env: Record<string, string> = {
    ...rt.state.baseEnv,
    ...runnerVariables(rt.state, { id: rt.job.id, workspace: rt.workspace, temp: rt.temp, toolCache: rt.toolCache }),
    ...hookEnv,
    ...rt.jobEnv,
    ...rt.envAdded,
    ...stepEnv,
    ...extra,
    GITHUB_OUTPUT: files.output,
    GITHUB_ENV: files.env,
    GITHUB_PATH: files.path,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_STATE: files.state,
  };
  if (rt.pathAdded.length > 0) env["PATH"] = [...rt.pathAdded, env["PATH"] ?? ""].join(path.delimiter);
  return env;
}

/** Applies what a step left in its files and printed as workflow commands. */
async function collect(
  rt: JobRuntime,
  step: StepDef,
  files: StepFiles,
  stdout: string,
  given?: LocalActionOutcome["files"],
): Promise<{ outputs: Record<string, string>; state: Record<string, string> }> {
  for (const cmd of parseWorkflowCommands(stdout)) {
    if (cmd.command === "add-mask") rt.state.masks.add(cmd.message);
    else if (cmd.command === "error" || cmd.command === "warning" || cmd.command === "notice") {
      const line = cmd.properties["line"] ? Number(cmd.properties["line"]) : undefined;
      rt.state.annotations.push({
        level: cmd.command,
        message: maskText(cmd.message, rt.state.masks),
        file: cmd.properties["file"],
        line,
        title: cmd.properties["title"],
        job: rt.leg.id,
        step: step.id,
      });
    } else if (cmd.command === "set-output" || cmd.command === "save-state" || cmd.command === "set-env") {
      rt.state.annotations.push({ level: "warning", message: `deprecated ::${cmd.command}:: ignored`, job: rt.leg.id, step: step.id });
    }
  }
  const read = (f: string) => readFile(f, "utf8");
  const found = given ?? {
    outputs: parseEnvFile(await read(files.output), `${step.id} GITHUB_OUTPUT`),
    env: parseEnvFile(await read(files.env), `${step.id} GITHUB_ENV`),
    paths: (await read(files.path))
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean),
    summary: await read(files.summary),
    state: parseEnvFile(await read(files.state), `${step.id} GITHUB_STATE`),
  };
  Object.assign(rt.envAdded, found.env);
  for (const p of found.paths) rt.pathAdded.unshift(p);
  if (found.summary.trim()) rt.state.summaries.push({ job: rt.leg.id, step: step.id, markdown: maskText(found.summary, rt.state.masks) });
  return { outputs: found.outputs, state: found.state };
}

async function executeStep(
  rt: JobRuntime,
  step: StepDef,
  stepEnv: Record<string, string>,
  signal: AbortSignal,
  at: string,
): Promise<StepOutcome> {
  const scope: Scope = { contexts: stepContexts(rt, stepEnv), where: at };
  if (step.run) return runScript(rt, step, stepEnv, signal, scope);
  const uses = step.uses ?? "";
  if (uses.startsWith("./")) return runLocalAction(rt, step, stepEnv, signal, scope);
  if (uses.startsWith("docker://")) throw new UnsupportedError(`${at}: docker actions (${uses}) are not supported by the local runner`);
  return runBuiltin(rt, step, uses, scope);
}

async function workingDirectory(rt: JobRuntime, step: StepDef, scope: Scope): Promise<string> {
  const relative = step.workingDirectory
    ? evaluateText(step.workingDirectory, scope)
    : (rt.job.defaults.workingDirectory ?? rt.wf.def.defaults.workingDirectory ?? ".");
  const dir = path.resolve(rt.workspace, relative);
  const info = await stat(dir).catch(() => undefined);
  if (!info?.isDirectory()) throw new WorkflowRunnerError(`${scope.where}: working-directory "${relative}" does not exist`);
  return dir;
}

async function runScript(
  rt: JobRuntime,
  step: StepDef,
  stepEnv: Record<string, string>,
  signal: AbortSignal,
  scope: Scope,
): Promise<StepOutcome> {
  const script = evaluateText(step.run, { ...scope, where: `${scope.where}.run` });
  const cwd = await workingDirectory(rt, step, scope);
  const file = path.join(rt.temp, `${randomUUID()}.sh`);
  await writeFile(file, script);
  const shell = step.shell ?? rt.job.defaults.shell ?? rt.wf.def.defaults.shell;
  const argv = shell === "bash" ? ["bash", "--noprofile", "--norc", "-eo", "pipefail", file] : ["bash", "-e", file];
  const files = await newFiles(rt);
  const env = await processEnv(rt, files, stepEnv, {});
  const done = await runProcess(argv, { cwd, env, signal, graceMs: rt.state.cancelGraceMs });
  const { outputs } = await collect(rt, step, files, done.stdout);
  return {
    outcome: done.exitCode === 0 ? "success" : "failure",
    outputs,
    log: done.combined,
    error: done.exitCode === 0 ? undefined : `exit code ${done.exitCode}`,
  };
}

function inputEnv(inputs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(inputs).map(([k, v]) => [`INPUT_${k.replace(/ /g, "_").toUpperCase()}`, v]));
}

async function runLocalAction(
  rt: JobRuntime,
  step: StepDef,
  stepEnv: Record<string, string>,
  signal: AbortSignal,
  scope: Scope,
): Promise<StepOutcome> {
  const uses = step.uses as string;
  if (uses.includes("@")) throw new WorkflowRunnerError(`${scope.where}: a local action reference cannot have a ref (${uses})`);
  const actionDir = path.resolve(rt.workspace, uses);
  if (actionDir !== rt.workspace && !actionDir.startsWith(rt.workspace + path.sep)) {
    throw new WorkflowRunnerError(`${scope.where}: ${uses} is outside the workspace`);
  }
  const meta = await readActionMetadata(actionDir);
  const given = step.with ? stringMap(evaluateToken(step.with, { ...scope, where: `${scope.where}.with` }), `${scope.where}.with`) : {};
  const unexpected = Object.keys(given).filter((k) => !(k in meta.inputs));
  if (unexpected.length > 0) {
    throw new WorkflowRunnerError(
      `${scope.where}: unexpected input(s) ${unexpected.map((k) => `'${k}'`).join(", ")} for ${uses}; valid inputs are ${Object.keys(meta.inputs).join(", ")}`,
    );
  }
  const inputs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(meta.inputs)) {
    if (name in given) inputs[name] = given[name] as string;
    else if (spec.default !== undefined) inputs[name] = interpolate(spec.default, { ...scope, where: `${uses} input ${name} default` });
  }
  const result = await callLocalAction(rt, step, meta, actionDir, "main", inputs, stepEnv, {}, signal);
  if (meta.runs.post) rt.posts.push({ step, meta, actionDir, inputs, state: result.state });
  return result;
}

async function callLocalAction(
  rt: JobRuntime,
  step: StepDef,
  meta: ActionMetadata,
  actionDir: string,
  phase: "main" | "post",
  inputs: Record<string, string>,
  stepEnv: Record<string, string>,
  savedState: Record<string, string>,
  signal: AbortSignal,
): Promise<StepOutcome & { state: Record<string, string> }> {
  const files = await newFiles(rt);
  const stateEnv = Object.fromEntries(Object.entries(savedState).map(([k, v]) => [`STATE_${k}`, v]));
  const env = await processEnv(rt, files, stepEnv, {
    ...inputEnv(inputs),
    ...stateEnv,
    GITHUB_ACTION: step.id,
    GITHUB_ACTION_PATH: actionDir,
    GITHUB_ACTION_REPOSITORY: "",
    GITHUB_ACTION_REF: "",
  });
  const entry = path.join(actionDir, (phase === "main" ? meta.runs.main : meta.runs.post) as string);
  const done = await rt.state.localAction({
    uses: step.uses as string,
    actionDir,
    metadata: meta,
    phase,
    entry,
    inputs,
    env,
    cwd: rt.workspace,
    signal,
    job: rt.leg.id,
    step: step.id,
  });
  const { outputs, state } = await collect(rt, step, files, done.stdout, done.files);
  const log = done.stdout + (done.stderr ? `\n${done.stderr}` : "");
  return {
    outcome: done.exitCode === 0 ? "success" : "failure",
    outputs,
    log,
    state,
    error: done.exitCode === 0 ? undefined : `exit code ${done.exitCode}`,
  };
}

async function runPost(rt: JobRuntime, post: PostStep): Promise<void> {
  if (rt.signal.aborted) rt.cancelled = true;
  const record: StepResult = {
    id: `post:${post.step.id}`,
    name: `Post ${post.step.uses}`,
    uses: post.step.uses,
    outcome: "skipped",
    conclusion: "skipped",
    outputs: {},
    log: "",
    post: true,
  };
  rt.result.steps.push(record);
  const at = where(rt, `steps[${post.step.index}] (post)`, post.step.line);
  const condition = post.meta.runs["post-if"] ?? "always()";
  const scope: Scope & { status: StatusFunctions } = { contexts: stepContexts(rt), where: at, status: statusOf(rt) };
  if (!truthy(evaluateExpression(condition.replace(/^\$\{\{([\s\S]*)\}\}$/, "$1").trim(), scope))) return;
  // The post phase must be able to clean up even when the job was cancelled: it gets its own signal.
  const signal = AbortSignal.any([AbortSignal.timeout(CLEANUP_MS), rt.state.fatal.signal]);
  const done = await callLocalAction(rt, post.step, post.meta, post.actionDir, "post", post.inputs, {}, post.state, signal);
  record.outcome = record.conclusion = done.outcome;
  record.log = maskText(done.log, rt.state.masks);
  if (done.error) record.error = done.error;
  if (done.outcome === "failure") rt.status = "failure";
}

async function runBuiltin(rt: JobRuntime, step: StepDef, uses: string, scope: Scope): Promise<StepOutcome> {
  const spec = builtinFor(uses, scope.where);
  const inputs = step.with ? stringMap(evaluateToken(step.with, { ...scope, where: `${scope.where}.with` }), `${scope.where}.with`) : {};
  const unexpected = Object.keys(inputs).filter((k) => !spec.inputs.includes(k));
  if (unexpected.length > 0) throw new WorkflowRunnerError(`${scope.where}: unexpected input(s) ${unexpected.join(", ")} for ${uses}`);
  const lines: string[] = [];
  const outputs: Record<string, string> = {};
  const ctx: BuiltinContext = {
    inputs,
    workspace: rt.workspace,
    runId: rt.state.info.runId,
    attempt: rt.state.info.attempt,
    repository: rt.state.info.repository,
    sha: rt.state.info.sha,
    ref: rt.state.info.ref,
    store: rt.state.store,
    resolveRepository: rt.state.resolveRepository,
    log: (line) => lines.push(line),
    warn: (message) => {
      lines.push(`warning: ${message}`);
      rt.state.annotations.push({ level: "warning", message, job: rt.leg.id, step: step.id });
    },
    setOutput: (name, value) => {
      outputs[name] = value;
    },
  };
  try {
    await spec.run(ctx);
    return { outcome: "success", outputs, log: lines.join("\n") };
  } catch (error) {
    rethrowUnsupported(error);
    return { outcome: "failure", outputs, log: lines.join("\n"), error: (error as Error).message };
  }
}

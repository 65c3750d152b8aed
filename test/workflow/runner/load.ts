/**
 * Loads a workflow file with @actions/workflow-parser (schema validation included) and turns the
 * token tree into job and step definitions whose values stay tokens until the runner evaluates them.
 * Valid GitHub constructs the local runner does not implement are rejected here, before anything runs.
 */
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from "@actions/workflow-parser";
import type { EventsConfig } from "@actions/workflow-parser/model/workflow-template";
import type { MappingToken, TemplateToken } from "@actions/workflow-parser/templates/tokens/index";
import { at, UnsupportedError, WorkflowFileError } from "./errors.js";
import { isMapping, isSequence, isString } from "./token-guards.js";
import { entries, get, getMapping, literalString } from "./tokens.js";

export interface RunDefaults {
  shell?: string;
  workingDirectory?: string;
}

export interface StepDef {
  id: string;
  /** True when the workflow gave the id (only those appear in the steps context). */
  explicitId: boolean;
  index: number;
  line?: number;
  name?: TemplateToken;
  if?: TemplateToken;
  uses?: string;
  run?: TemplateToken;
  with?: MappingToken;
  env?: TemplateToken;
  shell?: string;
  workingDirectory?: TemplateToken;
  continueOnError?: TemplateToken;
  timeoutMinutes?: TemplateToken;
}

export interface JobDef {
  id: string;
  line?: number;
  kind: "steps" | "call";
  name?: TemplateToken;
  needs: string[];
  if?: TemplateToken;
  strategy?: TemplateToken;
  outputs?: MappingToken;
  env?: TemplateToken;
  runsOn?: TemplateToken;
  timeoutMinutes?: TemplateToken;
  continueOnError?: TemplateToken;
  permissions?: TemplateToken;
  concurrency?: TemplateToken;
  defaults: RunDefaults;
  steps: StepDef[];
  /** Reusable workflow reference of a call job. */
  uses?: string;
  with?: MappingToken;
  /** "inherit" or a mapping of secrets. */
  secrets?: TemplateToken;
}

export interface WorkflowDef {
  file: string;
  name: string;
  events: EventsConfig;
  on: TemplateToken;
  env?: TemplateToken;
  concurrency?: TemplateToken;
  permissions?: TemplateToken;
  defaults: RunDefaults;
  jobs: JobDef[];
  /** on.workflow_call.inputs mapping (defaults may be expressions). */
  callInputs?: MappingToken;
  callSecrets?: MappingToken;
  callOutputs?: MappingToken;
  dispatchInputs?: MappingToken;
}

const UNSUPPORTED_JOB_KEYS: Record<string, string> = {
  container: "container jobs",
  services: "service containers",
  environment: "deployment environments",
  snapshot: "job snapshots",
  // Queueing between runs is not modelled; a workflow-level concurrency group is evaluated and reported.
  concurrency: "job-level concurrency groups",
};

const UNSUPPORTED_STEP_KEYS = new Set(["background", "wait", "wait-all", "cancel", "parallel"]);

/** Parses and checks a workflow; throws WorkflowFileError listing every schema error. */
export async function loadWorkflow(file: string, content: string): Promise<WorkflowDef> {
  const parsed = parseWorkflow({ name: file, content }, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((e) => e.message);
  if (errors.length > 0 || !parsed.value) {
    throw new WorkflowFileError(`${file}: invalid workflow:\n  ${errors.join("\n  ")}`);
  }
  const template = await convertWorkflowTemplate(parsed.context, parsed.value);
  const convertErrors = [...(template.errors ?? []).map((e) => e.Message), ...parsed.context.errors.getErrors().map((e) => e.message)];
  if (convertErrors.length > 0) {
    throw new WorkflowFileError(`${file}: invalid workflow:\n  ${[...new Set(convertErrors)].join("\n  ")}`);
  }
  const root = parsed.value;
  if (!isMapping(root)) throw new WorkflowFileError(`${file}: a workflow must be a mapping`);
  const on = get(root, "on");
  if (!on) throw new WorkflowFileError(`${file}: missing "on"`);
  const onMap = isMapping(on) ? on : undefined;
  const call = getMapping(onMap, "workflow_call");
  const dispatch = getMapping(onMap, "workflow_dispatch");
  const jobsToken = getMapping(root, "jobs");
  if (!jobsToken) throw new WorkflowFileError(`${file}: missing "jobs"`);
  const jobs = entries(jobsToken).map(([id, token]) => {
    if (!isMapping(token)) throw new WorkflowFileError(at(file, token.line, `job "${id}" must be a mapping`));
    return loadJob(file, id, token);
  });
  return {
    file,
    name: literalString(get(root, "name")) ?? file,
    events: template.events,
    on,
    env: get(root, "env"),
    concurrency: get(root, "concurrency"),
    permissions: get(root, "permissions"),
    defaults: loadDefaults(file, getMapping(root, "defaults")),
    jobs,
    callInputs: getMapping(call, "inputs"),
    callSecrets: getMapping(call, "secrets"),
    callOutputs: getMapping(call, "outputs"),
    dispatchInputs: getMapping(dispatch, "inputs"),
  };
}

function loadDefaults(file: string, defaults: MappingToken | undefined): RunDefaults {
  const run = getMapping(defaults, "run");
  if (!run) return {};
  const shell = literalString(get(run, "shell"));
  if (shell !== undefined && shell !== "bash") {
    throw new UnsupportedError(at(file, run.line, `defaults.run.shell "${shell}" is not supported by the local runner (bash only)`));
  }
  const dir = get(run, "working-directory");
  if (dir && !isString(dir)) throw new UnsupportedError(at(file, dir.line, "expressions in defaults.run.working-directory"));
  return { shell, workingDirectory: literalString(dir) };
}

function loadJob(file: string, id: string, token: MappingToken): JobDef {
  for (const [key, value] of entries(token)) {
    const what = UNSUPPORTED_JOB_KEYS[key];
    if (what) throw new UnsupportedError(at(file, value.line, `job "${id}": ${what} (${key}) are not supported by the local runner`));
  }
  const needsToken = get(token, "needs");
  const needs: string[] = [];
  if (needsToken) {
    if (isSequence(needsToken)) for (const n of needsToken) needs.push(literalString(n) ?? "");
    else needs.push(literalString(needsToken) ?? "");
  }
  const uses = literalString(get(token, "uses"));
  const job: JobDef = {
    id,
    line: token.line,
    kind: uses === undefined ? "steps" : "call",
    name: get(token, "name"),
    needs,
    if: get(token, "if"),
    strategy: get(token, "strategy"),
    outputs: getMapping(token, "outputs"),
    env: get(token, "env"),
    runsOn: get(token, "runs-on"),
    timeoutMinutes: get(token, "timeout-minutes"),
    continueOnError: get(token, "continue-on-error"),
    permissions: get(token, "permissions"),
    concurrency: get(token, "concurrency"),
    defaults: loadDefaults(file, getMapping(token, "defaults")),
    steps: [],
    uses,
    with: getMapping(token, "with"),
    secrets: get(token, "secrets"),
  };
  const steps = get(token, "steps");
  if (job.kind === "steps") {
    if (!steps || !isSequence(steps)) throw new WorkflowFileError(at(file, token.line, `job "${id}" has no steps`));
    let index = 0;
    const used = new Set<string>();
    for (const step of steps) {
      if (!isMapping(step)) throw new WorkflowFileError(at(file, step.line, `job "${id}": a step must be a mapping`));
      job.steps.push(loadStep(file, id, step, index++, used));
    }
  }
  return job;
}

function loadStep(file: string, jobId: string, token: MappingToken, index: number, used: Set<string>): StepDef {
  for (const [key, value] of entries(token)) {
    if (UNSUPPORTED_STEP_KEYS.has(key)) {
      throw new UnsupportedError(at(file, value.line, `job "${jobId}": step key "${key}" is not supported by the local runner`));
    }
  }
  const explicit = literalString(get(token, "id"));
  const uses = literalString(get(token, "uses"));
  let id = explicit;
  if (!id) {
    const base = uses ? `__${uses.replace(/@.*$/, "").replace(/[^A-Za-z0-9]+/g, "_")}` : "__run";
    id = base;
    for (let n = 2; used.has(id); n++) id = `${base}_${n}`;
  }
  used.add(id);
  const shell = literalString(get(token, "shell"));
  if (shell !== undefined && shell !== "bash") {
    throw new UnsupportedError(at(file, token.line, `job "${jobId}": shell "${shell}" is not supported by the local runner (bash only)`));
  }
  const withToken = get(token, "with");
  if (withToken && !isMapping(withToken)) {
    throw new UnsupportedError(at(file, withToken.line, `job "${jobId}": "with" must be a mapping`));
  }
  return {
    id,
    explicitId: explicit !== undefined,
    index,
    line: token.line,
    name: get(token, "name"),
    if: get(token, "if"),
    uses,
    run: get(token, "run"),
    with: withToken,
    env: get(token, "env"),
    shell,
    workingDirectory: get(token, "working-directory"),
    continueOnError: get(token, "continue-on-error"),
    timeoutMinutes: get(token, "timeout-minutes"),
  };
}

/**
 * The job graph of one workflow instance: needs, job-level conditions, matrix legs with max-parallel
 * and fail-fast, reusable workflow calls, and "re-run failed jobs" (jobs that passed in the previous
 * attempt are kept unless something they need runs again).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { UnsupportedError, WorkflowFileError, WorkflowRunnerError } from "./errors.js";
import { evaluateCondition, evaluateText, evaluateToken, type Scope, toText } from "./expressions.js";
import { git } from "./git.js";
import { type Leg, runStepsLeg } from "./job.js";
import type { JobDef, WorkflowDef } from "./load.js";
import { loadWorkflow } from "./load.js";
import { expandStrategy, type Strategy } from "./matrix.js";
import { githubContext, type JobAggregate, type RunState, type WorkflowInstance, type WorkflowSource } from "./state.js";
import { entries, get, literalString, literalValue } from "./tokens.js";
import type { Conclusion, JobResult } from "./types.js";
import { isMapping } from "./token-guards.js";

const OK = new Set<Conclusion>(["success", "skipped"]);

/** Whether "re-run failed jobs" keeps this earlier result instead of running it again. */
const keepable = (state: RunState, r: JobResult): boolean => OK.has(r.conclusion) || (r.softFailure === true && !state.rerunsSoftFailures);

export async function runGraph(state: RunState, wf: WorkflowInstance, signal: AbortSignal): Promise<Map<string, JobAggregate>> {
  const byId = new Map(wf.def.jobs.map((j) => [j.id, j]));
  const started = new Map<string, Promise<JobAggregate>>();
  const start = (job: JobDef): Promise<JobAggregate> => {
    let p = started.get(job.id);
    if (!p) {
      p = (async () => {
        const needs = new Map<string, JobAggregate>();
        for (const n of job.needs) {
          const dep = byId.get(n);
          if (!dep) throw new WorkflowFileError(`${wf.def.file}: job "${job.id}" needs unknown job "${n}"`);
          needs.set(n, await start(dep));
        }
        return runJob(state, wf, job, needs, signal);
      })().catch((error: Error) => {
        if (!state.fatalError) state.fatalError = error;
        state.fatal.abort();
        return { result: "failure", outputs: {}, rerun: true, failedAncestry: true } satisfies JobAggregate;
      });
      started.set(job.id, p);
    }
    return p;
  };
  const results = await Promise.all(wf.def.jobs.map(start));
  return new Map(wf.def.jobs.map((j, i) => [j.id, results[i] as JobAggregate]));
}

function aggregate(
  results: { conclusion: Conclusion; outputs: Record<string, string> }[],
  continueOnError: boolean,
): Omit<JobAggregate, "rerun" | "failedAncestry"> {
  const outputs: Record<string, string> = {};
  for (const r of results) for (const [k, v] of Object.entries(r.outputs)) if (v !== "") outputs[k] = v;
  let result: Conclusion = "success";
  if (results.length > 0 && results.every((r) => r.conclusion === "skipped")) result = "skipped";
  else if (results.some((r) => r.conclusion === "failure")) result = continueOnError ? "success" : "failure";
  else if (results.some((r) => r.conclusion === "cancelled")) result = "cancelled";
  return { result, outputs };
}

function jobPath(wf: WorkflowInstance, job: JobDef): string {
  return `${wf.prefix}${job.id}`;
}

function legKey(id: string, matrix: Record<string, unknown> | undefined): string {
  if (!matrix) return id;
  const sorted = Object.fromEntries(Object.entries(matrix).sort(([a], [b]) => a.localeCompare(b)));
  return `${id} ${JSON.stringify(sorted)}`;
}

async function runJob(
  state: RunState,
  wf: WorkflowInstance,
  job: JobDef,
  needs: Map<string, JobAggregate>,
  signal: AbortSignal,
): Promise<JobAggregate> {
  const id = jobPath(wf, job);
  const force = wf.forceRerun || [...needs.values()].some((n) => n.rerun);
  const failedAncestry = [...needs.values()].some((n) => n.result === "failure" || n.failedAncestry);
  const previous = state.previous?.filter((r) => r.id === id) ?? [];
  if (!force && previous.length > 0 && previous.every((r) => keepable(state, r))) {
    keep(state, previous);
    return {
      ...aggregate(
        previous,
        previous.some((r) => r.softFailure),
      ),
      rerun: false,
      failedAncestry,
    };
  }
  const needsContext = Object.fromEntries([...needs].map(([k, v]) => [k, { result: v.result, outputs: v.outputs }]));
  const scope: Scope = {
    contexts: {
      github: githubContext(state, { job: job.id }),
      needs: needsContext,
      vars: state.vars,
      inputs: wf.inputs,
    },
    where: `${wf.def.file}:${job.line ?? 0} jobs.${job.id}`,
  };
  const skipped = (): JobAggregate => {
    state.results.push({
      id,
      key: id,
      name: job.id,
      conclusion: "skipped",
      outputs: {},
      steps: [],
      attempt: state.info.attempt,
      reused: false,
      kind: job.kind,
    });
    return { result: "skipped", outputs: {}, rerun: true, failedAncestry };
  };
  const failed = (message: string): JobAggregate => {
    state.results.push({
      id,
      key: id,
      name: job.id,
      conclusion: "failure",
      outputs: {},
      steps: [],
      attempt: state.info.attempt,
      reused: false,
      kind: job.kind,
      error: message,
    });
    return { result: "failure", outputs: {}, rerun: true, failedAncestry: true };
  };
  const allNeedsSucceeded = [...needs.values()].every((n) => n.result === "success");
  const runIt = evaluateCondition(job.if, {
    ...scope,
    where: `${scope.where}.if`,
    status: { success: () => allNeedsSucceeded && !signal.aborted, failure: () => failedAncestry, cancelled: () => signal.aborted },
  });
  if (!runIt) return skipped();
  let strategy: Strategy;
  let continueOnError = false;
  try {
    strategy = expandStrategy(
      job.strategy ? evaluateToken(job.strategy, { ...scope, where: `${scope.where}.strategy` }) : undefined,
      `${scope.where}.strategy`,
    );
    if (job.continueOnError) {
      const legScope = { ...scope, contexts: { ...scope.contexts, matrix: {}, strategy: {} } };
      continueOnError = Boolean(evaluateToken(job.continueOnError, legScope));
    }
  } catch (error) {
    if (error instanceof UnsupportedError) throw error;
    return failed((error as Error).message);
  }
  const matrices = strategy.legs ?? [undefined];
  const legs: Leg[] = matrices.map((matrix, index) => ({
    id,
    key: legKey(id, matrix),
    matrix,
    needs: needsContext,
    strategy: {
      "fail-fast": strategy.failFast,
      "job-index": index,
      "job-total": matrices.length,
      "max-parallel": Number.isFinite(strategy.maxParallel) ? strategy.maxParallel : matrices.length,
    },
  }));
  const results = await runLegs(state, wf, job, legs, strategy, continueOnError, force, signal);
  const agg = aggregate(results, continueOnError);
  return { ...agg, rerun: true, failedAncestry: failedAncestry || agg.result === "failure" };
}

function keep(state: RunState, previous: JobResult[]): void {
  for (const r of previous) {
    state.results.push({ ...r, reused: true });
    if (r.kind === "call") keepCallee(state, calleePrefix(r));
  }
}

/** Jobs of a called workflow come along with their caller. */
function keepCallee(state: RunState, prefix: string): void {
  for (const r of state.previous ?? []) if (r.id.startsWith(prefix)) state.results.push({ ...r, reused: true });
}

/** Job path prefix of the jobs of a called workflow: "caller/" or "caller(1, x)/" for a matrix leg. */
function calleePrefix(leg: { id: string; matrix?: Record<string, unknown> }): string {
  if (!leg.matrix) return `${leg.id}/`;
  return `${leg.id}(${Object.values(leg.matrix)
    .map((v) => (typeof v === "object" ? JSON.stringify(v) : String(v)))
    .join(", ")})/`;
}

async function runLegs(
  state: RunState,
  wf: WorkflowInstance,
  job: JobDef,
  legs: Leg[],
  strategy: Strategy,
  continueOnError: boolean,
  force: boolean,
  signal: AbortSignal,
): Promise<JobResult[]> {
  const results: JobResult[] = new Array(legs.length);
  const controllers = legs.map(() => new AbortController());
  const order =
    state.hooks.legOrder?.({ id: legs[0]?.id ?? job.id, legs: legs.map((l) => ({ key: l.key, matrix: l.matrix })) }) ??
    legs.map((_, i) => i);
  if (order.length !== legs.length || [...order].sort((a, b) => a - b).some((v, i) => v !== i)) {
    throw new WorkflowRunnerError(`legOrder for ${job.id} is not a permutation of its ${legs.length} legs: ${JSON.stringify(order)}`);
  }
  let stop = false;
  let next = 0;
  const onAbort = () => {
    for (const c of controllers) c.abort();
  };
  signal.addEventListener("abort", onAbort, { once: true });
  const worker = async () => {
    while (next < legs.length) {
      const i = order[next++] as number;
      const leg = legs[i] as Leg;
      const ctl = controllers[i] as AbortController;
      const prev = state.previous?.find((r) => r.key === leg.key && r.id === leg.id);
      if (prev && !force && keepable(state, prev)) {
        const kept = { ...prev, reused: true };
        state.results.push(kept);
        if (job.kind === "call") keepCallee(state, calleePrefix(leg));
        results[i] = kept;
        continue;
      }
      if ((stop && strategy.failFast) || signal.aborted) {
        const cancelled: JobResult = {
          id: leg.id,
          key: leg.key,
          name: job.id,
          matrix: leg.matrix,
          conclusion: "cancelled",
          outputs: {},
          steps: [],
          attempt: state.info.attempt,
          reused: false,
          kind: job.kind,
        };
        state.results.push(cancelled);
        results[i] = cancelled;
        continue;
      }
      const r =
        job.kind === "call" ? await runCallLeg(state, wf, job, leg, force, ctl.signal) : await runStepsLeg(state, wf, job, leg, ctl.signal);
      if (r.conclusion === "failure" && continueOnError) r.softFailure = true;
      results[i] = r;
      if (r.conclusion === "failure" && !continueOnError) {
        stop = true;
        if (strategy.failFast) {
          for (const [j, c] of controllers.entries()) if (j !== i) c.abort();
        }
      }
    }
  };
  const width = Math.min(legs.length, Number.isFinite(strategy.maxParallel) ? strategy.maxParallel : legs.length);
  try {
    await Promise.all(Array.from({ length: width }, worker));
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
  return results;
}

// ---- reusable workflows -------------------------------------------------------------------------

interface Callee {
  def: WorkflowDef;
  source: WorkflowSource;
  identity: WorkflowInstance["identity"];
}

async function loadCallee(state: RunState, wf: WorkflowInstance, uses: string, at: string): Promise<Callee> {
  if (uses.startsWith("./")) {
    if (uses.includes("@")) throw new WorkflowFileError(`${at}: a local reusable workflow cannot have a ref (${uses})`);
    const rel = uses.slice(2);
    let content: string;
    if (wf.source.kind === "fs")
      content = await readFile(path.join(wf.source.root, rel), "utf8").catch(() => {
        throw new WorkflowFileError(`${at}: reusable workflow ${uses} not found`);
      });
    else content = await git(wf.source.dir, ["show", `${wf.source.sha}:${rel}`]);
    return { def: await loadWorkflow(rel, content), source: wf.source, identity: { ...wf.identity, filePath: rel } };
  }
  const m = /^([^/]+\/[^/]+)\/(\.github\/workflows\/[^@]+)@(.+)$/.exec(uses);
  if (!m) throw new WorkflowFileError(`${at}: "${uses}" is not a reusable workflow reference`);
  const [, repository, rel, ref] = m as unknown as [string, string, string, string];
  const dir = state.resolveRepository(repository);
  const sha = await git(dir, ["rev-parse", "--verify", `${ref}^{commit}`]);
  const content = await git(dir, ["show", `${sha}:${rel}`]);
  return {
    def: await loadWorkflow(`${repository}/${rel}@${ref}`, content),
    source: { kind: "git", dir, sha },
    identity: { repository, sha, ref, filePath: rel },
  };
}

async function runCallLeg(
  state: RunState,
  wf: WorkflowInstance,
  job: JobDef,
  leg: Leg,
  force: boolean,
  signal: AbortSignal,
): Promise<JobResult> {
  const at = `${wf.def.file}:${job.line ?? 0} jobs.${job.id}`;
  const callee = await loadCallee(state, wf, job.uses as string, at);
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
    kind: "call",
  };
  const scope: Scope = {
    contexts: {
      github: githubContext(state, { job: job.id }),
      needs: leg.needs,
      strategy: leg.strategy,
      matrix: leg.matrix ?? {},
      vars: state.vars,
      inputs: wf.inputs,
    },
    where: at,
  };
  let instance: WorkflowInstance;
  try {
    if (job.name) result.name = evaluateText(job.name, scope);
    const given = job.with ? (evaluateToken(job.with, { ...scope, where: `${at}.with` }) as Record<string, unknown>) : {};
    const inputs = resolveCallInputs(callee.def, given, scope);
    const secrets = resolveCallSecrets(
      callee.def,
      job,
      wf,
      { ...scope, contexts: { ...scope.contexts, secrets: { ...wf.secrets, GITHUB_TOKEN: state.info.token } } },
      at,
    );
    instance = await newInstance(state, callee, calleePrefix(leg), inputs, secrets, force);
  } catch (error) {
    if (error instanceof UnsupportedError) throw error;
    result.conclusion = "failure";
    result.error = (error as Error).message;
    state.results.push(result);
    return result;
  }
  const jobs = await runGraph(state, instance, signal);
  result.conclusion = aggregate(
    [...jobs.values()].map((j) => ({ conclusion: j.result, outputs: {} })),
    false,
  ).result;
  if (result.conclusion === "skipped") result.conclusion = "success";
  try {
    result.outputs = callOutputs(state, instance, jobs);
  } catch (error) {
    if (error instanceof UnsupportedError) throw error;
    result.conclusion = "failure";
    result.error = (error as Error).message;
  }
  state.results.push(result);
  return result;
}

/** Builds a workflow instance: typed inputs, workflow env and concurrency evaluated. */
export async function newInstance(
  state: RunState,
  callee: Callee,
  prefix: string,
  inputs: Record<string, unknown>,
  secrets: Record<string, string>,
  forceRerun: boolean,
): Promise<WorkflowInstance> {
  const instance: WorkflowInstance = {
    def: callee.def,
    prefix,
    inputs,
    secrets,
    env: {},
    source: callee.source,
    identity: callee.identity,
    forceRerun,
  };
  const scope: Scope = {
    contexts: { github: githubContext(state, {}), inputs, vars: state.vars, secrets: { ...secrets, GITHUB_TOKEN: state.info.token } },
    where: `${callee.def.file} env`,
  };
  if (callee.def.env) {
    const env = evaluateToken(callee.def.env, scope) as Record<string, unknown>;
    instance.env = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, toText(v, `${callee.def.file} env.${k}`)]));
  }
  if (callee.def.concurrency) {
    const { secrets: _drop, ...noSecrets } = scope.contexts;
    const value = evaluateToken(callee.def.concurrency, { contexts: noSecrets, where: `${callee.def.file} concurrency` });
    const group =
      typeof value === "string" ? value : toText((value as Record<string, unknown>)["group"], `${callee.def.file} concurrency.group`);
    const cancelInProgress =
      typeof value === "object" && value !== null ? Boolean((value as Record<string, unknown>)["cancel-in-progress"]) : false;
    state.concurrency.push({ workflow: `${prefix}${callee.def.file}`, group, cancelInProgress });
  }
  return instance;
}

interface InputDef {
  type: string;
  required: boolean;
  default?: unknown;
  options?: string[];
}

export function inputDefs(defs: ReturnType<typeof get>, file: string): Map<string, InputDef> {
  const out = new Map<string, InputDef>();
  if (!defs || !isMapping(defs)) return out;
  for (const [name, token] of entries(defs)) {
    if (!isMapping(token)) {
      out.set(name, { type: "string", required: false });
      continue;
    }
    const def: InputDef = {
      type: literalString(get(token, "type")) ?? "string",
      required: isTrue(get(token, "required")),
      options: get(token, "options") ? (literalValue(get(token, "options") as never) as string[]) : undefined,
    };
    const d = get(token, "default");
    if (d !== undefined) def.default = d;
    if (!["string", "boolean", "number", "choice", "environment"].includes(def.type)) {
      throw new WorkflowFileError(`${file}: input ${name} has unknown type ${def.type}`);
    }
    out.set(name, def);
  }
  return out;
}

function isTrue(token: ReturnType<typeof get>): boolean {
  return token !== undefined && literalValue(token) === true;
}

/** Checks and types the inputs of a workflow_dispatch or workflow_call trigger. */
export function typeInputs(
  defs: Map<string, InputDef>,
  given: Record<string, unknown>,
  scope: Scope,
  what: string,
  strict: boolean,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(given)) {
    if (!defs.has(name))
      throw new WorkflowRunnerError(`${what}: input "${name}" is not defined (defined: ${[...defs.keys()].join(", ") || "none"})`);
  }
  for (const [name, def] of defs) {
    let value: unknown = given[name];
    if (value === undefined || value === null) {
      if (def.default !== undefined) value = evaluateToken(def.default as never, { ...scope, where: `${what} input ${name} default` });
      else if (def.required) throw new WorkflowRunnerError(`${what}: required input "${name}" was not provided`);
    }
    out[name] = coerceInput(name, def, value, what, strict);
  }
  return out;
}

function coerceInput(name: string, def: InputDef, value: unknown, what: string, strict: boolean): unknown {
  const bad = () => new WorkflowRunnerError(`${what}: input "${name}" expects a ${def.type}, got ${JSON.stringify(value)}`);
  if (def.type === "boolean") {
    if (value === undefined || value === null) return false;
    if (typeof value === "boolean") return value;
    if (!strict && (value === "true" || value === "false")) return value === "true";
    throw bad();
  }
  if (def.type === "number") {
    if (value === undefined || value === null || value === "") return strict ? 0 : "";
    if (typeof value === "number") return value;
    if (!strict && typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
    throw bad();
  }
  if (value === undefined || value === null) return "";
  if (typeof value === "object") throw bad();
  const text = String(value);
  if (def.type === "choice" && def.options && !def.options.includes(text)) {
    throw new WorkflowRunnerError(`${what}: input "${name}" must be one of ${def.options.join(", ")}, got "${text}"`);
  }
  return text;
}

function resolveCallInputs(def: WorkflowDef, given: Record<string, unknown>, scope: Scope): Record<string, unknown> {
  if (!def.events.workflow_call) throw new WorkflowFileError(`${def.file}: not a reusable workflow (no on.workflow_call)`);
  return typeInputs(
    inputDefs(def.callInputs, def.file),
    given ?? {},
    { ...scope, contexts: { github: scope.contexts["github"], inputs: {}, vars: scope.contexts["vars"] } },
    `call of ${def.file}`,
    true,
  );
}

function resolveCallSecrets(def: WorkflowDef, job: JobDef, wf: WorkflowInstance, scope: Scope, at: string): Record<string, string> {
  const declared = new Map<string, boolean>();
  if (def.callSecrets) {
    for (const [name, token] of entries(def.callSecrets)) {
      declared.set(name, isMapping(token) && isTrue(get(token, "required")));
    }
  }
  let secrets: Record<string, string> = {};
  if (job.secrets) {
    if (literalString(job.secrets) === "inherit") secrets = { ...wf.secrets };
    else {
      const value = evaluateToken(job.secrets, { ...scope, where: `${at}.secrets` }) as Record<string, unknown>;
      for (const [k, v] of Object.entries(value)) {
        if (!declared.has(k)) throw new WorkflowRunnerError(`${at}: secret "${k}" is not defined in ${def.file}`);
        secrets[k] = toText(v, `${at}.secrets.${k}`);
      }
    }
  }
  for (const [name, required] of declared) {
    if (required && !secrets[name]) throw new WorkflowRunnerError(`${at}: required secret "${name}" of ${def.file} was not provided`);
  }
  return secrets;
}

/** Values of on.workflow_call.outputs, evaluated with the `jobs` context. */
export function callOutputs(state: RunState, wf: WorkflowInstance, jobs: Map<string, JobAggregate>): Record<string, string> {
  const out: Record<string, string> = {};
  if (!wf.def.callOutputs) return out;
  const jobsContext = Object.fromEntries([...jobs].map(([k, v]) => [k, { result: v.result, outputs: v.outputs }]));
  for (const [name, token] of entries(wf.def.callOutputs)) {
    const value = isMapping(token) ? get(token, "value") : undefined;
    if (!value) throw new WorkflowFileError(`${wf.def.file}: output ${name} has no value`);
    out[name] = toText(
      evaluateToken(value, {
        contexts: { github: githubContext(state, {}), jobs: jobsContext, vars: state.vars, inputs: wf.inputs },
        where: `${wf.def.file} outputs.${name}`,
      }),
      name,
    );
  }
  return out;
}

/** runWorkflow: the entry point of the local workflow runner. */
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { LocalArtifactStore } from "./artifacts.js";
import { WorkflowFileError, WorkflowRunnerError } from "./errors.js";
import { type Scope, toText } from "./expressions.js";
import { git, tryGit } from "./git.js";
import { callOutputs, inputDefs, newInstance, runGraph, typeInputs } from "./graph.js";
import { Limiter } from "./limiter.js";
import { runWithNode } from "./local-action.js";
import { loadWorkflow, type WorkflowDef } from "./load.js";
import { githubContext, type JobAggregate, type RunInfo, type RunState } from "./state.js";
import type { Conclusion, RunWorkflowOptions, WorkflowRunResult } from "./types.js";

const KEEP_ENV = ["PATH", "HOME", "USER", "LANG", "LC_ALL", "TMPDIR", "SHELL", "TERM"];

export async function runWorkflow(options: RunWorkflowOptions): Promise<WorkflowRunResult> {
  const repoDir = path.resolve(options.repoDir);
  const workflowFile = path.resolve(repoDir, options.workflowFile);
  const repository = options.repository ?? "local/repo";
  const runAttempt = options.runAttempt ?? (options.previous ? options.previous.runAttempt + 1 : 1);
  const runId = options.runId ?? options.previous?.runId ?? 1000 + Math.floor(Math.random() * 1_000_000);
  if (options.previous && options.previous.runId !== runId)
    throw new WorkflowRunnerError("a re-run keeps the run id of the previous attempt");
  const branch = (await tryGit(repoDir, ["symbolic-ref", "-q", "HEAD"])) ?? "refs/heads/main";
  const ref = options.ref ?? branch;
  const sha = options.sha ?? (await git(repoDir, ["rev-parse", "--verify", `${ref.startsWith("refs/") ? ref : "HEAD"}^{commit}`]));

  // Where nested ./.github/workflows/... come from: the tree that holds the top-level file.
  const workflowsDir = path.dirname(workflowFile);
  const sourceRoot =
    path.basename(workflowsDir) === "workflows" && path.basename(path.dirname(workflowsDir)) === ".github"
      ? path.dirname(path.dirname(workflowsDir))
      : repoDir;
  const relFile = path.relative(sourceRoot, workflowFile).split(path.sep).join("/");
  const def = await loadWorkflow(relFile, await readFile(workflowFile, "utf8"));
  if (!(options.event in def.events)) {
    throw new WorkflowFileError(
      `${relFile}: the workflow has no "${options.event}" trigger (triggers: ${Object.keys(def.events).join(", ")})`,
    );
  }
  const ownWorkDir = !options.workDir && !options.previous;
  const workDir = options.workDir ?? options.previous?.workDir ?? (await mkdtemp(path.join(os.tmpdir(), "wave-wf-")));
  await mkdir(workDir, { recursive: true });
  try {
    return await runIn(options, { repoDir, repository, runId, runAttempt, workDir, ref, sha, def, relFile, sourceRoot });
  } catch (error) {
    // Nothing useful is left to inspect in a run that never got going.
    if (ownWorkDir) await rm(workDir, { recursive: true, force: true });
    throw error;
  }
}

interface Prepared {
  repoDir: string;
  repository: string;
  runId: number;
  runAttempt: number;
  workDir: string;
  ref: string;
  sha: string;
  def: WorkflowDef;
  relFile: string;
  sourceRoot: string;
}

async function runIn(options: RunWorkflowOptions, p: Prepared): Promise<WorkflowRunResult> {
  const { repoDir, repository, runId, runAttempt, workDir, ref, sha, def, relFile, sourceRoot } = p;

  const event: Record<string, unknown> = structuredClone(options.eventPayload ?? {});
  const eventPath = path.join(workDir, `event-${runAttempt}.json`);
  const info: RunInfo = {
    runId,
    attempt: runAttempt,
    repository,
    sha,
    ref,
    headRef: options.event.startsWith("pull_request")
      ? String((event["pull_request"] as { head?: { ref?: string } } | undefined)?.head?.ref ?? "")
      : "",
    baseRef: options.event.startsWith("pull_request")
      ? String((event["pull_request"] as { base?: { ref?: string } } | undefined)?.base?.ref ?? "")
      : "",
    eventName: options.event,
    event,
    eventPath,
    workflowName: def.name,
    workflowRef: `${repository}/${relFile}@${ref}`,
    token: options.githubToken ?? "ghs_localRunnerToken0000000000000000",
    serverUrl: options.serverUrl ?? "https://github.com",
  };
  const repos = { ...(options.repos ?? {}), [repository]: repoDir };
  const baseEnv: Record<string, string> = {};
  for (const k of KEEP_ENV) if (process.env[k] !== undefined) baseEnv[k] = process.env[k] as string;
  Object.assign(baseEnv, options.env ?? {});
  const state: RunState = {
    info,
    workDir,
    store: options.hooks?.artifacts ?? new LocalArtifactStore(path.join(workDir, "artifacts")),
    localAction: options.hooks?.localAction ?? runWithNode,
    hooks: options.hooks ?? {},
    vars: options.vars ?? {},
    baseEnv,
    results: [],
    summaries: [],
    annotations: [],
    concurrency: [],
    previous: options.rerun === "all" ? undefined : options.previous?.jobs,
    rerunsSoftFailures: options.rerunsContinueOnErrorFailures ?? true,
    limiter: new Limiter(options.maxConcurrentJobs ?? 4),
    cancelGraceMs: options.cancelGraceMs ?? 2500,
    masks: new Set([...Object.values(options.secrets ?? {}), info.token]),
    resolveRepository: (name) => {
      const dir = repos[name];
      if (!dir) throw new WorkflowRunnerError(`repository ${name} is not known to the local runner (pass it in options.repos)`);
      return dir;
    },
    fatal: new AbortController(),
    seq: 0,
  };
  state.store.beginAttempt?.(runId, runAttempt, options.previous ? (options.rerun ?? "failed") : null);

  const scope: Scope = { contexts: { github: githubContext(state, {}), inputs: {}, vars: state.vars }, where: relFile };
  let inputs: Record<string, unknown> = {};
  const given = options.inputs ?? {};
  if (options.event === "workflow_dispatch") {
    inputs = typeInputs(inputDefs(def.dispatchInputs, relFile), given, scope, `${relFile} workflow_dispatch`, false);
    event["inputs"] = Object.fromEntries(Object.entries(inputs).map(([k, v]) => [k, toText(v, k)]));
  } else if (options.event === "workflow_call") {
    inputs = typeInputs(inputDefs(def.callInputs, relFile), given, scope, `${relFile} workflow_call`, true);
  } else if (Object.keys(given).length > 0) {
    throw new WorkflowRunnerError(`${relFile}: inputs are only for workflow_dispatch and workflow_call events`);
  }
  await writeFile(eventPath, JSON.stringify(event, null, 2));

  const secrets = { ...(options.secrets ?? {}) };
  if (options.event === "workflow_call" && def.callSecrets) {
    const declared = Object.keys(secrets).filter((k) => !def.callSecrets?.find(k));
    if (declared.length > 0)
      throw new WorkflowRunnerError(`${relFile}: secrets ${declared.join(", ")} are not declared by on.workflow_call.secrets`);
  }
  const instance = await newInstance(
    state,
    { def, source: { kind: "fs", root: sourceRoot }, identity: { repository, sha, ref, filePath: relFile } },
    "",
    inputs,
    secrets,
    false,
  );
  let jobs: Map<string, JobAggregate>;
  try {
    jobs = await runGraph(state, instance, new AbortController().signal);
  } finally {
    state.fatal.abort();
  }
  if (state.fatalError) throw state.fatalError;
  const outputs = options.event === "workflow_call" ? callOutputs(state, instance, jobs) : {};
  return {
    runId,
    runAttempt,
    conclusion: conclusionOf([...jobs.values()].map((j) => j.result)),
    jobs: state.results,
    outputs,
    summaries: state.summaries,
    annotations: state.annotations,
    concurrency: state.concurrency,
    workDir,
  };
}

function conclusionOf(results: Conclusion[]): Conclusion {
  if (results.includes("failure")) return "failure";
  if (results.includes("cancelled")) return "cancelled";
  return "success";
}

/**
 * Reads the action's inputs (action.yml) and turns them into engine options: the run options
 * through the one reading of them (engine/options.ts), the action's own here. Every bad value is a
 * UserError naming the input.
 */
import path from "node:path";
import * as core from "@actions/core";
import { type OptionSpec, oneOf, optionsOf, RUN_OPTION_TABLE, type RunOptions, readRunOptionValues } from "../engine/options.js";
import { UserError } from "../errors.js";
import { parseShardRole, type ShardRole } from "../shard/plan.js";
import { parseBoolean, parseNumber, parseWaveNumber } from "../values.js";
import { normalizeLaneName } from "../wave/config.js";
import {
  isRehearsal,
  parseWorkflowInputs,
  readThrough,
  type WorkflowInputs,
  WorkflowInputsError,
  workflowInputProblems,
} from "./workflow-inputs.js";

const ACTION_MODES = ["run", "rehearse", "validate", "plan", "report", "closure", "pick", "triage"] as const;

/**
 * The action's own inputs, next to the run options' (engine/options.ts `RUN_OPTION_TABLE`): the
 * action's inputs are both together, `ACTION_INPUTS`, whose defaults action.yml declares (checked
 * by test/action/inputs.table.test.ts) and docs/inputs.md shows.
 */
const ACTION_ONLY_INPUTS = {
  mode: { type: "string", value: ACTION_MODES.join("|"), description: "what the step does", default: "run" },
  waves: { type: "string", value: "all|N-M|N,M,...", description: "waves to plan or report on", default: "all" },
  shard: { type: "string", value: "i/n|closure", description: "a sharded wave's job (mode run)" },
  "max-agents-per-job": { type: "string", value: "N", description: "mode plan: most implementation agents per job" },
  matrix: { type: "string", value: "JSON", description: "modes pick and triage: the plan job's matrix" },
  "round-matrix": { type: "string", value: "JSON", description: "mode pick: the matrix of this round" },
  round: { type: "string", value: "N", description: "modes pick, triage and run: the reusable workflow's round" },
  "workflow-inputs": { type: "string", value: "JSON", description: "the reusable workflow's inputs, passed whole" },
  lane: { type: "string", value: "NAME", description: "lane", defaultText: "the config's defaultLane, else main" },
  root: { type: "string", value: "DIR", description: "repository root, relative to the workspace", default: "." },
  config: { type: "string", value: "FILE", description: "wave.config.json, relative to root" },
  "apply-changes": { type: "string", value: "none|previous|NAMES", description: "workspace changes to apply first", default: "none" },
  "artifact-prefix": { type: "string", value: "PREFIX", description: "prefix of the artifact names", default: "wave" },
  "retention-days": { type: "string", value: "N", description: "artifact retention; 0 is the repository's", default: "0" },
  "stream-logs": { type: "boolean", description: "stream every agent's output into the job log", default: "false" },
  // The runner puts the job's token in when the input is not given (an expression, not a value).
  "github-token": {
    type: "string",
    value: "TOKEN",
    description: "token to read earlier attempts' artifacts",
    default: "${{ github.token }}",
  },
} as const satisfies Record<string, OptionSpec>;

/** Every input of the action (action.yml), each default written once. */
export const ACTION_INPUTS = { ...optionsOf(RUN_OPTION_TABLE, "action"), ...ACTION_ONLY_INPUTS } as const satisfies Record<
  string,
  OptionSpec
>;

/** What the step reads: the run options (`resume` as given: auto, never or an artifact name) and the action's own. */
export type ActionInputs = ReturnType<typeof readInputs>;

type Get = (name: string) => string;

/** Reads every input; `get` is injectable for tests. An input given empty is its default. */
export function readInputs(explicit: Get = (name) => core.getInput(name), env: NodeJS.ProcessEnv = process.env) {
  // The reusable workflow's inputs, passed whole (workflow-inputs.ts), checked before any is read,
  // so that a bad one is named as the caller spelled it.
  const workflow: WorkflowInputs | null = parseWorkflowInputs(explicit("workflow-inputs"));
  const problems = workflow ? workflowInputProblems(workflow) : [];
  if (problems.length > 0) throw new WorkflowInputsError(problems);
  const get: Get = (name) => readThrough(explicit, workflow, name);
  const own = (name: keyof typeof ACTION_ONLY_INPUTS) => get(name).trim() || ((ACTION_ONLY_INPUTS[name] as OptionSpec).default ?? "");
  const workspace = path.resolve(env.GITHUB_WORKSPACE ?? process.cwd());
  const root = path.resolve(workspace, own("root"));
  const num = (name: keyof typeof ACTION_ONLY_INPUTS, opts: { integer?: boolean; min?: number } = {}) =>
    parseNumber(own(name), `input ${name}`, opts);
  const mode = oneOf(own("mode"), ACTION_MODES, "input mode");
  const values = readRunOptionValues({ program: "action", read: get, label: (name) => `input ${name}` });
  const config = own("config");
  const retention = num("retention-days", { integer: true }) ?? 0;
  const applyRaw = own("apply-changes");
  const projectRaw = get("project").trim();
  const project = projectRaw ? normalizeLaneName(projectRaw, "project", "input project") : undefined;
  return {
    ...values,
    mode,
    workspace,
    root,
    configPath: config ? path.resolve(root, config) : undefined,
    lane: own("lane") || undefined,
    // The config's projects.<id> entry; undefined: its defaultProject.
    project,
    wave: parseWaveNumber(get("wave"), "input wave"),
    waves: own("waves"),
    resume: get("resume").trim() || RUN_OPTION_TABLE.resume.default,
    applyChanges:
      applyRaw === "none"
        ? []
        : applyRaw
            .split(/[\n,]/)
            .map((s) => s.trim())
            .filter(Boolean),
    // A rehearsal's state is never resumed by a real run (nor the other way round).
    // A project's state is never resumed by another project's run either.
    artifactPrefix: `${own("artifact-prefix")}${project ? `-${project}` : ""}${mode === "rehearse" || isRehearsal(workflow) ? "-rehearsal" : ""}`,
    retentionDays: retention > 0 ? retention : undefined,
    streamLogs: parseBoolean(own("stream-logs"), "input stream-logs", false),
    githubToken: get("github-token"),
    // Mode closure is mode run with shard closure. Input shard (mode run): i/n, closure, or null for the whole wave.
    shard: mode === "closure" ? ({ kind: "closure" } as ShardRole) : parseShardRole(get("shard"), "input shard"),
    // Mode plan; null: the config's runtimePolicy.maxAgentsPerJob.
    maxAgentsPerJob: num("max-agents-per-job", { integer: true, min: 1 }) ?? null,
    // Modes pick and triage: the plan's matrix, this round's (empty: the plan's), the round (0: the wave jobs).
    matrix: own("matrix"),
    roundMatrix: own("round-matrix"),
    round: num("round", { integer: true }) ?? 0,
    // Input round given: in mode run, the job is one of the reusable workflow's and records its status.
    roundGiven: get("round").trim() !== "",
    workflow,
  };
}

/** The engine options of a `run` mode step (the step finds its earlier state itself: resume never here). */
export function runOptionsFrom(inputs: ActionInputs, stateDir: string): RunOptions {
  const { mode, workspace, waves, applyChanges, artifactPrefix, retentionDays, streamLogs, githubToken, maxAgentsPerJob, matrix, ...rest } =
    inputs;
  const { roundMatrix, round, shard, wave, project, resume, ...values } = rest;
  if (wave === undefined) throw new UserError("input wave is required in mode run");
  return {
    ...values,
    ...(project ? { project } : {}),
    stateDir,
    wave,
    resume: "never",
    ...(shard ? { shard } : {}),
  };
}

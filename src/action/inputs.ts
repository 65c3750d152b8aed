/**
 * Reads the action's inputs (action.yml) and turns them into engine options. Every bad value is a
 * UserError naming the input.
 */
import { parseShardRole, type ShardRole } from "../shard/plan.js";
import path from "node:path";
import * as core from "@actions/core";
import { type AgentUserRequest, parseAgentUser } from "../agent-user/choice.js";
import {
  type ModelProxyMode,
  type OwnershipMode,
  parseModelProxyMode,
  parseOwnershipMode,
  parseSandboxMode,
  type RunOptions,
  type SandboxMode,
} from "../engine/options.js";
import { UserError } from "../errors.js";
import { normalizeLaneName } from "../wave/config.js";
import { parseBoolean, parseNumber, parseWaveNumber } from "../values.js";
import { EXECUTOR_IDS, type ExecutorId } from "../wave/schema.js";

export const ACTION_MODES = ["run", "rehearse", "validate", "plan", "report", "closure", "pick", "triage"] as const;
export type ActionMode = (typeof ACTION_MODES)[number];

export interface ActionInputs {
  mode: ActionMode;
  workspace: string;
  root: string;
  configPath: string | undefined;
  lane: string | undefined;
  /** The config's `projects.<id>` entry (input project); undefined: its defaultProject. */
  project: string | undefined;
  wave: number | undefined;
  waves: string;
  executor: ExecutorId | undefined;
  dryRun: boolean;
  timeoutMinutes: number;
  idleTimeoutMinutes: number | null;
  maxAttempts: number;
  maxParallelAgents: number;
  rateLimitRetries: number;
  rateLimitBaseDelaySeconds: number;
  rateLimitMaxDelaySeconds: number;
  resume: string;
  applyChanges: string[];
  artifactPrefix: string;
  retentionDays: number | undefined;
  tmux: boolean;
  agentUser: AgentUserRequest;
  streamLogs: boolean;
  redact: string[];
  feedback: string | null;
  requireMarkerNonce: boolean;
  githubToken: string;
  maxBudgetUsd: number | null;
  resumeSessions: boolean;
  modelProxy: ModelProxyMode;
  /** Input sandbox; undefined: the config's `sandbox`, else off. */
  sandbox: SandboxMode | undefined;
  /** Input ownership; undefined: the wave file's, else the config's, else report. */
  ownership: OwnershipMode | undefined;
  /** Input shard (mode run): a shard job `i/n`, the closure job, or null for the whole wave. */
  shard: ShardRole | null;
  /** Input max-agents-per-job (mode plan); null: the config's runtimePolicy.maxAgentsPerJob. */
  maxAgentsPerJob: number | null;
  /** Input matrix (modes pick, triage): the plan job's matrix. */
  matrix: string;
  /** Input round-matrix (mode pick): the matrix of this round; empty: the plan's. */
  roundMatrix: string;
  /** Input round (modes pick, triage): 0 for the wave jobs, 1 or 2 for a resume round. */
  round: number;
}

type Get = (name: string) => string;

const defaultGet: Get = (name) => core.getInput(name);

function oneOf<T extends string>(value: string, allowed: readonly T[], input: string): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UserError(`input ${input} must be one of ${allowed.join(", ")} (got "${value}")`);
}

/** Reads every input; `get` is injectable for tests. */
export function readInputs(get: Get = defaultGet, env: NodeJS.ProcessEnv = process.env): ActionInputs {
  const workspace = path.resolve(env.GITHUB_WORKSPACE ?? process.cwd());
  const root = path.resolve(workspace, get("root") || ".");
  const num = (name: string, fallback: number, opts: { integer?: boolean; min?: number } = {}) =>
    parseNumber(get(name), `input ${name}`, opts) ?? fallback;
  const mode = oneOf(get("mode") || "run", ACTION_MODES, "mode");
  const executorRaw = get("executor").trim();
  const config = get("config").trim();
  const idle = num("idle-timeout-minutes", 0);
  const base = num("rate-limit-base-delay-seconds", 20);
  const max = num("rate-limit-max-delay-seconds", 180);
  if (max < base) {
    throw new UserError(`input rate-limit-max-delay-seconds (${max}) must be at least rate-limit-base-delay-seconds (${base})`);
  }
  const retention = num("retention-days", 0, { integer: true });
  const applyRaw = get("apply-changes").trim();
  const projectRaw = get("project").trim();
  const project = projectRaw ? normalizeLaneName(projectRaw, "project", "input project") : undefined;
  return {
    mode,
    workspace,
    root,
    configPath: config ? path.resolve(root, config) : undefined,
    lane: get("lane").trim() || undefined,
    project,
    wave: parseWaveNumber(get("wave"), "input wave"),
    waves: get("waves").trim() || "all",
    executor: executorRaw ? oneOf(executorRaw, EXECUTOR_IDS, "executor") : undefined,
    dryRun: parseBoolean(get("dry-run"), "input dry-run", false),
    timeoutMinutes: parseNumber(get("timeout-minutes"), "input timeout-minutes", { allowZero: false }) ?? 60,
    idleTimeoutMinutes: idle > 0 ? idle : null,
    maxAttempts: num("max-attempts", 2, { integer: true, min: 1 }),
    maxParallelAgents: num("max-parallel-agents", 0, { integer: true }),
    rateLimitRetries: num("rate-limit-retries", 2, { integer: true }),
    rateLimitBaseDelaySeconds: base,
    rateLimitMaxDelaySeconds: max,
    resume: get("resume").trim() || "auto",
    applyChanges:
      applyRaw === "" || applyRaw === "none"
        ? []
        : applyRaw
            .split(/[\n,]/)
            .map((s) => s.trim())
            .filter(Boolean),
    // A rehearsal's state is never resumed by a real run (nor the other way round).
    // A project's state is never resumed by another project's run either.
    artifactPrefix: `${get("artifact-prefix").trim() || "wave"}${project ? `-${project}` : ""}${mode === "rehearse" ? "-rehearsal" : ""}`,
    retentionDays: retention > 0 ? retention : undefined,
    tmux: parseBoolean(get("tmux"), "input tmux", false),
    agentUser: parseAgentUser(get("agent-user"), "input agent-user"),
    streamLogs: parseBoolean(get("stream-logs"), "input stream-logs", false),
    redact: get("redact")
      .split("\n")
      .map((s) => s.trim())
      .filter(Boolean),
    feedback: get("feedback").trim() || null,
    requireMarkerNonce: parseBoolean(get("require-marker-nonce"), "input require-marker-nonce", false),
    githubToken: get("github-token"),
    maxBudgetUsd: parseNumber(get("max-budget-usd"), "input max-budget-usd", { allowZero: false }) ?? null,
    resumeSessions: parseBoolean(get("resume-sessions"), "input resume-sessions", true),
    modelProxy: parseModelProxyMode(get("model-proxy"), "input model-proxy"),
    sandbox: parseSandboxMode(get("sandbox"), "input sandbox"),
    ownership: parseOwnershipMode(get("ownership"), "input ownership"),
    // Mode closure is mode run with shard closure.
    shard: mode === "closure" ? { kind: "closure" } : parseShardRole(get("shard"), "input shard"),
    maxAgentsPerJob: parseNumber(get("max-agents-per-job"), "input max-agents-per-job", { integer: true, min: 1 }) ?? null,
    matrix: get("matrix").trim(),
    roundMatrix: get("round-matrix").trim(),
    round: num("round", 0, { integer: true }),
  };
}

/** The engine options of a `run` mode step. */
export function runOptionsFrom(inputs: ActionInputs, stateDir: string): RunOptions {
  if (inputs.wave === undefined) throw new UserError("input wave is required in mode run");
  return {
    root: inputs.root,
    configPath: inputs.configPath,
    lane: inputs.lane,
    ...(inputs.project ? { project: inputs.project } : {}),
    stateDir,
    wave: inputs.wave,
    executor: inputs.executor,
    dryRun: inputs.dryRun,
    timeoutMinutes: inputs.timeoutMinutes,
    idleTimeoutMinutes: inputs.idleTimeoutMinutes,
    maxAttempts: inputs.maxAttempts,
    maxParallelAgents: inputs.maxParallelAgents,
    rateLimitRetries: inputs.rateLimitRetries,
    rateLimitBaseDelaySeconds: inputs.rateLimitBaseDelaySeconds,
    rateLimitMaxDelaySeconds: inputs.rateLimitMaxDelaySeconds,
    resume: "never",
    forceResume: false,
    feedback: inputs.feedback,
    tmux: inputs.tmux,
    requireMarkerNonce: inputs.requireMarkerNonce,
    allowGithubToken: false,
    redact: inputs.redact,
    captureChanges: true,
    agentUser: inputs.agentUser,
    maxBudgetUsd: inputs.maxBudgetUsd,
    resumeSessions: inputs.resumeSessions,
    modelProxy: inputs.modelProxy,
    ...(inputs.sandbox ? { sandbox: inputs.sandbox } : {}),
    ...(inputs.ownership ? { ownership: inputs.ownership } : {}),
    ...(inputs.shard ? { shard: inputs.shard } : {}),
  };
}

/**
 * Options of one wave run, shared by the CLI and the action (each translates its own inputs).
 */
import type { AgentUserRequest } from "../agent-user/choice.js";
import { OWNERSHIP_MODES, type OwnershipMode } from "../closure/ownership.js";
import { UserError } from "../errors.js";
import { SANDBOX_MODES, type SandboxMode } from "../sandbox/decide.js";
import type { ShardRole } from "../shard/plan.js";
import type { ExecutorId } from "../wave/schema.js";

export interface RunOptions {
  root: string;
  configPath: string | undefined;
  lane: string | undefined;
  /** Project of a multi-project config (`projects.<id>`; default: its `defaultProject`). */
  project?: string | undefined;
  stateDir: string;
  wave: number;
  executor: ExecutorId | undefined;
  dryRun: boolean;
  /** Deadline per agent, from its own start. */
  timeoutMinutes: number;
  /** No output for this long kills the agent; null disables. */
  idleTimeoutMinutes: number | null;
  /** In-job attempts; later attempts rerun only what failed. */
  maxAttempts: number;
  /** 0 = no limit. */
  maxParallelAgents: number;
  rateLimitRetries: number;
  rateLimitBaseDelaySeconds: number;
  rateLimitMaxDelaySeconds: number;
  /** "auto" (latest earlier state of this lane+wave under the state dir), "never", or a run directory. */
  resume: "auto" | "never" | { dir: string; explicit: boolean };
  /** Resume even when the wave file changed since the state was recorded. */
  forceResume: boolean;
  /** The human's answer to a blocked wave's question. */
  feedback: string | null;
  tmux: boolean;
  requireMarkerNonce: boolean;
  /** Pass GITHUB_TOKEN/GH_TOKEN to agents (off unless a wave or config opts in). */
  allowGithubToken: boolean;
  /** Extra secret values to redact. */
  redact: string[];
  /** Record workspace changes relative to the base commit (needs git). */
  captureChanges: boolean;
  /** Which OS user agents run as (see src/agent-user/choice.ts). */
  agentUser: AgentUserRequest;
  /** The wave's budget in USD for this run (all its agents together); null = none. */
  maxBudgetUsd: number | null;
  /** Continue an interrupted agent's own CLI session when it runs again. */
  resumeSessions: boolean;
  /**
   * Agents to run again although an earlier result of theirs could be reused (the closure stages
   * from the first one they touch run again too). Applies to the run's first attempt.
   */
  rerun?: readonly string[];
  /**
   * The model proxy (src/proxy/): `on` puts every codex, Claude Code and OpenCode agent behind it
   * (a launch it cannot carry fails the run before anything starts), `auto` those it can carry
   * (one notice per agent it cannot), `off` none. Absent: `off`.
   */
  modelProxy?: ModelProxyMode;
  /**
   * The sandbox around every agent process (src/sandbox/): `on` always (the run fails before any
   * agent starts where it cannot work), `auto` where it works (elsewhere a warning says what is
   * missing), `off` never. Absent: the config's `sandbox`, else `off`.
   */
  sandbox?: SandboxMode;
  /**
   * Changes outside what an agent owns (src/closure/ownership.ts): `strict` fails its gate,
   * `report` warns. Absent: the wave file's `**Ownership**`, else the config's `ownership`, else
   * `report`. Protected paths fail either way.
   */
  ownership?: OwnershipMode;
  /** `network.allowed` for every agent of the run (ecosystems or domains), added to the config's. */
  networkAllowed?: readonly string[];
  /**
   * A sharded wave (src/shard/): `shard` runs shard i of n's implementation agents and their own
   * gates only, in the shard's own state directory; `closure` merges the shard runs `shardFrom`
   * names (their changes applied, their agents reused) and runs the implementation-stage gates
   * over all agents and the closure sweep. Absent: the whole wave.
   */
  shard?: ShardRole | null;
  /** The closure job's shard run directories, one per shard. */
  shardFrom?: readonly string[];
  /**
   * Definition files an agent changed that a person decided to keep as they are
   * (`--accept-agent-edits FILE`, repository-relative): the run starts although they are still as
   * the agent left them (state/agent-edits.ts).
   */
  acceptAgentEdits?: readonly string[];
}

export const MODEL_PROXY_MODES = ["auto", "on", "off"] as const;
export type ModelProxyMode = (typeof MODEL_PROXY_MODES)[number];

/** `auto|on|off` (empty: `fallback`); anything else is an error naming `label`. */
export function parseModelProxyMode(value: string | undefined, label: string, fallback: ModelProxyMode = "off"): ModelProxyMode {
  const v = (value ?? "").trim();
  if (v === "") return fallback;
  if ((MODEL_PROXY_MODES as readonly string[]).includes(v)) return v as ModelProxyMode;
  throw new UserError(`${label} must be one of ${MODEL_PROXY_MODES.join(", ")} (got "${v}")`);
}

export { SANDBOX_MODES, type SandboxMode };

/** `auto|on|off` for `sandbox` (empty: `fallback`, undefined: not given); anything else is an error naming `label`. */
export function parseSandboxMode(value: string | undefined, label: string): SandboxMode | undefined;
export function parseSandboxMode(value: string | undefined, label: string, fallback: SandboxMode): SandboxMode;
export function parseSandboxMode(value: string | undefined, label: string, fallback?: SandboxMode): SandboxMode | undefined {
  const v = (value ?? "").trim();
  if (v === "") return fallback;
  if ((SANDBOX_MODES as readonly string[]).includes(v)) return v as SandboxMode;
  throw new UserError(`${label} must be one of ${SANDBOX_MODES.join(", ")} (got "${v}")`);
}

export { OWNERSHIP_MODES, type OwnershipMode };

/** `strict|report` for `ownership` (empty or undefined: not given); anything else is an error naming `label`. */
export function parseOwnershipMode(value: string | undefined, label: string): OwnershipMode | undefined {
  const v = (value ?? "").trim();
  if (v === "") return undefined;
  if ((OWNERSHIP_MODES as readonly string[]).includes(v)) return v as OwnershipMode;
  throw new UserError(`${label} must be one of ${OWNERSHIP_MODES.join(", ")} (got "${v}")`);
}

export const DEFAULT_RUN_OPTIONS = {
  timeoutMinutes: 60,
  idleTimeoutMinutes: null,
  maxAttempts: 2,
  maxParallelAgents: 0,
  rateLimitRetries: 2,
  rateLimitBaseDelaySeconds: 20,
  rateLimitMaxDelaySeconds: 180,
  dryRun: false,
  resume: "auto",
  forceResume: false,
  feedback: null,
  tmux: false,
  requireMarkerNonce: false,
  allowGithubToken: false,
  redact: [],
  captureChanges: true,
  agentUser: { kind: "auto" },
  maxBudgetUsd: null,
  resumeSessions: true,
  modelProxy: "off",
} as const satisfies Partial<RunOptions>;

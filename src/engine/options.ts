/**
 * Options of one wave run, shared by the CLI and the action: what they are (`RunOptions`), the one
 * table of their flags and inputs (`RUN_OPTION_TABLE`: name, type, default, help) and the one
 * reading of them (`readRunOptionValues`), which both entries call with their own reader (the
 * CLI's parsed flags, the action's inputs). `wave run --help`, `action.yml`'s defaults (checked by
 * test/engine/options.table.test.ts) and docs/inputs.md come from the table.
 */
import { type AgentUserRequest, parseAgentUser } from "../agent-user/choice.js";
import { OWNERSHIP_MODES, type OwnershipMode } from "../closure/ownership.js";
import { UserError } from "../errors.js";
import { SANDBOX_MODES, type SandboxMode } from "../sandbox/decide.js";
import type { ShardRole } from "../shard/plan.js";
import { parseBoolean, parseNumber } from "../values.js";
import { EXECUTOR_IDS, type ExecutorId } from "../wave/schema.js";

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
   * the agent left them (wave/agent-edits.ts).
   */
  acceptAgentEdits?: readonly string[];
}

const MODEL_PROXY_MODES = ["auto", "on", "off"] as const;
type ModelProxyMode = (typeof MODEL_PROXY_MODES)[number];

/** `value` when it is one of `allowed`; else an error naming `label` and the choices. */
export function oneOf<T extends string>(value: string, allowed: readonly T[], label: string): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UserError(`${label} must be one of ${allowed.join(", ")} (got "${value}")`);
}

/**
 * One flag of `wave run` and input of the action: how it parses, its default and its help line.
 * The CLI's flag tables (src/cli/args.ts) are of this type too.
 */
export interface OptionSpec {
  /** `boolean`: a switch on the command line (`--dry-run`), `true`/`false` as an input. */
  type: "string" | "boolean";
  short?: string;
  multiple?: boolean;
  /** The value's placeholder in help (`N`, `DIR`); string flags only. */
  value?: string;
  /** One line for help. */
  description: string;
  /**
   * The default, as the text the option would be given as (`action.yml` declares the same);
   * absent: none (the option is unset unless given). Read through the option's own parser.
   */
  default?: string;
  /** The default as help says it, where it is not `default` itself (`the config's sandbox, else off`). */
  defaultText?: string;
  /** Only a flag of the command line, or only an input of the action; absent: both. */
  only?: "cli" | "action";
}

/**
 * The options of a wave run, each written once: `wave run`'s flags and the action's inputs of the
 * same name (the action adds its own in src/action/inputs.ts, `ACTION_INPUTS`). The description
 * is the command line's help line; action.yml's longer description says the same for the action.
 */
export const RUN_OPTION_TABLE = {
  wave: { type: "string", value: "N", description: "the wave to run (required)" },
  project: {
    type: "string",
    value: "ID",
    description: "the config's projects.<ID> entry (state under .wave/projects/<ID>)",
    defaultText: "defaultProject",
  },
  executor: {
    type: "string",
    value: EXECUTOR_IDS.join("|"),
    description: "executor of every agent (overrides the wave files and the config)",
  },
  "dry-run": { type: "boolean", description: "write every agent's prompt and launch preview; start nothing", default: "false" },
  "timeout-minutes": { type: "string", value: "M", description: "deadline per agent", default: "60" },
  "idle-timeout-minutes": { type: "string", value: "M", description: "kill an agent silent this long; 0 disables", default: "0" },
  "max-attempts": { type: "string", value: "N", description: "in-job attempts; later ones rerun what failed", default: "2" },
  "max-parallel-agents": { type: "string", value: "N", description: "agents at a time; 0 is no limit", default: "0" },
  "rate-limit-retries": { type: "string", value: "N", description: "retries of a rate-limited agent", default: "2" },
  "rate-limit-base-delay-seconds": { type: "string", value: "S", description: "first wait after a rate limit", default: "20" },
  "rate-limit-max-delay-seconds": { type: "string", value: "S", description: "longest wait after a rate limit", default: "180" },
  resume: {
    type: "string",
    value: "auto|never|DIR",
    description: "reuse the latest earlier state, none, or that run directory (the action: an artifact name)",
    default: "auto",
  },
  "force-resume": { type: "boolean", description: "resume even when the wave file changed since", only: "cli" },
  feedback: { type: "string", value: "TEXT", description: "the human's answer to a blocked wave's question" },
  tmux: { type: "boolean", description: "show the agents in a tmux session", default: "false" },
  "require-marker-nonce": {
    type: "boolean",
    description: "gate markers must carry the nonce of the agent's own launch",
    default: "false",
  },
  "allow-github-token": { type: "boolean", description: "pass GITHUB_TOKEN/GH_TOKEN to agents", only: "cli" },
  redact: { type: "string", value: "TEXT", description: "extra secret values to redact, one per line", only: "action" },
  "agent-user": { type: "string", value: "auto|none|NAME", description: "the OS user agents run as", default: "auto" },
  "max-budget-usd": { type: "string", value: "USD", description: "the wave's budget (all agents together)", defaultText: "none" },
  "resume-sessions": {
    type: "string",
    value: "true|false",
    description: "continue an interrupted agent's own CLI session",
    default: "true",
  },
  "model-proxy": {
    type: "string",
    value: MODEL_PROXY_MODES.join("|"),
    description: "agents reach their model through a proxy holding the keys",
    default: "off",
  },
  sandbox: {
    type: "string",
    value: SANDBOX_MODES.join("|"),
    description: "run every agent in a sandbox (network allow-list, file rules)",
    defaultText: "the config's sandbox, else off",
  },
  ownership: {
    type: "string",
    value: OWNERSHIP_MODES.join("|"),
    description: "a change outside what an agent owns fails its gate (strict) or warns (report)",
    defaultText: "the wave file's, else the config's, else report",
  },
} as const satisfies Record<string, OptionSpec>;

type RunOptionName = keyof typeof RUN_OPTION_TABLE;

/** The options of `table` one program has (the other program's own left out). */
export type OptionsOf<T, P extends "cli" | "action"> = {
  [K in keyof T as T[K] extends { only: Exclude<"cli" | "action", P> } ? never : K]: T[K];
};

export function optionsOf<T extends Record<string, OptionSpec>, P extends "cli" | "action">(table: T, program: P): OptionsOf<T, P> {
  return Object.fromEntries(Object.entries(table).filter(([, spec]) => spec.only === undefined || spec.only === program)) as OptionsOf<
    T,
    P
  >;
}

/**
 * How an entry gives the options' text: `read(name)` is what was given for the option (undefined
 * or empty: not given; a switch given on the command line reads `true`), `label(name)` how a
 * message names it (`--timeout-minutes`, `input timeout-minutes`).
 */
export interface OptionSource {
  /** Whose options: the other program's own are never read (an action input allow-github-token is no input). */
  program: "cli" | "action";
  read(name: RunOptionName): string | undefined;
  label(name: RunOptionName): string;
}

/** What `readRunOptionValues` fills: every option but the ones each entry places itself. */
export type RunOptionValues = Omit<
  RunOptions,
  "root" | "configPath" | "lane" | "project" | "stateDir" | "wave" | "rerun" | "shard" | "shardFrom" | "acceptAgentEdits"
>;

/**
 * The run options from one entry's source, each through its own parser, the table's default
 * going through the same parser as a given value. `resume` other than auto/never is kept as
 * given (`dir`): the CLI resolves it as a directory, the action as an artifact name.
 */
export function readRunOptionValues(source: OptionSource): RunOptionValues {
  const given = (name: RunOptionName) => {
    const only = (RUN_OPTION_TABLE[name] as OptionSpec).only;
    const v = only === undefined || only === source.program ? source.read(name)?.trim() : undefined;
    return v ? v : undefined;
  };
  const text = (name: RunOptionName) => given(name) ?? (RUN_OPTION_TABLE[name] as OptionSpec).default ?? "";
  const num = (name: RunOptionName, opts: { integer?: boolean; min?: number; allowZero?: boolean } = {}) =>
    parseNumber(text(name), source.label(name), opts);
  const bool = (name: RunOptionName) => parseBoolean(text(name), source.label(name), false);
  const base = num("rate-limit-base-delay-seconds")!;
  const max = num("rate-limit-max-delay-seconds")!;
  if (max < base) {
    const [b, m] = [source.label("rate-limit-base-delay-seconds"), source.label("rate-limit-max-delay-seconds")];
    throw new UserError(`${m} (${max}) must be at least ${b} (${base})`);
  }
  const idle = num("idle-timeout-minutes") ?? 0;
  const resume = text("resume");
  const choice = <T extends string>(name: RunOptionName, allowed: readonly T[]) => {
    const v = given(name);
    return v === undefined ? undefined : oneOf(v, allowed, source.label(name));
  };
  const sandbox = choice("sandbox", SANDBOX_MODES);
  const ownership = choice("ownership", OWNERSHIP_MODES);
  return {
    executor: choice("executor", EXECUTOR_IDS),
    dryRun: bool("dry-run"),
    timeoutMinutes: num("timeout-minutes", { allowZero: false })!,
    idleTimeoutMinutes: idle > 0 ? idle : null,
    maxAttempts: num("max-attempts", { integer: true, min: 1 })!,
    maxParallelAgents: num("max-parallel-agents", { integer: true })!,
    rateLimitRetries: num("rate-limit-retries", { integer: true })!,
    rateLimitBaseDelaySeconds: base,
    rateLimitMaxDelaySeconds: max,
    resume: resume === "auto" || resume === "never" ? resume : { dir: resume, explicit: true },
    forceResume: bool("force-resume"),
    feedback: given("feedback") ?? null,
    tmux: bool("tmux"),
    requireMarkerNonce: bool("require-marker-nonce"),
    allowGithubToken: bool("allow-github-token"),
    redact: (given("redact") ?? "")
      .split("\n")
      .map((s) => s.trim())
      .filter(Boolean),
    captureChanges: true,
    agentUser: parseAgentUser(text("agent-user"), source.label("agent-user")),
    maxBudgetUsd: num("max-budget-usd", { allowZero: false }) ?? null,
    resumeSessions: bool("resume-sessions"),
    modelProxy: oneOf(text("model-proxy"), MODEL_PROXY_MODES, source.label("model-proxy")),
    ...(sandbox ? { sandbox } : {}),
    ...(ownership ? { ownership } : {}),
  };
}

/** Every option at its default (tests, `wave demo`). */
export const DEFAULT_RUN_OPTIONS: RunOptionValues = readRunOptionValues({
  program: "cli",
  read: () => undefined,
  label: (name) => name,
});

/**
 * The flags of `wave run` (and of the commands that take the same, like `wave rehearse`). A module
 * of its own, with no imports of command modules, so that any command can extend it. The table is
 * what `wave run` parses and what `wave run --help` prints (descriptions and defaults).
 */
import { DEFAULT_RUN_OPTIONS, MODEL_PROXY_MODES, OWNERSHIP_MODES, SANDBOX_MODES } from "../engine/options.js";
import { EXECUTOR_IDS } from "../wave/schema.js";
import { type FlagTable, formatFlags } from "./args.js";

const D = DEFAULT_RUN_OPTIONS;

export const RUN_OPTIONS = {
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
  "dry-run": { type: "boolean", description: "write every agent's prompt and launch preview; start nothing" },
  "timeout-minutes": { type: "string", value: "M", description: "deadline per agent", defaultText: String(D.timeoutMinutes) },
  "idle-timeout-minutes": { type: "string", value: "M", description: "kill an agent silent this long; 0 disables", defaultText: "0" },
  "max-attempts": {
    type: "string",
    value: "N",
    description: "in-job attempts; later ones rerun what failed",
    defaultText: String(D.maxAttempts),
  },
  "max-parallel-agents": {
    type: "string",
    value: "N",
    description: "agents at a time; 0 is no limit",
    defaultText: String(D.maxParallelAgents),
  },
  "rate-limit-retries": {
    type: "string",
    value: "N",
    description: "retries of a rate-limited agent",
    defaultText: String(D.rateLimitRetries),
  },
  "rate-limit-base-delay-seconds": {
    type: "string",
    value: "S",
    description: "first wait after a rate limit",
    defaultText: String(D.rateLimitBaseDelaySeconds),
  },
  "rate-limit-max-delay-seconds": {
    type: "string",
    value: "S",
    description: "longest wait after a rate limit",
    defaultText: String(D.rateLimitMaxDelaySeconds),
  },
  resume: {
    type: "string",
    value: "auto|never|DIR",
    description: "reuse the latest earlier state, none, or that run directory",
    defaultText: D.resume,
  },
  "force-resume": { type: "boolean", description: "resume even when the wave file changed since" },
  feedback: { type: "string", value: "TEXT", description: "the human's answer to a blocked wave's question" },
  tmux: { type: "boolean", description: "show the agents in a tmux session" },
  "require-marker-nonce": { type: "boolean", description: "gate markers must carry the nonce of the agent's own launch" },
  "allow-github-token": { type: "boolean", description: "pass GITHUB_TOKEN/GH_TOKEN to agents" },
  "agent-user": { type: "string", value: "auto|none|NAME", description: "the OS user agents run as", defaultText: "auto" },
  "max-budget-usd": { type: "string", value: "USD", description: "the wave's budget (all agents together)", defaultText: "none" },
  "resume-sessions": {
    type: "string",
    value: "true|false",
    description: "continue an interrupted agent's own CLI session",
    defaultText: String(D.resumeSessions),
  },
  "model-proxy": {
    type: "string",
    value: MODEL_PROXY_MODES.join("|"),
    description: "agents reach their model through a proxy holding the keys",
    defaultText: D.modelProxy,
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
  ...formatFlags(["text", "json"] as const),
} as const satisfies FlagTable;

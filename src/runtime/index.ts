/** The agent process runtime: spawn, stream logs, deadlines, rate limits, kill trees, cancel, tmux. */
export { runWithConcurrency } from "./concurrency.js";
export { type FollowLogOptions, type FollowLogResult, followLog } from "./follow-log.js";
export { DEFAULT_GRACE_MS, type KillResult, killAgentTree } from "./kill.js";
export {
  type AgentSelector,
  listAgentProcesses,
  OUTER_TOKENS_VAR,
  type ProcInfo,
  RUN_TOKEN_VAR,
} from "./proc.js";
export {
  DEFAULT_RATE_LIMIT_PATTERNS,
  matchRateLimit,
  RATE_LIMIT_TAIL_BYTES,
  retryDelayMs,
} from "./rate-limit.js";
export { newRunToken, runAgentProcess, TMUX_MISSING_MESSAGE } from "./run-agent.js";
export { tmuxAvailable } from "./tmux.js";
export { runTmuxView, type TmuxViewIo } from "./tmux-view.js";
export type {
  ProcessOutcome,
  ProcessStatus,
  RateLimitPolicy,
  RunAgentOptions,
  RunStartInfo,
  SleepFn,
  StopReason,
  TmuxOptions,
} from "./types.js";

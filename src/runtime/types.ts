/**
 * Public types of the agent process runtime: what the engine passes in for one agent and what it
 * gets back. The runtime runs processes and writes the agent's log; it never writes status or
 * result files.
 */

export type ProcessStatus = "succeeded" | "failed" | "timed-out" | "idle-timeout" | "budget-exceeded" | "cancelled";

/** Why a run was stopped by the runtime (as opposed to exiting on its own). */
export type StopReason = "timed-out" | "idle-timeout" | "budget-exceeded" | "cancelled";

interface RateLimitPolicy {
  /** How many times a rate-limited run is started again (0 = detect only, never retry). */
  retries: number;
  /** Delay before retry n is min(baseDelayMs * 2^(n-1), maxDelayMs) plus 0–20 % jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface TmuxOptions {
  /** Private tmux socket name (`tmux -L <socket>`). */
  socket: string;
  /** Session name; must be unique on the socket while the run lasts. */
  session: string;
  /** argv of the viewer shown in the pane; the runtime appends the path of a FIFO (see tmux-view.ts). */
  viewerArgv: string[];
  /** tmux program (default `tmux`, looked up on PATH). */
  program?: string;
}

export interface RunStartInfo {
  /** pid of the agent process. */
  pid: number;
  /** 1 for the first run, 2 for the first rate-limit retry, ... */
  run: number;
}

export type SleepFn = (ms: number, signal: AbortSignal) => Promise<void>;

export interface RunAgentOptions {
  /** argv[0] is the program (looked up on the PATH of `env`); never run through a shell. */
  argv: string[];
  cwd: string;
  /** The child's complete environment, used as-is (the runtime only adds its run token). */
  env: Record<string, string>;
  /** Written to the child's stdin, then stdin is closed; null → stdin is /dev/null. */
  stdin: string | null;
  /** The agent's log; output is appended (the directory is created when missing). */
  logPath: string;
  /**
   * The most bytes of this call's output the log keeps (`logs.maxBytes`): its first and its last
   * half, with a line where the rest was left out. Absent or null: no cap.
   */
  logMaxBytes?: number | null;
  /** Wall-clock limit from the moment runAgentProcess is called, across rate-limit retries. */
  timeoutMs: number | null;
  /** Kill a run that printed nothing for this long. */
  idleTimeoutMs: number | null;
  /** SIGTERM → SIGKILL grace period; default DEFAULT_GRACE_MS. */
  graceMs?: number;
  rateLimit: RateLimitPolicy | null;
  /** Aborting kills the agent's processes and resolves with status `cancelled`. */
  signal?: AbortSignal;
  /** Aborting kills the agent's processes (like a deadline) and resolves with `budget-exceeded`. */
  budgetSignal?: AbortSignal;
  /** Every chunk of the agent's own output (stdout and stderr), in order of arrival, with its pipe. */
  onOutput?: (chunk: Buffer, source: "stdout" | "stderr") => void;
  /** Called once per started process. */
  onStart?: (info: RunStartInfo) => void;
  /** Also show the agent's output live in a detached tmux session (display only; the run is unchanged). */
  tmux?: TmuxOptions;
  /**
   * Run the agent as another OS user (the orchestrator must be root). Its output still arrives
   * through pipes this process owns.
   */
  identity?: { uid: number; gid: number };
  /** Injectable for tests: the rate-limit wait. Must reject or resolve early when `signal` aborts. */
  sleep?: SleepFn;
  /** Injectable for tests: source of jitter, a number in [0, 1). */
  random?: () => number;
}

export interface ProcessOutcome {
  status: ProcessStatus;
  /** Exit code of the last run (null when it was ended by a signal or never started). */
  exitCode: number | null;
  /** Signal that ended the last run (e.g. "SIGTERM"), else null. */
  signal: string | null;
  /** Process starts, rate-limit retries included (a start that failed to exec counts too). */
  runs: number;
  /** How many runs ended with a recognised rate limit. */
  rateLimited: number;
  /** The last run hit a rate limit and no retries were left. */
  rateLimitExhausted: boolean;
  /** The pattern that matched the last rate-limited run, for messages. */
  rateLimitMatch: string | null;
  /** Delays actually chosen before each retry, in ms. */
  retryDelaysMs: number[];
  /** Why the program could not be started (e.g. "ENOENT: program not found: codex"), else null. */
  spawnError: string | null;
  /** Writing the log failed (e.g. disk full); output after the failure was discarded. */
  logError: string | null;
  startedAt: string;
  completedAt: string;
  durationMs: number;
  /** For `timed-out`: whether the deadline hit while a process ran or during a rate-limit wait. */
  timedOutPhase?: "run" | "rate-limit-wait";
}

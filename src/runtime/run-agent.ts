/**
 * runAgentProcess: runs one agent to completion — one or more process starts (rate-limit retries),
 * under a wall-clock deadline counted from this call, an idle watchdog per run, and cancellation.
 * Output is appended to the agent log; the runtime writes only a few kinds of lines of its own there:
 * a retry separator before each rate-limit retry, a line when the program could not be started,
 * and (with a tmux viewer) a line when the viewer could not be started or went away. With
 * `logMaxBytes` the log keeps the head and the tail of the output and a line saying what was left
 * out (log-sink.ts); `onOutput` still gets every chunk.
 */
import { randomBytes } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { errorMessage, UserError } from "../errors.js";
import { DEFAULT_GRACE_MS } from "./kill.js";
import { LogSink } from "./log-sink.js";
import { withRunToken } from "./proc.js";
import { matchRateLimit, RATE_LIMIT_TAIL_BYTES, retryDelayMs, retrySeparator, TailBuffer } from "./rate-limit.js";
import type { RunContext, RunResult } from "./run-context.js";
import { runDirect } from "./spawn-run.js";
import { IdleWatchdog, MAX_TIMER_MS, StopController } from "./stop.js";
import type { ProcessOutcome, ProcessStatus, RunAgentOptions, SleepFn } from "./types.js";

export const TMUX_MISSING_MESSAGE = "tmux is not installed; remove --tmux or install tmux";

const defaultSleep: SleepFn = (ms, signal) => delay(Math.min(MAX_TIMER_MS, Math.max(0, ms)), undefined, { signal }).catch(() => undefined);

/** A fresh random run token (hex), put in the agent's environment to find its processes later. */
function newRunToken(): string {
  return randomBytes(16).toString("hex");
}

export async function runAgentProcess(options: RunAgentOptions): Promise<ProcessOutcome> {
  if (options.argv.length === 0 || !options.argv[0]) throw new Error("runAgentProcess: argv must not be empty");
  // tmux's code is loaded only for a run with a viewer.
  let tmuxRun: typeof import("./tmux-run.js") | null = null;
  if (options.tmux) {
    const { tmuxAvailable } = await import("./tmux.js");
    if (!(await tmuxAvailable(options.tmux.program))) throw new UserError(TMUX_MISSING_MESSAGE);
    tmuxRun = await import("./tmux-run.js");
  }

  const startedAtMs = Date.now();
  const startedClock = performance.now();
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const stop = new StopController();
  const sink = new LogSink(options.logPath, { maxBytes: options.logMaxBytes ?? null });

  // Deadline and cancellation apply to the whole agent, retries and waits included.
  const deadline =
    options.timeoutMs !== null ? setTimeout(() => stop.stop("timed-out"), Math.min(MAX_TIMER_MS, Math.max(0, options.timeoutMs))) : null;
  const onAbort = () => stop.stop("cancelled");
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener("abort", onAbort, { once: true });
  // The agent's or the wave's budget was spent (the engine watches the usage as it streams).
  const onBudget = () => stop.stop("budget-exceeded");
  if (options.budgetSignal?.aborted) onBudget();
  else options.budgetSignal?.addEventListener("abort", onBudget, { once: true });

  let callbackError: unknown = null;
  let runs = 0;
  let rateLimited = 0;
  let rateLimitExhausted = false;
  let rateLimitMatch: string | null = null;
  const retryDelaysMs: number[] = [];
  let last: RunResult = { exitCode: null, signal: null, spawnError: null, stoppedBy: null, pid: null };
  let status: ProcessStatus = "failed";
  let timedOutPhase: ProcessOutcome["timedOutPhase"];
  let logError: string | null = null;

  try {
    for (;;) {
      if (stop.reason) {
        status = stop.reason;
        if (stop.reason === "timed-out") timedOutPhase = runs === 0 ? "run" : "rate-limit-wait";
        break;
      }
      runs++;
      const tail = new TailBuffer(RATE_LIMIT_TAIL_BYTES);
      const watchdog = new IdleWatchdog(options.idleTimeoutMs, () => stop.stop("idle-timeout"));
      const token = newRunToken();
      const ctx: RunContext = {
        run: runs,
        argv: options.argv,
        cwd: options.cwd,
        env: withRunToken(options.env, token),
        token,
        stdin: options.stdin,
        graceMs,
        stop,
        ...(options.identity ? { identity: options.identity } : {}),
        output: (chunk, source) => {
          watchdog.touch();
          tail.push(chunk);
          if (options.onOutput && callbackError === null) {
            try {
              options.onOutput(chunk, source);
            } catch (error) {
              callbackError = error;
            }
          }
        },
        onStart: (info) => {
          watchdog.start();
          try {
            options.onStart?.(info);
          } catch (error) {
            callbackError ??= error;
          }
        },
      };

      if (options.tmux && tmuxRun) {
        // Same run as below; tmux only shows the output (see tmux-run.ts).
        last = await tmuxRun.runWithTmuxViewer(ctx, options.tmux, sink);
      } else {
        last = await runDirect(ctx, sink);
      }
      watchdog.stop();

      if (last.stoppedBy) {
        status = last.stoppedBy;
        if (status === "timed-out") timedOutPhase = "run";
        break;
      }
      if (last.spawnError !== null) {
        await sink.appendLine(`--- wave: could not start the agent: ${last.spawnError} ---`);
        status = "failed";
        break;
      }
      if (last.exitCode === 0) {
        status = "succeeded";
        break;
      }
      status = "failed";
      const policy = options.rateLimit;
      if (!policy) break;
      const matched = matchRateLimit(tail.text());
      if (matched === null) break;
      rateLimited++;
      rateLimitMatch = matched;
      const retry = runs; // the n-th retry follows the n-th run
      if (retry > Math.max(0, policy.retries)) {
        rateLimitExhausted = true;
        break;
      }
      const wait = retryDelayMs(retry, policy.baseDelayMs, policy.maxDelayMs, random);
      retryDelaysMs.push(wait);
      await sink.appendLine(retrySeparator(retry, policy.retries, wait, matched));
      if (!stop.reason) await sleep(wait, stop.signal);
    }
  } finally {
    if (deadline) clearTimeout(deadline);
    options.signal?.removeEventListener("abort", onAbort);
    options.budgetSignal?.removeEventListener("abort", onBudget);
    await sink.close();
  }
  if (callbackError !== null) throw callbackError;
  if (sink.error) logError ??= errorMessage(sink.error);

  const durationMs = Math.round(performance.now() - startedClock);
  return {
    status,
    exitCode: last.exitCode,
    signal: last.signal,
    runs,
    rateLimited,
    rateLimitExhausted,
    rateLimitMatch,
    retryDelaysMs,
    spawnError: last.spawnError,
    logError,
    startedAt: new Date(startedAtMs).toISOString(),
    completedAt: new Date(startedAtMs + durationMs).toISOString(),
    durationMs,
    ...(timedOutPhase ? { timedOutPhase } : {}),
  };
}

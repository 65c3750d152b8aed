/**
 * Continuing an interrupted agent's own CLI session when it runs again (in-job retry or a later
 * run resuming from the state): which earlier run it continues and why it was stopped (pure), and
 * the session request its launch gets.
 */
import path from "node:path";
import type { InterruptReason } from "../sessions/continue-prompt.js";
import { SESSION_DIR } from "../sessions/store.js";
import { sessionSupport } from "../sessions/support.js";
import type { SessionRequest } from "../executors/types.js";
import type { ExecutorId, ResolvedExecutor } from "../wave/schema.js";

/** Where an agent's saved session lives in its run directory. */

export function sessionDirOf(agentDir: string): string {
  return path.join(agentDir, SESSION_DIR);
}

/** What ended an earlier run of the agent, as far as resuming its session is concerned. */
export interface EarlierRun {
  status: string;
  statusCode: string;
  executor: string;
  /** The agent directory of that run (holding `session/` when it was saved). */
  agentDir: string;
}

/** Whether a run ended by an interruption its next run may continue (see interruptionOf). */
export function wasInterrupted(run: Pick<EarlierRun, "status" | "statusCode">): boolean {
  return INTERRUPTED.has(run.status) || run.statusCode === "rate-limited";
}

const INTERRUPTED = new Set(["timed-out", "idle-timeout", "budget-exceeded"]);

/**
 * Why the earlier run was interrupted — a deadline, no output, a rate limit, a budget — or null
 * when it ended otherwise (a failure is not continued: the next run starts over).
 */
export function interruptionOf(
  run: EarlierRun,
  limits: { timeoutMinutes: number; idleMinutes: number | null; budgetUsd: number | null },
): InterruptReason | null {
  if (!wasInterrupted(run)) return null;
  if (run.status === "timed-out") return { kind: "timeout", minutes: limits.timeoutMinutes };
  if (run.status === "idle-timeout") return { kind: "idle-timeout", minutes: limits.idleMinutes ?? 0 };
  if (run.status === "budget-exceeded") return { kind: "budget", usd: limits.budgetUsd };
  return { kind: "rate-limit" };
}

export interface SessionPlan {
  request: SessionRequest;
  /** The earlier session to continue (restored before the launch), with the reason it stopped. */
  continueFrom: { savedDir: string; reason: InterruptReason } | null;
}

/** The session request of one launch (the caller restores `continueFrom` and sets `resumeId`). */
export function planSession(input: {
  executor: ResolvedExecutor;
  executorId: ExecutorId;
  resumeSessions: boolean;
  earlier: EarlierRun | null;
  reason: InterruptReason | null;
}): SessionPlan | null {
  const support = sessionSupport({ ...input.executor, id: input.executorId });
  if (!support.resumable) return null;
  const persist = input.resumeSessions;
  // No preset id (claude --session-id): the runtime starts the same argv again after a rate limit,
  // and a second process may not take an id that is in use. The id comes from the CLI's first
  // event instead (claude stream-json `system`/`init`, codex `thread.started`).
  const request: SessionRequest = { persist, resumeId: null, newId: null };
  const sameCli = input.earlier !== null && input.earlier.executor === input.executorId;
  const continueFrom =
    persist && sameCli && input.reason && input.earlier ? { savedDir: sessionDirOf(input.earlier.agentDir), reason: input.reason } : null;
  return { request, continueFrom };
}

/**
 * What one run of an agent's process means for the agent (pure): its status, status code and
 * detail, and its record in the run (its earlier runs in this job and this one together).
 */
import type { ProcessOutcome } from "../runtime/types.js";
import type { AgentStatus } from "../state/schema.js";
import type { AgentUsage } from "../usage/schema.js";
import type { ExecutorId } from "../wave/schema.js";
import type { BudgetStop } from "./budget-guard.js";
import type { AgentRecord } from "./types.js";

/** The CLI's own figures, or the proxy's when it carried the agent (the CLI's session id kept). */
export function usageOf(cli: AgentUsage, atWire: AgentUsage | null, continuedSession: boolean): AgentUsage {
  return atWire ? { ...atWire, sessionId: cli.sessionId, continuedSession } : { ...cli, continuedSession };
}

function statusCodeOf(status: AgentStatus, exitCode: number | null, signal: string | null, extra: string | null): string {
  if (extra) return extra;
  if (status === "timed-out") return "timeout";
  if (status === "idle-timeout") return "idle-timeout";
  if (status === "cancelled") return "cancelled";
  if (exitCode !== null) return String(exitCode);
  return signal ?? "unknown";
}

/** What the process outcome means for the agent. */
export interface AgentVerdict {
  /** The outcome's status, or budget-exceeded when a budget stopped it. */
  status: AgentStatus;
  /** `status`, except that a success whose executor was missing or whose log failed is a failure. */
  finalStatus: AgentStatus;
  statusCode: string;
  detail: string | null;
}

/** The agent's status, status code and detail from its process outcome (`timeoutMinutes`: its deadline). */
export function verdictOf(
  outcome: ProcessOutcome,
  budgetStop: BudgetStop | null,
  limits: { timeoutMinutes: number; idleTimeoutMinutes: number | null },
): AgentVerdict {
  const status: AgentStatus = budgetStop ? "budget-exceeded" : outcome.status;
  let extra: string | null = null;
  let detail: string | null = null;
  if (outcome.spawnError) {
    extra = "executor-missing";
    detail = outcome.spawnError;
  } else if (outcome.rateLimitExhausted) {
    extra = "rate-limited";
    detail = `rate limit persisted after ${outcome.runs} run(s)${outcome.rateLimitMatch ? ` (${outcome.rateLimitMatch})` : ""}`;
  } else if (outcome.logError) {
    // Output (markers included) after the failure was lost: the run cannot count as a success.
    extra = "log-write-failed";
    detail = `log write failed: ${outcome.logError}`;
  } else if (budgetStop) {
    extra = "budget-exceeded";
    detail = budgetStop.detail;
  } else if (status === "timed-out") {
    detail = `deadline of ${limits.timeoutMinutes} minute(s) reached`;
  } else if (status === "idle-timeout") {
    detail = `no output for ${limits.idleTimeoutMinutes} minute(s)`;
  }
  const finalStatus: AgentStatus = status === "succeeded" && (outcome.spawnError || outcome.logError) ? "failed" : status;
  return { status, finalStatus, statusCode: statusCodeOf(finalStatus, outcome.exitCode, outcome.signal, extra), detail };
}

/** The agent's record after this run: its earlier runs in this job (`previous`) and this one together. */
export function agentRecordOf(input: {
  id: string;
  executorId: ExecutorId;
  outcome: ProcessOutcome;
  verdict: AgentVerdict;
  previous: AgentRecord | undefined;
  usage: AgentUsage;
}): AgentRecord {
  const { id, executorId, outcome, verdict, previous } = input;
  const history = [...(previous?.executorHistory ?? [])];
  history.push({ executor: executorId, reason: previous ? (previous.executor !== executorId ? "fallback" : "retry") : "initial" });
  return {
    id,
    status: verdict.finalStatus,
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    statusCode: verdict.statusCode,
    attempts: (previous?.attempts ?? 0) + 1,
    runs: (previous?.runs ?? 0) + outcome.runs,
    startedAt: previous?.startedAt ?? outcome.startedAt,
    completedAt: outcome.completedAt,
    executor: executorId,
    executorHistory: history,
    transportFailure: Boolean(outcome.spawnError) || outcome.rateLimitExhausted || verdict.status === "idle-timeout",
    detail: verdict.detail,
    reusedFrom: null,
    usage: input.usage,
  };
}

/**
 * What one run of an agent's process means for the agent (pure): its status and status code, the
 * detail result.json shows, and its record across the in-job attempts.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { agentRecordOf, usageOf, verdictOf } from "../../src/engine/agent-verdict.js";
import type { AgentRecord } from "../../src/engine/types.js";
import type { ProcessOutcome } from "../../src/runtime/types.js";
import type { AgentUsage } from "../../src/usage/schema.js";

function outcome(overrides: Partial<ProcessOutcome> = {}): ProcessOutcome {
  return {
    status: "succeeded",
    exitCode: 0,
    signal: null,
    runs: 1,
    rateLimited: 0,
    rateLimitExhausted: false,
    rateLimitMatch: null,
    retryDelaysMs: [],
    spawnError: null,
    logError: null,
    startedAt: "2030-01-01T00:00:00.000Z",
    completedAt: "2030-01-01T00:01:00.000Z",
    durationMs: 60_000,
    ...overrides,
  };
}

const limits = { timeoutMinutes: 30, idleTimeoutMinutes: 5 };

const usage: AgentUsage = {
  model: "m",
  inputTokens: 10,
  cachedInputTokens: null,
  outputTokens: 2,
  reasoningTokens: null,
  costUsd: null,
  costEstimated: false,
  turns: 1,
  sessionId: "cli-session",
};

test("a clean exit succeeds with its exit code; a failing one fails with it; a signal with the signal's name", () => {
  assert.deepEqual(verdictOf(outcome(), null, limits), { status: "succeeded", finalStatus: "succeeded", statusCode: "0", detail: null });
  assert.deepEqual(verdictOf(outcome({ status: "failed", exitCode: 2 }), null, limits), {
    status: "failed",
    finalStatus: "failed",
    statusCode: "2",
    detail: null,
  });
  assert.equal(verdictOf(outcome({ status: "failed", exitCode: null, signal: "SIGKILL" }), null, limits).statusCode, "SIGKILL");
  assert.equal(verdictOf(outcome({ status: "failed", exitCode: null, signal: null }), null, limits).statusCode, "unknown");
  assert.equal(verdictOf(outcome({ status: "cancelled", exitCode: null, signal: "SIGTERM" }), null, limits).statusCode, "cancelled");
});

test("deadline and silence say how long the agent had", () => {
  assert.deepEqual(verdictOf(outcome({ status: "timed-out", exitCode: null }), null, limits), {
    status: "timed-out",
    finalStatus: "timed-out",
    statusCode: "timeout",
    detail: "deadline of 30 minute(s) reached",
  });
  assert.deepEqual(verdictOf(outcome({ status: "idle-timeout", exitCode: null }), null, limits), {
    status: "idle-timeout",
    finalStatus: "idle-timeout",
    statusCode: "idle-timeout",
    detail: "no output for 5 minute(s)",
  });
});

test("a missing executor or a lost log turns even a success into a failure; a persisting rate limit names its match", () => {
  assert.deepEqual(verdictOf(outcome({ spawnError: "ENOENT: program not found: codex", exitCode: null }), null, limits), {
    status: "succeeded",
    finalStatus: "failed",
    statusCode: "executor-missing",
    detail: "ENOENT: program not found: codex",
  });
  assert.deepEqual(verdictOf(outcome({ logError: "ENOSPC" }), null, limits), {
    status: "succeeded",
    finalStatus: "failed",
    statusCode: "log-write-failed",
    detail: "log write failed: ENOSPC",
  });
  const limited = verdictOf(
    outcome({ status: "failed", exitCode: 1, runs: 3, rateLimitExhausted: true, rateLimitMatch: "429" }),
    null,
    limits,
  );
  assert.deepEqual(limited, {
    status: "failed",
    finalStatus: "failed",
    statusCode: "rate-limited",
    detail: "rate limit persisted after 3 run(s) (429)",
  });
  assert.equal(
    verdictOf(outcome({ status: "failed", runs: 2, rateLimitExhausted: true }), null, limits).detail,
    "rate limit persisted after 2 run(s)",
  );
});

test("a budget stop makes the agent budget-exceeded with the stop's detail", () => {
  const stop = {
    agentId: "A1",
    breach: { scope: "agent" as const, measure: "tokens" as const, spent: 120, limit: 100, estimated: false },
    detail: "agent A1 used 120 of 100 tokens",
  };
  assert.deepEqual(verdictOf(outcome({ status: "cancelled", exitCode: null, signal: "SIGTERM" }), stop, limits), {
    status: "budget-exceeded",
    finalStatus: "budget-exceeded",
    statusCode: "budget-exceeded",
    detail: "agent A1 used 120 of 100 tokens",
  });
});

test("the record adds this run to the agent's earlier ones: attempts, runs, first start, executor history", () => {
  const first = agentRecordOf({
    id: "A1",
    executorId: "codex",
    outcome: outcome({ runs: 2 }),
    verdict: verdictOf(outcome(), null, limits),
    previous: undefined,
    usage,
  });
  assert.equal(first.attempts, 1);
  assert.equal(first.runs, 2);
  assert.deepEqual(first.executorHistory, [{ executor: "codex", reason: "initial" }]);
  assert.equal(first.transportFailure, false);
  const previous: AgentRecord = { ...first, startedAt: "2029-12-31T23:00:00.000Z" };
  const retry = agentRecordOf({
    id: "A1",
    executorId: "codex",
    outcome: outcome(),
    verdict: verdictOf(outcome(), null, limits),
    previous,
    usage,
  });
  assert.equal(retry.attempts, 2);
  assert.equal(retry.runs, 3);
  assert.equal(retry.startedAt, "2029-12-31T23:00:00.000Z");
  assert.equal(retry.completedAt, "2030-01-01T00:01:00.000Z");
  const fallback = agentRecordOf({
    id: "A1",
    executorId: "claude",
    outcome: outcome(),
    verdict: verdictOf(outcome(), null, limits),
    previous: retry,
    usage,
  });
  assert.deepEqual(
    fallback.executorHistory.map((h) => h.reason),
    ["initial", "retry", "fallback"],
  );
  assert.equal(fallback.executor, "claude");
});

test("transport failures (missing executor, persisting rate limit, silence) allow a fallback; a deadline does not", () => {
  const transport = (o: ProcessOutcome) =>
    agentRecordOf({ id: "A1", executorId: "codex", outcome: o, verdict: verdictOf(o, null, limits), previous: undefined, usage })
      .transportFailure;
  assert.equal(transport(outcome({ spawnError: "ENOENT" })), true);
  assert.equal(transport(outcome({ status: "failed", rateLimitExhausted: true })), true);
  assert.equal(transport(outcome({ status: "idle-timeout", exitCode: null })), true);
  assert.equal(transport(outcome({ status: "timed-out", exitCode: null })), false);
  assert.equal(transport(outcome({ status: "failed", exitCode: 1 })), false);
});

test("usage is the proxy's when it carried the agent, with the CLI's session id kept", () => {
  const wire: AgentUsage = { ...usage, inputTokens: 99, sessionId: null };
  assert.deepEqual(usageOf(usage, wire, true), { ...wire, sessionId: "cli-session", continuedSession: true });
  assert.deepEqual(usageOf(usage, null, false), { ...usage, continuedSession: false });
});

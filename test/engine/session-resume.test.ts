/**
 * Which launches continue an earlier CLI session (pure decisions; the real CLIs continuing their
 * sessions are in test/rehearse/usage-e2e.test.ts).
 */
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import { type EarlierRun, interruptionOf, planSession } from "../../src/engine/session-resume.js";
import { makeExecutor } from "../executors/fixtures.js";

const limits = { timeoutMinutes: 30, idleMinutes: 5, budgetUsd: 2 };
const run = (status: string, statusCode = status, executor = "claude"): EarlierRun => ({
  status,
  statusCode,
  executor,
  agentDir: "/run/agents/A1",
});

test("deadlines, silence, budgets and persisting rate limits are interruptions; a failure or a success is not", () => {
  assert.deepEqual(interruptionOf(run("timed-out", "timeout"), limits), { kind: "timeout", minutes: 30 });
  assert.deepEqual(interruptionOf(run("idle-timeout"), limits), { kind: "idle-timeout", minutes: 5 });
  assert.deepEqual(interruptionOf(run("budget-exceeded"), limits), { kind: "budget", usd: 2 });
  assert.deepEqual(interruptionOf(run("failed", "rate-limited"), limits), { kind: "rate-limit" });
  for (const [status, code] of [
    ["failed", "1"],
    ["succeeded", "0"],
    ["cancelled", "cancelled"],
    ["failed", "executor-missing"],
  ]) {
    assert.equal(interruptionOf(run(status!, code), limits), null, `${status} ${code}`);
  }
});

test("a session is continued only by the same CLI, only when sessions are kept, and only after an interruption", () => {
  const claude = makeExecutor("claude");
  const reason = { kind: "timeout", minutes: 30 } as const;
  const plan = planSession({ executor: claude, executorId: "claude", resumeSessions: true, earlier: run("timed-out"), reason });
  assert.deepEqual(plan, {
    request: { persist: true, resumeId: null, newId: null },
    continueFrom: { savedDir: path.join("/run/agents/A1", "session"), reason },
  });
  const optOut = planSession({ executor: claude, executorId: "claude", resumeSessions: false, earlier: run("timed-out"), reason });
  assert.deepEqual(optOut, { request: { persist: false, resumeId: null, newId: null }, continueFrom: null });
  const fallback = planSession({
    executor: claude,
    executorId: "claude",
    resumeSessions: true,
    earlier: run("timed-out", "timeout", "codex"),
    reason,
  });
  assert.equal(fallback?.continueFrom, null, "another CLI cannot read the session");
  assert.equal(
    planSession({ executor: claude, executorId: "claude", resumeSessions: true, earlier: run("failed", "1"), reason: null })?.continueFrom,
    null,
  );
  assert.equal(
    planSession({ executor: claude, executorId: "claude", resumeSessions: true, earlier: null, reason: null })?.continueFrom,
    null,
  );
  // Executors without a session file to carry: nothing is planned.
  assert.equal(
    planSession({
      executor: makeExecutor("opencode"),
      executorId: "opencode",
      resumeSessions: true,
      earlier: run("timed-out", "timeout", "opencode"),
      reason,
    }),
    null,
  );
  assert.equal(
    planSession({ executor: makeExecutor("local"), executorId: "local", resumeSessions: true, earlier: null, reason: null }),
    null,
  );
  const ephemeral = makeExecutor("codex", { codex: { ...makeExecutor("codex").codex, ephemeral: true } });
  assert.equal(
    planSession({ executor: ephemeral, executorId: "codex", resumeSessions: true, earlier: run("timed-out", "timeout", "codex"), reason }),
    null,
  );
});

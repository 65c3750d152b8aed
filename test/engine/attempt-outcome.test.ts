/**
 * Why a stage's agents failed (pure): a spent budget comes first, else the first agent of the
 * stage that neither succeeded nor was reused, with its own detail or one made from its exit.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { agentRunFailure } from "../../src/engine/attempt-outcome.js";
import type { AgentRecord } from "../../src/engine/types.js";
import { agentRecord } from "./fixtures.js";

const record = (id: string, overrides: Partial<AgentRecord> = {}) => agentRecord(id, { executor: "command", ...overrides });

const logOf = (id: string) => `agents/${id}/log.txt`;

test("succeeded, reused and not-yet-recorded agents are no failure", () => {
  const records = new Map([
    ["A1", record("A1")],
    ["A2", record("A2", { status: "reused" })],
  ]);
  assert.equal(agentRunFailure({ stage: "implementation", ids: ["A1", "A2", "A3"], records, budgetStop: null, logOf }), null);
});

test("the first failing agent of the stage is the failure, with its own detail", () => {
  const records = new Map([
    ["A1", record("A1")],
    ["A2", record("A2", { status: "timed-out", statusCode: "timeout", exitCode: null, detail: "deadline of 5 minute(s) reached" })],
    ["A3", record("A3", { status: "failed", statusCode: "1", exitCode: 1 })],
  ]);
  assert.deepEqual(agentRunFailure({ stage: "implementation", ids: ["A1", "A2", "A3"], records, budgetStop: null, logOf }), {
    stage: "implementation",
    agentId: "A2",
    statusCode: "timeout",
    detail: "deadline of 5 minute(s) reached",
    log: "agents/A2/log.txt",
  });
});

test("without a detail, the failure says how the agent ended: its exit code, else its signal, else none", () => {
  const one = (r: AgentRecord) =>
    agentRunFailure({ stage: "security", ids: [r.id], records: new Map([[r.id, r]]), budgetStop: null, logOf })?.detail;
  assert.equal(one(record("S1", { status: "failed", exitCode: 3 })), "agent S1 failed (exit 3)");
  assert.equal(one(record("S1", { status: "cancelled", exitCode: null, signal: "SIGTERM" })), "agent S1 cancelled (exit SIGTERM)");
  assert.equal(one(record("S1", { status: "failed", exitCode: null, signal: null })), "agent S1 failed (exit none)");
});

test("a spent budget is the failure, naming the agent that spent it, even when the stage's agents succeeded", () => {
  const budgetStop = {
    agentId: "A9",
    breach: { scope: "wave" as const, measure: "usd" as const, spent: 2, limit: 1, estimated: false },
    detail: "the wave spent $2.00 of its $1.00",
  };
  const records = new Map([["A1", record("A1", { status: "failed" })]]);
  assert.deepEqual(agentRunFailure({ stage: "documentation", ids: ["A1"], records, budgetStop, logOf }), {
    stage: "documentation",
    agentId: "A9",
    statusCode: "budget-exceeded",
    detail: "the wave spent $2.00 of its $1.00",
    log: "agents/A9/log.txt",
  });
});

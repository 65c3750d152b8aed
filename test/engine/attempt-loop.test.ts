/**
 * Planning the next in-job attempt from one that failed (pure): which agents the next plan sees as
 * implicated, which stages as passed, and when an agent moves on to its next executor.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { nextExecutorIndex, nextPriorState } from "../../src/engine/attempt-loop.js";
import { agentRecord } from "./fixtures.js";
import type { Failure, GateResult } from "../../src/state/schema.js";

const record = agentRecord;

function gate(stage: GateResult["stage"], agentId: string | null, ok: boolean, statusCode = ok ? "pass" : "fail"): GateResult {
  return { stage, agentId, ok, statusCode, detail: "" };
}

const agents = [
  { agent: { agentId: "A1" }, fingerprint: "f1" },
  { agent: { agentId: "A2" }, fingerprint: "f2" },
  { agent: { agentId: "A0" }, fingerprint: "f0" },
];

test("the next attempt sees every agent's status, the failing gates' agents and the failure's agent as implicated, once each", () => {
  const failure: Failure = { stage: "cont-qa", agentId: "A0", statusCode: "wave-gate-blocked", detail: "blocked", log: null };
  const state = nextPriorState({
    agents,
    records: new Map([
      ["A1", record("A1")],
      ["A0", record("A0", { status: "failed", statusCode: "1" })],
    ]),
    gates: [
      gate("implementation", "A1", true),
      gate("cont-qa", "A0", false),
      gate("component", null, false),
      gate("integration", "A2", false),
    ],
    passedStages: ["cont-eval", "security"],
    failure,
  });
  assert.deepEqual(state, {
    agents: {
      A1: { status: "succeeded", fingerprint: "f1" },
      A2: { status: "not-run", fingerprint: "f2" },
      A0: { status: "failed", fingerprint: "f0" },
    },
    passedStages: ["cont-eval", "security"],
    implicated: ["A0", "A2"],
    feedbackAgentId: null,
  });
});

test("a failure naming no agent implicates only the failing gates' agents; the passed stages are a copy", () => {
  const passedStages: ("cont-eval" | "security")[] = ["cont-eval"];
  const state = nextPriorState({
    agents,
    records: new Map(),
    gates: [gate("security", "A2", false)],
    passedStages,
    failure: { stage: "infra", agentId: null, statusCode: "infra-blocked", detail: "", log: null },
  });
  assert.deepEqual(state.implicated, ["A2"]);
  passedStages.push("security");
  assert.deepEqual(state.passedStages, ["cont-eval"]);
});

test("any failed attempt moves an agent on to its next executor (as the reference), never past the end of its chain", () => {
  const chain = ["codex", "claude", "opencode"] as const;
  assert.equal(nextExecutorIndex(record("A1", { transportFailure: true }), chain, 0), 1);
  assert.equal(nextExecutorIndex(record("A1", { transportFailure: true }), chain, 1), 2);
  assert.equal(nextExecutorIndex(record("A1", { transportFailure: true }), chain, 2), 2);
  // A failed exit, a timeout, or a failing gate naming the agent: the next executor too.
  assert.equal(nextExecutorIndex(record("A1", { status: "failed", transportFailure: false }), chain, 0), 1);
  assert.equal(nextExecutorIndex(record("A1", { status: "timed-out" }), chain, 0), 1);
  assert.equal(nextExecutorIndex(record("A1", { status: "succeeded" }), chain, 0, true), 1);
  // An agent that succeeded and no gate names, or that was only reused, keeps its executor.
  assert.equal(nextExecutorIndex(record("A1", { status: "succeeded" }), chain, 0), 0);
  assert.equal(nextExecutorIndex(record("A1", { status: "reused" }), chain, 0, true), 0);
  assert.equal(nextExecutorIndex(record("A1", { status: "cancelled" }), chain, 0), 0);
  assert.equal(nextExecutorIndex(undefined, chain, 1), 1);
  // A chain of one (sticky policy, or --executor): nowhere to go.
  assert.equal(nextExecutorIndex(record("A1", { status: "failed", transportFailure: true }), ["codex"], 0), 0);
});

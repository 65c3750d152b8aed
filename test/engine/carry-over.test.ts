/**
 * What an earlier run gives this one (pure parts): which gates carry over with the carried closure
 * stages, which agents ran before, and the record of an agent whose success is reused.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { carriedGateStages, ranInPrior, reusedRecord } from "../../src/engine/carry-over.js";
import type { PriorRun } from "../../src/resume/prior.js";

function priorRun(agents: PriorRun["progress"]["agents"]): PriorRun {
  return {
    runDir: "state/lane/wave-1/attempt-2",
    progress: {
      schemaVersion: 1,
      kind: "wave-progress",
      lane: "main",
      wave: 1,
      attempt: 2,
      waveFile: "waves/wave-1.md",
      waveFingerprint: "fp",
      repository: null,
      baseCommit: null,
      phase: "finished",
      stage: null,
      passedStages: [],
      agents,
      gates: [],
      status: "failed",
      startedAt: "2030-01-01T00:00:00.000Z",
      updatedAt: "2030-01-01T00:10:00.000Z",
      resumedFrom: null,
    },
    prior: { agents: {}, passedStages: [], implicated: [], feedbackAgentId: null },
    summaries: {},
    notes: [],
  };
}

test("no carried stage carries no gate; a carried one also carries the design, implementation and component gates", () => {
  assert.deepEqual([...carriedGateStages([])], []);
  assert.deepEqual([...carriedGateStages(["cont-eval"])].sort(), ["component", "cont-eval", "design", "implementation"]);
});

test("a carried documentation stage carries the component matrix gate too", () => {
  const stages = carriedGateStages(["cont-eval", "security", "integration", "documentation"]);
  assert.ok(stages.has("component-matrix"));
  assert.ok(!carriedGateStages(["cont-eval", "security", "integration"]).has("component-matrix"));
});

test("the agents that ran before are those the earlier run did not leave not-run", () => {
  const ran = ranInPrior({
    agents: {
      A1: { status: "succeeded", fingerprint: "1" },
      A2: { status: "not-run", fingerprint: "2" },
      A3: { status: "failed", fingerprint: "3" },
      A4: { status: "reused", fingerprint: "4" },
    },
    passedStages: [],
    implicated: [],
    feedbackAgentId: null,
  });
  assert.deepEqual([...ran].sort(), ["A1", "A3", "A4"]);
});

test("a reused agent keeps its earlier exit, times, executor and source; it ran nothing here", () => {
  const prior = priorRun({
    A1: {
      status: "succeeded",
      fingerprint: "f1",
      executor: "claude",
      exitCode: 0,
      statusCode: "0",
      attempts: 1,
      runs: 2,
      startedAt: "2030-01-01T00:01:00.000Z",
      completedAt: "2030-01-01T00:02:00.000Z",
      source: "attempt-1",
    },
  });
  assert.deepEqual(reusedRecord("A1", prior), {
    id: "A1",
    status: "reused",
    exitCode: 0,
    signal: null,
    statusCode: "0",
    attempts: 0,
    runs: 0,
    startedAt: "2030-01-01T00:01:00.000Z",
    completedAt: "2030-01-01T00:02:00.000Z",
    executor: "claude",
    executorHistory: [],
    transportFailure: false,
    detail: null,
    reusedFrom: "attempt-1",
    usage: null,
  });
});

test("a reused agent without recorded progress comes from the earlier run's directory, as a local success", () => {
  const r = reusedRecord("A2", priorRun({}));
  assert.equal(r.reusedFrom, "attempt-2");
  assert.equal(r.executor, "local");
  assert.equal(r.exitCode, 0);
  assert.equal(r.statusCode, "0");
  assert.equal(r.startedAt, null);
});

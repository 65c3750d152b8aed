/**
 * The whole result of the cont-EVAL gate (stage, blamed agent, ok, status code, detail, log) when
 * no agent is declared, when the agent did not run, and when a pinned target's benchmarks were not run.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { contEvalGate } from "../../src/closure/cont-eval.js";
import type { GateInputs } from "../../src/closure/types.js";
import { baseInputs, NONCE, withLog, withSummary } from "./helpers.js";

const EVAL = (body: string) => `[wave-eval] ${body} nonce=${NONCE}`;

test("a wave without a cont-EVAL agent passes the cont-eval stage without blaming anyone", () => {
  const base = baseInputs();
  const noAgent: GateInputs = {
    ...withSummary(base, "E0", undefined),
    wave: { ...base.wave, agents: base.wave.agents.filter((a) => a.agentId !== "E0") },
  };
  assert.deepEqual(contEvalGate(noAgent), {
    stage: "cont-eval",
    agentId: null,
    ok: true,
    statusCode: "pass",
    detail: "No cont-EVAL agent in this wave.",
  });
  const noRole: GateInputs = { ...base, roles: { ...base.roles, contEvalAgentId: null } };
  assert.deepEqual(contEvalGate(noRole), {
    stage: "cont-eval",
    agentId: null,
    ok: true,
    statusCode: "pass",
    detail: "No cont-EVAL agent in this wave.",
  });
});

test("a declared cont-EVAL agent that did not run fails for its missing [wave-eval] marker", () => {
  assert.deepEqual(contEvalGate(withSummary(baseInputs(), "E0", undefined)), {
    stage: "cont-eval",
    agentId: "E0",
    ok: false,
    statusCode: "missing-wave-eval",
    detail: "No execution summary for E0: the agent did not run or its output was not read, so no [wave-eval] marker was seen.",
  });
});

test("a pinned target whose benchmarks were not run fails naming every one of them", () => {
  const base = baseInputs();
  const wave = {
    ...base.wave,
    evalTargets: base.wave.evalTargets.map((t) => (t.selection === "pinned" ? { ...t, benchmarks: ["k6-smoke", "k6-soak"] } : t)),
  };
  const inputs = withLog(
    { ...base, wave },
    "E0",
    EVAL("state=satisfied targets=2 benchmarks=1 regressions=0 target_ids=latency-p95,error-rate benchmark_ids=eb-5xx"),
  );
  assert.deepEqual(contEvalGate(inputs), {
    stage: "cont-eval",
    agentId: "E0",
    ok: false,
    statusCode: "cont-eval-benchmark-mismatch",
    detail: "E0: target latency-p95 pins benchmark(s) k6-smoke, k6-soak that were not run.",
    logPath: "agents/E0/agent.log",
  });
});

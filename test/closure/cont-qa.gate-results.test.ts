/**
 * The whole result of the cont-QA gate (stage, blamed agent, ok, status code, detail, log) when no
 * agent is declared, when it is required but missing, when the agent fails it, and when it passes
 * with known gaps.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { contQaGate } from "../../src/closure/cont-qa.js";
import type { GateInputs } from "../../src/closure/types.js";
import { baseInputs, NONCE, withLog, withSummary } from "./helpers.js";

const n = ` nonce=${NONCE}`;

function withoutContQa(): GateInputs {
  const base = baseInputs();
  return { ...withSummary(base, "A0", undefined), wave: { ...base.wave, agents: base.wave.agents.filter((a) => a.agentId !== "A0") } };
}

test("a wave without a cont-QA agent passes the cont-qa stage when cont-QA is not required", () => {
  const none = withoutContQa();
  const optional: GateInputs = { ...none, policy: { ...none.policy, requiredStages: ["documentation"] } };
  assert.deepEqual(contQaGate(optional), {
    stage: "cont-qa",
    agentId: null,
    ok: true,
    statusCode: "pass",
    detail: "No cont-QA agent in this wave.",
  });
});

test("a wave that requires cont-QA but declares no agent for it fails the cont-qa stage", () => {
  assert.deepEqual(contQaGate(withoutContQa()), {
    stage: "cont-qa",
    agentId: null,
    ok: false,
    statusCode: "missing-cont-qa",
    detail: "Wave 3 requires a cont-QA agent (A0) but declares none.",
  });
});

test("a cont-QA agent that did not run fails the cont-qa stage, blamed on it", () => {
  assert.deepEqual(contQaGate(withSummary(baseInputs(), "A0", undefined)), {
    stage: "cont-qa",
    agentId: "A0",
    ok: false,
    statusCode: "missing-wave-gate",
    detail:
      "No execution summary for A0: the agent did not run or its output was not read, so none of its markers ([wave-gate], [wave-verdict]) was seen.",
  });
  const concerns = withLog(
    baseInputs(),
    "A0",
    `[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass${n}\n[wave-verdict] concerns${n}`,
  );
  assert.deepEqual(contQaGate(concerns), {
    stage: "cont-qa",
    agentId: "A0",
    ok: false,
    statusCode: "cont-qa-concerns",
    detail: "A0 gave verdict concerns ([wave-verdict]).",
    logPath: "agents/A0/agent.log",
  });
});

test("a cont-QA pass with a gap dimension is a conditional pass of the cont-qa stage", () => {
  const gap = withLog(
    baseInputs(),
    "A0",
    `[wave-gate] architecture=pass integration=pass durability=pass live=gap docs=pass${n}\n[wave-verdict] pass${n}`,
  );
  assert.deepEqual(contQaGate(gap), {
    stage: "cont-qa",
    agentId: "A0",
    ok: true,
    statusCode: "conditional-pass",
    detail: "A0 passed the wave with known gaps in live.",
    logPath: "agents/A0/agent.log",
  });
});

/**
 * The whole result of the documentation gate (stage, blamed agent, ok, status code, detail, log):
 * a steward's own report wins over auto-closure, a declared steward that did not run is missing
 * (not absent), and a wave without a steward passes, fails or auto-closes by policy.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { documentationGate } from "../../src/closure/documentation.js";
import type { GateInputs } from "../../src/closure/types.js";
import { baseInputs, NONCE, withLog, withSummary } from "./helpers.js";

const n = ` nonce=${NONCE}`;

function withoutSteward(): GateInputs {
  const base = baseInputs();
  return { ...withSummary(base, "A9", undefined), wave: { ...base.wave, agents: base.wave.agents.filter((a) => a.agentId !== "A9") } };
}

/** No promotions, so documentation may close as no-change without its steward. */
function noChangeAllowed(inputs: GateInputs): GateInputs {
  return {
    ...inputs,
    wave: { ...inputs.wave, componentPromotions: [] },
    policy: { ...inputs.policy, autoClosure: { ...inputs.policy.autoClosure, allowAutoDocNoChange: true } },
  };
}

test("a steward that ran is judged by its own report even when auto-closure would be allowed", () => {
  const open = withLog(noChangeAllowed(baseInputs()), "A9", `[wave-doc-closure] state=delta detail=roadmap${n}`);
  assert.deepEqual(documentationGate(open), {
    stage: "documentation",
    agentId: "A9",
    ok: false,
    statusCode: "doc-closure-open",
    detail: "A9 still reports an open shared-plan delta: roadmap Land the documentation changes, then print state=closed.",
    logPath: "agents/A9/agent.log",
  });
});

test("a declared steward that did not run fails as missing its closure marker, whether or not documentation is required", () => {
  const expected = {
    stage: "documentation",
    agentId: "A9",
    ok: false,
    statusCode: "missing-doc-closure",
    detail: "No execution summary for A9: the agent did not run or its output was not read, so no [wave-doc-closure] marker was seen.",
  };
  const notRun = withSummary(baseInputs(), "A9", undefined);
  assert.deepEqual(documentationGate(notRun), expected);
  assert.deepEqual(documentationGate({ ...notRun, policy: { ...notRun.policy, requiredStages: ["cont-qa"] } }), expected);
});

test("without a steward, documentation closes as no-change when allowed and nothing is due", () => {
  assert.deepEqual(documentationGate(noChangeAllowed(withoutSteward())), {
    stage: "documentation",
    agentId: null,
    ok: true,
    statusCode: "doc-auto-no-change",
    detail: "No shared-plan doc deltas and no component promotions: documentation closed as no-change (autoClosure.allowAutoDocNoChange).",
  });
});

test("a required documentation stage without a steward fails, naming the configured or default steward id", () => {
  const none = withoutSteward();
  assert.deepEqual(documentationGate(none), {
    stage: "documentation",
    agentId: null,
    ok: false,
    statusCode: "missing-doc-closure",
    detail: "Wave 3 requires a documentation steward (A9) but declares none.",
  });
  const otherId: GateInputs = { ...none, roles: { ...none.roles, documentationAgentId: "A6" } };
  assert.equal(documentationGate(otherId).detail, "Wave 3 requires a documentation steward (A6) but declares none.");
  const noRole: GateInputs = { ...none, roles: { ...none.roles, documentationAgentId: null } };
  assert.equal(documentationGate(noRole).detail, "Wave 3 requires a documentation steward (A9) but declares none.");
});

test("an optional documentation stage without a steward passes", () => {
  const none = withoutSteward();
  assert.deepEqual(documentationGate({ ...none, policy: { ...none.policy, requiredStages: ["cont-qa"] } }), {
    stage: "documentation",
    agentId: null,
    ok: true,
    statusCode: "pass",
    detail: "No documentation steward in this wave.",
  });
});

test("a steward with no output is closed by fallback in the documentation stage when integration is ready", () => {
  assert.deepEqual(documentationGate(withLog(baseInputs(), "A9", "")), {
    stage: "documentation",
    agentId: "A9",
    ok: true,
    statusCode: "fallback-auto-closed",
    detail: "A9 produced no output; integration is ready for doc closure, so documentation is closed by fallback.",
    logPath: "agents/A9/agent.log",
  });
});

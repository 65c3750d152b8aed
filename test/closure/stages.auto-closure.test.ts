/**
 * Auto-closure belongs to the stage that owns it (src/closure/stages.ts): documentation closing
 * without its steward settles the documentation stage only; every other stage still launches its
 * agent, or fails `missing-closure-run` when required and unheld.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { gateForStage, stageLaunchDecision } from "../../src/closure/stages.js";
import type { GateInputs } from "../../src/closure/types.js";
import { baseInputs, baseWave, configPolicy, withSummary } from "./helpers.js";

const docNoChange = configPolicy({
  autoClosure: {
    allowInferredIntegration: false,
    allowAutoDocNoChange: true,
    allowAutoDocProjection: false,
    allowSkipContQaInBootstrap: false,
  },
});

/** A wave without promotions whose documentation steward has not run: documentation closes as no-change. */
function docClosable(): GateInputs {
  const wave = { ...baseWave(), componentPromotions: [] };
  return withSummary(baseInputs({ wave, policy: docNoChange }), "A9", undefined);
}

test("documentation closing on its own settles no other stage: cont-EVAL, security, integration and cont-QA launch their agents", () => {
  const inputs = docClosable();
  const documentation = stageLaunchDecision("documentation", inputs);
  assert.deepEqual(documentation.launch, []);
  assert.deepEqual(
    documentation.settled?.gates.map((g) => [g.stage, g.statusCode]),
    [
      ["documentation", "doc-auto-no-change"],
      ["component-matrix", "pass"],
    ],
  );
  for (const [stage, agent] of [
    ["cont-eval", "E0"],
    ["security", "A7"],
    ["integration", "A8"],
    ["cont-qa", "A0"],
  ] as const) {
    const decision = stageLaunchDecision(stage, inputs);
    assert.deepEqual(decision.launch, [agent], stage);
    assert.equal(decision.settled, null, stage);
  }
});

test("a required cont-EVAL stage without an agent fails missing-closure-run even when documentation could close on its own", () => {
  const inputs = docClosable();
  const wave = { ...inputs.wave, agents: inputs.wave.agents.filter((a) => a.agentId !== "E0") };
  const result = gateForStage("cont-eval", { ...inputs, wave });
  assert.deepEqual(result.gates, [
    {
      stage: "cont-eval",
      agentId: null,
      ok: false,
      statusCode: "missing-closure-run",
      detail: "cont-EVAL is required for wave 3 but no agent of the wave holds that role; declare one.",
    },
  ]);
  assert.equal(result.failure, result.gates[0]);
});

/**
 * What a stage forwards (src/closure/stages.ts): the engine's sweep appends every entry of a stage
 * evaluation's `forwarded` list as an open blocker record, so a stage that forwards nothing must
 * return an empty list — a stage settled without agents (skipped, auto-closed, `missing-closure-run`)
 * as well as one whose agents ran — and the wave's evaluation forwards only real proof gaps.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { gateForStage, stageLaunchDecision } from "../../src/closure/stages.js";
import type { GateInputs } from "../../src/closure/types.js";
import { CLOSURE_STAGES } from "../../src/wave/schema.js";
import { baseInputs, baseWave, configPolicy, LOGS, noConfigPolicy, withLog, withSummary, waveVerdict } from "./helpers.js";

/** The wave without its closure agents (implementation and design only). */
function withoutClosureAgents(inputs: GateInputs): GateInputs {
  const agents = inputs.wave.agents.filter((a) => ["D1", "A1", "A2"].includes(a.agentId));
  return { ...inputs, wave: { ...inputs.wave, agents } };
}

test("stages settled without agents forward nothing: skipped, missing-closure-run, bootstrap-skipped and auto-closed", () => {
  const cases: [string, GateInputs, string][] = [
    ["not declared, not required", withoutClosureAgents(baseInputs({ policy: noConfigPolicy() })), "skipped"],
    ["required, nobody holds it", withoutClosureAgents(baseInputs()), "missing-closure-run"],
    ["required, bootstrap gate mode", withoutClosureAgents(baseInputs({ policy: configPolicy({ gateMode: "bootstrap" }) })), "skipped"],
  ];
  for (const [label, inputs, code] of cases) {
    for (const stage of CLOSURE_STAGES) {
      const decision = stageLaunchDecision(stage, inputs);
      assert.deepEqual(decision.launch, [], `${label}: ${stage}`);
      assert.ok(decision.settled, `${label}: ${stage}`);
      assert.deepEqual(decision.settled.forwarded, [], `${label}: ${stage} (launch decision)`);
      const evaluation = gateForStage(stage, inputs);
      assert.deepEqual(evaluation.forwarded, [], `${label}: ${stage} (gate)`);
      // cont-QA is never skipped for bootstrap gate mode: it stays a missing run.
      const expected = label.includes("bootstrap") && stage === "cont-qa" ? "missing-closure-run" : code;
      assert.equal(evaluation.gates[0]?.statusCode, expected, `${label}: ${stage}`);
    }
  }
  // Auto-closure settles the stage although its agent exists (integration inferred before A8 ran).
  const policy = configPolicy({
    autoClosure: {
      allowInferredIntegration: true,
      allowAutoDocNoChange: false,
      allowAutoDocProjection: false,
      allowSkipContQaInBootstrap: false,
    },
  });
  const inferred = stageLaunchDecision("integration", withSummary(baseInputs({ policy }), "A8", undefined));
  assert.equal(inferred.settled?.gates[0]?.statusCode, "integration-inferred");
  assert.deepEqual(inferred.settled?.forwarded, []);
});

test("the wave's evaluation forwards nothing when no proof gap was printed, even with every stage settled without agents", () => {
  const settled = waveVerdict(withoutClosureAgents(baseInputs({ policy: noConfigPolicy() })));
  assert.equal(settled.ok, true);
  assert.deepEqual(
    settled.gates.filter((g) => CLOSURE_STAGES.includes(g.stage as (typeof CLOSURE_STAGES)[number])).map((g) => g.statusCode),
    ["skipped", "skipped", "skipped", "skipped", "skipped"],
  );
  assert.deepEqual(settled.forwarded, []);
  assert.deepEqual(waveVerdict(baseInputs()).forwarded, []);
});

test("a proof gap forwarded by one stage is the only entry, next to later stages settled without agents", () => {
  // Security's reviewer prints a proof gap; integration and documentation have no agent (not required).
  const wave = baseWave();
  const agents = wave.agents.filter((a) => !["A8", "A9"].includes(a.agentId));
  const policy = configPolicy({ requiredStages: ["cont-eval", "security", "cont-qa"] });
  const inputs = withLog(
    baseInputs({ wave: { ...wave, agents }, policy }),
    "A7",
    `${LOGS.A7}\n[wave-proof] completion=contract durability=none proof=unit state=gap detail=pen test pending`,
  );
  const evaluation = waveVerdict(inputs);
  assert.deepEqual(
    evaluation.forwarded.map((f) => [f.id, f.agentId, f.targets]),
    [["wave-3-closure-gap-security-A7-attempt-1", "A7", ["A0"]]],
  );
  assert.equal(evaluation.failure?.statusCode, "wave-proof-gap");
});

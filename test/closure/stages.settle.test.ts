/**
 * How a closure stage settles (src/closure/stages.ts): the bootstrap cont-QA skip and its detail,
 * auto-closure only for the stage that owns it, and the documentation stage's proof gap next to
 * the component-matrix gate of the same steward.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { gateForStage, stageLaunchDecision } from "../../src/closure/stages.js";
import { baseInputs, baseWave, configPolicy, LOGS, withLog, withSummary } from "./helpers.js";

const skipFlag = {
  allowInferredIntegration: false,
  allowAutoDocNoChange: false,
  allowAutoDocProjection: false,
  allowSkipContQaInBootstrap: true,
};
const GAP = "[wave-proof] completion=contract durability=none proof=unit state=gap detail=matrix soak pending";

test("cont-QA skipped in bootstrap closure mode settles as skipped with the reason, without launching A0", () => {
  const wave = baseWave();
  const qaOnly = { ...wave, agents: wave.agents.filter((a) => ["A1", "A2", "A0"].includes(a.agentId)) };
  const inputs = baseInputs({
    wave: qaOnly,
    policy: configPolicy({ closureMode: "bootstrap", requiredStages: ["cont-qa"], autoClosure: skipFlag }),
  });
  const decision = stageLaunchDecision("cont-qa", inputs);
  assert.deepEqual(decision.launch, []);
  assert.deepEqual(decision.settled?.gates, [
    {
      stage: "cont-qa",
      agentId: null,
      ok: true,
      statusCode: "skipped",
      detail: "cont-QA skipped: bootstrap closure mode and no other closure stage has agents (autoClosure.allowSkipContQaInBootstrap).",
      skipped: true,
    },
  ]);
  assert.equal(gateForStage("cont-qa", inputs).gates[0]?.detail, decision.settled?.gates[0]?.detail);
});

test("an inferable integration does not auto-close other stages: cont-EVAL still launches its agent", () => {
  // Before the integration steward ran (no summary yet): integration can be inferred.
  const policy = configPolicy({ autoClosure: { ...skipFlag, allowSkipContQaInBootstrap: false, allowInferredIntegration: true } });
  const inputs = withSummary(baseInputs({ policy }), "A8", undefined);
  assert.equal(stageLaunchDecision("integration", inputs).settled?.gates[0]?.statusCode, "integration-inferred");
  const evalDecision = stageLaunchDecision("cont-eval", inputs);
  assert.deepEqual(evalDecision.launch, ["E0"]);
  assert.equal(evalDecision.settled, null);
  assert.deepEqual(stageLaunchDecision("security", inputs).launch, ["A7"]);
});

test("documentation: a forwarded proof gap of the steward does not hide a stale matrix, and is forwarded once", () => {
  const gap = withLog(baseInputs(), "A9", `${LOGS.A9}\n${GAP}`);
  const stale = { ...gap, componentMatrix: { components: { "auth-service": { currentLevel: "baseline" } } } };
  const failed = gateForStage("documentation", stale);
  assert.equal(failed.ok, false);
  assert.equal(failed.failure?.statusCode, "component-current-level-stale");
  assert.equal(failed.failure?.agentId, "A9");
  assert.deepEqual(
    failed.gates.map((g) => [g.stage, g.statusCode, g.ok]),
    [
      ["documentation", "wave-proof-gap", false],
      ["component-matrix", "component-current-level-stale", false],
    ],
  );
  // A current matrix passes: the steward's gap is forwarded once, the matrix gate is not turned into a gap.
  const current = gateForStage("documentation", gap);
  assert.equal(current.ok, true);
  assert.deepEqual(
    current.gates.map((g) => [g.stage, g.statusCode, g.ok]),
    [
      ["documentation", "wave-proof-gap", false],
      ["component-matrix", "pass", true],
    ],
  );
  assert.deepEqual(
    current.forwarded.map((f) => [f.id, f.detail]),
    [["wave-3-closure-gap-documentation-A9-attempt-1", "matrix soak pending"]],
  );
});

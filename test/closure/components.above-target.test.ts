/**
 * A component reported at a level other than the one the wave promotes it to does not reach its
 * promotion, above the target as well as below (docs/markers.md: the level "must equal the level
 * the wave promotes the component to"; the reference's promotion gate wants a `met` marker "at
 * exactly the target level"). The owner's implementation gate fails `component-level-mismatch`,
 * the promotion gate `component-promotion-gap` (or `shared-component-sibling-pending` next to an
 * owner that reported the target), and the wave fails.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { componentPromotionGates } from "../../src/closure/components.js";
import { implementationGates } from "../../src/closure/implementation.js";
import { implementationStageGates } from "../../src/closure/stages.js";
import type { GateInputs } from "../../src/closure/types.js";
import { MATURITY_LEVELS } from "../../src/wave/schema.js";
import { baseInputs, LOGS, withAgent, withLog, waveVerdict } from "./helpers.js";

/** A1 (owner of auth-service, promoted to repo-landed) reports it at `level`, state=met. */
function reportedAt(level: string, inputs: GateInputs = baseInputs()): GateInputs {
  return withLog(inputs, "A1", LOGS.A1.replace("level=repo-landed", `level=${level}`));
}

test("a component reported one level above its promotion target fails the implementation and promotion gates and the wave", () => {
  const inputs = reportedAt("baseline-proved");
  const a1 = implementationGates(inputs).find((g) => g.agentId === "A1");
  assert.deepEqual([a1?.ok, a1?.statusCode], [false, "component-level-mismatch"]);
  assert.equal(
    a1?.detail,
    "A1 reported component auth-service at level baseline-proved (line 4); this wave promotes it to repo-landed. Report level=repo-landed once it is reached.",
  );
  const [promotion] = componentPromotionGates(inputs);
  assert.deepEqual(
    [promotion?.stage, promotion?.agentId, promotion?.ok, promotion?.statusCode],
    ["component", "A1", false, "component-promotion-gap"],
  );
  assert.equal(
    promotion?.detail,
    "Component auth-service did not reach repo-landed: A1: level=baseline-proved state=met. An owner must print [wave-component] component=auth-service level=repo-landed state=met.",
  );
  const wave = waveVerdict(inputs);
  assert.equal(wave.ok, false);
  assert.equal(wave.failure?.statusCode, "component-level-mismatch");
  // Both gates fail; the engine records the implementation-stage gates up to the first failing one.
  assert.deepEqual(
    implementationStageGates(inputs)
      .filter((g) => !g.ok)
      .map((g) => [g.stage, g.statusCode]),
    [
      ["implementation", "component-level-mismatch"],
      ["component", "component-promotion-gap"],
    ],
  );
  assert.deepEqual(
    wave.gates.filter((g) => !g.ok).map((g) => [g.stage, g.statusCode]),
    [["implementation", "component-level-mismatch"]],
  );
});

test("every maturity level but the target fails the promotion, the highest included; the target passes", () => {
  for (const level of MATURITY_LEVELS) {
    const [promotion] = componentPromotionGates(reportedAt(level));
    const expected = level === "repo-landed" ? [true, "pass"] : [false, "component-promotion-gap"];
    assert.deepEqual([promotion?.ok, promotion?.statusCode], expected, level);
    assert.equal(waveVerdict(reportedAt(level)).ok, level === "repo-landed", level);
  }
});

test("a shared component: an owner above the target is still waited on next to an owner at the target", () => {
  const shared = withAgent(baseInputs(), "A2", { components: ["auth-service"], componentTargets: { "auth-service": "repo-landed" } });
  const atTarget = withLog(shared, "A2", "[wave-component] component=auth-service level=repo-landed state=met");
  const above = reportedAt("qa-proved", atTarget);
  const [promotion] = componentPromotionGates(above);
  assert.deepEqual([promotion?.agentId, promotion?.ok, promotion?.statusCode], ["A1", false, "shared-component-sibling-pending"]);
  assert.equal(
    promotion?.detail,
    "Component auth-service is shared: A2 reached repo-landed, waiting on A1 (A1: level=qa-proved state=met).",
  );
  const [both] = componentPromotionGates(reportedAt("repo-landed", atTarget));
  assert.deepEqual([both?.ok, both?.statusCode, both?.detail], [true, "pass", "Component auth-service reached repo-landed (A1, A2)."]);
});

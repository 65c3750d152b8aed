/**
 * Component promotions and the component matrix: every owner must report the target level met
 * (an owner that did not run is waiting, not an error), a shared component waits on its siblings,
 * and the matrix is checked only when promotions and a matrix exist.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { componentMatrixGate, componentPromotionGates } from "../../src/closure/components.js";
import type { GateInputs } from "../../src/closure/types.js";
import { agentDef, baseInputs, baseRoles, summary, withSummary } from "./helpers.js";

const COMPONENT = (id: string, level: string, state = "met") => `[wave-component] component=${id} level=${level} state=${state}`;

/** A wave where A1 and A2 both own auth-service (promoted to repo-landed). */
function shared(logA1: string | null, logA2: string | null): GateInputs {
  const base = baseInputs();
  const a1 = agentDef("A1", { components: ["auth-service"] });
  const a2 = agentDef("A2", { components: ["auth-service"] });
  const wave = { ...base.wave, agents: [a1, a2] };
  const summaries: Record<string, ReturnType<typeof summary>> = {};
  if (logA1 !== null) summaries.A1 = summary(a1, logA1);
  if (logA2 !== null) summaries.A2 = summary(a2, logA2);
  return { ...base, wave, summaries, roles: { ...baseRoles(), implementationAgentIds: ["A1", "A2"] } };
}

test("promotion: an owner without a summary is waited on by name, not a crash", () => {
  const [gate] = componentPromotionGates(shared(null, null));
  assert.equal(gate?.ok, false);
  assert.equal(gate?.statusCode, "component-promotion-gap");
  assert.equal(gate?.agentId, "A1");
  assert.equal(gate?.componentId, "auth-service");
  assert.equal(
    gate?.detail,
    "Component auth-service did not reach repo-landed: A1: no summary (did not run); A2: no summary (did not run). An owner must print [wave-component] component=auth-service level=repo-landed state=met.",
  );
  assert.equal(gate?.logPath, undefined);
});

test("promotion: a shared component waits on the sibling that has not reached the target", () => {
  const [gate] = componentPromotionGates(shared(COMPONENT("auth-service", "repo-landed"), "no markers"));
  assert.equal(gate?.statusCode, "shared-component-sibling-pending");
  assert.equal(gate?.agentId, "A2");
  assert.equal(gate?.logPath, "agents/A2/agent.log");
  assert.equal(gate?.detail, "Component auth-service is shared: A1 reached repo-landed, waiting on A2 (A2: no [wave-component] marker).");
  const [both] = componentPromotionGates(shared(COMPONENT("auth-service", "repo-landed"), COMPONENT("auth-service", "repo-landed")));
  assert.equal(both?.ok, true);
  assert.equal(both?.detail, "Component auth-service reached repo-landed (A1, A2).");
});

test("promotion: the level must equal the target and the state be met", () => {
  const [low] = componentPromotionGates(
    shared(COMPONENT("auth-service", "contract-frozen"), COMPONENT("auth-service", "repo-landed", "gap")),
  );
  assert.equal(low?.statusCode, "component-promotion-gap");
  assert.match(low?.detail ?? "", /A1: level=contract-frozen state=met; A2: level=repo-landed state=gap\./);
  const [high] = componentPromotionGates(shared(COMPONENT("auth-service", "pilot-live"), COMPONENT("auth-service", "repo-landed")));
  assert.equal(high?.statusCode, "shared-component-sibling-pending");
  assert.equal(high?.agentId, "A1");
});

test("promotion: nobody owning a promoted component is a gap; a non-implementation owner does not count", () => {
  const base = shared(null, null);
  const wave = { ...base.wave, agents: [agentDef("A1"), agentDef("D1", { components: ["auth-service"] })] };
  const [gate] = componentPromotionGates({ ...base, wave });
  assert.equal(gate?.statusCode, "component-promotion-gap");
  assert.equal(gate?.agentId, null);
  assert.equal(
    gate?.detail,
    "No implementation agent owns component auth-service (promoted to repo-landed); list it under an agent's ### Components.",
  );
});

test("promotion: without promotions, a required section is missing only when implementation agents exist", () => {
  const base = baseInputs();
  const none = { ...base, wave: { ...base.wave, componentPromotions: [] } };
  const [missing] = componentPromotionGates(none);
  assert.equal(missing?.statusCode, "missing-component-promotions");
  assert.equal(
    missing?.detail,
    'Wave 3 has implementation agents (A1, A2) but no "## Component promotions" section; the config requires one from this wave on.',
  );
  assert.deepEqual(componentPromotionGates({ ...none, policy: { ...none.policy, requireComponentPromotions: false } }), []);
  assert.deepEqual(componentPromotionGates({ ...none, roles: { ...none.roles, implementationAgentIds: [] } }), []);
});

test("matrix: promotions without a matrix pass with a note; no promotions pass whatever the matrix", () => {
  const base = baseInputs();
  const noMatrix = componentMatrixGate({ ...base, componentMatrix: null });
  assert.equal(noMatrix.ok, true);
  assert.equal(noMatrix.detail, "No component matrix configured; current levels not checked.");
  const { componentMatrix: _m, ...absent } = base;
  assert.equal(componentMatrixGate(absent as GateInputs).detail, "No component matrix configured; current levels not checked.");
  const none = componentMatrixGate({ ...base, wave: { ...base.wave, componentPromotions: [] }, componentMatrix: { components: {} } });
  assert.equal(none.ok, true);
  assert.equal(none.detail, "No component promotions in this wave.");
});

test("matrix: a component missing from the matrix, or at another level, fails naming the documentation steward", () => {
  const base = baseInputs();
  const unknown = componentMatrixGate({ ...base, componentMatrix: { components: {} } });
  assert.equal(unknown.statusCode, "unknown-component");
  assert.equal(unknown.agentId, "A9");
  assert.equal(unknown.componentId, "auth-service");
  assert.equal(unknown.detail, "Component auth-service is promoted by wave 3 but missing from the component matrix; add it.");
  const noLevel = componentMatrixGate({ ...base, componentMatrix: { components: { "auth-service": {} } } });
  assert.equal(noLevel.statusCode, "component-current-level-stale");
  assert.equal(
    noLevel.detail,
    "The component matrix still shows auth-service at no level; wave 3 promotes it to repo-landed. The documentation steward must update currentLevel.",
  );
  const current = componentMatrixGate(base);
  assert.equal(current.ok, true);
  assert.equal(current.agentId, "A9");
  assert.equal(current.detail, "Component matrix is current for every promotion.");
  // No documentation steward declared: the failure names no agent.
  const noSteward = componentMatrixGate({
    ...withSummary(base, "A9", undefined),
    roles: { ...base.roles, documentationAgentId: null },
    componentMatrix: { components: {} },
  });
  assert.equal(noSteward.agentId, null);
});

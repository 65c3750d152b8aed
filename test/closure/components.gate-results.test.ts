/**
 * The whole result of the component gates (stage, blamed agent, ok, status code, detail, log and
 * component id) for each way they pass or fail, and how an owner's report is read when it prints
 * markers for several components.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { componentMatrixGate, componentPromotionGates } from "../../src/closure/components.js";
import type { GateInputs } from "../../src/closure/types.js";
import { agentDef, baseInputs, baseRoles, summary } from "./helpers.js";

const COMPONENT = (id: string, level: string, state = "met") => `[wave-component] component=${id} level=${level} state=${state}`;

/** A wave whose implementation agents all own auth-service (promoted to repo-landed); a null log means the agent did not run. */
function owners(logs: Record<string, string | null>): GateInputs {
  const base = baseInputs();
  const agents = Object.keys(logs).map((id) => agentDef(id, { components: ["auth-service", "billing"] }));
  const summaries: Record<string, ReturnType<typeof summary>> = {};
  for (const agent of agents) {
    const log = logs[agent.agentId];
    if (log !== null && log !== undefined) summaries[agent.agentId] = summary(agent, log);
  }
  const wave = { ...base.wave, agents };
  return { ...base, wave, summaries, roles: { ...baseRoles(), implementationAgentIds: Object.keys(logs) } };
}

test("an owner's marker for another component does not stand in for the promoted one", () => {
  const otherFirst = owners({ A1: [COMPONENT("billing", "pilot-live"), COMPONENT("auth-service", "repo-landed")].join("\n") });
  assert.deepEqual(componentPromotionGates(otherFirst), [
    {
      stage: "component",
      agentId: null,
      ok: true,
      statusCode: "pass",
      detail: "Component auth-service reached repo-landed (A1).",
      componentId: "auth-service",
    },
  ]);
  const onlyOther = owners({ A1: COMPONENT("billing", "repo-landed") });
  assert.deepEqual(componentPromotionGates(onlyOther), [
    {
      stage: "component",
      agentId: "A1",
      ok: false,
      statusCode: "component-promotion-gap",
      detail:
        "Component auth-service did not reach repo-landed: A1: no [wave-component] marker. An owner must print [wave-component] component=auth-service level=repo-landed state=met.",
      logPath: "agents/A1/agent.log",
      componentId: "auth-service",
    },
  ]);
});

test("a shared component with several owners done and several waiting names each of them, blaming the first waiting", () => {
  const met = COMPONENT("auth-service", "repo-landed");
  const inputs = owners({ A1: met, A2: COMPONENT("auth-service", "contract-frozen"), A3: met, A4: null });
  assert.deepEqual(componentPromotionGates(inputs), [
    {
      stage: "component",
      agentId: "A2",
      ok: false,
      statusCode: "shared-component-sibling-pending",
      detail:
        "Component auth-service is shared: A1, A3 reached repo-landed, waiting on A2, A4 (A2: level=contract-frozen state=met; A4: no summary (did not run)).",
      logPath: "agents/A2/agent.log",
      componentId: "auth-service",
    },
  ]);
});

test("a promoted component no owner reached is a component-stage gap blamed on the first owner", () => {
  const inputs = owners({ A1: COMPONENT("auth-service", "repo-landed", "gap"), A2: null });
  assert.deepEqual(componentPromotionGates(inputs), [
    {
      stage: "component",
      agentId: "A1",
      ok: false,
      statusCode: "component-promotion-gap",
      detail:
        "Component auth-service did not reach repo-landed: A1: level=repo-landed state=gap; A2: no summary (did not run). An owner must print [wave-component] component=auth-service level=repo-landed state=met.",
      logPath: "agents/A1/agent.log",
      componentId: "auth-service",
    },
  ]);
});

test("the component matrix passes as pass when nothing is promoted or no matrix is configured", () => {
  const base = baseInputs();
  assert.deepEqual(componentMatrixGate({ ...base, wave: { ...base.wave, componentPromotions: [] } }), {
    stage: "component-matrix",
    agentId: null,
    ok: true,
    statusCode: "pass",
    detail: "No component promotions in this wave.",
  });
  assert.deepEqual(componentMatrixGate({ ...base, componentMatrix: null }), {
    stage: "component-matrix",
    agentId: null,
    ok: true,
    statusCode: "pass",
    detail: "No component matrix configured; current levels not checked.",
  });
});

test("a promoted component missing from the matrix fails the component-matrix stage, blamed on the documentation steward", () => {
  const base = baseInputs();
  assert.deepEqual(componentMatrixGate({ ...base, componentMatrix: { components: { billing: { currentLevel: "repo-landed" } } } }), {
    stage: "component-matrix",
    agentId: "A9",
    ok: false,
    statusCode: "unknown-component",
    detail: "Component auth-service is promoted by wave 3 but missing from the component matrix; add it.",
    logPath: "agents/A9/agent.log",
    componentId: "auth-service",
  });
});

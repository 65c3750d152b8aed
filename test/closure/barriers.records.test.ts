/**
 * One open question fails one gate: records that a barrier settles (human feedback, clarification
 * requests, their follow-ups, requests addressed to a capability) are left out of the integration
 * gate, so an A8 that reports ready-for-doc-closure is not failed for them; any other open blocking
 * record still fails it.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { clarificationGate, helperAssignmentGate } from "../../src/closure/barriers.js";
import { integrationGate } from "../../src/closure/integration.js";
import type { GateInputs, OpenBlocker } from "../../src/closure/types.js";
import { isBarrierRecord } from "../../src/closure/util.js";
import { agentDef, baseInputs, waveVerdict } from "./helpers.js";

function withRecords(records: OpenBlocker[]): GateInputs {
  const inputs = baseInputs();
  return { ...inputs, coordination: { ...inputs.coordination, openBlockers: records } };
}

const followUp: OpenBlocker = {
  id: "req-2",
  kind: "request",
  agentId: "A1",
  summary: "confirm the limit",
  severity: "hard",
  targets: ["A2"],
  followUpOf: "clar-1",
};
const helperRequest: OpenBlocker = {
  id: "req-3",
  kind: "request",
  agentId: "A1",
  summary: "need a DBA",
  severity: "hard",
  targets: ["capability:database"],
};
const plainRequest: OpenBlocker = {
  id: "req-4",
  kind: "request",
  agentId: "A1",
  summary: "rename the flag",
  severity: "hard",
  targets: ["A2"],
};

test("which records a barrier settles", () => {
  assert.equal(isBarrierRecord({ ...plainRequest, kind: "clarification-request" }), true);
  assert.equal(isBarrierRecord({ ...plainRequest, kind: "human-feedback" }), true);
  assert.equal(isBarrierRecord({ ...plainRequest, kind: "human-escalation" }), true);
  assert.equal(isBarrierRecord(followUp), true);
  assert.equal(isBarrierRecord(helperRequest), true);
  assert.equal(isBarrierRecord(plainRequest), false);
  assert.equal(isBarrierRecord({ ...plainRequest, kind: "blocker" }), false);
  // followUpOf makes only a request a follow-up; a blocker naming one is still a blocker.
  assert.equal(isBarrierRecord({ ...followUp, kind: "blocker" }), false);
});

test("an open follow-up fails the clarification barrier, not integration", () => {
  const inputs = withRecords([followUp]);
  assert.equal(integrationGate(inputs).ok, true, integrationGate(inputs).detail);
  const clarification = clarificationGate(inputs);
  assert.equal(clarification.statusCode, "clarification-follow-up-open");
  assert.equal(clarification.agentId, "A2");
});

test("an open helper assignment fails its barrier, not integration", () => {
  const base = withRecords([helperRequest]);
  const inputs = { ...base, wave: { ...base.wave, agents: [...base.wave.agents, agentDef("A7", { capabilities: ["database"] })] } };
  assert.equal(integrationGate(inputs).ok, true, integrationGate(inputs).detail);
  const helper = helperAssignmentGate(inputs);
  assert.equal(helper.statusCode, "helper-assignment-open");
  assert.equal(helper.agentId, "A7");
});

test("any other open blocking record still fails integration", () => {
  const gate = integrationGate(withRecords([plainRequest]));
  assert.equal(gate.statusCode, "integration-contradiction-open");
  assert.match(gate.detail, /req-4/);
});

test("the verdict stops at an open helper assignment before the closure stages, as the engine does", () => {
  const base = withRecords([helperRequest]);
  const inputs = { ...base, wave: { ...base.wave, agents: [...base.wave.agents, agentDef("A7", { capabilities: ["database"] })] } };
  const verdict = waveVerdict(inputs);
  assert.equal(verdict.ok, false);
  assert.equal(verdict.failure?.statusCode, "helper-assignment-open");
  assert.equal(
    verdict.gates.some((g) => g.stage === "cont-qa"),
    false,
    "no closure stage is judged",
  );
  assert.equal(waveVerdict(baseInputs()).ok, true);
});

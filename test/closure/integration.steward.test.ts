/**
 * The integration gate's full results (stage, agent, code, detail, log) for a steward that ran,
 * one that did not, and a wave without one; and that inference never overrides a steward's own
 * marker.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { integrationGate } from "../../src/closure/integration.js";
import type { GateInputs } from "../../src/closure/types.js";
import { baseInputs, NONCE, withLog, withSummary } from "./helpers.js";

const n = ` nonce=${NONCE}`;
const inferring = (i: GateInputs): GateInputs => ({
  ...i,
  policy: { ...i.policy, autoClosure: { ...i.policy.autoClosure, allowInferredIntegration: true } },
});
const withoutA8 = (i: GateInputs): GateInputs => {
  const rest = withSummary(i, "A8", undefined);
  return { ...rest, wave: { ...rest.wave, agents: rest.wave.agents.filter((a) => a.agentId !== "A8") } };
};

test("a ready steward passes with its detail and log", () => {
  const gate = integrationGate(
    withLog(baseInputs(), "A8", `[wave-integration] state=ready-for-doc-closure claims=3 conflicts=0 blockers=0 detail=all merged${n}`),
  );
  assert.deepEqual(gate, {
    stage: "integration",
    agentId: "A8",
    ok: true,
    statusCode: "pass",
    detail: "A8 reported ready-for-doc-closure: all merged",
    logPath: "agents/A8/agent.log",
  });
});

test("needs-more-work without a detail fails the integration stage with the counts", () => {
  const gate = integrationGate(withLog(baseInputs(), "A8", `[wave-integration] state=needs-more-work claims=2 conflicts=1 blockers=0${n}`));
  assert.deepEqual(gate, {
    stage: "integration",
    agentId: "A8",
    ok: false,
    statusCode: "integration-needs-more-work",
    detail: "A8 reported needs-more-work (claims=2 conflicts=1 blockers=0).",
    logPath: "agents/A8/agent.log",
  });
});

test("a steward that ran is judged by its marker even when integration could be inferred", () => {
  const more = integrationGate(
    inferring(withLog(baseInputs(), "A8", `[wave-integration] state=needs-more-work claims=2 conflicts=1 blockers=0${n}`)),
  );
  assert.equal(more.statusCode, "integration-needs-more-work");
  assert.equal(more.ok, false);
  const ready = integrationGate(inferring(baseInputs()));
  assert.equal(ready.statusCode, "pass");
  assert.equal(ready.agentId, "A8");
  assert.equal(ready.detail, "A8 reported ready-for-doc-closure.");
});

test("a declared steward that did not run is inferred when allowed, else missing its marker", () => {
  const inferred = integrationGate(inferring(withSummary(baseInputs(), "A8", undefined)));
  assert.deepEqual(inferred, {
    stage: "integration",
    agentId: null,
    ok: true,
    statusCode: "integration-inferred",
    detail: "Integration inferred: no open blockers and no integration or architecture gaps (autoClosure.allowInferredIntegration).",
  });
  const missing = integrationGate(withSummary(baseInputs(), "A8", undefined));
  assert.equal(missing.stage, "integration");
  assert.equal(missing.agentId, "A8");
  assert.equal(missing.ok, false);
  assert.equal(missing.statusCode, "missing-wave-integration");
});

test("a wave without a steward: missing-integration when required, else a pass of the integration stage", () => {
  assert.deepEqual(integrationGate(withoutA8(baseInputs())), {
    stage: "integration",
    agentId: null,
    ok: false,
    statusCode: "missing-integration",
    detail: "Wave 3 requires an integration steward (A8) but declares none.",
  });
  const optional = withoutA8(baseInputs());
  assert.deepEqual(integrationGate({ ...optional, policy: { ...optional.policy, requiredStages: ["cont-qa"] } }), {
    stage: "integration",
    agentId: null,
    ok: true,
    statusCode: "pass",
    detail: "No integration steward in this wave.",
  });
});

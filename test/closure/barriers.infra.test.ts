/**
 * The infra barrier (src/closure/barriers.ts) reads the `[infra-status]` of every agent of the wave,
 * the first one included, in wave order; exactly the states of NON_BLOCKING_INFRA_STATES pass, any
 * other state fails the wave with `infra-<state>`.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { infraGate } from "../../src/closure/barriers.js";
import { NON_BLOCKING_INFRA_STATES } from "../../src/signals/schema.js";
import { baseInputs, LOGS, withLog, waveVerdict } from "./helpers.js";

const infra = (state: string, detail = "") => `[infra-status] kind=db target=postgres@primary state=${state}${detail}`;

test("the wave's first agent reporting a blocking infra state fails the barrier and the wave, naming it", () => {
  const inputs = baseInputs();
  assert.equal(inputs.wave.agents[0]?.agentId, "D1", "D1 is the first agent of the wave");
  const blocked = withLog(inputs, "D1", `${LOGS.D1}\n${infra("unreachable", " detail=no route")}`);
  const expected = {
    stage: "infra",
    agentId: "D1",
    ok: false,
    statusCode: "infra-unreachable",
    detail: "D1 reported infra db postgres@primary as unreachable (line 3): no route",
  };
  const gate = infraGate(blocked);
  assert.deepEqual({ stage: gate.stage, agentId: gate.agentId, ok: gate.ok, statusCode: gate.statusCode, detail: gate.detail }, expected);
  const wave = waveVerdict(blocked);
  assert.equal(wave.ok, false);
  assert.equal(wave.failure?.statusCode, "infra-unreachable");
  assert.equal(wave.failure?.agentId, "D1");
  // Everything else passed: the infra barrier is the only failure.
  assert.deepEqual(
    wave.gates.filter((g) => !g.ok).map((g) => g.stage),
    ["infra"],
  );
});

test("with several agents reporting a blocking state, the first in wave order is named", () => {
  const both = withLog(withLog(baseInputs(), "A2", infra("down")), "D1", `${LOGS.D1}\n${infra("degraded")}`);
  const gate = infraGate(both);
  assert.equal(gate.agentId, "D1");
  assert.equal(gate.statusCode, "infra-degraded");
  const lastOnly = withLog(baseInputs(), "A0", `${LOGS.A0}\n${infra("down")}`);
  assert.equal(infraGate(lastOnly).agentId, "A0", "the wave's last agent is read too");
});

test("the non-blocking states are exactly these six; each passes for the first agent, and states next to them fail", () => {
  assert.deepEqual(
    [...NON_BLOCKING_INFRA_STATES],
    ["conformant", "setup-required", "setup-in-progress", "action-required", "action-approved", "action-complete"],
  );
  for (const state of NON_BLOCKING_INFRA_STATES) {
    const gate = infraGate(withLog(baseInputs(), "D1", `${LOGS.D1}\n${infra(state)}`));
    assert.equal(gate.ok, true, state);
    assert.equal(gate.statusCode, "pass", state);
  }
  for (const state of [
    "blocked",
    "failed",
    "setup-failed",
    "action-rejected",
    "action-denied",
    "degraded",
    "nonconformant",
    "conformant-x",
  ]) {
    const gate = infraGate(withLog(baseInputs(), "D1", `${LOGS.D1}\n${infra(state)}`));
    assert.equal(gate.ok, false, state);
    assert.equal(gate.statusCode, `infra-${state}`, state);
  }
});

/**
 * Gate mode `standard` (the default from wave 4 of `gateModeThresholds`) enforces like `strict`:
 * only `bootstrap` makes an open helper assignment advisory or skips a required closure stage that
 * has no agent. Asserted on the barrier itself and on the wave's verdict (src/closure/stages.ts).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { helperAssignmentGate } from "../../src/closure/barriers.js";
import { gateForStage } from "../../src/closure/stages.js";
import type { GateInputs, OpenBlocker } from "../../src/closure/types.js";
import { CLOSURE_STAGES } from "../../src/wave/schema.js";
import { baseInputs, configPolicy, waveVerdict } from "./helpers.js";

const MODES = ["strict", "standard"] as const;

/** Base inputs in `gateMode`, A8 declaring `database`, and A1's open request addressed to it. */
function openAssignment(gateMode: "bootstrap" | "standard" | "strict"): GateInputs {
  const base = baseInputs({ policy: configPolicy({ gateMode }) });
  const agents = base.wave.agents.map((a) => (a.agentId === "A8" ? { ...a, capabilities: ["database"] } : a));
  const request: OpenBlocker = {
    id: "req-9",
    kind: "request",
    agentId: "A1",
    summary: "need a schema review",
    severity: "hard",
    targets: ["capability:database"],
  };
  return { ...base, wave: { ...base.wave, agents }, coordination: { openBlockers: [request] } };
}

const OPEN = {
  stage: "helper-assignment",
  agentId: "A8",
  ok: false,
  statusCode: "helper-assignment-open",
  detail:
    "Open helper assignment(s): req-9 (capability database → A8: need a schema review). The assignee resolves them (wave coord post --id <id> --status resolved).",
};

for (const gateMode of MODES) {
  test(`gate mode ${gateMode}: an open helper assignment fails the barrier and the wave, before any closure stage`, () => {
    const inputs = openAssignment(gateMode);
    assert.deepEqual(helperAssignmentGate(inputs), OPEN);
    const wave = waveVerdict(inputs);
    assert.equal(wave.ok, false);
    assert.deepEqual(wave.failure, OPEN);
    // The sweep does not start: no closure stage's gate is in the list.
    assert.deepEqual(
      wave.gates.filter((g) => (CLOSURE_STAGES as readonly string[]).includes(g.stage)),
      [],
    );
    assert.deepEqual(
      wave.gates.filter((g) => !g.ok),
      [OPEN],
    );
  });

  test(`gate mode ${gateMode}: a required closure stage without an agent is a missing run, not skipped`, () => {
    const base = baseInputs({ policy: configPolicy({ gateMode }) });
    const inputs = { ...base, wave: { ...base.wave, agents: base.wave.agents.filter((a) => a.agentId !== "A7") } };
    const stage = gateForStage("security", inputs);
    assert.equal(stage.ok, false);
    assert.deepEqual(
      stage.gates.map((g) => [g.stage, g.agentId, g.statusCode, g.ok]),
      [["security", null, "missing-closure-run", false]],
    );
    assert.equal(waveVerdict(inputs).failure?.statusCode, "missing-closure-run");
  });
}

test("gate mode bootstrap (the contrast): the same assignment is advisory and the same missing stage is skipped", () => {
  const inputs = openAssignment("bootstrap");
  const gate = helperAssignmentGate(inputs);
  assert.equal(gate.ok, true);
  assert.equal(gate.statusCode, "helper-assignment-open-advisory");
  assert.equal(waveVerdict(inputs).ok, true);
  const base = baseInputs({ policy: configPolicy({ gateMode: "bootstrap" }) });
  const noReviewer = { ...base, wave: { ...base.wave, agents: base.wave.agents.filter((a) => a.agentId !== "A7") } };
  assert.equal(gateForStage("security", noReviewer).gates[0]?.statusCode, "skipped");
});

/**
 * Closure-stage planning and the sweep's edge rules: cont-QA is skipped only in bootstrap closure
 * mode with the flag set and no other closure agent; a closure agent that fails its own gate keeps
 * its failure even when it also prints a proof gap (nothing is forwarded); stages without a
 * declared agent auto-close, skip or fail exactly as the policy says.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { planClosureStages, stageAgentIds } from "../../src/closure/stage-plan.js";
import { gateForStage, isAutoClosure, stageLaunchDecision } from "../../src/closure/stages.js";
import type { GateInputs } from "../../src/closure/types.js";
import { agentDef, baseInputs, baseRoles, baseWave, configPolicy, LOGS, NONCE, withLog, withSummary, waveVerdict } from "./helpers.js";

const n = ` nonce=${NONCE}`;
const GAP = "[wave-proof] completion=contract durability=none proof=unit state=gap detail=soak pending";
const skipFlag = {
  allowInferredIntegration: false,
  allowAutoDocNoChange: false,
  allowAutoDocProjection: false,
  allowSkipContQaInBootstrap: true,
};

/** A wave with implementation agents and a cont-QA agent only. */
function qaOnlyWave() {
  const wave = baseWave();
  return { ...wave, agents: wave.agents.filter((a) => ["A1", "A2", "A0"].includes(a.agentId)) };
}

test("plan: cont-QA is skipped in bootstrap closure mode only; strict closure mode runs it", () => {
  const wave = qaOnlyWave();
  const bootstrap = planClosureStages(wave, baseRoles(), configPolicy({ closureMode: "bootstrap", autoClosure: skipFlag }));
  assert.deepEqual(bootstrap.at(-1), {
    stage: "cont-qa",
    agentIds: ["A0"],
    required: true,
    skipReason: "cont-qa-bootstrap",
    missingRun: false,
  });
  const strict = planClosureStages(wave, baseRoles(), configPolicy({ closureMode: "strict", autoClosure: skipFlag }));
  assert.deepEqual(strict.at(-1), { stage: "cont-qa", agentIds: ["A0"], required: true, skipReason: null, missingRun: false });
  const noFlag = planClosureStages(wave, baseRoles(), configPolicy({ closureMode: "bootstrap" }));
  assert.equal(noFlag.at(-1)?.skipReason, null);
  // Any other closure stage with an agent keeps cont-QA.
  const withEval = { ...wave, agents: [...wave.agents, agentDef("E0")] };
  const evalPlan = planClosureStages(withEval, baseRoles(), configPolicy({ closureMode: "bootstrap", autoClosure: skipFlag }));
  assert.equal(evalPlan.at(-1)?.skipReason, null);
  assert.deepEqual(evalPlan[0]?.agentIds, ["E0"]);
});

test("plan: in bootstrap gate mode a missing required cont-QA is still a missing run; other stages are skipped", () => {
  const wave = { ...baseWave(), agents: baseWave().agents.filter((a) => ["A1", "A2"].includes(a.agentId)) };
  const plan = planClosureStages(wave, baseRoles(), configPolicy({ gateMode: "bootstrap" }));
  assert.deepEqual(
    plan.map((p) => [p.stage, p.skipReason, p.missingRun]),
    [
      ["cont-eval", "bootstrap", false],
      ["security", "bootstrap", false],
      ["integration", "bootstrap", false],
      ["documentation", "bootstrap", false],
      ["cont-qa", null, true],
    ],
  );
  const strict = planClosureStages(wave, baseRoles(), configPolicy());
  assert.ok(strict.every((p) => p.missingRun && p.skipReason === null));
  const optional = planClosureStages(wave, baseRoles(), configPolicy({ requiredStages: ["security"] }));
  assert.deepEqual(
    optional.map((p) => [p.stage, p.required, p.skipReason, p.missingRun]),
    [
      ["cont-eval", false, "not-declared", false],
      ["security", true, null, true],
      ["integration", false, "not-declared", false],
      ["documentation", false, "not-declared", false],
      ["cont-qa", false, "not-declared", false],
    ],
  );
});

test("plan: stage agents are the declared holders of each role, in wave order", () => {
  const wave = baseWave();
  const roles = { ...baseRoles(), securityAgentIds: ["A7", "ghost"] };
  assert.deepEqual(stageAgentIds(wave, roles, "security"), ["A7"]);
  assert.deepEqual(stageAgentIds(wave, roles, "cont-eval"), ["E0"]);
  assert.deepEqual(stageAgentIds(wave, roles, "integration"), ["A8"]);
  assert.deepEqual(stageAgentIds(wave, roles, "documentation"), ["A9"]);
  assert.deepEqual(stageAgentIds(wave, roles, "cont-qa"), ["A0"]);
  const none = { ...roles, contEvalAgentId: null, integrationAgentId: null, documentationAgentId: null, contQaAgentId: null };
  for (const stage of ["cont-eval", "integration", "documentation", "cont-qa"] as const)
    assert.deepEqual(stageAgentIds(wave, none, stage), []);
});

test("sweep: a closure agent that fails its own gate and prints a proof gap keeps its failure; nothing is forwarded", () => {
  const failing = withLog(baseInputs(), "A8", `[wave-integration] state=needs-more-work claims=3 conflicts=1 blockers=0${n}\n${GAP}`);
  const stage = gateForStage("integration", failing);
  assert.equal(stage.ok, false);
  assert.equal(stage.failure?.statusCode, "integration-needs-more-work");
  assert.deepEqual(stage.forwarded, []);
  const final = waveVerdict(failing);
  assert.equal(final.failure?.statusCode, "integration-needs-more-work");
  assert.equal(
    final.gates.some((g) => g.stage === "documentation" || g.stage === "cont-qa"),
    false,
    "the sweep stops at integration",
  );
});

test("sweep: a forwarded gap names every later stage's agent, the attempt, and falls back to a default detail", () => {
  const gap = withLog(
    baseInputs({ attempt: 2 }),
    "A7",
    `${LOGS.A7}\n[wave-proof] completion=contract durability=none proof=unit state=gap`,
  );
  const stage = gateForStage("security", gap);
  assert.equal(stage.ok, true);
  assert.equal(stage.gates[0]?.statusCode, "wave-proof-gap");
  assert.equal(stage.gates[0]?.ok, false);
  assert.equal(
    stage.gates[0]?.detail,
    "A7 (Security review) reported a proof gap; forwarded to A8, A9, A0 as blocker wave-3-closure-gap-security-A7-attempt-2.",
  );
  assert.equal(stage.forwarded[0]?.detail, "A7 printed [wave-proof] state=gap.");
  assert.deepEqual(stage.forwarded[0]?.targets, ["A8", "A9", "A0"]);
  // A later stage skipped by the plan is not a target.
  const plan = planClosureStages(gap.wave, gap.roles, gap.policy).map((p) =>
    p.stage === "documentation" ? { ...p, skipReason: "not-declared" as const } : p,
  );
  assert.deepEqual(gateForStage("security", gap, plan).forwarded[0]?.targets, ["A8", "A0"]);
  // A proof gap of a closure agent that already met: nothing to forward.
  const met = withLog(baseInputs(), "A7", `${LOGS.A7}\n[wave-proof] completion=contract durability=none proof=unit state=met`);
  const passed = gateForStage("security", met);
  assert.equal(passed.gates[0]?.statusCode, "pass");
  assert.deepEqual(passed.forwarded, []);
});

test("sweep: a proof gap on the last stage fails with its detail and is not forwarded", () => {
  const last = withLog(baseInputs(), "A0", `${LOGS.A0}\n${GAP}`);
  const qa = gateForStage("cont-qa", last);
  assert.equal(qa.ok, false);
  assert.equal(qa.failure?.detail, "A0 (cont-QA) reported a proof gap: soak pending.");
});

test("sweep: a required stage without an agent fails with missing-closure-run and stops the sweep", () => {
  const inputs = baseInputs();
  const wave = { ...inputs.wave, agents: inputs.wave.agents.filter((a) => a.agentId !== "A7") };
  const missing = { ...inputs, wave };
  const decision = stageLaunchDecision("security", missing);
  assert.deepEqual(decision.launch, []);
  assert.equal(decision.settled?.failure?.statusCode, "missing-closure-run");
  assert.equal(
    decision.settled?.failure?.detail,
    "Security review is required for wave 3 but no agent of the wave holds that role; declare one.",
  );
  const final = waveVerdict(missing);
  assert.equal(final.failure?.statusCode, "missing-closure-run");
  assert.equal(
    final.gates.some((g) => g.stage === "integration"),
    false,
  );
  // Not required: skipped with a note, and the sweep goes on.
  const optional: GateInputs = {
    ...missing,
    policy: { ...missing.policy, requiredStages: ["cont-eval", "integration", "documentation", "cont-qa"] },
  };
  const skipped = gateForStage("security", optional);
  assert.equal(skipped.ok, true);
  assert.equal(skipped.gates[0]?.skipped, true);
  assert.equal(skipped.gates[0]?.detail, "Security review: no agent in this wave and not required.");
  assert.equal(waveVerdict(optional).ok, true);
});

test("sweep: a documentation stage with no steward auto-closes and still checks the component matrix", () => {
  const inputs = baseInputs();
  const wave = { ...inputs.wave, agents: inputs.wave.agents.filter((a) => a.agentId !== "A9") };
  const auto: GateInputs = {
    ...inputs,
    wave,
    policy: { ...inputs.policy, autoClosure: { ...inputs.policy.autoClosure, allowAutoDocProjection: true } },
  };
  const decision = stageLaunchDecision("documentation", auto);
  assert.deepEqual(decision.launch, []);
  assert.deepEqual(
    decision.settled?.gates.map((g) => [g.stage, g.statusCode]),
    [
      ["documentation", "doc-auto-closed"],
      ["component-matrix", "pass"],
    ],
  );
  const stale = { ...auto, componentMatrix: { components: { "auth-service": { currentLevel: "inventoried" } } } };
  // With a stale matrix there is nothing to project: the required stage has no agent.
  assert.equal(gateForStage("documentation", stale).failure?.statusCode, "missing-closure-run");
  // Bootstrap gate mode without a steward: skipped, and the matrix is still checked.
  const boot = {
    ...stale,
    policy: {
      ...stale.policy,
      gateMode: "bootstrap" as const,
      autoClosure: { ...stale.policy.autoClosure, allowAutoDocProjection: false },
    },
  };
  const bootEval = gateForStage("documentation", boot);
  assert.deepEqual(
    bootEval.gates.map((g) => [g.stage, g.statusCode]),
    [
      ["documentation", "skipped"],
      ["component-matrix", "component-current-level-stale"],
    ],
  );
  assert.equal(bootEval.gates[0]?.detail, "Documentation closure skipped: no agent and the wave is in bootstrap gate mode.");
});

test("sweep: an integration steward is not launched when integration can be inferred; a failing documentation gate skips the matrix", () => {
  const inferred = {
    ...withSummary(baseInputs(), "A8", undefined),
    policy: { ...baseInputs().policy, autoClosure: { ...baseInputs().policy.autoClosure, allowInferredIntegration: true } },
  };
  const decision = stageLaunchDecision("integration", inferred);
  assert.deepEqual(decision.launch, []);
  assert.equal(decision.settled?.gates[0]?.statusCode, "integration-inferred");
  assert.deepEqual(stageLaunchDecision("integration", baseInputs()).launch, ["A8"]);
  const noDoc = withSummary(baseInputs(), "A9", undefined);
  const doc = gateForStage("documentation", noDoc);
  assert.deepEqual(
    doc.gates.map((g) => g.stage),
    ["documentation"],
  );
  assert.throws(() => gateForStage("security", baseInputs(), []), /closure plan has no stage security/);
});

test("isAutoClosure: only passing steward-less gates with an auto-closure code", () => {
  const gate = { stage: "integration" as const, agentId: null, ok: true, statusCode: "integration-inferred", detail: "" };
  assert.equal(isAutoClosure(gate), true);
  assert.equal(isAutoClosure({ ...gate, ok: false }), false);
  assert.equal(isAutoClosure({ ...gate, agentId: "A8" }), false);
  assert.equal(isAutoClosure({ ...gate, statusCode: "pass" }), false);
  assert.equal(isAutoClosure({ ...gate, stage: "documentation", statusCode: "doc-auto-no-change" }), true);
});

test("verdict: an open human question marks the wave blocked even when every gate passes otherwise; infra and clarification close the list", () => {
  const asked = {
    ...baseInputs(),
    coordination: { openBlockers: [{ id: "h1", kind: "human-feedback", agentId: "A1", summary: "which db?", severity: "hard" }] },
  };
  const final = waveVerdict(asked);
  assert.equal(final.blocked, true);
  assert.equal(final.ok, false);
  assert.deepEqual(
    final.gates.slice(-2).map((g) => g.stage),
    ["infra", "clarification"],
  );
  const clean = waveVerdict(baseInputs());
  assert.equal(clean.ok, true, clean.failure?.detail);
  assert.equal(clean.blocked, false);
  assert.equal(clean.failure, null);
  // Implementation failures stop before any closure stage is evaluated.
  const broken = withLog(baseInputs(), "A1", "nothing printed");
  const stopped = waveVerdict(broken);
  assert.equal(stopped.failure?.stage, "implementation");
  assert.equal(
    stopped.gates.some((g) => g.stage === "cont-eval"),
    false,
  );
});

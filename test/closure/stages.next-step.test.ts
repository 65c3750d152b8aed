/**
 * `nextStep`, the order the engine runs an attempt in (src/engine/attempt.ts asks it after every
 * step): which stages run, what each launches, which gates each records, and the verdict. Each
 * branch is pinned from both sides.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ATTEMPT_STAGES, isForwardedGap, nextStep, stoppingGate } from "../../src/closure/stages.js";
import type { AttemptProgress, AttemptSequence, GateInputs, OpenBlocker } from "../../src/closure/types.js";
import type { GateResult } from "../../src/state/schema.js";
import { CLOSURE_STAGES } from "../../src/wave/schema.js";
import { agentDef, baseInputs, configPolicy, LOGS, withLog, waveVerdict, wholeWave } from "./helpers.js";

const EVERY_STAGE_LAUNCHED = [
  "launch design",
  "gates design",
  "launch implementation",
  "gates implementation",
  ...CLOSURE_STAGES.flatMap((s) => [`launch ${s}`, `gates ${s}`]),
  "gates barriers",
  "passed",
];

function gate(stage: GateResult["stage"], agentId: string | null, statusCode = "pass", ok = true): GateResult {
  return { stage, agentId, ok, statusCode, detail: "" };
}

function progress(overrides: Partial<AttemptProgress> = {}): AttemptProgress {
  return { launched: [], done: [], gates: [], forwarded: [], ...overrides };
}

/** The gates `nextStep` gives for `stage` once its agents ran (every stage before it done). */
function gatesAt(stage: (typeof ATTEMPT_STAGES)[number], inputs: GateInputs, recorded: GateResult[] = [], sequence?: AttemptSequence) {
  const before = ATTEMPT_STAGES.slice(0, ATTEMPT_STAGES.indexOf(stage));
  const step = nextStep(sequence ?? wholeWave(inputs), progress({ launched: [stage], done: [...before], gates: recorded }), inputs);
  assert.equal(step.kind, "gates", JSON.stringify(step));
  assert.equal(step.kind === "gates" && step.stage, stage);
  return step.kind === "gates" ? step.gates : [];
}

const label = (g: GateResult) => `${g.stage}:${g.agentId ?? g.componentId ?? "-"}:${g.statusCode}`;

test("the attempt's stages: design, implementation, the closure stages in their order, then the barriers", () => {
  assert.deepEqual([...ATTEMPT_STAGES], ["design", "implementation", ...CLOSURE_STAGES, "barriers"]);
});

test("a whole wave: each stage launches its agents and is then gated, the barriers last, and the wave passes", () => {
  const verdict = waveVerdict(baseInputs());
  assert.deepEqual(verdict.steps, EVERY_STAGE_LAUNCHED);
  assert.equal(verdict.ok, true, JSON.stringify(verdict.failure));
  assert.equal(verdict.failure, null);
  assert.equal(verdict.blocked, false);
  // The design gate is recorded by the design stage and not again with the implementation gates.
  assert.deepEqual(verdict.gates.filter((g) => g.stage === "design").map(label), ["design:D1:pass"]);
  assert.deepEqual(verdict.gates.slice(-2).map(label), ["infra:-:pass", "clarification:-:pass"]);
});

test("what each stage launches: the sequence's design and implementation agents, a closure stage's declared agents", () => {
  const inputs = baseInputs();
  const sequence: AttemptSequence = { design: ["D1"], implementation: ["A2"], carried: [], shardAgents: null };
  assert.deepEqual(nextStep(sequence, progress(), inputs), { kind: "launch", stage: "design", agents: ["D1"] });
  assert.deepEqual(nextStep(sequence, progress({ done: ["design"] }), inputs), { kind: "launch", stage: "implementation", agents: ["A2"] });
  const closure = progress({ done: ["design", "implementation"] });
  assert.deepEqual(nextStep(sequence, closure, inputs), { kind: "launch", stage: "cont-eval", agents: ["E0"] });
  // Once launched, the same stage is gated.
  const launched = nextStep(sequence, { ...closure, launched: ["cont-eval"] }, inputs);
  assert.deepEqual([launched.kind, launched.kind === "gates" && launched.stage], ["gates", "cont-eval"]);
});

test("no design agent to launch: no design stage, and the design gate is checked with the implementation gates", () => {
  const inputs = baseInputs();
  const verdict = waveVerdict(inputs, undefined, { ...wholeWave(inputs), design: [] });
  assert.deepEqual(verdict.steps.slice(0, 2), ["launch implementation", "gates implementation"]);
  assert.equal(verdict.gates[0] && label(verdict.gates[0]), "design:D1:pass");
  assert.equal(verdict.ok, true);
});

test("the design stage records its gates up to the first failing one", () => {
  const base = baseInputs();
  const inputs: GateInputs = {
    ...base,
    wave: { ...base.wave, agents: [...base.wave.agents, agentDef("D2")] },
    roles: { ...base.roles, designAgentIds: ["D1", "D2"] },
    summaries: { ...base.summaries, D1: undefined },
  };
  const gates = gatesAt("design", inputs);
  assert.deepEqual(
    gates.map((g) => [g.stage, g.agentId, g.ok]),
    [["design", "D1", false]],
  );
  const verdict = waveVerdict(inputs);
  assert.deepEqual(verdict.steps, ["launch design", "gates design", "failed"]);
});

test("no implementation agent to launch (all reused): the implementation stage is still gated", () => {
  const inputs = baseInputs();
  const verdict = waveVerdict(inputs, undefined, { ...wholeWave(inputs), implementation: [] });
  assert.deepEqual(verdict.steps.slice(0, 3), ["launch design", "gates design", "gates implementation"]);
  assert.ok(verdict.gates.some((g) => g.stage === "helper-assignment"));
});

test("the implementation stage: design, implementation, component gates not recorded before, then the helper assignments", () => {
  const inputs = baseInputs();
  assert.deepEqual(gatesAt("implementation", inputs).map(label), [
    "design:D1:pass",
    "implementation:D1:pass",
    "implementation:A1:pass",
    "implementation:A2:pass",
    "component:auth-service:pass",
    "helper-assignment:-:pass",
  ]);
  // A gate is left out only when stage, agent and status all match one recorded before.
  const without = (recorded: GateResult) => gatesAt("implementation", inputs, [recorded]).map(label);
  assert.ok(!without(gate("design", "D1")).includes("design:D1:pass"));
  for (const near of [gate("design", "D1", "other-status"), gate("design", "D9"), gate("component", "D1")]) {
    assert.ok(without(near).includes("design:D1:pass"), label(near));
  }
});

test("the implementation stage stops at its first failing gate; closure stages and barriers are not judged", () => {
  const verdict = waveVerdict(withLog(baseInputs(), "A1", "crashed"));
  assert.deepEqual(verdict.gates.map(label), ["design:D1:pass", "implementation:D1:pass", "implementation:A1:missing-wave-proof"]);
  assert.deepEqual(verdict.steps.slice(-2), ["gates implementation", "failed"]);
  assert.equal(verdict.failure?.statusCode, "missing-wave-proof");
  assert.equal(verdict.blocked, false);
});

test("carried closure stages are not run, and their implementation-stage gates are carried with them", () => {
  const inputs = baseInputs();
  const carried: AttemptSequence = { design: [], implementation: [], carried: ["cont-eval", "security"], shardAgents: null };
  const verdict = waveVerdict(inputs, undefined, carried);
  assert.deepEqual(verdict.steps, [
    "gates implementation",
    "launch integration",
    "gates integration",
    "launch documentation",
    "gates documentation",
    "launch cont-qa",
    "gates cont-qa",
    "gates barriers",
    "passed",
  ]);
  assert.deepEqual(gatesAt("implementation", inputs, [], carried), []);
  // Not carried: the same attempt gates the implementation stage.
  assert.notDeepEqual(gatesAt("implementation", inputs, [], { ...carried, carried: [] }), []);
});

test("a shard run: its own agents' implementation gates, then it passes without the wave-wide gates or the sweep", () => {
  const inputs = baseInputs();
  const shard: AttemptSequence = { design: [], implementation: ["A2"], carried: [], shardAgents: ["A2"] };
  const verdict = waveVerdict(inputs, undefined, shard);
  assert.deepEqual(verdict.steps, ["launch implementation", "gates implementation", "passed"]);
  assert.deepEqual(verdict.gates.map(label), ["implementation:A2:pass"]);
  // Another agent's failure is not the shard's; its own is.
  assert.equal(waveVerdict(withLog(inputs, "A1", "crashed"), undefined, shard).ok, true);
  const own = waveVerdict({ ...inputs, summaries: { ...inputs.summaries, A2: undefined } }, undefined, shard);
  assert.equal(own.ok, false);
  assert.equal(own.failure?.agentId, "A2");
  // Several own agents: up to the first failing one.
  const both = waveVerdict(withLog(inputs, "A1", "crashed"), undefined, { ...shard, shardAgents: ["A1", "A2"] });
  assert.deepEqual(both.gates.map(label), ["implementation:A1:missing-wave-proof"]);
  // An own gate recorded before is not recorded twice.
  assert.deepEqual(gatesAt("implementation", inputs, [gate("implementation", "A2")], shard), []);
});

test("a closure stage settled without its agents (auto-closure) is gated without a launch", () => {
  const base = withLog(baseInputs(), "A8", "");
  const inferred = { ...base, summaries: { ...base.summaries, A8: undefined } };
  inferred.policy = configPolicy({ autoClosure: { ...inferred.policy.autoClosure, allowInferredIntegration: true } });
  const verdict = waveVerdict(inferred);
  assert.ok(verdict.steps.includes("gates integration"));
  assert.ok(!verdict.steps.includes("launch integration"));
  assert.equal(verdict.gates.find((g) => g.stage === "integration")?.statusCode, "integration-inferred");
});

test("barriers: a passed helper-assignment gate is not recorded twice; an advisory one is; a failing one ends the list", () => {
  const inputs = baseInputs();
  assert.deepEqual(gatesAt("barriers", inputs).map(label), ["infra:-:pass", "clarification:-:pass"]);
  const request: OpenBlocker = {
    id: "req-9",
    kind: "request",
    agentId: "A1",
    summary: "need a schema review",
    severity: "hard",
    targets: ["capability:database"],
  };
  const assigned = (gateMode: "bootstrap" | "strict"): GateInputs => {
    const base = baseInputs({ policy: configPolicy({ gateMode }) });
    const agents = base.wave.agents.map((a) => (a.agentId === "A8" ? { ...a, capabilities: ["database"] } : a));
    return { ...base, wave: { ...base.wave, agents }, coordination: { openBlockers: [request] } };
  };
  assert.deepEqual(gatesAt("barriers", assigned("bootstrap")).map(label), [
    "helper-assignment:A8:helper-assignment-open-advisory",
    "infra:-:pass",
    "clarification:-:pass",
  ]);
  const open = gatesAt("barriers", assigned("strict"));
  assert.deepEqual(open.map(label), ["helper-assignment:A8:helper-assignment-open"]);
});

test("barriers: a failing infra barrier fails the wave and clarification is not judged", () => {
  const down = withLog(baseInputs(), "A2", `${LOGS.A2}\n[infra-status] kind=db target=pg state=unreachable`);
  assert.deepEqual(gatesAt("barriers", down).map(label), ["infra:A2:infra-unreachable"]);
  const verdict = waveVerdict(down);
  assert.deepEqual(verdict.steps.slice(-2), ["gates barriers", "failed"]);
  assert.equal(verdict.blocked, false);
  assert.equal(verdict.failure?.stage, "infra");
});

test("an open clarification blocks the attempt rather than failing it", () => {
  const asked: GateInputs = {
    ...baseInputs(),
    coordination: { openBlockers: [{ id: "h1", kind: "human-feedback", agentId: "A1", summary: "which db?", severity: "hard" }] },
  };
  const verdict = waveVerdict(asked);
  assert.deepEqual(verdict.steps.slice(-2), ["gates barriers", "blocked"]);
  assert.equal(verdict.blocked, true);
  assert.equal(verdict.failure?.stage, "clarification");
});

test("a forwarded proof gap lets the later stages run, then fails the wave before the barriers", () => {
  const gap = withLog(baseInputs(), "E0", `${LOGS.E0}\n[wave-proof] completion=contract durability=none proof=unit state=gap detail=flaky`);
  const verdict = waveVerdict(gap);
  assert.deepEqual(verdict.steps.slice(-3), ["launch cont-qa", "gates cont-qa", "failed"]);
  assert.equal(verdict.failure?.statusCode, "wave-proof-gap");
  assert.equal(verdict.failure?.agentId, "E0");
  assert.equal(verdict.blocked, false);
  assert.ok(!verdict.gates.some((g) => g.stage === "infra"), "the barriers are not judged");
  assert.deepEqual(
    verdict.forwarded.map((f) => [f.stage, f.agentId]),
    [["cont-eval", "E0"]],
  );
});

test("stoppingGate and isForwardedGap: only a forwarded wave-proof-gap of the same stage and agent lets the attempt go on", () => {
  const gap = gate("cont-eval", "E0", "wave-proof-gap", false);
  const forwarded = [{ stage: "cont-eval" as const, agentId: "E0" }];
  assert.equal(isForwardedGap(gap, forwarded), true);
  assert.equal(stoppingGate(progress({ gates: [gate("design", "D1"), gap], forwarded })), null);
  for (const other of [
    gate("cont-eval", "E0", "missing-wave-eval", false),
    gate("security", "E0", "wave-proof-gap", false),
    gate("cont-eval", "E1", "wave-proof-gap", false),
  ]) {
    assert.equal(isForwardedGap(other, forwarded), false, label(other));
    assert.equal(stoppingGate(progress({ gates: [gap, other], forwarded })), other, label(other));
  }
  assert.equal(stoppingGate(progress({ gates: [gap] })), gap, "not forwarded: it stops");
  assert.equal(stoppingGate(progress({ gates: [gate("design", "D1")] })), null);
});

test("a recorded stopping gate is the verdict at once: failed, or blocked on the clarification barrier", () => {
  const inputs = baseInputs();
  const sequence = wholeWave(inputs);
  const failing = gate("implementation", "A1", "missing-wave-proof", false);
  assert.deepEqual(nextStep(sequence, progress({ gates: [failing] }), inputs), { kind: "verdict", outcome: "failed", gate: failing });
  const question = gate("clarification", null, "human-feedback-open", false);
  assert.deepEqual(nextStep(sequence, progress({ gates: [question] }), inputs), { kind: "verdict", outcome: "blocked", gate: question });
  // Every stage done and nothing stopped: passed.
  assert.deepEqual(nextStep(sequence, progress({ done: [...ATTEMPT_STAGES] }), inputs), { kind: "verdict", outcome: "passed", gate: null });
});

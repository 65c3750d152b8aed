/**
 * Run planning from what earlier attempts recorded (pure): which agents are reused, which run, and
 * which closure stages carry over as passed.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { isReusable, type PlannedAgent, planRun, unknownRerunIds } from "../../src/engine/rerun-plan.js";
import type { PriorState } from "../../src/resume/prior.js";

const agents: PlannedAgent[] = [
  { id: "D1", phase: "design", fingerprint: "fd" },
  { id: "A1", phase: "implementation", fingerprint: "f1" },
  { id: "A2", phase: "implementation", fingerprint: "f2" },
  { id: "E0", phase: "cont-eval", fingerprint: "fe" },
  { id: "A7", phase: "security", fingerprint: "f7" },
  { id: "S2", phase: "security", fingerprint: "fs" },
  { id: "A8", phase: "integration", fingerprint: "f8" },
  { id: "A9", phase: "documentation", fingerprint: "f9" },
  { id: "A0", phase: "cont-qa", fingerprint: "f0" },
];

function prior(overrides: Partial<PriorState> = {}): PriorState {
  return {
    agents: Object.fromEntries(agents.map((a) => [a.id, { status: "succeeded", fingerprint: a.fingerprint }])),
    passedStages: ["cont-eval", "security", "integration"],
    implicated: [],
    feedbackAgentId: null,
    ...overrides,
  };
}

test("no prior state: everything runs, nothing is reused or carried", () => {
  assert.deepEqual(planRun(agents, null), {
    reuse: [],
    design: ["D1"],
    implementation: ["A1", "A2"],
    carriedStages: [],
    closure: ["E0", "A7", "S2", "A8", "A9", "A0"],
  });
});

test("passed stages carry over up to the first stage that did not pass; the rest runs", () => {
  assert.deepEqual(planRun(agents, prior()), {
    reuse: ["D1", "A1", "A2", "E0", "A7", "S2", "A8"],
    design: [],
    implementation: [],
    carriedStages: ["cont-eval", "security", "integration"],
    closure: ["A9", "A0"],
  });
});

test("a stage passed later than a failed one is not carried: carrying stops at the first gap", () => {
  const plan = planRun(agents, prior({ passedStages: ["cont-eval", "integration", "documentation"] }));
  assert.deepEqual(plan.carriedStages, ["cont-eval"]);
  assert.deepEqual(plan.closure, ["A7", "S2", "A8", "A9", "A0"]);
});

test("an implementation agent that runs again invalidates every closure stage", () => {
  const changed = agents.map((a) => (a.id === "A2" ? { ...a, fingerprint: "f2-new" } : a));
  assert.deepEqual(planRun(changed, prior()), {
    reuse: ["D1", "A1"],
    design: [],
    implementation: ["A2"],
    carriedStages: [],
    closure: ["E0", "A7", "S2", "A8", "A9", "A0"],
  });
  const design = planRun(agents, prior({ agents: { ...prior().agents, D1: { status: "failed", fingerprint: "fd" } } }));
  assert.deepEqual(design.design, ["D1"]);
  assert.deepEqual(design.carriedStages, []);
});

test("a passed stage with one agent that cannot be reused runs whole, and nothing after it is carried", () => {
  const plan = planRun(agents, prior({ agents: { ...prior().agents, S2: { status: "failed", fingerprint: "fs" } } }));
  assert.deepEqual(plan.carriedStages, ["cont-eval"]);
  assert.deepEqual(plan.closure, ["A7", "S2", "A8", "A9", "A0"]);
  assert.deepEqual(plan.reuse, ["D1", "A1", "A2", "E0"]);
});

test("reuse needs a succeeded or reused earlier run with the same fingerprint, not implicated, not asked a human", () => {
  const a1 = agents[1]!;
  assert.equal(isReusable(a1, null), false);
  assert.equal(isReusable(a1, prior()), true);
  assert.equal(isReusable(a1, prior({ agents: { A1: { status: "reused", fingerprint: "f1" } } })), true);
  for (const status of ["failed", "timed-out", "idle-timeout", "skipped", "pending"]) {
    assert.equal(isReusable(a1, prior({ agents: { A1: { status, fingerprint: "f1" } } })), false, status);
  }
  assert.equal(isReusable(a1, prior({ agents: { A1: { status: "succeeded", fingerprint: "other" } } })), false);
  assert.equal(isReusable(a1, prior({ agents: {} })), false);
  assert.equal(isReusable(a1, prior({ implicated: ["A1"] })), false);
  assert.equal(isReusable(a1, prior({ implicated: ["A2"] })), true);
  assert.equal(isReusable(a1, prior({ feedbackAgentId: "A1" })), false);
  assert.equal(isReusable(a1, prior({ feedbackAgentId: "A2" })), true);
});

test("an implicated implementation agent runs again and the closure sweep starts over", () => {
  const plan = planRun(agents, prior({ implicated: ["A1"] }));
  assert.deepEqual(plan.implementation, ["A1"]);
  assert.deepEqual(plan.carriedStages, []);
  assert.deepEqual(plan.reuse, ["D1", "A2"]);
});

test("a wave with no agent in a passed stage carries it (an empty stage does not stop carrying)", () => {
  const noEval = agents.filter((a) => a.phase !== "cont-eval");
  const plan = planRun(noEval, prior());
  assert.deepEqual(plan.carriedStages, ["cont-eval", "security", "integration"]);
  assert.deepEqual(plan.closure, ["A9", "A0"]);
  // An empty stage that did not pass stops carrying like any other.
  const notPassed = planRun(noEval, prior({ passedStages: ["security", "integration"] }));
  assert.deepEqual(notPassed.carriedStages, []);
  assert.deepEqual(notPassed.closure, ["A7", "S2", "A8", "A9", "A0"]);
});

test("an agent named for a rerun runs again even when reusable, and invalidates the closure stages after it", () => {
  const a1 = agents[1]!;
  assert.equal(isReusable(a1, prior(), { rerun: ["A1"] }), false);
  assert.equal(isReusable(a1, prior(), { rerun: ["A2"] }), true);
  const plan = planRun(agents, prior(), { rerun: ["A8"] });
  assert.deepEqual(plan.carriedStages, ["cont-eval", "security"]);
  assert.deepEqual(plan.closure, ["A8", "A9", "A0"]);
  assert.deepEqual(planRun(agents, prior(), { rerun: ["A1"] }).carriedStages, []);
});

test("unknown rerun ids: the ones naming no agent, once each, in the order given", () => {
  assert.deepEqual(unknownRerunIds(agents, ["B1", "A1", "B1", "C2"]), ["B1", "C2"]);
  assert.deepEqual(unknownRerunIds(agents, ["A1", "A0"]), []);
});

/**
 * `wave run --rerun`: named agents run again although their earlier results would be reused, and
 * so do the closure stages after them; unknown ids are a usage error naming them. Also the planner's
 * override as the pure function it is.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { planRun, unknownRerunIds } from "../../src/engine/rerun-plan.js";
import type { PriorState } from "../../src/resume/prior.js";
import {
  agentOf,
  contQaAgent,
  documentationAgent,
  implAgent,
  integrationAgent,
  makeRepo,
  readResult,
  resetStarts,
  starts,
  wave,
  writeWave,
} from "../engine/fixture.js";

describe("planRun with a rerun override", () => {
  const agents = [
    { id: "A1", phase: "implementation" as const, fingerprint: "f1" },
    { id: "A2", phase: "implementation" as const, fingerprint: "f2" },
    { id: "A8", phase: "integration" as const, fingerprint: "f8" },
    { id: "A9", phase: "documentation" as const, fingerprint: "f9" },
    { id: "A0", phase: "cont-qa" as const, fingerprint: "f0" },
  ];
  const prior: PriorState = {
    agents: Object.fromEntries(agents.map((a) => [a.id, { status: "succeeded", fingerprint: a.fingerprint }])),
    passedStages: ["cont-eval", "security", "integration", "documentation", "cont-qa"],
    implicated: [],
    feedbackAgentId: null,
  };

  test("without an override everything is reused", () => {
    const plan = planRun(agents, prior);
    assert.deepEqual(plan.implementation, []);
    assert.deepEqual(plan.closure, []);
    assert.deepEqual(plan.carriedStages, ["cont-eval", "security", "integration", "documentation", "cont-qa"]);
  });

  test("an implementation agent forced: it runs, and every closure stage", () => {
    const plan = planRun(agents, prior, { rerun: ["A2"] });
    assert.deepEqual(plan.implementation, ["A2"]);
    assert.deepEqual(plan.reuse, ["A1"]);
    assert.deepEqual(plan.closure, ["A8", "A9", "A0"]);
    assert.deepEqual(plan.carriedStages, []);
  });

  test("a closure agent forced: its stage and the stages after it run, earlier ones carry over", () => {
    const plan = planRun(agents, prior, { rerun: ["A9"] });
    assert.deepEqual(plan.implementation, []);
    assert.deepEqual(plan.carriedStages, ["cont-eval", "security", "integration"]);
    assert.deepEqual(plan.closure, ["A9", "A0"]);
  });

  test("unknown ids are named once each, in the order given", () => {
    assert.deepEqual(unknownRerunIds(agents, ["A7", "A1", "B2", "A7"]), ["A7", "B2"]);
    assert.deepEqual(unknownRerunIds(agents, ["A1", "A0"]), []);
  });
});

describe("wave run --rerun", () => {
  test("forces the named agents and the closure after them; unknown ids are refused", async () => {
    const repo = await makeRepo("rerun");
    try {
      await writeWave(repo, 1, [implAgent("A1"), implAgent("A2"), integrationAgent(1), documentationAgent(), contQaAgent(1)]);
      const first = await wave(repo, ["run", "--wave", "1"]);
      assert.equal(first.code, 0, first.stdout + first.stderr);

      await resetStarts(repo);
      const unknown = await wave(repo, ["run", "--wave", "1", "--rerun", "A2,A7", "--rerun", "Z1"]);
      assert.equal(unknown.code, 2);
      assert.match(unknown.stderr, /--rerun: wave 1 has no agent A7, Z1 \(its agents: A1, A2, A8, A9, A0\)/);
      assert.deepEqual(starts(repo), [], "nothing started");

      const again = await wave(repo, ["run", "--wave", "1"]);
      assert.equal(again.code, 0, again.stderr);
      assert.deepEqual(starts(repo), [], "without --rerun everything is reused");

      const forced = await wave(repo, ["run", "--wave", "1", "--rerun", "A9"]);
      assert.equal(forced.code, 0, forced.stdout + forced.stderr);
      assert.deepEqual(starts(repo), ["A9", "A0"]);
      const result = readResult(repo, 1, 3);
      assert.equal(agentOf(result, "A1").status, "reused");
      assert.equal(agentOf(result, "A8").status, "reused");
      assert.equal(agentOf(result, "A9").status, "succeeded");
      assert.equal(agentOf(result, "A0").status, "succeeded");

      await resetStarts(repo);
      const impl = await wave(repo, ["run", "--wave", "1", "--rerun", "A1"]);
      assert.equal(impl.code, 0, impl.stdout + impl.stderr);
      assert.deepEqual([...starts(repo)].sort(), ["A0", "A1", "A8", "A9"]);
      assert.equal(agentOf(readResult(repo, 1, 4), "A2").status, "reused");
    } finally {
      await repo.cleanup();
    }
  });
});

/**
 * In-job retries (runWave called directly with real agent processes): the next attempt reruns
 * only what failed. Process starts are counted by the agents themselves (a log outside the repo).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { EngineEvent } from "../../src/engine/types.js";
import { agentOf, contQaAgent, engineRun, type Json, makeRepo, readResult, standardAgents, starts, writeWave } from "./fixture.js";

describe("in-job retry", { concurrency: true }, () => {
  test("an implementation agent that crashes once: only it runs again, the wave passes (N+1 starts)", async () => {
    const repo = await makeRepo("retry-impl");
    try {
      const agents = standardAgents(1);
      agents[0]!.behaviour.failRuns = 1;
      await writeWave(repo, 1, agents);
      const events: EngineEvent[] = [];
      const { result } = await engineRun(repo, 1, { maxAttempts: 2 }, events);
      assert.equal(result.status, "passed", JSON.stringify(result.failure));
      const all = starts(repo);
      assert.equal(all.length, agents.length + 1, all.join(","));
      assert.deepEqual(
        all.filter((id) => id === "A1"),
        ["A1", "A1"],
      );
      // A1 ran in both attempts; everyone else once. The crash happened before any closure agent.
      assert.deepEqual(all.slice(0, 2).sort(), ["A1", "A2"]);
      assert.equal(all[2], "A1");
      const a1 = agentOf(result, "A1");
      assert.equal(a1.status, "succeeded");
      assert.equal(a1.attempts, 2);
      assert.equal(a1.runs, 2);
      for (const id of ["A2", "A8", "A9", "A0"]) {
        assert.equal(agentOf(result, id).runs, 1, id);
        assert.equal(agentOf(result, id).attempts, 1, id);
      }
      assert.equal(result.failure, null);
      assert.ok(result.gates.every((g: Json) => g.ok));
      assert.equal(result.gates.filter((g: Json) => g.stage === "implementation" && g.agentId === "A1").length, 1);
      // result.json on disk is what runWave returned.
      assert.deepEqual(readResult(repo, 1, 1), JSON.parse(JSON.stringify(result)));
      const a1Ends = events.filter((e) => e.type === "agent-end" && e.agentId === "A1").map((e) => (e as { status: string }).status);
      assert.deepEqual(a1Ends, ["failed", "succeeded"]);
    } finally {
      await repo.cleanup();
    }
  });

  test("cont-QA that blocks once: the retry reruns only the closure sweep from cont-QA", async () => {
    const repo = await makeRepo("retry-qa");
    try {
      const agents = standardAgents(1);
      const qa = contQaAgent(1, "pass");
      qa.behaviour.runs = {
        "1": {
          write: { "docs/reviews/wave-1-cont-qa.md": "Verdict: BLOCKED - the tests are missing\n" },
          print: [
            "[wave-gate] architecture=pass integration=pass durability=pass live=pass docs=pass",
            "[wave-verdict] blocked detail=tests missing",
          ],
        },
      };
      agents[4] = qa;
      await writeWave(repo, 1, agents);
      const events: EngineEvent[] = [];
      const { result } = await engineRun(repo, 1, { maxAttempts: 2 }, events);
      assert.equal(result.status, "passed", JSON.stringify(result.failure));
      assert.deepEqual(
        starts(repo).filter((id) => id !== "A1" && id !== "A2"),
        ["A8", "A9", "A0", "A0"],
      );
      assert.equal(starts(repo).length, agents.length + 1);
      const a0 = agentOf(result, "A0");
      assert.equal(a0.attempts, 2);
      assert.equal(a0.runs, 2);
      for (const id of ["A1", "A2", "A8", "A9"]) assert.equal(agentOf(result, id).runs, 1, id);
      // The first attempt's blocked gate was recorded, then the passing one; the result keeps the final gates.
      const qaGates = events.filter((e) => e.type === "gate" && e.gate.stage === "cont-qa").map((e) => (e as Json).gate.statusCode);
      assert.deepEqual(qaGates, ["cont-qa-blocked", "pass"]);
      // Every gate of the wave is in the final result once, the carried ones included.
      assert.deepEqual(
        result.gates.map((g: Json) => `${g.stage}:${g.agentId ?? "-"}:${g.statusCode}`),
        [
          "implementation:A1:pass",
          "implementation:A2:pass",
          "cont-eval:-:skipped",
          "security:-:skipped",
          "integration:A8:pass",
          "documentation:A9:pass",
          "component-matrix:-:pass",
          "cont-qa:A0:pass",
          "infra:-:pass",
          "clarification:-:pass",
        ],
      );
      assert.ok(result.gates.every((g: Json) => g.ok));
    } finally {
      await repo.cleanup();
    }
  });

  test("with --max-attempts 1 a crash is final: failed, failure names the agent and its log", async () => {
    const repo = await makeRepo("retry-none");
    try {
      const agents = standardAgents(1);
      agents[1]!.behaviour.failRuns = 5;
      await writeWave(repo, 1, agents);
      const { result } = await engineRun(repo, 1, { maxAttempts: 1 });
      assert.equal(result.status, "failed");
      assert.equal(result.failure?.stage, "implementation");
      assert.equal(result.failure?.agentId, "A2");
      assert.equal(result.failure?.statusCode, "1");
      assert.equal(result.failure?.log, "agents/A2/agent.log");
      assert.deepEqual(starts(repo).sort(), ["A1", "A2"]);
      assert.equal(agentOf(result, "A0").status, "not-run");
    } finally {
      await repo.cleanup();
    }
  });
});

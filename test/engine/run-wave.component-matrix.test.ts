/**
 * The component-matrix gate at run time (through runWave, real agent processes): the engine reads
 * the matrix JSON from the work tree after the documentation stage and the gate fails on a
 * promoted component the matrix does not list or whose currentLevel the steward left stale.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { validateCommand } from "../../src/commands/validate.js";
import type { GateInputs } from "../../src/closure/types.js";
import type { EngineEvent } from "../../src/engine/types.js";
import { type AgentSpec, agentOf, DOC_DELTA, DOC_NO_CHANGE, implAgent, type Json, makeRepo, PROOF, runDirOf, starts } from "./fixture.js";
import { MATRIX_PATH, matrixJson, observedRun, writeSectionWave } from "./gate-fixture.js";

const COMPONENT = "[wave-component] component=core level=repo-landed state=met detail=landed";
const STALE = matrixJson(1, { core: { current: "contract-frozen", target: "repo-landed" } });
const CURRENT = matrixJson(1, { core: { current: "repo-landed", target: "repo-landed" } });

/** A1 owns `core` and reports it met; A9 owns the matrix and writes what `matrix` says (or nothing). */
function agents(matrix: string | null, a9Runs: Record<string, Json> = {}): AgentSpec[] {
  return [
    implAgent("A1", { print: [PROOF, DOC_DELTA, COMPONENT] }),
    {
      id: "A9",
      title: "Documentation steward",
      owned: [MATRIX_PATH],
      behaviour: { print: [DOC_NO_CHANGE], ...(matrix ? { write: { [MATRIX_PATH]: matrix } } : {}), runs: a9Runs },
    },
  ];
}

const sections = { promotions: { core: "repo-landed" }, components: { A1: ["core"] } };

describe("component matrix gate at run time", { concurrency: true }, () => {
  test("reproduced bug: the steward ran and left currentLevel stale → component-current-level-stale, A9 named", async () => {
    const repo = await makeRepo("matrix-stale");
    try {
      await writeSectionWave(repo, 1, agents(null), sections, { [MATRIX_PATH]: STALE });
      // The wave is valid: A9 owns the matrix and could update it.
      const v = await validateCommand({ root: repo.root, format: "json" });
      assert.equal(v.exitCode, 0, v.stdout);
      const seen: GateInputs[] = [];
      const { result } = await observedRun(repo, 1, { maxAttempts: 1 }, seen);
      assert.equal(result.status, "failed");
      assert.equal(result.failure?.stage, "component-matrix");
      assert.equal(result.failure?.statusCode, "component-current-level-stale");
      assert.equal(result.failure?.agentId, "A9");
      assert.match(result.failure?.detail ?? "", /still shows core at contract-frozen; wave 1 promotes it to repo-landed/);
      // The documentation gate itself passed; the matrix gate was evaluated after it, with the matrix read from disk.
      assert.deepEqual(
        result.gates.filter((g) => g.stage === "documentation" || g.stage === "component-matrix").map((g) => `${g.stage}:${g.ok}`),
        ["documentation:true", "component-matrix:false"],
      );
      const last = seen.at(-1)!;
      assert.equal(last.componentMatrix?.components.core?.currentLevel, "contract-frozen");
      assert.equal(last.componentMatrixProblem, null);
      assert.equal(agentOf(result, "A9").status, "succeeded");
    } finally {
      await repo.cleanup();
    }
  });

  test("the steward updates currentLevel: the gate passes and the wave passes", async () => {
    const repo = await makeRepo("matrix-current");
    try {
      await writeSectionWave(repo, 1, agents(CURRENT), sections, { [MATRIX_PATH]: STALE });
      const { result } = await observedRun(repo, 1, { maxAttempts: 1 });
      assert.equal(result.status, "passed", JSON.stringify(result.failure));
      const gate = result.gates.find((g) => g.stage === "component-matrix");
      assert.equal(gate?.ok, true);
      assert.equal(gate?.statusCode, "pass");
      assert.equal(gate?.agentId, "A9");
    } finally {
      await repo.cleanup();
    }
  });

  test("a promoted component missing from the matrix → unknown-component", async () => {
    const repo = await makeRepo("matrix-unknown");
    try {
      const other = matrixJson(1, { other: { current: "repo-landed", target: "repo-landed" } });
      await writeSectionWave(repo, 1, agents(null), sections, { [MATRIX_PATH]: other });
      const { result } = await observedRun(repo, 1, { maxAttempts: 1 });
      assert.equal(result.failure?.stage, "component-matrix");
      assert.equal(result.failure?.statusCode, "unknown-component");
      assert.equal(result.failure?.agentId, "A9");
    } finally {
      await repo.cleanup();
    }
  });

  test("a matrix the steward broke → invalid-component-matrix", async () => {
    const repo = await makeRepo("matrix-broken");
    try {
      await writeSectionWave(repo, 1, agents("{ not json"), sections, { [MATRIX_PATH]: STALE });
      const { result } = await observedRun(repo, 1, { maxAttempts: 1 });
      assert.equal(result.failure?.stage, "component-matrix");
      assert.equal(result.failure?.statusCode, "invalid-component-matrix");
      assert.match(result.failure?.detail ?? "", /not valid JSON/);
    } finally {
      await repo.cleanup();
    }
  });

  test("stale on the first attempt, updated on the retry: only A9 runs again and the wave passes", async () => {
    const repo = await makeRepo("matrix-retry");
    try {
      await writeSectionWave(repo, 1, agents(null, { "2": { write: { [MATRIX_PATH]: CURRENT } } }), sections, { [MATRIX_PATH]: STALE });
      const events: EngineEvent[] = [];
      const { result } = await observedRun(repo, 1, { maxAttempts: 2 }, [], events);
      assert.equal(result.status, "passed", JSON.stringify(result.failure));
      assert.deepEqual(starts(repo), ["A1", "A9", "A9"]);
      const matrixGates = events
        .filter((e) => e.type === "gate" && e.gate.stage === "component-matrix")
        .map((e) => (e as Json).gate.statusCode);
      assert.deepEqual(matrixGates, ["component-current-level-stale", "pass"]);
    } finally {
      await repo.cleanup();
    }
  });

  test("no steward and an implementation agent that leaves the matrix stale: failure names no agent, no retry", async () => {
    const repo = await makeRepo("matrix-noretry");
    try {
      const a1 = implAgent("A1", { print: [PROOF, DOC_DELTA, COMPONENT] });
      a1.owned = [MATRIX_PATH];
      await writeSectionWave(repo, 1, [a1], sections, { [MATRIX_PATH]: STALE });
      const v = await validateCommand({ root: repo.root, format: "json" });
      assert.equal(v.exitCode, 0, "A1 owns the matrix: it could update it, so the wave is valid");
      const events: EngineEvent[] = [];
      const { result } = await observedRun(repo, 1, { maxAttempts: 3 }, [], events);
      assert.equal(result.status, "failed");
      assert.equal(result.failure?.statusCode, "component-current-level-stale");
      assert.equal(result.failure?.agentId, null);
      assert.deepEqual(starts(repo), ["A1"], "a retry would reuse A1 and reach the same verdict: none was started");
      assert.ok(
        events.some((e) => e.type === "notice" && /not retrying: component-current-level-stale cannot change/.test(e.message)),
        JSON.stringify(events.filter((e) => e.type === "notice")),
      );
      const coordination = readFileSync(path.join(runDirOf(repo, 1, 1), "coordination.jsonl"), "utf8");
      assert.match(coordination, /"event":"wave_retry_skipped"/);
      assert.doesNotMatch(coordination, /"event":"wave_retry"[,}]/);
    } finally {
      await repo.cleanup();
    }
  });
});

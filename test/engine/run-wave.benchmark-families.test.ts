/**
 * Delegated benchmark families in the cont-EVAL gate at run time (through runWave, real agent
 * processes): the engine loads the benchmark catalog, so an E0 whose benchmarks are not of the
 * delegated family fails `cont-eval-benchmark-mismatch`, and one that ran a family member passes.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { GateInputs } from "../../src/closure/types.js";
import { type AgentSpec, implAgent, makeRepo } from "./fixture.js";
import { CATALOG_PATH, catalogJson, observedRun, writeSectionWave } from "./gate-fixture.js";

const REPORT = "docs/evals/wave-1-eval.md";
const CATALOG = catalogJson({ latency: ["p95-latency", "p99-latency"], accuracy: ["exact-match"] });
const TARGETS = ["id: speed | selection: delegated | benchmark-family: latency | objective: Fast enough | threshold: p95 under 200ms"];

function e0(benchmarks: string[]): AgentSpec {
  return {
    id: "E0",
    title: "cont-EVAL",
    deliverables: [REPORT],
    behaviour: {
      write: { [REPORT]: "# Eval of wave 1\n" },
      print: [
        `[wave-eval] state=satisfied targets=1 benchmarks=${benchmarks.length} regressions=0 target_ids=speed benchmark_ids=${benchmarks.join(",")} detail=measured`,
      ],
    },
  };
}

describe("delegated benchmark families at run time", { concurrency: true }, () => {
  test("E0 ran a benchmark of another family → cont-eval-benchmark-mismatch (it passed before the catalog was loaded)", async () => {
    const repo = await makeRepo("family-mismatch");
    try {
      await writeSectionWave(repo, 1, [implAgent("A1"), e0(["exact-match"])], { evalTargets: TARGETS }, { [CATALOG_PATH]: CATALOG });
      const seen: GateInputs[] = [];
      const { result } = await observedRun(repo, 1, { maxAttempts: 1 }, seen);
      assert.equal(result.status, "failed");
      assert.equal(result.failure?.stage, "cont-eval");
      assert.equal(result.failure?.agentId, "E0");
      assert.equal(result.failure?.statusCode, "cont-eval-benchmark-mismatch");
      assert.match(result.failure?.detail ?? "", /undeclared benchmark\(s\) exact-match/);
      assert.deepEqual(seen.at(-1)?.benchmarkFamilies, { latency: ["p95-latency", "p99-latency"], accuracy: ["exact-match"] });
    } finally {
      await repo.cleanup();
    }
  });

  test("E0 ran a benchmark of the delegated family → pass", async () => {
    const repo = await makeRepo("family-pass");
    try {
      await writeSectionWave(repo, 1, [implAgent("A1"), e0(["p95-latency"])], { evalTargets: TARGETS }, { [CATALOG_PATH]: CATALOG });
      const { result } = await observedRun(repo, 1, { maxAttempts: 1 });
      assert.equal(result.status, "passed", JSON.stringify(result.failure));
      const gate = result.gates.find((g) => g.stage === "cont-eval");
      assert.equal(gate?.statusCode, "pass");
      assert.equal(gate?.agentId, "E0");
    } finally {
      await repo.cleanup();
    }
  });

  test("without a benchmark catalog a delegated family allows any benchmark id", async () => {
    const repo = await makeRepo("family-nocatalog");
    try {
      await writeSectionWave(repo, 1, [implAgent("A1"), e0(["exact-match"])], { evalTargets: TARGETS });
      const seen: GateInputs[] = [];
      const { result } = await observedRun(repo, 1, { maxAttempts: 1 }, seen);
      assert.equal(result.status, "passed", JSON.stringify(result.failure));
      assert.equal(seen.at(-1)?.benchmarkFamilies, null);
    } finally {
      await repo.cleanup();
    }
  });
});

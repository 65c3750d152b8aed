/**
 * The exit-contract level table of src/closure/static.ts (CONTRACT_LEVELS: each contract key, its
 * gap code and its level names, in order), pinned row by row through what it decides: every level
 * name of a row is a contract some marker can meet, anything else fails with the row's code and a
 * detail listing the row's levels in order. Stryker does not mutate the table (an `as const`
 * literal), so these rows are what pins it.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { type StaticGateInputs, staticGateFailures } from "../../src/closure/static.js";
import type { ExitContract } from "../../src/wave/schema.js";
import { baseInputs } from "./helpers.js";

const ROWS = [
  { key: "completion", label: "completion", code: "completion-gap", levels: ["contract", "integrated", "authoritative", "live"] },
  { key: "durability", label: "durability", code: "durability-gap", levels: ["none", "ephemeral", "durable"] },
  { key: "proof", label: "proof", code: "proof-level-gap", levels: ["unit", "integration", "live"] },
  { key: "docImpact", label: "doc impact", code: "doc-impact-gap", levels: ["none", "owned", "shared-plan"] },
] as const;

const NONE: ExitContract = { completion: null, durability: null, proof: null, docImpact: null };

/** Static failures of the base wave with A1's exit contract set to `contract`. */
function failuresWith(contract: ExitContract) {
  const { wave, roles, policy, componentMatrix } = baseInputs();
  const agents = wave.agents.map((a) => (a.agentId === "A1" ? { ...a, exitContract: contract } : a));
  const inputs: StaticGateInputs = {
    wave: { ...wave, agents },
    roles,
    policy,
    componentMatrix,
    componentMatrixProblem: null,
    componentMatrixWritable: false,
  };
  return staticGateFailures(inputs).map((g) => [g.stage, g.agentId, g.ok, g.statusCode, g.detail]);
}

for (const row of ROWS) {
  test(`exit contract ${row.key}: each of ${row.levels.join(", ")} can be met; any other value fails ${row.code}`, () => {
    for (const level of row.levels) assert.deepEqual(failuresWith({ ...NONE, [row.key]: level }), [], level);
    // Another row's level names (those this row does not share) and an unknown word are not this row's.
    const levels: readonly string[] = row.levels;
    const others = ROWS.flatMap((r): readonly string[] => r.levels).filter((l) => !levels.includes(l));
    for (const value of [...new Set(others), "unknown"]) {
      assert.deepEqual(
        failuresWith({ ...NONE, [row.key]: value }),
        [
          [
            "implementation",
            "A1",
            false,
            row.code,
            `A1's exit contract asks for ${row.label} "${value}", which is not one of ${row.levels.join(", ")}.`,
          ],
        ],
        value,
      );
    }
  });
}

test("one failure per key that names no level, in table order", () => {
  const all = failuresWith({ completion: "x1", durability: "x2", proof: "x3", docImpact: "x4" });
  assert.deepEqual(
    all.map((f) => f[3]),
    ROWS.map((r) => r.code),
  );
});

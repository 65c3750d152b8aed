/**
 * The local agent's task file as the agent reads it (src/executors/local/task-file.ts): checked by
 * hand, with no zod, and held to the orchestrator's schema (LocalTaskSchema in task.ts): every task
 * the orchestrator writes reads back the same, and every broken variant below is refused by both,
 * with a message naming the file and the field.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { buildLocalLaunchSpec } from "../../../src/executors/local/launch.js";
import { LOCAL_TASK_ROLES, type LocalTask, parseLocalTask } from "../../../src/executors/local/task-file.js";
import { LocalTaskSchema } from "../../../src/executors/local/task.js";
import { AGENT_ROLES } from "../../../src/wave/schema.js";
import { makeCtx, makeExecutor } from "../fixtures.js";

const FILE = "/runs/A1/overlay/local-task.json";

function goodTask(): LocalTask {
  return {
    version: 1,
    lane: "main",
    wave: 3,
    agentId: "A1",
    title: "Build the parser",
    role: "cont-eval",
    root: "/repo",
    deliverables: ["src/a.ts"],
    proofArtifacts: ["proof/a.txt"],
    ownedPaths: ["src/"],
    components: [{ id: "parser", level: "repo-landed" }],
    exitContract: { completion: "contract", durability: null, proof: "unit", docImpact: null },
    implementationOwning: true,
    reportPath: "docs/evals/wave-3.md",
    evalTargets: [{ id: "speed", benchmarks: ["b1"] }],
    markerNonce: "n0nce",
  };
}

/** The task with `path` (dotted) set to `value`, or removed when `value` is undefined. */
function variant(path: string, value: unknown): Record<string, unknown> {
  const task = structuredClone(goodTask()) as unknown as Record<string, unknown>;
  const keys = path.split(".");
  let at: Record<string, unknown> = task;
  for (const k of keys.slice(0, -1)) at = at[k] as Record<string, unknown>;
  if (value === undefined) delete at[keys.at(-1)!];
  else at[keys.at(-1)!] = value;
  return task;
}

describe("the local agent's task file, read by hand", () => {
  test("the roles it accepts are the wave model's roles", () => {
    assert.deepEqual([...LOCAL_TASK_ROLES].sort(), [...AGENT_ROLES].sort());
  });

  test("a task the orchestrator writes reads back as the schema reads it", () => {
    for (const role of AGENT_ROLES) {
      const ctx = makeCtx(makeExecutor("local"), {
        role,
        root: "/repo",
        cliArgv: ["/usr/bin/node", "/opt/wave/dist/cli/index.js"],
        agent: { components: ["parser"], componentTargets: { parser: "baseline-proved" }, deliverables: ["src/x.ts"] },
      });
      const text = buildLocalLaunchSpec(ctx).files[0]!.content;
      const read = parseLocalTask(text, FILE);
      assert.deepEqual(read, LocalTaskSchema.parse(JSON.parse(text)));
      assert.equal(read.role, role);
      assert.deepEqual(read.components, [{ id: "parser", level: "baseline-proved" }]);
    }
    assert.deepEqual(parseLocalTask(JSON.stringify(goodTask()), FILE), goodTask());
  });

  test("fields it does not know are left out, as the schema leaves them out", () => {
    const text = JSON.stringify({ ...goodTask(), extra: 1, components: [{ id: "c", level: "l", note: "x" }] });
    const read = parseLocalTask(text, FILE);
    assert.deepEqual(read, LocalTaskSchema.parse(JSON.parse(text)));
    assert.equal("extra" in read, false);
    assert.deepEqual(read.components, [{ id: "c", level: "l" }]);
  });

  test("every broken task is refused by both, naming the file and the field", () => {
    const cases: [path: string, value: unknown, where: string, problem: string][] = [
      ["version", 2, "version", "expected 1, got number 2"],
      ["lane", undefined, "lane", "expected a string, got nothing"],
      ["wave", -1, "wave", "expected a non-negative integer, got number -1"],
      ["wave", 1.5, "wave", "expected a non-negative integer, got number 1.5"],
      ["wave", "3", "wave", 'expected a non-negative integer, got string "3"'],
      ["agentId", "", "agentId", 'expected a non-empty string, got string ""'],
      ["title", null, "title", "expected a string, got null"],
      ["role", "qa", "role", `expected one of ${LOCAL_TASK_ROLES.join(", ")}, got string "qa"`],
      ["root", "", "root", 'expected a non-empty string, got string ""'],
      ["deliverables", "src/a.ts", "deliverables", 'expected an array, got string "src/a.ts"'],
      ["proofArtifacts", [1], "proofArtifacts.0", "expected a string, got number 1"],
      ["ownedPaths", {}, "ownedPaths", "expected an array, got an object"],
      ["components.0.id", "", "components.0.id", 'expected a non-empty string, got string ""'],
      ["components.0.level", undefined, "components.0.level", "expected a non-empty string, got nothing"],
      ["components", [null], "components.0", "expected an object, got null"],
      ["exitContract", [], "exitContract", "expected an object, got an array"],
      ["exitContract.proof", 3, "exitContract.proof", "expected a string or null, got number 3"],
      ["exitContract.docImpact", undefined, "exitContract.docImpact", "expected a string or null, got nothing"],
      ["implementationOwning", "yes", "implementationOwning", 'expected true or false, got string "yes"'],
      ["reportPath", undefined, "reportPath", "expected a string or null, got nothing"],
      ["evalTargets.0.id", "", "evalTargets.0.id", 'expected a non-empty string, got string ""'],
      ["evalTargets.0.benchmarks", ["b", 2], "evalTargets.0.benchmarks.1", "expected a string, got number 2"],
      ["markerNonce", 7, "markerNonce", "expected a string or null, got number 7"],
    ];
    for (const [path, value, where, problem] of cases) {
      const task = variant(path, value);
      assert.equal(LocalTaskSchema.safeParse(task).success, false, `the schema accepts ${path}=${JSON.stringify(value)}`);
      assert.throws(
        () => parseLocalTask(JSON.stringify(task), FILE),
        (error: Error) => error.message === `${FILE}: invalid task at ${where}: ${problem}`,
        `${path}=${JSON.stringify(value)}`,
      );
    }
  });

  test("not an object, or not JSON at all", () => {
    assert.throws(() => parseLocalTask("[]", FILE), { message: `${FILE}: invalid task at (root): expected an object, got an array` });
    assert.throws(() => parseLocalTask("null", FILE), { message: `${FILE}: invalid task at (root): expected an object, got null` });
    assert.throws(
      () => parseLocalTask("{", FILE),
      (error: Error) => error.message.startsWith(`${FILE}: invalid task: not JSON (`),
    );
  });

  test("the first field that does not fit, in the file's order, is the one named", () => {
    const task = { ...goodTask(), lane: 1, markerNonce: 2 };
    assert.throws(() => parseLocalTask(JSON.stringify(task), FILE), {
      message: `${FILE}: invalid task at lane: expected a string, got number 1`,
    });
  });
});

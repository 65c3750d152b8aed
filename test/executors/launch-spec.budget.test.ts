/**
 * What the executors make of an agent's budget and of the default output formats.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { buildLaunchSpec } from "../../src/executors/launch-spec.js";
import { budgetWatchProblem, usageReporting } from "../../src/executors/capability.js";
import { makeCtx, makeExecutor } from "./fixtures.js";

const budget = (usd: number | null, tokens: number | null = null) => ({ turns: null, minutes: null, usd, tokens });

test("claude gets --max-budget-usd from budget.usd (and nothing without one)", () => {
  const argv = buildLaunchSpec(makeCtx(makeExecutor("claude", { budget: budget(0.5) }))).argv;
  assert.deepEqual(argv.slice(argv.indexOf("--max-budget-usd"), argv.indexOf("--max-budget-usd") + 2), ["--max-budget-usd", "0.5"]);
  assert.ok(!buildLaunchSpec(makeCtx(makeExecutor("claude"))).argv.includes("--max-budget-usd"));
  for (const id of ["codex", "opencode"] as const) {
    assert.ok(!buildLaunchSpec(makeCtx(makeExecutor(id, { budget: budget(0.5) }))).argv.includes("--max-budget-usd"), id);
  }
});

test("which budgets can be watched: a CLI that reports cost, tokens with a price, or nothing", () => {
  assert.equal(usageReporting(makeExecutor("claude", { claude: { outputFormat: "stream-json" } })), "cost");
  assert.equal(usageReporting(makeExecutor("claude", { claude: { outputFormat: "text" } })), "none");
  assert.equal(usageReporting(makeExecutor("codex")), "tokens");
  assert.equal(usageReporting(makeExecutor("local")), "none");
  assert.equal(budgetWatchProblem(makeExecutor("codex", { budget: budget(1) }), {}, null)?.includes("pricing has no entry"), true);
  assert.equal(
    budgetWatchProblem(makeExecutor("codex", { budget: budget(1), model: "m" }), { m: { inputPerMTok: 1, outputPerMTok: 1 } }, null),
    null,
  );
  assert.equal(budgetWatchProblem(makeExecutor("codex", { budget: budget(null, 1000) }), {}, null), null, "tokens need no price");
  assert.match(budgetWatchProblem(makeExecutor("codex"), {}, 5) ?? "", /^max-budget-usd cannot be watched/);
  assert.match(
    budgetWatchProblem(makeExecutor("claude", { claude: { outputFormat: "text" }, budget: budget(1) }), {}, null) ?? "",
    /output_format text reports no usage/,
  );
  assert.match(
    budgetWatchProblem(makeExecutor("command", { budget: budget(null, 10) }), {}, null) ?? "",
    /^budget\.tokens cannot be watched for this agent: a command agent reports usage only when its program prints the JSON events of a known CLI$/,
  );
  assert.equal(budgetWatchProblem(makeExecutor("local"), {}, null), null, "no budget, nothing to say");
});

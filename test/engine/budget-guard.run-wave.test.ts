/**
 * Budgets watched as usage streams: an agent over its own `budget.usd` / `budget.tokens`, or the
 * run over `max-budget-usd`, is stopped like a deadline (`budget-exceeded`), the failure says what
 * was spent of which budget, and no further agent of the wave starts (nor a retry).
 *
 * The agents are `command` agents that print the events a model CLI would (a `command` agent's
 * output is read as text, where lines that are events of a known transcript count by its rules).
 */
import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import type { EngineEvent } from "../../src/engine/types.js";
import { agentOf, DOC_DELTA, engineRun, implAgent, type Json, makeRepo, PROOF, starts, type TestRepo, writeWave } from "./fixture.js";

/** A claude `result` event reporting what the process cost. */
const claudeResult = (usd: number, input = 1000, output = 100) =>
  JSON.stringify({
    type: "result",
    subtype: "success",
    is_error: false,
    num_turns: 3,
    session_id: "s-1",
    total_cost_usd: usd,
    usage: { input_tokens: input, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, output_tokens: output },
  });
/** A codex `turn.completed` event: tokens, no cost. */
const codexTurn = (input: number, output: number) =>
  JSON.stringify({
    type: "turn.completed",
    usage: { input_tokens: input, cached_input_tokens: 0, output_tokens: output, reasoning_output_tokens: 0 },
  });
/** Long enough that only a stop ends it (the run's own deadline is an hour). */
const FOREVER = 3_600_000;

describe("budgets", () => {
  const repos: TestRepo[] = [];
  const newRepo = async () => {
    const r = await makeRepo("budget");
    repos.push(r);
    return r;
  };
  after(async () => {
    for (const r of repos) await r.cleanup();
  });

  test("an agent that reports more than its budget.usd while it runs is stopped; the next agent never starts", async () => {
    const repo = await newRepo();
    await writeWave(repo, 1, [
      { ...implAgent("A1", { print: [claudeResult(0.5)], sleepMs: FOREVER }), moreExecutorLines: ["- budget.usd: 0.01"] },
      implAgent("A2"),
    ]);
    const events: EngineEvent[] = [];
    const { result: r } = await engineRun(repo, 1, { maxParallelAgents: 1, maxAttempts: 2 }, events);
    const result = r as Json;
    assert.equal(result.status, "failed");
    const a1 = agentOf(result, "A1");
    assert.equal(a1.status, "budget-exceeded");
    assert.equal(a1.statusCode, "budget-exceeded");
    assert.equal(a1.usage.costUsd, 0.5);
    assert.equal(a1.usage.inputTokens, 1000);
    assert.deepEqual(result.failure, {
      stage: "implementation",
      agentId: "A1",
      statusCode: "budget-exceeded",
      detail: "A1 spent $0.50 of its $0.01 budget (budget.usd)",
      log: "agents/A1/agent.log",
    });
    assert.equal(agentOf(result, "A2").status, "not-run");
    assert.deepEqual(starts(repo), ["A1"], "A2 never started and no retry ran");
    assert.ok(events.some((e) => e.type === "warning" && /budget: A1 spent \$0\.50/.test(e.message)));
    assert.equal(result.usage.costUsd, 0.5);
  });

  test("an agent that ends on its own but spent more than its budget counts as over it", async () => {
    const repo = await newRepo();
    await writeWave(repo, 1, [
      { ...implAgent("A1", { print: [claudeResult(0.0132), PROOF, DOC_DELTA] }), moreExecutorLines: ["- budget.usd: 0.01"] },
    ]);
    const { result: r } = await engineRun(repo, 1);
    const result = r as Json;
    assert.equal(agentOf(result, "A1").status, "budget-exceeded");
    assert.equal(result.failure.detail, "A1 spent $0.0132 of its $0.01 budget (budget.usd)");
  });

  test("spending exactly the budget is fine: the wave passes and reports the cost", async () => {
    const repo = await newRepo();
    await writeWave(repo, 1, [
      { ...implAgent("A1", { print: [claudeResult(0.01), PROOF, DOC_DELTA] }), moreExecutorLines: ["- budget.usd: 0.01"] },
    ]);
    const { result: r } = await engineRun(repo, 1);
    const result = r as Json;
    assert.equal(result.status, "passed", JSON.stringify(result.failure));
    assert.equal(result.usage.costUsd, 0.01);
    assert.equal(result.usage.totalTokens, 1100);
  });

  test("budget.tokens: input + output over the limit stops the agent", async () => {
    const repo = await newRepo();
    await writeWave(repo, 1, [
      { ...implAgent("A1", { print: [codexTurn(900, 101)], sleepMs: FOREVER }), moreExecutorLines: ["- budget.tokens: 1000"] },
    ]);
    const { result: r } = await engineRun(repo, 1);
    const result = r as Json;
    assert.equal(agentOf(result, "A1").status, "budget-exceeded");
    assert.equal(result.failure.detail, "A1 spent 1001 tokens of its 1000 tokens budget (budget.tokens)");
  });

  test("max-budget-usd: the run's agents together; going over stops every running agent", async () => {
    const repo = await newRepo();
    await writeWave(repo, 1, [
      // $1.00 each; the wave may spend $1.50.
      implAgent("A1", { print: [claudeResult(1)], sleepMs: FOREVER }),
      implAgent("A2", { print: [claudeResult(1)], sleepMs: FOREVER }),
    ]);
    const { result: r } = await engineRun(repo, 1, { maxBudgetUsd: 1.5 });
    const result = r as Json;
    assert.equal(result.status, "failed");
    for (const id of ["A1", "A2"]) assert.equal(agentOf(result, id).status, "budget-exceeded", id);
    assert.match(result.failure.detail, /^the wave spent \$2\.00 of its \$1\.50 budget \(max-budget-usd\); A[12] was stopped$/);
    assert.deepEqual([result.usage.costUsd, result.usage.costEstimated, result.usage.inputTokens], [2, false, 2000]);
  });
});

describe("budgets that cannot be watched", () => {
  test("are named in a warning before any agent starts", async () => {
    const repo = await makeRepo("budget-warn");
    try {
      await writeWave(repo, 1, [{ ...implAgent("A1", { print: [PROOF, DOC_DELTA] }), executorLines: ["- id: local", "- budget.usd: 1"] }]);
      const events: EngineEvent[] = [];
      const { result } = await engineRun(repo, 1, {}, events);
      assert.equal(result.status, "passed");
      const warning = events.find((e) => e.type === "warning" && /budget\.usd cannot be watched/.test(e.message));
      assert.ok(warning, JSON.stringify(events.filter((e) => e.type === "warning")));
      assert.match(
        (warning as { message: string }).message,
        /wave-1\.md:\d+: agent A1: budget\.usd cannot be watched for this agent: the local executor reports no usage$/,
      );
    } finally {
      await repo.cleanup();
    }
  });
});

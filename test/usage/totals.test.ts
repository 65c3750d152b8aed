/**
 * A wave's usage totals (usage/totals.ts `waveUsageOf`): null when no agent's CLI reported any
 * figure — never a row of zeros that reads as "used nothing" — and the sum as soon as one did.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import type { AgentUsage } from "../../src/usage/schema.js";
import { waveUsageOf } from "../../src/usage/totals.js";

const none = (): AgentUsage => ({
  model: null,
  inputTokens: null,
  cachedInputTokens: null,
  outputTokens: null,
  reasoningTokens: null,
  costUsd: null,
  costEstimated: false,
  turns: null,
  sessionId: null,
});

test("every agent's usage null, or every figure of it null: the wave's usage is null, not zeros", () => {
  assert.equal(waveUsageOf([]), null);
  assert.equal(
    waveUsageOf([
      { id: "A1", usage: null },
      { id: "A2", usage: undefined },
    ]),
    null,
  );
  assert.equal(
    waveUsageOf([
      { id: "A1", usage: none() },
      { id: "A2", usage: { ...none(), turns: 3, sessionId: "s", model: "m" } },
    ]),
    null,
    "turns, a session and a model are not usage figures",
  );
});

test("one figure reported by one agent: the totals, the others counted as nothing", () => {
  for (const field of ["inputTokens", "cachedInputTokens", "outputTokens", "reasoningTokens", "costUsd"] as const) {
    const out = waveUsageOf([
      { id: "A1", usage: none() },
      { id: "A2", usage: { ...none(), [field]: 7 } },
    ]);
    assert.ok(out, field);
    assert.equal(field === "costUsd" ? out.costUsd : out[field], 7, field);
  }
  const zero = waveUsageOf([{ id: "A1", usage: { ...none(), inputTokens: 0, outputTokens: 0 } }]);
  assert.equal(zero?.totalTokens, 0, "a CLI that reported 0 tokens used none: that is 0");
});

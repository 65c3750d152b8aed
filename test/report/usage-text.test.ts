/**
 * Usage in what people and workflows read: result.json version 1 is still read (as version 2
 * without usage), the job summary's tokens and cost columns and total, the report job's sum over
 * waves, `wave status`, and the action outputs.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { resultOutputs, usageOutputs } from "../../src/action/outputs.js";
import { renderAggregateSummary } from "../../src/report/aggregate-summary.js";
import { renderStatusTable } from "../../src/report/status-table.js";
import { estimateText, formatTokens, usageLine } from "../../src/report/usage-text.js";
import { renderWaveSummary } from "../../src/report/wave-summary.js";
import { type WaveResult, WaveResultSchema } from "../../src/state/schema.js";
import { addWaveUsage, sumUsage } from "../../src/usage/totals.js";
import type { AgentUsage } from "../../src/usage/schema.js";
import { emptyUsage } from "../usage/fixtures.js";
import { failedResult, passedResult } from "./fixtures.js";

const usage = (over: Partial<AgentUsage>): AgentUsage => ({ ...emptyUsage(), ...over });

/** The passed fixture with what each agent's CLI reported. */
function withUsage(): WaveResult {
  const r = passedResult();
  const figures: Record<string, AgentUsage> = {
    A1: usage({
      model: "gpt-5.1-codex",
      inputTokens: 32579,
      cachedInputTokens: 8144,
      outputTokens: 91,
      reasoningTokens: 14,
      costUsd: 0.0325,
      costEstimated: true,
      priceSource: "builtin",
      turns: 1,
      sessionId: "t-1",
    }),
    A2: usage({
      model: "claude-opus-4-8",
      inputTokens: 39902,
      cachedInputTokens: 9975,
      outputTokens: 70,
      costUsd: 0.1564,
      turns: 2,
      sessionId: "s-2",
      continuedSession: true,
    }),
    A8: usage({ inputTokens: 12787, outputTokens: 72, reasoningTokens: 14, turns: 2 }),
  };
  r.agents = r.agents.map((a) => ({ ...a, usage: figures[a.id] ?? null }));
  r.usage = sumUsage(r.agents.map((a) => ({ id: a.id, usage: a.usage })));
  return WaveResultSchema.parse(r);
}

test("a version 1 result.json is read as version 2 with no usage; version 3 is refused", () => {
  const v1 = JSON.parse(JSON.stringify(passedResult()));
  v1.schemaVersion = 1;
  delete v1.usage;
  for (const a of v1.agents) delete a.usage;
  const read = WaveResultSchema.parse(v1);
  assert.equal(read.schemaVersion, 2);
  assert.equal(read.usage, null);
  assert.ok(read.agents.every((a) => a.usage === null));
  assert.match(
    renderWaveSummary({ result: read }),
    /\| Agent \| Title \| Role \| Executor \| Status \| Attempts \/ runs \| Duration \| Reuse \|/,
    "no usage columns",
  );
  assert.equal(WaveResultSchema.safeParse({ ...v1, schemaVersion: 3 }).success, false);
});

test("the job summary: tokens and cost per agent, estimates marked, unknown cost as a dash, the total in the facts", () => {
  const md = renderWaveSummary({ result: withUsage() });
  assert.match(md, /\| Agent \| Title \| Role \| Executor \| Status \| Attempts \/ runs \| Duration \| Tokens \| Cost \| Reuse \|/);
  assert.match(md, /\| A1 \|.*\| 32\.6k in · 91 out \| ≈&#36;0\.0325 \|/);
  assert.match(md, /\| A2 \|.*\| 39\.9k in · 70 out \| &#36;0\.1564 \|/);
  assert.match(md, /\| A8 \|.*\| 12\.8k in · 72 out \| — \|/);
  assert.match(md, /\| E0 \|.*\| — \| — \|/, "an agent without usage");
  assert.match(
    md,
    /- Usage: 85\.5k tokens \(85\.3k in, 18\.1k cached · 233 out, 28 reasoning\) · cost ≈&#36;0\.1889 \(≈ partly estimated from tokens × the built-in price table of 2025-11\); cost unknown for A8/,
  );
  assert.match(md, /continued its session/);
});

test("wave status shows the usage line and columns", () => {
  const text = renderStatusTable(withUsage());
  assert.match(text, /^Usage: 85\.5k tokens .* cost ≈\$0\.1889/m);
  assert.match(text, /TOKENS\s+COST/);
  assert.match(text, /continued its session/);
});

test("the report job sums the waves' usage; a wave without usage adds nothing", () => {
  const a = withUsage();
  const b = { ...withUsage(), wave: 4 };
  const old = { ...failedResult(), wave: 5, usage: null };
  const total = addWaveUsage([a.usage, b.usage, old.usage]);
  assert.equal(total?.totalTokens, 2 * (a.usage?.totalTokens ?? 0));
  assert.equal(total?.costUsd, 0.3778);
  assert.deepEqual(total?.costUnknown, ["A8", "A8"]);
  const md = renderAggregateSummary([a, b, old]);
  assert.match(md, /\| Wave \| Status \| Attempt \| Duration \| Cost \|/);
  assert.match(md, /^Usage of these runs: 171k tokens .* cost ≈&#36;0\.3778/m);
  assert.equal(addWaveUsage([null, undefined]), null);
});

test("action outputs: total-cost-usd as a plain number, total-tokens; empty when nothing was reported", () => {
  const out = resultOutputs(withUsage(), "/r.json");
  assert.equal(out["total-cost-usd"], "0.1889");
  assert.equal(out["total-tokens"], "85501");
  const none = resultOutputs(passedResult(), "/r.json");
  assert.deepEqual([none["total-cost-usd"], none["total-tokens"]], ["", ""]);
  assert.deepEqual(usageOutputs({ ...sumUsage([{ id: "A1", usage: usage({ inputTokens: 5, outputTokens: 1 }) }]) }), {
    "total-cost-usd": "",
    "total-tokens": "6",
  });
});

test("numbers in words", () => {
  assert.deepEqual([0, 9999, 10_000, 99_949, 123_456, 2_500_000, 12_345_678].map(formatTokens), [
    "0",
    "9,999",
    "10.0k",
    "99.9k",
    "123k",
    "2.50M",
    "12.3M",
  ]);
  assert.equal(usageLine(null), null);
  assert.equal(usageLine(sumUsage([])), null);
});

test("an estimate says what was estimated: all of it from the built-in table of its date, partly only when some cost was reported", () => {
  const est = (over: Partial<AgentUsage>) => usage({ inputTokens: 1000, outputTokens: 10, costUsd: 0.01, costEstimated: true, ...over });
  const all = sumUsage([
    { id: "A1", usage: est({ priceSource: "builtin" }) },
    { id: "A2", usage: est({ priceSource: "builtin" }) },
    { id: "A3", usage: usage({ inputTokens: 0, outputTokens: 0, costUsd: 0 }) },
  ]);
  assert.match(usageLine(all)!, /\(≈ estimated from tokens × the built-in price table of 2025-11\)$/);
  assert.doesNotMatch(usageLine(all)!, /partly/);
  const mixed = sumUsage([
    { id: "A1", usage: est({ priceSource: "config" }) },
    { id: "A2", usage: usage({ inputTokens: 5, outputTokens: 1, costUsd: 0.2 }) },
  ]);
  assert.match(usageLine(mixed)!, /\(≈ partly estimated from tokens × the config's pricing\)$/);
  const both = sumUsage([
    { id: "A1", usage: est({ priceSource: "config" }) },
    { id: "A2", usage: est({ priceSource: "builtin" }) },
  ]);
  assert.equal(estimateText(both), "≈ estimated from tokens × the config's pricing and the built-in price table of 2025-11");
  // Over waves (the report job): one wave all estimated, one reported: partly.
  const reported = sumUsage([{ id: "A9", usage: usage({ inputTokens: 5, outputTokens: 1, costUsd: 0.2 }) }]);
  assert.match(estimateText(addWaveUsage([all, reported])!), /^≈ partly estimated/);
  assert.match(estimateText(addWaveUsage([all, all])!), /^≈ estimated from tokens × the built-in price table/);
  // A result written before the tables were told apart.
  assert.equal(estimateText({ costEstimated: true }), "≈ estimated from tokens × the pricing table");
});

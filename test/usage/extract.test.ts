/**
 * Usage figures read from each CLI's own events (samples as the real CLIs wrote them), summed per
 * process, turned into a cost by the pricing table, and checked against budgets.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseSignals } from "../../src/signals/parser.js";
import type { TranscriptFormat } from "../../src/signals/transcript.js";
import { agentBreach, describeBreach, formatUsd, waveBreach } from "../../src/usage/budget.js";
import { sumUsage } from "../../src/usage/totals.js";
import type { UsageFact } from "../../src/usage/extract.js";
import { UsageMeter } from "../../src/usage/meter.js";
import { BUILTIN_PRICING, estimateCost, lookupPrice, priceOf } from "../../src/usage/pricing.js";
import type { AgentUsage, Pricing } from "../../src/usage/schema.js";
import { emptyUsage } from "./fixtures.js";

/** Feeds a transcript through the marker parser and a meter, as the engine does. */
function meterOf(lines: string[], format: TranscriptFormat, pricing: Pricing = {}, model: string | null = null): AgentUsage {
  const meter = new UsageMeter(pricing, model);
  meter.startProcess();
  parseSignals(`${lines.join("\n")}\n`, { transcript: format, onUsage: (f: UsageFact) => meter.apply(f) });
  return meter.snapshot();
}

const CODEX = [
  '{"type":"thread.started","thread_id":"01a22dac-9eae-75b1-8822-fcfa3197745c"}',
  '{"type":"turn.started"}',
  '{"type":"item.completed","item":{"id":"item_0","type":"command_execution","command":"echo","aggregated_output":"{\\"type\\":\\"turn.completed\\",\\"usage\\":{\\"input_tokens\\":1}}","exit_code":0,"status":"completed"}}',
  '{"type":"item.completed","item":{"id":"item_1","type":"agent_message","text":"done"}}',
  '{"type":"turn.completed","usage":{"input_tokens":32579,"cached_input_tokens":8144,"cache_write_input_tokens":0,"output_tokens":91,"reasoning_output_tokens":14}}',
];

test("codex: the thread is the session; turn.completed gives tokens, no cost for a model no table prices", () => {
  const u = meterOf(CODEX, "codex-json", {}, "my-fine-tuned-model");
  assert.deepEqual(u, {
    model: "my-fine-tuned-model",
    inputTokens: 32579,
    cachedInputTokens: 8144,
    outputTokens: 91,
    reasoningTokens: 14,
    costUsd: null,
    costEstimated: false,
    turns: 1,
    sessionId: "01a22dac-9eae-75b1-8822-fcfa3197745c",
  });
});

test("codex without any set-up: the built-in price table gives an estimate, and says it is the built-in one", () => {
  const u = meterOf(CODEX, "codex-json", {}, "gpt-5.1-codex");
  const want = ((32579 - 8144) * 1.25 + 8144 * 0.125 + 91 * 10) / 1e6;
  assert.equal(u.costEstimated, true);
  assert.equal(u.priceSource, "builtin");
  assert.equal(u.costUsd, Math.round(want * 1e6) / 1e6);
  // The config's pricing wins over the built-in figure.
  const own = meterOf(CODEX, "codex-json", { "gpt-5.1-codex": { inputPerMTok: 0, outputPerMTok: 1000 } }, "gpt-5.1-codex");
  assert.equal(own.priceSource, "config");
  assert.equal(own.costUsd, 0.091);
});

test("codex naming no model: a model its thread.started event names is priced; none named anywhere is an unknown cost", () => {
  const lines = ['{"type":"thread.started","thread_id":"t-9","model":"gpt-5-codex"}', ...CODEX.slice(1)];
  const u = meterOf(lines, "codex-json", {}, null);
  assert.equal(u.model, "gpt-5-codex");
  assert.equal(u.priceSource, "builtin");
  assert.ok(u.costUsd !== null && u.costUsd > 0);
  assert.equal(meterOf(CODEX, "codex-json", {}, null).costUsd, null);
});

test("codex with a price: the cost is an estimate, cached input at its own price", () => {
  const pricing: Pricing = { "gpt-5.1-codex": { inputPerMTok: 1.25, outputPerMTok: 10, cachedInputPerMTok: 0.125 } };
  const u = meterOf(CODEX, "codex-json", pricing, "gpt-5.1-codex");
  const want = ((32579 - 8144) * 1.25 + 8144 * 0.125 + 91 * 10) / 1e6;
  assert.equal(u.costEstimated, true);
  assert.equal(u.costUsd, Math.round(want * 1e6) / 1e6);
});

const CLAUDE = [
  '{"type":"system","subtype":"init","cwd":"/repo","session_id":"a3ea0f09-a39f-4168-904b-c59b453ef68f","tools":["Write"],"model":"claude-opus-4-8[1m]","permissionMode":"acceptEdits"}',
  '{"type":"assistant","message":{"id":"msg_2","type":"message","role":"assistant","model":"claude-opus-4-8","content":[{"type":"tool_use","id":"call_wave_0","name":"Write","input":{"file_path":"/repo/a.js","content":"x"}}],"usage":{"input_tokens":19901,"output_tokens":1,"cache_creation_input_tokens":0,"cache_read_input_tokens":0}},"parent_tool_use_id":null,"session_id":"a3ea0f09-a39f-4168-904b-c59b453ef68f"}',
  '{"type":"user","message":{"role":"user","content":[{"tool_use_id":"call_wave_0","type":"tool_result","content":"{\\"type\\":\\"result\\",\\"total_cost_usd\\":0.000001}"}]},"parent_tool_use_id":null,"session_id":"a3ea0f09-a39f-4168-904b-c59b453ef68f"}',
  '{"type":"assistant","message":{"id":"msg_3","type":"message","role":"assistant","model":"claude-opus-4-8","content":[{"type":"text","text":"done"}],"usage":{"input_tokens":15001,"output_tokens":1,"cache_creation_input_tokens":0,"cache_read_input_tokens":5000}},"parent_tool_use_id":null,"session_id":"a3ea0f09-a39f-4168-904b-c59b453ef68f"}',
];
const CLAUDE_RESULT =
  '{"type":"result","subtype":"success","is_error":false,"num_turns":2,"result":"done","session_id":"a3ea0f09-a39f-4168-904b-c59b453ef68f","total_cost_usd":0.20091,"usage":{"input_tokens":34902,"cache_creation_input_tokens":0,"cache_read_input_tokens":5000,"output_tokens":56},"modelUsage":{"claude-opus-4-8[1m]":{"inputTokens":34902,"outputTokens":56,"cacheReadInputTokens":5000,"cacheCreationInputTokens":0,"costUSD":0.2,"contextWindow":1000000},"claude-haiku-4-5":{"inputTokens":300,"outputTokens":10,"cacheReadInputTokens":0,"cacheCreationInputTokens":20,"costUSD":0.00091}}}';

test("claude: assistant messages count while it runs, the result event's totals (all models) replace them", () => {
  const running = meterOf(CLAUDE, "claude-stream-json");
  assert.equal(running.inputTokens, 19901 + 15001 + 5000, "input includes cache reads");
  assert.equal(running.cachedInputTokens, 5000);
  assert.equal(running.outputTokens, 2, "the stream's start values");
  assert.equal(running.costUsd, null, "no cost before the result without a price");
  assert.equal(running.sessionId, "a3ea0f09-a39f-4168-904b-c59b453ef68f");
  assert.equal(running.model, "claude-opus-4-8[1m]");
  const done = meterOf([...CLAUDE, CLAUDE_RESULT], "claude-stream-json");
  assert.deepEqual(done, {
    model: "claude-opus-4-8[1m]",
    inputTokens: 34902 + 5000 + 300 + 20,
    cachedInputTokens: 5000,
    outputTokens: 56 + 10,
    reasoningTokens: null,
    costUsd: 0.20091,
    costEstimated: false,
    turns: 2,
    sessionId: "a3ea0f09-a39f-4168-904b-c59b453ef68f",
  });
});

test("claude: a message split over several events counts once", () => {
  const twice = [CLAUDE[1]!, CLAUDE[1]!.replace('"output_tokens":1', '"output_tokens":40')];
  const u = meterOf(twice, "claude-stream-json");
  assert.equal(u.inputTokens, 19901);
  assert.equal(u.outputTokens, 40);
});

test("claude: the CLI's own budget stop is seen", () => {
  const meter = new UsageMeter({}, null);
  parseSignals(`${CLAUDE_RESULT.replace('"subtype":"success"', '"subtype":"error_max_budget_usd"')}\n`, {
    transcript: "claude-stream-json",
    onUsage: (f) => meter.apply(f),
  });
  assert.equal(meter.budgetStopped, true);
});

const OPENCODE = [
  '{"type":"step_start","timestamp":1,"sessionID":"ses_dd25","part":{"id":"prt_1","type":"step-start"}}',
  '{"type":"tool_use","timestamp":2,"sessionID":"ses_dd25","part":{"type":"tool","tool":"bash","callID":"c","state":{"status":"completed","input":{"command":"cat"},"output":"{\\"type\\":\\"step_finish\\",\\"sessionID\\":\\"x\\",\\"part\\":{\\"tokens\\":{\\"input\\":999999}}}"}}}',
  '{"type":"step_finish","timestamp":3,"sessionID":"ses_dd25","part":{"id":"prt_2","reason":"tool-calls","type":"step-finish","tokens":{"total":6370,"input":6000,"output":20,"reasoning":5,"cache":{"write":10,"read":340}},"cost":0.0021}}',
  '{"type":"step_finish","timestamp":4,"sessionID":"ses_dd25","part":{"id":"prt_3","reason":"stop","type":"step-finish","tokens":{"total":6461,"input":6425,"output":36,"reasoning":0,"cache":{"write":0,"read":0}},"cost":0.0019}}',
];

test("opencode: every step_finish adds its tokens and cost; tool output never counts", () => {
  const u = meterOf(OPENCODE, "opencode-json", {}, "anthropic/claude-sonnet-4-5");
  assert.equal(u.inputTokens, 6000 + 10 + 340 + 6425);
  assert.equal(u.cachedInputTokens, 340);
  assert.equal(u.outputTokens, 20 + 5 + 36);
  assert.equal(u.reasoningTokens, 5);
  assert.equal(u.costUsd, 0.004);
  assert.equal(u.costEstimated, false);
  assert.equal(u.turns, 2);
  assert.equal(u.sessionId, "ses_dd25");
});

test("opencode without a price for its model says cost 0: that is an unknown cost, unless the pricing table has the model", () => {
  const unpriced = OPENCODE.map((l) => l.replace(/"cost":[\d.]+/, '"cost":0'));
  assert.equal(meterOf(unpriced, "opencode-json", {}, "rehearsal/model").costUsd, null);
  const priced = meterOf(unpriced, "opencode-json", { "rehearsal/model": { inputPerMTok: 1, outputPerMTok: 1 } }, "rehearsal/model");
  assert.deepEqual([priced.costUsd, priced.costEstimated], [(6350 + 6425 + 61) / 1e6, true]);
});

test("a retried process counts from zero again: the meter adds its processes", () => {
  const meter = new UsageMeter({}, null);
  for (let i = 0; i < 2; i++) {
    meter.startProcess();
    parseSignals(`${[...CLAUDE, CLAUDE_RESULT].join("\n")}\n`, { transcript: "claude-stream-json", onUsage: (f) => meter.apply(f) });
  }
  const u = meter.snapshot();
  assert.equal(u.costUsd, 0.40182);
  assert.equal(u.turns, 4);
});

test("prices: exact name, then without a [suffix], then without a provider/ prefix", () => {
  const pricing: Pricing = { "claude-opus-4-8": { inputPerMTok: 5, outputPerMTok: 25 }, "gpt-5": { inputPerMTok: 1, outputPerMTok: 8 } };
  assert.equal(priceOf(pricing, "claude-opus-4-8[1m]")?.inputPerMTok, 5);
  assert.equal(priceOf(pricing, "openai/gpt-5")?.outputPerMTok, 8);
  assert.equal(priceOf(pricing, "gpt-5-mini-custom"), null);
  assert.equal(priceOf(pricing, null), null);
  assert.equal(priceOf(pricing, "constructor"), null, "no inherited keys");
  assert.equal(priceOf({}, "toString"), null, "no inherited keys in the built-in table either");
  // Not in the config's table: the built-in one, also under a dated or provider-prefixed name.
  assert.deepEqual(lookupPrice(pricing, "gpt-5-mini"), { price: BUILTIN_PRICING["gpt-5-mini"], source: "builtin", name: "gpt-5-mini" });
  assert.equal(lookupPrice({}, "claude-sonnet-4-5-20250929")?.name, "claude-sonnet-4-5");
  assert.equal(lookupPrice({}, "anthropic/claude-haiku-4-5")?.price.outputPerMTok, 5);
  assert.equal(lookupPrice(pricing, "gpt-5")?.source, "config");
  assert.equal(estimateCost({ input: 1_000_000, cached: 0, output: 1_000_000 }, { inputPerMTok: 1, outputPerMTok: 8 }), 9);
});

const used = (over: Partial<AgentUsage>): AgentUsage => ({ ...emptyUsage(), ...over });

test("budgets: spending the whole budget is allowed, a cent more is not; tokens count input + output", () => {
  assert.equal(agentBreach(used({ costUsd: 0.01, inputTokens: 5 }), { usd: 0.01, tokens: null }), null);
  const over = agentBreach(used({ costUsd: 0.0132, inputTokens: 5 }), { usd: 0.01, tokens: null });
  assert.deepEqual(over, { scope: "agent", measure: "usd", spent: 0.0132, limit: 0.01, estimated: false });
  assert.equal(describeBreach(over!, "A1"), "A1 spent $0.0132 of its $0.01 budget (budget.usd)");
  assert.equal(agentBreach(used({ inputTokens: 900, outputTokens: 100 }), { usd: null, tokens: 1000 }), null);
  const tokens = agentBreach(used({ inputTokens: 900, outputTokens: 101 }), { usd: null, tokens: 1000 });
  assert.equal(describeBreach(tokens!, "A2"), "A2 spent 1001 tokens of its 1000 tokens budget (budget.tokens)");
  assert.equal(
    agentBreach(used({ costUsd: null, inputTokens: 10 ** 9 }), { usd: 0.01, tokens: null }),
    null,
    "an unknown cost is no breach",
  );
  const totals = sumUsage([
    { id: "A1", usage: used({ costUsd: 0.3, inputTokens: 10, outputTokens: 1 }) },
    {
      id: "A2",
      usage: used({ costUsd: 0.25, costEstimated: true, inputTokens: 20, outputTokens: 2, cachedInputTokens: 5, reasoningTokens: 1 }),
    },
    { id: "A3", usage: used({ inputTokens: 7 }) },
    { id: "A4", usage: null },
  ]);
  assert.deepEqual(totals, {
    inputTokens: 37,
    cachedInputTokens: 5,
    outputTokens: 3,
    reasoningTokens: 1,
    totalTokens: 40,
    costUsd: 0.55,
    costEstimated: true,
    // A1's CLI reported its cost: the total is only partly an estimate.
    costEstimatedAll: false,
    costUnknown: ["A3"],
  });
  assert.equal(waveBreach(totals, 0.55), null);
  const wave = waveBreach(totals, 0.5);
  assert.match(
    describeBreach(wave!, "A2"),
    /^the wave spent \$0\.55 \(estimated from the pricing table\) of its \$0\.50 budget \(max-budget-usd\); A2 was stopped$/,
  );
  assert.equal(formatUsd(0.000123), "$0.000123");
});

test("codex: a resumed thread reports the thread's totals; the meter counts each process's share once", () => {
  const thread = '{"type":"thread.started","thread_id":"t-1"}';
  const turn = (input: number, output: number) =>
    `{"type":"turn.completed","usage":{"input_tokens":${input},"cached_input_tokens":0,"output_tokens":${output},"reasoning_output_tokens":0}}`;
  const run = (meter: UsageMeter, lines: string[]) => {
    meter.startProcess();
    parseSignals(`${lines.join("\n")}\n`, { transcript: "codex-json", onUsage: (f) => meter.apply(f) });
  };
  // Process 1 finished its turn, process 2 resumed the thread: 1000 + 500 in, not 1000 + 1500.
  const finished = new UsageMeter({}, null);
  run(finished, [thread, turn(1000, 10)]);
  run(finished, [thread, turn(1500, 25)]);
  assert.deepEqual([finished.snapshot().inputTokens, finished.snapshot().outputTokens, finished.snapshot().turns], [1500, 25, 2]);
  // Process 1 was killed before its turn ended (no figures): the resumed total covers both.
  const killed = new UsageMeter({}, null);
  run(killed, [thread]);
  run(killed, [thread, turn(1500, 25)]);
  assert.deepEqual([killed.snapshot().inputTokens, killed.snapshot().outputTokens], [1500, 25]);
  // Another thread counts on its own.
  const fresh = new UsageMeter({}, null);
  run(fresh, [thread, turn(1000, 10)]);
  run(fresh, ['{"type":"thread.started","thread_id":"t-2"}', turn(700, 7)]);
  assert.equal(fresh.snapshot().inputTokens, 1700);
});

test("the budget guard: estimates from the pricing table count toward max-budget-usd; running agents are stopped", async () => {
  const { BudgetGuard } = await import("../../src/engine/budget-guard.js");
  const stops: string[] = [];
  const guard = new BudgetGuard({ "model-x": { inputPerMTok: 1, outputPerMTok: 10 } }, 1.5, (s) => stops.push(s.agentId));
  const limits = { usd: null, tokens: null };
  const s1 = guard.start("A1");
  const s2 = guard.start("A2");
  for (const id of ["A1", "A2"]) guard.meter(id, "model-x").startProcess();
  guard
    .meter("A1", "model-x")
    .apply({ kind: "session-total", tokens: { input: 1_000_000, cached: 0, output: 0, reasoning: 0 }, turn: true });
  guard.check("A1", limits);
  assert.equal(guard.exhausted, false, "$1.00 of $1.50");
  assert.equal(guard.remainingUsd(), 0.5);
  guard
    .meter("A2", "model-x")
    .apply({ kind: "session-total", tokens: { input: 1_000_000, cached: 0, output: 0, reasoning: 0 }, turn: true });
  guard.check("A2", limits);
  assert.equal(guard.exhausted, true);
  assert.deepEqual([s1.aborted, s2.aborted], [true, true]);
  assert.deepEqual(stops.sort(), ["A1", "A2"]);
  assert.equal(
    guard.stopOf("A1")?.detail,
    "the wave spent $2.00 (estimated from the pricing table) of its $1.50 budget (max-budget-usd); A1 was stopped",
  );
  // An agent that starts after the wave's budget is spent is stopped at once.
  assert.equal(guard.start("A3").aborted, true);
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { UsageReader, type WireFormat } from "../../src/proxy/wire-usage.js";

function usageOf(format: WireFormat, body: unknown) {
  const reader = new UsageReader(format, "application/json");
  reader.push(Buffer.from(JSON.stringify(body)));
  return reader.end();
}

test("OpenAI usage: the Responses API's input/output names and chat completions' prompt/completion names give the same figures", () => {
  const responses = { input_tokens: 120, input_tokens_details: { cached_tokens: 20 }, output_tokens: 30 };
  const responsesReasoning = { output_tokens_details: { reasoning_tokens: 7 } };
  const chat = { prompt_tokens: 121, prompt_tokens_details: { cached_tokens: 21 }, completion_tokens: 31 };
  const chatReasoning = { completion_tokens_details: { reasoning_tokens: 8 } };
  // Each API's reader reads its own names only: the other's are decoys.
  assert.deepEqual(usageOf("responses", { model: "gpt-x", usage: { ...responses, ...responsesReasoning, prompt_tokens: 9 } }), {
    model: "gpt-x",
    tokens: { input: 120, cached: 20, output: 30, reasoning: 7 },
  });
  assert.deepEqual(usageOf("chat", { model: "gpt-y", usage: { ...chat, ...chatReasoning, input_tokens: 9, output_tokens: 9 } }), {
    model: "gpt-y",
    tokens: { input: 121, cached: 21, output: 31, reasoning: 8 },
  });
});

test("OpenAI usage: a figure that is absent, or details that are not an object, is null; the others stay", () => {
  assert.deepEqual(usageOf("chat", { usage: { prompt_tokens: 5, prompt_tokens_details: 3, completion_tokens_details: null } })?.tokens, {
    input: 5,
    cached: null,
    output: null,
    reasoning: null,
  });
  assert.deepEqual(usageOf("responses", { usage: { output_tokens: 4, output_tokens_details: { reasoning_tokens: 2 } } })?.tokens, {
    input: null,
    cached: null,
    output: 4,
    reasoning: 2,
  });
});

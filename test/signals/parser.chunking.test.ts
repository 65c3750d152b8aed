import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { createSignalParser, parseSignals, type SignalParserOptions } from "../../src/signals/parser.js";
import { TRANSCRIPT_FORMATS } from "../../src/signals/transcript.js";
import { FIXTURE_NONCE, LOG_FIXTURES, readFixture } from "./fixtures.js";

/** Parses `input` pushed as Buffer chunks cut at the given byte offsets. */
function parseChunked(input: Buffer, cuts: number[], options: SignalParserOptions) {
  const parser = createSignalParser(options);
  const points = [...new Set(cuts.map((c) => c % (input.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const at of points) {
    parser.push(input.subarray(from, at));
    from = at;
  }
  parser.push(input.subarray(from));
  parser.end();
  return parser.result();
}

const cutsArb = fc.array(fc.nat(), { maxLength: 40 });

for (const fixture of LOG_FIXTURES) {
  test(`chunk boundaries do not change the result: ${fixture.file}`, () => {
    const input = readFixture(fixture.file);
    const options = { nonce: fixture.nonce, transcript: fixture.transcript };
    const whole = parseSignals(input, options);
    fc.assert(
      fc.property(cutsArb, (cuts) => {
        assert.deepEqual(parseChunked(input, cuts, options), whole);
      }),
      { numRuns: 150 },
    );
  });
}

const LINE_PIECES = [
  "plain prose line",
  "",
  "```",
  "```text",
  "~~~",
  "[wave-proof] completion=contract durability=none proof=unit state=met detail=ok",
  "[wave-proof] completion=live durability=none proof=unit",
  `[wave-gate] architecture=pass integration=pass durability=pass live=gap docs=pass nonce=${FIXTURE_NONCE}`,
  "[wave-verdict] pass",
  `- \`[wave-verdict] fail detail=broken nonce=${FIXTURE_NONCE}\``,
  "[wave-component] component=core level=repo-landed state=met",
  "[wave-gap] kind=docs detail=ü and 日本 in details",
  "\u001b[31m[wave-doc-delta] state=owned paths=a.md\u001b[0m",
  "[wave-unknown] x=1",
  JSON.stringify({
    type: "item.completed",
    item: { type: "agent_message", text: "done\n[wave-phase] coding\n```\n[wave-eval] state=satisfied" },
  }),
  JSON.stringify({ type: "result", subtype: "error_max_turns", errors: ["Reached maximum number of turns (3)"] }),
  JSON.stringify({ type: "result", subtype: "success", result: "[wave-verdict] hold" }),
  JSON.stringify({ type: "item.completed", item: { type: "command_execution", aggregated_output: "[wave-phase] tool\n```" } }),
  JSON.stringify({
    type: "assistant",
    message: { role: "assistant", content: [{ type: "text", text: "```\n[wave-gap] kind=ops detail=x" }] },
  }),
  JSON.stringify({
    type: "user",
    message: { role: "user", content: [{ type: "tool_result", content: [{ type: "text", text: "[wave-phase] qa" }] }] },
  }),
  JSON.stringify({ type: "text", sessionID: "ses_1", part: { type: "text", text: "[wave-phase] finalizing" } }),
  JSON.stringify({ type: "tool_use", sessionID: "ses_1", part: { type: "tool", state: { output: "[wave-phase] coding" } } }),
  "x".repeat(90),
  "emoji 😀 line",
];

const logArb = fc
  .array(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...LINE_PIECES) }, { weight: 1, arbitrary: fc.string({ maxLength: 30 }) }), {
    maxLength: 60,
  })
  .chain((lines) => fc.tuple(fc.constant(lines), fc.constantFrom("\n", "\r\n")));

test("chunk boundaries do not change the result: random logs (multi-byte text, CRLF, fences, JSON, long lines), every transcript format", () => {
  fc.assert(
    fc.property(
      logArb,
      cutsArb,
      fc.boolean(),
      fc.constantFrom(...TRANSCRIPT_FORMATS),
      fc.constantFrom(64, 4096),
      (log, cuts, withNonce, transcript, maxLineLength) => {
        const [lines, eol] = log;
        const input = Buffer.from(lines.join(eol), "utf8");
        const options = { nonce: withNonce ? FIXTURE_NONCE : null, maxLineLength, transcript };
        assert.deepEqual(parseChunked(input, cuts, options), parseSignals(input, options));
      },
    ),
    { numRuns: 400 },
  );
});

test("chunk boundaries do not change the result: invalid UTF-8 bytes split anywhere", () => {
  const bytes = fc.array(fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(10, 0xe2, 0x82, 0xac, 0xf0, 0x9f)), { maxLength: 200 });
  fc.assert(
    fc.property(bytes, cutsArb, (raw, cuts) => {
      const marker = Buffer.from("\n[wave-doc-delta] state=none\n");
      const input = Buffer.concat([Buffer.from(raw), marker, Buffer.from(raw)]);
      const whole = parseSignals(input);
      assert.deepEqual(parseChunked(input, cuts, {}), whole);
    }),
    { numRuns: 300 },
  );
});

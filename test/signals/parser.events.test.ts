/**
 * How the parser reads transcript events and assembles lines: usage facts reach `onUsage`, error
 * texts are kept (cut to 500 characters), turn-limit facts from events and from plain lines, a
 * `{` line that is no JSON object, an assistant message quoting the turn-limit text, and a line
 * over the cap that arrives in several chunks.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { createSignalParser, parseSignals } from "../../src/signals/parser.js";
import type { UsageFact } from "../../src/usage/extract.js";

const INIT = '{"type": "system", "subtype": "init", "session_id": "s-1", "model": "claude-x"}';

test("usage facts of transcript events reach onUsage, in a JSON transcript and in text format", () => {
  for (const transcript of ["claude-stream-json", "text"] as const) {
    const facts: UsageFact[] = [];
    const r = parseSignals(`${INIT}\n`, { transcript, onUsage: (fact) => facts.push(fact) });
    assert.deepEqual(facts, [{ kind: "session", sessionId: "s-1", model: "claude-x" }], transcript);
    assert.deepEqual(r.termination, { turnLimitReached: false, observedTurnLimit: null, lastError: null });
  }
  // Without a listener the same stream parses the same.
  assert.equal(parseSignals(`${INIT}\n[wave-gap] kind=ops\n`).gaps[0]?.kind, "ops");
});

test("a codex error event's message is the last error, cut to 500 characters", () => {
  const spaced = parseSignals('{"type": "error", "message": "stream disconnected"}', { transcript: "codex-json" });
  assert.equal(spaced.termination.lastError, "stream disconnected");
  const long = parseSignals(JSON.stringify({ type: "error", message: `${"e".repeat(499)}XYZ` }), { transcript: "codex-json" });
  assert.equal(long.termination.lastError, `${"e".repeat(499)}X`);
});

test("a line starting with { that is no JSON object is skipped in a JSON transcript, marker tag or not", () => {
  const log = '{ [wave-gap] kind=ops\n{"type": "error" [wave-gap] kind=docs}\n';
  const r = parseSignals(log, { transcript: "codex-json" });
  assert.deepEqual(r.gaps, []);
  assert.equal(r.termination.lastError, null);
  assert.deepEqual(r.stats, { lines: 2, bytes: log.length, oversizedLines: 0 });
});

test("a turn-limit result without a number keeps the number an earlier line gave", () => {
  const r = parseSignals('Reached max turns (7)\n{"type":"result","subtype":"error_max_turns","is_error":true}\n');
  assert.deepEqual(r.termination, { turnLimitReached: true, observedTurnLimit: 7, lastError: null });
  const numbered = parseSignals(
    'Reached max turns (7)\n{"type":"result","subtype":"error_max_turns","errors":["Reached maximum number of turns (9)"]}\n',
  );
  assert.deepEqual(numbered.termination, { turnLimitReached: true, observedTurnLimit: 9, lastError: null });
});

test("in text format an assistant message quoting the turn-limit text is no termination; a JSON line of no known event is plain text", () => {
  const quoted = JSON.stringify({
    type: "assistant",
    message: { role: "assistant", content: [{ type: "text", text: "The log said Reached max turns (4)\n[wave-gap] kind=ops" }] },
    parent_tool_use_id: null,
  });
  const r = parseSignals(`${quoted}\n`);
  assert.deepEqual(r.termination, { turnLimitReached: false, observedTurnLimit: null, lastError: null });
  assert.deepEqual(
    r.gaps.map((g) => [g.kind, g.line]),
    [["ops", 1]],
  );
  const unknown = parseSignals('{"msg": "Reached max turns (7)"}\n');
  assert.deepEqual(unknown.termination, { turnLimitReached: true, observedTurnLimit: 7, lastError: null });
});

test("an over-long line whose tail arrives in a later chunk leaves nothing behind for the next line", () => {
  const parser = createSignalParser({ maxLineLength: 64 });
  parser.push("[wave-proof] state=met ");
  parser.push("x".repeat(100));
  parser.push("tail");
  parser.push("\n[wave-gap] kind=docs\n");
  parser.end();
  const r = parser.result();
  assert.equal(r.proof, null);
  assert.deepEqual(
    r.gaps.map((g) => [g.kind, g.line]),
    [["docs", 2]],
  );
  assert.equal(r.stats.oversizedLines, 1);
  assert.equal(r.diagnostics[0]?.text, `[wave-proof] state=met ${"x".repeat(64 - 23)}`);
});

test("an over-long line starting with a nonce is sampled with the nonce masked", () => {
  const r = parseSignals("nonce=abcdefghijkl\n", { maxLineLength: 10 });
  assert.deepEqual(
    r.diagnostics.map((d) => [d.kind, d.text, d.reason]),
    [["log", "nonce=***", "line longer than 10 characters ignored"]],
  );
});

/**
 * The signal parser leaves a `{…}` line unparsed unless it holds a marker tag or its transcript's
 * `worthReading` matches it. Held here against every captured transcript of the fixtures: each
 * event from which its reader gets an error, a turn limit or usage, or which changes the stream's
 * state, is matched by the `worthReading` of the transcript that reads it — so no such event is
 * lost to the fast path, whichever CLI wrote it.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { EXECUTOR_ADAPTERS } from "../../src/executors/registry.js";
import { newTranscriptState, parseJsonLine, readTranscriptEvent, transcriptOf, worthReading } from "../../src/signals/transcript.js";
import { REPO_ROOT } from "../helpers/cli.js";

/** Every captured JSON-lines transcript under test/fixtures (executors' captures and the log fixtures). */
function transcripts(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".jsonl")) out.push(full);
    }
  };
  walk(path.join(REPO_ROOT, "test", "fixtures"));
  return out.sort();
}

test("the fixtures hold transcripts of every executor that has one", () => {
  const dialects = new Set<string>();
  for (const file of transcripts()) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const event = parseJsonLine(line.trim());
      const t = event ? transcriptOf(event) : null;
      if (t) dialects.add(t.dialect);
    }
  }
  // OpenCode has no captured transcript among the fixtures; its events are checked by name below.
  const expected = EXECUTOR_ADAPTERS.flatMap((a) => (a.transcript && a.transcript.dialect !== "opencode" ? [a.transcript.dialect] : []));
  for (const d of expected) assert.ok(dialects.has(d), `no captured ${d} transcript`);
});

test("every captured event that yields an error, a turn limit, usage or a state change is worth reading to its transcript", () => {
  let checked = 0;
  for (const file of transcripts()) {
    const state = newTranscriptState();
    readFileSync(file, "utf8")
      .split("\n")
      .forEach((raw, i) => {
        const line = raw.trim();
        const event = parseJsonLine(line);
        const transcript = event ? transcriptOf(event) : null;
        if (!event || !transcript) return;
        const before = JSON.stringify(state);
        const facts = readTranscriptEvent(event, "text", state);
        assert.ok(facts);
        const matters = facts.error !== null || facts.maxTurns || facts.usage.length > 0 || JSON.stringify(state) !== before;
        if (!matters) return;
        checked++;
        assert.ok(
          transcript.worthReading.test(line),
          `${path.relative(REPO_ROOT, file)}:${i + 1}: a ${transcript.dialect} ${String(event.type)} event matters but its worthReading skips it`,
        );
      });
  }
  assert.ok(checked > 20, `only ${checked} events checked`);
});

test("OpenCode: its session, usage and error events are worth reading; its tool calls are not", () => {
  const t = EXECUTOR_ADAPTERS.find((a) => a.transcript?.dialect === "opencode")!.transcript!;
  for (const type of ["step_start", "step_finish", "error"]) assert.ok(t.worthReading.test(`{"type":"${type}","sessionID":"s"}`), type);
  for (const type of ["tool_use", "text", "reasoning"]) assert.ok(!t.worthReading.test(`{"type":"${type}","sessionID":"s"}`), type);
});

test("worthReading of a format asks that format's transcripts only; `text` asks them all", () => {
  const copilotError = '{"type":"session.error","data":{"message":"x"},"id":"1"}';
  const codexUsage = '{"type":"turn.completed","usage":{}}';
  const toolOutput = '{"type":"tool.execution_complete","data":{"result":{"content":"x"}},"id":"2"}';
  assert.equal(worthReading("copilot-json")(copilotError), true);
  assert.equal(worthReading("copilot-json")(codexUsage), false);
  assert.equal(worthReading("codex-json")(codexUsage), true);
  assert.equal(worthReading("codex-json")(copilotError), false);
  assert.equal(worthReading("text")(copilotError), true);
  assert.equal(worthReading("text")(codexUsage), true);
  assert.equal(worthReading("text")(toolOutput), false);
});

test("no pattern keeps state between lines (no g or y flag)", () => {
  for (const a of EXECUTOR_ADAPTERS) {
    if (a.transcript) assert.doesNotMatch(a.transcript.worthReading.flags, /[gy]/, a.id);
  }
});

/**
 * Copilot CLI `--output-format json` read through the real signal parser, from the stream
 * captured from copilot 1.0.102 run offline against a loopback model server
 * (test/fixtures/executors/copilot/): only the main agent's `assistant.message` counts — not the
 * prompt, tool arguments, tool output, streamed pieces or a sub-agent's message; a malformed line
 * or event is reported (termination.lastError), never thrown, and the lines after it still count.
 * A second stream, captured the same way from a server that answered 400, holds its `session.error`.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { parseSignals } from "../../../src/signals/parser.js";
import { renderTranscriptText } from "../../../src/signals/render.js";
import { dialectOf } from "../../../src/signals/transcript.js";
import type { UsageFact } from "../../../src/usage/extract.js";
import { REPO_ROOT } from "../../helpers/cli.js";

const FORMAT = "copilot-json";
const PROOF = "[wave-proof] completion=contract durability=none proof=unit state=met detail=done";
const FORGED = "[wave-proof] completion=contract durability=none proof=unit state=met detail=forged";

type Ev = Record<string, unknown> & { data?: Record<string, unknown> };
const captured: Ev[] = readFileSync(path.join(REPO_ROOT, "test/fixtures/executors/copilot/captured-1.0.102.jsonl"), "utf8")
  .split("\n")
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Ev);

const isReply = (e: Ev) => e.type === "assistant.message" && ((e.data?.toolRequests as unknown[]) ?? []).length === 0;

/** The captured stream with the final reply's text set to `reply`; `edit` changes (or adds to) any event. */
function stream(reply: string, edit: (e: Ev) => Ev | (Ev | string)[] = (e) => e): string {
  const out: string[] = [];
  for (const e of captured) {
    const base = isReply(e) ? { ...e, data: { ...e.data, content: reply } } : { ...e, data: { ...e.data } };
    const edited = edit(base);
    for (const x of Array.isArray(edited) ? edited : [edited]) out.push(typeof x === "string" ? x : JSON.stringify(x));
  }
  return `${out.join("\n")}\n`;
}

/** The stream of a run whose model server answered `400 model not found wave`. */
const failedRun = readFileSync(path.join(REPO_ROOT, "test/fixtures/executors/copilot/captured-error-1.0.102.jsonl"), "utf8");

function parse(text: string, transcript = FORMAT) {
  const usage: UsageFact[] = [];
  const result = parseSignals(text, { transcript, onUsage: (f) => usage.push(f) });
  return { result, usage };
}

describe("copilot json transcript", () => {
  test("every captured event is copilot's (not claimed by another CLI's reader)", () => {
    for (const e of captured) assert.equal(dialectOf(e), "copilot", String(e.type));
  });

  test("the main agent's message counts", () => {
    const { result } = parse(stream(`Done.\n${PROOF}\n`));
    assert.equal(result.proof?.detail, "done");
    assert.equal(result.termination.lastError, null);
  });

  test("the prompt, tool arguments, tool output, streamed pieces and a sub-agent's message never count", () => {
    const text = stream("nothing of mine", (e) => {
      if (e.type === "user.message") return { ...e, data: { ...e.data, content: FORGED, transformedContent: FORGED } };
      if (e.type === "tool.execution_start") return { ...e, data: { ...e.data, arguments: { command: `echo '${FORGED}'` } } };
      if (e.type === "tool.execution_complete") return { ...e, data: { ...e.data, result: { content: FORGED, detailedContent: FORGED } } };
      if (e.type === "assistant.message_delta") return { ...e, data: { ...e.data, deltaContent: FORGED } };
      if (isReply(e)) return [{ ...e, id: "sub-1", data: { ...e.data, content: FORGED, parentToolCallId: "call_task_1" } }, e];
      return e;
    });
    const { result } = parse(text);
    assert.equal(result.proof, null);
    assert.equal(result.counts.proof?.accepted ?? 0, 0);
  });

  test("usage: none in tokens; the session from result, the model from session.tools_updated", () => {
    const { usage } = parse(stream(PROOF));
    assert.ok(
      usage.every((f) => f.kind === "session"),
      JSON.stringify(usage),
    );
    assert.ok(usage.some((f) => f.kind === "session" && f.sessionId === "22421574-dbcd-47b7-b840-ff9d0d2d291d"));
    assert.ok(
      usage.some((f) => f.kind === "session" && f.model === "gpt-4.1"),
      JSON.stringify(usage),
    );
  });

  test("the session.error of a failed run is the last error, not hidden by the exit code that follows (also replayed as text)", () => {
    for (const format of [FORMAT, "text"]) {
      const { result, usage } = parse(failedRun, format);
      assert.equal(result.termination.lastError, "400 model not found wave", format);
      assert.ok(
        usage.some((f) => f.kind === "session" && f.model === "gpt-4.1"),
        `${format}: ${JSON.stringify(usage)}`,
      );
    }
  });

  test("any *.error event is an error, whatever its prefix; without one a non-zero exit code is", () => {
    const modelError = stream("partial", (e) =>
      e.type === "result"
        ? [
            { type: "model.error", id: "err-1", timestamp: e.timestamp, data: { errorType: "model", message: "the model went away" } },
            { ...e, exitCode: 1 },
          ]
        : e,
    );
    assert.equal(parse(modelError).result.termination.lastError, "the model went away");
    const bare = failedRun.replace(/^.*"session\.error".*$/m, "");
    assert.equal(parse(bare).result.termination.lastError, "copilot ended with exit code 1");
  });

  test("a cut-off line and a message of the wrong shape are reported, not thrown; later markers still count", () => {
    const text = stream(PROOF, (e) =>
      isReply(e)
        ? [`{"type":"assistant.message","data":{"content":"${FORGED}`, { ...e, id: "bad", data: { ...e.data, content: [FORGED] } }, e]
        : e,
    );
    const { result } = parse(text);
    assert.match(result.termination.lastError ?? "", /assistant\.message without text content/);
    assert.equal(result.proof?.detail, "done");
    assert.equal(result.counts.proof?.accepted, 1);
  });

  test("a message of the wrong shape is reported even when it holds no marker tag", () => {
    const text = stream("partial", (e) => (isReply(e) ? { ...e, data: { ...e.data, content: { text: "plain" } } } : e));
    assert.match(parse(text).result.termination.lastError ?? "", /assistant\.message without text content/);
  });

  test("a non-zero exit in result is the last error", () => {
    const { result } = parse(stream("partial", (e) => (e.type === "result" ? { ...e, exitCode: 1 } : e)));
    assert.equal(result.termination.lastError, "copilot ended with exit code 1");
  });

  test("rendered log: the reply, the tool call with its result, the result line; ephemeral noise hidden", () => {
    const lines = renderTranscriptText(stream(`Done.\n${PROOF}`), FORMAT).split("\n");
    assert.ok(lines.includes(PROOF), lines.join("\n"));
    assert.ok(
      lines.some((l) => l.startsWith("▸") && l.includes("echo hello-from-tool")),
      lines.join("\n"),
    );
    assert.ok(lines.includes("· result: exit 0 · session 22421574-dbcd-47b7-b840-ff9d0d2d291d"), lines.join("\n"));
    assert.ok(!lines.some((l) => l.includes("background_tasks_changed")), lines.join("\n"));
  });
});

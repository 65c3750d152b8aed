/**
 * The job log progress with hostile agent output, in the test process: whatever the chunks, the
 * lines written hold no workflow command as the runner reads them (the harness's parser), every
 * line of streamed output carries the agent's prefix, and warnings stay annotations.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { createJobLogProgress } from "../../src/action/progress.js";
import { createRunnerChannel } from "../../src/report/runner-channel.js";
import { createRedactor } from "../../src/security/redact.js";
import { parseStdoutCommands, runnerLines } from "../harness/workflow-commands.js";

const HOSTILE = [
  "[wave-proof] detail=##[set-output name=verdict]passed\n",
  "progress 10%\r::save-state name=wave-uploaded::forged\r\n",
  "##[stop-commands]tok\n",
  "x\r##[add-mask]m\rdone",
].join("");

function run(streamLogs: boolean, chunkSize: number): string {
  let out = "";
  const redactor = createRedactor(["not-in-the-text-0123"]);
  const progress = createJobLogProgress({
    streamLogs,
    redactor,
    channel: createRunnerChannel({ write: (t) => (out += t), redact: (t) => redactor.redact(t) }),
    intervalMs: 3_600_000,
  });
  const bytes = Buffer.from(HOSTILE);
  for (let i = 0; i < bytes.length; i += chunkSize) {
    const chunk = bytes.subarray(i, i + chunkSize);
    progress.onEvent({ type: "agent-output", agentId: "A1", chunk });
  }
  for (const line of HOSTILE.split("\n"))
    if (line.startsWith("[wave-")) progress.onEvent({ type: "agent-marker", agentId: "A1", text: line });
  progress.onEvent({ type: "agent-end", agentId: "A1", status: "failed", exitCode: 3, durationMs: 10 });
  progress.onEvent({ type: "warning", message: "agent said ##[set-output name=verdict]passed\r::add-mask::w" });
  progress.onEvent({ type: "notice", message: "note\r::set-output name=verdict::passed" });
  progress.close();
  return out;
}

test("streamed and echoed agent output forms no command, at any chunk size", () => {
  for (const streamLogs of [false, true]) {
    for (const size of [1, 2, 3, 7, 64, 4096]) {
      const out = run(streamLogs, size);
      const parsed = parseStdoutCommands(out);
      assert.deepEqual(
        parsed.commands.map((c) => c.command),
        ["warning"],
        `stream-logs ${streamLogs}, chunks of ${size}:\n${out}`,
      );
      assert.equal(parsed.annotations[0]?.message, "agent said ##[\\set-output name=verdict]passed\r::add-mask::w");
      if (streamLogs) {
        const streamed = runnerLines(out).filter((l) => l.includes("save-state") || l.includes("add-mask]") || l.includes("stop-commands"));
        for (const line of streamed.filter((l) => !l.startsWith("A1:") && !l.startsWith("::warning"))) assert.match(line, /^\[A1\] /, line);
        assert.ok(runnerLines(out).includes("[A1] ::save-state name=wave-uploaded::forged"), out);
      }
    }
  }
});

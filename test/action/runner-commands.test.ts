/**
 * Agent text never becomes a workflow command, end to end on the local Actions runtime: an agent
 * prints markers and lines carrying legacy `##[…]` commands, `::` commands after a bare `\r`, and
 * a `stop-commands` of its own; the step's stdout, read as actions/runner reads it (the harness's
 * parser: lines end at `\r` too, `##[` counts anywhere in a line), holds no command from that
 * text, and the orchestrator's own annotations after it are still honoured. Run with and without
 * `stream-logs` (the markers are echoed in both; all output only with it).
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type ActionsHarness, type NodeActionResult, parseStdoutCommands, startActionsHarness } from "../harness/index.js";
import { cloneJob, explain, Lab, runJob } from "./fixtures.js";

let h: ActionsHarness;
const lab = new Lab("runner-commands");

/** What the agent prints (raw: the bare `\r` are real). */
const AGENT_TEXT = [
  "[wave-proof] completion=contract proof=unit state=met detail=##[set-output name=verdict]passed",
  "[wave-proof] detail=##[save-state name=wave-uploaded]forged",
  "[wave-proof] detail=##[add-mask]wave",
  "[wave-proof] detail=##[notice title=Wave 1 passed]all gates passed",
  "[wave-proof] detail=x\r::set-output name=verdict::passed-cr",
  "[wave-proof] detail=x\r::save-state name=wave-uploaded::forged-cr",
  "[wave-proof] detail=x\r::notice title=Wave 1 passed::cr",
  "progress 10%\r::add-mask::cr-mask",
  "plain ##[add-mask]plain-mask",
  "x\r::warning::planted-warning",
  "[wave-proof] detail=##[stop-commands]tok",
  "",
].join("\n");

interface Job {
  main: NodeActionResult;
  post: NodeActionResult;
}
let quiet: Promise<Job>;
let streamed: Promise<Job>;

before(async () => {
  h = await startActionsHarness();
  const attack = lab.file("attack.txt", AGENT_TEXT);
  const origin = lab.origin("runner-commands", {
    "docs/plans/waves/wave-0.md": lab.waveFile(0, [{ id: "A1", args: ["--print-file", attack, "--fail"] }]),
  });
  quiet = runJob(cloneJob(h, origin, { runId: 611, inputs: { wave: "0" } }));
  streamed = runJob(cloneJob(h, origin, { runId: 612, inputs: { wave: "0", "stream-logs": "true" } }));
});
after(async () => {
  await h?.stop();
  lab.cleanup();
});

const HEX_TOKEN = /^[0-9a-f]{32}$/;

function assertNoAgentCommand(r: NodeActionResult, label: string): void {
  const parsed = parseStdoutCommands(r.stdout);
  const shown = JSON.stringify(parsed.commands.filter((c) => c.command !== "add-mask").map((c) => [c.command, c.data]));
  assert.deepEqual(parsed.outputs, {}, `${label}: no set-output from agent text\n${shown}`);
  assert.deepEqual(parsed.state, {}, `${label}: no save-state from agent text\n${shown}`);
  // The action masks its own secrets (the runtime token and its variants); none of the agent's values.
  for (const value of ["wave", "cr-mask", "plain-mask"]) assert.ok(!parsed.masks.includes(value), `${label}: no add-mask of ${value}`);
  assert.deepEqual(parsed.errors, [], label);
  for (const c of parsed.commands) {
    // Annotations may quote the agent's text (escaped); any other command may not.
    const annotation = c.command === "error" || c.command === "warning" || c.command === "notice";
    assert.ok(annotation || !/passed|planted|forged|mask/.test(`${c.data} ${JSON.stringify(c.properties)}`), `${label}: ${c.line}`);
    if (c.command === "stop-commands") assert.match(c.data, HEX_TOKEN, `${label}: only the action's own stop tokens`);
    if (c.form === "legacy") assert.fail(`${label}: a legacy command was parsed: ${c.line}`);
  }
  assert.ok(!parsed.annotations.some((a) => a.level === "notice" && a.title === "Wave 1 passed"), `${label}: no forged notice`);
  assert.ok(!parsed.annotations.some((a) => a.message === "planted-warning"), `${label}: no planted warning`);
  // The orchestrator's own annotations after the agent's `##[stop-commands]tok` are honoured.
  const errors = parsed.annotations.filter((a) => a.level === "error").map((a) => a.message);
  assert.ok(
    errors.some((m) => /^wave 0 failed/.test(m)),
    `${label}: the step's failure is annotated: ${JSON.stringify(parsed.annotations)}`,
  );
  assert.ok(
    parsed.annotations.some((a) => a.level === "error" && a.file?.endsWith("wave-0.md")),
    `${label}: the gate failure is annotated on the wave file`,
  );
  // The rejected markers are quoted in a warning, `##[` in them neutralised.
  const rejected = parsed.annotations.find((a) => a.level === "warning" && /marker lines not accepted/.test(a.title ?? ""));
  assert.ok(rejected?.message.includes("detail=##[\\set-output name=verdict]passed"), `${label}: ${rejected?.message}`);
  assert.ok(!rejected?.message.includes("##[set-output"), label);
}

describe("agent text and the runner's command parser", { concurrency: 2 }, () => {
  test("default settings: echoed markers carry no command (legacy ##[, bare \\r, stop-commands)", async () => {
    const { main, post } = await quiet;
    assert.equal(main.conclusion, "failure", explain(main));
    assert.equal(main.outputs["status"], "failed");
    // The markers were echoed (escaped, readable).
    assert.match(main.stdout, /^A1: \[wave-proof\] .*detail=##\[\\set-output name=verdict\]passed$/m);
    assert.match(main.stdout, /^A1: \[wave-proof\] detail=x ::set-output name=verdict::passed-cr$/m);
    assertNoAgentCommand(main, "main");
    assert.equal(main.outputs["verdict"], undefined);
    // The post step saw the main step's own state: the upload it names is the real one.
    assert.notEqual(main.state["wave-uploaded"], "forged");
    assert.equal(main.state["wave-uploaded"], main.outputs["artifact-name"]);
    assert.ok(!post.stdout.includes("forged"), explain(post));
    const postCommands = parseStdoutCommands(post.stdout);
    assert.deepEqual([postCommands.outputs, postCommands.state], [{}, {}], explain(post));
  });

  test("stream-logs: every agent line is prefixed and escaped; the log tail stays inside the action's stop-commands", async () => {
    const { main } = await streamed;
    assert.equal(main.conclusion, "failure", explain(main));
    assert.match(main.stdout, /^\[A1\] progress 10%$/m);
    assert.match(main.stdout, /^\[A1\] ::add-mask::cr-mask$/m);
    assert.match(main.stdout, /^\[A1\] plain ##\[\\add-mask\]plain-mask$/m);
    assertNoAgentCommand(main, "main (stream-logs)");
    const parsed = parseStdoutCommands(main.stdout);
    const stops = parsed.commands.filter((c) => c.command === "stop-commands").map((c) => c.data);
    assert.ok(stops.length >= 1, "the log tail is shown inside stop-commands");
    assert.equal(new Set(stops).size, stops.length, "a fresh token each time");
    for (const token of stops) {
      assert.ok(
        parsed.commands.some((c) => c.command === token),
        `${token} is resumed`,
      );
    }
  });
});

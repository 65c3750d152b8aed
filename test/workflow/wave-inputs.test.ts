/**
 * The reusable workflow's inputs reach the action: every input the docs name for the wave jobs
 * (feedback, sandbox, model-proxy, require-marker-nonce, ownership, agent-timeout-minutes) is what
 * the real action's readInputs reads from the INPUT_* environment of the step that runs a wave (the
 * workflow passes its inputs whole, as workflow-inputs), in the first round and the resume rounds;
 * `mode: rehearse` runs those steps in the action's mode rehearse without any model key, and the
 * report reads the rehearsal's state. wave.yml runs in the local workflow runner, the fake engine
 * behind `uses: ./.wave-action`.
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { type ActionInputs, readInputs } from "../../src/action/inputs.js";
import type { FakeCall } from "./fake-engine.js";
import { fakeLane } from "./fake-lane.js";
import { Cleanup } from "./fixtures.js";

const cleanup = new Cleanup();
after(() => cleanup.run());

const SECRETS = { OPENAI_API_KEY: "sk-test-openai-0123456789", ANTHROPIC_API_KEY: "sk-ant-test-0123456789" };

/**
 * What reaches the action, as the action reads it: its readInputs over what core.getInput returns,
 * which reads INPUT_<name, spaces as underscores, upper-cased>, trimmed (actions/toolkit
 * packages/core/src/core.ts, getInput).
 */
const actionReads = (call: FakeCall): ActionInputs =>
  readInputs((name) => (call.inputEnv[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim(), { GITHUB_WORKSPACE: "/w" });

const fed = (i: ActionInputs) => [i.feedback, i.sandbox, i.modelProxy, i.requireMarkerNonce, i.ownership, i.timeoutMinutes];
const EXPECTED = ["Use the blue palette", "on", "auto", true, "strict", 7];

test("wave.yml: feedback, sandbox, model-proxy, require-marker-nonce, ownership and agent-timeout-minutes reach the action in every wave job", async () => {
  // Wave 2 fails once: its resume-1 job must get the same inputs as the first round.
  const { engine, run } = await fakeLane(cleanup, { failures: { 2: 1 } }, 7101);
  const r = await run(
    {
      feedback: "Use the blue palette",
      sandbox: "on",
      "model-proxy": "auto",
      "require-marker-nonce": true,
      ownership: "strict",
      "agent-timeout-minutes": 7,
    },
    { secrets: SECRETS },
  );
  assert.equal(r.conclusion, "success");
  const waveSteps = engine.calls.filter((c) => c.phase === "main" && c.mode === "run");
  assert.deepEqual(
    waveSteps.map((c) => [c.job, c.inputs["wave"]]),
    [
      ["wave", "1"],
      ["wave", "2"],
      ["resume-1", "2"],
      ["resume-1", "3"],
    ],
  );
  for (const call of waveSteps) {
    const read = actionReads(call);
    assert.deepEqual(fed(read), EXPECTED, `${call.job} wave ${call.inputs["wave"]}`);
    assert.equal(read.mode, "run");
    // Each job records its own status (its round), and the wave its pick step gave it.
    assert.deepEqual([read.roundGiven, read.round, read.wave], [true, call.job === "wave" ? 0 : 1, Number(call.inputs["wave"])]);
    // A real run gets the keys the caller passed.
    assert.deepEqual(call.keys.sort(), ["ANTHROPIC_API_KEY", "OPENAI_API_KEY"]);
  }
  // Every action step of the lane reads the same inputs: the validate and plan steps too.
  for (const call of engine.calls.filter((c) => c.phase === "main"))
    assert.deepEqual(fed(actionReads(call)), EXPECTED, `${call.job} ${call.mode}`);
  const report = engine.calls.find((c) => c.phase === "main" && c.mode === "report");
  assert.equal(actionReads(report!).artifactPrefix, "wave");
});

test("wave.yml defaults: the action's own defaults reach it (no sandbox, proxy off, no nonce, ownership from the wave files)", async () => {
  const { engine, run } = await fakeLane(cleanup, {}, 7102);
  const r = await run({ waves: "1" });
  assert.equal(r.conclusion, "success");
  const [call] = engine.calls.filter((c) => c.phase === "main" && c.mode === "run");
  assert.ok(call);
  const read = actionReads(call);
  assert.deepEqual(fed(read), [null, undefined, "off", false, undefined, 60]);
  // The workflow's 30-day retention, not the action's default (the repository's setting).
  assert.equal(read.retentionDays, 30);
  assert.equal(read.maxAgentsPerJob, null);
});

test("wave.yml mode rehearse: every wave job runs the action in mode rehearse, no model key reaches it, the report reads the rehearsal's state", async () => {
  const { engine, run } = await fakeLane(cleanup, { failures: { 3: 1 } }, 7103);
  const r = await run({ mode: "rehearse" }, { secrets: SECRETS });
  assert.equal(r.conclusion, "success");
  const waveSteps = engine.calls.filter((c) => c.phase === "main" && ["run", "rehearse"].includes(c.mode));
  assert.deepEqual(
    waveSteps.map((c) => [c.job, c.mode, c.inputs["wave"]]),
    [
      ["wave", "rehearse", "1"],
      ["wave", "rehearse", "2"],
      ["wave", "rehearse", "3"],
      ["resume-1", "rehearse", "3"],
    ],
  );
  for (const call of waveSteps) assert.deepEqual(call.keys, [], `${call.job} wave ${call.inputs["wave"]}: no key in a rehearsal`);
  for (const call of waveSteps) assert.equal(actionReads(call).artifactPrefix, "wave-rehearsal");
  // The report step's own mode is report: the lane's mode (the workflow's) names its state apart.
  const report = engine.calls.find((c) => c.phase === "main" && c.mode === "report");
  assert.equal(actionReads(report!).mode, "report");
  assert.equal(actionReads(report!).artifactPrefix, "wave-rehearsal");
});

test("wave.yml: a mode, sandbox, model-proxy or ownership the action would refuse fails the plan job before any wave job", async () => {
  for (const [input, value] of [
    ["mode", "bill-me"],
    ["sandbox", "yes"],
    ["model-proxy", "always"],
    ["ownership", "lenient"],
  ] as const) {
    const { engine, run } = await fakeLane(cleanup, {}, 7104);
    const r = await run({ [input]: value });
    assert.equal(r.conclusion, "failure", input);
    const plan = r.jobs.find((j) => j.id === "plan");
    assert.equal(plan?.conclusion, "failure", input);
    // The plan job's first action step reads the workflow's inputs (readInputs) and fails on them,
    // naming the workflow's input as the caller spelled it.
    const first = plan?.steps.find((s) => s.name === "Validate the wave files");
    assert.equal(first?.conclusion, "failure", input);
    assert.match(first?.log ?? "", new RegExp(`::error title=Wave::${input} must be .* \\(got ${value}\\)`), input);
    assert.equal(plan?.steps.find((s) => s.name === "Plan the waves")?.conclusion, "skipped", input);
    assert.throws(() => actionReads(engine.calls[0]!), new RegExp(`the workflow's inputs are not valid: ${input} must be`), input);
    assert.deepEqual(
      engine.calls.filter((c) => c.phase === "main").map((c) => c.mode),
      ["validate"],
      `${input}: no other action step ran`,
    );
  }
});

/**
 * The reusable workflow's inputs reach the action: every input the docs name for the wave jobs
 * (feedback, sandbox, model-proxy, require-marker-nonce, ownership, agent-timeout-minutes) is in
 * the INPUT_* environment of the step that runs a wave, in the first round and the resume rounds;
 * `mode: rehearse` runs those steps in the action's mode rehearse without any model key, and the
 * report reads the rehearsal's state. wave.yml runs in the local workflow runner, the fake engine
 * behind `uses: ./.wave-action`.
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { fakeLane } from "./fake-lane.js";
import { Cleanup } from "./fixtures.js";

const cleanup = new Cleanup();
after(() => cleanup.run());

const SECRETS = { OPENAI_API_KEY: "sk-test-openai-0123456789", ANTHROPIC_API_KEY: "sk-ant-test-0123456789" };

/**
 * What reaches the action, as the action reads it: core.getInput reads INPUT_<name, spaces as
 * underscores, upper-cased> (actions/toolkit packages/core/src/core.ts, getInput).
 */
const EXPECTED = {
  INPUT_FEEDBACK: "Use the blue palette",
  INPUT_SANDBOX: "on",
  "INPUT_MODEL-PROXY": "auto",
  "INPUT_REQUIRE-MARKER-NONCE": "true",
  INPUT_OWNERSHIP: "strict",
  "INPUT_TIMEOUT-MINUTES": "7",
};

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
    for (const [name, value] of Object.entries(EXPECTED))
      assert.equal(call.inputEnv[name], value, `${call.job} wave ${call.inputs["wave"]}: ${name}`);
    assert.equal(call.inputEnv["INPUT_MODE"], "run");
    // A real run gets the keys the caller passed.
    assert.deepEqual(call.keys.sort(), ["ANTHROPIC_API_KEY", "OPENAI_API_KEY"]);
  }
  const report = engine.calls.find((c) => c.phase === "main" && c.mode === "report");
  assert.equal(report?.inputEnv["INPUT_ARTIFACT-PREFIX"], "wave");
});

test("wave.yml defaults: the action's own defaults reach it (no sandbox, proxy off, no nonce, ownership from the wave files)", async () => {
  const { engine, run } = await fakeLane(cleanup, {}, 7102);
  const r = await run({ waves: "1" });
  assert.equal(r.conclusion, "success");
  const [call] = engine.calls.filter((c) => c.phase === "main" && c.mode === "run");
  assert.ok(call);
  assert.deepEqual(
    [
      call.inputEnv["INPUT_FEEDBACK"],
      call.inputEnv["INPUT_SANDBOX"],
      call.inputEnv["INPUT_MODEL-PROXY"],
      call.inputEnv["INPUT_REQUIRE-MARKER-NONCE"],
      call.inputEnv["INPUT_OWNERSHIP"],
      call.inputEnv["INPUT_TIMEOUT-MINUTES"],
    ],
    ["", "", "off", "false", "", "60"],
  );
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
  const report = engine.calls.find((c) => c.phase === "main" && c.mode === "report");
  assert.equal(report?.inputEnv["INPUT_ARTIFACT-PREFIX"], "wave-rehearsal");
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
    const check = plan?.steps.find((s) => s.name === "Check inputs");
    assert.match(check?.log ?? "", new RegExp(`${input} must be`), input);
    assert.equal(engine.calls.length, 0, `${input}: the action never ran`);
  }
});

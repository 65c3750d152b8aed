/**
 * wave.yml when GitHub starts the wave jobs of a round out of order: max-parallel caps how many run
 * at once but does not order them. The runner's legOrder hook starts the legs in a chosen order
 * (max-parallel 1 still holds), with the fake engine behind `uses: ./.wave-action`.
 */
import assert from "node:assert/strict";
import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { REPO_ROOT } from "../helpers/cli.js";
import { FAKE_CLI, FakeEngine, type Scenario } from "./fake-engine.js";
import { Cleanup, makeRepo } from "./fixtures.js";
import { LocalArtifactStore, type RunnerHooks, runWorkflow, type WorkflowRunResult } from "./runner/index.js";

const cleanup = new Cleanup();
after(() => cleanup.run());

const CHECK = "Check the waves before this one";

async function runLane(scenario: Scenario, inputs: Record<string, string | number>, legOrder: RunnerHooks["legOrder"]) {
  const files: Record<string, string> = {
    "action.yml": await readFile(path.join(REPO_ROOT, "action.yml"), "utf8"),
    "dist/cli/index.js": FAKE_CLI,
    "dist/package.json": '{ "type": "module" }\n',
  };
  for (const n of [1, 2, 3]) files[`examples/docs/plans/waves/wave-${n}.md`] = `# Wave ${n} - example\n\n## Agent A1: worker\n`;
  const repoDir = cleanup.add(await makeRepo(files));
  const store = new LocalArtifactStore(cleanup.add(await mkdtemp(path.join(os.tmpdir(), "wave-wf-store-"))));
  const engine = new FakeEngine(store, scenario);
  const r = await runWorkflow({
    workflowFile: path.join(REPO_ROOT, ".github", "workflows", "wave.yml"),
    event: "workflow_call",
    repoDir,
    repository: "acme/waves",
    runId: 5151,
    inputs: { root: "examples", ...inputs },
    hooks: { localAction: engine.hook, artifacts: store, legOrder },
  });
  cleanup.add(r.workDir);
  return { r, engine };
}

/** Starts the legs of `jobId` in the order of the given waves; other matrix jobs in order. */
const startFirst =
  (jobId: string, waves: number[]): RunnerHooks["legOrder"] =>
  ({ id, legs }) =>
    id === jobId ? waves.map((w) => legs.findIndex((l) => l.matrix?.["wave"] === w)) : undefined;

const checkLog = (r: WorkflowRunResult, id: string, wave: number) => {
  const job = r.jobs.find((j) => j.id === id && j.matrix?.["wave"] === wave);
  assert.ok(job, `${id} wave ${wave} ran`);
  const step = job.steps.find((s) => s.name === CHECK);
  assert.ok(step, `${id} wave ${wave} has the check step`);
  return { conclusion: step.conclusion, log: step.log };
};

test("wave order: a wave job started before its predecessor ran stops with the reason, and the resume round runs it after", async () => {
  const { r, engine } = await runLane({}, { "max-resumes": 1 }, startFirst("wave", [2, 1, 3]));
  const first = checkLog(r, "wave", 2);
  assert.equal(first.conclusion, "failure");
  assert.match(first.log, /not started: wave 1 before it has not run yet in this round \(GitHub started this job first/);
  assert.match(first.log, /A resume round \(max-resumes\) or Re-run failed jobs runs wave 2 after it\./);
  assert.doesNotMatch(first.log, /did not pass/);
  // Wave 3 starts after wave 2's job recorded that it did not run: that is a result, not a gap.
  assert.match(checkLog(r, "wave", 3).log, /not started: wave 2 before it did not pass \(not-run\)/);
  assert.equal(checkLog(r, "wave", 1).conclusion, "success");
  assert.deepEqual(
    engine.runs.map((x) => [x.wave, x.job, x.status]),
    [
      [1, "wave", "passed"],
      [2, "resume-1", "passed"],
      [3, "resume-1", "passed"],
    ],
  );
  assert.equal(r.conclusion, "success");
  assert.equal(r.outputs["passed-waves"], "1,2,3");
});

test("wave order: an out-of-order start inside a resume round is told apart from a failed predecessor", async () => {
  // Wave 1 fails once; wave 2 and 3 stop behind it; resume-1 starts wave 3 before wave 1 and 2.
  const { r, engine } = await runLane({ failures: { 1: 1 } }, { "max-resumes": 2 }, startFirst("resume-1", [3, 1, 2]));
  assert.match(checkLog(r, "wave", 2).log, /not started: wave 1 before it did not pass \(failed\)/);
  const early = checkLog(r, "resume-1", 3);
  assert.equal(early.conclusion, "failure");
  // Wave 1's failed record is from round 0; in round 1 it has not run yet.
  assert.match(early.log, /not started: wave 1 before it has not run yet in this round/);
  assert.deepEqual(
    engine.runs.map((x) => [x.wave, x.job, x.status]),
    [
      [1, "wave", "failed"],
      [1, "resume-1", "passed"],
      [2, "resume-1", "passed"],
      [3, "resume-2", "passed"],
    ],
  );
  assert.equal(r.conclusion, "success");
});

test("wave order: with max-resumes 0 an out-of-order start still fails the lane (nothing runs the wave again) and says why", async () => {
  const { r, engine } = await runLane({}, { "max-resumes": 0 }, startFirst("wave", [3, 1, 2]));
  assert.match(checkLog(r, "wave", 3).log, /not started: wave 1 before it has not run yet in this round/);
  assert.deepEqual(
    engine.runs.map((x) => [x.wave, x.status]),
    [
      [1, "passed"],
      [2, "passed"],
    ],
  );
  assert.equal(r.conclusion, "failure");
  assert.equal(r.outputs["failed-waves"], "3");
});

test("wave order: a predecessor that failed stops the next wave at once with the failure, not as an ordering gap", async () => {
  const { r, engine } = await runLane({ failures: { 1: Number.POSITIVE_INFINITY } }, { "max-resumes": 0 }, undefined);
  for (const wave of [2, 3]) {
    const check = checkLog(r, "wave", wave);
    assert.equal(check.conclusion, "failure");
    assert.match(check.log, /not started: wave 1 before it did not pass \(failed\)/);
    assert.doesNotMatch(check.log, /has not run yet/);
  }
  assert.deepEqual(
    engine.runs.map((x) => x.wave),
    [1],
  );
});

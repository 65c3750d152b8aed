/**
 * wave.yml when GitHub starts the wave jobs of a round out of order: max-parallel caps how many run
 * at once but does not order them. A job runs the next wave in order, whichever matrix entry it is,
 * so an out-of-order start costs nothing and a job fails only when a wave before it did not pass.
 * The runner's legOrder hook starts the legs in a chosen order (max-parallel 1 still holds), with
 * the fake engine behind `uses: ./.wave-action`.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { after, test } from "node:test";
import type { Scenario } from "./fake-engine.js";
import { runFakeLane } from "./fake-lane.js";
import { Cleanup } from "./fixtures.js";
import type { LocalArtifactStore, RunnerHooks, WorkflowRunResult } from "./runner/index.js";

const cleanup = new Cleanup();
after(() => cleanup.run());

/** A job whose turn comes after a unit that did not pass fails its pick step (src/action/supervise-mode.ts pickMode). */
const PICK = "Pick the wave";

const runLane = (scenario: Scenario, inputs: Record<string, string | number>, legOrder?: RunnerHooks["legOrder"]) =>
  runFakeLane(cleanup, { scenario, inputs: { ...inputs }, runId: 5151, ...(legOrder ? { legOrder } : {}) });

/** Starts the legs of `jobId` in the order of the given waves; other matrix jobs in order. */
const startFirst =
  (jobId: string, waves: number[]): RunnerHooks["legOrder"] =>
  ({ id, legs }) =>
    id === jobId ? waves.map((w) => legs.findIndex((l) => l.matrix?.["wave"] === w)) : undefined;

/** The pick step of a job stopped by a unit before it: it failed, and the job ran no wave. */
const stopped = (r: WorkflowRunResult, id: string, wave: number) => {
  const job = r.jobs.find((j) => j.id === id && j.matrix?.["wave"] === wave);
  assert.ok(job, `${id} wave ${wave} ran`);
  const step = job.steps.find((s) => s.name === PICK);
  assert.ok(step, `${id} wave ${wave} has the pick step`);
  assert.equal(job.steps.find((s) => s.name === "Run the wave")?.conclusion, "skipped", `${id} wave ${wave} ran no wave`);
  assert.equal(job.conclusion, "failure", `${id} wave ${wave}`);
  return { conclusion: step.conclusion, log: step.log };
};

/** The status record a job uploaded (one `status` file), as its fields. */
const statusRecord = async (store: LocalArtifactStore, runId: number, name: string) =>
  Object.fromEntries(
    (await readFile(path.join(store.root, String(runId), "1", name, "status"), "utf8"))
      .trim()
      .split("\n")
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );

const pickLog = (r: WorkflowRunResult, id: string, leg: number) =>
  r.jobs.find((j) => j.id === id && j.matrix?.["wave"] === leg)?.steps.find((s) => s.name === PICK)?.log ?? "";

test("wave order: jobs started out of order still run the waves in order, each job the next wave, and nothing fails", async () => {
  const { r, engine } = await runLane({}, { "max-resumes": 0 }, startFirst("wave", [2, 3, 1]));
  // The job listed as wave 2 started first and ran wave 1; the one listed as wave 3 ran wave 2.
  assert.match(
    pickLog(r, "wave", 2),
    /this job \(matrix entry wave 2\) runs wave 1, the next in order: GitHub started it before the job of wave 1/,
  );
  assert.match(pickLog(r, "wave", 3), /this job \(matrix entry wave 3\) runs wave 2, the next in order/);
  assert.match(pickLog(r, "wave", 1), /this job \(matrix entry wave 1\) runs wave 3/);
  assert.deepEqual(
    engine.runs.map((x) => [x.wave, x.job, x.status, x.saw.join(" ")]),
    [
      [1, "wave", "passed", ""],
      [2, "wave", "passed", "wave-1.txt"],
      [3, "wave", "passed", "wave-1.txt wave-2.txt"],
    ],
  );
  for (const leg of [1, 2, 3]) assert.equal(r.jobs.find((j) => j.id === "wave" && j.matrix?.["wave"] === leg)?.conclusion, "success");
  // Each status record names the wave its job ran, so triage finds nothing to resume.
  assert.equal(r.jobs.find((j) => j.id === "triage-1")?.conclusion, "skipped");
  assert.equal(r.conclusion, "success");
  assert.equal(r.outputs["passed-waves"], "1,2,3");
});

test("wave order: out of order inside a resume round, the round still runs its waves in order", async () => {
  // Wave 1 fails once; wave 2 and 3 stop behind it; resume-1 starts its job of wave 3 first.
  const { r, engine } = await runLane({ failures: { 1: 1 } }, { "max-resumes": 2 }, startFirst("resume-1", [3, 1, 2]));
  assert.match(stopped(r, "wave", 2).log, /::error::wave 2 not started: wave 1 before it did not pass \(failed\)/);
  assert.match(pickLog(r, "resume-1", 3), /this job \(matrix entry wave 3\) runs wave 1/);
  assert.deepEqual(
    engine.runs.map((x) => [x.wave, x.job, x.status]),
    [
      [1, "wave", "failed"],
      [1, "resume-1", "passed"],
      [2, "resume-1", "passed"],
      [3, "resume-1", "passed"],
    ],
  );
  assert.equal(r.jobs.find((j) => j.id === "triage-2")?.outputs["count"], "0");
  assert.equal(r.conclusion, "success");
});

test("wave order: out of order behind a failed wave, every later job stops with that failure and records its own wave", async () => {
  const { r, engine, store } = await runLane(
    { failures: { 1: Number.POSITIVE_INFINITY } },
    { "max-resumes": 0 },
    startFirst("wave", [3, 1, 2]),
  );
  assert.match(pickLog(r, "wave", 3), /runs wave 1/);
  // The jobs started after it pick waves 2 and 3 in order and stop on wave 1's failure.
  assert.match(pickLog(r, "wave", 1), /runs wave 2/);
  assert.match(stopped(r, "wave", 1).log, /::error::wave 2 not started: wave 1 before it did not pass \(failed\)/);
  assert.match(pickLog(r, "wave", 2), /this job \(matrix entry wave 2\) runs wave 3/);
  assert.match(stopped(r, "wave", 2).log, /::error::wave 3 not started: wave 1 before it did not pass \(failed\)/);
  assert.deepEqual(
    engine.runs.map((x) => x.wave),
    [1],
  );
  // Each stopped job recorded the wave it picked, not its matrix entry, as not run (its pick
  // step's post); the job that ran wave 1 recorded its failure (its run step).
  for (const [wave, status] of [
    [1, "failed"],
    [2, "not-run"],
    [3, "not-run"],
  ] as const) {
    const name = `wave-status_default_wave-${wave}_attempt-1_r0`;
    const record = await statusRecord(store, 5151, name);
    assert.deepEqual(
      [record["name"], record["unit"], record["wave"], record["round"], record["status"]],
      [name, `wave-${wave}`, String(wave), "0", status],
    );
  }
  const annotations = r.annotations.filter((a) => a.level === "error" && /not started/.test(a.message)).map((a) => a.message);
  assert.deepEqual(annotations.sort(), [
    "wave 2 not started: wave 1 before it did not pass (failed)",
    "wave 3 not started: wave 1 before it did not pass (failed)",
  ]);
  assert.equal(r.conclusion, "failure");
  assert.equal(r.outputs["failed-waves"], "1,2,3");
});

test("wave order: a predecessor that failed stops the next wave at once with the failure, not as an ordering gap", async () => {
  const { r, engine } = await runLane({ failures: { 1: Number.POSITIVE_INFINITY } }, { "max-resumes": 0 }, undefined);
  for (const wave of [2, 3]) {
    const check = stopped(r, "wave", wave);
    assert.equal(check.conclusion, "failure");
    assert.match(check.log, /not started: wave 1 before it did not pass \(failed\)/);
    assert.doesNotMatch(check.log, /has not run yet/);
  }
  assert.deepEqual(
    engine.runs.map((x) => x.wave),
    [1],
  );
});

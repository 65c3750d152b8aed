/**
 * wave.yml under both re-run buttons, and under both readings of what "Re-run failed jobs" does with
 * a failed job that has continue-on-error (run it again, or keep it as if it passed). Whichever way
 * GitHub behaves, a re-run resumes the lane: waves that passed are kept, the others run in order on
 * top of them, and the run ends green. "Re-run all jobs" is run under both readings of what the new
 * attempt sees of the earlier one's artifacts (runner/artifacts.ts): as reported, nothing — the
 * lane starts over, runs every wave again and says so — or everything, and then it resumes. The
 * fake engine stands behind `uses: ./.wave-action`.
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import type { Scenario } from "./fake-engine.js";
import { fakeLane } from "./fake-lane.js";
import { Cleanup } from "./fixtures.js";
import type { WorkflowRunResult } from "./runner/index.js";

const cleanup = new Cleanup();
after(() => cleanup.run());

let nextRun = 8100;

async function lane(scenario: Scenario, storeOptions: { rerunAllKeepsArtifacts?: boolean } = {}) {
  const { engine, run } = await fakeLane(cleanup, scenario, ++nextRun, storeOptions);
  return { engine, run };
}

const legs = (r: WorkflowRunResult, id: string) =>
  r.jobs
    .filter((j) => j.id === id)
    .sort((a, b) => a.key.localeCompare(b.key))
    .map((j) => [j.matrix?.["wave"], j.conclusion, j.reused]);

/**
 * Wave 2 fails twice: in the first round (wave 3 stops behind it) and in resume round 1, the last
 * one with max-resumes 1. The run fails; the fix is "in place" for the third try.
 */
async function failedRun(storeOptions: { rerunAllKeepsArtifacts?: boolean } = {}) {
  const l = await lane({ failures: { 2: 2 } }, storeOptions);
  const first = await l.run({ "max-resumes": 1 });
  assert.equal(first.conclusion, "failure");
  assert.deepEqual(
    l.engine.runs.map((x) => [x.wave, x.job, x.status]),
    [
      [1, "wave", "passed"],
      [2, "wave", "failed"],
      [2, "resume-1", "failed"],
    ],
  );
  // The first round may be followed by a resume round: its failures are continue-on-error. The
  // last round's failures are plain ones, so the run fails in them too, not only in the report.
  assert.deepEqual(legs(first, "wave"), [
    [1, "success", false],
    [2, "failure", false],
    [3, "failure", false],
  ]);
  assert.equal(first.jobs.find((j) => j.id === "wave" && j.matrix?.["wave"] === 2)?.softFailure, true);
  assert.deepEqual(legs(first, "resume-1"), [
    [2, "failure", false],
    [3, "failure", false],
  ]);
  assert.equal(first.jobs.find((j) => j.id === "resume-1" && j.matrix?.["wave"] === 2)?.softFailure, undefined);
  return { ...l, first };
}

test("re-runs: Re-run failed jobs, when GitHub keeps failed continue-on-error jobs, runs the last round's jobs again and resumes", async () => {
  const { engine, run, first } = await failedRun();
  const second = await run({ "max-resumes": 1 }, { previous: first, rerunsContinueOnErrorFailures: false });
  assert.equal(second.runAttempt, 2);
  // The first round and its triage are kept as they were; the resume round's jobs run again.
  assert.deepEqual(legs(second, "wave"), [
    [1, "success", true],
    [2, "failure", true],
    [3, "failure", true],
  ]);
  assert.equal(second.jobs.find((j) => j.id === "triage-1")?.reused, true);
  assert.deepEqual(
    engine.runs.slice(3).map((x) => [x.wave, x.job, x.attempt, x.status, x.resume, x.saw.join(" ")]),
    [
      [2, "resume-1", 2, "passed", "auto", "wave-1.txt"],
      [3, "resume-1", 2, "passed", "auto", "wave-1.txt wave-2.txt"],
    ],
  );
  assert.equal(second.conclusion, "success");
  assert.equal(second.outputs["passed-waves"], "1,2,3");
});

test("re-runs: Re-run failed jobs, when GitHub runs failed continue-on-error jobs again, resumes in the first round", async () => {
  const { engine, run, first } = await failedRun();
  const second = await run({ "max-resumes": 1 }, { previous: first, rerunsContinueOnErrorFailures: true });
  assert.deepEqual(legs(second, "wave"), [
    [1, "success", true],
    [2, "success", false],
    [3, "success", false],
  ]);
  assert.deepEqual(
    engine.runs.slice(3).map((x) => [x.wave, x.job, x.attempt, x.status, x.saw.join(" ")]),
    [
      [2, "wave", 2, "passed", "wave-1.txt"],
      [3, "wave", 2, "passed", "wave-1.txt wave-2.txt"],
    ],
  );
  // Triage runs again as a dependent and finds nothing left; the resume round has nothing to do.
  assert.equal(second.jobs.find((j) => j.id === "triage-1")?.outputs["count"], "0");
  assert.equal(second.jobs.find((j) => j.id === "resume-1")?.conclusion, "skipped");
  assert.equal(second.conclusion, "success");
  assert.equal(second.outputs["passed-waves"], "1,2,3");
});

test("re-runs: Re-run all jobs, if earlier attempts' artifacts stayed listed, resumes: passed waves are not run again", async () => {
  const { engine, run, first } = await failedRun({ rerunAllKeepsArtifacts: true });
  const second = await run({ "max-resumes": 1 }, { previous: first, rerun: "all" });
  assert.equal(second.runAttempt, 2);
  assert.ok(
    second.jobs.every((j) => !j.reused),
    "every job ran again",
  );
  assert.deepEqual(
    engine.runs.slice(3).map((x) => [x.wave, x.job, x.attempt, x.status, x.saw.join(" ")]),
    [
      [2, "wave", 2, "passed", "wave-1.txt"],
      [3, "wave", 2, "passed", "wave-1.txt wave-2.txt"],
    ],
  );
  // Three wave jobs, two waves left: the third job finds nothing to run and says so.
  const idle = second.jobs.filter((j) => j.id === "wave" && j.steps.some((s) => s.name === "Run the wave" && s.conclusion === "skipped"));
  assert.equal(idle.length, 1);
  assert.match(idle[0]!.steps.find((s) => s.name === "Pick the wave")?.log ?? "", /nothing left to run in this round/);
  assert.equal(idle[0]!.conclusion, "success");
  assert.equal(second.conclusion, "success");
  assert.equal(second.outputs["passed-waves"], "1,2,3");
});

test("re-runs: Re-run all jobs, which hides earlier attempts' artifacts, runs every wave again and each job says why", async () => {
  const { engine, run, first } = await failedRun();
  const second = await run({ "max-resumes": 1 }, { previous: first, rerun: "all" });
  assert.ok(second.jobs.every((j) => !j.reused));
  // Nothing of attempt 1 is seen: wave 1 runs again (passed before: acceptable, and said), on a fresh tree.
  assert.deepEqual(
    engine.runs.slice(3).map((x) => [x.wave, x.job, x.attempt, x.status, x.saw.join(" ")]),
    [
      [1, "wave", 2, "passed", ""],
      [2, "wave", 2, "passed", "wave-1.txt"],
      [3, "wave", 2, "passed", "wave-1.txt wave-2.txt"],
    ],
  );
  const picks = second.jobs
    .filter((j) => j.id === "wave")
    .map((j) => j.steps.find((s) => s.name === "Pick the wave")?.log ?? "")
    .join("\n");
  for (const w of [1, 2, 3]) {
    assert.match(picks, new RegExp(`run attempt 2 lists no status record of an earlier attempt, so wave ${w} runs again from the start`));
  }
  assert.match(picks, /after "Re-run all jobs" GitHub lists no artifacts of earlier attempts/);
  assert.equal(second.conclusion, "success");
  assert.equal(second.outputs["passed-waves"], "1,2,3");
});

test("re-runs: Re-run failed jobs never runs a passed wave again, and says why the failed one runs again", async () => {
  const { engine, run, first } = await failedRun();
  const second = await run({ "max-resumes": 1 }, { previous: first, rerunsContinueOnErrorFailures: true });
  assert.ok(!engine.runs.slice(3).some((x) => x.wave === 1), "wave 1 passed in attempt 1 and was not run again");
  const log = second.jobs
    .filter((j) => j.id === "wave" && !j.reused)
    .map((j) => j.steps.find((s) => s.name === "Pick the wave")?.log ?? "")
    .join("\n");
  assert.match(log, /run attempt 2 runs wave 2 again: it ended failed in run attempt 1/);
  assert.doesNotMatch(log, /lists no status record of an earlier attempt/);
});

test("re-runs: with max-resumes 0 the first round is the last: its failures are plain, and Re-run failed jobs resumes them either way", async () => {
  for (const rerunsSoft of [false, true]) {
    const l = await lane({ failures: { 2: 1 } });
    const first = await l.run({ "max-resumes": 0 });
    assert.equal(first.conclusion, "failure");
    assert.deepEqual(legs(first, "wave"), [
      [1, "success", false],
      [2, "failure", false],
      [3, "failure", false],
    ]);
    assert.ok(first.jobs.every((j) => !j.softFailure));
    const second = await l.run({ "max-resumes": 0 }, { previous: first, rerunsContinueOnErrorFailures: rerunsSoft });
    assert.deepEqual(
      l.engine.runs.map((x) => [x.wave, x.attempt, x.status]),
      [
        [1, 1, "passed"],
        [2, 1, "failed"],
        [2, 2, "passed"],
        [3, 2, "passed"],
      ],
      `rerunsContinueOnErrorFailures ${rerunsSoft}`,
    );
    assert.equal(second.conclusion, "success");
  }
});

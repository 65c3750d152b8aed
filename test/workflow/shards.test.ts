/**
 * wave.yml with a wave split into shards (max-agents-per-job): the shard jobs of a wave run side by
 * side (max-parallel-jobs), its closure job after them, the waves still in order; a shard that
 * fails is the only one run again in the resume round, then the closure job. A wave with design
 * agents runs its design job (shard 0) before its shards, which build on it. The runner starts
 * matrix legs side by side up to max-parallel and in a chosen order (legOrder); the fake engine
 * stands behind `uses: ./.wave-action`, with the real supervision (src/supervisor/) deciding.
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { pickOutputs } from "../../src/supervisor/pick.js";
import type { FakeEngine, Scenario } from "./fake-engine.js";
import { runFakeLane } from "./fake-lane.js";
import { Cleanup } from "./fixtures.js";
import type { RunnerHooks, WorkflowRunResult } from "./runner/index.js";

const cleanup = new Cleanup();
after(() => cleanup.run());

const runLane = (scenario: Scenario, inputs: Record<string, string | number>, legOrder?: RunnerHooks["legOrder"]) =>
  runFakeLane(cleanup, {
    scenario,
    inputs: { "max-agents-per-job": 4, "max-parallel-jobs": 3, ...inputs },
    runId: 6161,
    ...(legOrder ? { legOrder } : {}),
  });

/** Starts the legs of `jobId` last first. */
const reversed =
  (jobId: string): RunnerHooks["legOrder"] =>
  ({ id, legs }) =>
    id === jobId ? legs.map((_, i) => legs.length - 1 - i) : undefined;

/**
 * The errors of the first round's jobs that stopped behind a unit that did not pass: their pick
 * steps failed (src/action/supervise-mode.ts pickMode) and ran no wave.
 */
const stoppedAt = (r: WorkflowRunResult) => {
  const jobs = r.jobs.filter((j) => j.id === "wave" && j.steps.some((s) => s.name === "Pick the wave" && s.conclusion === "failure"));
  for (const j of jobs) assert.equal(j.steps.find((s) => s.name === "Run the wave")?.conclusion, "skipped", j.key);
  const errors = r.annotations.filter((a) => a.level === "error" && a.job === "wave" && a.step === "order").map((a) => a.message);
  assert.equal(errors.length, jobs.length);
  return errors.sort();
};

const ran = (engine: FakeEngine) => engine.runs.map((x) => `${x.job} ${x.wave}${x.shard ? ` ${x.shard}` : ""} ${x.status}`);

test("shards: a wave split in 3 runs as 3 shard jobs and a closure job, between the waves before and after it", async () => {
  // The legs start last first: the jobs listed as wave 3 and as the closure take wave 1 and the first shard.
  const { r, engine } = await runLane({ shards: { 2: 3 } }, { "max-resumes": 0 }, reversed("wave"));
  assert.equal(r.conclusion, "success");
  assert.deepEqual(JSON.parse(r.outputs["matrix"] ?? "{}").include, [
    { wave: 1 },
    { wave: 2, shard: "1/3", shards: 3 },
    { wave: 2, shard: "2/3", shards: 3 },
    { wave: 2, shard: "3/3", shards: 3 },
    { wave: 2, shard: "closure", shards: 3 },
    { wave: 3 },
  ]);
  // Six wave jobs, each ran exactly one unit, every unit once.
  assert.equal(r.jobs.filter((j) => j.id === "wave").length, 6);
  const units = engine.runs.map((x) => `${x.wave}${x.shard ? ` ${x.shard}` : ""}`);
  assert.deepEqual([...units].sort(), ["1", "2 1/3", "2 2/3", "2 3/3", "2 closure", "3"]);
  // In order: wave 1 before every shard, every shard before the closure, the closure before wave 3.
  const at = (u: string) => units.indexOf(u);
  for (const shard of ["2 1/3", "2 2/3", "2 3/3"]) {
    assert.ok(at("1") < at(shard) && at(shard) < at("2 closure"), `${shard} between wave 1 and the closure: ${units.join(", ")}`);
  }
  assert.ok(at("2 closure") < at("3"));
  // Each shard started on top of wave 1's changes; wave 3 on top of the closure's (every shard's).
  for (const x of engine.runs.filter((x) => x.wave === 2 && x.shard !== "closure")) assert.deepEqual(x.saw, ["wave-1.txt"], x.shard);
  assert.deepEqual(engine.runs.find((x) => x.wave === 3)?.saw, [
    "wave-1.txt",
    "wave-2-shard-1-of-3.txt",
    "wave-2-shard-2-of-3.txt",
    "wave-2-shard-3-of-3.txt",
    "wave-2.txt",
  ]);
  // The shard jobs passed the shard input on; the report names the waves (not the shards).
  assert.equal(r.outputs["passed-waves"], "1,2,3");
  assert.equal(r.outputs["changes-artifact"], "wave_main_wave-3_attempt-1_k6");
  // The job listed last (wave 3) started among the first and says what it runs instead.
  const log = r.jobs.find((j) => j.id === "wave" && j.matrix?.["wave"] === 3)?.steps.find((s) => s.name === "Pick the wave")?.log ?? "";
  assert.match(log, /::notice title=Wave::this job \(matrix entry wave 3\) runs wave (1|2 \(shard [12]\/3\)), the next in order/);
});

test("shards: a shard that fails is the only one run again in the resume round, then the closure job and the waves after it", async () => {
  const { r, engine } = await runLane({ shards: { 2: 3 }, unitFailures: { "wave-2-shard-2-of-3": 1 } }, { "max-resumes": 1 });
  assert.equal(r.conclusion, "success");
  const first = ran(engine).filter((x) => x.startsWith("wave "));
  assert.deepEqual(first.filter((x) => x.includes(" 2 ")).sort(), ["wave 2 1/3 passed", "wave 2 2/3 failed", "wave 2 3/3 passed"]);
  // The closure job and wave 3 did not start behind the failed shard: their pick steps fail, saying which one.
  assert.deepEqual(stoppedAt(r), [
    "wave 2 (closure) not started: wave 2 (shard 2/3) before it did not pass (failed)",
    "wave 3 not started: wave 2 (closure) before it did not pass (not-run)",
  ]);
  // triage-1 plans the failed shard, the closure job and wave 3; shards 1 and 3 are not run again.
  const triage = r.jobs.find((j) => j.id === "triage-1");
  assert.deepEqual(JSON.parse(triage?.outputs["matrix"] ?? "{}").include, [
    { wave: 2, shard: "2/3", shards: 3 },
    { wave: 2, shard: "closure", shards: 3 },
    { wave: 3 },
  ]);
  assert.deepEqual(
    ran(engine).filter((x) => x.startsWith("resume-1 ")),
    ["resume-1 2 2/3 passed", "resume-1 2 closure passed", "resume-1 3 passed"],
  );
  assert.equal(engine.runs.filter((x) => x.wave === 2 && x.shard === "1/3").length, 1);
  assert.equal(engine.runs.filter((x) => x.wave === 2 && x.shard === "3/3").length, 1);
  assert.equal(r.outputs["passed-waves"], "1,2,3");
});

test("shards: a wave with design agents runs its design job first, then its shards on top of it, then its closure job", async () => {
  // The legs start last first: the jobs listed as wave 3 and the closure take wave 1 and the design job.
  const { r, engine } = await runLane({ shards: { 2: 3 }, design: [2] }, { "max-resumes": 0 }, reversed("wave"));
  assert.equal(r.conclusion, "success");
  assert.deepEqual(JSON.parse(r.outputs["matrix"] ?? "{}").include, [
    { wave: 1 },
    { wave: 2, shard: "0/3", shards: 3 },
    { wave: 2, shard: "1/3", shards: 3 },
    { wave: 2, shard: "2/3", shards: 3 },
    { wave: 2, shard: "3/3", shards: 3 },
    { wave: 2, shard: "closure", shards: 3 },
    { wave: 3 },
  ]);
  // The design leg reads as the design job; the others keep their shard.
  assert.deepEqual(
    r.jobs
      .filter((j) => j.id === "wave" && j.matrix?.["wave"] === 2)
      .map((j) => j.name)
      .sort(),
    ["Wave 2 design", "Wave 2 shard 1/3", "Wave 2 shard 2/3", "Wave 2 shard 3/3", "Wave 2 shard closure"],
  );
  // Seven wave jobs, every unit run once.
  assert.equal(r.jobs.filter((j) => j.id === "wave").length, 7);
  const units = engine.runs.map((x) => `${x.wave}${x.shard ? ` ${x.shard}` : ""}`);
  assert.deepEqual([...units].sort(), ["1", "2 0/3", "2 1/3", "2 2/3", "2 3/3", "2 closure", "3"]);
  // No shard started before the design job passed; the design job after wave 1, the closure job after every shard.
  const at = (u: string) => units.indexOf(u);
  assert.equal(engine.runs[at("2 0/3")]?.status, "passed");
  assert.ok(at("1") < at("2 0/3"), units.join(", "));
  for (const shard of ["2 1/3", "2 2/3", "2 3/3"]) {
    assert.ok(
      at("2 0/3") < at(shard) && at(shard) < at("2 closure"),
      `${shard} between the design job and the closure: ${units.join(", ")}`,
    );
  }
  assert.ok(at("2 closure") < at("3"));
  // The design job started on wave 1's changes; each shard on the design job's.
  assert.deepEqual(engine.runs[at("2 0/3")]?.saw, ["wave-1.txt"]);
  for (const x of engine.runs.filter((x) => x.wave === 2 && /^[1-3]\//.test(x.shard))) {
    assert.deepEqual(x.saw, ["wave-1.txt", "wave-2-shard-0-of-3.txt"], x.shard);
  }
  assert.deepEqual(engine.runs.find((x) => x.wave === 3)?.saw, [
    "wave-1.txt",
    "wave-2-shard-0-of-3.txt",
    "wave-2-shard-1-of-3.txt",
    "wave-2-shard-2-of-3.txt",
    "wave-2-shard-3-of-3.txt",
    "wave-2.txt",
  ]);
  // The design job was picked as its unit, and its run step was given shard 0/3.
  const design = engine.picks.find((p) => p.outcome.kind === "run" && p.outcome.unit.key === "wave-2-shard-0-of-3");
  assert.deepEqual(design && pickOutputs(design.outcome), {
    wave: "2",
    shard: "0/3",
    unit: "wave-2-shard-0-of-3",
    blocker: "",
    "blocker-status": "",
  });
  assert.equal(r.outputs["passed-waves"], "1,2,3");
});

test("shards: a design job that fails stops its shards; the resume round runs it, the shards, the closure job and the later waves, in order", async () => {
  const { r, engine } = await runLane({ shards: { 2: 3 }, design: [2], unitFailures: { "wave-2-shard-0-of-3": 1 } }, { "max-resumes": 1 });
  assert.equal(r.conclusion, "success");
  assert.deepEqual(
    ran(engine).filter((x) => x.startsWith("wave ")),
    ["wave 1 passed", "wave 2 0/3 failed"],
  );
  // Every job after it stopped at its pick step, naming the design job (the later wave names the closure job).
  assert.deepEqual(stoppedAt(r), [
    "wave 2 (closure) not started: wave 2 (design) before it did not pass (failed)",
    "wave 2 (shard 1/3) not started: wave 2 (design) before it did not pass (failed)",
    "wave 2 (shard 2/3) not started: wave 2 (design) before it did not pass (failed)",
    "wave 2 (shard 3/3) not started: wave 2 (design) before it did not pass (failed)",
    "wave 3 not started: wave 2 (closure) before it did not pass (not-run)",
  ]);
  const triage = r.jobs.find((j) => j.id === "triage-1");
  assert.deepEqual(JSON.parse(triage?.outputs["matrix"] ?? "{}").include, [
    { wave: 2, shard: "0/3", shards: 3 },
    { wave: 2, shard: "1/3", shards: 3 },
    { wave: 2, shard: "2/3", shards: 3 },
    { wave: 2, shard: "3/3", shards: 3 },
    { wave: 2, shard: "closure", shards: 3 },
    { wave: 3 },
  ]);
  const resumed = ran(engine).filter((x) => x.startsWith("resume-1 "));
  assert.deepEqual(resumed.slice(0, 1), ["resume-1 2 0/3 passed"]);
  assert.deepEqual(resumed.slice(1, 4).sort(), ["resume-1 2 1/3 passed", "resume-1 2 2/3 passed", "resume-1 2 3/3 passed"]);
  assert.deepEqual(resumed.slice(4), ["resume-1 2 closure passed", "resume-1 3 passed"]);
  // The shards of the resume round built on the design job's pass.
  for (const x of engine.runs.filter((x) => x.job === "resume-1" && x.wave === 2 && /^[1-3]\//.test(x.shard))) {
    assert.deepEqual(x.saw, ["wave-1.txt", "wave-2-shard-0-of-3.txt"], x.shard);
  }
  assert.equal(engine.runs.filter((x) => x.wave === 1).length, 1);
  assert.equal(r.outputs["passed-waves"], "1,2,3");
});

test("shards: jobs that start together never run the same shard", async () => {
  // Three legs start at once (max-parallel-jobs 3) and claim in the same moment: one shard each.
  const { r, engine } = await runLane({ shards: { 1: 3 } }, { "max-resumes": 0, waves: "1" });
  assert.equal(r.conclusion, "success");
  const units = engine.runs.map((x) => `${x.wave} ${x.shard}`);
  assert.deepEqual([...units].sort(), ["1 1/3", "1 2/3", "1 3/3", "1 closure"]);
  // Every pick of a unit was a different unit.
  const picked = engine.picks
    .filter((p) => p.outcome.kind !== "none")
    .map((p) => (p.outcome.kind === "none" ? "" : `${p.outcome.unit.key}${p.outcome.unit.shard?.kind === "closure" ? " closure" : ""}`));
  assert.equal(new Set(picked).size, picked.length, picked.join(", "));
});

test("shards: max-parallel-jobs and max-agents-per-job are checked before anything runs", async () => {
  for (const [inputs, message] of [
    [{ "max-parallel-jobs": 0 }, "max-parallel-jobs must be a whole number from 1 to 999 (got 0)"],
    [{ "max-parallel-jobs": 1000 }, "max-parallel-jobs must be a whole number from 1 to 999 (got 1000)"],
    [{ "max-agents-per-job": 2.5 }, "max-agents-per-job must be a whole number, 0 for the config's setting (got 2.5)"],
  ] as const) {
    const { r, engine } = await runLane({}, inputs);
    assert.equal(r.conclusion, "failure");
    const plan = r.jobs.find((j) => j.id === "plan");
    // The plan job's first action step reads the workflow's inputs and fails on them.
    const first = plan?.steps.find((s) => s.name === "Validate the wave files");
    assert.equal(first?.conclusion, "failure");
    assert.deepEqual(
      r.annotations.filter((a) => a.job === "plan" && a.title === "Wave").map((a) => a.message),
      [message],
    );
    assert.equal(r.jobs.find((j) => j.id === "wave")?.conclusion, "skipped");
    assert.equal(engine.runs.length, 0);
  }
});

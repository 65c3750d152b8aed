import assert from "node:assert/strict";
import { test } from "node:test";
import { withRounds } from "../../scripts/gen-workflow.js";
import { parse } from "yaml";
import { actionInterface, workflowFiles } from "./workflow-files.js";

type Step = {
  id?: string;
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
  run?: string;
  name?: string;
  if?: string;
};
type Job = {
  steps?: Step[];
  outputs?: Record<string, string>;
  name?: string;
  needs?: string[];
  if?: string;
  strategy?: unknown;
  [k: string]: unknown;
};
type Workflow = { jobs: Record<string, Job> };

const load = (name: string): Workflow => parse(workflowFiles().find((f) => f.name === name)!.content) as Workflow;
const isAction = (uses: string | undefined) => uses === "./" || uses === "./.wave-action";

test("every use of the Wave Action passes only inputs that action.yml declares", () => {
  const { inputs } = actionInterface();
  for (const { name } of workflowFiles()) {
    for (const [jobId, job] of Object.entries(load(name).jobs)) {
      for (const step of job.steps ?? []) {
        if (!isAction(step.uses)) continue;
        const unknown = Object.keys(step.with ?? {}).filter((k) => !inputs.includes(k));
        assert.deepEqual(unknown, [], `${name} jobs.${jobId} step ${step.name}`);
        assert.ok(typeof step.with?.["mode"] === "string", `${name} jobs.${jobId} step ${step.name} names its mode`);
      }
    }
  }
});

test("the workflows read only outputs that action.yml declares", () => {
  const { outputs } = actionInterface();
  const used = new Set<string>();
  for (const { name, content } of workflowFiles()) {
    for (const job of Object.values(load(name).jobs)) {
      const actionSteps = (job.steps ?? []).filter((s) => isAction(s.uses) && s.id).map((s) => s.id as string);
      for (const id of actionSteps) {
        for (const m of content.matchAll(new RegExp(`steps\\.${id}\\.outputs\\.([A-Za-z0-9_-]+)`, "g"))) used.add(m[1] as string);
      }
    }
  }
  assert.ok(used.has("status") && used.has("passed-waves"), "the scan finds the outputs the workflows read");
  assert.deepEqual([...used].filter((o) => !outputs.includes(o)).sort(), []);
});

test("the resume rounds of wave.yml are the wave job and triage-1 for rounds 1 and 2, as scripts/gen-workflow.ts writes them", () => {
  const file = workflowFiles().find((f) => f.name === "wave.yml")!.content;
  assert.equal(withRounds(file), file, "run npx tsx scripts/gen-workflow.ts");
  // The generator fails loudly when the job it copies no longer has what it substitutes.
  assert.throws(
    () => withRounds(file.replace('round: "0"', 'round: "zero"').replaceAll('round: "0"', 'round: "zero"')),
    /nothing matches round: "0"/,
  );
  assert.throws(() => withRounds(file.replace("  # BEGIN GENERATED ROUNDS\n", "")), /are missing/);
  const { jobs } = load("wave.yml");
  const normalize = (job: Job, round: string) =>
    JSON.stringify(job.steps)
      .replaceAll(`"round":"${round}"`, '"round":"N"')
      .replace(`,"round-matrix":"\${{ needs.triage-${round}.outputs.matrix }}"`, "");
  const first = normalize(jobs["wave"]!, "0");
  assert.equal(normalize(jobs["resume-1"]!, "1"), first);
  assert.equal(normalize(jobs["resume-2"]!, "2"), first);
  // A triage counts the records of the rounds before it.
  const triage = (id: string, last: string) => JSON.stringify(jobs[id]!.steps).replaceAll(`"round":"${last}"`, '"round":"N"');
  assert.equal(triage("triage-2", "1"), triage("triage-1", "0"));
  // A round is continue-on-error exactly when a resume round may follow it; the last round a
  // wave can run in fails plainly, so that either re-run button runs it again.
  const softWhen: Record<string, unknown> = {
    wave: "${{ inputs.max-resumes > 0 }}",
    "resume-1": "${{ inputs.max-resumes > 1 }}",
    "resume-2": "${{ inputs.max-resumes > 2 }}",
  };
  for (const id of ["wave", "resume-1", "resume-2"]) {
    const strategy = jobs[id]!.strategy as { "fail-fast": boolean; "max-parallel": unknown };
    // One wave job at a time; the job picks the next wave in order ("Pick the wave").
    assert.equal(strategy["fail-fast"], false, id);
    assert.equal(jobs[id]!["continue-on-error"], softWhen[id], id);
    // As many jobs at once as the caller allows; each takes what "Pick the wave" claims for it.
    assert.equal(strategy["max-parallel"], "${{ inputs.max-parallel-jobs }}", id);
    assert.equal(jobs[id]!["timeout-minutes"], "${{ inputs.job-timeout-minutes }}", id);
    // Every step after the pick runs only when there is a wave to run, and none reads the matrix
    // entry (only the pick does, for its log).
    const steps = jobs[id]!.steps ?? [];
    const pick = steps.findIndex((s) => s.id === "order");
    assert.equal(steps[pick]?.with?.["mode"], "pick", id);
    for (const step of steps.slice(pick + 1)) {
      assert.match(String(step.if ?? ""), /steps\.order\.outputs\.wave != ''/, `${id} step ${step.name}`);
      assert.doesNotMatch(JSON.stringify(step), /matrix\./, `${id} step ${step.name}`);
    }
  }
});

test("the report job needs every wave job and always runs", () => {
  const { jobs } = load("wave.yml");
  const report = jobs["report"]!;
  assert.equal(report.if, "always()");
  const waveJobs = Object.keys(jobs).filter((id) => id !== "report");
  assert.deepEqual([...(report.needs ?? [])].sort(), waveJobs.sort());
});

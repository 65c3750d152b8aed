/**
 * The real workflow files (.github/workflows) run by the local runner, with the fake engine behind
 * `uses: ./.wave-action`: ordering, resume rounds, re-runs of failed jobs, the report, publishing
 * and the pull-request check.
 */
import assert from "node:assert/strict";
import { chmod, mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { REPO_ROOT } from "../helpers/cli.js";
import { FAKE_CLI, FakeEngine, type Scenario } from "./fake-engine.js";
import { Cleanup, commitFiles, gitSync, makeRepo } from "./fixtures.js";
import { LocalArtifactStore, type RunWorkflowOptions, runWorkflow, type WorkflowRunResult } from "./runner/index.js";

const cleanup = new Cleanup();
after(() => cleanup.run());

const WORKFLOWS = path.join(REPO_ROOT, ".github", "workflows");

function waveFile(n: number, extra = ""): string {
  return `# Wave ${n} - example\n\n**Commit message**: \`Add wave ${n} output\`\n\n## Agent A1: worker\n${extra}\n`;
}

/** A repository laid out like this one: the action (action.yml + dist/cli) and waves in examples/. */
async function makeWaveRepo(waves = [1, 2, 3]): Promise<string> {
  const files: Record<string, string> = {
    "action.yml": await readFile(path.join(REPO_ROOT, "action.yml"), "utf8"),
    "dist/cli/index.js": FAKE_CLI,
    "dist/package.json": '{ "type": "module" }\n',
  };
  for (const n of waves) files[`examples/docs/plans/waves/wave-${n}.md`] = waveFile(n);
  return cleanup.add(await makeRepo(files));
}

interface Setup {
  repoDir: string;
  engine: FakeEngine;
  store: LocalArtifactStore;
  run: (options: Partial<RunWorkflowOptions>) => Promise<WorkflowRunResult>;
}

async function setup(scenario: Scenario = {}, repoDir?: string): Promise<Setup> {
  const dir = repoDir ?? (await makeWaveRepo());
  const storeDir = cleanup.add(await mkdtemp(path.join(os.tmpdir(), "wave-wf-store-")));
  const store = new LocalArtifactStore(storeDir);
  const engine = new FakeEngine(store, scenario);
  const run = async (options: Partial<RunWorkflowOptions>) => {
    const r = await runWorkflow({
      workflowFile: path.join(WORKFLOWS, "wave.yml"),
      event: "workflow_call",
      repoDir: dir,
      repository: "acme/waves",
      runId: 4242,
      ...options,
      hooks: { localAction: engine.hook, artifacts: store, ...options.hooks },
    });
    cleanup.add(r.workDir);
    return r;
  };
  return { repoDir: dir, engine, store, run };
}

const conclusions = (r: WorkflowRunResult, id: string) =>
  r.jobs
    .filter((j) => j.id === id)
    .sort((a, b) => a.key.localeCompare(b.key))
    .map((j) => [j.matrix?.["wave"], j.conclusion, j.reused]);

const only = (r: WorkflowRunResult, id: string) => {
  const found = r.jobs.filter((j) => j.id === id);
  assert.equal(found.length, 1, `one result for ${id}`);
  return found[0]!;
};

test("wave.yml: three waves pass in order, each on top of the changes before it; one report", async () => {
  const s = await setup();
  const r = await s.run({ inputs: { root: "examples" } });
  assert.equal(r.conclusion, "success");
  assert.deepEqual(
    s.engine.runs.map((x) => [x.wave, x.status, x.saw.join(" "), x.resume, x.applyChanges]),
    [
      [1, "passed", "", "auto", "previous"],
      [2, "passed", "wave-1.txt", "auto", "previous"],
      [3, "passed", "wave-1.txt wave-2.txt", "auto", "previous"],
    ],
  );
  assert.deepEqual(r.outputs, {
    status: "passed",
    "passed-waves": "1,2,3",
    "failed-waves": "",
    "changes-artifact": "wave_main_wave-3_attempt-1_k3",
    matrix: '{"include":[{"wave":1},{"wave":2},{"wave":3}]}',
    // inputs.ref (empty: the triggering commit), resolved once by the plan job.
    commit: gitSync(s.repoDir, ["rev-parse", "HEAD"]),
    // The stand-in engine's agents report no usage.
    "total-cost-usd": "",
    "total-tokens": "",
  });
  assert.deepEqual([only(r, "triage-1").conclusion, only(r, "triage-1").outputs["count"]], ["success", "0"]);
  for (const id of ["resume-1", "triage-2", "resume-2"]) assert.equal(only(r, id).conclusion, "skipped", id);
  // Every job found the action through job.workflow_* and ran it from its own checkout.
  assert.ok(s.engine.calls.every((c) => c.action === ".wave-action"));
  assert.deepEqual(
    s.engine.calls.filter((c) => c.phase === "main").map((c) => c.mode),
    // Each wave job first picks what it runs; the triage of the first resume round finds nothing.
    ["validate", "plan", "pick", "run", "pick", "run", "pick", "run", "triage", "report"],
  );
  // The action checkout never becomes part of the waves' changes.
  const patch = await readFile(path.join(s.store.root, "4242", "1", "wave_main_wave-3_attempt-1_k3", "changes", "changes.patch"), "utf8");
  assert.match(patch, /out\/wave-3\.txt/);
  assert.doesNotMatch(patch, /wave-action|action\.yml/);
  assert.equal(r.summaries.filter((x) => x.job === "report").length, 1);
  assert.deepEqual(r.concurrency, [
    { workflow: ".github/workflows/wave.yml", group: "wave-acme/waves-examples-default-refs/heads/main", cancelInProgress: false },
  ]);
});

test("wave.yml: a wave that fails once is resumed, with the waves after it, in a resume round", async () => {
  const s = await setup({ failures: { 1: 1 } });
  const r = await s.run({ inputs: { root: "examples" } });
  assert.equal(r.conclusion, "success");
  // The waves after the failed one stop at their check of the waves before them.
  assert.deepEqual(conclusions(r, "wave"), [
    [1, "failure", false],
    [2, "failure", false],
    [3, "failure", false],
  ]);
  // Their pick steps fail (src/action/supervise-mode.ts pickMode) and no wave runs in them.
  const stopped = r.jobs.find((j) => j.id === "wave" && j.matrix?.["wave"] === 3)!;
  const pick = stopped.steps.find((x) => x.name === "Pick the wave")!;
  assert.equal(pick.conclusion, "failure");
  assert.match(pick.log, /::error::wave 3 not started: wave 1 before it did not pass \(failed\)/);
  assert.equal(stopped.steps.find((x) => x.name === "Run the wave")!.conclusion, "skipped");
  assert.deepEqual(conclusions(r, "resume-1"), [
    [1, "success", false],
    [2, "success", false],
    [3, "success", false],
  ]);
  assert.deepEqual(
    s.engine.runs.map((x) => [x.wave, x.job, x.status]),
    [
      [1, "wave", "failed"],
      [1, "resume-1", "passed"],
      [2, "resume-1", "passed"],
      [3, "resume-1", "passed"],
    ],
  );
  assert.equal(r.outputs["status"], "passed");
  assert.equal(r.outputs["passed-waves"], "1,2,3");
  assert.equal(only(r, "triage-2").conclusion, "skipped");
});

test("wave.yml: a wave that always fails stops the waves after it; the report fails and names them", async () => {
  // One resume round is covered by the test above.
  for (const maxResumes of [0, 2]) {
    const s = await setup({ failures: { 1: Number.POSITIVE_INFINITY } });
    const r = await s.run({ inputs: { root: "examples", "max-resumes": maxResumes } });
    assert.equal(r.conclusion, "failure");
    assert.deepEqual(
      s.engine.runs.map((x) => x.wave),
      Array(maxResumes + 1).fill(1),
      `max-resumes ${maxResumes}: only wave 1 ever runs`,
    );
    assert.equal(r.outputs["status"], "failed");
    assert.equal(r.outputs["failed-waves"], "1,2,3");
    assert.equal(r.outputs["changes-artifact"], "");
    const report = only(r, "report");
    assert.equal(report.conclusion, "failure");
    assert.equal(only(r, "triage-1").conclusion, maxResumes >= 1 ? "success" : "skipped");
    assert.equal(only(r, "triage-2").conclusion, maxResumes >= 2 ? "success" : "skipped");
  }
});

test("wave.yml: re-run failed jobs keeps passed waves and runs the failed one and the ones after it", async () => {
  const s = await setup({ failures: { 2: 2 } });
  const first = await s.run({ inputs: { root: "examples" } });
  assert.equal(first.conclusion, "failure");
  assert.deepEqual(
    s.engine.runs.map((x) => [x.wave, x.attempt, x.status]),
    [
      [1, 1, "passed"],
      [2, 1, "failed"],
      [2, 1, "failed"],
    ],
  );
  const second = await s.run({ inputs: { root: "examples" }, previous: first });
  assert.equal(second.conclusion, "success");
  assert.deepEqual(
    s.engine.runs.slice(3).map((x) => [x.wave, x.attempt, x.status, x.saw.join(" ")]),
    [
      [2, 2, "passed", "wave-1.txt"],
      [3, 2, "passed", "wave-1.txt wave-2.txt"],
    ],
  );
  assert.deepEqual(conclusions(second, "wave"), [
    [1, "success", true],
    [2, "success", false],
    [3, "success", false],
  ]);
  assert.equal(only(second, "plan").reused, true);
  // The triage job runs again as a dependent of the failed jobs and finds nothing left to resume.
  const triage = only(second, "triage-1");
  assert.deepEqual([triage.conclusion, triage.attempt, triage.outputs["count"]], ["success", 2, "0"]);
  assert.equal(only(second, "resume-1").conclusion, "skipped");
  assert.equal(only(second, "report").conclusion, "success");
  assert.equal(second.outputs["passed-waves"], "1,2,3");
});

test("wave.yml: a blocked wave is not resumed automatically", async () => {
  const s = await setup({ blocked: [2] });
  const r = await s.run({ inputs: { root: "examples" } });
  assert.equal(r.conclusion, "failure");
  assert.equal(only(r, "triage-1").outputs["count"], "0");
  assert.ok(r.annotations.some((a) => a.level === "warning" && /blocked on a question/.test(a.message)));
  assert.deepEqual(
    s.engine.runs.map((x) => [x.wave, x.status]),
    [
      [1, "passed"],
      [2, "blocked"],
    ],
  );
});

test("wave.yml: dry-run runs every wave without resume rounds; bad inputs stop at the plan job", async () => {
  const s = await setup({ failures: { 1: 5 } });
  const r = await s.run({ inputs: { root: "examples", "dry-run": true, waves: "2-3" } });
  assert.equal(r.conclusion, "success");
  assert.deepEqual(
    s.engine.runs.map((x) => [x.wave, x.status]),
    [
      [2, "dry-run"],
      [3, "dry-run"],
    ],
  );
  assert.equal(r.outputs["status"], "dry-run");
  const bad = await s.run({ inputs: { root: "examples", "max-resumes": 3 } });
  assert.equal(bad.conclusion, "failure");
  assert.equal(only(bad, "wave").conclusion, "skipped");
  // The plan job's first action step reads the workflow's inputs and fails on them.
  assert.equal(only(bad, "plan").steps.find((x) => x.name === "Validate the wave files")?.conclusion, "failure");
  assert.equal(only(bad, "plan").steps.find((x) => x.name === "Plan the waves")?.conclusion, "skipped");
  assert.deepEqual(
    bad.annotations.filter((a) => a.job === "plan" && a.title === "Wave").map((a) => a.message),
    ["max-resumes must be 0, 1 or 2 (got 3)"],
  );
  assert.equal(bad.outputs["status"], "failed");
});

test("wave.yml: max-parallel-waves above 1 is refused up front, before any wave runs, and says what to do instead", async () => {
  const s = await setup();
  for (const value of [2, 0]) {
    const r = await s.run({ inputs: { root: "examples", "max-parallel-waves": value } });
    assert.equal(r.conclusion, "failure");
    assert.equal(only(r, "plan").conclusion, "failure");
    assert.equal(only(r, "plan").steps.find((x) => x.name === "Plan the waves")?.conclusion, "skipped");
    assert.equal(only(r, "wave").conclusion, "skipped");
    const messages = r.annotations.map((a) => a.message).join("\n");
    assert.match(
      messages,
      new RegExp(
        `max-parallel-waves must be 1 \\(got ${value}\\): each wave builds on the changes of the waves before it and changes-artifact holds them all`,
      ),
    );
    assert.match(messages, /Run independent waves as separate lanes/);
    assert.equal(r.outputs["status"], "failed");
    assert.equal(r.outputs["changes-artifact"], "");
  }
  assert.equal(s.engine.runs.length, 0);
});

test("wave.yml: an invalid wave file fails the plan job with an annotation on its line", async () => {
  const repoDir = await makeWaveRepo();
  await commitFiles(repoDir, { "examples/docs/plans/waves/wave-2.md": waveFile(2, "BROKEN here") }, "break wave 2");
  const s = await setup({}, repoDir);
  const r = await s.run({ inputs: { root: "examples" } });
  assert.equal(r.conclusion, "failure");
  assert.equal(only(r, "plan").conclusion, "failure");
  assert.deepEqual(
    r.annotations.filter((a) => a.job === "plan").map((a) => [a.file, a.line]),
    [["examples/docs/plans/waves/wave-2.md", 6]],
  );
  assert.equal(s.engine.runs.length, 0);
});

async function fakeGh(): Promise<{ bin: string; log: string }> {
  const dir = cleanup.add(await mkdtemp(path.join(os.tmpdir(), "wave-wf-gh-")));
  const bin = path.join(dir, "bin");
  const log = path.join(dir, "gh.log");
  await writeFile(path.join(dir, "gh"), "");
  const { mkdir } = await import("node:fs/promises");
  await mkdir(bin);
  await writeFile(
    path.join(bin, "gh"),
    `#!/bin/sh\nprintf '%s\\n' "GH_TOKEN=\${GH_TOKEN:+set}" "$@" > "${log}"\necho https://github.com/acme/waves/pull/1\n`,
  );
  await chmod(path.join(bin, "gh"), 0o755);
  return { bin, log };
}

test("wave-dispatch.yml: runs the lane through wave.yml and publishes a pull request when all waves passed", async () => {
  const s = await setup();
  const gh = await fakeGh();
  const r = await s.run({
    workflowFile: path.join(WORKFLOWS, "wave-dispatch.yml"),
    event: "workflow_dispatch",
    inputs: { publish: "true" },
    secrets: { OPENAI_API_KEY: "sk-test-123" },
    env: { PATH: `${gh.bin}:${process.env["PATH"]}` },
  });
  const publish = only(r, "publish");
  assert.equal(publish.conclusion, "success", JSON.stringify(publish.steps.map((x) => [x.id, x.conclusion, x.error, x.log.slice(-400)])));
  assert.equal(only(r, "waves").outputs["status"], "passed");
  assert.ok(r.jobs.some((j) => j.id === "waves/report"));
  const branch = "wave/default/4242";
  const message = gitSync(s.repoDir, ["log", "-1", "--format=%B", branch]);
  assert.match(message, /^Waves 1,2,3\n\n- wave 1: Add wave 1 output\n- wave 2: Add wave 2 output\n- wave 3: Add wave 3 output\n/);
  assert.deepEqual(gitSync(s.repoDir, ["diff", "--name-only", "main", branch]).split("\n"), [
    "examples/out/wave-1.txt",
    "examples/out/wave-2.txt",
    "examples/out/wave-3.txt",
  ]);
  const ghArgs = (await readFile(gh.log, "utf8")).trim().split("\n");
  assert.deepEqual(ghArgs.slice(0, 8), ["GH_TOKEN=set", "pr", "create", "--base", "main", "--head", branch, "--title"]);
  assert.equal(ghArgs[8], "Waves 1,2,3");
  // The secret reached the wave job's action step only as environment, never a log.
  assert.ok(r.jobs.every((j) => j.steps.every((st) => !st.log.includes("sk-test-123"))));
});

test("wave-dispatch.yml: no publish job without the publish input, in a dry run, or when a wave failed", async () => {
  for (const [inputs, scenario] of [
    [{ publish: "false" }, {}],
    [{ publish: "true", "dry-run": "true" }, {}],
    [{ publish: "true" }, { failures: { 3: 9 } }],
  ] as [Record<string, string>, Scenario][]) {
    const s = await setup(scenario);
    const r = await s.run({ workflowFile: path.join(WORKFLOWS, "wave-dispatch.yml"), event: "workflow_dispatch", inputs });
    assert.equal(only(r, "publish").conclusion, "skipped", JSON.stringify(inputs));
  }
});

async function prRun(change: Record<string, string>): Promise<{ r: WorkflowRunResult; s: Setup }> {
  const repoDir = await makeWaveRepo();
  gitSync(repoDir, ["checkout", "-q", "-b", "feature"]);
  const head = await commitFiles(repoDir, change, "change waves");
  const s = await setup({}, repoDir);
  const r = await s.run({
    workflowFile: path.join(WORKFLOWS, "wave-check.yml"),
    event: "pull_request",
    eventPayload: { pull_request: { number: 12, head: { ref: "feature", repo: { fork: true } }, base: { ref: "main" } } },
    ref: "refs/pull/12/merge",
    sha: head,
    secrets: {},
  });
  return { r, s };
}

test("wave-check.yml: dry-runs only the changed wave and summarizes what it would run", async () => {
  const { r, s } = await prRun({ "examples/docs/plans/waves/wave-2.md": waveFile(2, "More detail.") });
  const check = only(r, "check");
  assert.equal(check.conclusion, "success", JSON.stringify(check.steps.map((x) => [x.id, x.conclusion, x.log.slice(-300)])));
  assert.equal(check.steps.find((x) => x.id === "changed")!.outputs["waves"], "2");
  const summary = r.summaries.map((x) => x.markdown).join("\n");
  assert.match(summary, /### Wave 2/);
  assert.match(summary, /\| A1 \| implementation \| local \| `wave __local-agent --wave 2` \|/);
  assert.doesNotMatch(summary, /### Wave [13]/);
  const artifacts = await s.store.list(4242);
  assert.deepEqual(
    artifacts.map((a) => a.name),
    ["wave-check-1"],
  );
  assert.equal(s.engine.calls.length, 0, "the check never runs the action (no agents)");
});

test("wave-check.yml: an invalid wave file fails the check with an annotation on the file and line", async () => {
  const { r } = await prRun({ "examples/docs/plans/waves/wave-3.md": waveFile(3, "BROKEN on purpose") });
  assert.equal(r.conclusion, "failure");
  assert.deepEqual(
    r.annotations.filter((a) => a.level === "error").map((a) => [a.file, a.line]),
    [["examples/docs/plans/waves/wave-3.md", 6]],
  );
});

/**
 * End-to-end: the real workflow files, the real action bundle (dist/) and CLI, real waves, the
 * Actions runtime harness (results service on Azurite) behind the artifact steps and the action.
 *
 * They run the committed bundle (dist/, which check-dist keeps equal to a fresh build);
 * WAVE_WORKFLOW_E2E=0 skips them for a quick local loop. WAVE_WORKFLOW_E2E_DIST may point at
 * another build directory (node scripts/build.mjs DIR).
 */
import assert from "node:assert/strict";
import { chmod, cp, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { REPO_ROOT } from "../helpers/cli.js";
import { downloadArtifact } from "../action/fixtures.js";
import { type ActionsHarness, startActionsHarness } from "../harness/index.js";
import { Cleanup, commitFiles, gitSync, makeRepo } from "./fixtures.js";
import { harnessHooks } from "./harness-bridge.js";
import { type RunWorkflowOptions, runWorkflow, type WorkflowRunResult } from "./runner/index.js";

const ENABLED = process.env["WAVE_WORKFLOW_E2E"] !== "0";
const DIST = path.resolve(process.env["WAVE_WORKFLOW_E2E_DIST"] ?? path.join(REPO_ROOT, "dist"));
const skip = ENABLED ? false : "WAVE_WORKFLOW_E2E=0 skips the end-to-end workflow scenarios";
const WORKFLOWS = path.join(REPO_ROOT, ".github", "workflows");

const cleanup = new Cleanup();
let h: ActionsHarness | undefined;
let nextRun = 70_000;
before(async () => {
  if (ENABLED) h = await startActionsHarness();
});
after(async () => {
  await h?.stop();
  await cleanup.run();
});

/** Exits 1 for its first `failures` runs (counted in `counter`), then does an implementation agent's work. */
const FLAKY = `import fs from "node:fs";
import path from "node:path";
const [counter, failures, deliverable] = process.argv.slice(2);
const runs = (fs.existsSync(counter) ? Number(fs.readFileSync(counter, "utf8")) : 0) + 1;
fs.writeFileSync(counter, String(runs));
// Another job's agent may run as another pooled OS user: the next run must be able to count on.
try { fs.chmodSync(counter, 0o666); } catch {}
if (runs <= Number(failures)) {
  console.log("flaky agent: failing run " + runs);
  process.exit(1);
}
fs.mkdirSync(path.dirname(deliverable), { recursive: true });
fs.writeFileSync(deliverable, "written on run " + runs + "\\n");
console.log("[wave-proof] completion=contract durability=none proof=unit state=met");
console.log("[wave-doc-delta] state=none");
`;

function agent(id: string, title: string, executor: string[], deliverable: string): string {
  return [
    `## Agent ${id}: ${title}`,
    "",
    "### Executor",
    "",
    ...executor.map((line) => `- ${line}`),
    "",
    "### Deliverables",
    "",
    `- ${deliverable}`,
    "",
    "### Prompt",
    "",
    "```text",
    `Create ${deliverable}.`,
    "",
    "File ownership:",
    `- ${deliverable}`,
    "```",
    "",
  ].join("\n");
}

interface E2ERepo {
  repoDir: string;
  counter: string;
}

/** A repository holding the action (action.yml + dist/) and three waves in examples/. */
async function makeE2ERepo(flakyFailures: number | null): Promise<E2ERepo> {
  const scratch = cleanup.add(await mkdtemp(path.join(os.tmpdir(), "wave-e2e-")));
  const flaky = path.join(scratch, "flaky.mjs");
  const counter = path.join(scratch, "runs");
  await writeFile(flaky, FLAKY);
  // Run as root, the action puts agents behind a separate OS user: the flaky agent's script and
  // counter must be theirs to use.
  await chmod(scratch, 0o777);
  const files: Record<string, string> = { "action.yml": await readFile(path.join(REPO_ROOT, "action.yml"), "utf8") };
  for (const n of [1, 2, 3]) {
    let text = `# Wave ${n} - e2e\n\n**Commit message**: \`E2E wave ${n}\`\n\n${agent("A1", "Writer", ["id: local"], `out/wave-${n}.txt`)}`;
    if (n === 1 && flakyFailures !== null) {
      text += `\n${agent("A2", "Flaky", ["id: command", `command: node ${flaky} ${counter} ${flakyFailures} out/flaky-1.txt`], "out/flaky-1.txt")}`;
    }
    files[`examples/docs/plans/waves/wave-${n}.md`] = text;
  }
  const repoDir = cleanup.add(await makeRepo(files, "wave-e2e-repo-"));
  await cp(DIST, path.join(repoDir, "dist"), { recursive: true });
  gitSync(repoDir, ["add", "-A"]);
  gitSync(repoDir, ["commit", "-q", "-m", "action bundle"]);
  return { repoDir, counter };
}

async function run(repoDir: string, options: Partial<RunWorkflowOptions>): Promise<WorkflowRunResult> {
  const harness = h as ActionsHarness;
  const repository = "acme/waves";
  const wiring = harnessHooks(harness, repository);
  const r = await runWorkflow({
    workflowFile: path.join(WORKFLOWS, "wave.yml"),
    event: "workflow_call",
    inputs: { root: "examples", "agent-timeout-minutes": 2, "job-timeout-minutes": 10 },
    repoDir,
    repository,
    runId: nextRun++,
    githubToken: wiring.githubToken,
    hooks: wiring.hooks,
    ...options,
  });
  cleanup.add(r.workDir);
  return r;
}

const legs = (r: WorkflowRunResult, id: string) =>
  r.jobs
    .filter((j) => j.id === id)
    .sort((a, b) => Number(a.matrix?.["wave"]) - Number(b.matrix?.["wave"]))
    .map((j) => [j.matrix?.["wave"], j.conclusion]);

const waveResult = (r: WorkflowRunResult, id: string, wave: number) => {
  const leg = r.jobs.find((j) => j.id === id && j.matrix?.["wave"] === wave);
  const out = leg?.steps.find((s) => s.id === "wave")?.outputs ?? {};
  return { outputs: out, result: out["result"] ? (JSON.parse(out["result"]) as { agents: { id: string; status: string }[] }) : undefined };
};

/**
 * The lane's status records as the action uploaded them (named, written and uploaded by its pick
 * and run steps, none by a step of the workflow): each `status` file's fields, and the days it is
 * kept (the workflow's retention-days, 30 by default).
 */
async function statusRecords(r: WorkflowRunResult): Promise<Map<string, { fields: Record<string, string>; days: number }>> {
  const harness = h as ActionsHarness;
  const out = new Map<string, { fields: Record<string, string>; days: number }>();
  for (const a of harness.service.store.listRun(r.runId).filter((x) => x.name.startsWith("wave-status_") && x.finalized)) {
    assert.ok(!out.has(a.name), `one record named ${a.name}`);
    const text = await readFile(path.join(await downloadArtifact(harness, a), "status"), "utf8");
    const fields = Object.fromEntries(
      text
        .trim()
        .split("\n")
        .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
    );
    const days = a.expiresAt ? Math.round((a.expiresAt.getTime() - a.createdAt.getTime()) / 86_400_000) : 0;
    out.set(a.name, { fields, days });
  }
  return out;
}

const explain = (r: WorkflowRunResult) =>
  JSON.stringify(
    r.jobs
      .filter((j) => j.conclusion === "failure")
      .map((j) => [
        j.id,
        j.matrix,
        j.error,
        j.steps.filter((s) => s.conclusion === "failure").map((s) => [s.name, s.error, s.log.slice(-600)]),
      ]),
    null,
    1,
  );

test("e2e: three waves pass in order and the report passes", { skip }, async () => {
  const { repoDir } = await makeE2ERepo(null);
  const r = await run(repoDir, {});
  assert.equal(r.conclusion, "success", explain(r));
  assert.deepEqual(legs(r, "wave"), [
    [1, "success"],
    [2, "success"],
    [3, "success"],
  ]);
  assert.equal(r.outputs["status"], "passed");
  assert.equal(r.outputs["passed-waves"], "1,2,3");
  assert.ok(r.outputs["changes-artifact"], "the report names the changes artifact");
  assert.equal(r.summaries.filter((s) => s.job === "report").length, 1);
  // Each wave job's run step recorded its pass, naming the state it uploaded, kept 30 days.
  const records = await statusRecords(r);
  assert.deepEqual(
    [...records.keys()].sort(),
    [1, 2, 3].map((n) => `wave-status_default_wave-${n}_attempt-1_r0`),
  );
  for (const n of [1, 2, 3]) {
    const { fields, days } = records.get(`wave-status_default_wave-${n}_attempt-1_r0`)!;
    assert.deepEqual(
      [fields["unit"], fields["wave"], fields["attempt"], fields["round"], fields["status"]],
      [`wave-${n}`, String(n), "1", "0", "passed"],
    );
    assert.equal(fields["state"], waveResult(r, "wave", n).outputs["artifact-name"]);
    assert.equal(days, 30);
  }
});

test("e2e: wave 1 fails, then a resume round runs only what failed and the lane passes", { skip }, async () => {
  // The flaky agent fails both in-job attempts of the first wave job, then passes.
  const { repoDir } = await makeE2ERepo(2);
  const r = await run(repoDir, {});
  assert.equal(r.conclusion, "success", explain(r));
  assert.deepEqual(legs(r, "wave")[0], [1, "failure"]);
  assert.deepEqual(legs(r, "resume-1"), [
    [1, "success"],
    [2, "success"],
    [3, "success"],
  ]);
  const resumed = waveResult(r, "resume-1", 1);
  assert.ok(resumed.outputs["resumed-from"], "the resume job resumed from the first job's artifact");
  assert.equal(resumed.result?.agents.find((a) => a.id === "A1")?.status, "reused");
  assert.equal(r.outputs["status"], "passed");
});

test("e2e: wave 1 always fails: the waves after it never start and the report fails", { skip }, async () => {
  const { repoDir } = await makeE2ERepo(99);
  const r = await run(repoDir, {});
  assert.equal(r.conclusion, "failure");
  assert.equal(r.outputs["status"], "failed");
  assert.equal(r.outputs["failed-waves"], "1,2,3");
  for (const id of ["wave", "resume-1"]) {
    for (const wave of [2, 3]) {
      const leg = r.jobs.find((j) => j.id === id && j.matrix?.["wave"] === wave)!;
      assert.equal(leg.steps.find((s) => s.id === "wave")?.conclusion, "skipped", `${id} wave ${wave} did not run the action`);
      // Its pick step failed, naming the wave before it that did not pass.
      assert.equal(leg.steps.find((s) => s.id === "order")?.conclusion, "failure", `${id} wave ${wave}`);
    }
    assert.deepEqual(
      r.annotations
        .filter((a) => a.level === "error" && a.step === "order" && a.job === id)
        .map((a) => a.message)
        .sort(),
      [2, 3].map((n) => `wave ${n} not started: wave 1 before it did not pass (failed)`),
      id,
    );
  }
  // Every job recorded the unit it picked: wave 1 its failure (run step), waves 2 and 3 not-run
  // (the pick step's post, as their run steps never ran), in both rounds, kept 30 days.
  const records = await statusRecords(r);
  assert.deepEqual(
    [...records.entries()].map(([name, { fields, days }]) => [name, fields["status"], days]).sort(),
    [0, 1]
      .flatMap((round) => [1, 2, 3].map((n) => [`wave-status_default_wave-${n}_attempt-1_r${round}`, n === 1 ? "failed" : "not-run", 30]))
      .sort(),
  );
  // A failed run names the state it uploaded (a resume starts from it); a job that never ran, none.
  for (const [name, { fields }] of records)
    if (fields["wave"] === "1") assert.match(fields["state"] ?? "", /^wave_main_wave-1_attempt-1_/, name);
    else assert.equal(fields["state"], "", name);
});

test("e2e: re-run failed jobs resumes the failed wave from the earlier attempt's artifacts", { skip }, async () => {
  // Two failing runs in the wave job and two in the resume job: the first attempt fails.
  const { repoDir } = await makeE2ERepo(4);
  const first = await run(repoDir, {});
  assert.equal(first.conclusion, "failure");
  const second = await run(repoDir, { previous: first, runId: first.runId });
  assert.equal(second.conclusion, "success", explain(second));
  const leg1 = waveResult(second, "wave", 1);
  assert.ok(leg1.outputs["resumed-from"], "attempt 2 resumed from attempt 1");
  assert.equal(leg1.result?.agents.find((a) => a.id === "A1")?.status, "reused");
  assert.equal(second.outputs["passed-waves"], "1,2,3");
});

test("e2e: a wave of 12 agents with max-agents-per-job 4 runs as 3 shard jobs and a closure job; a shard that fails is the only one run again", {
  skip,
}, async () => {
  const { repoDir, counter } = await makeE2ERepo(null);
  const scratch = path.dirname(counter);
  const flaky = path.join(scratch, "flaky.mjs");
  const ids = [1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14].map((i) => `A${i}`);
  // Twelve implementation agents (A8 and A9 would be the integration and documentation roles), each
  // counting its starts; A5 fails its first two (both attempts of its shard job).
  const wave2 = [`# Wave 2 - e2e sharded\n\n**Commit message**: \`E2E wave 2\`\n`];
  for (const id of ids) {
    const out = `out/wave-2-${id.toLowerCase()}.txt`;
    wave2.push(
      agent(
        id,
        `Writer ${id}`,
        ["id: command", `command: node ${flaky} ${path.join(scratch, `runs-${id}`)} ${id === "A5" ? 2 : 0} ${out}`],
        out,
      ),
    );
  }
  await commitFiles(repoDir, { "examples/docs/plans/waves/wave-2.md": wave2.join("\n") }, "wave 2 in shards");
  const r = await run(repoDir, {
    inputs: { root: "examples", "agent-timeout-minutes": 2, "job-timeout-minutes": 10, "max-agents-per-job": 4, "max-parallel-jobs": 3 },
  });
  assert.equal(r.conclusion, "success", explain(r));
  assert.deepEqual(JSON.parse(r.outputs["matrix"] ?? "{}").include, [
    { wave: 1 },
    { wave: 2, shard: "1/3", shards: 3 },
    { wave: 2, shard: "2/3", shards: 3 },
    { wave: 2, shard: "3/3", shards: 3 },
    { wave: 2, shard: "closure", shards: 3 },
    { wave: 3 },
  ]);
  // What each job ran (its pick), and what the action said of it.
  const ran = (id: string) =>
    r.jobs
      .filter((j) => j.id === id)
      .map((j) => {
        const pick = j.steps.find((s) => s.id === "order")?.outputs ?? {};
        const outputs = j.steps.find((s) => s.id === "wave")?.outputs ?? {};
        return { unit: `${pick["wave"]}${pick["shard"] ? ` ${pick["shard"]}` : ""}`, status: outputs["status"] ?? "not-run", outputs };
      })
      .filter((x) => x.unit !== "");
  const first = ran("wave");
  const failed = first.filter((x) => x.status === "failed").map((x) => x.unit);
  assert.equal(failed.length, 1, JSON.stringify(first.map((x) => [x.unit, x.status])));
  const shardOfA5 = failed[0] as string;
  assert.match(shardOfA5, /^2 [123]\/3$/);
  // The two other shards passed the first time; the closure job and wave 3 did not start.
  assert.deepEqual(
    first
      .filter((x) => x.status === "passed")
      .map((x) => x.unit)
      .sort(),
    ["1", ...["2 1/3", "2 2/3", "2 3/3"].filter((u) => u !== shardOfA5)],
  );
  // The resume round runs only that shard, then the closure job and wave 3.
  assert.deepEqual(
    ran("resume-1")
      .map((x) => `${x.unit} ${x.status}`)
      .sort(),
    [`${shardOfA5} passed`, "2 closure passed", "3 passed"].sort(),
  );
  // Agent starts: every agent once but A5 (its two failures and the pass in the resume round).
  const starts = Object.fromEntries(
    await Promise.all(ids.map(async (id) => [id, Number(await readFile(path.join(scratch, `runs-${id}`), "utf8"))])),
  );
  assert.deepEqual(starts, Object.fromEntries(ids.map((id) => [id, id === "A5" ? 3 : 1])));
  // The closure job's result is the wave's: every agent once, each with its shard, all reused.
  const closure = JSON.parse(ran("resume-1").find((x) => x.unit === "2 closure")?.outputs["result"] ?? "{}") as {
    shard: { kind: string; count: number };
    agents: { id: string; status: string; shard: number | null }[];
  };
  assert.deepEqual(closure.shard, { kind: "closure", count: 3 });
  assert.deepEqual(closure.agents.map((a) => a.id).sort(), [...ids].sort());
  assert.ok(
    closure.agents.every((a) => a.status === "reused" && [1, 2, 3].includes(a.shard ?? 0)),
    JSON.stringify(closure.agents),
  );
  assert.match(ran("resume-1").find((x) => x.unit === "2 closure")?.outputs["artifact-name"] ?? "", /^wave_main_wave-2_attempt-1_/);
  assert.match(first.find((x) => x.unit === "2 1/3")?.outputs["artifact-name"] ?? "", /^wave_main_wave-2-shard-1-of-3_attempt-1_/);
  assert.equal(r.outputs["passed-waves"], "1,2,3");
  assert.match(r.outputs["changes-artifact"] ?? "", /^wave_main_wave-3_attempt-1_/);
});

test("e2e: the dispatch workflow publishes a pull request with the waves' commit messages", { skip }, async () => {
  const { repoDir } = await makeE2ERepo(null);
  const bin = cleanup.add(await mkdtemp(path.join(os.tmpdir(), "wave-e2e-bin-")));
  const ghLog = path.join(bin, "gh.log");
  await writeFile(path.join(bin, "gh"), `#!/bin/sh\nprintf '%s\\n' "$@" > "${ghLog}"\n`);
  await chmod(path.join(bin, "gh"), 0o755);
  const r = await run(repoDir, {
    workflowFile: path.join(WORKFLOWS, "wave-dispatch.yml"),
    event: "workflow_dispatch",
    inputs: { publish: true },
    env: { PATH: `${bin}:${process.env["PATH"]}` },
  });
  assert.equal(r.conclusion, "success", explain(r));
  const message = gitSync(repoDir, ["log", "-1", "--format=%B", `wave/default/${r.runId}`]);
  assert.match(message, /- wave 1: E2E wave 1\n- wave 2: E2E wave 2\n- wave 3: E2E wave 3/);
  assert.match(await readFile(ghLog, "utf8"), /^pr\ncreate\n--base\nmain\n/);
  // What the waves changed, and nothing of the action checked out in the workspace (its pick
  // step keeps .wave-action out of the changes).
  assert.deepEqual(gitSync(repoDir, ["diff", "--name-only", "main", `wave/default/${r.runId}`]).split("\n"), [
    "examples/out/wave-1.txt",
    "examples/out/wave-2.txt",
    "examples/out/wave-3.txt",
  ]);
});

test("e2e: the pull-request check annotates an invalid wave file", { skip }, async () => {
  const { repoDir } = await makeE2ERepo(null);
  gitSync(repoDir, ["checkout", "-q", "-b", "feature"]);
  const wave2 = path.join(repoDir, "examples/docs/plans/waves/wave-2.md");
  const broken = (await readFile(wave2, "utf8")).replace("### Prompt", "### Promt");
  const head = await commitFiles(repoDir, { "examples/docs/plans/waves/wave-2.md": broken }, "break wave 2");
  await mkdir(path.join(repoDir, ".git", "refs", "pull"), { recursive: true });
  const r = await run(repoDir, {
    workflowFile: path.join(WORKFLOWS, "wave-check.yml"),
    event: "pull_request",
    inputs: {},
    eventPayload: { pull_request: { number: 3, head: { ref: "feature", repo: { fork: true } }, base: { ref: "main" } } },
    ref: "refs/pull/3/merge",
    sha: head,
  });
  assert.equal(r.conclusion, "failure");
  const errors = r.annotations.filter((a) => a.level === "error");
  assert.ok(
    errors.some((a) => a.file?.endsWith("examples/docs/plans/waves/wave-2.md") || a.file === "docs/plans/waves/wave-2.md"),
    JSON.stringify(errors),
  );
});

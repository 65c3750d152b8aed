/**
 * The copy-paste workflow examples (examples/workflows): hardened once the placeholders are filled
 * in, the manual-runs example's publish job the same as this repository's own, and the pull-request
 * check run by the local runner in a repository laid out as a user's (waves at the top, Wave Action
 * checked out from its own repository at the pinned commit).
 */
import assert from "node:assert/strict";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { parse } from "yaml";
import { REPO_ROOT } from "../helpers/cli.js";
import { FAKE_CLI, FakeEngine } from "./fake-engine.js";
import { Cleanup, commitFiles, gitSync, makeRepo } from "./fixtures.js";
import { scanWorkflow } from "./hardening.js";
import { LocalArtifactStore, runWorkflow, type WorkflowRunResult } from "./runner/index.js";
import { exampleWorkflowFiles, workflowFiles } from "./workflow-files.js";

const cleanup = new Cleanup();
after(() => cleanup.run());

const PLACEHOLDER_SHA = "0123456789abcdef0123456789abcdef01234567";
/** What the user does to an example: name the action's repository, the release's commit and version. */
const fillIn = (content: string, sha = PLACEHOLDER_SHA) =>
  content.replaceAll("OWNER/wave-action", "acme/wave-action").replaceAll("<sha>", sha).replaceAll("vX.Y.Z", "v1.2.3");

const example = (name: string) => exampleWorkflowFiles().find((f) => f.name === name)!.content;

test("the examples filled in pass every hardening rule; as shipped, only the placeholders of the action are unpinned", () => {
  for (const { name, content } of exampleWorkflowFiles()) {
    assert.deepEqual(scanWorkflow(`.github/workflows/${name}`, fillIn(content)), [], name);
    const shipped = scanWorkflow(`.github/workflows/${name}`, content);
    assert.ok(
      content.includes("repository: OWNER/wave-action") && content.includes("ref: <sha> # vX.Y.Z"),
      `${name}: the release to fill in`,
    );
    for (const f of shipped) {
      assert.equal(f.rule, "unpinned-action", `${name}: ${f.message}`);
      assert.match(f.message, /OWNER\/wave-action/);
    }
    // Every other action is pinned to a commit this repository's own workflows use.
    const pins = new Set(workflowFiles().flatMap((w) => [...w.content.matchAll(/uses: (\S+@[0-9a-f]{40})/g)].map((m) => m[1])));
    for (const m of content.matchAll(/uses: (\S+)/g)) {
      if (!m[1]!.startsWith("OWNER/")) assert.ok(pins.has(m[1]), `${name}: ${m[1]} is pinned as in .github/workflows`);
    }
  }
});

type Step = { name?: string; uses?: string; run?: string; env?: Record<string, string>; with?: Record<string, unknown> };
type Workflow = { on: unknown; jobs: Record<string, { with?: Record<string, unknown>; secrets?: Record<string, string>; steps?: Step[] }> };

test("the manual-runs example publishes exactly as this repository's wave-dispatch.yml, with the action from its release", () => {
  const ours = parse(workflowFiles().find((f) => f.name === "wave-dispatch.yml")!.content) as Workflow;
  const theirs = parse(example("wave-dispatch.yml")) as Workflow;
  assert.deepEqual(theirs.on, ours.on);
  assert.deepEqual(theirs.jobs["waves"]!.secrets, ours.jobs["waves"]!.secrets);
  const { root: _root, ...ourWith } = ours.jobs["waves"]!.with!;
  const { "agent-setup": setup, ...theirWith } = theirs.jobs["waves"]!.with!;
  assert.deepEqual(theirWith, ourWith);
  assert.match(String(setup), /^npm install -g (@\S+@\d+\.\d+\.\d+ ?)+$/, "agent CLIs pinned to a version");
  const steps = (w: Workflow) => w.jobs["publish"]!.steps!;
  const runs = (w: Workflow) => steps(w).filter((s) => s.run !== undefined);
  // The same shell, step for step (only the waves directory differs).
  assert.deepEqual(
    runs(theirs).map((s) => [s.name, s.run]),
    runs(ours)
      .filter((s) => s.name !== "Locate Wave Action")
      .map((s) => [s.name, s.run]),
  );
  const publishEnv = (w: Workflow) => steps(w).find((s) => s.name === "Commit the changes and open a pull request")!.env!;
  assert.deepEqual({ ...publishEnv(theirs), ROOT: "examples" }, publishEnv(ours));
  assert.equal(publishEnv(theirs)["ROOT"], ".");
  const action = steps(theirs).find((s) => s.name === "Check out Wave Action")!;
  assert.deepEqual(action.with, { repository: "OWNER/wave-action", ref: "<sha>", path: ".wave-action", "persist-credentials": false });
});

function waveFile(n: number, extra = ""): string {
  return `# Wave ${n} - example\n\n**Commit message**: \`Add wave ${n} output\`\n\n## Agent A1: worker\n${extra}\n`;
}

/** A user's repository (waves at the top) on a feature branch, and Wave Action in its own repository. */
async function prCheck(change: Record<string, string>): Promise<{ r: WorkflowRunResult; store: LocalArtifactStore; engine: FakeEngine }> {
  const actionDir = cleanup.add(
    await makeRepo({
      "action.yml": await readFile(path.join(REPO_ROOT, "action.yml"), "utf8"),
      "dist/cli/index.js": FAKE_CLI,
      "dist/package.json": '{ "type": "module" }\n',
    }),
  );
  const release = gitSync(actionDir, ["rev-parse", "HEAD"]).trim();
  const files: Record<string, string> = { "README.md": "# a user's repository\n" };
  for (const n of [1, 2, 3]) files[`docs/plans/waves/wave-${n}.md`] = waveFile(n);
  const repoDir = cleanup.add(await makeRepo(files));
  gitSync(repoDir, ["checkout", "-q", "-b", "feature"]);
  const head = await commitFiles(repoDir, change, "change waves");
  const dir = cleanup.add(await mkdtemp(path.join(os.tmpdir(), "wave-wf-example-")));
  const workflowFile = path.join(dir, "wave-check.yml");
  await writeFile(workflowFile, fillIn(example("wave-check.yml"), release));
  const store = new LocalArtifactStore(dir);
  const engine = new FakeEngine(store, {});
  const r = await runWorkflow({
    workflowFile,
    event: "pull_request",
    eventPayload: { pull_request: { number: 7, head: { ref: "feature", repo: { fork: true } }, base: { ref: "main" } } },
    repoDir,
    repository: "someone/project",
    repos: { "acme/wave-action": actionDir },
    ref: "refs/pull/7/merge",
    sha: head,
    runId: 777,
    secrets: {},
    hooks: { localAction: engine.hook, artifacts: store },
  });
  cleanup.add(r.workDir);
  return { r, store, engine };
}

const checkJob = (r: WorkflowRunResult) => {
  const job = r.jobs.find((j) => j.id === "check")!;
  assert.equal(job.conclusion, "success", JSON.stringify(job.steps.map((x) => [x.name, x.conclusion, x.error, x.log.slice(-400)])));
  return job;
};

test("the pull-request check example, in a repository with its waves at the top, dry-runs only the changed wave", async () => {
  const { r, store, engine } = await prCheck({ "docs/plans/waves/wave-2.md": waveFile(2, "More detail.") });
  const job = checkJob(r);
  assert.equal(job.steps.find((x) => x.id === "changed")!.outputs["waves"], "2");
  const summary = r.summaries.map((x) => x.markdown).join("\n");
  assert.match(summary, /### Wave 2\n/);
  assert.doesNotMatch(summary, /### Wave [13]/);
  assert.deepEqual(
    (await store.list(777)).map((a) => a.name),
    ["wave-check-1"],
  );
  assert.equal(engine.calls.length, 0, "the check never runs the action (no agents)");
});

test("the pull-request check example: a change to wave.config.json or a role prompt dry-runs every wave", async () => {
  const changes: Record<string, string>[] = [{ "wave.config.json": "{}\n" }, { "docs/agents/reviewer.md": "# Reviewer\n" }];
  for (const change of changes) {
    const { r } = await prCheck(change);
    assert.equal(checkJob(r).steps.find((x) => x.id === "changed")!.outputs["waves"], "1 2 3", JSON.stringify(change));
  }
});

test("README and docs/workflows.md send users to the example files, which exist", async () => {
  const readme = await readFile(path.join(REPO_ROOT, "README.md"), "utf8");
  const docs = await readFile(path.join(REPO_ROOT, "docs", "workflows.md"), "utf8");
  assert.match(readme, /\]\(examples\/workflows\/\)/);
  for (const { name } of exampleWorkflowFiles()) assert.ok(docs.includes(`](../examples/workflows/${name})`), name);
  // No fragment left for users to assemble.
  assert.doesNotMatch(docs, /then the steps of the publish job/);
});

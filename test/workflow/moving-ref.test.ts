/**
 * wave.yml with `ref` naming a branch that moves while the lane runs (a push between two wave
 * jobs, or before a re-run): the plan job resolves the ref to one commit, every later job checks out
 * that commit, and the lane's `commit` output names it. The runner's jobStart hook pushes to the
 * branch as a wave job starts; the fake engine behind `uses: ./.wave-action` records what HEAD was.
 * (That changes recorded on one commit still apply 3-way to a shallow clone of another is proven
 * against the real changes code in test/action/changes-preimage.test.ts.)
 */
import assert from "node:assert/strict";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { REPO_ROOT } from "../helpers/cli.js";
import { FakeEngine } from "./fake-engine.js";
import { laneRepo } from "./fake-lane.js";
import { Cleanup, commitFiles, gitSync } from "./fixtures.js";
import { LocalArtifactStore, type RunnerHooks, runWorkflow } from "./runner/index.js";

const cleanup = new Cleanup();
after(() => cleanup.run());

async function featureLane(): Promise<string> {
  const repoDir = await laneRepo(cleanup);
  gitSync(repoDir, ["switch", "-q", "-c", "feature"]);
  return repoDir;
}

test("moving ref: a push to the branch between wave jobs changes nothing: every job runs on the commit plan resolved", async () => {
  const repoDir = await featureLane();
  const planned = gitSync(repoDir, ["rev-parse", "feature"]);
  const pushes: string[] = [];
  // A push lands on the branch as each wave job after the first starts (before its checkout).
  const jobStart: RunnerHooks["jobStart"] = async ({ id, matrix }) => {
    const wave = matrix?.["wave"];
    if (id === "wave" && typeof wave === "number" && wave > 1) {
      pushes.push(
        await commitFiles(repoDir, { [`examples/pushed-${wave}.txt`]: `pushed before wave ${wave}\n` }, `push before wave ${wave}`),
      );
    }
  };
  const store = new LocalArtifactStore(cleanup.add(await mkdtemp(path.join(os.tmpdir(), "wave-wf-store-"))));
  const engine = new FakeEngine(store, {});
  const r = await runWorkflow({
    workflowFile: path.join(REPO_ROOT, ".github", "workflows", "wave.yml"),
    event: "workflow_call",
    repoDir,
    repository: "acme/waves",
    runId: 6161,
    inputs: { root: "examples", ref: "feature", "max-resumes": 0 },
    hooks: { localAction: engine.hook, artifacts: store, jobStart },
  });
  cleanup.add(r.workDir);
  assert.equal(pushes.length, 2, "the branch moved twice while the lane ran");
  assert.equal(gitSync(repoDir, ["rev-parse", "feature"]), pushes[1]);
  assert.equal(r.conclusion, "success");
  assert.equal(r.outputs["commit"], planned);
  const plan = r.jobs.find((j) => j.id === "plan");
  // The plan step resolves the ref once (output commit) and says which commit the waves run on.
  const step = plan?.steps.find((s) => s.name === "Plan the waves");
  assert.equal(step?.outputs["commit"], planned);
  assert.match(step?.log ?? "", new RegExp(`the waves run on commit ${planned}`));
  assert.deepEqual(
    engine.runs.map((x) => [x.wave, x.head, x.saw]),
    [
      [1, planned, []],
      [2, planned, ["wave-1.txt"]],
      [3, planned, ["wave-1.txt", "wave-2.txt"]],
    ],
  );
});

test("moving ref: an empty ref resolves to the commit that triggered the run", async () => {
  const repoDir = await featureLane();
  const triggered = gitSync(repoDir, ["rev-parse", "HEAD"]);
  const store = new LocalArtifactStore(cleanup.add(await mkdtemp(path.join(os.tmpdir(), "wave-wf-store-"))));
  const engine = new FakeEngine(store, {});
  const r = await runWorkflow({
    workflowFile: path.join(REPO_ROOT, ".github", "workflows", "wave.yml"),
    event: "workflow_call",
    repoDir,
    repository: "acme/waves",
    runId: 6162,
    inputs: { root: "examples", "max-resumes": 0, waves: "1" },
    hooks: { localAction: engine.hook, artifacts: store },
  });
  cleanup.add(r.workDir);
  assert.equal(r.outputs["commit"], triggered);
  assert.deepEqual(
    engine.runs.map((x) => [x.wave, x.head]),
    [[1, triggered]],
  );
});

/**
 * The committed action bundle (dist/index.js, dist/post/index.js) as the runner runs it, on the
 * local Actions runtime: a passing wave uploads its state and sets every output. Also under Node 24
 * when CI provides one (WAVE_TEST_NODE24).
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { type ActionsHarness, runNodeAction, startActionsHarness } from "../harness/index.js";
import { cloneJob, DIST_MAIN, DIST_POST, declaredOutputs, explain, Lab, runArtifacts } from "./fixtures.js";

let h: ActionsHarness;
const lab = new Lab("bundle");

before(async () => {
  h = await startActionsHarness();
});
after(async () => {
  await h?.stop();
  lab.cleanup();
});

const nodes: [string, string][] = [["current node", process.execPath]];
if (process.env.WAVE_TEST_NODE24) nodes.push(["node 24", process.env.WAVE_TEST_NODE24]);

describe("the committed bundle", { concurrency: 2 }, () => {
  nodes.forEach(([label, node], i) => {
    test(`dist/index.js and dist/post/index.js run a passing wave (${label})`, async () => {
      assert.ok(existsSync(DIST_MAIN) && existsSync(DIST_POST), "dist/ is not built (npm run build)");
      const runId = 601 + i;
      const origin = lab.origin(`bundle-${i}`, {
        "docs/plans/waves/wave-0.md": lab.waveFile(0, [{ id: "D1", args: ["--write", "built.txt=by-the-bundle"] }]),
      });
      const ctx = cloneJob(h, origin, { runId, inputs: { wave: "0" } });
      const main = await runNodeAction({ entry: DIST_MAIN, env: ctx.env, node, timeoutMs: 120_000 });
      assert.equal(main.conclusion, "success", explain(main));
      assert.equal(main.outputs["status"], "passed");
      for (const name of declaredOutputs()) assert.ok(name in main.outputs, `output ${name} is not set`);
      assert.equal(readFileSync(path.join(ctx.workspace, "built.txt"), "utf8"), "by-the-bundle\n");
      const name = main.outputs["artifact-name"] ?? "";
      assert.match(name, /^wave_main_wave-0_attempt-1_j[0-9a-f]{8}$/);
      assert.deepEqual(
        runArtifacts(h, runId).map((a) => a.name),
        [name],
      );
      assert.match(main.summary, /Wave 0 \(lane main\)/);
      const post = await runNodeAction({ entry: DIST_POST, env: ctx.env, node, state: main.state, timeoutMs: 120_000 });
      assert.equal(post.conclusion, "success", explain(post));
      assert.match(post.stdout, /already uploaded/);
    });
  });
});

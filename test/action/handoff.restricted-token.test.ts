/**
 * The action's hand-off with a github-token the REST API refuses (a workflow that does not grant
 * `actions: read`): two wave jobs with `apply-changes: previous`, then `mode: report`, each on the
 * Actions runtime's list alone, each warning once naming the permission.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { type ActionsHarness, type NodeActionResult, startActionsHarness } from "../harness/index.js";
import { cloneJob, explain, Lab, runArtifacts, runJob, runMainOnly } from "./fixtures.js";

let h: ActionsHarness;
const lab = new Lab("restricted-token");

before(async () => {
  h = await startActionsHarness();
});
after(async () => {
  await h?.stop();
  lab.cleanup();
});

/** Warning annotations of a step that name the missing permission. */
function permissionWarnings(r: NodeActionResult): string[] {
  return r.annotations.filter((a) => a.level === "warning" && a.message.includes("actions: read")).map((a) => a.message);
}

test("hand-off with apply-changes: previous, then mode: report, with a token without actions: read", async () => {
  const runId = 4005;
  const origin = lab.origin("restricted", {
    "docs/plans/waves/wave-0.md": lab.waveFile(0, [{ id: "C1", args: ["--write", "a.txt=alpha"] }]),
    "docs/plans/waves/wave-1.md": lab.waveFile(1, [{ id: "C2", args: ["--need", "a.txt", "--write", "b.txt=beta"] }]),
  });
  const names: string[] = [];
  for (const wave of [0, 1]) {
    const ctx = cloneJob(h, origin, {
      runId,
      jobId: `wave-${wave}`,
      actionsRead: false,
      inputs: { wave: String(wave), "apply-changes": "previous" },
    });
    const { main } = await runMainOnly(ctx);
    assert.equal(main.conclusion, "success", `wave ${wave}\n${explain(main)}`);
    assert.equal(main.outputs["status"], "passed");
    assert.equal(permissionWarnings(main).length, 1, `wave ${wave}: one warning\n${explain(main)}`);
    names.push(main.outputs["artifact-name"] ?? "");
    if (wave === 1) assert.equal(readFileSync(path.join(ctx.workspace, "a.txt"), "utf8"), "alpha\n", "wave 0's changes were applied");
  }
  assert.deepEqual(
    runArtifacts(h, runId).map((a) => a.name),
    names,
  );

  const report = cloneJob(h, origin, { runId, jobId: "report", actionsRead: false, inputs: { mode: "report" } });
  const { main } = await runJob(report);
  assert.equal(main.conclusion, "success", explain(main));
  assert.equal(main.outputs["passed-waves"], "0,1");
  assert.equal(main.outputs["changes-artifact"], names[1]);
  assert.equal(permissionWarnings(main).length, 1, explain(main));
  assert.match(main.summary, /^## Waves 0–1 \(lane main\): 2 passed/m);
});

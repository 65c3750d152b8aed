/**
 * Hand-off between waves end to end on the local Actions runtime: three waves in separate jobs
 * (fresh clones) with `apply-changes: previous`, each building on the files of the waves before
 * it, then `mode: report` over the run.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { type ActionsHarness, type NodeActionResult, startActionsHarness } from "../harness/index.js";
import { cloneJob, declaredOutputs, explain, Lab, runArtifacts, runJob, runMainOnly } from "./fixtures.js";

let h: ActionsHarness;
const lab = new Lab("chain");

before(async () => {
  h = await startActionsHarness();
});
after(async () => {
  await h?.stop();
  lab.cleanup();
});

function assertAllOutputs(r: NodeActionResult): void {
  for (const name of declaredOutputs()) assert.ok(name in r.outputs, `output ${name} is not set\n${explain(r)}`);
}

test("a three-wave hand-off chain with apply-changes: previous, then mode: report", async () => {
  const runId = 302;
  const origin = lab.origin("chain", {
    "docs/plans/waves/wave-0.md": lab.waveFile(0, [{ id: "C1", args: ["--write", "a.txt=alpha"] }]),
    "docs/plans/waves/wave-1.md": lab.waveFile(1, [{ id: "C2", args: ["--need", "a.txt", "--write", "b.txt=beta"] }]),
    "docs/plans/waves/wave-2.md": lab.waveFile(2, [{ id: "C3", args: ["--need", "a.txt", "--need", "b.txt", "--write", "c.txt=gamma"] }]),
  });
  const names: string[] = [];
  for (const wave of [0, 1, 2]) {
    const ctx = cloneJob(h, origin, { runId, jobId: `wave-${wave}`, inputs: { wave: String(wave), "apply-changes": "previous" } });
    // Post steps only report "already uploaded" here: run one, for the last wave.
    const { main, post } = wave < 2 ? { ...(await runMainOnly(ctx)), post: null } : await runJob(ctx);
    assert.equal(main.conclusion, "success", `wave ${wave}\n${explain(main)}`);
    assert.equal(main.outputs["status"], "passed");
    if (post) assert.equal(post.conclusion, "success", explain(post));
    assertAllOutputs(main);
    names.push(main.outputs["artifact-name"] ?? "");
    if (wave === 2) {
      for (const [file, text] of [
        ["a.txt", "alpha"],
        ["b.txt", "beta"],
        ["c.txt", "gamma"],
      ] as const) {
        assert.equal(readFileSync(path.join(ctx.workspace, file), "utf8"), `${text}\n`);
      }
    }
  }
  assert.deepEqual(
    runArtifacts(h, runId).map((a) => a.name),
    names,
  );

  const report = cloneJob(h, origin, { runId, jobId: "report", inputs: { mode: "report" } });
  const { main, post } = await runJob(report);
  assert.equal(main.conclusion, "success", explain(main));
  assert.equal(main.outputs["status"], "passed");
  assert.equal(main.outputs["passed-waves"], "0,1,2");
  assert.equal(main.outputs["failed-waves"], "");
  assert.equal(main.outputs["changes-artifact"], names[2]);
  assertAllOutputs(main);
  assert.equal(post.conclusion, "success", explain(post));
  // One aggregated summary naming every wave (and nothing uploaded by the report job).
  assert.equal(main.summary.match(/^## Waves 0–2 \(lane main\): 3 passed/gm)?.length, 1, main.summary);
  for (const wave of [0, 1, 2]) {
    const row = main.summary.split("\n").find((l) => l.startsWith(`| ${wave} | passed |`));
    assert.ok(row?.includes((names[wave] ?? "").replace(/_/g, "\\_")), `wave ${wave} row names its artifact:\n${main.summary}`);
  }
  assert.equal(runArtifacts(h, runId).length, 3);
});

/**
 * The action's modes end to end on the local Actions runtime: validate (annotations with
 * workspace-relative paths), plan (matrix), every output set in every mode, and a three-wave
 * hand-off chain (`apply-changes: previous`) followed by `mode: report`.
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { type ActionsHarness, type NodeActionResult, startActionsHarness } from "../harness/index.js";
import { cloneJob, declaredOutputs, explain, Lab, runArtifacts, runJob, runMain, runPost } from "./fixtures.js";

let h: ActionsHarness;
const lab = new Lab("modes");

before(async () => {
  h = await startActionsHarness();
});
after(async () => {
  await h?.stop();
  lab.cleanup();
});

function assertAllOutputs(r: NodeActionResult): void {
  const declared = declaredOutputs();
  assert.ok(declared.length >= 13, `action.yml outputs: ${declared.join(", ")}`);
  for (const name of declared) assert.ok(name in r.outputs, `output ${name} is not set\n${explain(r)}`);
}

const INVALID_WAVE = [
  "# Wave 1 - broken",
  "",
  "## Agent V1: Bad executor",
  "",
  "### Executor",
  "",
  "- id: gpt",
  "",
  "### Prompt",
  "",
  "```text",
  "Nothing.",
  "```",
  "",
].join("\n");

describe("modes", { concurrency: 3 }, () => {
  test("validate, plan and an invalid wave file (root in a subdirectory)", async () => {
    const waves = (n: number) => lab.waveFile(n, [{ id: `V${n}`, args: ["--write", `v${n}.txt=ok`] }]);
    const origin = lab.origin("modes", {
      "project/docs/plans/waves/wave-0.md": waves(0),
      "project/docs/plans/waves/wave-1.md": waves(1),
    });
    const base = { runId: 301, jobId: "check" };

    const valid = cloneJob(h, origin, { ...base, inputs: { mode: "validate", root: "project" } });
    const ok = await runMain(valid);
    assert.equal(ok.conclusion, "success", explain(ok));
    assert.equal(ok.outputs["status"], "passed");
    assert.deepEqual(
      ok.annotations.filter((a) => a.level === "error"),
      [],
    );
    assertAllOutputs(ok);
    const post = await runPost(valid, ok);
    assert.equal(post.conclusion, "success", explain(post));
    assert.deepEqual(runArtifacts(h, base.runId), [], "validate uploads nothing");

    const plan = await runMain(cloneJob(h, origin, { ...base, inputs: { mode: "plan", root: "project" } }));
    assert.equal(plan.conclusion, "success", explain(plan));
    assert.deepEqual(JSON.parse(plan.outputs["matrix"] ?? ""), { include: [{ wave: 0 }, { wave: 1 }] });
    assert.equal(plan.outputs["status"], "passed");
    assertAllOutputs(plan);
    const one = await runMain(cloneJob(h, origin, { ...base, inputs: { mode: "plan", root: "project", waves: "1" } }));
    assert.deepEqual(JSON.parse(one.outputs["matrix"] ?? ""), { include: [{ wave: 1 }] });

    // A clone of a branch where wave 1 is broken.
    const broken = cloneJob(h, origin, { ...base, inputs: { mode: "validate", root: "project" } });
    const brokenFile = path.join(broken.workspace, "project/docs/plans/waves/wave-1.md");
    writeFileSync(brokenFile, INVALID_WAVE);
    const bad = await runMain(broken);
    assert.equal(bad.conclusion, "failure", explain(bad));
    assert.equal(bad.outputs["status"], "failed");
    assertAllOutputs(bad);
    const errors = bad.annotations.filter((a) => a.level === "error");
    const lineOfExecutor = INVALID_WAVE.split("\n").indexOf("- id: gpt") + 1;
    assert.ok(
      errors.some((a) => a.file === "project/docs/plans/waves/wave-1.md" && a.line === lineOfExecutor && /gpt/.test(a.message)),
      JSON.stringify(errors),
    );
    assert.ok(errors.every((a) => !a.file || !path.isAbsolute(a.file)), "annotation paths are workspace-relative");

    const badPlan = await runMain(broken, { stepEnv: { INPUT_MODE: "plan" } });
    assert.equal(badPlan.conclusion, "failure", explain(badPlan));
    assert.equal(badPlan.outputs["matrix"], "");
    assertAllOutputs(badPlan);
  });

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
      const { main, post } = await runJob(ctx);
      assert.equal(main.conclusion, "success", `wave ${wave}\n${explain(main)}`);
      assert.equal(main.outputs["status"], "passed");
      assert.equal(post.conclusion, "success", explain(post));
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
    assert.equal(main.summary.match(/Lane main/g)?.length, 1, main.summary);
    for (const wave of [0, 1, 2]) assert.match(main.summary, new RegExp(`\\b${wave}\\b`));
    assert.equal(runArtifacts(h, runId).length, 3);
  });
});

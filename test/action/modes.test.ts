/**
 * The action's validate and plan modes end to end on the local Actions runtime: annotations with
 * workspace-relative paths, the matrix, and every output of action.yml set in every mode.
 */
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { type ActionsHarness, type NodeActionResult, startActionsHarness } from "../harness/index.js";
import { readInputs, runOptionsFrom } from "../../src/action/inputs.js";
import { cloneJob, declaredOutputs, explain, Lab, runArtifacts, runMain, runPost } from "./fixtures.js";

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

describe("validate and plan modes", () => {
  test("validate, plan and an invalid wave file (root in a subdirectory)", async () => {
    const waves = (n: number) => lab.waveFile(n, [{ id: `V${n}`, args: ["--write", `v${n}.txt=ok`] }]);
    const origin = lab.origin("modes", {
      "project/docs/plans/waves/wave-0.md": waves(0),
      "project/docs/plans/waves/wave-1.md": waves(1),
    });
    const base = { runId: 301, jobId: "check" };
    const valid = cloneJob(h, origin, { ...base, inputs: { mode: "validate", root: "project" } });
    // A clone of a branch where wave 1 is broken.
    const broken = cloneJob(h, origin, { ...base, inputs: { mode: "validate", root: "project" } });
    writeFileSync(path.join(broken.workspace, "project/docs/plans/waves/wave-1.md"), INVALID_WAVE);
    // Independent jobs, run side by side.
    const [ok, plan, one, bad, badPlan] = await Promise.all([
      runMain(valid),
      runMain(cloneJob(h, origin, { ...base, inputs: { mode: "plan", root: "project" } })),
      runMain(cloneJob(h, origin, { ...base, inputs: { mode: "plan", root: "project", waves: "1" } })),
      runMain(broken),
      runMain(broken, { stepEnv: { INPUT_MODE: "plan" } }),
    ]);

    assert.equal(ok.conclusion, "success", explain(ok));
    assert.equal(ok.outputs["status"], "passed");
    assert.deepEqual(
      ok.annotations.filter((a) => a.level === "error"),
      [],
    );
    assertAllOutputs(ok);
    const post = await runPost(valid, ok);
    assert.equal(post.conclusion, "success", explain(post));
    assert.deepEqual(runArtifacts(h, base.runId), [], "validate and plan upload nothing");

    assert.equal(plan.conclusion, "success", explain(plan));
    assert.deepEqual(JSON.parse(plan.outputs["matrix"] ?? ""), { include: [{ wave: 0 }, { wave: 1 }] });
    assert.equal(plan.outputs["status"], "passed");
    assertAllOutputs(plan);
    assert.deepEqual(JSON.parse(one.outputs["matrix"] ?? ""), { include: [{ wave: 1 }] });

    assert.equal(bad.conclusion, "failure", explain(bad));
    assert.equal(bad.outputs["status"], "failed");
    assertAllOutputs(bad);
    const errors = bad.annotations.filter((a) => a.level === "error");
    const lineOfExecutor = INVALID_WAVE.split("\n").indexOf("- id: gpt") + 1;
    assert.ok(
      errors.some((a) => a.file === "project/docs/plans/waves/wave-1.md" && a.line === lineOfExecutor && /gpt/.test(a.message)),
      JSON.stringify(errors),
    );
    assert.ok(
      errors.every((a) => !a.file || !path.isAbsolute(a.file)),
      "annotation paths are workspace-relative",
    );

    assert.equal(badPlan.conclusion, "failure", explain(badPlan));
    assert.equal(badPlan.outputs["status"], "failed");
    assert.equal(badPlan.outputs["matrix"], "");
    assertAllOutputs(badPlan);
  });
});

describe("input project", () => {
  test("selects the config's projects.<id> entry and names its state artifacts apart", async () => {
    const get = (values: Record<string, string>) => (name: string) => values[name] ?? "";
    const env = { GITHUB_WORKSPACE: lab.dir };
    const api = readInputs(get({ project: "API", wave: "1" }), env);
    assert.equal(api.project, "api");
    assert.equal(api.artifactPrefix, "wave-api", "another project never resumes this one's state");
    assert.equal(runOptionsFrom(api, path.join(lab.dir, "state")).project, "api");
    assert.equal(readInputs(get({ project: "api", mode: "rehearse" }), env).artifactPrefix, "wave-api-rehearsal");
    assert.equal(readInputs(get({}), env).artifactPrefix, "wave");
    assert.equal(readInputs(get({}), env).project, undefined);
    assert.throws(() => readInputs(get({ project: "../web" }), env), /input project.*invalid project name "\.\.\/web"/s);

    const config = { defaultProject: "web", projects: { web: {}, api: { lanes: { main: { wavesDir: "services/api/waves" } } } } };
    const origin = lab.origin("projects", {
      "wave.config.json": JSON.stringify(config),
      "docs/plans/waves/wave-1.md": lab.waveFile(1, [{ id: "W1", args: [] }]),
      "services/api/waves/wave-4.md": lab.waveFile(4, [{ id: "P4", args: [] }]),
    });
    // This config turns on rules the waves do not meet: the errors name the files each project read.
    const base = { runId: 302, jobId: "check" };
    const [web, apiCheck] = await Promise.all([
      runMain(cloneJob(h, origin, { ...base, inputs: { mode: "validate" } })),
      runMain(cloneJob(h, origin, { ...base, inputs: { mode: "validate", project: "api" } })),
    ]);
    const files = (r: NodeActionResult) => [
      ...new Set(r.annotations.filter((a) => a.level === "error" && a.file?.endsWith(".md")).map((a) => a.file)),
    ];
    assert.deepEqual(files(web), ["docs/plans/waves/wave-1.md"], explain(web));
    assert.deepEqual(files(apiCheck), ["services/api/waves/wave-4.md"], explain(apiCheck));
  });
});

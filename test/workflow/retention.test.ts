/**
 * Everything resume and re-runs read is kept as long as a run can be re-run: the reusable
 * workflow's status uploads and the action's state uploads all take `retention-days`, 30 by default.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { REPO_ROOT } from "../helpers/cli.js";

type Json = Record<string, any>;

test("wave.yml: retention-days defaults to the 30-day re-run window and reaches every artifact upload of the wave jobs", () => {
  const wf = parse(readFileSync(path.join(REPO_ROOT, ".github", "workflows", "wave.yml"), "utf8")) as Json;
  const input = wf.on.workflow_call.inputs["retention-days"];
  assert.deepEqual([input.type, input.default], ["number", 30]);
  let uploads = 0;
  let actionRuns = 0;
  for (const [name, job] of Object.entries<Json>(wf.jobs)) {
    for (const step of job.steps ?? []) {
      if (typeof step.uses === "string" && step.uses.startsWith("actions/upload-artifact@")) {
        uploads++;
        assert.equal(step.with?.["retention-days"], "${{ inputs.retention-days }}", `${name}: ${step.name}`);
      }
      // The steps that run a wave (mode run, or rehearse in a rehearsal lane).
      if (step.uses === "./.wave-action" && step.with?.mode === "${{ inputs.mode }}") {
        actionRuns++;
        assert.equal(step.with["retention-days"], "${{ inputs.retention-days }}", `${name}: ${step.name}`);
      }
    }
  }
  assert.ok(uploads >= 3, `status uploads found: ${uploads}`);
  assert.equal(actionRuns, 3, "the wave job and both resume rounds");
});

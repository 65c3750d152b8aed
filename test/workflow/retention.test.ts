/**
 * Everything resume and re-runs read is kept as long as a run can be re-run: the status records
 * and the state the action uploads in the wave jobs all take the workflow's `retention-days`, 30 by
 * default. No step of wave.yml uploads an artifact itself: every action step is given the
 * workflow's inputs whole (workflow-inputs), and the action reads retention-days from them.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { mkdtemp as mkdtempAsync, rm as rmAsync } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { readInputs } from "../../src/action/inputs.js";
import { FEEDS } from "../../src/action/workflow-inputs.js";
import type { ArtifactStore } from "../../src/artifacts/types.js";
import { recordStatus } from "../../src/supervisor/pick.js";
import { REPO_ROOT } from "../helpers/cli.js";

type Json = Record<string, any>;

const wf = () => parse(readFileSync(path.join(REPO_ROOT, ".github", "workflows", "wave.yml"), "utf8")) as Json;

/** The workflow's inputs as GitHub passes toJSON(inputs) when the caller sets none: each default. */
const defaults = (w: Json) =>
  Object.fromEntries(
    Object.entries<Json>(w.on.workflow_call.inputs).map(([name, i]) => [
      name,
      i.default ?? (i.type === "boolean" ? false : i.type === "number" ? 0 : ""),
    ]),
  );

test("wave.yml: retention-days defaults to the 30-day re-run window and reaches every artifact upload of the wave jobs", () => {
  const w = wf();
  const input = w.on.workflow_call.inputs["retention-days"];
  assert.deepEqual([input.type, input.default], ["number", 30]);
  let actionSteps = 0;
  const waveJobs = new Set<string>();
  for (const [name, job] of Object.entries<Json>(w.jobs)) {
    for (const step of job.steps ?? []) {
      // Status records are named, written and uploaded by the action, never by a step of its own.
      assert.ok(!(typeof step.uses === "string" && step.uses.startsWith("actions/upload-artifact@")), `${name}: ${step.name} uploads`);
      if (step.uses !== "./.wave-action") continue;
      actionSteps++;
      assert.equal(step.with?.["workflow-inputs"], "${{ toJSON(inputs) }}", `${name}: ${step.name}`);
      // A retention of its own would never be read (workflow-inputs wins for the inputs it feeds).
      assert.equal(step.with?.["retention-days"], undefined, `${name}: ${step.name}`);
      // The steps that upload a job's status record: pick (its post step) and the run step.
      if (step.with?.mode === "pick" || step.with?.mode === "${{ inputs.mode }}") waveJobs.add(`${name} ${step.with.mode}`);
    }
  }
  assert.ok(actionSteps >= 10, `action steps found: ${actionSteps}`);
  assert.equal(waveJobs.size, 6, "pick and run in the wave job and both resume rounds");
  assert.equal(FEEDS["retention-days"], "retention-days");
  // What the action reads from them: the default 30, or what the caller set, over any `with:` value.
  const read = (inputs: Json, own = "") =>
    readInputs((name) => (name === "workflow-inputs" ? JSON.stringify(inputs) : name === "retention-days" ? own : ""), {
      GITHUB_WORKSPACE: "/w",
    }).retentionDays;
  assert.equal(read(defaults(w)), 30);
  assert.equal(read({ ...defaults(w), "retention-days": 7 }, "90"), 7);
  // Without the workflow's inputs (the action used on its own) the action's own input counts.
  assert.equal(readInputs((name) => (name === "retention-days" ? "90" : ""), { GITHUB_WORKSPACE: "/w" }).retentionDays, 90);
});

test("a status record is uploaded with the retention the job was given", async () => {
  const temp = await mkdtempAsync(path.join(os.tmpdir(), "wave-retention-"));
  try {
    const uploads: { name: string; retentionDays: number | undefined }[] = [];
    const store: ArtifactStore = {
      source: "github",
      async upload(name, _root, _files, options) {
        uploads.push({ name, retentionDays: options?.retentionDays });
        return { id: uploads.length, name, size: 0 };
      },
      list: async () => [],
      download: async (_info, dest) => dest,
    };
    const facts = { laneKey: "default", runAttempt: 1, round: 0 };
    await recordStatus(store, temp, facts, { wave: 1, key: "wave-1" }, "passed", "wave_main_wave-1_attempt-1_k1", 30);
    await recordStatus(store, temp, { ...facts, round: 1 }, { wave: 1, key: "wave-1" }, "not-run", "");
    assert.deepEqual(uploads, [
      { name: "wave-status_default_wave-1_attempt-1_r0", retentionDays: 30 },
      { name: "wave-status_default_wave-1_attempt-1_r1", retentionDays: undefined },
    ]);
  } finally {
    await rmAsync(temp, { recursive: true, force: true });
  }
});

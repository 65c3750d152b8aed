/**
 * One name means one thing in action.yml and the reusable workflow (.github/workflows/wave.yml): an
 * input of both has the same description and default in both, unless it is listed below with the
 * reason it differs; a workflow input named like an action input feeds only that action input
 * (src/action/workflow-inputs.ts FEEDS, through the workflow-inputs every action step is given).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { FEEDS } from "../../src/action/workflow-inputs.js";
import { REPO_ROOT } from "../helpers/cli.js";

type Spec = { description?: string; default?: unknown };
type Step = { uses?: string; with?: Record<string, unknown>; name?: string };

const action = parse(readFileSync(path.join(REPO_ROOT, "action.yml"), "utf8")) as { inputs: Record<string, Spec> };
const workflow = parse(readFileSync(path.join(REPO_ROOT, ".github", "workflows", "wave.yml"), "utf8")) as {
  on: { workflow_call: { inputs: Record<string, Spec> } };
  jobs: Record<string, { steps?: Step[] }>;
};

/** Inputs of both files whose description or default differ on purpose, and why. */
const INTENDED_DIFFERENCES: Record<string, string> = {
  mode: "the workflow's mode picks how its wave jobs run the action (run or rehearse); the action's has every step mode",
  waves: "the workflow plans, runs and reports the waves; the action's input serves modes plan and report",
  root: "the workflow checks the repository out as the workspace, so its root is relative to the repository",
  "max-agents-per-job": "workflow inputs of type number have no empty value: 0 there is the action's empty (the config's setting)",
  "retention-days":
    "the workflow keeps its artifacts for GitHub's 30-day re-run window (nothing reads them after it); the action alone keeps the repository's own retention setting (0), not shortening what the owner chose",
};

const norm = (v: unknown) => (v === undefined ? "" : String(v));

/** The names of both files whose description or default differ. */
function differingNames(a: Record<string, Spec>, w: Record<string, Spec>): string[] {
  return Object.keys(w)
    .filter((name) => name in a)
    .filter((name) => a[name]!.description !== w[name]!.description || norm(a[name]!.default) !== norm(w[name]!.default))
    .sort();
}

test("an input of both action.yml and wave.yml has one description and one default, or a reason listed", () => {
  const differing = differingNames(action.inputs, workflow.on.workflow_call.inputs);
  assert.deepEqual(
    differing.filter((n) => !(n in INTENDED_DIFFERENCES)),
    [],
    "align the description and default with action.yml, or list the name with its reason",
  );
  // A listed name that no longer differs (or left a file) is a stale entry.
  assert.deepEqual(
    Object.keys(INTENDED_DIFFERENCES).sort(),
    differing.filter((n) => n in INTENDED_DIFFERENCES),
  );
  for (const reason of Object.values(INTENDED_DIFFERENCES)) assert.ok(reason.length > 20);
});

test("the check fails for a name with two meanings (wave.yml's old timeout-minutes)", () => {
  const old = {
    ...workflow.on.workflow_call.inputs,
    "timeout-minutes": { description: "Time limit of each wave job, in minutes.", default: 120 },
  };
  assert.deepEqual(
    differingNames(action.inputs, old).filter((n) => !(n in INTENDED_DIFFERENCES)),
    ["timeout-minutes"],
  );
  const drifted = { ...workflow.on.workflow_call.inputs, sandbox: { ...workflow.on.workflow_call.inputs["sandbox"], default: "auto" } };
  assert.ok(differingNames(action.inputs, drifted).includes("sandbox"));
});

test("timeout-minutes is the action's per-agent deadline only; wave.yml has job-timeout-minutes and agent-timeout-minutes", () => {
  const w = workflow.on.workflow_call.inputs;
  assert.equal("timeout-minutes" in w, false, "wave.yml must not reuse the action's name for the job limit");
  assert.deepEqual([norm(w["job-timeout-minutes"]?.default), norm(w["agent-timeout-minutes"]?.default)], ["120", "60"]);
  assert.equal(norm(action.inputs["timeout-minutes"]?.default), norm(w["agent-timeout-minutes"]?.default));
  assert.match(action.inputs["timeout-minutes"]?.description ?? "", /per agent/);
});

test("a wave.yml input named like an action input feeds only that action input", () => {
  const w = workflow.on.workflow_call.inputs;
  // The one map of the workflow's inputs to the action's (src/action/workflow-inputs.ts): every key
  // a wave.yml input, every value an action.yml input of the same name, but the one renamed.
  const RENAMED: Record<string, string> = { "agent-timeout-minutes": "timeout-minutes" };
  for (const [from, to] of Object.entries(FEEDS)) {
    assert.ok(from in w, `${from} is not a wave.yml input`);
    assert.ok(to in action.inputs, `${to} is not an action.yml input`);
    assert.equal(to, RENAMED[from] ?? from, `${from} feeds ${to}`);
  }
  // Each action input is fed by one workflow input at most.
  assert.equal(new Set(Object.values(FEEDS)).size, Object.keys(FEEDS).length);
  // An input of both files that the map leaves out would silently not reach the action. mode is
  // the one exception: the workflow's mode is the run step's own mode (run or rehearse).
  const shared = Object.keys(w).filter((n) => n in action.inputs);
  assert.deepEqual(
    shared.filter((n) => !(n in FEEDS)),
    ["mode"],
  );
  // The job limit is GitHub's, never the action's.
  assert.ok(!Object.values(FEEDS).includes("job-timeout-minutes") && !("job-timeout-minutes" in FEEDS));
  // The steps pass the workflow's inputs whole; none also passes one by name (it would not be read).
  const wrong: string[] = [];
  for (const [jobId, job] of Object.entries(workflow.jobs)) {
    for (const step of job.steps ?? []) {
      if (step.uses !== "./.wave-action") continue;
      if (step.with?.["workflow-inputs"] !== "${{ toJSON(inputs) }}") wrong.push(`${jobId} ${step.name}: no workflow-inputs`);
      for (const [input, value] of Object.entries(step.with ?? {})) {
        if (Object.values(FEEDS).includes(input)) wrong.push(`${jobId} ${step.name}: ${input} is fed by workflow-inputs`);
        for (const m of String(value).matchAll(/inputs\.([A-Za-z0-9_-]+)/g)) {
          if (!(input === "mode" && m[1] === "mode")) wrong.push(`${jobId} ${step.name}: ${input} <- inputs.${m[1]}`);
        }
      }
    }
  }
  assert.deepEqual(wrong, []);
});

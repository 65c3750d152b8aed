/**
 * The reusable workflow's inputs handed to the action whole (src/action/workflow-inputs.ts): which
 * action input each feeds and how it reads there, the checks of the inputs only the workflow has
 * (each problem named as the caller spelled the input), and what a careless or hostile
 * `workflow-inputs` value gets: a message naming the input, never a stack trace.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { parse } from "yaml";
import { readInputs } from "../../src/action/inputs.js";
import {
  FEEDS,
  fromWorkflow,
  isRehearsal,
  parseWorkflowInputs,
  readThrough,
  WorkflowInputsError,
  workflowInputProblems,
} from "../../src/action/workflow-inputs.js";
import { isUserError } from "../../src/errors.js";
import { REPO_ROOT } from "../helpers/cli.js";

type Spec = { type: string; default?: unknown };
const WAVE_YML = parse(readFileSync(path.join(REPO_ROOT, ".github", "workflows", "wave.yml"), "utf8")) as {
  on: { workflow_call: { inputs: Record<string, Spec> } };
};

/**
 * toJSON(inputs) of a call that sets nothing: each input's default, else false, 0 or "" by type
 * (GitHub's documented defaults of workflow_call inputs: docs.github.com, "Workflow syntax",
 * on.workflow_call.inputs.<input_id>.default).
 */
const DEFAULTS: Record<string, unknown> = Object.fromEntries(
  Object.entries(WAVE_YML.on.workflow_call.inputs).map(([name, i]) => [
    name,
    i.default ?? (i.type === "boolean" ? false : i.type === "number" ? 0 : ""),
  ]),
);

test("the workflow's defaults have no problem; each bad value is its own problem naming the input and the value", () => {
  assert.deepEqual(workflowInputProblems(DEFAULTS), []);
  const cases: [string, unknown, string][] = [
    ["mode", "bill-me", "mode must be run or rehearse (got bill-me)"],
    ["mode", "", "mode must be run or rehearse (got )"],
    ["sandbox", "yes", "sandbox must be auto, on, off or empty (got yes)"],
    ["model-proxy", "always", "model-proxy must be auto, on, off or empty (got always)"],
    ["ownership", "lenient", "ownership must be strict, report or empty (got lenient)"],
    ["max-resumes", 3, "max-resumes must be 0, 1 or 2 (got 3)"],
    ["max-resumes", -1, "max-resumes must be 0, 1 or 2 (got -1)"],
    ["max-parallel-jobs", 0, "max-parallel-jobs must be a whole number from 1 to 999 (got 0)"],
    ["max-parallel-jobs", 1000, "max-parallel-jobs must be a whole number from 1 to 999 (got 1000)"],
    ["max-agents-per-job", 2.5, "max-agents-per-job must be a whole number, 0 for the config's setting (got 2.5)"],
    ["max-agents-per-job", -4, "max-agents-per-job must be a whole number, 0 for the config's setting (got -4)"],
    ["lane", "Main", "lane must be empty or match ^[a-z0-9][a-z0-9_-]*$ (got Main)"],
    ["lane", "a/../b", "lane must be empty or match ^[a-z0-9][a-z0-9_-]*$ (got a/../b)"],
    ["agent-timeout-minutes", 0, "agent-timeout-minutes must be a number of minutes above 0 (got 0)"],
    ["agent-timeout-minutes", -5, "agent-timeout-minutes must be a number of minutes above 0 (got -5)"],
  ];
  for (const [name, value, message] of cases) assert.deepEqual(workflowInputProblems({ ...DEFAULTS, [name]: value }), [message], name);
  for (const value of [2, 0]) {
    const [problem] = workflowInputProblems({ ...DEFAULTS, "max-parallel-waves": value });
    assert.match(problem ?? "", new RegExp(`^max-parallel-waves must be 1 \\(got ${value}\\): each wave builds on the changes`));
    assert.match(problem ?? "", /Run independent waves as separate lanes/);
  }
  // A value with a newline is one problem, not a second line of the check (the regexes anchor the whole value).
  assert.deepEqual(workflowInputProblems({ ...DEFAULTS, sandbox: "on\nmode=run" }), [
    "sandbox must be auto, on, off or empty (got on\nmode=run)",
  ]);
  // Every problem at once, so one run of the plan job names them all.
  assert.equal(workflowInputProblems({ ...DEFAULTS, mode: "x", lane: "X", "max-resumes": 9 }).length, 3);
  // The legal values all pass.
  for (const [name, values] of Object.entries({
    mode: ["run", "rehearse"],
    sandbox: ["", "auto", "on", "off"],
    "model-proxy": ["", "auto", "on", "off"],
    ownership: ["", "strict", "report"],
    "max-resumes": [0, 1, 2],
    "max-parallel-jobs": [1, 999],
    "max-agents-per-job": [0, 25, 9999],
    lane: ["", "main", "a_b-1"],
    "agent-timeout-minutes": [0.5, 60, "7"],
  }))
    for (const value of values) assert.deepEqual(workflowInputProblems({ ...DEFAULTS, [name]: value }), [], `${name}=${value}`);
});

test("readInputs refuses the workflow's bad inputs before reading any, all named, as one user error", () => {
  const get = (inputs: Record<string, unknown>) => (name: string) => (name === "workflow-inputs" ? JSON.stringify(inputs) : "");
  let caught: unknown;
  try {
    readInputs(get({ ...DEFAULTS, sandbox: "yes", "max-resumes": 3 }), { GITHUB_WORKSPACE: "/w" });
  } catch (error) {
    caught = error;
  }
  assert.ok(caught instanceof WorkflowInputsError);
  assert.ok(isUserError(caught));
  assert.deepEqual(caught.problems, ["sandbox must be auto, on, off or empty (got yes)", "max-resumes must be 0, 1 or 2 (got 3)"]);
  assert.equal(
    caught.message,
    "the workflow's inputs are not valid: sandbox must be auto, on, off or empty (got yes); max-resumes must be 0, 1 or 2 (got 3)",
  );
});

test("a workflow-inputs that is not a JSON object is refused, naming the input and how the workflow passes it", () => {
  assert.equal(parseWorkflowInputs(""), null);
  assert.equal(parseWorkflowInputs("  \n"), null);
  for (const raw of ["{not json", "'single'", '{"a":1', "x".repeat(500)]) {
    assert.throws(
      () => parseWorkflowInputs(raw),
      (e: unknown) =>
        isUserError(e) &&
        /^input workflow-inputs is not JSON \(the workflow passes \$\{\{ toJSON\(inputs\) \}\}\): "/.test((e as Error).message) &&
        // The value is quoted, cut short: a long one does not flood the log.
        (e as Error).message.length < 200,
      raw,
    );
  }
  for (const raw of ["null", "[]", "[1,2]", '"text"', "42", "true"]) {
    assert.throws(() => parseWorkflowInputs(raw), /input workflow-inputs must be a JSON object/, raw);
  }
  assert.deepEqual(parseWorkflowInputs('{"lane":"a"}'), { lane: "a" });
});

test("readThrough: given the workflow's inputs, the action inputs they feed come from them alone; the others as given", () => {
  const explicit = (name: string) => `explicit-${name}`;
  const inputs = { ...DEFAULTS, lane: "docs", "agent-timeout-minutes": 7, feedback: "Use blue", "retention-days": 30 };
  // Fed: the workflow's value wins over a `with:` value, which the runner's defaults make unknowable.
  assert.equal(readThrough(explicit, inputs, "lane"), "docs");
  assert.equal(readThrough(explicit, inputs, "timeout-minutes"), "7");
  assert.equal(readThrough(explicit, inputs, "feedback"), "Use blue");
  assert.equal(readThrough(explicit, inputs, "retention-days"), "30");
  // An input the workflow left empty is empty, not the `with:` value.
  assert.equal(readThrough(explicit, inputs, "executor"), "");
  // Not fed (the step's own): as given.
  for (const name of ["mode", "wave", "shard", "round", "matrix", "apply-changes", "github-token"])
    assert.equal(readThrough(explicit, inputs, name), `explicit-${name}`, name);
  // The workflow's own names are never action inputs: agent-timeout-minutes is read as timeout-minutes only.
  assert.equal(readThrough(explicit, inputs, "agent-timeout-minutes"), "explicit-agent-timeout-minutes");
  assert.equal(fromWorkflow(inputs, "agent-timeout-minutes"), "");
  assert.equal(fromWorkflow(inputs, "job-timeout-minutes"), "");
  // Without the workflow's inputs (the action used on its own), every input as given.
  for (const name of Object.values(FEEDS)) assert.equal(readThrough(explicit, null, name), `explicit-${name}`, name);
  // Every input the map names reads the workflow's value, whatever the action's name.
  for (const [from, to] of Object.entries(FEEDS)) {
    if (to === "max-agents-per-job") continue;
    assert.equal(readThrough(explicit, { [from]: `v-${from}` }, to), `v-${from}`, `${from} -> ${to}`);
  }
  // A missing or null value reads as none.
  assert.equal(readThrough(explicit, { lane: null }, "lane"), "");
  assert.equal(readThrough(explicit, {}, "feedback"), "");
  // Booleans and numbers read as the action reads its inputs' strings.
  assert.equal(readThrough(explicit, { "dry-run": true }, "dry-run"), "true");
  assert.equal(readThrough(explicit, { "agent-timeout-minutes": 1.5 }, "timeout-minutes"), "1.5");
});

test("max-agents-per-job: the workflow's 0 is the action's empty (the config's setting); other values pass as they are", () => {
  assert.equal(fromWorkflow({ "max-agents-per-job": 0 }, "max-agents-per-job"), "");
  assert.equal(fromWorkflow({ "max-agents-per-job": "0" }, "max-agents-per-job"), "");
  assert.equal(fromWorkflow({ "max-agents-per-job": 25 }, "max-agents-per-job"), "25");
  const read = (n: unknown) =>
    readInputs((name) => (name === "workflow-inputs" ? JSON.stringify({ ...DEFAULTS, "max-agents-per-job": n }) : ""), {
      GITHUB_WORKSPACE: "/w",
    }).maxAgentsPerJob;
  assert.equal(read(0), null);
  assert.equal(read(25), 25);
});

test("mode rehearse of the workflow names every step's state apart (the -rehearsal prefix), whatever the step's own mode", () => {
  assert.equal(isRehearsal(null), false);
  assert.equal(isRehearsal({ mode: "run" }), false);
  assert.equal(isRehearsal({ mode: "rehearse" }), true);
  // Not a near miss.
  assert.equal(isRehearsal({ mode: "Rehearse" }), false);
  const prefix = (mode: string, stepMode: string, extra: Record<string, string> = {}) =>
    readInputs(
      (name) => (name === "workflow-inputs" ? JSON.stringify({ ...DEFAULTS, mode }) : name === "mode" ? stepMode : (extra[name] ?? "")),
      { GITHUB_WORKSPACE: "/w" },
    ).artifactPrefix;
  assert.equal(prefix("run", "run"), "wave");
  assert.equal(prefix("run", "report"), "wave");
  for (const step of ["rehearse", "report", "pick", "triage"]) assert.equal(prefix("rehearse", step), "wave-rehearsal", step);
  // A project's prefix keeps it, before the rehearsal's.
  assert.equal(prefix("rehearse", "report", { project: "docs", "artifact-prefix": "lane" }), "lane-docs-rehearsal");
  // The action alone (no workflow-inputs): its own mode decides.
  assert.equal(readInputs((name) => (name === "mode" ? "rehearse" : ""), { GITHUB_WORKSPACE: "/w" }).artifactPrefix, "wave-rehearsal");
  assert.equal(readInputs((name) => (name === "mode" ? "report" : ""), { GITHUB_WORKSPACE: "/w" }).artifactPrefix, "wave");
});

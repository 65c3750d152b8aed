import assert from "node:assert/strict";
import { test } from "node:test";
import { accessedPaths, type Rule, scanWorkflow } from "./hardening.js";
import { workflowFiles } from "./workflow-files.js";

test("every workflow file passes the hardening rules", () => {
  const files = workflowFiles();
  for (const name of ["ci.yml", "wave-check.yml", "wave-dispatch.yml", "wave.yml"]) {
    assert.ok(
      files.some((f) => f.name === name),
      `${name} is scanned`,
    );
  }
  const findings = files.flatMap((f) => scanWorkflow(`.github/workflows/${f.name}`, f.content));
  assert.deepEqual(findings, []);
});

const GOOD_JOB = `
    runs-on: ubuntu-latest
    timeout-minutes: 5
    permissions:
      contents: read
    steps:
      - uses: actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1
        with:
          persist-credentials: false
      - env:
          TITLE: \${{ github.event.pull_request.title }}
        run: echo "$TITLE \${{ github.run_id }} \${{ runner.temp }}"
`;

const rulesOf = (name: string, yaml: string): Rule[] => scanWorkflow(name, yaml).map((f) => f.rule);

test("a hardened workflow has no findings (the rules do not fire on safe patterns)", () => {
  assert.deepEqual(rulesOf("x.yml", `on: push\npermissions: {}\njobs:\n  a:${GOOD_JOB}`), []);
});

test("each hardening rule catches its violation", () => {
  const cases: [string, string, Rule][] = [
    ["missing top-level permissions", `on: push\njobs:\n  a:${GOOD_JOB}`, "top-permissions"],
    ["broad top-level permissions", `on: push\npermissions: read-all\njobs:\n  a:${GOOD_JOB}`, "top-permissions"],
    [
      "write permission outside publish",
      `on: push\npermissions: {}\njobs:\n  a:${GOOD_JOB.replace("contents: read", "contents: write")}`,
      "write-permissions",
    ],
    [
      "write-all on a job",
      `on: push\npermissions: {}\njobs:\n  a:${GOOD_JOB.replace("permissions:\n      contents: read", "permissions: write-all")}`,
      "write-permissions",
    ],
    [
      "event data in run",
      `on: push\npermissions: {}\njobs:\n  a:${GOOD_JOB}      - run: echo "\${{ github.event.issue.title }}"\n`,
      "expression-in-run",
    ],
    ["inputs in run", `on: push\npermissions: {}\njobs:\n  a:${GOOD_JOB}      - run: echo \${{ inputs.lane }}\n`, "expression-in-run"],
    [
      "head_ref in run",
      `on: push\npermissions: {}\njobs:\n  a:${GOOD_JOB}      - run: git switch \${{ github.head_ref }}\n`,
      "expression-in-run",
    ],
    [
      "matrix value in run",
      `on: push\npermissions: {}\njobs:\n  a:${GOOD_JOB}      - run: echo \${{ matrix.wave }}\n`,
      "expression-in-run",
    ],
    [
      "step output in run",
      `on: push\npermissions: {}\njobs:\n  a:${GOOD_JOB}      - run: echo \${{ steps.x.outputs.y }}\n`,
      "expression-in-run",
    ],
    ["tag-pinned action", `on: push\npermissions: {}\njobs:\n  a:${GOOD_JOB}      - uses: actions/setup-node@v4\n`, "unpinned-action"],
    [
      "sha without version comment",
      `on: push\npermissions: {}\njobs:\n  a:${GOOD_JOB}      - uses: actions/setup-node@820762786026740c76f36085b0efc47a31fe5020\n`,
      "unpinned-action",
    ],
    [
      "remote reusable workflow by branch",
      `on: push\npermissions: {}\njobs:\n  a:\n    uses: acme/shared/.github/workflows/x.yml@main\n`,
      "unpinned-action",
    ],
    [
      "checkout keeping credentials",
      `on: push\npermissions: {}\njobs:\n  a:${GOOD_JOB.replace("persist-credentials: false", "fetch-depth: 1")}`,
      "checkout-credentials",
    ],
    [
      "secrets: inherit",
      `on: push\npermissions: {}\njobs:\n  a:\n    uses: ./.github/workflows/x.yml\n    secrets: inherit\n`,
      "secrets-inherit",
    ],
    ["job without timeout", `on: push\npermissions: {}\njobs:\n  a:${GOOD_JOB.replace("    timeout-minutes: 5\n", "")}`, "job-timeout"],
    ["pull_request_target", `on: pull_request_target\npermissions: {}\njobs:\n  a:${GOOD_JOB}`, "pull-request-target"],
  ];
  for (const [what, yaml, rule] of cases) {
    assert.deepEqual(rulesOf("x.yml", yaml), [rule], what);
  }
});

test("only the publish job of the dispatch workflow may write", () => {
  const writer = `on: workflow_dispatch\npermissions: {}\njobs:\n  publish:${GOOD_JOB.replace("contents: read", "contents: write\n      pull-requests: write")}`;
  assert.deepEqual(rulesOf("wave-dispatch.yml", writer), []);
  assert.deepEqual(rulesOf("wave.yml", writer), ["write-permissions", "write-permissions"]);
});

test("expressions are read down to the context paths they access", () => {
  assert.deepEqual(accessedPaths("format('{0}-{1}', github.event.pull_request.head.ref, inputs['lane'])"), [
    "github.event.pull_request.head.ref",
    "inputs.lane",
  ]);
  assert.deepEqual(accessedPaths("toJSON(matrix) || steps[format('{0}', env.X)].outcome"), ["matrix", "env.X", "steps.*.outcome"]);
});

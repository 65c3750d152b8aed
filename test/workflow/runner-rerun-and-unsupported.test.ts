import assert from "node:assert/strict";
import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { Cleanup, makeRepo } from "./fixtures.js";
import { runWorkflow, UnsupportedError, WorkflowFileError } from "./runner/index.js";

const cleanup = new Cleanup();
after(() => cleanup.run());

test("re-run failed jobs: passed jobs and legs are kept, failed ones and their dependents run again", async () => {
  const marks = cleanup.add(await mkdtemp(path.join(os.tmpdir(), "wave-wf-marks-")));
  const repoDir = cleanup.add(
    await makeRepo({
      ".github/workflows/w.yml": `
on: push
jobs:
  setup:
    runs-on: ubuntu-latest
    outputs:
      token: \${{ steps.s.outputs.token }}
    steps:
      - id: s
        run: |
          echo setup >> "$MARKS/log"
          echo "token=from-attempt-$GITHUB_RUN_ATTEMPT" >> "$GITHUB_OUTPUT"
  legs:
    needs: setup
    runs-on: ubuntu-latest
    strategy:
      matrix:
        n: [1, 2, 3]
      fail-fast: false
    steps:
      - run: |
          echo "leg\${{ matrix.n }}" >> "$MARKS/log"
          if [ "\${{ matrix.n }}" = 2 ] && [ ! -e "$MARKS/fixed" ]; then touch "$MARKS/fixed"; exit 1; fi
  report:
    needs: [setup, legs]
    if: always()
    runs-on: ubuntu-latest
    steps:
      - id: r
        env:
          TOKEN: \${{ needs.setup.outputs.token }}
          LEGS: \${{ needs.legs.result }}
        run: |
          echo report >> "$MARKS/log"
          echo "r=$TOKEN/$LEGS/$GITHUB_RUN_ATTEMPT" >> "$GITHUB_OUTPUT"
`,
    }),
  );
  const env = { MARKS: marks };
  const first = await runWorkflow({ workflowFile: ".github/workflows/w.yml", event: "push", repoDir, env, runId: 42 });
  cleanup.add(first.workDir);
  assert.equal(first.conclusion, "failure");
  assert.equal(first.jobs.find((j) => j.id === "report")!.steps[0]!.outputs["r"], "from-attempt-1/failure/1");
  const second = await runWorkflow({ workflowFile: ".github/workflows/w.yml", event: "push", repoDir, env, previous: first });
  assert.equal(second.runId, 42);
  assert.equal(second.runAttempt, 2);
  assert.equal(second.conclusion, "success");
  const log = (await readFile(path.join(marks, "log"), "utf8")).trim().split("\n");
  const firstRun = log.slice(0, 5).sort();
  assert.deepEqual(firstRun, ["leg1", "leg2", "leg3", "report", "setup"]);
  assert.deepEqual(log.slice(5), ["leg2", "report"], "only the failed leg and its dependent ran again");
  assert.deepEqual(second.jobs.map((j) => [j.key, j.reused, j.attempt]).sort(), [
    ['legs {"n":1}', true, 1],
    ['legs {"n":2}', false, 2],
    ['legs {"n":3}', true, 1],
    ["report", false, 2],
    ["setup", true, 1],
  ]);
  assert.equal(
    second.jobs.find((j) => j.id === "report")!.steps[0]!.outputs["r"],
    "from-attempt-1/success/2",
    "kept outputs of passed jobs are used",
  );
});

test("re-run models: a continue-on-error job's failed leg is kept or run again as asked; Re-run all jobs runs everything", async () => {
  const marks = cleanup.add(await mkdtemp(path.join(os.tmpdir(), "wave-wf-marks-")));
  const repoDir = cleanup.add(
    await makeRepo({
      ".github/workflows/w.yml": `
on: push
jobs:
  soft:
    runs-on: ubuntu-latest
    continue-on-error: true
    strategy:
      matrix:
        n: [1, 2]
    steps:
      - run: |
          echo "soft\${{ matrix.n }}" >> "$MARKS/log"
          if [ "\${{ matrix.n }}" = 2 ]; then exit 1; fi
  report:
    needs: soft
    if: always()
    runs-on: ubuntu-latest
    steps:
      - run: |
          echo "report-\${{ needs.soft.result }}" >> "$MARKS/log"
          exit 1
`,
    }),
  );
  const env = { MARKS: marks };
  const lines = async () => (await readFile(path.join(marks, "log"), "utf8")).trim().split("\n");
  const first = await runWorkflow({ workflowFile: ".github/workflows/w.yml", event: "push", repoDir, env, runId: 43 });
  cleanup.add(first.workDir);
  assert.deepEqual((await lines()).sort(), ["report-success", "soft1", "soft2"]);
  const soft = first.jobs.find((j) => j.id === "soft" && j.matrix?.["n"] === 2)!;
  assert.deepEqual([soft.conclusion, soft.softFailure], ["failure", true]);
  assert.equal(first.jobs.find((j) => j.id === "soft" && j.matrix?.["n"] === 1)!.softFailure, undefined);

  const kept = await runWorkflow({
    workflowFile: ".github/workflows/w.yml",
    event: "push",
    repoDir,
    env,
    previous: first,
    rerunsContinueOnErrorFailures: false,
  });
  assert.deepEqual((await lines()).slice(3), ["report-success"], "only the failed report ran again");
  assert.ok(kept.jobs.filter((j) => j.id === "soft").every((j) => j.reused));

  const rerun = await runWorkflow({ workflowFile: ".github/workflows/w.yml", event: "push", repoDir, env, previous: kept });
  assert.equal(rerun.runAttempt, 3);
  assert.deepEqual((await lines()).slice(4), ["soft2", "report-success"], "the failed leg ran again, then its dependent");

  const all = await runWorkflow({ workflowFile: ".github/workflows/w.yml", event: "push", repoDir, env, previous: rerun, rerun: "all" });
  assert.equal(all.runAttempt, 4);
  assert.equal(all.runId, 43);
  assert.deepEqual((await lines()).slice(6).sort(), ["report-success", "soft1", "soft2"], "every job ran again");
  assert.ok(all.jobs.every((j) => !j.reused && j.attempt === 4));
});

test("unsupported constructs stop the run with a clear error instead of being skipped", async () => {
  const cases: [string, RegExp][] = [
    ["    container: node:20\n    steps:\n      - run: echo", /container jobs \(container\) are not supported/],
    ["    services:\n      db:\n        image: postgres\n    steps:\n      - run: echo", /service containers/],
    [
      "    steps:\n      - uses: actions/cache@0057852bfaa89a56745cba8c7296529d2fc39830\n        with:\n          path: x\n          key: y",
      /uses "actions\/cache@.*" is not supported/,
    ],
    ["    steps:\n      - uses: docker://alpine:3\n", /docker actions/],
    ["    steps:\n      - shell: pwsh\n        run: echo", /shell "pwsh" is not supported/],
    ["    steps:\n      - if: hashFiles('x') != ''\n        run: echo", /Unrecognized function: 'hashFiles'/],
    ["    environment: production\n    steps:\n      - run: echo", /deployment environments/],
    ["    concurrency: one\n    steps:\n      - run: echo", /job-level concurrency/],
  ];
  for (const [body, message] of cases) {
    const repoDir = cleanup.add(
      await makeRepo({ ".github/workflows/w.yml": `on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n${body}\n` }),
    );
    await assert.rejects(
      runWorkflow({
        workflowFile: ".github/workflows/w.yml",
        event: "push",
        repoDir,
        workDir: cleanup.add(await mkdtemp(path.join(os.tmpdir(), "wave-wf-"))),
      }),
      (e: Error) => {
        assert.ok(e instanceof UnsupportedError, `${body}: expected UnsupportedError, got ${e.name}: ${e.message}`);
        assert.match(e.message, message);
        return true;
      },
    );
  }
});

test("schema errors of a workflow file are reported with their line", async () => {
  const repoDir = cleanup.add(
    await makeRepo({ ".github/workflows/w.yml": "on: push\njobs:\n  a:\n    runs-on: x\n    stepz:\n      - run: echo\n" }),
  );
  await assert.rejects(runWorkflow({ workflowFile: ".github/workflows/w.yml", event: "push", repoDir }), (e: Error) => {
    assert.ok(e instanceof WorkflowFileError);
    assert.match(e.message, /Line: 5/);
    return true;
  });
});

import assert from "node:assert/strict";
import { after, test } from "node:test";
import { Cleanup, makeRepo } from "./fixtures.js";
import { runWorkflow, type WorkflowRunResult } from "./runner/index.js";

const cleanup = new Cleanup();
after(() => cleanup.run());

async function run(workflow: string, extra: Partial<Parameters<typeof runWorkflow>[0]> = {}): Promise<WorkflowRunResult> {
  const repoDir = cleanup.add(await makeRepo({ ".github/workflows/w.yml": workflow }));
  const result = await runWorkflow({ workflowFile: ".github/workflows/w.yml", event: "push", repoDir, ...extra });
  cleanup.add(result.workDir);
  return result;
}

const job = (r: WorkflowRunResult, id: string) => {
  const found = r.jobs.filter((j) => j.id === id);
  assert.equal(found.length, 1, `expected exactly one result for job ${id}, got ${found.length}`);
  return found[0]!;
};

test("needs, outputs, env at every level, GITHUB_ENV, GITHUB_PATH and step summaries", async () => {
  const r = await run(`
on: push
env:
  WF: wf
jobs:
  a:
    runs-on: ubuntu-latest
    env:
      JOB: job
    outputs:
      x: \${{ steps.s.outputs.x }}
      multi: \${{ steps.s.outputs.multi }}
    steps:
      - id: s
        env:
          STEP: step
        run: |
          echo "x=$WF-$JOB-$STEP" >> "$GITHUB_OUTPUT"
          { echo "multi<<EOT"; echo line1; echo line2; echo EOT; } >> "$GITHUB_OUTPUT"
          echo "ADDED=from-env-file" >> "$GITHUB_ENV"
          mkdir -p "$RUNNER_TEMP/bin"
          printf '#!/bin/sh\\necho hello-from-path\\n' > "$RUNNER_TEMP/bin/hello"
          chmod +x "$RUNNER_TEMP/bin/hello"
          echo "$RUNNER_TEMP/bin" >> "$GITHUB_PATH"
          echo "### summary of a" >> "$GITHUB_STEP_SUMMARY"
      - id: t
        run: |
          test "$ADDED" = from-env-file
          echo "said=$(hello)" >> "$GITHUB_OUTPUT"
          echo "env-context=\${{ env.ADDED }}-\${{ env.JOB }}" >> "$GITHUB_OUTPUT"
  b:
    needs: a
    runs-on: ubuntu-latest
    steps:
      - id: echo
        env:
          X: \${{ needs.a.outputs.x }}
          MULTI: \${{ needs.a.outputs.multi }}
          RESULT: \${{ needs.a.result }}
        run: |
          echo "got=$X|$RESULT|$(echo "$MULTI" | wc -l | tr -d ' ')" >> "$GITHUB_OUTPUT"
`);
  assert.equal(r.conclusion, "success");
  const a = job(r, "a");
  assert.equal(a.outputs["x"], "wf-job-step");
  assert.equal(a.outputs["multi"], "line1\nline2");
  assert.equal(a.steps[1]!.outputs["said"], "hello-from-path");
  assert.equal(a.steps[1]!.outputs["env-context"], "from-env-file-job");
  assert.equal(job(r, "b").steps[0]!.outputs["got"], "wf-job-step|success|2");
  assert.deepEqual(
    r.summaries.map((s) => [s.job, s.step, s.markdown.trim()]),
    [["a", "s", "### summary of a"]],
  );
});

test("job and step conditions: success(), failure(), always(), skipped needs and continue-on-error", async () => {
  const r = await run(`
on: push
jobs:
  ok:
    runs-on: ubuntu-latest
    outputs:
      v: \${{ steps.v.outputs.v }}
    steps:
      - id: v
        run: echo "v=1" >> "$GITHUB_OUTPUT"
  skipped-by-if:
    needs: ok
    if: needs.ok.outputs.v == '2'
    runs-on: ubuntu-latest
    steps:
      - run: exit 1
  after-skipped:
    needs: skipped-by-if
    runs-on: ubuntu-latest
    steps:
      - run: exit 1
  always-after-skipped:
    needs: skipped-by-if
    if: always()
    runs-on: ubuntu-latest
    steps:
      - run: "true"
  fails:
    needs: ok
    runs-on: ubuntu-latest
    steps:
      - id: soft
        continue-on-error: true
        run: exit 3
      - id: check-soft
        run: echo "seen=\${{ steps.soft.outcome }}/\${{ steps.soft.conclusion }}" >> "$GITHUB_OUTPUT"
      - id: hard
        run: exit 4
      - id: not-run
        run: echo never
      - id: on-failure
        if: failure()
        run: echo "ran=yes" >> "$GITHUB_OUTPUT"
      - id: on-always
        if: always()
        run: echo "ran=yes" >> "$GITHUB_OUTPUT"
  downstream:
    needs: fails
    runs-on: ubuntu-latest
    steps:
      - run: "true"
  on-failure:
    needs: downstream
    if: failure()
    runs-on: ubuntu-latest
    steps:
      - run: "true"
  report:
    needs: [ok, fails]
    if: always()
    runs-on: ubuntu-latest
    steps:
      - id: r
        run: echo "r=\${{ needs.ok.result }},\${{ needs.fails.result }}" >> "$GITHUB_OUTPUT"
`);
  assert.equal(r.conclusion, "failure");
  assert.equal(job(r, "skipped-by-if").conclusion, "skipped");
  assert.equal(job(r, "after-skipped").conclusion, "skipped");
  assert.equal(job(r, "always-after-skipped").conclusion, "success");
  const fails = job(r, "fails");
  assert.equal(fails.conclusion, "failure");
  const step = (id: string) => fails.steps.find((s) => s.id === id)!;
  assert.deepEqual([step("soft").outcome, step("soft").conclusion], ["failure", "success"]);
  assert.equal(step("check-soft").outputs["seen"], "failure/success");
  assert.equal(step("hard").conclusion, "failure");
  assert.equal(step("not-run").conclusion, "skipped");
  assert.equal(step("on-failure").outputs["ran"], "yes");
  assert.equal(step("on-always").outputs["ran"], "yes");
  assert.equal(job(r, "downstream").conclusion, "skipped");
  assert.equal(job(r, "on-failure").conclusion, "success", "failure() sees a failed ancestor through a skipped job");
  assert.equal(job(r, "report").steps[0]!.outputs["r"], "success,failure");
});

test("matrix from fromJSON with include and exclude, strategy context and merged outputs", async () => {
  const r = await run(`
on: push
jobs:
  plan:
    runs-on: ubuntu-latest
    outputs:
      matrix: \${{ steps.p.outputs.matrix }}
    steps:
      - id: p
        run: echo 'matrix={"os":["a","b"],"n":[1,2],"exclude":[{"os":"b","n":2}],"include":[{"os":"a","extra":"x"},{"os":"c","n":9}]}' >> "$GITHUB_OUTPUT"
  legs:
    needs: plan
    runs-on: ubuntu-latest
    strategy:
      matrix: \${{ fromJSON(needs.plan.outputs.matrix) }}
    outputs:
      seen-a-1: \${{ steps.o.outputs.seen-a-1 }}
      seen-c-9: \${{ steps.o.outputs.seen-c-9 }}
    steps:
      - id: o
        env:
          KEY: seen-\${{ matrix.os }}-\${{ matrix.n }}
        run: echo "$KEY=\${{ strategy.job-index }}/\${{ strategy.job-total }}/\${{ matrix.extra }}" >> "$GITHUB_OUTPUT"
  merged:
    needs: legs
    runs-on: ubuntu-latest
    steps:
      - id: m
        env:
          A1: \${{ needs.legs.outputs.seen-a-1 }}
          C9: \${{ needs.legs.outputs.seen-c-9 }}
        run: echo "m=$A1|$C9" >> "$GITHUB_OUTPUT"
`);
  assert.equal(r.conclusion, "success");
  const byIndex = r.jobs.filter((j) => j.id === "legs").sort((x, y) => x.key.localeCompare(y.key));
  const legs = byIndex.map((j) => j.matrix);
  assert.deepEqual(legs, [
    { os: "a", n: 1, extra: "x" },
    { os: "a", n: 2, extra: "x" },
    { os: "b", n: 1 },
    { os: "c", n: 9 },
  ]);
  assert.equal(byIndex[0]!.outputs["seen-a-1"], "0/4/x");
  assert.equal(byIndex[3]!.outputs["seen-c-9"], "3/4/");
  // Outputs of all legs merge when their names differ.
  assert.equal(job(r, "merged").steps[0]!.outputs["m"], "0/4/x|3/4/");
});

test("max-parallel 1 runs legs in order and fail-fast cancels the rest; fail-fast false runs them all", async () => {
  const wf = (failFast: boolean) => `
on: push
jobs:
  legs:
    runs-on: ubuntu-latest
    strategy:
      max-parallel: 1
      fail-fast: ${failFast}
      matrix:
        n: [1, 2, 3]
    steps:
      - run: |
          echo "\${{ matrix.n }}" >> "$ORDER_FILE"
          test "\${{ matrix.n }}" != 2
  after:
    needs: legs
    if: always()
    runs-on: ubuntu-latest
    steps:
      - id: r
        run: echo "r=\${{ needs.legs.result }}" >> "$GITHUB_OUTPUT"
`;
  for (const failFast of [true, false]) {
    const orderDir = cleanup.add(await makeRepo({}));
    const r = await run(wf(failFast), { env: { ORDER_FILE: `${orderDir}/order` } });
    const { readFile } = await import("node:fs/promises");
    const order = (await readFile(`${orderDir}/order`, "utf8")).trim().split("\n");
    const conclusions = r.jobs.filter((j) => j.id === "legs").map((j) => [j.matrix!["n"], j.conclusion]);
    if (failFast) {
      assert.deepEqual(order, ["1", "2"]);
      assert.deepEqual(conclusions, [
        [1, "success"],
        [2, "failure"],
        [3, "cancelled"],
      ]);
    } else {
      assert.deepEqual(order, ["1", "2", "3"]);
      assert.deepEqual(conclusions, [
        [1, "success"],
        [2, "failure"],
        [3, "success"],
      ]);
    }
    assert.equal(job(r, "after").steps[0]!.outputs["r"], "failure");
  }
});

test("fail-fast cancels a running leg; its always() steps still run and see cancelled()", async () => {
  const r = await run(
    `
on: push
jobs:
  legs:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        n: [1, 2]
    steps:
      - run: |
          if [ "\${{ matrix.n }}" = 1 ]; then sleep 1; exit 1; fi
          sleep 60
      - id: cleanup
        if: cancelled()
        env:
          STATUS: \${{ job.status }}
        run: echo "status=$STATUS" >> "$GITHUB_OUTPUT"
`,
    { cancelGraceMs: 200 },
  );
  const legs = r.jobs.filter((j) => j.id === "legs");
  const second = legs.find((j) => j.matrix!["n"] === 2)!;
  assert.equal(legs.find((j) => j.matrix!["n"] === 1)!.conclusion, "failure");
  assert.equal(second.conclusion, "cancelled");
  assert.equal(second.steps[1]!.outputs["status"], "cancelled");
});

test("job timeout-minutes fails the job and lets always() steps run", async () => {
  const r = await run(
    `
on: push
jobs:
  slow:
    runs-on: ubuntu-latest
    timeout-minutes: 0.01
    steps:
      - run: sleep 60
      - id: after
        if: always()
        run: echo "ran=yes" >> "$GITHUB_OUTPUT"
`,
    { cancelGraceMs: 200 },
  );
  const slow = job(r, "slow");
  assert.equal(slow.conclusion, "failure");
  assert.match(slow.error ?? "", /maximum execution time/);
  assert.equal(slow.steps[1]!.outputs["ran"], "yes");
});

test("workflow commands become annotations; secrets and masked values never reach logs", async () => {
  const r = await run(
    `
on: push
jobs:
  a:
    runs-on: ubuntu-latest
    steps:
      - env:
          TOKEN: \${{ secrets.MY_SECRET }}
        run: |
          echo "::error file=docs/plans/waves/wave-1.md,line=7,title=Bad::broken%0Awave"
          echo "::warning::careful"
          echo "::add-mask::hide-me-123"
          echo "value hide-me-123 and $TOKEN"
`,
    { secrets: { MY_SECRET: "s3cr3t-value" } },
  );
  assert.deepEqual(
    r.annotations.map((a) => [a.level, a.file, a.line, a.message]),
    [
      ["error", "docs/plans/waves/wave-1.md", 7, "broken\nwave"],
      ["warning", undefined, undefined, "careful"],
    ],
  );
  const log = job(r, "a").steps[0]!.log;
  assert.match(log, /value \*\*\* and \*\*\*/);
  assert.doesNotMatch(log, /s3cr3t-value|hide-me-123/);
});

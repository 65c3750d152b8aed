import assert from "node:assert/strict";
import { after, test } from "node:test";
import { Cleanup, commitFiles, gitSync, makeRepo } from "./fixtures.js";
import { runWorkflow, type WorkflowRunResult, WorkflowRunnerError } from "./runner/index.js";

const cleanup = new Cleanup();
after(() => cleanup.run());

const job = (r: WorkflowRunResult, id: string) => {
  const found = r.jobs.filter((j) => j.id === id);
  assert.equal(found.length, 1, `expected one result for ${id}, got ${found.map((j) => j.id).join(",")}`);
  return found[0]!;
};

const CALLEE = `
name: Callee
on:
  workflow_call:
    inputs:
      who:
        type: string
        required: true
      count:
        type: number
        default: 2
      loud:
        type: boolean
        default: false
    secrets:
      TOKEN:
        required: true
      OPTIONAL:
        required: false
    outputs:
      greeting:
        value: \${{ jobs.greet.outputs.greeting }}
      result:
        value: \${{ jobs.greet.result }}
jobs:
  greet:
    runs-on: ubuntu-latest
    outputs:
      greeting: \${{ steps.g.outputs.greeting }}
    steps:
      - id: g
        env:
          WHO: \${{ inputs.who }}
          COUNT: \${{ inputs.count }}
          LOUD: \${{ inputs.loud }}
          TOKEN: \${{ secrets.TOKEN }}
          OPTIONAL: \${{ secrets.OPTIONAL }}
          EVENT: \${{ github.event_name }}
          JOB_CONTEXT: \${{ toJSON(job) }}
        run: |
          echo "greeting=hello $WHO x$COUNT loud=$LOUD token=\${#TOKEN} optional=\${#OPTIONAL} event=$EVENT" >> "$GITHUB_OUTPUT"
          echo "$JOB_CONTEXT" > "$RUNNER_TEMP/job.json"
          echo "repo=$(jq -r .workflow_repository "$RUNNER_TEMP/job.json")" >> "$GITHUB_OUTPUT"
          echo "path=$(jq -r .workflow_file_path "$RUNNER_TEMP/job.json")" >> "$GITHUB_OUTPUT"
          echo "sha=$(jq -r .workflow_sha "$RUNNER_TEMP/job.json")" >> "$GITHUB_OUTPUT"
          echo "printing $TOKEN"
`;

test("workflow_call: typed inputs, explicit secrets, outputs through the jobs context, caller needs", async () => {
  const repoDir = cleanup.add(
    await makeRepo({
      ".github/workflows/callee.yml": CALLEE,
      ".github/workflows/caller.yml": `
on:
  workflow_dispatch:
    inputs:
      who:
        type: string
        default: world
      loud:
        type: boolean
        default: false
jobs:
  call:
    uses: ./.github/workflows/callee.yml
    with:
      who: \${{ inputs.who }}
      loud: \${{ inputs.loud }}
    secrets:
      TOKEN: \${{ secrets.CALLER_TOKEN }}
  use:
    needs: call
    runs-on: ubuntu-latest
    steps:
      - id: u
        env:
          G: \${{ needs.call.outputs.greeting }}
          R: \${{ needs.call.outputs.result }}
          EVENT_INPUT: \${{ github.event.inputs.loud }}
        run: echo "u=$G/$R/$EVENT_INPUT" >> "$GITHUB_OUTPUT"
`,
    }),
  );
  const r = await runWorkflow({
    workflowFile: ".github/workflows/caller.yml",
    event: "workflow_dispatch",
    inputs: { who: "waves", loud: "true" },
    secrets: { CALLER_TOKEN: "tok-12345" },
    repoDir,
    repository: "acme/app",
  });
  cleanup.add(r.workDir);
  assert.equal(r.conclusion, "success");
  assert.equal(job(r, "call").kind, "call");
  const greet = job(r, "call/greet");
  assert.equal(greet.steps[0]!.outputs["repo"], "acme/app");
  assert.equal(greet.steps[0]!.outputs["path"], ".github/workflows/callee.yml");
  assert.match(greet.steps[0]!.log, /printing \*\*\*/);
  assert.equal(job(r, "use").steps[0]!.outputs["u"], "hello waves x2 loud=true token=9 optional=0 event=workflow_dispatch/success/true");
});

test("workflow_call rejects undeclared secrets, missing required inputs and wrongly typed inputs", async () => {
  const cases: [string, RegExp][] = [
    ["with:\n      who: x\n    secrets:\n      TOKEN: a\n      OTHER: b", /secret "OTHER" is not defined/],
    ["secrets:\n      TOKEN: a", /required input "who" was not provided/],
    ["with:\n      who: x\n      count: three\n    secrets:\n      TOKEN: a", /input "count" expects a number/],
    ["with:\n      who: x", /required secret "TOKEN"/],
  ];
  for (const [call, error] of cases) {
    const repoDir = cleanup.add(
      await makeRepo({
        ".github/workflows/callee.yml": CALLEE,
        ".github/workflows/caller.yml": `on: push\njobs:\n  call:\n    uses: ./.github/workflows/callee.yml\n    ${call}\n`,
      }),
    );
    const r = await runWorkflow({ workflowFile: ".github/workflows/caller.yml", event: "push", repoDir });
    cleanup.add(r.workDir);
    assert.equal(r.conclusion, "failure");
    assert.match(job(r, "call").error ?? "", error);
  }
});

test("a reusable workflow from another repository sees its own repository and commit in the job context", async () => {
  const shared = cleanup.add(await makeRepo({ ".github/workflows/callee.yml": CALLEE }));
  gitSync(shared, ["tag", "v1"]);
  const sharedSha = gitSync(shared, ["rev-parse", "HEAD"]);
  // A later commit on main must not be what v1 resolves to.
  await commitFiles(shared, { ".github/workflows/callee.yml": "broken: [" }, "break main");
  const repoDir = cleanup.add(
    await makeRepo({
      ".github/workflows/caller.yml": `
on: push
jobs:
  call:
    uses: acme/shared/.github/workflows/callee.yml@v1
    with:
      who: remote
    secrets:
      TOKEN: x
`,
    }),
  );
  const r = await runWorkflow({
    workflowFile: ".github/workflows/caller.yml",
    event: "push",
    repoDir,
    repository: "acme/app",
    repos: { "acme/shared": shared },
  });
  cleanup.add(r.workDir);
  assert.equal(r.conclusion, "success");
  const greet = job(r, "call/greet");
  assert.equal(greet.steps[0]!.outputs["repo"], "acme/shared");
  assert.equal(greet.steps[0]!.outputs["path"], ".github/workflows/callee.yml");
  assert.equal(greet.steps[0]!.outputs["sha"], sharedSha);
});

test("a reusable workflow can be run directly as a workflow_call event, with typed inputs and outputs", async () => {
  const repoDir = cleanup.add(await makeRepo({ ".github/workflows/callee.yml": CALLEE }));
  const r = await runWorkflow({
    workflowFile: ".github/workflows/callee.yml",
    event: "workflow_call",
    inputs: { who: "direct", count: 5 },
    secrets: { TOKEN: "abc" },
    repoDir,
  });
  cleanup.add(r.workDir);
  assert.equal(r.outputs["greeting"], "hello direct x5 loud=false token=3 optional=0 event=workflow_call");
  assert.equal(r.outputs["result"], "success");
  await assert.rejects(
    runWorkflow({
      workflowFile: ".github/workflows/callee.yml",
      event: "workflow_call",
      inputs: { who: "x", count: "5" },
      secrets: { TOKEN: "a" },
      repoDir,
    }),
    (e: Error) => e instanceof WorkflowRunnerError && /expects a number/.test(e.message),
  );
  await assert.rejects(runWorkflow({ workflowFile: ".github/workflows/callee.yml", event: "push", repoDir }), /no "push" trigger/);
});

test("pull_request payloads fill github.head_ref, github.base_ref and github.event", async () => {
  const repoDir = cleanup.add(
    await makeRepo({
      ".github/workflows/pr.yml": `
on:
  pull_request:
    paths: ["docs/**"]
jobs:
  a:
    runs-on: ubuntu-latest
    steps:
      - id: s
        env:
          HEAD: \${{ github.head_ref }}
          BASE: \${{ github.base_ref }}
          NUMBER: \${{ github.event.pull_request.number }}
          FORK: \${{ github.event.pull_request.head.repo.fork }}
        run: echo "s=$HEAD>$BASE#$NUMBER fork=$FORK" >> "$GITHUB_OUTPUT"
`,
    }),
  );
  const r = await runWorkflow({
    workflowFile: ".github/workflows/pr.yml",
    event: "pull_request",
    eventPayload: { pull_request: { number: 7, head: { ref: "feature", repo: { fork: true } }, base: { ref: "main" } } },
    repoDir,
    ref: "refs/pull/7/merge",
    sha: gitSync(repoDir, ["rev-parse", "HEAD"]),
  });
  cleanup.add(r.workDir);
  assert.equal(job(r, "a").steps[0]!.outputs["s"], "feature>main#7 fork=true");
});

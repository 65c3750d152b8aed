import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { after, test } from "node:test";
import { Cleanup, commitFiles, gitSync, makeRepo } from "./fixtures.js";
import { type LocalActionCall, runWithNode, runWorkflow, type WorkflowRunResult } from "./runner/index.js";

const cleanup = new Cleanup();
after(() => cleanup.run());

const job = (r: WorkflowRunResult, id: string) => r.jobs.find((j) => j.id === id)!;

const CHECKOUT = "actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1";
const UPLOAD = "actions/upload-artifact@bbbca2ddaa5d8feaa63e36b76fdaad77386f024f";
const DOWNLOAD = "actions/download-artifact@3e5f45b2cfb9172054b4087a40e8e0b5a5461e7c";

test("checkout clones the repository under test into a fresh workspace per job, with the requested depth", async () => {
  const repoDir = cleanup.add(await makeRepo({ "a.txt": "one\n" }));
  const first = gitSync(repoDir, ["rev-parse", "HEAD"]);
  await commitFiles(
    repoDir,
    {
      "a.txt": "two\n",
      ".github/workflows/w.yml": `
on: push
jobs:
  shallow:
    runs-on: ubuntu-latest
    steps:
      - uses: ${CHECKOUT}
        with:
          persist-credentials: false
      - id: s
        run: |
          touch left-behind
          echo "content=$(cat a.txt)" >> "$GITHUB_OUTPUT"
          echo "depth=$(git rev-list --count HEAD)" >> "$GITHUB_OUTPUT"
          echo "header=$(git config --get http.https://github.com/.extraheader || echo none)" >> "$GITHUB_OUTPUT"
  deep:
    needs: shallow
    runs-on: ubuntu-latest
    steps:
      - uses: ${CHECKOUT}
        with:
          fetch-depth: 2
          path: sub
      - id: s
        working-directory: sub
        run: |
          echo "parent=$(git rev-parse HEAD^1)" >> "$GITHUB_OUTPUT"
          echo "fresh=$(test -e left-behind && echo no || echo yes)" >> "$GITHUB_OUTPUT"
          echo "header=$(git config --get http.https://github.com/.extraheader || echo none)" >> "$GITHUB_OUTPUT"
`,
    },
    "two",
  );
  const r = await runWorkflow({ workflowFile: ".github/workflows/w.yml", event: "push", repoDir });
  cleanup.add(r.workDir);
  assert.equal(r.conclusion, "success", JSON.stringify(r.jobs.map((j) => j.steps.map((s) => s.error))));
  assert.deepEqual(job(r, "shallow").steps[1]!.outputs, { content: "two", depth: "1", header: "none" });
  const deep = job(r, "deep").steps[1]!.outputs;
  assert.equal(deep["parent"], first);
  assert.equal(deep["fresh"], "yes");
  assert.notEqual(deep["header"], "none", "persist-credentials defaults to true, like the real action");
});

test("upload-artifact and download-artifact: hidden files, names, patterns and merge-multiple", async () => {
  const repoDir = cleanup.add(
    await makeRepo({
      ".github/workflows/w.yml": `
on: push
jobs:
  up:
    runs-on: ubuntu-latest
    strategy:
      matrix:
        n: [1, 2]
    steps:
      - run: |
          mkdir -p out/.hidden
          echo "\${{ matrix.n }}" > out/n-\${{ matrix.n }}.txt
          echo secret > out/.hidden/h.txt
          mkdir -p .state && echo s > .state/s.txt
      - uses: ${UPLOAD}
        with:
          name: part-\${{ matrix.n }}
          path: out
      - uses: ${UPLOAD}
        with:
          name: state-\${{ matrix.n }}
          path: .state
          include-hidden-files: true
      - uses: ${UPLOAD}
        with:
          name: nothing-\${{ matrix.n }}
          path: .state
  down:
    needs: up
    runs-on: ubuntu-latest
    steps:
      - uses: ${DOWNLOAD}
        with:
          name: part-1
          path: one
      - uses: ${DOWNLOAD}
        with:
          pattern: part-*
          path: merged
          merge-multiple: true
      - uses: ${DOWNLOAD}
        with:
          pattern: state-*
          path: separate
      - uses: ${DOWNLOAD}
        with:
          pattern: state-1
          path: single
      - uses: ${DOWNLOAD}
        with:
          pattern: none-*
          path: none
      - id: s
        run: |
          echo "single=$(ls -A single | tr '\\n' ' ')" >> "$GITHUB_OUTPUT"
          echo "none=$(test -e none && echo exists || echo absent)" >> "$GITHUB_OUTPUT"
          echo "one=$(ls -A one | tr '\\n' ' ')" >> "$GITHUB_OUTPUT"
          echo "merged=$(ls -A merged | tr '\\n' ' ')" >> "$GITHUB_OUTPUT"
          echo "separate=$(cd separate && find . -type f | sort | tr '\\n' ' ')" >> "$GITHUB_OUTPUT"
      - uses: ${DOWNLOAD}
        with:
          name: missing
`,
    }),
  );
  const r = await runWorkflow({ workflowFile: ".github/workflows/w.yml", event: "push", repoDir });
  cleanup.add(r.workDir);
  const down = job(r, "down");
  assert.deepEqual(down.steps[5]!.outputs, {
    single: "s.txt ",
    none: "absent",
    one: "n-1.txt ",
    merged: "n-1.txt n-2.txt ",
    separate: "./state-1/s.txt ./state-2/s.txt ",
  });
  assert.equal(down.steps[6]!.conclusion, "failure");
  assert.match(down.steps[6]!.error ?? "", /Artifact 'missing' not found/);
  assert.ok(
    r.annotations.some((a) => a.level === "warning" && /No files were found/.test(a.message)),
    "a hidden-only path warns",
  );
});

async function fakeAction(dir: string): Promise<void> {
  await commitFiles(
    dir,
    {
      "action/action.yml": `name: fake
inputs:
  greeting:
    default: hello
  token:
    default: \${{ github.token }}
  dry-run:
    default: "false"
outputs:
  said:
    description: what it said
runs:
  using: node24
  main: main.mjs
  post: post.mjs
  post-if: always()
`,
      "action/main.mjs": `import { appendFileSync } from "node:fs";
appendFileSync(process.env.GITHUB_OUTPUT, "said=" + process.env["INPUT_GREETING"] + " dry=" + process.env["INPUT_DRY-RUN"] + " token=" + (process.env.INPUT_TOKEN ? "set" : "unset") + "\\n");
appendFileSync(process.env.GITHUB_STATE, "started=yes\\n");
if (process.env.INPUT_GREETING === "fail") { console.log("::error::asked to fail"); process.exit(1); }
`,
      "action/post.mjs": `console.log("post saw state " + process.env.STATE_started);
`,
    },
    "fake action",
  );
}

test("uses: ./path runs a local action through the hook, with inputs, defaults, outputs, state and a post step", async () => {
  const repoDir = cleanup.add(await makeRepo({}));
  await fakeAction(repoDir);
  await commitFiles(
    repoDir,
    {
      ".github/workflows/w.yml": `
on: push
jobs:
  a:
    runs-on: ubuntu-latest
    outputs:
      said: \${{ steps.fake.outputs.said }}
    steps:
      - uses: ${CHECKOUT}
        with:
          persist-credentials: false
      - id: fake
        uses: ./action
        with:
          dry-run: true
      - id: failing
        uses: ./action
        with:
          greeting: fail
`,
    },
    "workflow",
  );
  const calls: LocalActionCall[] = [];
  const r = await runWorkflow({
    workflowFile: ".github/workflows/w.yml",
    event: "push",
    repoDir,
    hooks: {
      localAction: async (call) => {
        calls.push(call);
        return runWithNode(call);
      },
    },
  });
  cleanup.add(r.workDir);
  const a = job(r, "a");
  assert.equal(a.conclusion, "failure");
  assert.equal(a.outputs["said"], "hello dry=true token=set");
  assert.deepEqual(
    calls.map((c) => [c.phase, path.basename(c.entry), c.inputs["greeting"]]),
    [
      ["main", "main.mjs", "hello"],
      ["main", "main.mjs", "fail"],
      ["post", "post.mjs", "fail"],
      ["post", "post.mjs", "hello"],
    ],
  );
  assert.match(a.steps.find((s) => s.id === "post:fake")!.log, /post saw state yes/);
  assert.deepEqual(
    r.annotations.map((x) => x.message),
    ["asked to fail"],
  );
});

test("an input the local action does not declare fails the step and names the valid inputs", async () => {
  const repoDir = cleanup.add(await makeRepo({}));
  await fakeAction(repoDir);
  await commitFiles(
    repoDir,
    {
      ".github/workflows/w.yml": `
on: push
jobs:
  a:
    runs-on: ubuntu-latest
    steps:
      - uses: ${CHECKOUT}
        with:
          persist-credentials: false
      - uses: ./action
        with:
          greting: typo
`,
    },
    "workflow",
  );
  const r = await runWorkflow({ workflowFile: ".github/workflows/w.yml", event: "push", repoDir });
  cleanup.add(r.workDir);
  const step = job(r, "a").steps[1]!;
  assert.equal(step.conclusion, "failure");
  assert.match(step.error ?? "", /unexpected input\(s\) 'greting'.*valid inputs are greeting, token, dry-run/);
  assert.equal(await readFile(path.join(repoDir, "action/action.yml"), "utf8").then((t) => t.includes("greeting")), true);
});

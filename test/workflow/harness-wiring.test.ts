/**
 * The runner wired to the Actions runtime harness: a JavaScript action uploads with the real
 * @actions/artifact client, a later job downloads it through actions/download-artifact, and a
 * re-run attempt still finds it.
 */
import assert from "node:assert/strict";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type ActionsHarness, startActionsHarness } from "../harness/index.js";
import { Cleanup, makeRepo } from "./fixtures.js";
import { harnessHooks } from "./harness-bridge.js";
import { runWorkflow } from "./runner/index.js";

const cleanup = new Cleanup();
let h: ActionsHarness;
before(async () => {
  h = await startActionsHarness();
});
after(async () => {
  await h?.stop();
  await cleanup.run();
});

const PROBE = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), "fixtures", "probe-action.mjs")).href;
const CHECKOUT = "actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1";

test("local actions run through the harness and share its artifact store with the artifact steps", async () => {
  const marks = cleanup.add(await mkdtemp(path.join(os.tmpdir(), "wave-wf-marks-")));
  const repoDir = cleanup.add(
    await makeRepo({
      "probe/action.yml":
        "name: probe\ninputs:\n  name:\n    required: true\noutputs:\n  artifact-id:\n    description: id\nruns:\n  using: node24\n  main: main.mjs\n",
      "probe/main.mjs": "await import(process.env.PROBE_IMPL);\n",
      ".github/workflows/w.yml": `
on: push
permissions: {}
jobs:
  produce:
    runs-on: ubuntu-latest
    timeout-minutes: 5
    outputs:
      id: \${{ steps.probe.outputs.artifact-id }}
    steps:
      - uses: ${CHECKOUT}
        with:
          persist-credentials: false
      - id: probe
        uses: ./probe
        with:
          name: probe-data
  consume:
    needs: produce
    runs-on: ubuntu-latest
    timeout-minutes: 5
    steps:
      - uses: actions/download-artifact@3e5f45b2cfb9172054b4087a40e8e0b5a5461e7c
        with:
          name: probe-data
          path: got
          github-token: \${{ github.token }}
          run-id: \${{ github.run_id }}
      - id: read
        run: |
          echo "content=$(cat got/data.txt)" >> "$GITHUB_OUTPUT"
          if [ ! -e "$MARKS/once" ]; then touch "$MARKS/once"; exit 1; fi
      - uses: actions/upload-artifact@bbbca2ddaa5d8feaa63e36b76fdaad77386f024f
        with:
          name: consumed-\${{ github.run_attempt }}
          path: got
`,
    }),
  );
  const repository = "acme/probe";
  const wiring = harnessHooks(h, repository);
  const options = {
    workflowFile: ".github/workflows/w.yml",
    event: "push",
    repoDir,
    repository,
    runId: 9001,
    githubToken: wiring.githubToken,
    hooks: wiring.hooks,
    env: { PROBE_IMPL: PROBE, MARKS: marks },
  };
  const first = await runWorkflow(options);
  cleanup.add(first.workDir);
  const produce = first.jobs.find((j) => j.id === "produce")!;
  assert.equal(produce.conclusion, "success", JSON.stringify(produce.steps.map((s) => [s.id, s.error, s.log.slice(-300)])));
  const id = Number(produce.outputs["id"]);
  assert.ok(id > 0);
  assert.equal(h.service.store.get(id)?.name, "probe-data");
  assert.deepEqual(
    first.summaries.map((s) => s.markdown.trim()),
    ["probe uploaded probe-data"],
  );
  const consume = first.jobs.find((j) => j.id === "consume")!;
  assert.equal(consume.conclusion, "failure");
  assert.equal(consume.steps[1]!.outputs["content"], "uploaded in attempt 1");

  const second = await runWorkflow({ ...options, previous: first });
  assert.equal(second.conclusion, "success");
  assert.equal(second.jobs.find((j) => j.id === "produce")!.reused, true);
  assert.equal(second.jobs.find((j) => j.id === "consume")!.steps[1]!.outputs["content"], "uploaded in attempt 1");
  assert.deepEqual(
    h.service.store.listRun(9001).map((a) => [a.name, a.runAttempt]),
    [
      ["probe-data", 1],
      ["consumed-2", 2],
    ],
  );
});

import { test } from "node:test";
import path from "node:path";
import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import { REPO_ROOT } from "../helpers/cli.js";
import { FAKE_CLI, FakeEngine } from "./fake-engine.js";
import { makeRepo } from "./fixtures.js";
import { LocalArtifactStore, runWorkflow } from "./runner/index.js";
test("debug", async () => {
  const files: Record<string, string> = { "action.yml": await readFile(path.join(REPO_ROOT, "action.yml"), "utf8"), "dist/cli/index.js": FAKE_CLI };
  for (const n of [1, 2, 3]) files[`examples/docs/plans/waves/wave-${n}.md`] = `# Wave ${n} - example\n\n**Commit message**: \`Add wave ${n} output\`\n\n## Agent A1: worker\n\n`;
  const repoDir = await makeRepo(files);
  const store = new LocalArtifactStore(await mkdtemp(path.join(os.tmpdir(), "st-")));
  const engine = new FakeEngine(store, { failures: { 1: 1 } });
  const r = await runWorkflow({ workflowFile: path.join(REPO_ROOT, ".github/workflows/wave.yml"), event: "workflow_call", repoDir, repository: "acme/waves", runId: 4242, inputs: { root: "examples" }, hooks: { localAction: engine.hook, artifacts: store } });
  for (const j of r.jobs) console.log(j.id, j.matrix?.["wave"], j.conclusion, j.error ?? "", JSON.stringify(j.outputs), j.steps.filter(s => s.conclusion !== "success" || s.id === "triage").map(s => [s.id, s.conclusion, s.error, s.log.slice(-300)]));
});

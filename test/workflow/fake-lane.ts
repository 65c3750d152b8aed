/**
 * One lane of three example waves run through wave.yml in the local workflow runner, with the
 * fake engine behind `uses: ./.wave-action` (shared by the ordering and sharding tests).
 */
import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT } from "../helpers/cli.js";
import { FAKE_CLI, FakeEngine, type Scenario } from "./fake-engine.js";
import { type Cleanup, makeRepo } from "./fixtures.js";
import { LocalArtifactStore, type RunnerHooks, runWorkflow } from "./runner/index.js";

export async function runFakeLane(
  cleanup: Cleanup,
  options: { scenario: Scenario; inputs: Record<string, string | number>; legOrder?: RunnerHooks["legOrder"]; runId: number },
) {
  const files: Record<string, string> = {
    "action.yml": await readFile(path.join(REPO_ROOT, "action.yml"), "utf8"),
    "dist/cli/index.js": FAKE_CLI,
    "dist/package.json": '{ "type": "module" }\n',
  };
  for (const n of [1, 2, 3]) files[`examples/docs/plans/waves/wave-${n}.md`] = `# Wave ${n} - example\n\n## Agent A1: worker\n`;
  const repoDir = cleanup.add(await makeRepo(files));
  const store = new LocalArtifactStore(cleanup.add(await mkdtemp(path.join(os.tmpdir(), "wave-wf-store-"))));
  const engine = new FakeEngine(store, options.scenario);
  const r = await runWorkflow({
    workflowFile: path.join(REPO_ROOT, ".github", "workflows", "wave.yml"),
    event: "workflow_call",
    repoDir,
    repository: "acme/waves",
    runId: options.runId,
    inputs: { root: "examples", ...options.inputs },
    hooks: { localAction: engine.hook, artifacts: store, ...(options.legOrder ? { legOrder: options.legOrder } : {}) },
  });
  cleanup.add(r.workDir);
  return { r, engine };
}

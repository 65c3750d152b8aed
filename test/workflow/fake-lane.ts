/**
 * One lane of three example waves run through wave.yml in the local workflow runner, with the
 * fake engine behind `uses: ./.wave-action` (shared by the ordering, sharding, re-run and
 * moving-ref tests).
 */
import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT } from "../helpers/cli.js";
import { FAKE_CLI, FakeEngine, type Scenario } from "./fake-engine.js";
import { type Cleanup, makeRepo } from "./fixtures.js";
import { LocalArtifactStore, type RunnerHooks, type RunWorkflowOptions, runWorkflow } from "./runner/index.js";

/** A repository holding the action's metadata, the fake CLI and waves 1–3 in examples/. */
export async function laneRepo(cleanup: Cleanup): Promise<string> {
  const files: Record<string, string> = {
    "action.yml": await readFile(path.join(REPO_ROOT, "action.yml"), "utf8"),
    "dist/cli/index.js": FAKE_CLI,
    "dist/package.json": '{ "type": "module" }\n',
  };
  for (const n of [1, 2, 3]) files[`examples/docs/plans/waves/wave-${n}.md`] = `# Wave ${n} - example\n\n## Agent A1: worker\n`;
  return cleanup.add(await makeRepo(files));
}

/** The lane, its artifact store and fake engine, and `run` to run wave.yml on it (again, for re-runs). */
export async function fakeLane(
  cleanup: Cleanup,
  scenario: Scenario,
  runId: number,
  storeOptions: ConstructorParameters<typeof LocalArtifactStore>[1] = {},
) {
  const repoDir = await laneRepo(cleanup);
  const store = new LocalArtifactStore(cleanup.add(await mkdtemp(path.join(os.tmpdir(), "wave-wf-store-"))), storeOptions);
  const engine = new FakeEngine(store, scenario);
  const run = async (inputs: Record<string, string | number | boolean>, options: Partial<RunWorkflowOptions> = {}) => {
    const r = await runWorkflow({
      workflowFile: path.join(REPO_ROOT, ".github", "workflows", "wave.yml"),
      event: "workflow_call",
      repoDir,
      repository: "acme/waves",
      runId,
      inputs: { root: "examples", ...inputs },
      ...options,
      hooks: { localAction: engine.hook, artifacts: store, ...options.hooks },
    });
    cleanup.add(r.workDir);
    return r;
  };
  return { repoDir, store, engine, run };
}

/** One run of wave.yml on a fresh lane. */
export async function runFakeLane(
  cleanup: Cleanup,
  options: { scenario: Scenario; inputs: Record<string, string | number>; legOrder?: RunnerHooks["legOrder"]; runId: number },
) {
  const { engine, run, store } = await fakeLane(cleanup, options.scenario, options.runId);
  const r = await run(options.inputs, options.legOrder ? { hooks: { legOrder: options.legOrder } } : {});
  return { r, engine, store };
}

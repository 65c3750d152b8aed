/**
 * Earlier state is chosen by facts agents cannot forge. Replays of what a security review did:
 *
 * - an agent holding the job's runtime token uploads `wave_main_wave-0_attempt-99_evil` with a
 *   forged passing state: the report does not count it and the next attempt does not resume
 *   from it, and both say so naming the artifact;
 * - plausible names whose contents are another wave's or another attempt's state are refused,
 *   and so is an artifact the REST API lists under another workflow run;
 * - a planted local attempt-9 directory (foreign owner, a result.json that disagrees, a symbolic
 *   link) is not resumed from;
 * - in the reusable workflow, planted status records claiming a later attempt or round do not
 *   make triage skip the resume, and the action's post step runs the files the job checked out
 *   even when an agent rewrote them.
 *
 * Everything runs the real code: the action's main step from source on the local Actions runtime
 * (test/harness), the engine on real run directories, the workflow files on the local runner.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { after, before, describe, test } from "node:test";
import { cloneJob, downloadArtifact, explain, Lab, runArtifacts, runMainOnly } from "../action/fixtures.js";
import { engineRun, implAgent, makeRepo as makeEngineRepo, writeWave } from "../engine/fixture.js";
import type { EngineEvent } from "../../src/engine/types.js";
import { REPO_ROOT } from "../helpers/cli.js";
import { type ActionsHarness, type JobContext, type NodeActionResult, runNodeAction, startActionsHarness } from "../harness/index.js";
import { FAKE_CLI, FakeEngine, type Scenario } from "../workflow/fake-engine.js";
import { Cleanup, makeRepo } from "../workflow/fixtures.js";
import {
  type LocalActionCall,
  type LocalActionHook,
  LocalArtifactStore,
  runWorkflow,
  type WorkflowRunResult,
} from "../workflow/runner/index.js";

const CLIENT = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "harness", "fixtures", "artifact-client.mjs");

let h: ActionsHarness;
const lab = new Lab("forged");
const cleanup = new Cleanup();

before(async () => {
  h = await startActionsHarness();
});
after(async () => {
  await h?.stop();
  lab.cleanup();
  await cleanup.run();
});

/** Agents run as the job's own user here: the case in which an agent can reach the runtime token. */
const SAME_USER = { "agent-user": "none" };

/** What an agent holding a job's runtime token can do: upload a directory under any name. */
async function uploadWithStolenToken(ctx: JobContext, name: string, root: string): Promise<number> {
  const r = await runNodeAction({ entry: CLIENT, env: { ...ctx.env, INPUT_OPERATIONS: JSON.stringify([{ op: "upload", name, root }]) } });
  assert.equal(r.conclusion, "success", explain(r));
  return (JSON.parse(r.outputs["results"] ?? "[]") as { id: number }[])[0]!.id;
}

/** A copy of a real state artifact's files, to forge or replay. */
async function copyOfArtifact(name: string, runId: number): Promise<string> {
  const real = runArtifacts(h, runId).find((a) => a.name === name);
  assert.ok(real, `artifact ${name} exists`);
  return downloadArtifact(h, real);
}

async function editJson(file: string, edit: (value: Record<string, unknown>) => void): Promise<void> {
  const value = JSON.parse(await fs.readFile(file, "utf8")) as Record<string, unknown>;
  edit(value);
  await fs.writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Turns a copied failed state into a forged passing one, with a file the real run never made. */
async function forgePass(dir: string): Promise<void> {
  await editJson(path.join(dir, "result.json"), (r) => {
    r["status"] = "passed";
    r["failure"] = null;
    for (const a of r["agents"] as Record<string, unknown>[]) a["status"] = "succeeded";
  });
  await editJson(path.join(dir, "progress.json"), (p) => {
    p["status"] = "passed";
    for (const a of Object.values(p["agents"] as Record<string, Record<string, unknown>>)) {
      a["status"] = "succeeded";
      a["exitCode"] = 0;
    }
  });
  await fs.writeFile(path.join(dir, "forged.txt"), "planted by an agent\n");
}

const warningsOf = (r: NodeActionResult) => r.annotations.filter((a) => a.level === "warning").map((a) => a.message);

describe("state artifacts on the Actions runtime", { concurrency: 1 }, () => {
  test("a forged wave_main_wave-0_attempt-99_evil upload: the report does not count it, the next attempt does not resume from it", async () => {
    const runId = 601;
    const counter = lab.newCounter("evil");
    const agents = [
      { id: "W1", args: ["--write", "out/real.txt=real"] },
      { id: "W2", args: ["--fail-once"] },
    ];
    const origin = lab.origin("evil", { "docs/plans/waves/wave-0.md": lab.waveFile(0, agents, counter) });
    const inputs = { wave: "0", "max-attempts": "1", ...SAME_USER };

    const one = cloneJob(h, origin, { runId, runAttempt: 1, jobId: "wave", inputs });
    const first = await runMainOnly(one);
    assert.equal(first.main.outputs["status"], "failed", explain(first.main));
    const real = first.main.outputs["artifact-name"] ?? "";
    assert.match(real, /^wave_main_wave-0_attempt-1_j[0-9a-f]{8}$/);

    // An agent of that job uses its runtime token: a passing state under a name claiming attempt 99.
    const evil = "wave_main_wave-0_attempt-99_evil";
    const forged = await copyOfArtifact(real, runId);
    await forgePass(forged);
    await uploadWithStolenToken(one, evil, forged);

    // The report of attempt 1 reads the real (failed) state and names the refused one.
    const report = await runMainOnly(
      cloneJob(h, origin, { runId, runAttempt: 1, jobId: "report", inputs: { mode: "report", waves: "0" } }),
    );
    assert.equal(report.main.outputs["status"], "failed", explain(report.main));
    assert.equal(report.main.outputs["failed-waves"], "0");
    assert.ok(
      warningsOf(report.main).some((m) => m.includes(evil) && /claims run attempt 99/.test(m)),
      warningsOf(report.main).join("\n"),
    );

    // Attempt 2 (re-run failed jobs) resumes from the real state and says why it passed over the other.
    const two = cloneJob(h, origin, { runId, runAttempt: 2, jobId: "wave", inputs });
    const second = await runMainOnly(two);
    assert.equal(second.main.outputs["resumed-from"], real, explain(second.main));
    assert.ok(
      warningsOf(second.main).some((m) => m.includes(evil) && /claims run attempt 99, but this job is attempt 2/.test(m)),
      warningsOf(second.main).join("\n"),
    );
    const left = (await fs.readdir(two.runnerTemp, { recursive: true })).map(String);
    assert.ok(!left.some((f) => path.basename(f) === "forged.txt"), "nothing of the forged state was restored");
    const result = JSON.parse(second.main.outputs["result"] ?? "{}") as { agents: { id: string; status: string }[] };
    assert.deepEqual(
      Object.fromEntries(result.agents.map((a) => [a.id, a.status])),
      { W1: "reused", W2: "succeeded" },
      "W2 ran again: its failure was not papered over",
    );
  });

  test("plausible names whose contents are another wave's or another attempt's state are refused", async () => {
    const runId = 602;
    const counter = lab.newCounter("replay");
    const origin = lab.origin("replay", {
      "docs/plans/waves/wave-0.md": lab.waveFile(
        0,
        [
          { id: "W1", args: ["--write", "out/zero.txt=0"] },
          { id: "W2", args: ["--fail-once"] },
        ],
        counter,
      ),
      "docs/plans/waves/wave-1.md": lab.waveFile(1, [{ id: "V1", args: ["--write", "out/one.txt=1"] }], counter),
    });
    const run = (runAttempt: number, jobId: string, wave: string) =>
      runMainOnly(cloneJob(h, origin, { runId, runAttempt, jobId, inputs: { wave, "max-attempts": "1", ...SAME_USER } }));
    const zero = await run(1, "wave-0", "0");
    assert.equal(zero.main.outputs["status"], "failed", explain(zero.main));
    const one = await run(1, "wave-1", "1");
    const realZero = zero.main.outputs["artifact-name"] ?? "";
    const realOne = one.main.outputs["artifact-name"] ?? "";
    assert.ok(realZero && realOne);

    // During attempt 2, before the wave-0 job, an agent replays real states under names that parse
    // and claim no later attempt: wave 1's state as wave 0, and attempt 1's state as attempt 2.
    const agent = h.jobEnv({ runId, runAttempt: 2, jobId: "agent" });
    const otherWave = "wave_main_wave-0_attempt-2_j0badc0d";
    const otherAttempt = "wave_main_wave-0_attempt-2_j0badf0d";
    await uploadWithStolenToken(agent, otherWave, await copyOfArtifact(realOne, runId));
    await uploadWithStolenToken(agent, otherAttempt, await copyOfArtifact(realZero, runId));

    const again = await run(2, "wave-0", "0");
    assert.equal(again.main.outputs["resumed-from"], realZero, explain(again.main));
    const warnings = warningsOf(again.main);
    assert.ok(
      warnings.some((m) => m.includes(otherWave) && /result\.json is for lane main wave 1, but its name says lane main wave 0/.test(m)),
      warnings.join("\n"),
    );
    assert.ok(
      warnings.some((m) => m.includes(otherAttempt) && m.includes(`origin.json says it was uploaded as "${realZero}"`)),
      warnings.join("\n"),
    );
  });

  test("a whole wave's state replayed under a shard's name is refused by the closure job", async () => {
    const runId = 607;
    const counter = lab.newCounter("shard-replay");
    const origin = lab.origin("shard-replay", {
      "docs/plans/waves/wave-0.md": lab.waveFile(0, [{ id: "W1", args: ["--write", "out/one.txt=1"] }], counter),
    });
    const whole = await runMainOnly(cloneJob(h, origin, { runId, runAttempt: 1, jobId: "wave-0", inputs: { wave: "0", ...SAME_USER } }));
    assert.equal(whole.main.outputs["status"], "passed", explain(whole.main));
    // An agent replays the real (whole-wave) state as if it were shard 1 of 1 of the wave.
    const forged = "wave_main_wave-0-shard-1-of-1_attempt-1_j0badc0d";
    await uploadWithStolenToken(
      h.jobEnv({ runId, runAttempt: 1, jobId: "agent" }),
      forged,
      await copyOfArtifact(whole.main.outputs["artifact-name"] ?? "", runId),
    );
    const closure = await runMainOnly(
      cloneJob(h, origin, { runId, runAttempt: 1, jobId: "closure", inputs: { wave: "0", shard: "closure", ...SAME_USER } }),
    );
    assert.equal(closure.main.conclusion, "failure", explain(closure.main));
    assert.ok(
      warningsOf(closure.main).some(
        (m) => m.includes(forged) && /its result\.json is a run of the whole wave, but its name says shard 1\/1/.test(m),
      ),
      warningsOf(closure.main).join("\n"),
    );
    assert.match(explain(closure.main), /no passed shard state of wave 0 in this run/);
  });

  test("an artifact the REST API lists under another workflow run is refused", async () => {
    const counter = lab.newCounter("stray");
    const origin = lab.origin("stray", { "docs/plans/waves/wave-0.md": lab.waveFile(0, [{ id: "W1", args: ["--fail"] }], counter) });
    const inputs = { wave: "0", "max-attempts": "1", ...SAME_USER };
    // A state of run 604, under a name that fits run 603, which the API lists for run 603 as well.
    const elsewhere = await runMainOnly(cloneJob(h, origin, { runId: 604, runAttempt: 1, jobId: "wave", inputs }));
    const stray = "wave_main_wave-0_attempt-1_jffffffff";
    const id = await uploadWithStolenToken(
      h.jobEnv({ runId: 604, jobId: "agent" }),
      stray,
      await copyOfArtifact(elsewhere.main.outputs["artifact-name"] ?? "", 604),
    );
    h.service.showInRunListing(603, id);

    const r = await runMainOnly(cloneJob(h, origin, { runId: 603, runAttempt: 1, jobId: "wave", inputs }));
    assert.equal(r.main.outputs["resumed-from"], "", explain(r.main));
    assert.ok(
      warningsOf(r.main).some((m) => m.includes(stray) && /lists it as an artifact of workflow run 604, not of this run \(603\)/.test(m)),
      warningsOf(r.main).join("\n"),
    );
  });
});

describe("the local state directory", { concurrency: 1 }, () => {
  /** Can this process give a file to another user (root, or passwordless sudo)? */
  const chownAs = (() => {
    if (process.getuid?.() === 0) return (args: string[]) => execFileSync("chown", args);
    try {
      execFileSync("sudo", ["-n", "true"], { stdio: "ignore" });
      return (args: string[]) => execFileSync("sudo", ["-n", "chown", ...args]);
    } catch {
      return null;
    }
  })();

  async function failedOnce(label: string) {
    const repo = await makeEngineRepo(label);
    await writeWave(repo, 1, [implAgent("A1"), implAgent("A2", { failRuns: 1 })]);
    const first = await engineRun(repo, 1, { maxAttempts: 1, agentUser: { kind: "none" } });
    assert.equal(first.result.status, "failed");
    const waveDir = path.join(repo.root, ".wave", "main", "wave-1");
    return { repo, waveDir, attempt1: path.join(waveDir, "attempt-1") };
  }

  /** A copy of attempt-1 that says it is attempt 9 and that A2 succeeded there. */
  async function plantedCopy(attempt1: string, dest: string, options: { resultAttempt?: number } = {}): Promise<void> {
    await fs.cp(attempt1, dest, { recursive: true });
    await editJson(path.join(dest, "progress.json"), (p) => {
      p["attempt"] = 9;
      (p["agents"] as Record<string, Record<string, unknown>>)["A2"]!["status"] = "succeeded";
    });
    await editJson(path.join(dest, "result.json"), (r) => {
      r["attempt"] = options.resultAttempt ?? 9;
    });
  }

  async function resumeAfterPlanting(
    label: string,
    plant: (waveDir: string, attempt1: string) => Promise<void>,
    unplant?: (waveDir: string) => void,
  ) {
    const { repo, waveDir, attempt1 } = await failedOnce(label);
    try {
      await plant(waveDir, attempt1);
      const events: EngineEvent[] = [];
      const { result } = await engineRun(repo, 1, { agentUser: { kind: "none" } }, events);
      const warnings = events.filter((e) => e.type === "warning").map((e) => (e as { message: string }).message);
      return { result, warnings };
    } finally {
      unplant?.(waveDir);
      await repo.cleanup();
    }
  }

  test("an attempt-9 directory owned by another user is not resumed from", {
    skip: chownAs ? false : "needs root or passwordless sudo to give files to another user",
  }, async () => {
    const { result, warnings } = await resumeAfterPlanting(
      "planted-owner",
      async (waveDir, attempt1) => {
        const planted = path.join(waveDir, "attempt-9");
        await plantedCopy(attempt1, planted);
        chownAs!(["-R", "4242:4242", planted]);
      },
      // Given back, so the test can remove it.
      (waveDir) => chownAs!(["-R", `${process.getuid!()}:${process.getgid!()}`, path.join(waveDir, "attempt-9")]),
    );
    assert.equal(result.resumedFrom, path.join("main", "wave-1", "attempt-1"));
    assert.ok(
      warnings.some((m) => /attempt-9/.test(m) && /belongs to uid 4242/.test(m)),
      warnings.join("\n"),
    );
  });

  test("an attempt-9 directory whose result.json says another attempt is not resumed from", async () => {
    const { result, warnings } = await resumeAfterPlanting("planted-result", async (waveDir, attempt1) => {
      await plantedCopy(attempt1, path.join(waveDir, "attempt-9"), { resultAttempt: 1 });
    });
    assert.equal(result.resumedFrom, path.join("main", "wave-1", "attempt-1"));
    assert.ok(
      warnings.some(
        (m) => /attempt-9/.test(m) && /result\.json records lane main wave 1 attempt 1, not lane main wave 1 attempt 9/.test(m),
      ),
      warnings.join("\n"),
    );
  });

  test("an attempt-9 symbolic link to a consistent directory elsewhere is not resumed from", async () => {
    const elsewhere = await fs.mkdtemp(path.join(os.tmpdir(), "wave-planted-"));
    cleanup.add(elsewhere);
    const { result, warnings } = await resumeAfterPlanting("planted-link", async (waveDir, attempt1) => {
      await plantedCopy(attempt1, path.join(elsewhere, "attempt-9"));
      await fs.symlink(path.join(elsewhere, "attempt-9"), path.join(waveDir, "attempt-9"));
    });
    assert.equal(result.resumedFrom, path.join("main", "wave-1", "attempt-1"));
    assert.ok(
      warnings.some((m) => /attempt-9/.test(m) && /symbolic link/.test(m)),
      warnings.join("\n"),
    );
  });
});

describe("the reusable workflow", { concurrency: 1 }, () => {
  const WORKFLOW = path.join(REPO_ROOT, ".github", "workflows", "wave.yml");
  const ORIGINAL_POST = "// the post step as checked out\n";

  async function waveRepo(): Promise<string> {
    const files: Record<string, string> = {
      "action.yml": await fs.readFile(path.join(REPO_ROOT, "action.yml"), "utf8"),
      "dist/cli/index.js": FAKE_CLI,
      "dist/post/index.js": ORIGINAL_POST,
      "dist/package.json": '{ "type": "module" }\n',
    };
    for (const n of [1, 2, 3]) files[`examples/docs/plans/waves/wave-${n}.md`] = `# Wave ${n} - example\n\n## Agent A1: worker\n`;
    return cleanup.add(await makeRepo(files));
  }

  async function runWave(
    scenario: Scenario,
    wrap: (engine: LocalActionHook, store: LocalArtifactStore) => LocalActionHook,
  ): Promise<{ r: WorkflowRunResult; engine: FakeEngine }> {
    const repoDir = await waveRepo();
    const store = new LocalArtifactStore(cleanup.add(await fs.mkdtemp(path.join(os.tmpdir(), "wave-forged-store-"))));
    const engine = new FakeEngine(store, scenario);
    const r = await runWorkflow({
      workflowFile: WORKFLOW,
      event: "workflow_call",
      repoDir,
      repository: "acme/waves",
      runId: 4242,
      inputs: { root: "examples" },
      hooks: { localAction: wrap(engine.hook, store), artifacts: store },
    });
    cleanup.add(r.workDir);
    return { r, engine };
  }

  /** A status artifact as an agent with the runtime token would upload it. */
  async function plantStatus(store: LocalArtifactStore, name: string, files: Record<string, string>): Promise<void> {
    const dir = cleanup.add(await fs.mkdtemp(path.join(os.tmpdir(), "wave-planted-status-")));
    for (const [rel, text] of Object.entries(files)) await fs.writeFile(path.join(dir, rel), text);
    await store.upload({
      name,
      runId: 4242,
      attempt: 1,
      files: Object.keys(files).map((rel) => ({ path: path.join(dir, rel), relative: rel })),
      overwrite: false,
    });
  }

  const record = (name: string, wave: number, attempt: number, round: number) =>
    [
      `name=${name}`,
      `wave=${wave}`,
      `attempt=${attempt}`,
      `round=${round}`,
      "status=passed",
      `state=wave_main_wave-${wave}_attempt-${attempt}_evil`,
      "",
    ].join("\n");

  test("planted status records claiming a later attempt or round do not make triage skip the resume", async () => {
    const later = "wave-status_default_wave-1_attempt-99_r2";
    const laterRound = "wave-status_default_wave-1_attempt-1_r2";
    const { r, engine } = await runWave({ failures: { 1: 1 } }, (hook, store) => async (call) => {
      if (call.phase === "main" && call.inputs["mode"] === "run" && call.inputs["wave"] === "1" && call.job === "wave") {
        // While wave 1 runs (and fails), an agent plants "passed" for it: wave-1.a99.r9 as the
        // records used to be named, and records claiming attempt 99 or round 2 of this attempt.
        await plantStatus(store, later, { status: record(later, 1, 99, 2), "wave-1.a99.r9": "passed\n" });
        await plantStatus(store, laterRound, { status: record(laterRound, 1, 1, 2), "wave-1.a1.r2": "passed\n" });
      }
      return hook(call);
    });
    assert.equal(r.conclusion, "success");
    assert.deepEqual(
      engine.runs.map((x) => [x.wave, x.job, x.status]),
      [
        [1, "wave", "failed"],
        [1, "resume-1", "passed"],
        [2, "resume-1", "passed"],
        [3, "resume-1", "passed"],
      ],
    );
    const triage = r.jobs.find((j) => j.id === "triage-1")!;
    assert.equal(triage.outputs["matrix"], '{"include":[{"wave":1},{"wave":2},{"wave":3}]}');
    const warnings = r.annotations.filter((a) => a.level === "warning" && a.job === "triage-1").map((a) => a.message);
    assert.ok(
      warnings.some((m) => m.includes(later) && /claims run attempt 99 round 2/.test(m)),
      warnings.join("\n"),
    );
    assert.ok(
      warnings.some((m) => m.includes(laterRound) && /claims run attempt 1 round 2/.test(m)),
      warnings.join("\n"),
    );
  });

  test("the post step runs the action as checked out, though an agent rewrote it during the wave", async () => {
    const seen: { wave: string; post: string }[] = [];
    // An agent of wave 2 rewrites the post step's bundle while its run step runs.
    const agentWork = async (call: LocalActionCall) => {
      if (call.inputs["wave"] === "2")
        await fs.writeFile(path.join(call.actionDir, "dist", "post", "index.js"), "// rewritten by an agent\n");
    };
    const { r } = await runWave({ agentWork }, (hook) => async (call) => {
      if (call.inputs["mode"] === "run" && call.phase === "post") {
        seen.push({ wave: call.inputs["wave"] ?? "", post: readFileSync(call.entry, "utf8") });
      }
      return hook(call);
    });
    assert.equal(r.conclusion, "success");
    assert.deepEqual(
      seen.sort((a, b) => a.wave.localeCompare(b.wave)),
      ["1", "2", "3"].map((wave) => ({ wave, post: ORIGINAL_POST })),
    );
    const restored = r.annotations.filter((a) => a.level === "warning" && /files changed while the wave ran/.test(a.message));
    assert.equal(restored.length, 1, JSON.stringify(r.annotations));
    assert.equal(restored[0]!.job, "wave");
    assert.deepEqual(
      r.annotations.filter((a) => a.level === "error"),
      [],
    );
  });
});

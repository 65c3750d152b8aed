/**
 * The action's failure paths end to end on the local Actions runtime: a cancelled or killed main
 * step still leaves an artifact (main or post uploads it) and no agent process behind; a corrupt
 * artifact is skipped by `resume: auto` and refused when named; a resume in a checkout whose HEAD
 * moved applies cleanly (3-way) or is refused with nothing applied.
 */
import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { type ActionsHarness, type NodeActionResult, startActionsHarness } from "../harness/index.js";
import { isAlive } from "../harness/procs.js";
import {
  cloneJob,
  commitAll,
  downloadArtifact,
  explain,
  git,
  Lab,
  runArtifacts,
  pidsIn,
  runJob,
  runMain,
  runMainOnly,
  runPost,
  SOURCE_MAIN,
  waitFor,
} from "./fixtures.js";

let h: ActionsHarness;
const lab = new Lab("failures");

before(async () => {
  h = await startActionsHarness();
});
after(async () => {
  await h?.stop();
  lab.cleanup();
});

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null;
  }
}

/** The action's main step process among the ancestors of `pid`. */
function mainStepOf(pid: number): number {
  for (let p = parentOf(pid); p && p > 1; p = parentOf(p)) {
    const cmdline = readFileSync(`/proc/${p}/cmdline`, "utf8").split("\0");
    if (cmdline.includes(SOURCE_MAIN)) return p;
  }
  throw new Error(`no main step process above ${pid}`);
}

async function resultIn(
  r: NodeActionResult | string,
): Promise<{ status: string; failure: { statusCode: string } | null; agents: { id: string; status: string }[] }> {
  const name = typeof r === "string" ? r : (r.outputs["artifact-name"] ?? "");
  const artifact = h.service.store.all().find((a) => a.name === name && a.finalized);
  assert.ok(artifact, `artifact ${name} exists`);
  const dir = await downloadArtifact(h, artifact);
  return JSON.parse(readFileSync(path.join(dir, "result.json"), "utf8"));
}

const SLEEPERS = (pids: string) => [
  { id: "S1", args: ["--pids", pids, "--write", "s1.txt=one", "--sleep", "120000"] },
  { id: "S2", args: ["--pids", pids, "--sleep", "120000"] },
];

describe("failure paths", { concurrency: 3 }, () => {
  test("a cancelled main step (SIGINT) stops the agents and writes a cancelled state; the post step uploads it under a name main never uses", async () => {
    const runId = 401;
    const pids = path.join(lab.dir, "pids-cancel.txt");
    const origin = lab.origin("cancel", { "docs/plans/waves/wave-0.md": lab.waveFile(0, SLEEPERS(pids)) });
    const ctx = cloneJob(h, origin, { runId, inputs: { wave: "0", "max-attempts": "1" } });
    const controller = new AbortController();
    const running = runMain(ctx, { signal: controller.signal, sigintGraceMs: 60_000 });
    await waitFor("both agents to start", () => pidsIn(pids).length === 2);
    controller.abort(); // the runner's "Cancel workflow": SIGINT to the step
    const main = await running;
    assert.equal(main.conclusion, "cancelled");
    assert.equal(main.signal, null, `the step exited by itself\n${explain(main)}`);
    assert.equal(main.outputs["status"], "cancelled", explain(main));
    // The seconds a cancelled step has left are not spent on an upload that could be cut off.
    assert.equal(main.outputs["artifact-name"] ?? "", "", "main uploads nothing after a cancel");
    assert.match(main.stdout, /the post step uploads it/);
    assert.deepEqual(runArtifacts(h, runId), []);
    // (A few seconds' grace for the kernel to reap them; unstopped, they would sleep for minutes.)
    await waitFor("the agents to be gone", () => !pidsIn(pids).some(isAlive), 10_000);
    const post = await runPost(ctx, main);
    assert.equal(post.conclusion, "success", explain(post));
    const stored = runArtifacts(h, runId).map((a) => a.name);
    assert.equal(stored.length, 1);
    const name = stored[0] ?? "";
    // The post step's own sequence: a create the main step began could not have taken this name.
    assert.match(name, /^wave_main_wave-0_attempt-1_[A-Za-z0-9]+-2$/);
    assert.ok(post.stdout.includes(`uploaded the wave state as ${name}`), post.stdout);
    const result = await resultIn(name);
    assert.equal(result.status, "cancelled");
  });

  test("a killed main step: the post step ends the agents, completes result.json from the journal and uploads", async () => {
    const runId = 402;
    const pids = path.join(lab.dir, "pids-kill.txt");
    const origin = lab.origin("kill", { "docs/plans/waves/wave-0.md": lab.waveFile(0, SLEEPERS(pids)) });
    const ctx = cloneJob(h, origin, { runId, inputs: { wave: "0", "max-attempts": "1" } });
    const running = runMain(ctx);
    await waitFor("both agents to start", () => pidsIn(pids).length === 2);
    // The step's node process dies at once (out of memory, lost runner); its agents live on.
    process.kill(mainStepOf(pidsIn(pids)[0] as number), "SIGKILL");
    const main = await running;
    assert.equal(main.signal, "SIGKILL");
    assert.equal(main.conclusion, "failure");
    assert.equal(main.outputs["artifact-name"], undefined, "main uploaded nothing");
    assert.ok(pidsIn(pids).some(isAlive), "agents outlived the main step");
    assert.deepEqual(runArtifacts(h, runId), []);

    const post = await runPost(ctx, main);
    assert.equal(post.conclusion, "success", explain(post));
    assert.match(post.stdout, /completed .*result\.json from the progress journal/);
    await waitFor("the post step to end the agents", () => !pidsIn(pids).some(isAlive), 10_000);
    const stored = runArtifacts(h, runId);
    assert.equal(stored.length, 1);
    assert.match(stored[0]?.name ?? "", /^wave_main_wave-0_attempt-1_/);
    const result = await resultIn(stored[0]?.name ?? "");
    assert.equal(result.status, "cancelled");
    assert.equal(result.failure?.statusCode, "main-step-ended");
    // The agents that were running are in the result, cut off by the end of the step.
    assert.deepEqual(result.agents.map((a) => `${a.id}:${a.status}`).sort(), ["S1:cancelled", "S2:cancelled"]);
  });

  test("a corrupt newer artifact: resume auto warns and falls back to the older good one; naming it fails the step", async () => {
    const runId = 403;
    const counter = lab.newCounter("corrupt");
    const origin = lab.origin("corrupt", {
      "docs/plans/waves/wave-0.md": lab.waveFile(
        0,
        [
          { id: "K1", args: ["--write", "k1.txt=kept"] },
          { id: "K2", args: ["--fail-once"] },
        ],
        counter,
      ),
    });
    const inputs = { wave: "0", "max-attempts": "1" };
    const first = await runMainOnly(cloneJob(h, origin, { runId, runAttempt: 1, inputs }));
    assert.equal(first.main.outputs["status"], "failed", explain(first.main));
    const good = first.main.outputs["artifact-name"] ?? "";

    // A newer "state" of the same wave that is not a zip at all (a broken upload of another job).
    const ghost = h.service.registerJob({ runId, runAttempt: 2, job: "wave", repository: "octo-org/wave-demo" });
    const garbageName = "wave_main_wave-0_attempt-2_jdeadbeef";
    await h.service.injectArtifact({ job: ghost, name: garbageName, bytes: Buffer.from("this is not a zip file at all\n".repeat(20)) });

    const second = await runMainOnly(cloneJob(h, origin, { runId, runAttempt: 2, inputs }));
    assert.equal(second.main.conclusion, "success", explain(second.main));
    assert.equal(second.main.outputs["resumed-from"], good);
    assert.ok(
      second.main.annotations.some((a) => a.level === "warning" && a.message.includes(garbageName)),
      JSON.stringify(second.main.annotations),
    );
    assert.deepEqual(lab.countIn(counter).by, { K1: 1, K2: 2 });

    const named = cloneJob(h, origin, { runId, runAttempt: 3, inputs: { ...inputs, resume: garbageName } });
    const third = await runJob(named);
    assert.equal(third.main.conclusion, "failure");
    assert.equal(third.main.outputs["status"], "failed");
    const error = third.main.annotations.find((a) => a.level === "error");
    assert.match(error?.message ?? "", new RegExp(`input resume: artifact "${garbageName}" could not be restored`), explain(third.main));
    assert.equal(third.post.conclusion, "success", explain(third.post));
    assert.deepEqual(lab.countIn(counter).by, { K1: 1, K2: 2 }, "no agent ran");
  });

  test("resume in a checkout whose HEAD moved: a conflicting commit is refused untouched, a non-conflicting one applies 3-way", async () => {
    const runId = 404;
    const counter = lab.newCounter("base");
    const shared = `${Array.from({ length: 12 }, (_, i) => `line-${i + 1}`).join("\n")}\n`;
    const origin = lab.origin("base", {
      "shared.txt": shared,
      "docs/plans/waves/wave-0.md": lab.waveFile(
        0,
        [
          { id: "B1", args: ["--replace", "shared.txt=line-5=agent-5"] },
          { id: "B2", args: ["--fail-once"] },
        ],
        counter,
      ),
    });
    const inputs = { wave: "0", "max-attempts": "1" };
    const first = await runMainOnly(cloneJob(h, origin, { runId, runAttempt: 1, inputs }));
    assert.equal(first.main.outputs["status"], "failed", explain(first.main));
    const good = first.main.outputs["artifact-name"] ?? "";

    // Two re-run jobs whose checkouts moved on: one edits the agent's line, one a line nearby.
    const moved = (from: string, to: string) => {
      const ctx = cloneJob(h, origin, { runId, runAttempt: 2, inputs: { ...inputs, resume: good } });
      const file = path.join(ctx.workspace, "shared.txt");
      writeFileSync(file, readFileSync(file, "utf8").replace(from, to));
      commitAll(ctx.workspace, `upstream: ${to}`);
      return ctx;
    };
    const conflicting = moved("line-5", "upstream-5");
    const nearby = moved("line-7", "upstream-7");
    const [refused, applied] = await Promise.all([runJob(conflicting), runMainOnly(nearby)]);

    assert.equal(refused.main.conclusion, "failure");
    const error = refused.main.annotations.find((a) => a.level === "error");
    assert.match(
      error?.message ?? "",
      /the changes were recorded on commit [0-9a-f]{12} but this checkout is [0-9a-f]{12}, and they do not apply: they conflict with it in shared\.txt/,
      explain(refused.main),
    );
    assert.equal(readFileSync(path.join(conflicting.workspace, "shared.txt"), "utf8"), shared.replace("line-5", "upstream-5"));
    assert.equal(git(conflicting.workspace, ["status", "--porcelain"]), "", "nothing was applied");

    assert.equal(applied.main.conclusion, "success", explain(applied.main));
    assert.equal(applied.main.outputs["resumed-from"], good);
    assert.equal(
      readFileSync(path.join(nearby.workspace, "shared.txt"), "utf8"),
      shared.replace("line-5", "agent-5").replace("line-7", "upstream-7"),
    );
    assert.deepEqual(lab.countIn(counter).by, { B1: 1, B2: 2 }, "only the resumable job ran B2 again");
  });
});

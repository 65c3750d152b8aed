/**
 * The action's main step under the one launcher's signal rules (src/engine/launch.ts), as a real
 * process on the local Actions runtime: SIGTERM alone cancels the wave (one warning naming it, the
 * step fails, status cancelled, nothing left running); the runner's whole cancellation sequence
 * with no grace between SIGINT and SIGTERM still ends with the wave cancelled by the first signal
 * and its state written, the other signal only noted.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { type ActionsHarness, startActionsHarness } from "../harness/index.js";
import { isAlive } from "../harness/procs.js";
import { cloneJob, explain, Lab, pidsIn, runMain, SOURCE_MAIN, waitFor } from "./fixtures.js";

let h: ActionsHarness;
const lab = new Lab("main-signals");

before(async () => {
  h = await startActionsHarness();
});
after(async () => {
  await h?.stop();
  lab.cleanup();
});

/** The main step's process: the ancestor of an agent whose command line names the entry. */
function mainStepOf(pid: number): number {
  for (let p = pid; p > 1; ) {
    const stat: string = readFileSync(`/proc/${p}/stat`, "utf8");
    p = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    if (p > 1 && readFileSync(`/proc/${p}/cmdline`, "utf8").split("\0").includes(SOURCE_MAIN)) return p;
  }
  throw new Error(`no main step process above ${pid}`);
}

const SLEEPERS = (pids: string) => [
  { id: "S1", args: ["--pids", pids, "--sleep", "120000"] },
  { id: "S2", args: ["--pids", pids, "--sleep", "120000"] },
];

const warnings = (r: { annotations: { level: string; message: string }[] }) =>
  r.annotations.filter((a) => a.level === "warning").map((a) => a.message);

describe("the main step's signals", { concurrency: 2 }, () => {
  test("SIGTERM alone cancels the wave: one warning naming it, status cancelled, the step fails, no agent left", async () => {
    const pids = path.join(lab.dir, "pids-term.txt");
    const origin = lab.origin("term", { "docs/plans/waves/wave-0.md": lab.waveFile(0, SLEEPERS(pids)) });
    const ctx = cloneJob(h, origin, { runId: 601, inputs: { wave: "0", "max-attempts": "1" } });
    const running = runMain(ctx);
    await waitFor("both agents to start", () => pidsIn(pids).length === 2);
    process.kill(mainStepOf(pidsIn(pids)[0]!), "SIGTERM");
    const main = await running;
    assert.equal(main.signal, null, `the step exited by itself\n${explain(main)}`);
    assert.equal(main.exitCode, 1, explain(main));
    assert.equal(main.outputs["status"], "cancelled", explain(main));
    const cancelling = warnings(main).filter((m) => /cancelling the wave/.test(m));
    assert.deepEqual(cancelling.length, 1, cancelling.join("\n"));
    assert.match(cancelling[0]!, /^received SIGTERM/);
    await waitFor("the agents to be gone", () => !pidsIn(pids).some(isAlive), 10_000);
  });

  test("SIGINT and SIGTERM at once: cancelled by the one that came first, the other only noted, the state written", async () => {
    const pids = path.join(lab.dir, "pids-both.txt");
    const origin = lab.origin("both", { "docs/plans/waves/wave-0.md": lab.waveFile(0, SLEEPERS(pids)) });
    const ctx = cloneJob(h, origin, { runId: 602, inputs: { wave: "0", "max-attempts": "1" } });
    const controller = new AbortController();
    // No grace between the runner's SIGINT and SIGTERM; a long one before it would kill the step.
    const running = runMain(ctx, { signal: controller.signal, sigintGraceMs: 0, sigtermGraceMs: 120_000 });
    await waitFor("both agents to start", () => pidsIn(pids).length === 2);
    controller.abort();
    const main = await running;
    assert.equal(main.signal, null, `the step exited by itself\n${explain(main)}`);
    assert.equal(main.outputs["status"], "cancelled", explain(main));
    const cancelling = warnings(main).filter((m) => /cancelling the wave/.test(m));
    assert.equal(cancelling.length, 1, cancelling.join("\n"));
    // Sent together, either may arrive first: that one cancels, the other is only noted.
    const first = /^received (SIGINT|SIGTERM)/.exec(cancelling[0]!)?.[1];
    assert.ok(first, cancelling[0]);
    assert.match(main.stdout, new RegExp(`received ${first === "SIGINT" ? "SIGTERM" : "SIGINT"}: still cancelling the wave`));
    // The state of the cancelled wave is complete: the post step has it to upload.
    const result = JSON.parse(readFileSync(path.join(main.state["wave-run-dir"] ?? "", "result.json"), "utf8")) as {
      status: string;
    };
    assert.equal(result.status, "cancelled");
    await waitFor("the agents to be gone", () => !pidsIn(pids).some(isAlive), 10_000);
  });
});

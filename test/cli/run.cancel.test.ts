/**
 * Cancelling a running `wave run` with SIGINT (exit 130) or SIGTERM (exit 143): the result is
 * written as cancelled, running agents are recorded as cancelled, and no agent process (nor a
 * child it started) is left running. A second signal does not cut that short (engine/launch.ts):
 * the exit code is still the first one's and the result is still written.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import {
  agentOf,
  CLI_ARGV,
  cliEnv,
  contQaAgent,
  implAgent,
  makeRepo,
  markerOf,
  processesWith,
  readResult,
  writeWave,
} from "../engine/fixture.js";
import { REPO_ROOT } from "../helpers/cli.js";

async function waitFor(what: string, check: () => boolean, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/** Sends `signals` one right after the other; the first decides the exit code. */
async function cancelWith(signal: "SIGINT" | "SIGTERM", expectedCode: number, then: ("SIGINT" | "SIGTERM")[] = []): Promise<void> {
  const repo = await makeRepo(`cancel-${signal.toLowerCase()}`);
  try {
    await writeWave(repo, 1, [
      implAgent("A1", { child: true, sleepMs: 120_000, heartbeatMs: 500 }),
      implAgent("A2", { child: true, silentMs: 120_000 }),
      contQaAgent(1),
    ]);
    const [bin, ...pre] = CLI_ARGV as [string, ...string[]];
    const child = spawn(bin, [...pre, "run", "--wave", "1", "--agent-user", "none", "--root", repo.root], {
      cwd: REPO_ROOT,
      env: cliEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
    const marker = markerOf(repo);
    // Two agents and their two children.
    await waitFor("the agents and their children", () => processesWith(marker).length >= 4);
    child.kill(signal);
    if (then.length > 0) {
      // Signals sent together may arrive in any order: the next ones go once the first is taken.
      await waitFor("the cancellation to start", () => out.includes(`wave: ${signal}: cancelling the wave`));
      for (const next of then) child.kill(next);
    }
    const code = await exited;
    assert.equal(code, expectedCode, out);
    const result = readResult(repo, 1, 1);
    assert.equal(result.status, "cancelled");
    assert.equal(agentOf(result, "A1").status, "cancelled");
    assert.equal(agentOf(result, "A2").status, "cancelled");
    assert.equal(agentOf(result, "A0").status, "not-run");
    assert.ok(result.failure, "the failure records the cancellation");
    assert.deepEqual(processesWith(marker), [], "nothing left running");
  } finally {
    await repo.cleanup();
  }
}

describe("cancellation", { concurrency: true }, () => {
  test("SIGINT cancels the run: exit 130, result cancelled, agents killed", () => cancelWith("SIGINT", 130));
  test("SIGTERM cancels the run: exit 143", () => cancelWith("SIGTERM", 143));
  test("SIGTERM and SIGINT while a SIGINT cancels the run: exit 130, the result still written, nothing left running", () =>
    cancelWith("SIGINT", 130, ["SIGTERM", "SIGINT"]));
});

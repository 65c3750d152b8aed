/**
 * Following a running wave from other processes: `wave wait` blocks until the run (found through
 * its lock) ends and exits with its result's code; `wave status --watch` redraws as the run
 * records progress and ends cleanly at Ctrl-C. Every wait here is on an event (a file, a line of
 * output, a process exit), never on a duration.
 */
import assert from "node:assert/strict";
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { CLI_ARGV, cliEnv, contQaAgent, implAgent, makeRepo, type TestRepo, wave, writeWave } from "../engine/fixture.js";
import { REPO_ROOT } from "../helpers/cli.js";

interface Running {
  child: ChildProcess;
  out: { stdout: string; stderr: string };
  exited: Promise<number | null>;
}

function start(repo: TestRepo, args: string[]): Running {
  const [bin, ...pre] = CLI_ARGV as [string, ...string[]];
  const child = spawn(bin, [...pre, ...args, "--root", repo.root], { cwd: REPO_ROOT, env: cliEnv(), stdio: ["ignore", "pipe", "pipe"] });
  const out = { stdout: "", stderr: "" };
  child.stdout!.on("data", (d) => (out.stdout += d));
  child.stderr!.on("data", (d) => (out.stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  return { child, out, exited };
}

/** Polls `check` until it holds; the generous limit only turns a hang into a failure. */
async function until(what: string, check: () => boolean, show: () => string = () => ""): Promise<void> {
  const limit = Date.now() + 120_000;
  while (!check()) {
    if (Date.now() > limit) throw new Error(`never happened: ${what}\n${show()}`);
    await sleep(50);
  }
}

describe("wave wait and wave status --watch", () => {
  test("wait blocks until the running wave ends and exits with its code; watch follows it", async () => {
    const repo = await makeRepo("wait");
    const go = path.join(repo.ext, "go");
    let run: Running | undefined;
    const others: Running[] = [];
    try {
      await writeWave(repo, 1, [implAgent("A1", { waitFile: go }), contQaAgent(1)]);
      await writeWave(repo, 2, [implAgent("A1", { exitCode: 1, print: [] }), contQaAgent(2)]);

      const nothing = await wave(repo, ["wait", "--wave", "1"]);
      assert.equal(nothing.code, 2);
      assert.match(nothing.stderr, /wave 1 \(lane main\) is not running and has no recorded result/);

      run = start(repo, ["run", "--wave", "1", "--agent-user", "none"]);
      const lock = path.join(repo.root, ".wave", "main", "wave-1", "run.lock");
      const started = path.join(repo.root, ".wave", "main", "wave-1", "attempt-1", "progress.json");
      await until("the run holds its lock and wrote its journal", () => existsSync(lock) && existsSync(started));

      const impatient = await wave(repo, ["wait", "--wave", "1", "--timeout-minutes", "0.01"]);
      assert.equal(impatient.code, 124, impatient.stderr);
      assert.match(impatient.stderr, /still running after 0\.01 minute/);

      const waiter = start(repo, ["wait", "--wave", "1"]);
      const watcher = start(repo, ["status", "--wave", "1", "--watch"]);
      others.push(waiter, watcher);
      await until("the waiter found the run", () => waiter.out.stderr.includes("waiting for wave 1 (lane main; pid"));
      await until(
        "the watcher drew the running wave",
        () => /attempt 1: running/.test(watcher.out.stdout),
        () => watcher.out.stdout + watcher.out.stderr,
      );
      assert.match(watcher.out.stdout, /No agent has finished yet/);

      writeFileSync(go, "go\n");
      assert.equal(await run.exited, 0, run.out.stdout + run.out.stderr);
      assert.equal(await waiter.exited, 0, waiter.out.stderr);
      assert.match(waiter.out.stdout, /passed/);
      assert.match(waiter.out.stdout, /Result: .*attempt-1.result\.json/);

      // The result's table (titles, e.g. cont-QA) once the run let go of its lock.
      await until("the watcher drew the result", () =>
        /A0\s+cont-QA[\s\S]*not running — Ctrl-C to stop watching\n$/.test(watcher.out.stdout),
      );
      watcher.child.kill("SIGINT");
      assert.equal(await watcher.exited, 130, watcher.out.stderr);
      assert.equal(watcher.out.stderr, "", "Ctrl-C ends the watch without an error");

      // Not running any more: the recorded result answers at once.
      const after = await wave(repo, ["wait", "--wave", "1", "--json"]);
      assert.equal(after.code, 0, after.stderr);
      assert.match(after.stderr, /wave 1 is not running; its latest result/);
      assert.equal(JSON.parse(after.stdout).status, "passed");

      const failed = await wave(repo, ["run", "--wave", "2", "--max-attempts", "1"]);
      assert.equal(failed.code, 1);
      const waitFailed = await wave(repo, ["wait", "--wave", "2"]);
      assert.equal(waitFailed.code, 1, waitFailed.stderr);
      assert.match(waitFailed.stdout, /failed/);
    } finally {
      for (const o of others) if (o.child.exitCode === null) o.child.kill("SIGKILL");
      if (run && run.child.exitCode === null) {
        writeFileSync(go, "go\n");
        await run.exited;
      }
      await repo.cleanup();
    }
  });
});

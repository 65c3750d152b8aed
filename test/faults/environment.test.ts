/**
 * Faults of the environment: a rate-limit storm, a missing executor program, a state directory
 * that cannot be written, and a disk that fills up while an agent's log is written.
 *
 * Rate limits: the `command` executor never retries on a rate limit (its LaunchSpec has
 * rateLimitRetries false — an arbitrary program's "429" text is not a vendor's rate limit), so the
 * storm goes through codex-shaped agents: `### Executor` `id: codex` with `codex.command` pointing at
 * the scriptable agent, which gets the real codex argv appended (ignored after `--vendor`).
 *
 * The read-only and full disks are tmpfs mounts, so those cases need root (they are skipped
 * otherwise, except the read-only one, which uses a 0555 directory for other users).
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import {
  agentOf,
  assertLinesLogged,
  assertNoSurvivors,
  assertStateIntact,
  attemptDir,
  attempts,
  cli,
  faultRepo,
  readLog,
  readResult,
  records,
  runArgs,
  startsById,
  statuses,
} from "./helpers.js";

const FAST_BACKOFF = ["--rate-limit-base-delay-seconds", "0.05", "--rate-limit-max-delay-seconds", "0.2"];
const isRoot = process.getuid?.() === 0;

function tryMount(dir: string, options: string): boolean {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", dir], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

function unmount(dir: string): void {
  try {
    execFileSync("umount", [dir], { stdio: "ignore" });
  } catch {
    // not mounted
  }
}

function agentStatusFile(dir: string, id: string): { rateLimited: number; retryDelaysMs: number[]; runs: number } {
  return JSON.parse(readFileSync(path.join(dir, "agents", id, "status.json"), "utf8"));
}

test("rate-limit storm: every agent gets 429 twice, retries with backoff and the wave passes", async () => {
  const repo = faultRepo();
  try {
    const ids = ["R1", "R2", "R3", "R4"];
    repo.writeWave(
      8,
      ids.map((id) => ({
        id,
        executor: ["id: codex", `codex.command: ${repo.agent("--lines", "4", "--fault-runs", "2", "--rate-limit", "--vendor")}`],
      })),
    );
    const res = await cli(runArgs(repo, 8, "--rate-limit-retries", "2", ...FAST_BACKOFF));
    assert.equal(res.code, 0, res.stdout + res.stderr);
    const r = readResult(repo, 8, 1);
    assert.equal(r.status, "passed");
    for (const id of ids) {
      const a = agentOf(r, id);
      assert.equal(a.status, "succeeded");
      assert.equal(a.runs, 3, `${id} runs`);
      assert.equal(a.attempts, 1);
      const status = agentStatusFile(attemptDir(repo, 8, 1), id);
      assert.equal(status.rateLimited, 2);
      assert.equal(status.retryDelaysMs.length, 2);
      // base 50 ms then 100 ms, each plus at most 20 % jitter, never above the 200 ms cap (+ jitter)
      assert.ok(status.retryDelaysMs[0]! >= 50 && status.retryDelaysMs[0]! <= 60, `first delay ${status.retryDelaysMs[0]}`);
      assert.ok(status.retryDelaysMs[1]! >= 100 && status.retryDelaysMs[1]! <= 120, `second delay ${status.retryDelaysMs[1]}`);
      const log = readLog(repo, 8, 1, id);
      assert.equal(log.match(/^Error: unexpected status 429 Too Many Requests/gm)?.length, 2);
      for (const run of [1, 2, 3]) assertLinesLogged(log, repo, id, run, 4);
    }
    assert.deepEqual(startsById(repo), { R1: 3, R2: 3, R3: 3, R4: 3 });
    await assertNoSurvivors(repo.mark);
  } finally {
    repo.cleanup();
  }
});

test("rate limits beyond the retries fail as rate-limited; a command agent is never retried; resume passes", async () => {
  const repo = faultRepo();
  try {
    repo.writeWave(9, [
      {
        id: "R1",
        executor: ["id: codex", `codex.command: ${repo.agent("--lines", "3", "--fault-runs", "2", "--rate-limit", "--vendor")}`],
      },
      {
        id: "R2",
        executor: ["id: codex", `codex.command: ${repo.agent("--lines", "3", "--fault-runs", "2", "--rate-limit", "--vendor")}`],
      },
      { id: "C1", executor: ["id: command", `command: ${repo.agent("--lines", "3", "--fault-runs", "1", "--rate-limit")}`] },
    ]);
    const first = await cli(runArgs(repo, 9, "--rate-limit-retries", "1", ...FAST_BACKOFF));
    assert.equal(first.code, 1, first.stderr);
    const r1 = readResult(repo, 9, 1);
    assert.deepEqual(statuses(r1), { R1: "failed", R2: "failed", C1: "failed" });
    for (const id of ["R1", "R2"]) {
      assert.equal(agentOf(r1, id).statusCode, "rate-limited");
      assert.equal(agentOf(r1, id).runs, 2);
    }
    assert.equal(agentOf(r1, "C1").statusCode, "1");
    assert.equal(agentOf(r1, "C1").runs, 1, "the command executor does not retry on a rate limit");
    assert.match(r1.failure?.detail ?? "", /rate limit persisted after 2 run\(s\)/);

    const second = await cli(runArgs(repo, 9, "--rate-limit-retries", "2", ...FAST_BACKOFF));
    assert.equal(second.code, 0, second.stdout + second.stderr);
    const r2 = readResult(repo, 9, 2);
    assert.deepEqual(statuses(r2), { R1: "succeeded", R2: "succeeded", C1: "succeeded" });
    assert.equal(agentOf(r2, "R1").runs, 1);
    assert.deepEqual(startsById(repo), { R1: 3, R2: 3, C1: 2 });
  } finally {
    repo.cleanup();
  }
});

test("a missing executor program: exit 2 with one message naming every missing program, no agent started", async () => {
  const repo = faultRepo();
  try {
    repo.writeWave(10, [
      { id: "M1", executor: ["id: command", "command: /nonexistent/wave-faults/agent-bin --flag"] },
      { id: "M2", executor: ["id: codex", `codex.command: wave-missing-codex-${repo.mark}`] },
      { id: "M3", executor: ["id: command", `command: ${repo.agent("--lines", "2")}`] },
    ]);
    const res = await cli(runArgs(repo, 10));
    assert.equal(res.code, 2, res.stdout + res.stderr);
    assert.equal(res.stderr.match(/wave run:/g)?.length, 1, res.stderr);
    assert.match(res.stderr, /^wave run: 2 agent\(s\) have no executor that can start: M1 \(command\), M2 \(codex\)/);
    assert.match(res.stderr, /"\/nonexistent\/wave-faults\/agent-bin"/);
    assert.match(res.stderr, new RegExp(`"wave-missing-codex-${repo.mark}"`));
    assert.doesNotMatch(res.stderr, /\n\s+at |internal error/);
    assert.deepEqual(records(repo), [], "no agent may start when any executor is missing");
    const r = readResult(repo, 10, 1);
    assert.equal(r.status, "failed");
    assert.equal(r.failure?.statusCode, "executor-missing");
    assert.deepEqual(statuses(r), { M1: "not-run", M2: "not-run", M3: "not-run" });
  } finally {
    repo.cleanup();
  }
});

test("an unwritable state directory: exit 2 with a clear message, no agent started", async (t) => {
  const repo = faultRepo();
  const stateDir = mkdtempSync(path.join(os.tmpdir(), "wave-faults-ro-"));
  let mounted = false;
  try {
    if (isRoot) {
      mounted = tryMount(stateDir, "ro,size=64k");
      if (!mounted) {
        t.skip("running as root and a read-only tmpfs cannot be mounted here");
        return;
      }
    } else {
      chmodSync(stateDir, 0o555);
    }
    repo.writeWave(11, [{ id: "U1", executor: ["id: command", `command: ${repo.agent("--lines", "2")}`] }]);
    const res = await cli(runArgs(repo, 11, "--state-dir", stateDir));
    assert.equal(res.code, 2, res.stdout + res.stderr);
    assert.equal(res.stderr.trim().split("\n").length, 1, res.stderr);
    // (Node's recursive mkdir reports a read-only file system as ENOENT.)
    assert.match(res.stderr, new RegExp(`^wave run: the state directory ${stateDir} is not writable \\(.*(EROFS|EACCES|ENOENT)`));
    assert.deepEqual(records(repo), []);
  } finally {
    if (mounted) unmount(stateDir);
    else chmodSync(stateDir, 0o755);
    rmSync(stateDir, { recursive: true, force: true });
    repo.cleanup();
  }
});

test("disk full while an agent's log is written: exit 2 naming the file, no hang, nothing corrupt; resume passes once there is space", async (t) => {
  if (!isRoot) {
    t.skip("needs root to mount a small tmpfs as the state directory");
    return;
  }
  const repo = faultRepo();
  mkdirSync(repo.stateDir);
  if (!tryMount(repo.stateDir, "size=2m")) {
    repo.cleanup();
    t.skip("a tmpfs cannot be mounted here");
    return;
  }
  try {
    repo.writeWave(12, [
      { id: "D1", executor: ["id: command", `command: ${repo.agent("--lines", "10")}`] },
      { id: "D2", executor: ["id: command", `command: ${repo.agent("--lines", "10", "--bytes", String(8 << 20))}`] },
    ]);
    // (A hang here — the log sink waiting for a drain that a failed stream never emits — would hit
    // this limit.) result.json cannot be written on a full disk; the failure is the exit status.
    const res = await cli(runArgs(repo, 12), { limitMs: 90_000 });
    assert.equal(res.code, 2, res.stdout + res.stderr);
    assert.match(res.stderr, /^wave run: cannot write \S+: ENOSPC: no space left on device/);
    assert.equal(res.stderr.trim().split("\n").length, 1, res.stderr);
    await assertNoSurvivors(repo.mark);
    // Atomic writes: no half-written JSON, no temp files; the journal still reads.
    assertStateIntact(attemptDir(repo, 12, 1));
    assert.ok(existsSync(path.join(attemptDir(repo, 12, 1), "progress.json")));
    assertLinesLogged(readLog(repo, 12, 1, "D2"), repo, "D2", 1, 10);

    execFileSync("mount", ["-o", "remount,size=64m", repo.stateDir]);
    const second = await cli(runArgs(repo, 12));
    assert.equal(second.code, 0, second.stdout + second.stderr);
    const r2 = readResult(repo, 12, 2);
    assert.equal(r2.status, "passed");
    assert.equal(agentOf(r2, "D2").status, "succeeded");
    assert.equal(startsById(repo).D2, 2);
    assert.deepEqual(attempts(repo, 12), [1, 2]);
  } finally {
    unmount(repo.stateDir);
    repo.cleanup();
  }
});

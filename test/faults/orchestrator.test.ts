/**
 * Faults of the orchestrator itself: `wave run` killed with SIGKILL mid-wave (a later run resumes
 * from progress.json and reruns only what had not finished), SIGTERM/SIGINT mid-wave and during
 * the closure sweep (exit 143/130, result `cancelled`), two runs of one wave at once, and a stale
 * lock left by a dead process.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { ProgressSchema } from "../../src/state/progress.js";
import {
  agentOf,
  assertLinesLogged,
  assertNoSurvivors,
  assertStateIntact,
  attemptDir,
  attempts,
  cli,
  type FaultRepo,
  faultRepo,
  logIncludes,
  processesWith,
  readLog,
  readResult,
  records,
  runArgs,
  startCli,
  startsById,
  statuses,
  waitFor,
  waveDir,
} from "./helpers.js";

function progressOf(repo: FaultRepo, wave: number, attempt: number) {
  return ProgressSchema.parse(JSON.parse(readFileSync(path.join(attemptDir(repo, wave, attempt), "progress.json"), "utf8")));
}

function started(repo: FaultRepo, id: string): boolean {
  return records(repo).some((r) => r.what === "start" && r.id === id);
}

test("SIGKILL of the orchestrator mid-wave: the next run resumes from progress.json, reruns only unfinished agents and stops the orphans", async () => {
  const repo = faultRepo();
  try {
    repo.writeWave(3, [
      { id: "K1", executor: ["id: command", `command: ${repo.agent("--lines", "12")}`] },
      { id: "K2", executor: ["id: command", `command: ${repo.agent("--lines", "12")}`] },
      { id: "K3", executor: ["id: command", `command: ${repo.agent("--lines", "12", "--fault-runs", "1", "--idle")}`] },
      { id: "K4", executor: ["id: command", `command: ${repo.agent("--lines", "12", "--fault-runs", "1", "--hang")}`] },
    ]);
    const run = startCli(runArgs(repo, 3));
    let exited: string | null = null;
    void run.done.then(
      (r) => (exited = `exit ${r.code ?? r.signal}`),
      (e: unknown) => (exited = String(e)),
    );
    try {
      await waitFor(() => {
        if (exited !== null) throw new Error(`the first run ended (${exited}) before K1 and K2 were recorded`);
        if (!started(repo, "K3") || !started(repo, "K4")) return false;
        if (!existsSync(path.join(attemptDir(repo, 3, 1), "progress.json"))) return false;
        const p = progressOf(repo, 3, 1);
        return p.agents.K1?.status === "succeeded" && p.agents.K2?.status === "succeeded";
      }, "K1 and K2 recorded as succeeded while K3 and K4 run");
    } catch (error) {
      // What the run and its journal said, before the orchestrator is stopped and the repository removed.
      run.child.kill("SIGKILL");
      await run.done.catch(() => undefined);
      const journal = existsSync(path.join(attemptDir(repo, 3, 1), "progress.json"))
        ? JSON.stringify(progressOf(repo, 3, 1).agents)
        : "no progress.json";
      throw new Error(
        `${(error as Error).message}; agents started: ${JSON.stringify(startsById(repo))}; journal: ${journal}; output: ${run.output()}`,
      );
    }
    run.child.kill("SIGKILL");
    const killed = await run.done;
    assert.equal(killed.signal, "SIGKILL");
    assert.equal(existsSync(path.join(attemptDir(repo, 3, 1), "result.json")), false, "a SIGKILLed run cannot write its result");
    assertStateIntact(attemptDir(repo, 3, 1));
    const journal = progressOf(repo, 3, 1);
    assert.equal(journal.phase, "implementation");
    assert.ok(existsSync(path.join(waveDir(repo, 3), "run.lock")), "the dead run's lock is left behind");
    // Orphans outlive their orchestrator (K4 may die of EPIPE on its next heartbeat; the silent K3
    // does not) until the next run of the wave stops them.
    assert.ok(processesWith(repo.mark).length >= 1, "K3 should still be running");

    const second = await cli(runArgs(repo, 3));
    assert.equal(second.code, 0, second.stdout + second.stderr);
    assert.match(second.stdout, /warning: stopped \d+ agent process\(es\) left running by an earlier run of this wave/);
    const r2 = readResult(repo, 3, 2);
    assert.equal(r2.status, "passed");
    assert.equal(r2.resumedFrom, path.join("main", "wave-3", "attempt-1"));
    assert.deepEqual(statuses(r2), { K1: "reused", K2: "reused", K3: "succeeded", K4: "succeeded" });
    assert.deepEqual(startsById(repo), { K1: 1, K2: 1, K3: 2, K4: 2 });
    assert.equal(agentOf(r2, "K3").runs, 1);
    // Finished agents' logs are complete, in the dead attempt and in the resumed one (carried over).
    for (const id of ["K1", "K2"]) {
      assertLinesLogged(readLog(repo, 3, 1, id), repo, id, 1, 12);
      assertLinesLogged(readLog(repo, 3, 2, id), repo, id, 1, 12);
    }
    for (const id of ["K3", "K4"]) assertLinesLogged(readLog(repo, 3, 2, id), repo, id, 2, 12);
    assert.equal(existsSync(path.join(waveDir(repo, 3), "run.lock")), false);
    await assertNoSurvivors(repo.mark);
  } finally {
    repo.cleanup();
  }
});

for (const [signal, code] of [
  ["SIGTERM", 143],
  ["SIGINT", 130],
] as const) {
  test(`${signal} mid-wave: exit ${code}, result cancelled, nothing left running; resume passes`, async () => {
    const repo = faultRepo();
    try {
      repo.writeWave(4, [
        { id: "C1", executor: ["id: command", `command: ${repo.agent("--lines", "9")}`] },
        { id: "C2", executor: ["id: command", `command: ${repo.agent("--lines", "9", "--fault-runs", "1", "--hang")}`] },
        { id: "C3", executor: ["id: command", `command: ${repo.agent("--lines", "9", "--fault-runs", "1", "--tree")}`] },
      ]);
      const run = startCli(runArgs(repo, 4));
      await waitFor(
        () => records(repo).some((r) => r.id === "C1" && r.what === "end") && existsSync(path.join(repo.agentState, "C3.tree")),
        "C1 done, C2 and C3 running",
      );
      // Let C1's completion reach the journal and C2 print its lines before the signal.
      await waitFor(() => progressOf(repo, 4, 1).agents.C1?.status === "succeeded", "C1 in the journal");
      await waitFor(() => logIncludes(repo, 4, 1, "C2", "heartbeat"), "C2 heartbeat");
      run.child.kill(signal);
      const res = await run.done;
      assert.equal(res.code, code, res.stderr);
      const r1 = readResult(repo, 4, 1);
      assert.equal(r1.status, "cancelled");
      assert.deepEqual(statuses(r1), { C1: "succeeded", C2: "cancelled", C3: "cancelled" });
      assert.equal(r1.failure?.statusCode, "cancelled");
      for (const id of ["C1", "C2", "C3"]) assertLinesLogged(readLog(repo, 4, 1, id), repo, id, 1, 9);
      await assertNoSurvivors(repo.mark);
      assertStateIntact(attemptDir(repo, 4, 1));

      const second = await cli(runArgs(repo, 4));
      assert.equal(second.code, 0, second.stdout + second.stderr);
      assert.deepEqual(statuses(readResult(repo, 4, 2)), { C1: "reused", C2: "succeeded", C3: "succeeded" });
      assert.deepEqual(startsById(repo), { C1: 1, C2: 2, C3: 2 });
      await assertNoSurvivors(repo.mark);
    } finally {
      repo.cleanup();
    }
  });
}

test("SIGINT during the closure sweep: exit 130, implementation kept, the closure agent cancelled; resume runs only the closure agent", async () => {
  const repo = faultRepo();
  try {
    const integration = "[wave-integration] state=ready-for-doc-closure claims=0 conflicts=0 blockers=0 detail=fault suite";
    repo.writeWave(5, [
      { id: "I1", executor: ["id: command", `command: ${repo.agent("--lines", "5")}`] },
      {
        id: "A8",
        title: "Integration steward",
        executor: ["id: command", `command: ${repo.agent("--lines", "5", "--fault-runs", "1", "--hang", "--say", integration)}`],
      },
    ]);
    const run = startCli(runArgs(repo, 5));
    await waitFor(() => started(repo, "A8"), "the integration steward to start");
    await waitFor(() => logIncludes(repo, 5, 1, "A8", "heartbeat"), "A8 heartbeat");
    assert.equal(progressOf(repo, 5, 1).phase, "closure");
    run.child.kill("SIGINT");
    const res = await run.done;
    assert.equal(res.code, 130, res.stderr);
    const r1 = readResult(repo, 5, 1);
    assert.equal(r1.status, "cancelled");
    assert.deepEqual(statuses(r1), { I1: "succeeded", A8: "cancelled" });
    assert.ok(r1.gates.some((g) => g.stage === "implementation" && g.agentId === "I1" && g.ok));
    assert.equal(
      r1.gates.some((g) => g.stage === "integration" && !g.skipped && g.ok),
      false,
    );
    assertLinesLogged(readLog(repo, 5, 1, "A8"), repo, "A8", 1, 5);
    await assertNoSurvivors(repo.mark);

    const second = await cli(runArgs(repo, 5));
    assert.equal(second.code, 0, second.stdout + second.stderr);
    const r2 = readResult(repo, 5, 2);
    assert.deepEqual(statuses(r2), { I1: "reused", A8: "succeeded" });
    assert.ok(r2.gates.some((g) => g.stage === "integration" && g.agentId === "A8" && g.ok));
    assert.deepEqual(startsById(repo), { I1: 1, A8: 2 });
  } finally {
    repo.cleanup();
  }
});

test("two runs of one wave at once: the second refuses (exit 2, one clear message), the first completes untouched", async () => {
  const repo = faultRepo();
  try {
    const go = path.join(repo.agentState, "go");
    repo.writeWave(6, [{ id: "L1", executor: ["id: command", `command: ${repo.agent("--lines", "4", "--wait-file", go)}`] }]);
    const first = startCli(runArgs(repo, 6));
    await waitFor(() => started(repo, "L1"), "the first run's agent");
    const lock = readFileSync(path.join(waveDir(repo, 6), "run.lock"), "utf8");
    const second = await cli(runArgs(repo, 6));
    assert.equal(second.code, 2);
    assert.match(second.stderr, /^wave run: another wave run is active on this wave \(pid \d+/);
    assert.equal(second.stderr.trim().split("\n").length, 1, second.stderr);
    assert.doesNotMatch(second.stderr, /\n\s+at /, "no stack trace");
    assert.equal(readFileSync(path.join(waveDir(repo, 6), "run.lock"), "utf8"), lock, "the lock is not touched");
    assert.deepEqual(attempts(repo, 6), [1], "the refused run creates no attempt");
    writeFileSync(go, "");
    const res = await first.done;
    assert.equal(res.code, 0, res.stderr);
    assert.equal(readResult(repo, 6, 1).status, "passed");
    assert.deepEqual(startsById(repo), { L1: 1 });
    assertStateIntact(attemptDir(repo, 6, 1));
    assert.equal(existsSync(path.join(waveDir(repo, 6), "run.lock")), false);
  } finally {
    repo.cleanup();
  }
});

test("a stale lock (dead pid, or unreadable and old) is recovered", async () => {
  const repo = faultRepo();
  try {
    repo.writeWave(7, [{ id: "S1", executor: ["id: command", `command: ${repo.agent("--lines", "2")}`] }]);
    const dead = spawnSync(process.execPath, ["-e", "process.pid"]).pid;
    assert.ok(dead > 0);
    const lockFile = path.join(waveDir(repo, 7), "run.lock");
    mkdirSync(waveDir(repo, 7), { recursive: true });
    writeFileSync(
      lockFile,
      `${JSON.stringify({ pid: dead, hostname: os.hostname(), startedAt: "2020-01-01T00:00:00Z", command: "wave run" })}\n`,
    );
    const first = await cli(runArgs(repo, 7));
    assert.equal(first.code, 0, first.stdout + first.stderr);
    assert.equal(existsSync(lockFile), false);

    // A lock truncated by a crash mid-write, older than a few seconds.
    writeFileSync(lockFile, '{"pid": 12');
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockFile, old, old);
    const second = await cli(runArgs(repo, 7, "--resume", "never"));
    assert.equal(second.code, 0, second.stdout + second.stderr);
    assert.equal(existsSync(lockFile), false);
    assert.deepEqual(attempts(repo, 7), [1, 2]);
  } finally {
    repo.cleanup();
  }
});

/**
 * Agent faults, end to end through `wave run`: crashes (non-zero exit, killed by a signal), a hang
 * reaching the deadline, an idle hang reaching the idle timeout, and a process tree with a
 * grandchild and a `setsid` escapee. Each run must record the right statuses in a valid result.json,
 * keep every line printed before the fault, leave no process behind, and resume to a pass.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import {
  agentOf,
  assertLinesLogged,
  assertNoSurvivors,
  attempts,
  cli,
  faultRepo,
  readLog,
  readResult,
  runArgs,
  startsById,
  statuses,
} from "./helpers.js";

test("crashed agents (exit 3, SIGKILL, SIGSEGV) fail the wave; resume reruns only them", async () => {
  const repo = faultRepo();
  try {
    repo.writeWave(1, [
      { id: "A1", executor: ["id: command", `command: ${repo.agent("--lines", "20")}`] },
      { id: "A2", executor: ["id: command", `command: ${repo.agent("--lines", "20", "--fault-runs", "1", "--exit", "3")}`] },
      { id: "A3", executor: ["id: command", `command: ${repo.agent("--lines", "20", "--fault-runs", "1", "--signal", "SIGKILL")}`] },
      { id: "A4", executor: ["id: command", `command: ${repo.agent("--lines", "20", "--fault-runs", "1", "--signal", "SIGSEGV")}`] },
    ]);
    const first = await cli(runArgs(repo, 1));
    assert.equal(first.code, 1, first.stderr);
    const r1 = readResult(repo, 1, 1);
    assert.equal(r1.status, "failed");
    assert.deepEqual(statuses(r1), { A1: "succeeded", A2: "failed", A3: "failed", A4: "failed" });
    assert.equal(agentOf(r1, "A2").exitCode, 3);
    assert.equal(agentOf(r1, "A3").exitCode, null);
    assert.equal(agentOf(r1, "A3").signal, "SIGKILL");
    assert.equal(agentOf(r1, "A4").signal, "SIGSEGV");
    assert.equal(r1.failure?.agentId, "A2");
    assert.equal(r1.failure?.stage, "implementation");
    for (const id of ["A1", "A2", "A3", "A4"]) assertLinesLogged(readLog(repo, 1, 1, id), repo, id, 1, 20);
    await assertNoSurvivors(repo.mark);

    const second = await cli(runArgs(repo, 1));
    assert.equal(second.code, 0, second.stdout + second.stderr);
    const r2 = readResult(repo, 1, 2);
    assert.equal(r2.status, "passed");
    assert.equal(r2.resumedFrom, path.join("main", "wave-1", "attempt-1"));
    assert.deepEqual(statuses(r2), { A1: "reused", A2: "succeeded", A3: "succeeded", A4: "succeeded" });
    assert.deepEqual(startsById(repo), { A1: 1, A2: 2, A3: 2, A4: 2 });
    for (const id of ["A2", "A3", "A4"]) assertLinesLogged(readLog(repo, 1, 2, id), repo, id, 2, 20);
    await assertNoSurvivors(repo.mark);
  } finally {
    repo.cleanup();
  }
});

test("a hang hits the deadline, a silent hang the idle timeout, and a process tree with a setsid escapee dies with its agent", async () => {
  const repo = faultRepo();
  try {
    repo.writeWave(2, [
      { id: "H1", title: "Busy hang", executor: ["id: command", `command: ${repo.agent("--lines", "7", "--fault-runs", "1", "--hang")}`] },
      {
        id: "H2",
        title: "Silent hang",
        executor: ["id: command", `command: ${repo.agent("--lines", "7", "--fault-runs", "1", "--idle")}`],
      },
      {
        id: "H3",
        title: "Process tree",
        executor: ["id: command", `command: ${repo.agent("--lines", "7", "--fault-runs", "1", "--tree")}`],
      },
      { id: "H4", title: "Quick", executor: ["id: command", `command: ${repo.agent("--lines", "7")}`] },
    ]);
    const limits = ["--timeout-minutes", "0.1", "--idle-timeout-minutes", "0.04"];
    const first = await cli(runArgs(repo, 2, ...limits));
    assert.equal(first.code, 1, first.stderr);
    const r1 = readResult(repo, 2, 1);
    assert.equal(r1.status, "failed");
    assert.deepEqual(statuses(r1), { H1: "timed-out", H2: "idle-timeout", H3: "timed-out", H4: "succeeded" });
    assert.equal(agentOf(r1, "H1").statusCode, "timeout");
    assert.equal(agentOf(r1, "H2").statusCode, "idle-timeout");
    for (const id of ["H1", "H2", "H3", "H4"]) assertLinesLogged(readLog(repo, 2, 1, id), repo, id, 1, 7);
    // The tree really had a grandchild and an escapee in a session of its own.
    const [grandchild, escapee] = readFileSync(path.join(repo.agentState, "H3.tree"), "utf8").trim().split(" ").map(Number);
    assert.ok(grandchild && escapee && grandchild !== escapee);
    assert.match(readLog(repo, 2, 1, "H3"), /tree started/);
    await assertNoSurvivors(repo.mark);

    const second = await cli(runArgs(repo, 2, ...limits));
    assert.equal(second.code, 0, second.stdout + second.stderr);
    const r2 = readResult(repo, 2, 2);
    assert.deepEqual(statuses(r2), { H1: "succeeded", H2: "succeeded", H3: "succeeded", H4: "reused" });
    assert.deepEqual(startsById(repo), { H1: 2, H2: 2, H3: 2, H4: 1 });
    assert.deepEqual(attempts(repo, 2), [1, 2]);
    await assertNoSurvivors(repo.mark);
  } finally {
    repo.cleanup();
  }
});

/**
 * Per-agent deadline and idle watchdog through the CLI (decimal minutes): the silent agent is
 * stopped as `idle-timeout`, the chatty one that never ends as `timed-out`; result.json is
 * written and no process of either agent (nor a child it started) survives.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { agentOf, implAgent, makeRepo, markerOf, processesWith, readResult, runDirOf, wave, writeWave } from "./fixture.js";

test("--timeout-minutes and --idle-timeout-minutes stop agents: timed-out / idle-timeout, nothing left running", async () => {
  const repo = await makeRepo("timeouts");
  try {
    await writeWave(repo, 1, [
      implAgent("A1", { child: true, silentMs: 60_000 }),
      implAgent("A2", { child: true, sleepMs: 60_000, heartbeatMs: 200 }),
      implAgent("A3"),
    ]);
    // idle 0.05 min = 3 s without output; deadline 0.1 min = 6 s.
    const r = await wave(repo, ["run", "--wave", "1", "--max-attempts", "1", "--timeout-minutes", "0.1", "--idle-timeout-minutes", "0.05"]);
    assert.equal(r.code, 1, r.stderr);
    const result = readResult(repo, 1, 1);
    assert.equal(result.status, "failed");
    const a1 = agentOf(result, "A1");
    assert.equal(a1.status, "idle-timeout");
    assert.equal(a1.statusCode, "idle-timeout");
    const a2 = agentOf(result, "A2");
    assert.equal(a2.status, "timed-out");
    assert.equal(a2.statusCode, "timeout");
    assert.equal(agentOf(result, "A3").status, "succeeded");
    assert.equal(result.failure.stage, "implementation");
    assert.ok(["A1", "A2"].includes(result.failure.agentId));
    // The idle agent was stopped before the deadline would have hit it.
    assert.ok(a1.durationMs < a2.durationMs, `${a1.durationMs} < ${a2.durationMs}`);
    const status = JSON.parse(readFileSync(path.join(runDirOf(repo, 1, 1), "agents", "A2", "status.json"), "utf8"));
    assert.equal(status.deadlineHit, true);
    const idle = JSON.parse(readFileSync(path.join(runDirOf(repo, 1, 1), "agents", "A1", "status.json"), "utf8"));
    assert.equal(idle.idleTimeoutHit, true);
    assert.deepEqual(processesWith(markerOf(repo)), [], "no agent process or child survived");
  } finally {
    await repo.cleanup();
  }
});

/**
 * Scale: 200 agents in one wave under `--max-parallel-agents 50`. Each agent (a tiny shell script,
 * agent.sh) records its start and end; at no moment may more than 50 run.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import path from "node:path";
import { assertNoSurvivors, cli, FAULTS_DIR, faultRepo, maxOverlap, readResult, records, runArgs, word } from "./helpers.js";

test("200 agents with --max-parallel-agents 50: all run once, never more than 50 at a time", async () => {
  const repo = faultRepo();
  try {
    const ids = Array.from({ length: 200 }, (_, i) => `P${i + 1}`);
    // A shell agent: 200 Node start-ups would make the machine, not the orchestrator, the limit.
    const argv = ["/bin/sh", path.join(FAULTS_DIR, "agent.sh"), repo.mark, path.join(repo.agentState, "record.log"), "1"];
    const command = `command: ${argv.map(word).join(" ")}`;
    repo.writeWave(
      40,
      ids.map((id) => ({ id, executor: ["id: command", command] })),
    );
    const res = await cli(runArgs(repo, 40, "--max-parallel-agents", "50"), { limitMs: 300_000 });
    assert.equal(res.code, 0, res.stdout.slice(-2000) + res.stderr);
    assert.doesNotMatch(res.stderr, /Warning/, "no runtime warnings (e.g. MaxListenersExceeded) with many agents");
    const r = readResult(repo, 40, 1);
    assert.equal(r.status, "passed");
    assert.equal(r.agents.length, 200);
    assert.ok(r.agents.every((a) => a.status === "succeeded" && a.runs === 1));
    const list = records(repo);
    assert.equal(list.filter((x) => x.what === "start").length, 200);
    assert.equal(list.filter((x) => x.what === "end").length, 200);
    const overlap = maxOverlap(list);
    assert.ok(overlap <= 50, `${overlap} agents ran at once`);
    assert.ok(overlap > 1, "agents ran in parallel");
    await assertNoSurvivors(repo.mark);
  } finally {
    repo.cleanup();
  }
});

test("maxOverlap counts concurrent intervals (and an end and a start in the same millisecond do not overlap)", () => {
  const rec = (what: "start" | "end", id: string, at: number) => ({ what, id, pid: 1, run: 1, at });
  assert.equal(maxOverlap([rec("start", "a", 0), rec("end", "a", 10), rec("start", "b", 10), rec("end", "b", 20)]), 1);
  assert.equal(
    maxOverlap([
      rec("start", "a", 0),
      rec("start", "b", 5),
      rec("start", "c", 6),
      rec("end", "a", 10),
      rec("end", "b", 11),
      rec("end", "c", 12),
    ]),
    3,
  );
});

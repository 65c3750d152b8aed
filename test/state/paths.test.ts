/**
 * The state directory's layout (src/state/paths.ts): every path under a wave's state root, and the
 * directory names read back. A renamed file or directory shows here first.
 */
import assert from "node:assert/strict";
import path from "node:path";
import { test } from "node:test";
import {
  AGENT_FILES,
  agentDirName,
  agentLogInRun,
  agentPaths,
  attemptDirName,
  attemptDirOf,
  attemptOfDirName,
  laneAndWaveOf,
  RUN_FILES,
  relativeToRun,
  runDirPaths,
  runPaths,
  runPathsOf,
  parseWaveSegment,
  waveDirOf,
  waveOfDirName,
  waveSegment,
} from "../../src/state/paths.js";

const root = path.join(path.sep, "state");

test("a run directory is <stateDir>/<lane>/wave-<n>/attempt-<a> with its files at fixed names", () => {
  const p = runPaths(root, "main", 3, 2);
  assert.equal(p.waveDir, path.join(root, "main", "wave-3"));
  assert.equal(p.runDir, path.join(root, "main", "wave-3", "attempt-2"));
  assert.equal(p.attempt, 2);
  const rel = (f: string) => path.relative(p.runDir, f).split(path.sep).join("/");
  assert.deepEqual(
    {
      result: rel(p.result),
      progress: rel(p.progress),
      gates: rel(p.gates),
      coordination: rel(p.coordination),
      messageBoard: rel(p.messageBoard),
      summary: rel(p.summary),
      origin: rel(p.origin),
      feedbackDir: rel(p.feedbackDir),
      changesDir: rel(p.changesDir),
      agentsDir: rel(p.agentsDir),
      binDir: rel(p.binDir),
    },
    {
      result: "result.json",
      progress: "progress.json",
      gates: "gates.json",
      coordination: "coordination.jsonl",
      messageBoard: "messageboard.md",
      summary: "summary.md",
      origin: "origin.json",
      feedbackDir: "feedback",
      changesDir: "changes",
      agentsDir: "agents",
      binDir: "bin",
    },
  );
  assert.equal(RUN_FILES.result, "result.json");
  assert.equal(waveDirOf(root, "main", 3), p.waveDir);
  assert.equal(attemptDirOf(p.waveDir, 2), p.runDir);
});

test("an agent's files live under agents/<id>/, the id made safe for a directory name", () => {
  const run = runPaths(root, "main", 1, 1);
  const a = agentPaths(run, "A1");
  assert.equal(a.dir, path.join(run.runDir, "agents", "A1"));
  const names = Object.fromEntries(Object.entries(a).map(([k, v]) => [k, path.relative(a.dir, v)]));
  assert.deepEqual(names, {
    dir: "",
    prompt: "prompt.md",
    log: "agent.log",
    status: "status.json",
    summary: "summary.json",
    launch: "launch.json",
    overlay: "overlay",
    sensitive: "sensitive.json",
    sandbox: "sandbox.json",
  });
  assert.equal(AGENT_FILES.log, "agent.log");
  assert.equal(agentDirName("a/../b c"), "a_.._b_c");
  assert.equal(agentPaths(run, "a/../b").dir, path.join(run.runDir, "agents", "a_.._b"));
  // result.json records logs relative to the run directory, always with "/".
  assert.equal(agentLogInRun("A1"), "agents/A1/agent.log");
  assert.equal(agentLogInRun("x y"), "agents/x_y/agent.log");
  assert.equal(relativeToRun(run, a.log), agentLogInRun("A1"));
});

test("directory names are read back: attempt and wave numbers, lane and wave of a wave directory", () => {
  assert.equal(attemptDirName(7), "attempt-7");
  assert.equal(attemptOfDirName("attempt-7"), 7);
  assert.equal(attemptOfDirName("attempt-12"), 12);
  for (const name of ["attempt-", "attempt-x", "attempt-1.tmp", "xattempt-1", "wave-1", "attempt--1"]) {
    assert.equal(attemptOfDirName(name), null, name);
  }
  assert.equal(waveOfDirName("wave-0"), 0);
  assert.equal(waveOfDirName("wave-15"), 15);
  assert.equal(waveOfDirName("wave-1.md"), null);
  assert.equal(waveOfDirName("attempt-1"), null);
  assert.deepEqual(laneAndWaveOf(waveDirOf(root, "docs", 4)), { lane: "docs", wave: 4 });
  assert.ok(Number.isNaN(laneAndWaveOf(path.join(root, "docs", "elsewhere")).wave));
});

test("a run directory known only by its path (a restored artifact) has the same layout", () => {
  const restored = path.join(root, "download", "run");
  const p = runDirPaths(restored);
  assert.equal(p.runDir, restored);
  assert.equal(p.attempt, 0);
  assert.equal(p.result, path.join(restored, "result.json"));
  assert.equal(p.changesDir, path.join(restored, "changes"));
  const named = runDirPaths(path.join(root, "main", "wave-2", "attempt-5"));
  assert.equal(named.attempt, 5);
  assert.equal(named.waveDir, path.join(root, "main", "wave-2"));
  assert.deepEqual(runPathsOf(named.runDir, 5), named);
});

test("a wave's segment (directory, artifact names, status keys): written one way, read back only in that spelling", () => {
  assert.equal(waveSegment(3), "wave-3");
  assert.equal(waveSegment(3, { index: 2, count: 4 }), "wave-3-shard-2-of-4");
  assert.equal(waveSegment(3, { index: 0, count: 4 }), "wave-3-shard-0-of-4", "shard 0: the design job");
  for (const [wave, shard] of [
    [0, null],
    [3, null],
    [12, { index: 0, count: 1 }],
    [12, { index: 4, count: 4 }],
    [5, { index: 1, count: 9999 }],
  ] as const) {
    assert.deepEqual(parseWaveSegment(waveSegment(wave, shard)), { wave, shard });
  }
  for (const bad of [
    "wave-03",
    "wave-3-shard-02-of-4",
    "wave-3-shard-2-of-04",
    "wave-3-shard-5-of-4",
    "wave-3-shard-0-of-0",
    "wave-3-shard-1-of-10000",
    "wave-3-shard-1",
    "wave-3-shard--1-of-4",
    "wave-",
    "wave-3 ",
    "Wave-3",
    "wave-99999999999999999999",
  ]) {
    assert.equal(parseWaveSegment(bad), null, bad);
  }
  assert.equal(waveOfDirName("wave-3-shard-0-of-2"), 3);
  assert.deepEqual(parseWaveSegment("wave-3-shard-0-of-2")?.shard, { index: 0, count: 2 });
  assert.equal(parseWaveSegment("wave-3")?.shard, null);
  assert.equal(waveOfDirName("wave-3-shard-3-of-2"), null);
});

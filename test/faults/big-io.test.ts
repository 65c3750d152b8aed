/**
 * Large and unusual input and output: a 1 MB prompt given to every executor (codex, claude and
 * opencode as fake binaries on PATH, a command agent and the built-in local agent), a huge log
 * (256 MiB by default, 1 GiB with WAVE_FAULTS_FULL=1) before the markers, 10,000 marker lines, and
 * ANSI escapes plus invalid UTF-8 in a log.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, readSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { ExecutionSummarySchema } from "../../src/signals/schema.js";
import {
  AGENT_SCRIPT,
  agentOf,
  assertLinesLogged,
  assertNoSurvivors,
  attemptDir,
  cli,
  faultRepo,
  NODE,
  readLog,
  readResult,
  runArgs,
  statuses,
  word,
} from "./helpers.js";

const MiB = 1024 * 1024;
const FULL = process.env.WAVE_FAULTS_FULL === "1";
const BIG_LOG_MIB = FULL ? 1024 : 256;
const PROOF_MET = "[wave-proof] completion=contract durability=none proof=unit state=met detail=after the flood";
const PROOF_GAP = "[wave-proof] completion=contract durability=none proof=unit state=gap detail=after the flood";
const DOC_DELTA = "[wave-doc-delta] state=none";

/** First and last bytes of a file, without reading all of it. */
function headAndTail(file: string, bytes: number): { head: string; tail: string; size: number } {
  const size = statSync(file).size;
  const fd = openSync(file, "r");
  try {
    const head = Buffer.alloc(Math.min(bytes, size));
    readSync(fd, head, 0, head.length, 0);
    const tail = Buffer.alloc(Math.min(bytes, size));
    readSync(fd, tail, 0, tail.length, size - tail.length);
    return { head: head.toString("latin1"), tail: tail.toString("latin1"), size };
  } finally {
    closeSync(fd);
  }
}

function summaryOf(dir: string, id: string) {
  return ExecutionSummarySchema.parse(JSON.parse(readFileSync(path.join(dir, "agents", id, "summary.json"), "utf8")));
}

test("a 1 MB prompt reaches every executor whole on stdin (codex, claude, opencode, command, local)", async () => {
  const repo = faultRepo();
  try {
    const fakeBin = path.join(path.dirname(repo.agentState), "fake-bin");
    mkdirSync(fakeBin);
    for (const name of ["codex", "claude", "opencode"]) {
      const file = path.join(fakeBin, name);
      const argv = [NODE, AGENT_SCRIPT, repo.mark, "--state", repo.agentState, "--lines", "2", "--stdin-report", "--vendor"];
      writeFileSync(file, `#!/bin/sh\nexec ${argv.map(word).join(" ")} "$@"\n`);
      chmodSync(file, 0o755);
    }
    const line = "Keep every byte of this prompt; it is one line of a megabyte of instructions.\n";
    const prompt = line.repeat(Math.ceil(1_000_000 / line.length)).trimEnd();
    repo.writeWave(30, [
      { id: "P1", executor: ["id: codex"], prompt },
      { id: "P2", executor: ["id: claude"], prompt },
      { id: "P3", executor: ["id: opencode"], prompt },
      { id: "P4", executor: ["id: command", `command: ${repo.agent("--lines", "2", "--stdin-report")}`], prompt },
      { id: "P5", executor: ["id: local"], prompt },
    ]);
    const res = await cli(runArgs(repo, 30), { env: { PATH: `${fakeBin}:${process.env.PATH}` } });
    assert.equal(res.code, 0, res.stdout.slice(-3000) + res.stderr);
    const r = readResult(repo, 30, 1);
    assert.deepEqual(statuses(r), { P1: "succeeded", P2: "succeeded", P3: "succeeded", P4: "succeeded", P5: "succeeded" });
    for (const id of ["P1", "P2", "P3", "P4"]) {
      const promptFile = readFileSync(path.join(attemptDir(repo, 30, 1), "agents", id, "prompt.md"));
      assert.ok(promptFile.length >= 1_000_000, `${id} prompt.md has ${promptFile.length} bytes`);
      assert.ok(promptFile.includes(Buffer.from(line)), `${id} prompt.md holds the wave's prompt`);
      const report = JSON.parse(readFileSync(path.join(repo.agentState, `${id}.stdin.json`), "utf8"));
      assert.equal(report.bytes, promptFile.length, `${id} received the whole prompt on stdin`);
      assert.equal(report.sha256, createHash("sha256").update(promptFile).digest("hex"));
      // The prompt travels on stdin, never in argv.
      assert.ok(JSON.stringify(report.vendorArgv ?? []).length < 20_000, `${id} argv is small`);
      assertLinesLogged(readLog(repo, 30, 1, id), repo, id, 1, 2);
    }
    assert.deepEqual(JSON.parse(readFileSync(path.join(repo.agentState, "P1.stdin.json"), "utf8")).vendorArgv.slice(0, 2), [
      "exec",
      "--skip-git-repo-check",
    ]);
    assert.equal(JSON.parse(readFileSync(path.join(repo.agentState, "P2.stdin.json"), "utf8")).vendorArgv[0], "-p");
    assert.equal(JSON.parse(readFileSync(path.join(repo.agentState, "P3.stdin.json"), "utf8")).vendorArgv[0], "run");
    assert.ok(readFileSync(path.join(attemptDir(repo, 30, 1), "agents", "P5", "prompt.md")).length >= 1_000_000);
    await assertNoSurvivors(repo.mark);
  } finally {
    repo.cleanup();
  }
});

test(`a ${BIG_LOG_MIB} MiB log before the markers${FULL ? "" : " (1 GiB with WAVE_FAULTS_FULL=1)"} and 10,000 marker lines: every gate decides on the right marker`, async () => {
  const repo = faultRepo();
  try {
    repo.writeWave(31, [
      {
        id: "G1",
        title: "Flood",
        exitContract: true,
        executor: [
          "id: command",
          `command: ${repo.agent("--lines", "5", "--bytes", String(BIG_LOG_MIB * MiB), "--say", PROOF_MET, "--say", DOC_DELTA)}`,
        ],
      },
      {
        id: "N1",
        title: "Many markers, met last",
        exitContract: true,
        executor: ["id: command", `command: ${repo.agent("--lines", "5", "--markers", "10000", "--last", "met")}`],
      },
      {
        id: "N2",
        title: "Many markers, gap last",
        exitContract: true,
        executor: ["id: command", `command: ${repo.agent("--lines", "5", "--markers", "10000", "--last", "gap")}`],
      },
      {
        id: "G2",
        title: "Small flood, gap",
        exitContract: true,
        executor: [
          "id: command",
          `command: ${repo.agent("--lines", "5", "--bytes", String(4 * MiB), "--say", PROOF_GAP, "--say", DOC_DELTA)}`,
        ],
      },
    ]);
    const res = await cli(runArgs(repo, 31), { limitMs: FULL ? 600_000 : 240_000 });
    assert.equal(res.code, 1, res.stdout.slice(-3000) + res.stderr);
    const r = readResult(repo, 31, 1);
    assert.deepEqual(statuses(r), { G1: "succeeded", N1: "succeeded", N2: "succeeded", G2: "succeeded" });
    const gate = (id: string) => r.gates.find((g) => g.stage === "implementation" && g.agentId === id);
    assert.equal(gate("G1")?.ok, true, JSON.stringify(gate("G1")));
    assert.equal(gate("N1")?.ok, true, JSON.stringify(gate("N1")));
    assert.equal(gate("N2")?.ok, false, JSON.stringify(gate("N2")));
    assert.equal(r.failure?.agentId, "N2");
    assert.equal(r.failure?.stage, "implementation");

    const dir = attemptDir(repo, 31, 1);
    const log = headAndTail(path.join(dir, "agents", "G1", "agent.log"), 64 * 1024);
    assert.ok(log.size > BIG_LOG_MIB * MiB, `log has ${log.size} bytes`);
    assertLinesLogged(log.head, repo, "G1", 1, 5);
    assert.ok(log.tail.includes(`${PROOF_MET}\n${DOC_DELTA}\n`), "the markers after the flood are in the log");
    const g1 = summaryOf(dir, "G1");
    assert.ok(g1.stats.bytes > BIG_LOG_MIB * MiB);
    assert.equal(g1.proof?.state, "met");
    for (const [id, state] of [
      ["N1", "met"],
      ["N2", "gap"],
    ] as const) {
      const s = summaryOf(dir, id);
      assert.equal(s.proof?.state, state, `${id}: the last of 10,000 markers wins`);
      assert.equal(s.proof?.detail, "marker 10000");
      const text = readLog(repo, 31, 1, id);
      assert.equal(text.match(/^\[wave-proof\] /gm)?.length, 10_000, `${id}: every marker line is in the log`);
    }
    await assertNoSurvivors(repo.mark);
  } finally {
    repo.cleanup();
  }
});

test("ANSI escapes and invalid UTF-8: the log keeps the exact bytes, a coloured marker still counts, `wave logs` prints it", async () => {
  const repo = faultRepo();
  try {
    repo.writeWave(32, [{ id: "X1", exitContract: true, executor: ["id: command", `command: ${repo.agent("--lines", "3", "--ansi")}`] }]);
    const res = await cli(runArgs(repo, 32));
    assert.equal(res.code, 0, res.stdout + res.stderr);
    assert.equal(agentOf(readResult(repo, 32, 1), "X1").status, "succeeded");
    const printed = readFileSync(path.join(repo.agentState, "X1.out"));
    const logged = readFileSync(path.join(attemptDir(repo, 32, 1), "agents", "X1", "agent.log"));
    assert.ok(printed.includes(Buffer.from([0xff, 0xfe])), "the agent printed invalid UTF-8");
    assert.ok(logged.length > printed.length);
    assert.ok(logged.subarray(logged.length - printed.length).equals(printed), "the log holds the agent's bytes unchanged");
    assert.match(
      logged.subarray(0, logged.length - printed.length).toString("utf8"),
      /^\n?--- wave: X1 attempt 1 \(command\) started \S+ ---\n$/,
    );
    assert.equal(summaryOf(attemptDir(repo, 32, 1), "X1").proof?.state, "met");

    const logs = await cli(["logs", "--root", repo.root, "--wave", "32", "--agent", "X1"]);
    assert.equal(logs.code, 0, logs.stderr);
    assert.match(logs.stdout, /green line/);
    assert.match(logs.stdout, /\[wave-proof\] completion=contract/);
  } finally {
    repo.cleanup();
  }
});

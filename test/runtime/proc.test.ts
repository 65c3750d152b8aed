import assert from "node:assert/strict";
import { test } from "node:test";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import {
  type ProcInfo,
  parseStat,
  selectAgentProcesses,
  readStartTime,
  snapshotProcesses,
  tokensFromEnviron,
  withRunToken,
} from "../../src/runtime/proc.js";

test("parseStat handles command names with spaces and parentheses", () => {
  const line = "4242 (we ird) (name)) S 17 4242 4242 0 -1 4194560 91 0 0 0 0 0 0 0 20 0 1 0 123456 2502656 224 ...";
  assert.deepEqual(parseStat(line), {
    pid: 4242,
    comm: "we ird) (name)",
    state: "S",
    ppid: 17,
    pgid: 4242,
    sid: 4242,
    startTime: 123456,
  });
  const own = readFileSync("/proc/self/stat", "latin1");
  assert.equal(parseStat(own)?.pid, process.pid);
  assert.equal(parseStat("garbage"), null);
});

test("tokensFromEnviron reads own and outer tokens only from whole variables", () => {
  const env = Buffer.from(
    ["PATH=/bin", "XWAVE_RUN_TOKEN=nope", "WAVE_RUN_TOKEN=abc", "WAVE_OUTER_RUN_TOKENS=o1:o2", "Z=1"].join("\0") + "\0",
  );
  assert.deepEqual(tokensFromEnviron(env), ["abc", "o1", "o2"]);
  assert.deepEqual(tokensFromEnviron(Buffer.alloc(0)), []);
});

test("withRunToken keeps an inherited token as an outer one", () => {
  assert.deepEqual(withRunToken({ A: "1" }, "t1"), { A: "1", WAVE_RUN_TOKEN: "t1" });
  const nested = withRunToken({ WAVE_RUN_TOKEN: "t1" }, "t2");
  assert.deepEqual(nested, { WAVE_RUN_TOKEN: "t2", WAVE_OUTER_RUN_TOKENS: "t1" });
  assert.equal(withRunToken(nested, "t3").WAVE_OUTER_RUN_TOKENS, "t1:t2");
});

test("selectAgentProcesses: token, group, session and descendants; never self, init or zombies", () => {
  const p = (pid: number, ppid: number, pgid: number, sid: number, tokens: string[] = [], state = "S"): ProcInfo => ({
    pid,
    ppid,
    pgid,
    sid,
    state,
    comm: "x",
    startTime: pid,
    tokens,
  });
  const snapshot = [
    p(1, 0, 1, 1, ["T"]),
    p(50, 97, 50, 50), // unrelated, parent of "self"
    p(98, 1, 98, 98, ["T"]), // grandparent of "self" carrying the token (outer agent)
    p(97, 98, 97, 97, ["T"]), // parent of 50
    p(99, 50, 99, 99, ["T"]), // "self"
    p(100, 99, 100, 100, ["T"]), // leader
    p(101, 100, 100, 100), // group member that cleared its env
    p(102, 101, 102, 102), // descendant in a new session, no token
    p(103, 1, 103, 103, ["T"]), // setsid escapee re-parented to init
    p(104, 1, 104, 104, ["U", "T"]), // nested agent with T as an outer token
    p(105, 100, 100, 100, ["T"], "Z"), // zombie
    p(106, 50, 106, 106, ["U"]), // another agent
    p(107, 99, 107, 107), // another child of "self"
  ];
  const pids = selectAgentProcesses(snapshot, { token: "T", pgid: 100, sid: 100 }, 99).map((x) => x.pid);
  assert.deepEqual(
    pids.sort((a, b) => a - b),
    [100, 101, 102, 103, 104],
  );
  assert.deepEqual(
    selectAgentProcesses(snapshot, { token: "U" }, 99).map((x) => x.pid),
    [104, 106],
  );
});

test("snapshotProcesses reads environments only of processes young enough", async () => {
  const token = "00112233445566778899aabbccddeeff";
  const child = spawn("sleep", ["30"], { stdio: "ignore", env: { PATH: process.env.PATH!, WAVE_RUN_TOKEN: token } });
  try {
    const pid = child.pid!;
    const start = readStartTime(pid)!;
    assert.ok(Number.isInteger(start));
    const find = (s: ProcInfo[]) => s.find((p) => p.pid === pid)!;
    assert.deepEqual(find(snapshotProcesses()).tokens, [token]);
    assert.deepEqual(find(snapshotProcesses({ minStartTime: start })).tokens, [token]);
    assert.deepEqual(find(snapshotProcesses({ minStartTime: start + 1 })).tokens, []);
  } finally {
    child.kill("SIGKILL");
  }
});

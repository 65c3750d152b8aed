/**
 * Process-tree kill where /proc cannot be read (macOS, the BSDs, a container that hides it): the
 * scan falls back to `ps`, and the agent is its process group plus everything descending from it.
 * /proc is hidden by pointing the scan at an empty directory.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { killAgentTree } from "../../src/runtime/kill.js";
import { parsePsTable, snapshotFromPs, snapshotProcesses } from "../../src/runtime/proc.js";
import { listAgentProcesses, tempDir, waitFor } from "./helpers.js";

/** Alive according to `ps` (a zombie is not alive). */
function aliveByPs(pid: number): boolean {
  const p = snapshotFromPs()?.find((x) => x.pid === pid);
  return p !== undefined && p.state !== "Z" && p.state !== "X";
}

test("ps output is parsed into pid, parent, group and state; junk lines are skipped", () => {
  const table = parsePsTable("    1     0     1 Ss\n  412     1   412 S+\nPID PPID PGID STAT\n  413   412   412 Z\n\n");
  assert.deepEqual(
    table.map((p) => [p.pid, p.ppid, p.pgid, p.state, p.sid, p.tokens.length]),
    [
      [1, 0, 1, "S", -1, 0],
      [412, 1, 412, "S", -1, 0],
      [413, 412, 412, "Z", -1, 0],
    ],
  );
});

test("with /proc hidden the snapshot comes from ps and still shows this process and its parent", () => {
  const t = tempDir("wave-noproc-");
  try {
    const empty = t.file("proc");
    mkdirSync(empty);
    const snapshot = snapshotProcesses({ procRoot: empty });
    const self = snapshot.find((p) => p.pid === process.pid);
    assert.ok(self, "this process is in the ps snapshot");
    assert.equal(self.ppid, process.ppid);
    assert.deepEqual(self.tokens, [], "ps shows no environments");
    assert.ok(snapshot.length > 2);
    // An unreadable root (not a directory) falls back the same way.
    assert.ok(snapshotProcesses({ procRoot: t.file("no-such-dir") }).some((p) => p.pid === process.pid));
  } finally {
    t.cleanup();
  }
});

test("with /proc hidden, killAgentTree ends the process group and a setsid child of a live member", async () => {
  const t = tempDir("wave-noproc-");
  const empty = t.file("proc");
  mkdirSync(empty);
  const pidsFile = t.file("pids");
  // The leader (its own process group, like an agent) starts a sleeper in its group and a
  // `setsid` sleeper (its own group and session: found only as the leader's descendant).
  const script = ["sleep 300 &", 'echo $! > "$1"', "setsid sleep 301 &", 'echo $! >> "$1"', "echo ready", "wait"].join("\n");
  const leader = spawn("sh", ["-c", script, "sh", pidsFile], { detached: true, stdio: ["ignore", "pipe", "ignore"] });
  let out = "";
  leader.stdout.on("data", (d) => (out += d));
  const exited = new Promise<void>((resolve) => leader.on("exit", () => resolve()));
  try {
    await waitFor(
      () => out.includes("ready") && existsSync(pidsFile) && readFileSync(pidsFile, "utf8").trim().split("\n").length === 2,
      "the tree to start",
    );
    const [sleeper, escapee] = readFileSync(pidsFile, "utf8").trim().split("\n").map(Number) as [number, number];
    const selector = { token: randomBytes(8).toString("hex"), pgid: leader.pid!, sid: leader.pid! };
    const found = listAgentProcesses(selector.token, { pgid: selector.pgid, sid: selector.sid, procRoot: empty })
      .map((p) => p.pid)
      .sort((a, b) => a - b);
    assert.deepEqual(
      found,
      [leader.pid!, sleeper, escapee].sort((a, b) => a - b),
      "the scan through ps finds the whole tree",
    );

    const result = await killAgentTree(selector, { graceMs: 500, procRoot: empty });
    assert.deepEqual(result.survivors, []);
    assert.deepEqual(
      [...result.terminated].sort((a, b) => a - b),
      [leader.pid!, sleeper, escapee].sort((a, b) => a - b),
    );
    await exited;
    await waitFor(() => !aliveByPs(sleeper) && !aliveByPs(escapee), "the tree to end");
  } finally {
    try {
      process.kill(-leader.pid!, "SIGKILL");
    } catch {}
    t.cleanup();
  }
});

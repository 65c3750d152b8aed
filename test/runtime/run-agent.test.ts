import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { test } from "node:test";
import { runAgentProcess } from "../../src/runtime/run-agent.js";
import { baseOptions, isAlive, listAgentProcesses, NODE, readPids, TREE_SCRIPT, tempDir, tokenOf, waitFor } from "./helpers.js";

test("success: output of stdout and stderr lands in the log, pid and env are as given", async () => {
  const t = tempDir();
  try {
    const script = t.script(
      "ok.js",
      'console.log("out " + process.env.GREETING); console.error("err line"); console.log("cwd " + process.cwd());',
    );
    const starts: { pid: number; run: number }[] = [];
    const chunks: Buffer[] = [];
    const outcome = await runAgentProcess(
      baseOptions(t, [NODE, script], {
        env: { PATH: process.env.PATH!, GREETING: "hello" },
        onStart: (info) => starts.push(info),
        onOutput: (c) => chunks.push(c),
      }),
    );
    assert.equal(outcome.status, "succeeded");
    assert.equal(outcome.exitCode, 0);
    assert.equal(outcome.signal, null);
    assert.equal(outcome.runs, 1);
    assert.equal(outcome.spawnError, null);
    assert.equal(starts.length, 1);
    assert.equal(starts[0]!.run, 1);
    assert.ok(starts[0]!.pid > 0);
    const log = readFileSync(t.file("agent.log"), "utf8");
    assert.match(log, /^out hello$/m);
    assert.match(log, /^err line$/m);
    assert.match(log, new RegExp(`^cwd ${t.dir}$`, "m"));
    assert.equal(Buffer.concat(chunks).toString("utf8").length, log.length);
    assert.ok(Date.parse(outcome.completedAt) >= Date.parse(outcome.startedAt));
  } finally {
    t.cleanup();
  }
});

test("the log is appended to, never truncated", async () => {
  const t = tempDir();
  try {
    await runAgentProcess(baseOptions(t, ["sh", "-c", "echo first"]));
    await runAgentProcess(baseOptions(t, ["sh", "-c", "echo second"]));
    assert.equal(readFileSync(t.file("agent.log"), "utf8"), "first\nsecond\n");
  } finally {
    t.cleanup();
  }
});

test("non-zero exit is a failure with the exit code", async () => {
  const t = tempDir();
  try {
    const outcome = await runAgentProcess(baseOptions(t, ["sh", "-c", "echo failing; exit 7"]));
    assert.equal(outcome.status, "failed");
    assert.equal(outcome.exitCode, 7);
    assert.equal(outcome.signal, null);
    assert.equal(outcome.rateLimited, 0);
  } finally {
    t.cleanup();
  }
});

for (const signal of ["SEGV", "KILL"] as const) {
  test(`a crash by SIG${signal} is a failure carrying the signal`, async () => {
    const t = tempDir();
    try {
      const outcome = await runAgentProcess(baseOptions(t, ["sh", "-c", `ulimit -c 0; echo dying; kill -${signal} $$`]));
      assert.equal(outcome.status, "failed");
      assert.equal(outcome.exitCode, null);
      assert.equal(outcome.signal, `SIG${signal}`);
      assert.equal(readFileSync(t.file("agent.log"), "utf8"), "dying\n");
    } finally {
      t.cleanup();
    }
  });
}

test("a missing program is reported as spawnError without throwing", async () => {
  const t = tempDir();
  try {
    const starts: number[] = [];
    const outcome = await runAgentProcess(
      baseOptions(t, ["wave-test-no-such-program", "--x"], { onStart: (i) => starts.push(i.pid), stdin: "data" }),
    );
    assert.equal(outcome.status, "failed");
    assert.equal(outcome.exitCode, null);
    assert.match(outcome.spawnError ?? "", /^ENOENT: program not found: wave-test-no-such-program$/);
    assert.equal(starts.length, 0);
    assert.match(readFileSync(t.file("agent.log"), "utf8"), /could not start the agent: ENOENT/);
  } finally {
    t.cleanup();
  }
});

test("a missing working directory is named in spawnError", async () => {
  const t = tempDir();
  try {
    const outcome = await runAgentProcess(baseOptions(t, ["sh", "-c", "true"], { cwd: t.file("missing") }));
    assert.equal(outcome.status, "failed");
    assert.match(outcome.spawnError ?? "", /working directory not found/);
  } finally {
    t.cleanup();
  }
});

test("1 MB of stdin reaches the child intact", async () => {
  const t = tempDir();
  try {
    const input = randomBytes(512 * 1024).toString("hex"); // 1 MiB of text
    const script = t.script(
      "digest.js",
      [
        'const { createHash } = require("node:crypto");',
        'const h = createHash("sha256"); let n = 0;',
        'process.stdin.on("data", (d) => { h.update(d); n += d.length; });',
        'process.stdin.on("end", () => console.log(n + " " + h.digest("hex")));',
      ].join("\n"),
    );
    const outcome = await runAgentProcess(baseOptions(t, [NODE, script], { stdin: input }));
    assert.equal(outcome.status, "succeeded");
    const expected = `${input.length} ${createHash("sha256").update(input).digest("hex")}\n`;
    assert.equal(readFileSync(t.file("agent.log"), "utf8"), expected);
  } finally {
    t.cleanup();
  }
});

test("a child that never reads its stdin does not break the runtime (EPIPE)", async () => {
  const t = tempDir();
  try {
    const outcome = await runAgentProcess(baseOptions(t, ["sh", "-c", "echo ignoring; exit 0"], { stdin: "x".repeat(4 << 20) }));
    assert.equal(outcome.status, "succeeded");
    assert.equal(readFileSync(t.file("agent.log"), "utf8"), "ignoring\n");
  } finally {
    t.cleanup();
  }
});

test("stdin null gives the child /dev/null (immediate EOF)", async () => {
  const t = tempDir();
  try {
    const outcome = await runAgentProcess(baseOptions(t, ["sh", "-c", "cat; echo eof"], { stdin: null }));
    assert.equal(outcome.status, "succeeded");
    assert.equal(readFileSync(t.file("agent.log"), "utf8"), "eof\n");
  } finally {
    t.cleanup();
  }
});

test("cancellation mid-run kills the whole tree, escapees included", async () => {
  const t = tempDir();
  try {
    const controller = new AbortController();
    let token = "";
    let seenDuringRun = 0;
    const pidsFile = t.file("pids");
    const outcome = await runAgentProcess(
      baseOptions(t, ["sh", "-c", TREE_SCRIPT, "tree", pidsFile], {
        signal: controller.signal,
        onStart: (info) => {
          token = tokenOf(info.pid);
        },
        onOutput: (chunk) => {
          if (chunk.toString().includes("ready")) {
            seenDuringRun = listAgentProcesses(token).length;
            controller.abort();
          }
        },
      }),
    );
    assert.equal(outcome.status, "cancelled");
    assert.ok(seenDuringRun >= 4, `expected sh + 3 sleeps during the run, saw ${seenDuringRun}`);
    assert.deepEqual(listAgentProcesses(token), []);
    const pids = readPids(pidsFile);
    assert.equal(pids.length, 3);
    for (const pid of pids) assert.equal(isAlive(pid), false, `pid ${pid} survived`);
  } finally {
    t.cleanup();
  }
});

test("an already aborted signal starts nothing", async () => {
  const t = tempDir();
  try {
    const starts: number[] = [];
    const outcome = await runAgentProcess(
      baseOptions(t, ["sh", "-c", "echo should-not-run"], {
        signal: AbortSignal.abort(),
        onStart: (i) => starts.push(i.pid),
      }),
    );
    assert.equal(outcome.status, "cancelled");
    assert.equal(outcome.runs, 0);
    assert.equal(starts.length, 0);
    assert.equal(statSync(t.file("agent.log")).size, 0);
  } finally {
    t.cleanup();
  }
});

test("processes left behind by a leader that exited normally are cleaned up", async () => {
  const t = tempDir();
  try {
    const pidsFile = t.file("pids");
    const script = [
      "setsid sleep 303 > /dev/null 2>&1 &",
      'echo $! > "$1"',
      "sleep 304 &",
      'echo $! >> "$1"',
      'printf %s "$WAVE_RUN_TOKEN" > "$2"',
      "echo bye",
    ].join("\n");
    const outcome = await runAgentProcess(baseOptions(t, ["sh", "-c", script, "x", pidsFile, t.file("token")]));
    assert.equal(outcome.status, "succeeded");
    const token = readFileSync(t.file("token"), "utf8");
    assert.match(token, /^[0-9a-f]{32}$/);
    const pids = readPids(pidsFile);
    assert.equal(pids.length, 2);
    await waitFor(() => pids.every((p) => !isAlive(p)), "leftovers to be reaped", 5000).catch(() => undefined);
    for (const pid of pids) assert.equal(isAlive(pid), false, `pid ${pid} survived`);
    assert.deepEqual(listAgentProcesses(token), []);
  } finally {
    t.cleanup();
  }
});

test("an exception in onOutput is rethrown after the agent has finished", async () => {
  const t = tempDir();
  try {
    await assert.rejects(
      runAgentProcess(
        baseOptions(t, ["sh", "-c", "echo one"], {
          onOutput: () => {
            throw new Error("parser bug");
          },
        }),
      ),
      /parser bug/,
    );
    assert.equal(readFileSync(t.file("agent.log"), "utf8"), "one\n");
  } finally {
    t.cleanup();
  }
});

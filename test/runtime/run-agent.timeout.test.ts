import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { killAgentTree } from "../../src/runtime/kill.js";
import { runAgentProcess } from "../../src/runtime/run-agent.js";
import { spawn } from "node:child_process";
import { baseOptions, isAlive, listAgentProcesses, NODE, readPids, TREE_SCRIPT, tempDir, tokenOf, waitFor } from "./helpers.js";

test("timeout kills the agent, its grandchild and setsid escapees (checked by token)", async () => {
  const t = tempDir();
  try {
    let token = "";
    let sessions = new Set<number>();
    const pidsFile = t.file("pids");
    const outcome = await runAgentProcess(
      baseOptions(t, ["sh", "-c", TREE_SCRIPT, "tree", pidsFile], {
        timeoutMs: 6000,
        onStart: (info) => {
          token = tokenOf(info.pid);
        },
        onOutput: (chunk) => {
          // setsid children change session right after they fork: look a moment later.
          if (chunk.toString().includes("ready")) {
            setTimeout(() => {
              sessions = new Set(listAgentProcesses(token).map((p) => p.sid));
            }, 1500);
          }
        },
      }),
    );
    assert.equal(outcome.status, "timed-out");
    assert.equal(outcome.timedOutPhase, "run");
    assert.equal(outcome.runs, 1);
    assert.ok(sessions.size >= 3, `escapees should be in sessions of their own, saw ${[...sessions].join(",")}`);
    assert.deepEqual(listAgentProcesses(token), []);
    const pids = readPids(pidsFile);
    assert.equal(pids.length, 3);
    for (const pid of pids) assert.equal(isAlive(pid), false, `pid ${pid} survived`);
    assert.match(readFileSync(t.file("agent.log"), "utf8"), /ready/);
  } finally {
    t.cleanup();
  }
});

test("a process ignoring SIGTERM is SIGKILLed after the grace period", async () => {
  const t = tempDir();
  try {
    const script = t.script(
      "stubborn.js",
      'process.on("SIGTERM", () => console.log("ignoring TERM")); console.log("ready"); setInterval(() => {}, 1000);',
    );
    const outcome = await runAgentProcess(baseOptions(t, [NODE, script], { timeoutMs: 800, graceMs: 300 }));
    assert.equal(outcome.status, "timed-out");
    assert.equal(outcome.signal, "SIGKILL");
    assert.match(readFileSync(t.file("agent.log"), "utf8"), /ignoring TERM/);
  } finally {
    t.cleanup();
  }
});

test("idle timeout kills a run that stops printing", async () => {
  const t = tempDir();
  try {
    let token = "";
    const outcome = await runAgentProcess(
      baseOptions(t, ["sh", "-c", "echo started; sleep 30"], {
        idleTimeoutMs: 400,
        onStart: (info) => (token = tokenOf(info.pid)),
      }),
    );
    assert.equal(outcome.status, "idle-timeout");
    assert.equal(outcome.signal, "SIGTERM");
    assert.deepEqual(listAgentProcesses(token), []);
    assert.equal(readFileSync(t.file("agent.log"), "utf8"), "started\n");
  } finally {
    t.cleanup();
  }
});

test("output keeps the idle watchdog quiet", async () => {
  const t = tempDir();
  try {
    const script = t.script(
      "ticker.js",
      "let n = 0; const i = setInterval(() => { console.log('tick ' + n); if (++n === 25) clearInterval(i); }, 50);",
    );
    const outcome = await runAgentProcess(baseOptions(t, [NODE, script], { idleTimeoutMs: 1000 }));
    assert.equal(outcome.status, "succeeded");
    assert.match(readFileSync(t.file("agent.log"), "utf8"), /tick 24/);
  } finally {
    t.cleanup();
  }
});

test("the deadline counts from the agent's own start, across rate-limit retries", async () => {
  const t = tempDir();
  try {
    // Run 1 fails with a rate limit after 0.8 s; run 2 would succeed after 1 s — past the 1.5 s deadline.
    const script = t.script(
      "slow.js",
      [
        'const fs = require("node:fs"); const f = process.argv[2];',
        "const n = fs.existsSync(f) ? Number(fs.readFileSync(f, 'utf8')) + 1 : 1; fs.writeFileSync(f, String(n));",
        "if (n === 1) setTimeout(() => { console.log('HTTP 429 Too Many Requests'); process.exit(1); }, 800);",
        "else setTimeout(() => console.log('done'), 1000);",
      ].join("\n"),
    );
    const outcome = await runAgentProcess(
      baseOptions(t, [NODE, script, t.file("count")], {
        timeoutMs: 1500,
        rateLimit: { retries: 2, baseDelayMs: 0, maxDelayMs: 0 },
      }),
    );
    assert.equal(outcome.runs, 2);
    assert.equal(outcome.rateLimited, 1);
    assert.equal(outcome.status, "timed-out");
    assert.equal(outcome.timedOutPhase, "run");
    assert.doesNotMatch(readFileSync(t.file("agent.log"), "utf8"), /done/);
  } finally {
    t.cleanup();
  }
});

test("killAgentTree finds processes by token alone and leaves others alone", async () => {
  const t = tempDir();
  const token = "0123456789abcdef0123456789abcdef";
  const mine = spawn("sh", ["-c", "setsid sleep 305 & sleep 306 & wait"], {
    detached: true,
    stdio: "ignore",
    env: { PATH: process.env.PATH!, WAVE_RUN_TOKEN: token },
  });
  const other = spawn("sleep", ["307"], { detached: true, stdio: "ignore", env: { PATH: process.env.PATH! } });
  try {
    await waitFor(() => listAgentProcesses(token).length >= 3, "the tree to start");
    const result = await killAgentTree({ token }, { graceMs: 200 });
    assert.ok(result.terminated.length >= 3);
    assert.deepEqual(result.survivors, []);
    assert.deepEqual(listAgentProcesses(token), []);
    assert.equal(isAlive(other.pid!), true);
    await waitFor(() => mine.exitCode !== null || mine.signalCode !== null, "the leader to be reaped");
  } finally {
    other.kill("SIGKILL");
    t.cleanup();
  }
});

import assert from "node:assert/strict";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { PassThrough, Writable } from "node:stream";
import { test } from "node:test";
import { isUserError } from "../../src/errors.js";
import { listAgentProcesses } from "../../src/runtime/proc.js";
import { runAgentProcess, TMUX_MISSING_MESSAGE } from "../../src/runtime/run-agent.js";
import { hasSession, tmuxAvailable } from "../../src/runtime/tmux.js";
import { runTmuxChild } from "../../src/runtime/tmux-child.js";
import type { TmuxSpec } from "../../src/runtime/tmux-spec.js";
import { baseOptions, isAlive, NODE, readPids, TREE_SCRIPT, tempDir, WRAPPER_ARGV } from "./helpers.js";

const hasTmux = await tmuxAvailable();
const skip = hasTmux ? false : "tmux is not installed on this machine";
const socket = `wave-test-${process.pid}`;

/** Prints text and every byte value, echoes stdin, writes to stderr, exits 7. */
const PRINTER = [
  'const chunks = []; process.stdin.on("data", (d) => chunks.push(d));',
  'process.stdin.on("end", () => {',
  '  process.stdout.write("line one\\nno newline");',
  "  process.stdout.write(Buffer.from(Array.from({ length: 256 }, (_, i) => i)));",
  '  process.stdout.write("\\nstdin: " + Buffer.concat(chunks).toString());',
  '  setTimeout(() => { process.stderr.write("\\nto stderr\\n"); process.exitCode = 7; }, 100);',
  "});",
].join("\n");

test("tmux backend: same log bytes and exit code as a direct run", { skip }, async () => {
  const direct = tempDir();
  const viaTmux = tempDir();
  try {
    const input = "hello from stdin\n";
    const script = direct.script("printer.js", PRINTER);
    const a = await runAgentProcess(baseOptions(direct, [NODE, script], { stdin: input }));
    let seen = 0;
    const starts: number[] = [];
    const b = await runAgentProcess(
      baseOptions(viaTmux, [NODE, script], {
        stdin: input,
        tmux: { socket, session: "same-log", wrapperArgv: WRAPPER_ARGV },
        onOutput: (chunk) => (seen += chunk.length),
        onStart: (i) => starts.push(i.run),
      }),
    );
    assert.equal(a.status, "failed");
    assert.equal(a.exitCode, 7);
    assert.equal(b.status, a.status);
    assert.equal(b.exitCode, a.exitCode);
    assert.equal(b.signal, null);
    assert.equal(b.spawnError, null);
    assert.deepEqual(starts, [1]);
    const logA = readFileSync(direct.file("agent.log"));
    const logB = readFileSync(viaTmux.file("agent.log"));
    assert.ok(logA.includes(Buffer.from("stdin: hello from stdin")));
    assert.ok(logB.equals(logA), "tmux log differs from the direct log");
    assert.equal(seen, logB.length);
    assert.equal(await hasSession("tmux", socket, "same-log"), false);
  } finally {
    direct.cleanup();
    viaTmux.cleanup();
  }
});

test("tmux backend: success and rate-limit retry work through the wrapper", { skip }, async () => {
  const t = tempDir();
  try {
    const script = t.script(
      "twice.js",
      [
        'const fs = require("node:fs"); const f = process.argv[2];',
        "const n = fs.existsSync(f) ? 2 : 1; fs.writeFileSync(f, 'x');",
        "if (n === 1) { console.log('429 Too Many Requests'); process.exitCode = 1; } else console.log('ok');",
      ].join("\n"),
    );
    const outcome = await runAgentProcess(
      baseOptions(t, [NODE, script, t.file("flag")], {
        tmux: { socket, session: "retry", wrapperArgv: WRAPPER_ARGV },
        rateLimit: { retries: 1, baseDelayMs: 10, maxDelayMs: 10 },
      }),
    );
    assert.equal(outcome.status, "succeeded");
    assert.equal(outcome.exitCode, 0);
    assert.equal(outcome.runs, 2);
    assert.equal(outcome.rateLimited, 1);
    assert.match(readFileSync(t.file("agent.log"), "utf8"), /^429 Too Many Requests\n--- wave: rate limit detected .*\nok\n$/);
  } finally {
    t.cleanup();
  }
});

test("tmux backend: timeout kills the agent tree and the session", { skip }, async () => {
  const t = tempDir();
  try {
    const pidsFile = t.file("pids");
    const tokenFile = t.file("token");
    const script = `printf %s "$WAVE_RUN_TOKEN" > "$2"\n${TREE_SCRIPT}`;
    const outcome = await runAgentProcess(
      baseOptions(t, ["sh", "-c", script, "tree", pidsFile, tokenFile], {
        // Generous: the deadline includes starting the wrapper, which runs from source via tsx here.
        timeoutMs: 6000,
        tmux: { socket, session: "timeout", wrapperArgv: WRAPPER_ARGV },
      }),
    );
    assert.equal(outcome.status, "timed-out");
    assert.equal(outcome.timedOutPhase, "run");
    const token = readFileSync(tokenFile, "utf8");
    assert.match(token, /^[0-9a-f]{32}$/);
    assert.deepEqual(listAgentProcesses(token), []);
    const pids = readPids(pidsFile);
    assert.equal(pids.length, 3);
    for (const pid of pids) assert.equal(isAlive(pid), false, `pid ${pid} survived`);
    assert.equal(await hasSession("tmux", socket, "timeout"), false);
    assert.match(readFileSync(t.file("agent.log"), "utf8"), /ready/);
  } finally {
    t.cleanup();
  }
});

test("tmux backend: a missing program is a spawnError, as without tmux", { skip }, async () => {
  const t = tempDir();
  try {
    const outcome = await runAgentProcess(
      baseOptions(t, ["wave-test-no-such-program"], { tmux: { socket, session: "enoent", wrapperArgv: WRAPPER_ARGV } }),
    );
    assert.equal(outcome.status, "failed");
    assert.equal(outcome.spawnError, "ENOENT: program not found: wave-test-no-such-program");
  } finally {
    t.cleanup();
  }
});

test("without tmux, asking for it is a UserError with a clear message", async () => {
  const t = tempDir();
  try {
    await assert.rejects(
      runAgentProcess(
        baseOptions(t, ["true"], {
          tmux: { socket, session: "x", wrapperArgv: WRAPPER_ARGV, program: "wave-test-no-tmux-here" },
        }),
      ),
      (error: unknown) => isUserError(error) && error.message === TMUX_MISSING_MESSAGE,
    );
    assert.equal(await tmuxAvailable("wave-test-no-tmux-here"), false);
    assert.equal(TMUX_MISSING_MESSAGE, "tmux is not installed; remove --tmux or install tmux");
  } finally {
    t.cleanup();
  }
});

test("runTmuxChild: tees output to the terminal and the log, writes the exit file, deletes the spec", async () => {
  const t = tempDir();
  try {
    writeFileSync(t.file("stdin"), "abc");
    const spec: TmuxSpec = {
      argv: ["sh", "-c", 'cat; echo " done"; echo oops >&2; exit 3'],
      cwd: t.dir,
      env: { PATH: process.env.PATH!, WAVE_RUN_TOKEN: "feedfacefeedfacefeedfacefeedface" },
      token: "feedfacefeedfacefeedfacefeedface",
      stdinPath: t.file("stdin"),
      logPath: t.file("agent.log"),
      exitPath: t.file("exit.json"),
      graceMs: 200,
    };
    writeFileSync(t.file("spec.json"), JSON.stringify(spec));
    const terminal = new PassThrough();
    const shown: Buffer[] = [];
    terminal.on("data", (d: Buffer) => shown.push(d));
    const code = await runTmuxChild([t.file("spec.json")], { stdout: terminal, stderr: new PassThrough(), env: {} });
    assert.equal(code, 0);
    const log = readFileSync(t.file("agent.log"), "utf8");
    assert.match(log, /^abc done\n/);
    assert.match(log, /oops\n/);
    assert.equal(Buffer.concat(shown).toString("utf8"), log);
    assert.deepEqual(JSON.parse(readFileSync(t.file("exit.json"), "utf8")), {
      exitCode: 3,
      signal: null,
      spawnError: null,
      pid: JSON.parse(readFileSync(t.file("exit.json"), "utf8")).pid,
      stopped: false,
      logError: null,
    });
    assert.equal(existsSync(t.file("spec.json")), false);
    assert.equal(existsSync(t.file("stdin")), false);
  } finally {
    t.cleanup();
  }
});

function childSpec(t: ReturnType<typeof tempDir>, argv: string[]): string {
  const spec: TmuxSpec = {
    argv,
    cwd: t.dir,
    env: { PATH: process.env.PATH!, WAVE_RUN_TOKEN: "0badc0de0badc0de0badc0de0badc0de" },
    token: "0badc0de0badc0de0badc0de0badc0de",
    stdinPath: null,
    logPath: t.file("agent.log"),
    exitPath: t.file("exit.json"),
    graceMs: 200,
  };
  writeFileSync(t.file("spec.json"), JSON.stringify(spec));
  return t.file("spec.json");
}

test("runTmuxChild waits for a slow terminal and survives a broken one, the log stays exact", { timeout: 60_000 }, async () => {
  const bytes = 4 * 1024 * 1024;
  for (const kind of ["slow", "broken"] as const) {
    const t = tempDir();
    try {
      let shown = 0;
      const terminal =
        kind === "slow"
          ? new Writable({
              highWaterMark: 1024,
              write(chunk: Buffer, _enc, callback) {
                shown += chunk.length;
                setImmediate(callback);
              },
            })
          : new Writable({
              write(_chunk, _enc, callback) {
                callback(new Error("EIO: the pane is gone"));
              },
            });
      const spec = childSpec(t, ["head", "-c", String(bytes), "/dev/zero"]);
      const code = await runTmuxChild([spec], { stdout: terminal, stderr: new PassThrough(), env: {} });
      assert.equal(code, 0, kind);
      assert.equal(statSync(t.file("agent.log")).size, bytes, kind);
      assert.equal(JSON.parse(readFileSync(t.file("exit.json"), "utf8")).exitCode, 0, kind);
      if (kind === "slow") assert.equal(shown, bytes);
    } finally {
      t.cleanup();
    }
  }
});

test("runTmuxChild rejects bad usage and invalid specs with exit code 2", async () => {
  const t = tempDir();
  try {
    const stderr = new PassThrough();
    let err = "";
    stderr.on("data", (d) => (err += d));
    const io = { stdout: new PassThrough(), stderr, env: {} };
    assert.equal(await runTmuxChild([], io), 2);
    writeFileSync(t.file("bad.json"), JSON.stringify({ argv: [] }));
    assert.equal(await runTmuxChild([t.file("bad.json")], io), 2);
    assert.match(err, /usage: wave __tmux-child <specFile>/);
    assert.match(err, /invalid tmux spec/);
  } finally {
    t.cleanup();
  }
});

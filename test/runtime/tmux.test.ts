import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { open, writeFile } from "node:fs/promises";
import { PassThrough, Writable } from "node:stream";
import { test } from "node:test";
import { isUserError } from "../../src/errors.js";
import { runAgentProcess, TMUX_MISSING_MESSAGE } from "../../src/runtime/run-agent.js";
import { killSession, minimalTmuxEnv, newSession, runTmux, tmuxAvailable } from "../../src/runtime/tmux.js";
import { VIEWER_GONE_LINE } from "../../src/runtime/tmux-run.js";
import { runTmuxView } from "../../src/report/tmux-view.js";
import { baseOptions, isAlive, listAgentProcesses, NODE, readPids, TREE_SCRIPT, tempDir, VIEWER_ARGV } from "./helpers.js";

async function hasSession(program: string, socket: string, session: string): Promise<boolean> {
  const r = await runTmux(program, ["has-session", "-t", `=${session}`], { socket });
  return r.code === 0;
}

const hasTmux = await tmuxAvailable();
const skip = hasTmux ? false : "tmux is not installed on this machine";
const socket = `wave-test-${process.pid}`;
const tmuxOptions = (session: string) => ({ socket, session, viewerArgv: VIEWER_ARGV });

/** Polls an asynchronous condition (a real state of tmux or a process), without a fixed delay. */
async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const limit = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > limit) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

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

/** Prints its first argument, then waits for SIGUSR1 and exits 0. */
const WAITER = [
  'process.on("SIGUSR1", () => { process.stdout.write("released\\n"); process.exit(0); });',
  "setInterval(() => {}, 1 << 30);",
  "process.stdout.write(process.argv[2]);",
].join("\n");

test("tmux backend: same log bytes, output and exit code as a direct run", { skip }, async () => {
  const direct = tempDir();
  const viaTmux = tempDir();
  try {
    const input = "hello from stdin\n";
    const script = direct.script("printer.js", PRINTER);
    const a = await runAgentProcess(baseOptions(direct, [NODE, script], { stdin: input }));
    const seen: Buffer[] = [];
    const starts: number[] = [];
    const b = await runAgentProcess(
      baseOptions(viaTmux, [NODE, script], {
        stdin: input,
        tmux: tmuxOptions("same-log"),
        onOutput: (chunk) => seen.push(chunk),
        onStart: (i) => starts.push(i.run),
      }),
    );
    assert.equal(a.status, "failed");
    assert.equal(a.exitCode, 7);
    assert.equal(b.status, a.status);
    assert.equal(b.exitCode, a.exitCode);
    assert.equal(b.signal, null);
    assert.equal(b.spawnError, null);
    assert.equal(b.logError, null);
    assert.deepEqual(starts, [1]);
    const logA = readFileSync(direct.file("agent.log"));
    const logB = readFileSync(viaTmux.file("agent.log"));
    assert.ok(logA.includes(Buffer.from("stdin: hello from stdin")));
    assert.ok(logB.equals(logA), "tmux log differs from the direct log");
    assert.ok(Buffer.concat(seen).equals(logB));
    assert.equal(await hasSession("tmux", socket, "same-log"), false);
  } finally {
    direct.cleanup();
    viaTmux.cleanup();
  }
});

test("tmux backend: success and rate-limit retry work as without tmux", { skip }, async () => {
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
        tmux: tmuxOptions("retry"),
        rateLimit: { retries: 1, baseDelayMs: 10, maxDelayMs: 10 },
      }),
    );
    assert.equal(outcome.status, "succeeded");
    assert.equal(outcome.exitCode, 0);
    assert.equal(outcome.runs, 2);
    assert.equal(outcome.rateLimited, 1);
    assert.match(readFileSync(t.file("agent.log"), "utf8"), /^429 Too Many Requests\n--- wave: rate limit detected .*\nok\n$/);
    assert.equal(await hasSession("tmux", socket, "retry"), false);
  } finally {
    t.cleanup();
  }
});

test("tmux backend: the deadline stops the agent and the session is killed", { skip }, async () => {
  const t = tempDir();
  try {
    const pids: number[] = [];
    const outcome = await runAgentProcess(
      baseOptions(t, ["sleep", "300"], {
        timeoutMs: 500,
        tmux: tmuxOptions("timeout"),
        onStart: (info) => pids.push(info.pid),
      }),
    );
    assert.equal(outcome.status, "timed-out");
    assert.equal(outcome.timedOutPhase, "run");
    assert.equal(pids.length, 1);
    assert.equal(isAlive(pids[0]!), false);
    assert.equal(await hasSession("tmux", socket, "timeout"), false);
  } finally {
    t.cleanup();
  }
});

test("tmux backend: a silent agent hits the idle timeout", { skip }, async () => {
  const t = tempDir();
  try {
    const outcome = await runAgentProcess(
      baseOptions(t, ["sh", "-c", "echo started; exec sleep 300"], {
        idleTimeoutMs: 300,
        tmux: tmuxOptions("idle"),
      }),
    );
    assert.equal(outcome.status, "idle-timeout");
    assert.match(readFileSync(t.file("agent.log"), "utf8"), /^(started\n)?$/);
    assert.equal(await hasSession("tmux", socket, "idle"), false);
  } finally {
    t.cleanup();
  }
});

test("tmux backend: cancelling kills the whole agent tree and the session", { skip }, async () => {
  const t = tempDir();
  try {
    const pidsFile = t.file("pids");
    const tokenFile = t.file("token");
    const script = `printf %s "$WAVE_RUN_TOKEN" > "$2"\n${TREE_SCRIPT}`;
    const controller = new AbortController();
    let output = "";
    const outcome = await runAgentProcess(
      baseOptions(t, ["sh", "-c", script, "tree", pidsFile, tokenFile], {
        signal: controller.signal,
        tmux: tmuxOptions("cancel"),
        onOutput: (chunk) => {
          output += chunk.toString("utf8");
          if (output.includes("ready")) controller.abort();
        },
      }),
    );
    assert.equal(outcome.status, "cancelled");
    const token = readFileSync(tokenFile, "utf8");
    assert.match(token, /^[0-9a-f]{32}$/);
    assert.deepEqual(listAgentProcesses(token), []);
    const pids = readPids(pidsFile);
    assert.equal(pids.length, 3);
    for (const pid of pids) assert.equal(isAlive(pid), false, `pid ${pid} survived`);
    assert.equal(await hasSession("tmux", socket, "cancel"), false);
  } finally {
    t.cleanup();
  }
});

test("tmux backend: a missing program is a spawnError, as without tmux", { skip }, async () => {
  const t = tempDir();
  try {
    const outcome = await runAgentProcess(baseOptions(t, ["wave-test-no-such-program"], { tmux: tmuxOptions("enoent") }));
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
      runAgentProcess(baseOptions(t, ["true"], { tmux: { ...tmuxOptions("x"), program: "wave-test-no-tmux-here" } })),
      (error: unknown) => isUserError(error) && error.message === TMUX_MISSING_MESSAGE,
    );
    assert.equal(await tmuxAvailable("wave-test-no-tmux-here"), false);
    assert.equal(TMUX_MISSING_MESSAGE, "tmux is not installed; remove --tmux or install tmux");
  } finally {
    t.cleanup();
  }
});

test("tmux backend: the pane shows the output with the agent's terminal escapes made visible, not acted on", { skip }, async () => {
  const t = tempDir();
  try {
    const session = "view";
    const pane = `=${session}:`;
    const script = t.script("waiter.js", WAITER);
    const shown = "\x1b]2;agent-title\x07\x1b]52;c;ZWNobyBnb3Q=\x07hello from the agent \x1b[31mred\x1b[0m\n";
    let agentPid = 0;
    let output = "";
    let ready: () => void = () => undefined;
    const printed = new Promise<void>((resolve) => (ready = resolve));
    const run = runAgentProcess(
      baseOptions(t, [NODE, script, shown], {
        tmux: tmuxOptions(session),
        onStart: (info) => (agentPid = info.pid),
        onOutput: (chunk) => {
          output += chunk.toString("utf8");
          if (output.includes("hello from the agent")) ready();
        },
      }),
    );
    await printed;
    // -J joins a line the pane wrapped.
    const capture = async () => (await runTmux("tmux", ["capture-pane", "-p", "-J", "-t", pane], { socket })).stdout;
    await until(async () => (await capture()).includes("hello from the agent"), "the pane to show the output");
    const screen = await capture();
    assert.match(screen, /read-only view of view; the agent log is /);
    // Every escape shows as text: the title and the clipboard write are there to read, not done.
    assert.ok(
      screen.includes("^[]2;agent-title^G^[]52;c;ZWNobyBnb3Q=^Ghello from the agent ^[[31mred^[[0m"),
      `the escapes are visible on the pane:\n${screen}`,
    );
    const title = await runTmux("tmux", ["display-message", "-p", "-t", pane, "#{pane_title}"], { socket });
    assert.notEqual(title.stdout.trim(), "agent-title");
    const buffers = await runTmux("tmux", ["list-buffers"], { socket });
    assert.doesNotMatch(buffers.stdout, /echo got/, "OSC 52 set no tmux buffer");
    process.kill(agentPid, "SIGUSR1");
    const outcome = await run;
    assert.equal(outcome.status, "succeeded");
    // The log has the agent's bytes as they were; only the view is filtered.
    assert.equal(readFileSync(t.file("agent.log"), "utf8"), `${shown}released\n`);
    assert.equal(await hasSession("tmux", socket, session), false);
  } finally {
    t.cleanup();
  }
});

test("tmux backend: when the session cannot be created the agent runs anyway, with a line in the log", { skip }, async () => {
  const t = tempDir();
  const session = "taken";
  try {
    const other = await newSession("tmux", socket, session, ["sleep", "300"], t.dir);
    assert.ok("pid" in other);
    const outcome = await runAgentProcess(baseOptions(t, ["echo", "did the work"], { tmux: tmuxOptions(session) }));
    assert.equal(outcome.status, "succeeded");
    assert.match(
      readFileSync(t.file("agent.log"), "utf8"),
      /^--- wave: tmux viewer not started \(tmux new-session failed: .*\btaken\b.*\); the agent runs without it ---\ndid the work\n$/,
    );
  } finally {
    await killSession("tmux", socket, session);
    t.cleanup();
  }
});

test("tmux backend: a viewer that exits early only adds a line to the log", { skip }, async () => {
  const t = tempDir();
  try {
    const script = t.script("waiter.js", WAITER);
    const quitter = t.script("quitter.js", 'require("node:fs").writeFileSync(process.argv[2], "quit");');
    let agentPid = 0;
    let ready: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (ready = resolve));
    const run = runAgentProcess(
      baseOptions(t, [NODE, script, "waiting\n"], {
        tmux: { socket, session: "quitter", viewerArgv: [NODE, quitter, t.file("viewer-ran")] },
        onStart: (info) => (agentPid = info.pid),
        onOutput: () => ready(),
      }),
    );
    await started;
    await until(async () => !(await hasSession("tmux", socket, "quitter")), "the viewer to exit");
    process.kill(agentPid, "SIGUSR1");
    const outcome = await run;
    assert.equal(outcome.status, "succeeded");
    assert.equal(readFileSync(t.file("viewer-ran"), "utf8"), "quit");
    // The line lands at a line boundary, wherever the viewer's end was noticed.
    const lines = readFileSync(t.file("agent.log"), "utf8").split("\n");
    assert.equal(lines.filter((line) => line === VIEWER_GONE_LINE).length, 1);
    assert.deepEqual(
      lines.filter((line) => line !== VIEWER_GONE_LINE),
      ["waiting", "released", ""],
    );
  } finally {
    t.cleanup();
  }
});

test("minimalTmuxEnv keeps PATH, HOME, TERM, locale and TMUX_TMPDIR only", () => {
  const env = minimalTmuxEnv({
    PATH: "/usr/bin",
    HOME: "/home/u",
    TERM: "xterm",
    LANG: "C.UTF-8",
    LC_ALL: "C.UTF-8",
    LC_CTYPE: "C.UTF-8",
    TMUX_TMPDIR: "/run/t",
    TMUX: "/tmp/tmux-0/default,1,0",
    TMUX_PANE: "%1",
    ANTHROPIC_API_KEY: "k",
    GITHUB_TOKEN: "t",
    ACTIONS_RUNTIME_TOKEN: "r",
    WAVE_RUN_TOKEN: "w",
    NODE_OPTIONS: "--require x",
    SHELL: "/bin/bash",
  });
  assert.deepEqual(Object.keys(env).sort(), ["HOME", "LANG", "LC_ALL", "LC_CTYPE", "PATH", "TERM", "TMUX_TMPDIR"]);
});

test("runTmuxView copies the FIFO to the terminal until the writer closes it", async () => {
  const t = tempDir();
  try {
    const fifo = t.file("view");
    execFileSync("mkfifo", [fifo]);
    const terminal = new PassThrough();
    let shown = "";
    terminal.on("data", (d: Buffer) => (shown += d.toString("utf8")));
    const viewing = runTmuxView([fifo], { stdout: terminal, stderr: new PassThrough() });
    await writeFile(fifo, "first line\n\x1b]2;x\x07second line\n");
    assert.equal(await viewing, 0);
    assert.equal(shown, "first line\n^[]2;x^Gsecond line\n");
  } finally {
    t.cleanup();
  }
});

test("runTmuxView makes escapes visible when they arrive split between writes, and keeps UTF-8 split between them", async () => {
  const t = tempDir();
  try {
    const fifo = t.file("view");
    execFileSync("mkfifo", [fifo]);
    const terminal = new PassThrough();
    const shown: Buffer[] = [];
    terminal.on("data", (d: Buffer) => shown.push(d));
    const viewing = runTmuxView([fifo], { stdout: terminal, stderr: new PassThrough() });
    const writer = await open(fifo, "w");
    // Bytes (latin1: one character, one byte): an OSC 52 cut after its `5`, U+202E (e2 80 ae) cut
    // after two bytes, ESC [2J cut after the ESC, a CR LF pair cut between, é (c3 a9) cut, and
    // the one-character CSI U+009B (c2 9b). However the FIFO delivers them, the view is the same.
    const pieces = [
      "clip \x1b]5",
      "2;c;c2VjcmV0\x07 \xe2\x80",
      "\xaeevil\x1b",
      "[2J progress 50%\r",
      "\nnext\r100%\xc3",
      "\xa9\xc2\x9b31m\n",
    ];
    for (const piece of pieces) await writer.write(Buffer.from(piece, "latin1"));
    await writer.close();
    assert.equal(await viewing, 0);
    assert.equal(Buffer.concat(shown).toString("utf8"), "clip ^[]52;c;c2VjcmV0^G <U+202E>evil^[[2J progress 50%\nnext^M100%é<U+009B>31m\n");
  } finally {
    t.cleanup();
  }
});

test("runTmuxView stops quietly when the terminal is gone", async () => {
  const t = tempDir();
  try {
    const fifo = t.file("view");
    execFileSync("mkfifo", [fifo]);
    const terminal = new Writable({
      write(_chunk, _enc, callback) {
        callback(new Error("EIO: the pane is gone"));
      },
    });
    const viewing = runTmuxView([fifo], { stdout: terminal, stderr: new PassThrough() });
    const writing = writeFile(fifo, Buffer.alloc(1 << 20, 0x61)).catch(() => undefined);
    assert.equal(await viewing, 0);
    await writing;
  } finally {
    t.cleanup();
  }
});

test("runTmuxView rejects bad usage and a path that is not a FIFO with exit code 2", async () => {
  const t = tempDir();
  try {
    const stderr = new PassThrough();
    let err = "";
    stderr.on("data", (d) => (err += d));
    const io = { stdout: new PassThrough(), stderr };
    assert.equal(await runTmuxView([], io), 2);
    assert.equal(await runTmuxView(["a", "b"], io), 2);
    writeFileSync(t.file("plain"), "x");
    assert.equal(await runTmuxView([t.file("plain")], io), 2);
    assert.equal(await runTmuxView([t.file("missing")], io), 2);
    assert.match(err, /usage: wave __tmux-view <fifo>/);
    assert.ok(err.includes(`wave __tmux-view: ${t.file("plain")} is not a FIFO`));
    assert.ok(err.includes(`wave __tmux-view: cannot use ${t.file("missing")}: `));
    assert.doesNotMatch(err, /\n\s+at /);
  } finally {
    t.cleanup();
  }
});

/**
 * The sandbox around real processes (bubblewrap through the library): a sandboxed `curl` to a
 * host outside the allow-list is refused and recorded with the setting that would allow it; a
 * loopback endpoint listed for the run (the model proxy's place) is reached through the sandbox's
 * proxy; a fake `~/.ssh/id_rsa` and the state directory cannot be read; `.git/hooks` cannot be
 * written while the work tree can; an argument holding `$(...)`, quotes, a newline and spaces
 * arrives byte for byte and is never executed. Skipped (with the reason) only where bubblewrap
 * is missing.
 */
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { findProgram } from "../../src/sandbox/probe.js";
import type { AgentSandboxRecord, SandboxReport } from "../../src/sandbox/report.js";
import { openWaveSandbox, type SandboxLaunch, type WaveSandbox } from "../../src/sandbox/wave-sandbox.js";

const missing = ["bwrap", "socat", "rg", "curl"].filter((p) => !findProgram(p, process.env.PATH));
const skip = missing.length > 0 ? `needs ${missing.join(", ")} (apt-get install -y bubblewrap socat ripgrep curl)` : false;

interface Ran {
  code: number | null;
  out: string;
}

function runArgv(argv: string[], cwd: string, env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (out += d.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, out }));
  });
}

describe("the sandbox around a real process", { skip }, () => {
  let dir: string;
  let work: string;
  let stateDir: string;
  let home: string;
  let sandbox: WaveSandbox;
  let server: http.Server;
  let serverUrl: string;
  const notices: string[] = [];

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "wave-sbx-test-"));
    work = path.join(dir, "work");
    stateDir = path.join(dir, "state");
    home = path.join(dir, "home");
    await mkdir(work, { recursive: true });
    assert.equal(spawnSync("git", ["init", "-q", work]).status, 0);
    await mkdir(path.join(stateDir, "lane", "wave-1", "attempt-1", "agents", "A1"), { recursive: true });
    await writeFile(path.join(stateDir, "lane", "wave-1", "attempt-1", "result.json"), '{"secret":"state"}\n');
    await mkdir(path.join(home, ".ssh"), { recursive: true });
    await writeFile(path.join(home, ".ssh", "id_rsa"), "FAKE PRIVATE KEY\n");
    server = http.createServer((_req, res) => res.end("model endpoint reached\n"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const opened = await openWaveSandbox({
      mode: "on",
      env: { PATH: process.env.PATH, HOME: home },
      workTree: work,
      stateDir,
      runDir: path.join(stateDir, "lane", "wave-1", "attempt-1"),
      identity: null,
      allowed: [],
      onNotice: (m) => notices.push(m),
      onWarning: (m) => notices.push(m),
    });
    assert.ok(opened, "the sandbox is on");
    sandbox = opened;
  });

  after(async () => {
    await sandbox?.close();
    server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function inSandbox(
    agentId: string,
    argv: string[],
    extra: Partial<SandboxLaunch> = {},
  ): Promise<Ran & { record: AgentSandboxRecord }> {
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home };
    const recordPath = path.join(stateDir, "lane", "wave-1", "attempt-1", "agents", agentId, "sandbox.json");
    const wrapped = await sandbox.wrap({
      agentId,
      executor: "command",
      argv,
      env,
      endpoint: null,
      carried: false,
      allowed: [],
      readable: [],
      writable: [],
      recordPath,
      ...extra,
    });
    const ran = await runArgv(wrapped.argv, work, env);
    await wrapped.done();
    return { ...ran, record: JSON.parse(await readFile(recordPath, "utf8")) as AgentSandboxRecord };
  }

  test("a request to a host outside the allow-list is refused and recorded with the setting that allows it", async () => {
    const r = await inSandbox("net", ["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", "http://blocked.example.test/"]);
    assert.equal(r.out.trim().slice(0, 3), "403", r.out);
    assert.deepEqual(
      r.record.blocked.map((b) => ({ host: b.host, port: b.port, count: b.count, setting: b.setting })),
      [{ host: "blocked.example.test", port: 80, count: 1, setting: "network.allowed: [blocked.example.test]" }],
    );
  });

  test("the run's loopback endpoint (the model proxy's place) is reached through the sandbox's proxy", async () => {
    const r = await inSandbox("endpoint", ["curl", "-sS", `${serverUrl}/v1/messages`], { endpoint: serverUrl });
    assert.equal(r.code, 0, r.out);
    assert.equal(r.out, "model endpoint reached\n");
    assert.deepEqual(r.record.blocked, []);
  });

  test("a loopback port not listed stays unreachable", async () => {
    const other = http.createServer((_req, res) => res.end("must not be reached\n"));
    await new Promise<void>((resolve) => other.listen(0, "127.0.0.1", resolve));
    const port = (other.address() as AddressInfo).port;
    try {
      const r = await inSandbox("other-port", ["curl", "-sS", "-o", "/dev/null", "-w", "%{http_code}", `http://127.0.0.1:${port}/`]);
      assert.equal(r.out.trim().slice(0, 3), "403", r.out);
      assert.deepEqual(
        r.record.blocked.map((b) => [b.host, b.port]),
        [["127.0.0.1", port]],
      );
    } finally {
      other.close();
    }
  });

  test("~/.ssh and the state directory cannot be read", async () => {
    const key = path.join(home, ".ssh", "id_rsa");
    const result = path.join(stateDir, "lane", "wave-1", "attempt-1", "result.json");
    const r = await inSandbox("reads", ["sh", "-c", 'cat "$1"; echo "key:$?"; cat "$2"; echo "state:$?"', "sh", key, result]);
    assert.doesNotMatch(r.out, /FAKE PRIVATE KEY/);
    assert.doesNotMatch(r.out, /secret/);
    assert.match(r.out, /key:1/);
    assert.match(r.out, /state:1/);
    // Outside the sandbox both are there.
    assert.equal(readFileSync(key, "utf8"), "FAKE PRIVATE KEY\n");
  });

  test(".git/hooks cannot be written; the work tree can", async () => {
    const r = await inSandbox("writes", [
      "sh",
      "-c",
      'echo hook > .git/hooks/pre-commit; echo "hook:$?"; echo data > notes.txt; echo "tree:$?"',
    ]);
    assert.match(r.out, /hook:[1-9]/);
    assert.match(r.out, /tree:0/);
    assert.equal(existsSync(path.join(work, ".git", "hooks", "pre-commit")), false);
    assert.equal(readFileSync(path.join(work, "notes.txt"), "utf8"), "data\n");
  });

  test("an argument arrives byte for byte and is never executed", async () => {
    const tricky = `$(touch pwned) \`touch pwned2\` 'single' "double" \\back\nsecond line  two  spaces; touch pwned3 && echo !x`;
    const r = await inSandbox("argv", [
      "node",
      "-e",
      "process.stdout.write(JSON.stringify(process.argv.slice(1)))",
      "--",
      tricky,
      "",
      "plain",
    ]);
    assert.equal(r.code, 0, r.out);
    assert.deepEqual(JSON.parse(r.out), [tricky, "", "plain"]);
    for (const f of ["pwned", "pwned2", "pwned3"]) assert.equal(existsSync(path.join(work, f)), false, f);
  });

  test("a Unix socket the agent is given (the run's control socket) is reachable inside", async () => {
    const ctl = path.join(stateDir, "ctl");
    await mkdir(ctl, { recursive: true });
    const socket = path.join(ctl, "control.sock");
    const server = net.createServer((c) => c.end("control answered\n")).listen(socket);
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    try {
      const script = `require("node:net").connect(process.argv[1]).on("data", (d) => process.stdout.write(d)).on("error", (e) => console.log("ERR", e.code))`;
      const r = await inSandbox("control", ["node", "-e", script, socket], { readable: [ctl] });
      assert.equal(r.out, "control answered\n");
    } finally {
      server.close();
    }
  });

  test("the run's record lists every agent", async () => {
    const report: SandboxReport = sandbox.report();
    assert.equal(report.kind, "wave-sandbox");
    assert.ok(report.agents.some((a) => a.agentId === "net" && a.blocked.length === 1));
  });
});

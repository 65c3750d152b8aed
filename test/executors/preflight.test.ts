import assert from "node:assert/strict";
import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { formatMissingExecutors, preflight, resolveProgram } from "../../src/executors/preflight.js";
import { makeExecutor } from "./fixtures.js";

describe("preflight", () => {
  let dir = "";
  let binDir = "";
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "wave-preflight-"));
    binDir = path.join(dir, "bin");
    await mkdir(binDir);
    await mkdir(path.join(dir, "tools"));
    const script = "#!/bin/sh\nexit 0\n";
    await writeFile(path.join(binDir, "fake-claude"), script);
    await chmod(path.join(binDir, "fake-claude"), 0o755);
    await writeFile(path.join(binDir, "not-exec"), script);
    await chmod(path.join(binDir, "not-exec"), 0o644);
    await writeFile(path.join(dir, "tools", "agent.sh"), script);
    await chmod(path.join(dir, "tools", "agent.sh"), 0o755);
    await writeFile(path.join(dir, "in-cwd"), script);
    await chmod(path.join(dir, "in-cwd"), 0o755);
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test("resolves like execvp: PATH search, slash paths from cwd, empty PATH entry = cwd", () => {
    const env = { PATH: binDir };
    assert.deepEqual(resolveProgram("fake-claude", env, dir), { path: path.join(binDir, "fake-claude") });
    assert.deepEqual(resolveProgram("not-exec", env, dir), { reason: "not-executable" });
    assert.deepEqual(resolveProgram("nope", env, dir), { reason: "not-found" });
    assert.deepEqual(resolveProgram("./tools/agent.sh", env, dir), { path: path.join(dir, "tools", "agent.sh") });
    assert.deepEqual(resolveProgram("tools/missing.sh", env, dir), { reason: "not-found" });
    assert.deepEqual(resolveProgram("in-cwd", { PATH: `:${binDir}` }, dir), { path: path.join(dir, "in-cwd") });
    assert.deepEqual(resolveProgram("in-cwd", env, dir), { reason: "not-found" });
    assert.deepEqual(resolveProgram("tools", { PATH: dir }, dir), { reason: "not-found" }, "a directory is not a program");
    assert.ok("path" in resolveProgram("sh", {}, dir), "no PATH falls back to /bin:/usr/bin");
  });

  test("one message lists every missing program, fallbacks included, and the blocked agents", () => {
    const agents = [
      {
        agentId: "A1",
        executor: makeExecutor("codex", {
          codex: { command: ["codex-missing"] },
          claude: { command: ["fake-claude"] },
          fallbacks: ["claude"],
        }),
      },
      { agentId: "A2", executor: makeExecutor("opencode", { opencode: { command: ["opencode-missing", "run"] } }) },
      { agentId: "A3", executor: makeExecutor("command", { command: { argv: ["./tools/agent.sh"] } }) },
      { agentId: "A4", executor: makeExecutor("command", { command: { argv: ["not-exec"] } }) },
      { agentId: "A5", executor: makeExecutor("local") },
      { agentId: "A6", executor: makeExecutor("command") },
      {
        agentId: "A7",
        executor: makeExecutor("claude", {
          claude: { command: ["fake-claude"] },
          codex: { command: ["codex-missing"] },
          fallbacks: ["codex"],
        }),
      },
    ];
    const report = preflight(agents, { env: { PATH: binDir }, cwd: dir, cliArgv: [process.execPath, "cli.js"] });
    assert.deepEqual(
      report.missing.map((m) => [m.executorId, m.program, m.reason, m.agents.map((a) => `${a.agentId}${a.asFallback ? "*" : ""}`)]),
      [
        ["codex", "codex-missing", "not-found", ["A1", "A7*"]],
        ["opencode", "opencode-missing", "not-found", ["A2"]],
        ["command", "not-exec", "not-executable", ["A4"]],
        ["command", "", "no-argv", ["A6"]],
      ],
    );
    assert.deepEqual(
      report.blockedAgents.map((b) => b.agentId),
      ["A2", "A4", "A6"],
    );
    assert.deepEqual(report.firstAvailable, {
      A1: "claude",
      A2: null,
      A3: "command",
      A4: null,
      A5: "local",
      A6: null,
      A7: "claude",
    });
    const message = formatMissingExecutors(report.missing, report.blockedAgents);
    assert.equal(message.split("\n")[0], "3 agent(s) have no executor that can start: A2 (opencode), A4 (command), A6 (command)");
    for (const part of [
      'codex "codex-missing": not found; needed by A1, A7 (fallback)',
      'opencode "opencode-missing": not found; needed by A2',
      'command "not-exec": found but not executable; needed by A4',
      "command: no command configured; needed by A6",
      "missing executor program(s): 4",
    ]) {
      assert.ok(message.includes(part), `message lacks: ${part}\n${message}`);
    }
  });

  test("agents behind another OS user: a program that user cannot start blocks its agents, naming where and why", () => {
    const asked: string[] = [];
    const report = preflight(
      [
        { agentId: "A1", executor: makeExecutor("claude", { claude: { command: ["fake-claude"] } }) },
        { agentId: "A5", executor: makeExecutor("local") },
      ],
      {
        env: { PATH: binDir },
        cwd: dir,
        cliArgv: [process.execPath],
        agentCannotRun: (file) => {
          asked.push(file);
          return file.endsWith("fake-claude") ? "the agent user cannot enter /root" : null;
        },
      },
    );
    assert.deepEqual(asked, [path.join(binDir, "fake-claude")], "asked once, for the program found; never for the local executor's CLI");
    assert.deepEqual(report.blockedAgents, [{ agentId: "A1", chain: ["claude"] }]);
    assert.equal(report.missing[0]?.reason, "agent-user-cannot-run");
    const message = formatMissingExecutors(report.missing, report.blockedAgents);
    assert.ok(
      message.includes(
        `claude "fake-claude": found at ${path.join(binDir, "fake-claude")}, but the agent user cannot enter /root; needed by A1`,
      ),
      message,
    );
    assert.match(message, /install the CLI where every user may run it/);
    const plain = formatMissingExecutors([
      { executorId: "codex", program: "codex", reason: "not-found", agents: [{ agentId: "A2", asFallback: false }] },
    ]);
    assert.doesNotMatch(plain, /every user may run it/, "the agent-user advice only where it applies");
  });

  test("nothing missing: empty report", () => {
    const report = preflight([{ agentId: "A5", executor: makeExecutor("local") }], {
      env: { PATH: binDir },
      cwd: dir,
      cliArgv: [process.execPath],
    });
    assert.deepEqual(report, { missing: [], blockedAgents: [], firstAvailable: { A5: "local" } });
  });
});

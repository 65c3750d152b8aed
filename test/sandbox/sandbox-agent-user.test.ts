/**
 * The sandbox as GitHub runs it: agents behind another OS user (`agent-user: auto`, the
 * orchestrator is root here) AND inside the sandbox. A hostile agent (the `command` executor with
 * test/fixtures/agents/attacker.mjs) tries what the boundary stops, plus what only the sandbox
 * stops: reading a world-readable file of the orchestrator's home and reaching a host outside the
 * allow-list. The wave still passes: the agent does its work and reaches the orchestrator.
 */
import assert from "node:assert/strict";
import { existsSync, promises as fs, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { test } from "node:test";
import type { EngineEvent } from "../../src/engine/types.js";
import { findProgram } from "../../src/sandbox/probe.js";
import { readSandboxReport } from "../../src/sandbox/report.js";
import { REPO_ROOT } from "../helpers/cli.js";
import { engineRun, implAgent, makeRepo, runDirOf, writeWave } from "../engine/fixture.js";

const ATTACKER = path.join(REPO_ROOT, "test", "fixtures", "agents", "attacker.mjs");
const missing = ["bwrap", "socat", "rg", "curl"].filter((p) => !findProgram(p, process.env.PATH));
const skip =
  process.getuid?.() !== 0
    ? "needs root to run agents as another user (CI runs as root)"
    : missing.length > 0
      ? `needs ${missing.join(", ")} (apt-get install -y bubblewrap socat ripgrep curl)`
      : false;

test("an agent behind another user and in the sandbox: denied the orchestrator's home and an unlisted host, still does its work", {
  skip,
}, async () => {
  const repo = await makeRepo("sandbox-au");
  const server = http.createServer((_req, res) => res.end("reached\n"));
  let hits = 0;
  server.on("request", () => hits++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    await fs.chmod(repo.base, 0o755);
    await fs.chmod(repo.ext, 0o777);
    // The orchestrator's home as a runner may leave it: readable by every user. Outside the
    // sandbox the agent user could read this file; in it, the home is hidden.
    const home = path.join(repo.ext, "orchestrator-home");
    await fs.mkdir(home, { mode: 0o755 });
    await fs.chmod(home, 0o755);
    const homeFile = path.join(home, "notes.txt");
    await fs.writeFile(homeFile, "the orchestrator's own file\n", { mode: 0o644 });
    // The probe's report goes into the work tree (the only place the agent may write), at a path it owns.
    const probeRel = "a1-probe.json";
    const spec = path.join(repo.ext, "attack-A1.json");
    const outsideUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    await fs.writeFile(
      spec,
      JSON.stringify({
        probe: path.join(repo.root, probeRel),
        secret: "not-used",
        stateDir: path.join(repo.root, ".wave"),
        orchestratorFile: homeFile,
        outsideUrl,
        write: { "src/a1.js": "export const a1 = 1;\n" },
        print: [
          "[wave-proof] completion=contract durability=none proof=unit state=met detail=done",
          "[wave-doc-delta] state=none detail=no docs touched",
        ],
      }),
      { mode: 0o644 },
    );
    await fs.chmod(spec, 0o644);
    const a1 = {
      ...implAgent("A1"),
      owned: [probeRel],
      executorLines: ["- id: command", `- command: ${process.execPath} ${ATTACKER} ${spec}`],
    };
    // Only A1: the fixture's standard agents count their starts in a file outside the work tree.
    await writeWave(repo, 1, [a1]);
    const events: EngineEvent[] = [];
    const { result } = await engineRun(repo, 1, { agentUser: { kind: "auto" }, sandbox: "on", maxAttempts: 1 }, events, { HOME: home });

    const log = (id: string) => readFileSync(path.join(runDirOf(repo, 1, 1), "agents", id, "agent.log"), "utf8");
    assert.equal(
      result.status,
      "passed",
      `${JSON.stringify(result.failure)}\n${result.failure?.agentId ? log(result.failure.agentId) : ""}`,
    );
    assert.equal(result.agentUser?.mode, "separate");
    const outcome = JSON.parse(readFileSync(path.join(repo.root, probeRel), "utf8")) as Record<string, string>;
    assert.notEqual(outcome.whoami, "0", "the agent ran as root");
    for (const name of [
      "read the orchestrator's home",
      "reach a host outside the allow-list",
      "write a git hook",
      "write git config",
      "sudo",
    ]) {
      assert.match(outcome[name] ?? "missing", /^denied/, `${name}: ${outcome[name]}`);
    }
    // The state directory is an empty directory in the sandbox: nothing to read, and what is
    // written there stays in the sandbox.
    assert.match(outcome["list the state directory"] ?? "missing", /^(denied|ok: $)/, outcome["list the state directory"]);
    assert.equal(existsSync(path.join(repo.root, ".wave", "main", "wave-1", "attempt-9")), false, "a planted attempt reached the state");
    assert.match(outcome["reach a host outside the allow-list"] ?? "", /HTTP 403/, "the sandbox's proxy answered, not the host");
    assert.equal(hits, 0, "the host outside the allow-list was never reached");
    assert.equal(outcome["git status"], "ok: works");
    assert.equal(outcome["write the work tree"], "ok: ");
    assert.match(outcome["wave coord post"] ?? "missing", /^ok: /, "the agent still reaches the orchestrator");

    // The run's record names the blocked request and the setting that would allow it.
    const report = await readSandboxReport(runDirOf(repo, 1, 1));
    const a1Record = report?.agents.find((a) => a.agentId === "A1");
    assert.deepEqual(
      a1Record?.blocked.map((b) => [b.host, b.port, b.count, b.setting]),
      [["127.0.0.1", (server.address() as AddressInfo).port, 1, "network.allowed: [127.0.0.1]"]],
    );
  } finally {
    server.close();
    await repo.cleanup();
  }
});

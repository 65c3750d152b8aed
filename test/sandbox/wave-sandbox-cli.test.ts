/**
 * A wave with `sandbox: on` and `model-proxy: on`: the real Claude Code CLI runs inside the
 * sandbox, reaches the model proxy (and through it the rehearsal's scripted server) and passes;
 * its process was started through bubblewrap; the run and the agent keep their sandbox records.
 * Skipped (with the reason) only where bubblewrap or the CLI is missing.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { runWave } from "../../src/engine/run-wave.js";
import type { EngineDeps, EngineEvent } from "../../src/engine/types.js";
import { MODEL_PROXY_REPORT_FILE, type ModelProxyReport } from "../../src/proxy/report.js";
import { rehearsalHook } from "../../src/rehearse/launch.js";
import { startRehearsalServer } from "../../src/rehearse/server.js";
import { runAgentProcess } from "../../src/runtime/run-agent.js";
import { findProgram } from "../../src/sandbox/probe.js";
import { type AgentSandboxRecord, SANDBOX_REPORT_FILE, type SandboxReport } from "../../src/sandbox/report.js";
import { type AgentSpec, cliEnv, implAgent, makeRepo, readResult, runDirOf, writeWave, runOptionsFor } from "../engine/fixture.js";
import { CLI_ARGV, REPO_ROOT } from "../helpers/cli.js";

const BIN_DIR = path.join(REPO_ROOT, "node_modules", ".bin");
const SEARCH_PATH = [BIN_DIR, ...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean)];
const missing = [
  ...["bwrap", "socat", "rg"].filter((p) => !findProgram(p, process.env.PATH)),
  ...(existsSync(path.join(BIN_DIR, "claude")) ? [] : ["claude"]),
];
const skip = missing.length > 0 ? `needs ${missing.join(", ")}` : false;

const withExecutor = (spec: AgentSpec, lines: string[]): AgentSpec => ({ ...spec, executorLines: lines });

describe("a wave with the sandbox and the model proxy on", { skip }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  test("Claude Code passes inside the sandbox, reaching its model only through the proxy", async (t) => {
    const repo = await makeRepo("sandbox-cli");
    cleanups.push(() => repo.cleanup());
    const server = await startRehearsalServer();
    cleanups.push(() => server.close());
    const homesDir = await mkdtemp(path.join(os.tmpdir(), "wave-sandbox-homes-"));
    cleanups.push(() => rm(homesDir, { recursive: true, force: true }));
    const hook = rehearsalHook({ server, homesDir, variantOf: () => "normal" });
    await writeWave(repo, 1, [withExecutor(implAgent("A1", {}, "src/a1.js"), ["- id: claude", "- claude.permission_mode: acceptEdits"])]);
    const events: EngineEvent[] = [];
    const argvs = new Map<string, string[]>();
    const options = runOptionsFor(repo, 1, { maxAttempts: 1, modelProxy: "on", sandbox: "on" });
    const deps: EngineDeps = {
      cliArgv: CLI_ARGV,
      now: () => new Date(),
      env: cliEnv({ PATH: SEARCH_PATH.join(path.delimiter) }),
      rehearsal: hook,
      runProcess: (opts) => {
        if (opts.env.WAVE_AGENT_ID) argvs.set(opts.env.WAVE_AGENT_ID, [...opts.argv]);
        return runAgentProcess(opts);
      },
      onEvent: (e) => {
        if (e.type !== "agent-output") events.push(e);
      },
    };
    const outcome = await runWave(options, deps);
    const runDir = runDirOf(repo, 1, 1);
    const log = existsSync(path.join(runDir, "agents", "A1", "agent.log"))
      ? readFileSync(path.join(runDir, "agents", "A1", "agent.log"), "utf8")
      : "";
    t.diagnostic(log.slice(-2000));
    assert.equal(
      outcome.result.status,
      "passed",
      JSON.stringify(events.filter((e) => e.type === "warning" || e.type === "gate")).slice(0, 3000),
    );
    assert.equal(readResult(repo, 1, 1).agents[0].status, "succeeded");
    // The process was started inside bubblewrap (the library's wrapped command).
    const argv = argvs.get("A1")!;
    assert.equal(argv[1], "-c");
    assert.match(argv[2]!, /\bbwrap\b.*--unshare-net/s);
    // The model requests went through the proxy to the scripted server.
    const proxy = JSON.parse(readFileSync(path.join(runDir, MODEL_PROXY_REPORT_FILE), "utf8")) as ModelProxyReport;
    const a1 = proxy.agents.find((a) => a.agentId === "A1")!;
    assert.ok(a1.forwarded >= 2, `forwarded ${a1.forwarded}`);
    assert.equal(a1.forwarded, server.activity("A1")!.requests);
    // The records: the run's and the agent's, with the proxy's address as its one model endpoint.
    const report = JSON.parse(readFileSync(path.join(runDir, SANDBOX_REPORT_FILE), "utf8")) as SandboxReport;
    assert.equal(report.mode, "on");
    assert.deepEqual(
      report.agents.map((a) => a.agentId),
      ["A1"],
    );
    const record = JSON.parse(readFileSync(path.join(runDir, "agents", "A1", "sandbox.json"), "utf8")) as AgentSandboxRecord;
    // One address: the proxy's (on loopback), not the scripted server's — the agent cannot reach that one.
    assert.equal(record.network.allowed.length, 1, JSON.stringify(record.network.allowed));
    assert.match(record.network.allowed[0]!, /^127\.0\.0\.1:\d+$/);
    assert.notEqual(record.network.allowed[0], new URL(server.url).host);
    assert.deepEqual(record.blocked, []);
    assert.ok(record.filesystem.hidden.includes(path.join(repo.root, ".wave")));
    assert.ok(record.filesystem.writable.includes(repo.root));
  });
});

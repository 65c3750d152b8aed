/**
 * The model proxy wired into wave runs (`modelProxy: "on" | "auto"`): the real codex, Claude Code
 * and OpenCode CLIs rehearse a wave through the proxy (the rehearsal's scripted server as its
 * upstream), the recorded usage is what the proxy read at the wire, and no agent's environment
 * holds the upstream's key or the orchestrator's; `on` with a subscription login fails before any
 * agent runs; `auto` without a key runs as before with one notice; a budget spent at the proxy
 * ends the agent `budget-exceeded` although its CLI prints no usage.
 */
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { DEFAULT_RUN_OPTIONS, type RunOptions } from "../../src/engine/options.js";
import { runWave } from "../../src/engine/run-wave.js";
import type { EngineDeps, EngineEvent } from "../../src/engine/types.js";
import { PROXY_TOKEN_ENV } from "../../src/proxy/hook.js";
import { MODEL_PROXY_REPORT_FILE, type ModelProxyReport } from "../../src/proxy/report.js";
import { rehearsalHook } from "../../src/rehearse/launch.js";
import { type RehearsalServer, startRehearsalServer } from "../../src/rehearse/server.js";
import { runAgentProcess } from "../../src/runtime/run-agent.js";
import {
  AGENT_SCRIPT,
  type AgentSpec,
  cliEnv,
  implAgent,
  type Json,
  makeRepo,
  readResult,
  runDirOf,
  type TestRepo,
  wave,
  writeWave,
} from "../engine/fixture.js";
import { CLI_ARGV, REPO_ROOT } from "../helpers/cli.js";

const BIN_DIR = path.join(REPO_ROOT, "node_modules", ".bin");
const SEARCH_PATH = [BIN_DIR, ...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean)];
const missing = ["codex", "claude", "opencode"].filter((c) => !SEARCH_PATH.some((dir) => existsSync(path.join(dir, c))));
const skipCli = missing.length > 0 ? `not installed: ${missing.join(", ")}` : false;

/** Keys of the orchestrator's environment: they must never reach an agent. */
const PARENT_KEYS = {
  ANTHROPIC_API_KEY: "sk-ant-orchestrator-wiring-4b6d8f0a2c4e6a8b",
  OPENAI_API_KEY: "sk-openai-orchestrator-wiring-9c1e3a5b7d9f1b3d",
};

const withExecutor = (spec: AgentSpec, lines: string[]): AgentSpec => ({ ...spec, executorLines: lines });

function optionsFor(repo: TestRepo, overrides: Partial<RunOptions>): RunOptions {
  return {
    ...DEFAULT_RUN_OPTIONS,
    root: repo.root,
    configPath: undefined,
    lane: undefined,
    stateDir: path.join(repo.root, ".wave"),
    wave: 1,
    executor: undefined,
    redact: [],
    agentUser: { kind: "none" },
    maxAttempts: 1,
    ...overrides,
  };
}

/** A rehearsal (scripted server) whose per-agent keys are remembered: they play the real keys. */
async function rehearsal(cleanups: (() => Promise<void>)[]) {
  const server: RehearsalServer = await startRehearsalServer();
  cleanups.push(() => server.close());
  const homesDir = await mkdtemp(path.join(os.tmpdir(), "wave-wiring-homes-"));
  cleanups.push(() => rm(homesDir, { recursive: true, force: true }));
  const keys = new Map<string, string>();
  const recording: RehearsalServer = {
    ...server,
    url: server.url,
    register(script) {
      const registered = server.register(script);
      keys.set(script.agentId, registered.key);
      return registered;
    },
  };
  const hook = rehearsalHook({ server: recording, homesDir, variantOf: () => "normal" });
  return { server, keys, hook };
}

/** Engine deps that keep each agent's launch environment (as given to its process). */
function depsFor(
  events: EngineEvent[],
  envs: Map<string, Record<string, string>>,
  extra: Partial<EngineDeps> & { env: NodeJS.ProcessEnv },
): EngineDeps {
  return {
    cliArgv: CLI_ARGV,
    now: () => new Date(),
    runProcess: (opts) => {
      if (opts.env.WAVE_AGENT_ID) envs.set(opts.env.WAVE_AGENT_ID, { ...opts.env });
      return runAgentProcess(opts);
    },
    onEvent: (e) => {
      if (e.type !== "agent-output") events.push(e);
    },
    ...extra,
  };
}

const proxyReportOf = (repo: TestRepo): ModelProxyReport =>
  JSON.parse(readFileSync(path.join(runDirOf(repo, 1, 1), MODEL_PROXY_REPORT_FILE), "utf8")) as ModelProxyReport;

describe("the model proxy in a wave run", () => {
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  test("rehearsal with model-proxy on: codex, claude and opencode pass through the proxy; usage is what it read; no key in any agent's environment", {
    skip: skipCli,
  }, async (t) => {
    const repo = await makeRepo("wiring-rehearse");
    cleanups.push(() => repo.cleanup());
    const { server, keys, hook } = await rehearsal(cleanups);
    await writeWave(repo, 1, [
      withExecutor(implAgent("A1", {}, "src/a1.js"), ["- id: codex", "- codex.sandbox: danger-full-access"]),
      withExecutor(implAgent("A2", {}, "src/a2.js"), ["- id: claude", "- claude.permission_mode: acceptEdits"]),
      withExecutor(implAgent("A3", {}, "src/a3.js"), ["- id: opencode", "- model: wave-rehearsal/rehearsal"]),
    ]);
    const events: EngineEvent[] = [];
    const envs = new Map<string, Record<string, string>>();
    const outcome = await runWave(
      optionsFor(repo, { modelProxy: "on" }),
      depsFor(events, envs, { env: cliEnv({ PATH: SEARCH_PATH.join(path.delimiter), ...PARENT_KEYS }), rehearsal: hook }),
    );
    const result = readResult(repo, 1, 1);
    t.diagnostic(JSON.stringify(result.agents.map((a: Json) => [a.id, a.status, a.usage?.inputTokens])));
    assert.equal(
      outcome.result.status,
      "passed",
      JSON.stringify(events.filter((e) => e.type === "warning" || e.type === "gate")).slice(0, 3000),
    );

    const report = proxyReportOf(repo);
    assert.equal(report.mode, "on");
    assert.deepEqual(report.agents.map((a) => a.agentId).sort(), ["A1", "A2", "A3"]);
    assert.deepEqual(report.skipped, []);
    assert.deepEqual(report.refusedTargets, []);
    const realKeys = [...keys.values(), ...Object.values(PARENT_KEYS)];
    assert.equal(keys.size, 3, "every agent was registered with the scripted server");
    for (const id of ["A1", "A2", "A3"]) {
      const theirs = server.activity(id)!;
      const mine = report.agents.find((a) => a.agentId === id)!;
      assert.ok(theirs.usage.requests >= 2, `${id}: the upstream answered`);
      // Every request the upstream answered came through the proxy, and was metered there.
      assert.equal(mine.forwarded, theirs.requests, `${id}: forwarded`);
      // The allow-lists of the CLI's provider API carry all it sent.
      assert.deepEqual([mine.refusedRoutes, mine.droppedHeaders], [[], []], `${id}: refused by the allow-lists`);
      assert.equal(mine.usage.inputTokens, theirs.usage.inputTokens, `${id}: input at the wire`);
      assert.equal(mine.usage.outputTokens, theirs.usage.outputTokens, `${id}: output at the wire`);
      // The recorded usage is the proxy's (its turns are the answers it metered), with the CLI's session id.
      const recorded = result.agents.find((a: Json) => a.id === id).usage;
      assert.equal(recorded.inputTokens, theirs.usage.inputTokens, `${id}: recorded input`);
      assert.equal(recorded.outputTokens, theirs.usage.outputTokens, `${id}: recorded output`);
      assert.equal(recorded.cachedInputTokens, theirs.usage.cachedInputTokens, `${id}: recorded cached`);
      const { sessionId: _cli, continuedSession, ...figures } = recorded;
      const { sessionId: _wire, ...atWire } = mine.usage;
      assert.deepEqual(figures, atWire, `${id}: recorded usage is the proxy's`);
      assert.equal(continuedSession, false);
      // The environment the agent's process got: no real key under any name.
      const env = envs.get(id)!;
      assert.ok(env, `${id}: its process started`);
      for (const key of realKeys) assert.ok(!Object.values(env).some((v) => v.includes(key)), `${id}: a real key in its environment`);
    }
    // Claude Code's own session id is kept (the proxy knows none).
    assert.match(result.agents.find((a: Json) => a.id === "A2").usage.sessionId, /^[0-9a-f-]{36}$/);
    // Each CLI holds the proxy's token where it reads its key, and the proxy's address.
    assert.match(envs.get("A1")![PROXY_TOKEN_ENV]!, /^wave-proxy-[0-9a-f]{48}$/);
    assert.match(envs.get("A2")!.ANTHROPIC_API_KEY!, /^wave-proxy-[0-9a-f]{48}$/);
    assert.match(envs.get("A2")!.ANTHROPIC_BASE_URL!, /^http:\/\/127\.0\.0\.1:\d+\/agents\/A2$/);
    // OpenCode: the proxy's config (with the token) replaces the rehearsal's (with the upstream's key)
    // and is listed as sensitive, so it never leaves the job.
    const config = envs.get("A3")!.OPENCODE_CONFIG!;
    assert.equal(path.basename(config), "opencode-proxy.json");
    const written = JSON.parse(readFileSync(config, "utf8"));
    assert.match(written.provider["wave-rehearsal"].options.baseURL, /^http:\/\/127\.0\.0\.1:\d+\/agents\/A3\/v1$/);
    assert.ok(!readFileSync(config, "utf8").includes(keys.get("A3")!), "the upstream key is not in the proxy's config");
    assert.equal(existsSync(path.join(path.dirname(config), "opencode-rehearsal.json")), false);
    const sensitive = JSON.parse(readFileSync(path.join(runDirOf(repo, 1, 1), "agents", "A3", "sensitive.json"), "utf8")) as string[];
    assert.ok(sensitive.includes(path.relative(runDirOf(repo, 1, 1), config)), JSON.stringify(sensitive));
    // Every token was revoked when its agent ended: the proxy refuses it now.
    const res = await fetch(`${envs.get("A2")!.ANTHROPIC_BASE_URL}/v1/messages`, {
      method: "POST",
      headers: { "x-api-key": envs.get("A2")!.ANTHROPIC_API_KEY!, "content-type": "application/json" },
      body: "{}",
    }).catch((e: unknown) => e);
    // The proxy is closed with the run: the request cannot even connect.
    assert.ok(res instanceof Error || (res as Response).status === 401);
  });

  test("model-proxy on with a subscription login fails before any agent runs, naming why", async () => {
    const repo = await makeRepo("wiring-on-oauth");
    cleanups.push(() => repo.cleanup());
    await writeWave(repo, 1, [
      withExecutor(implAgent("A1", {}, "src/a1.js"), ["- id: claude", `- claude.command: ${process.execPath} -e 0`]),
    ]);
    const events: EngineEvent[] = [];
    const envs = new Map<string, Record<string, string>>();
    await assert.rejects(
      runWave(
        optionsFor(repo, { modelProxy: "on" }),
        depsFor(events, envs, { env: cliEnv({ CLAUDE_CODE_OAUTH_TOKEN: "oauth-subscription-token" }) }),
      ),
      (e: Error) => {
        assert.match(e.message, /model-proxy is on, but this agent cannot go through the model proxy/);
        assert.match(e.message, /A1 \(claude\): a Claude subscription login \(CLAUDE_CODE_OAUTH_TOKEN\) cannot be proxied/);
        return true;
      },
    );
    assert.equal(envs.size, 0, "no agent process started");
    assert.equal(events.filter((e) => e.type === "agent-start").length, 0);
    const result = readResult(repo, 1, 1);
    assert.equal(result.status, "failed");
    assert.equal(result.failure.statusCode, "model-proxy-unavailable");
    assert.equal(result.failure.stage, "preflight");
    assert.equal(result.failure.agentId, "A1");
  });

  test("wave run --model-proxy reaches the engine: on with a subscription login fails at preflight; a bad mode is a usage error", async () => {
    const repo = await makeRepo("wiring-cli-flag");
    cleanups.push(() => repo.cleanup());
    await writeWave(repo, 1, [
      withExecutor(implAgent("A1", {}, "src/a1.js"), ["- id: claude", `- claude.command: ${process.execPath} -e 0`]),
    ]);
    const on = await wave(repo, ["run", "--wave", "1", "--model-proxy", "on", "--json"], {
      env: { CLAUDE_CODE_OAUTH_TOKEN: "oauth-subscription-token" },
    });
    assert.notEqual(on.code, 0);
    assert.match(on.stderr + on.stdout, /cannot go through the model proxy/);
    assert.equal(readResult(repo, 1, 1).failure.statusCode, "model-proxy-unavailable");
    const bad = await wave(repo, ["run", "--wave", "1", "--model-proxy", "sometimes"]);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--model-proxy/);
  });

  test("model-proxy auto without a key: the agent runs as before, with one notice", async () => {
    const repo = await makeRepo("wiring-auto-nokey");
    cleanups.push(() => repo.cleanup());
    const copied = path.join(repo.ext, "env-A1.json");
    const behaviourFile = path.join(repo.ext, "behaviour-w1-A1.json");
    const a1 = implAgent("A1", { copyEnv: copied }, "src/a1.js");
    await writeWave(repo, 1, [
      withExecutor(a1, [
        "- id: claude",
        `- claude.command: ${process.execPath} ${AGENT_SCRIPT} ${behaviourFile}`,
        "- claude.output_format: text",
      ]),
      implAgent("A2", {}, "src/a2.js"),
    ]);
    const events: EngineEvent[] = [];
    const envs = new Map<string, Record<string, string>>();
    const outcome = await runWave(
      optionsFor(repo, { modelProxy: "auto" }),
      depsFor(events, envs, { env: cliEnv({ ANTHROPIC_BASE_URL: "https://gateway.example" }) }),
    );
    assert.equal(outcome.result.status, "passed", JSON.stringify(events.filter((e) => e.type === "warning")));
    const notices = events.filter(
      (e): e is Extract<EngineEvent, { type: "notice" }> => e.type === "notice" && e.message.includes("runs without it"),
    );
    assert.deepEqual(
      notices.map((n) => n.message),
      ["model proxy: agent A1 (claude) runs without it: no ANTHROPIC_API_KEY in the environment"],
    );
    // As today: the CLI's own settings reach it, nothing of the proxy does.
    const env = JSON.parse(readFileSync(copied, "utf8")) as Record<string, string>;
    assert.equal(env.ANTHROPIC_BASE_URL, "https://gateway.example");
    assert.equal(env[PROXY_TOKEN_ENV], undefined);
    const report = proxyReportOf(repo);
    assert.deepEqual(report.agents, []);
    assert.deepEqual(report.skipped, [{ agentId: "A1", executor: "claude", reason: "no ANTHROPIC_API_KEY in the environment" }]);
  });

  test("a budget spent at the proxy ends the agent budget-exceeded although its CLI prints no usage", { skip: skipCli }, async (t) => {
    const repo = await makeRepo("wiring-budget");
    cleanups.push(() => repo.cleanup());
    const { hook } = await rehearsal(cleanups);
    await writeWave(repo, 1, [
      {
        ...withExecutor(implAgent("A1", {}, "src/a1.js"), [
          "- id: claude",
          "- claude.permission_mode: acceptEdits",
          "- claude.output_format: text",
        ]),
        moreExecutorLines: ["- budget.tokens: 1"],
      },
      withExecutor(implAgent("A2", {}, "src/a2.js"), [
        "- id: claude",
        "- claude.permission_mode: acceptEdits",
        "- claude.output_format: text",
      ]),
    ]);
    const events: EngineEvent[] = [];
    const envs = new Map<string, Record<string, string>>();
    const outcome = await runWave(
      // One agent at a time: A1 spends its budget, and A2 never starts.
      optionsFor(repo, { modelProxy: "on", maxParallelAgents: 1 }),
      depsFor(events, envs, { env: cliEnv({ PATH: SEARCH_PATH.join(path.delimiter) }), rehearsal: hook }),
    );
    const result = readResult(repo, 1, 1);
    t.diagnostic(JSON.stringify(result.agents.map((a: Json) => [a.id, a.status, a.usage])));
    assert.equal(outcome.result.status, "failed");
    assert.equal(result.failure.statusCode, "budget-exceeded");
    assert.equal(result.failure.agentId, "A1");
    assert.match(result.failure.detail, /^A1 spent \d+ tokens of its 1 tokens budget \(budget\.tokens\)$/);
    const a1 = result.agents.find((a: Json) => a.id === "A1");
    assert.equal(a1.status, "budget-exceeded");
    // The usage recorded is the proxy's (the CLI printed none in text mode).
    const report = proxyReportOf(repo);
    const atWire = report.agents.find((a) => a.agentId === "A1")!;
    assert.ok((atWire.usage.inputTokens ?? 0) > 1);
    assert.equal(a1.usage.inputTokens, atWire.usage.inputTokens);
    assert.equal(atWire.budgetStop?.breach.measure, "tokens");
    assert.equal(result.agents.find((a: Json) => a.id === "A2").status, "not-run");
    assert.equal(envs.has("A2"), false);
  });
});

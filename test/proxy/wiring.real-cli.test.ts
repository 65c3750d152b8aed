/**
 * The real codex, Claude Code and OpenCode CLIs run a wave through the model proxy, with the
 * scripted model server as the upstream (its per-agent key plays the real key): the wave passes,
 * the usage the proxy read at the wire is what the server answered, the allow-lists of each CLI's
 * provider API (routes and headers) refused nothing it sent, and no agent process ever had a real
 * key — neither the upstream's keys nor the API keys of the orchestrator's environment — in its
 * environment or command line (checked in /proc while each request is being answered).
 */
import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { DEFAULT_RUN_OPTIONS, type RunOptions } from "../../src/engine/options.js";
import { runWave } from "../../src/engine/run-wave.js";
import type { EngineEvent, RehearsalLaunch } from "../../src/engine/types.js";
import { PROXY_TOKEN_ENV, proxyHook } from "../../src/proxy/hook.js";
import { type ModelProxy, startModelProxy } from "../../src/proxy/server.js";
import { scriptFor } from "../../src/rehearse/script.js";
import { type RehearsalServer, startRehearsalServer } from "../../src/rehearse/server.js";
import { runAgentProcess } from "../../src/runtime/run-agent.js";
import { type AgentSpec, cliEnv, implAgent, type Json, makeRepo, readResult, type TestRepo, writeWave } from "../engine/fixture.js";
import { CLI_ARGV, REPO_ROOT } from "../helpers/cli.js";

const BIN_DIR = path.join(REPO_ROOT, "node_modules", ".bin");
/** The CLIs come from the dev dependencies, else from PATH. */
const SEARCH_PATH = [BIN_DIR, ...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean)];
const missing = ["codex", "claude", "opencode"].filter((c) => !SEARCH_PATH.some((dir) => existsSync(path.join(dir, c))));
const skip = missing.length > 0 ? `not installed: ${missing.join(", ")}` : false;

/** Keys of the orchestrator's environment: the hook must keep them from the agents. */
const PARENT_KEYS = {
  ANTHROPIC_API_KEY: "sk-ant-orchestrator-only-7f3e1c9a5b2d4e6f8a0b",
  OPENAI_API_KEY: "sk-openai-orchestrator-only-2c4e6a8b0d1f3a5c7e9b",
};

const withExecutor = (spec: AgentSpec, lines: string[]): AgentSpec => ({ ...spec, executorLines: lines });

interface ProcSeen {
  agentId: string;
  pid: number;
  /** Real keys found in its environment or command line (must stay empty). */
  leaked: string[];
  hasToken: boolean;
}

/** Every readable process of an agent (WAVE_AGENT_ID in its environment) and what it holds. */
function scanProcesses(realKeys: () => string[], tokenOf: (agentId: string) => string | null): ProcSeen[] {
  const out: ProcSeen[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let environ: string;
    let cmdline: string;
    try {
      environ = readFileSync(`/proc/${entry}/environ`, "utf8");
      cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
    } catch {
      continue;
    }
    const id = /(?:^|\0)WAVE_AGENT_ID=([^\0]*)/.exec(environ)?.[1];
    if (!id) continue;
    const token = tokenOf(id);
    out.push({
      agentId: id,
      pid: Number(entry),
      leaked: realKeys().filter((k) => environ.includes(k) || cmdline.includes(k)),
      hasToken: token !== null && environ.includes(token),
    });
  }
  return out;
}

describe("the real CLIs through the model proxy", { skip }, () => {
  const cleanups: (() => Promise<void>)[] = [];
  after(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  test("codex, claude and opencode pass a wave; the upstream got its key, the agents never saw one", async (t) => {
    const repo: TestRepo = await makeRepo("proxy-cli");
    cleanups.push(() => repo.cleanup());
    const homesDir = await mkdtemp(path.join(os.tmpdir(), "wave-proxy-homes-"));
    cleanups.push(() => rm(homesDir, { recursive: true, force: true }));
    const upstreamKeys = new Map<string, string>();
    const tokens = new Map<string, string>();
    const scans: ProcSeen[][] = [];
    const realKeys = () => [...upstreamKeys.values(), ...Object.values(PARENT_KEYS)];
    const server: RehearsalServer = await startRehearsalServer({
      // While the server answers an agent's request, its CLI is running: look at every agent process.
      onLog: (entry) => {
        if (entry.agent) scans.push(scanProcesses(realKeys, (id) => tokens.get(id) ?? null));
      },
    });
    cleanups.push(() => server.close());
    const proxy: ModelProxy = await startModelProxy();
    cleanups.push(() => proxy.close());
    const hook = proxyHook({
      proxy,
      homesDir,
      isolateHome: true,
      offline: true,
      upstreamFor: (launch) => {
        const registered = server.register(scriptFor(launch.context, "normal"));
        upstreamKeys.set(launch.context.agent.agentId, registered.key);
        return {
          upstream: {
            provider: "rehearsal",
            baseUrl: registered.baseUrl,
            key: registered.key,
            auth: launch.spec.executorId === "claude" ? "x-api-key" : "bearer",
            api: launch.spec.executorId === "claude" ? "anthropic" : "openai",
          },
        };
      },
    });
    const envs = new Map<string, Record<string, string>>();
    const rehearsal = async (launch: RehearsalLaunch) => {
      const env = await hook(launch);
      const id = launch.context.agent.agentId;
      envs.set(id, env);
      // The token the CLI sends: in its environment (codex, claude) or its config file (OpenCode).
      const token =
        env[PROXY_TOKEN_ENV] ??
        env.ANTHROPIC_API_KEY ??
        (JSON.parse(readFileSync(env.OPENCODE_CONFIG!, "utf8")).provider["wave-rehearsal"].options.apiKey as string);
      tokens.set(id, token);
      return env;
    };

    await writeWave(repo, 1, [
      withExecutor(implAgent("A1", {}, "src/a1.js"), ["- id: codex", "- codex.sandbox: danger-full-access"]),
      withExecutor(implAgent("A2", {}, "src/a2.js"), ["- id: claude", "- claude.permission_mode: acceptEdits"]),
      withExecutor(implAgent("A3", {}, "src/a3.js"), ["- id: opencode", "- model: wave-rehearsal/rehearsal"]),
    ]);
    const options: RunOptions = {
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
    };
    const events: EngineEvent[] = [];
    const outcome = await runWave(options, {
      env: cliEnv({ PATH: SEARCH_PATH.join(path.delimiter), ...PARENT_KEYS }),
      cliArgv: CLI_ARGV,
      now: () => new Date(),
      runProcess: runAgentProcess,
      onEvent: (e) => {
        if (e.type !== "agent-output") events.push(e);
      },
      rehearsal,
    });
    const result = readResult(repo, 1, 1);
    t.diagnostic(JSON.stringify(result.agents.map((a: Json) => [a.id, a.status])));
    assert.equal(result.status, "passed", JSON.stringify(events.filter((e) => e.type === "warning" || e.type === "gate")).slice(0, 3000));
    assert.equal(outcome.result.status, "passed");

    for (const id of ["A1", "A2", "A3"]) {
      assert.ok(existsSync(path.join(repo.root, `src/${id.toLowerCase()}.js`)), `${id} wrote its file through the proxy`);
      // The environment the agent got: no real key under any name, the token where its CLI reads it.
      const env = envs.get(id)!;
      for (const key of realKeys()) assert.ok(!Object.values(env).includes(key), `${id}: a real key in its environment`);
      assert.equal(env.ANTHROPIC_BASE_URL === undefined, id !== "A2");
      // What the upstream answered is what the proxy metered at the wire.
      const theirs = server.activity(id)!;
      const mine = proxy.activity(id)!;
      assert.ok(theirs.usage.requests >= 2, `${id}: the upstream answered`);
      assert.equal(mine.forwarded, theirs.requests, `${id}: every request went through the proxy`);
      // The allow-lists carry everything the real CLI sends: no route refused, no header dropped.
      assert.deepEqual([mine.refusedRoutes, mine.droppedHeaders], [[], []], `${id}: the allow-lists of wire-usage.ts`);
      assert.equal(mine.usage.inputTokens, theirs.usage.inputTokens, `${id} input`);
      assert.equal(mine.usage.cachedInputTokens, theirs.usage.cachedInputTokens, `${id} cached`);
      assert.equal(mine.usage.outputTokens, theirs.usage.outputTokens, `${id} output`);
      // The CLI's own report agrees (the proxy is the meter when it is on; here both are known).
      const reported = result.agents.find((a: Json) => a.id === id).usage;
      assert.equal(reported.inputTokens, mine.usage.inputTokens, `${id}: the CLI reported what the proxy read`);
    }
    assert.equal(envs.get("A1")![PROXY_TOKEN_ENV], tokens.get("A1"));
    assert.equal(envs.get("A2")!.ANTHROPIC_API_KEY, tokens.get("A2"));
    assert.match(envs.get("A2")!.ANTHROPIC_BASE_URL!, /^http:\/\/127\.0\.0\.1:\d+\/agents\/A2$/);
    // Requests without a token (a CLI's connectivity probe) are refused and recorded; none had a wrong one.
    t.diagnostic(
      `refused without a valid token: ${JSON.stringify(proxy.unauthorized().map((u) => [u.agentId, u.method, u.path, u.reason]))}`,
    );
    assert.equal(proxy.unauthorized().filter((u) => u.reason !== "no token").length, 0, JSON.stringify(proxy.unauthorized()));

    // /proc while the requests were answered: each agent's processes were seen, none held a real key.
    const seen = scans.flat();
    for (const id of ["A1", "A2", "A3"]) {
      const mine = seen.filter((p) => p.agentId === id);
      assert.ok(mine.length > 0, `${id}: its processes were looked at`);
      if (id !== "A3")
        assert.ok(
          mine.some((p) => p.hasToken),
          `${id}: its CLI held the token`,
        );
    }
    assert.deepEqual(
      seen.filter((p) => p.leaked.length > 0),
      [],
    );
  });
});

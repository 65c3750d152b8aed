/**
 * The parts of the model proxy's wiring that need no agent CLI: the budget guard's stops from the
 * proxy and its usage at the wire, the proxy's report (probes apart from refused requests) and
 * its rendering, the upstream a rehearsal left in a launch, the preflight of `on`, and the input
 * and flag that turn it on.
 */
import assert from "node:assert/strict";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { readInputs, runOptionsFrom } from "../../src/action/inputs.js";
import { renderWaveSummary } from "../../src/report/wave-summary.js";
import { passedResult } from "../report/fixtures.js";
import { BudgetGuard } from "../../src/engine/budget-guard.js";
import type { RehearsalLaunch } from "../../src/engine/types.js";
import { buildLaunchSpec } from "../../src/executors/launch-spec.js";
import { openWaveProxy, preflightSkips, proxyWillCarry, upstreamOfPointedEnv } from "../../src/proxy/wiring.js";
import {
  MODEL_PROXY_REPORT_FILE,
  type ModelProxyReport,
  modelProxyText,
  readModelProxyReport,
  renderProxyMarkdown,
  renderProxyText,
} from "../../src/proxy/report.js";
import { emptyUsage } from "../usage/fixtures.js";
import { makeRepo, type TestRepo, waveInProcess } from "../engine/fixture.js";
import { makeCtx, makeExecutor } from "../executors/fixtures.js";

let tmp = "";
before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "wave-wiring-parts-"));
});
after(async () => {
  await rm(tmp, { recursive: true, force: true });
});

let n = 0;
async function launchOf(id: "claude" | "codex" | "opencode", env: Record<string, string>): Promise<RehearsalLaunch> {
  const root = path.join(tmp, `repo-${++n}`);
  const context = makeCtx(makeExecutor(id, {}), { root, overlayDir: path.join(root, "overlay"), agent: { agentId: `A${n}` } });
  return { context, spec: buildLaunchSpec(context), env, home: null, identity: null };
}

describe("budget guard with the model proxy", () => {
  test("an agent metered at the wire: its usage and the totals are the proxy's; a stop from the proxy takes the usual path", () => {
    const stops: string[] = [];
    const guard = new BudgetGuard({}, 1, (s) => stops.push(s.detail));
    guard.meter("A1", null);
    guard.meter("A2", null);
    const wire = { ...emptyUsage(), inputTokens: 900, outputTokens: 100, costUsd: 0.25 };
    guard.meterAtWire("A1", () => wire);
    assert.deepEqual(guard.usageOf("A1"), wire);
    assert.equal(guard.totals().totalTokens, 1000);
    assert.equal(guard.totals().costUsd, 0.25);
    // The wire usage counts against the agent's own budget too.
    guard.check("A1", { usd: null, tokens: 999 });
    assert.equal(guard.stopOf("A1")?.detail, "A1 spent 1000 tokens of its 999 tokens budget (budget.tokens)");
    assert.equal(guard.exhausted, true);

    const second = new BudgetGuard({}, 0.5, (s) => stops.push(s.detail));
    const a1 = second.start("A1");
    const a2 = second.start("A2");
    second.start("A3");
    second.finish("A3");
    // The proxy reports a wave breach for A1 and then for every agent it knows (A3 had finished).
    const breach = { scope: "wave" as const, measure: "usd" as const, spent: 0.6, limit: 0.5, estimated: false };
    second.stopFor("A1", breach);
    second.stopFor("A3", breach);
    assert.equal(a1.aborted, true);
    assert.equal(a2.aborted, true, "a running agent is stopped by a wave breach");
    assert.equal(second.stopOf("A3"), null, "an agent that had finished is not marked");
    assert.equal(second.firstStop?.agentId, "A1");
    assert.match(second.stopOf("A2")!.detail, /budget \(max-budget-usd\); A2 was stopped$/);
    // An agent's own breach stops that agent only.
    const third = new BudgetGuard({}, null);
    const b1 = third.start("B1");
    const b2 = third.start("B2");
    third.stopFor("B2", { scope: "agent", measure: "tokens", spent: 20, limit: 10, estimated: false });
    assert.deepEqual([b1.aborted, b2.aborted], [false, true]);
  });
});

describe("the wave's proxy", () => {
  test("a credential-less HEAD is a probe; other requests without a valid token are listed; the report renders", async () => {
    const notices: string[] = [];
    const proxy = await openWaveProxy({
      mode: "auto",
      pricing: {},
      maxBudgetUsd: null,
      env: { ANTHROPIC_API_KEY: "sk-ant-parts-real" },
      rehearsal: false,
      onBudgetStop: () => {},
      onNotice: (m) => notices.push(m),
    });
    try {
      const launch = await launchOf("claude", { PATH: "/usr/bin", ANTHROPIC_API_KEY: "sk-ant-parts-real" });
      const id = launch.context.agent.agentId;
      const env = await proxy.launch(launch);
      assert.equal(proxy.carries(id), true);
      assert.deepEqual(proxy.usageOf(id), { ...emptyUsage(), model: launch.context.executor.model });
      assert.match(env.ANTHROPIC_API_KEY!, /^wave-proxy-/);
      const base = env.ANTHROPIC_BASE_URL!;
      const head = await fetch(base, { method: "HEAD" });
      assert.equal(head.status, 401);
      const wrong = await fetch(`${base}/v1/messages`, { method: "POST", headers: { "x-api-key": "guess" }, body: "{}" });
      assert.equal(wrong.status, 401);
      await wrong.text();
      await (await fetch(`${proxy.url}/elsewhere`, { method: "POST", body: "{}" })).text();
      // With its token, a route the Anthropic API does not have is refused and counted (the header too).
      const files = await fetch(`${base}/v1/files`, { headers: { "x-api-key": env.ANTHROPIC_API_KEY!, "openai-organization": "org-x" } });
      assert.equal(files.status, 403);
      assert.equal(((await files.json()) as { error: { type: string } }).error.type, "permission_error");
      // A revoked token is refused.
      proxy.revoke(id);
      const revoked = await fetch(`${base}/v1/messages`, { method: "POST", headers: { "x-api-key": env.ANTHROPIC_API_KEY! }, body: "{}" });
      assert.equal(revoked.status, 401);
      await revoked.text();
      const report = proxy.report();
      assert.equal(report.probes, 1);
      assert.deepEqual(
        report.unauthorized.map((u) => [u.agentId, u.method, u.path, u.reason]),
        [
          [id, "POST", `/agents/${id}/v1/messages`, "wrong token"],
          [null, "POST", "/elsewhere", "unknown agent"],
          [id, "POST", `/agents/${id}/v1/messages`, "unknown agent"],
        ],
      );
      assert.deepEqual(
        report.agents.map((a) => [a.agentId, a.requests, a.refusedRoutes, a.droppedHeaders]),
        [[id, 1, [{ method: "GET", path: "/v1/files", count: 1 }], []]],
      );
      assert.deepEqual(report.refusedTargets, []);
    } finally {
      await proxy.close();
    }
    assert.deepEqual(notices, []);
  });

  test("the summary section: one row per agent with its waits and why; refused requests and probes apart", async () => {
    const usage = { ...emptyUsage(), inputTokens: 10, outputTokens: 2 };
    const report: ModelProxyReport = {
      schemaVersion: 1,
      kind: "wave-model-proxy",
      mode: "on",
      agents: [
        {
          agentId: "A1",
          provider: "anthropic",
          requests: 7,
          forwarded: 6,
          refused: 1,
          refusedRoutes: [{ method: "GET", path: "/v1/files", count: 2 }],
          droppedHeaders: [{ name: "openai-organization", count: 3 }],
          retried: 2,
          upstreamErrors: 0,
          waitedRequests: 3,
          waits: { concurrency: 1500, "retry-after": 250 },
          usage,
          budgetStop: null,
        },
      ],
      skipped: [{ agentId: "A2", executor: "codex", reason: "no OPENAI_API_KEY in the environment" }],
      unauthorized: [
        { at: "2026-01-01T00:00:00.000Z", agentId: "A1|x", method: "POST", path: "/agents/A1|x/v1/messages", reason: "wrong token" },
      ],
      probes: 2,
      refusedTargets: [{ method: "CONNECT", path: "(tunnel)", count: 1 }],
    };
    const md = renderProxyMarkdown(report);
    assert.match(md, /^### Model proxy\n/);
    assert.ok(md.includes("| Agent | Provider | Requests | Waited | Wait time (why) | 429s waited out | Refused (budget) |"), md);
    assert.ok(md.includes("| A1 | anthropic | 7 | 3 | 1.5 s concurrency, 250 ms retry-after | 2 | 1 |"), md);
    assert.ok(md.includes("- A2 (codex): no OPENAI_API_KEY in the environment"), md);
    // An id from a request path is not shown as it came.
    assert.ok(md.includes("**1 request(s) without a valid token were refused (1 wrong token; agents: (other)).**"), md);
    assert.ok(md.includes("2 credential-less HEAD request(s)"), md);
    assert.ok(md.includes("\n- A1: 2 request(s) to routes the model proxy does not allow were refused (403): `GET /v1/files` ×2\n"), md);
    assert.ok(md.includes("\n- A1: request headers not allowed, not passed on: `openai-organization` ×3\n"), md);
    assert.ok(md.includes("\n- 1 CONNECT or absolute-URL request(s) were refused (403): `CONNECT (tunnel)` ×1\n"), md);
    const text = renderProxyText(report);
    assert.match(text, /^Model proxy \(on\): 1 agent\(s\) through it\n/);
    assert.match(text, /\n {2}A1 +anthropic +7 +3 +1\.5 s concurrency, 250 ms retry-after +2 +1\n/);
    assert.ok(text.includes("\n  A1: request headers not allowed, not passed on: openai-organization ×3\n"), text);
    // A report written before the allow-lists (no such fields) still renders.
    const older = { ...report, refusedTargets: undefined, agents: report.agents.map((a) => ({ ...a, refusedRoutes: undefined })) };
    assert.ok(!renderProxyMarkdown(older as unknown as ModelProxyReport).includes("(403)"));

    const runDir = path.join(tmp, "run");
    assert.equal(await readModelProxyReport(runDir), null);
    await (await import("node:fs/promises")).mkdir(runDir, { recursive: true });
    await writeFile(path.join(runDir, MODEL_PROXY_REPORT_FILE), JSON.stringify(report));
    assert.deepEqual(await readModelProxyReport(runDir), report);
    assert.equal(await modelProxyText(runDir), text);
    // The wave summary carries the section as rendered, after the gates.
    const summary = renderWaveSummary({ result: passedResult(), modelProxy: await readModelProxyReport(runDir) });
    assert.ok(summary.includes(`\n\n${md.trimEnd()}\n\n`), summary);
    assert.ok(summary.indexOf("### Model proxy") > summary.indexOf("### Gates"));
    assert.ok(!renderWaveSummary({ result: passedResult() }).includes("### Model proxy"));
    await writeFile(path.join(runDir, MODEL_PROXY_REPORT_FILE), JSON.stringify({ kind: "something-else" }));
    assert.equal(await readModelProxyReport(runDir), null);
  });
});

describe("upstreams and the preflight of `on`", () => {
  test("the endpoint a rehearsal left in a launch; launches that name none are not carried", async () => {
    const claude = await launchOf("claude", { ANTHROPIC_BASE_URL: "http://127.0.0.1:4321/agents/A1/", ANTHROPIC_API_KEY: "rk-1" });
    assert.deepEqual(upstreamOfPointedEnv(claude, claude.env), {
      upstream: { provider: "rehearsal", api: "anthropic", baseUrl: "http://127.0.0.1:4321/agents/A1", key: "rk-1", auth: "x-api-key" },
    });
    const codexHome = path.join(tmp, "codex-home");
    await (await import("node:fs/promises")).mkdir(codexHome, { recursive: true });
    await writeFile(
      path.join(codexHome, "config.toml"),
      'model_provider = "p"\n\n[model_providers.p]\nbase_url = "http://127.0.0.1:4321/agents/A2/v1"\nenv_key = "K"\n',
    );
    const codex = await launchOf("codex", { CODEX_HOME: codexHome, K: "rk-2" });
    assert.deepEqual(upstreamOfPointedEnv(codex, codex.env), {
      upstream: { provider: "rehearsal", api: "openai", baseUrl: "http://127.0.0.1:4321/agents/A2", key: "rk-2", auth: "bearer" },
    });
    const bare = await launchOf("codex", {});
    assert.match((upstreamOfPointedEnv(bare, bare.env) as { skip: string }).skip, /names no model endpoint/);
  });

  test("which agents `on` cannot carry, before anything starts", () => {
    const agents = [
      { agentId: "A1", executor: "claude", model: null },
      { agentId: "A2", executor: "codex", model: "gpt-5" },
      { agentId: "A3", executor: "opencode", model: "google/gemini" },
      { agentId: "A4", executor: "local", model: null },
    ];
    assert.deepEqual(preflightSkips(agents, { ANTHROPIC_API_KEY: "k", OPENAI_API_KEY: "o" }, false), [
      {
        agentId: "A3",
        executor: "opencode",
        reason: 'OpenCode\'s provider "google" is not one the model proxy carries (anthropic, openai)',
      },
    ]);
    assert.deepEqual(
      preflightSkips(agents, { ANTHROPIC_API_KEY: "k", CLAUDE_CODE_USE_BEDROCK: "1" }, false).map((s) => [s.agentId, s.reason]),
      [
        ["A1", "Claude on a cloud platform (CLAUDE_CODE_USE_BEDROCK) cannot be proxied"],
        ["A2", "no OPENAI_API_KEY in the environment (a ChatGPT login of codex cannot be proxied)"],
        ["A3", 'OpenCode\'s provider "google" is not one the model proxy carries (anthropic, openai)'],
      ],
    );
    // A rehearsal's scripted server can always be carried.
    assert.deepEqual(preflightSkips(agents, {}, true), []);
    assert.equal(proxyWillCarry("auto", "claude", null, { ANTHROPIC_API_KEY: "k" }, false), true);
    assert.equal(proxyWillCarry("auto", "claude", null, {}, false), false);
    assert.equal(proxyWillCarry("off", "claude", null, { ANTHROPIC_API_KEY: "k" }, false), false);
    assert.equal(proxyWillCarry("on", "local", null, {}, true), false);
  });
});

describe("the input and the flag", () => {
  let repo: TestRepo;
  before(async () => {
    repo = await makeRepo("wiring-flag");
  });
  after(async () => {
    await repo.cleanup();
  });

  test("input model-proxy reaches the engine's options; default off; a bad value names the input", () => {
    const get = (values: Record<string, string>) => (name: string) => values[name] ?? "";
    const env = { GITHUB_WORKSPACE: tmp };
    assert.equal(readInputs(get({}), env).modelProxy, "off");
    const inputs = readInputs(get({ "model-proxy": "on", wave: "3" }), env);
    assert.equal(inputs.modelProxy, "on");
    assert.equal(runOptionsFrom(inputs, path.join(tmp, "state")).modelProxy, "on");
    assert.throws(() => readInputs(get({ "model-proxy": "yes" }), env), /input model-proxy must be one of auto, on, off \(got "yes"\)/);
  });

  test("wave rehearse --model-proxy takes auto|on|off", async () => {
    const r = await waveInProcess(repo, ["rehearse", "--wave", "1", "--model-proxy", "always"]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--model-proxy must be one of auto, on, off \(got "always"\)/);
  });
});

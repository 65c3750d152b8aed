/**
 * The proxy's launch hook with the default upstreams (the orchestrator's environment): which key
 * and base URL each executor's requests go to, what the agent's environment and config files hold
 * (the token, never a real key), and the launches it cannot carry (reported, left unchanged).
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import type { RehearsalLaunch } from "../../src/engine/types.js";
import { buildLaunchSpec } from "../../src/executors/launch-spec.js";
import { defaultUpstream, PROXY_TOKEN_ENV, proxyHook } from "../../src/proxy/hook.js";
import { type ModelProxy, startModelProxy, type Upstream } from "../../src/proxy/server.js";
import type { ExecutorId } from "../../src/wave/schema.js";
import { makeCtx, makeExecutor } from "../executors/fixtures.js";

const ANTHROPIC_KEY = "sk-ant-real-3a5c7e9b1d2f4a6c8e0b";
const OPENAI_KEY = "sk-openai-real-8e0b2d4f6a1c3e5a7c9b";

let tmp = "";
let proxy: ModelProxy;

before(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), "wave-proxy-hook-"));
  proxy = await startModelProxy();
});

after(async () => {
  await proxy.close();
  await rm(tmp, { recursive: true, force: true });
});

let n = 0;
async function launchOf(id: ExecutorId, model: string | null, env: Record<string, string>): Promise<RehearsalLaunch> {
  const root = path.join(tmp, `repo-${++n}`);
  const overlayDir = path.join(root, "overlay");
  await mkdir(overlayDir, { recursive: true });
  const context = makeCtx(makeExecutor(id, { model, budget: { turns: null, minutes: null, usd: 0.5, tokens: null } }), {
    root,
    overlayDir,
    agent: { agentId: `A${n}` },
  });
  const spec = buildLaunchSpec(context);
  for (const f of spec.files) await writeFile(f.path, f.content);
  return { context, spec, env: { PATH: "/usr/bin", HOME: path.join(root, "home"), ...env }, home: null, identity: null };
}

const PARENT = { ANTHROPIC_API_KEY: ANTHROPIC_KEY, OPENAI_API_KEY: OPENAI_KEY };

describe("default upstreams", () => {
  test("each executor's key, header style and base URL; subscription logins and other providers are not carried", async () => {
    const claude = await launchOf("claude", null, {});
    assert.deepEqual(defaultUpstream(claude, PARENT), {
      upstream: { provider: "anthropic", api: "anthropic", baseUrl: "https://api.anthropic.com", key: ANTHROPIC_KEY, auth: "x-api-key" },
    });
    assert.deepEqual(defaultUpstream(claude, { ANTHROPIC_AUTH_TOKEN: "tok", ANTHROPIC_BASE_URL: "https://gw.example/" }), {
      upstream: { provider: "anthropic", api: "anthropic", baseUrl: "https://gw.example", key: "tok", auth: "bearer" },
    });
    assert.match((defaultUpstream(claude, { CLAUDE_CODE_OAUTH_TOKEN: "oauth" }) as { skip: string }).skip, /subscription login/);
    const codex = await launchOf("codex", "gpt-5", {});
    assert.deepEqual(defaultUpstream(codex, { ...PARENT, OPENAI_BASE_URL: "https://oai.example/v1" }), {
      upstream: { provider: "openai", api: "openai", baseUrl: "https://oai.example", key: OPENAI_KEY, auth: "bearer" },
    });
    assert.match((defaultUpstream(codex, {}) as { skip: string }).skip, /no OPENAI_API_KEY/);
    const opencode = await launchOf("opencode", "anthropic/claude-sonnet-4-5", {});
    const viaOpenCode = (defaultUpstream(opencode, PARENT) as { upstream: Upstream }).upstream;
    assert.deepEqual([viaOpenCode.provider, viaOpenCode.api], ["anthropic", "anthropic"]);
    const other = await launchOf("opencode", "groq/llama", {});
    assert.match((defaultUpstream(other, PARENT) as { skip: string }).skip, /provider "groq" is not one the model proxy carries/);
  });
});

describe("the hook", () => {
  test("codex: a private CODEX_HOME whose provider is the proxy, the token in its own variable, no real key anywhere", async () => {
    const launch = await launchOf("codex", "gpt-5", {
      ...PARENT,
      OPENAI_BASE_URL: "https://elsewhere.example/v1",
      KEEP: "1",
      SNEAKY: OPENAI_KEY,
    });
    const env = await proxyHook({ proxy, homesDir: path.join(tmp, "homes"), env: PARENT })(launch);
    const values = Object.values(env);
    assert.ok(!values.includes(OPENAI_KEY) && !values.includes(ANTHROPIC_KEY), JSON.stringify(env));
    assert.equal(env.KEEP, "1");
    assert.equal(env.SNEAKY, undefined, "a variable holding the real key under another name is removed");
    assert.equal(env.OPENAI_BASE_URL, undefined);
    assert.equal(env.HOME, launch.env.HOME, "HOME stays");
    assert.match(env[PROXY_TOKEN_ENV]!, /^wave-proxy-[0-9a-f]{48}$/);
    const toml = readFileSync(path.join(env.CODEX_HOME!, "config.toml"), "utf8");
    assert.match(toml, new RegExp(`base_url = "${proxy.url}/agents/${launch.context.agent.agentId}/v1"`));
    assert.match(toml, new RegExp(`env_key = "${PROXY_TOKEN_ENV}"`));
    assert.doesNotMatch(toml, /request_max_retries/);
    assert.ok(!toml.includes(OPENAI_KEY));
    assert.deepEqual(proxy.activity(launch.context.agent.agentId)?.provider, "openai");
  });

  test("claude: base URL and key are the proxy's; opencode with an anthropic model keeps its SDK with the proxy's base URL", async () => {
    const claude = await launchOf("claude", null, { ...PARENT });
    const env = await proxyHook({ proxy, homesDir: path.join(tmp, "homes"), env: PARENT })(claude);
    assert.equal(env.ANTHROPIC_BASE_URL, `${proxy.url}/agents/${claude.context.agent.agentId}`);
    assert.match(env.ANTHROPIC_API_KEY!, /^wave-proxy-/);
    assert.equal(env.OPENAI_API_KEY, undefined);
    assert.equal(env.CLAUDE_CODE_MAX_RETRIES, undefined, "the CLI keeps its own retries");
    const opencode = await launchOf("opencode", "anthropic/claude-sonnet-4-5", { ...PARENT });
    const oenv = await proxyHook({ proxy, homesDir: path.join(tmp, "homes"), env: PARENT })(opencode);
    assert.equal(oenv.ANTHROPIC_API_KEY, undefined);
    const config = JSON.parse(readFileSync(oenv.OPENCODE_CONFIG!, "utf8"));
    assert.equal(config.model, "anthropic/claude-sonnet-4-5");
    assert.deepEqual(Object.keys(config.provider.anthropic).sort(), ["options"], "no npm override: the anthropic SDK stays");
    assert.equal(config.provider.anthropic.options.baseURL, `${proxy.url}/agents/${opencode.context.agent.agentId}/v1`);
    assert.match(config.provider.anthropic.options.apiKey, /^wave-proxy-/);
    assert.ok(!readFileSync(oenv.OPENCODE_CONFIG!, "utf8").includes(ANTHROPIC_KEY));
  });

  test("a launch the proxy cannot carry is reported and left as it was", async () => {
    const launch = await launchOf("claude", null, { CLAUDE_CODE_OAUTH_TOKEN: "oauth-token" });
    const skipped: string[] = [];
    const env = await proxyHook({
      proxy,
      homesDir: path.join(tmp, "homes"),
      env: { CLAUDE_CODE_OAUTH_TOKEN: "oauth-token" },
      onSkip: (_l, why) => skipped.push(why),
    })(launch);
    assert.equal(env, launch.env);
    assert.equal(skipped.length, 1);
    assert.match(skipped[0]!, /cannot be proxied/);
    assert.equal(proxy.activity(launch.context.agent.agentId), null);
  });
});

/**
 * Copilot CLI on a model endpoint (the rehearsal server, the model proxy): its custom-provider
 * variables point at the endpoint and every GitHub credential is removed; the proxy's upstream is
 * only a custom provider of the orchestrator's own, never a GitHub token.
 */
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { COPILOT_ENDPOINT } from "../../../src/executors/copilot/endpoint.js";
import { buildCopilotLaunchSpec } from "../../../src/executors/copilot/launch.js";
import { pointCliAt } from "../../../src/executors/endpoint.js";
import { makeCtx, makeExecutor } from "../fixtures.js";

const ENDPOINT = {
  baseUrl: "http://127.0.0.1:4555",
  key: "wave-agent-token",
  providerId: "wave",
  providerName: "Wave",
  keyEnv: "WAVE_KEY",
};
const OPTIONS = {
  isolateHome: true,
  offline: true,
  noCliRetries: true,
  openCodeConfigFile: "x.json",
  defaultOpenCodeModel: "m",
  keepOpenCodeSdk: false,
};

async function pointed(model: string | null, parentEnv: Record<string, string>) {
  const homesDir = await mkdtemp(path.join(os.tmpdir(), "wave-copilot-endpoint-"));
  try {
    const ctx = makeCtx(makeExecutor("copilot", { model }));
    const spec = buildCopilotLaunchSpec(ctx);
    return await pointCliAt({ context: ctx, spec, env: parentEnv, home: null, identity: null }, ENDPOINT, { homesDir, ...OPTIONS });
  } finally {
    await rm(homesDir, { recursive: true, force: true });
  }
}

describe("copilot endpoint", () => {
  test("points the custom provider at the endpoint; GitHub tokens and the user's provider are gone", async () => {
    const env = await pointed(null, {
      PATH: "/usr/bin",
      COPILOT_GITHUB_TOKEN: "github_pat_real",
      GH_TOKEN: "ghs_real",
      GITHUB_TOKEN: "ghs_real",
      COPILOT_PROVIDER_BASE_URL: "https://real.example/v1",
      COPILOT_PROVIDER_API_KEY: "sk-real",
    });
    assert.equal(env.COPILOT_PROVIDER_BASE_URL, "http://127.0.0.1:4555/v1");
    assert.equal(env.COPILOT_PROVIDER_TYPE, "openai");
    assert.equal(env.COPILOT_PROVIDER_WIRE_API, "completions");
    assert.equal(env.COPILOT_PROVIDER_API_KEY, "wave-agent-token");
    assert.equal(env.COPILOT_MODEL, "gpt-4.1", "a custom provider needs a model");
    assert.equal(env.COPILOT_OFFLINE, "true");
    for (const name of ["COPILOT_GITHUB_TOKEN", "GH_TOKEN", "GITHUB_TOKEN"]) assert.equal(env[name], undefined, name);
    assert.ok(!Object.values(env).includes("sk-real") && !Object.values(env).includes("github_pat_real"));
  });

  test("the agent's model is left to --model", async () => {
    const env = await pointed("claude-sonnet-4", { PATH: "/usr/bin" });
    assert.equal(env.COPILOT_MODEL, undefined);
  });

  test("read back: the endpoint a pointed environment names", () => {
    assert.deepEqual(
      COPILOT_ENDPOINT.pointedUpstream(
        { COPILOT_PROVIDER_BASE_URL: "http://127.0.0.1:4555/v1", COPILOT_PROVIDER_API_KEY: "k" },
        "rehearsal",
      ),
      {
        provider: "rehearsal",
        api: "openai",
        baseUrl: "http://127.0.0.1:4555",
        key: "k",
        auth: "bearer",
      },
    );
    assert.equal(COPILOT_ENDPOINT.pointedUpstream({ COPILOT_PROVIDER_BASE_URL: "http://x/v1" }, "p"), null);
  });

  test("the proxy's upstream: a custom OpenAI-compatible provider only; a GitHub token is a reason, not an upstream", () => {
    const skip = COPILOT_ENDPOINT.upstream(null, { COPILOT_GITHUB_TOKEN: "github_pat_x", GITHUB_TOKEN: "ghs_x" });
    assert.ok("skip" in skip && /GitHub token/.test(skip.skip));
    const byok = COPILOT_ENDPOINT.upstream(null, {
      COPILOT_PROVIDER_BASE_URL: "https://llm.example/v1/",
      COPILOT_PROVIDER_API_KEY: "sk-1",
    });
    assert.deepEqual(byok, {
      upstream: { provider: "openai", api: "openai", baseUrl: "https://llm.example", key: "sk-1", auth: "bearer" },
    });
    const azure = COPILOT_ENDPOINT.upstream(null, {
      COPILOT_PROVIDER_BASE_URL: "https://a.example",
      COPILOT_PROVIDER_API_KEY: "k",
      COPILOT_PROVIDER_TYPE: "azure",
    });
    assert.ok("skip" in azure && /azure/.test(azure.skip));
  });
});

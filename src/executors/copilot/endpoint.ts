/**
 * Copilot CLI on a model endpoint (checked against 1.0.102): its custom-provider mode (BYOK) —
 * COPILOT_PROVIDER_BASE_URL `<endpoint>/v1`, type `openai`, wire API `completions` (OpenAI chat
 * completions, `POST /v1/chat/completions`, streamed), COPILOT_PROVIDER_API_KEY sent as
 * `Authorization: Bearer` — needs no GitHub login. A model is required there: the agent's `model`
 * (argv `--model`), else COPILOT_MODEL below. `offline` adds COPILOT_OFFLINE=true: no GitHub
 * authentication, telemetry, web tools, GitHub MCP server or update check. Read back from the
 * same variables.
 *
 * The model proxy's upstream: only a custom provider of the orchestrator's own (the same
 * variables, OpenAI-compatible); Copilot's own service answers a GitHub token, not an API key the
 * proxy could hold, so without one the agent cannot go through the proxy.
 */
import type { EndpointAdapter } from "../adapter.js";
import { stripVersion } from "../upstreams.js";

/** The model a custom provider is asked for when the agent names none. */
export const COPILOT_ENDPOINT_DEFAULT_MODEL = "gpt-4.1";
/** Variables that would make the CLI use a GitHub account (removed whenever it is pointed). */
const ACCOUNT_ENV = [
  "COPILOT_GITHUB_TOKEN",
  "GH_TOKEN",
  "GITHUB_TOKEN",
  "COPILOT_PROVIDER_BEARER_TOKEN",
  "COPILOT_PROVIDER_API_KEY_COMMAND",
];

const nonEmpty = (v: string | undefined) => (v === undefined || v.trim() === "" ? null : v.trim());

export const COPILOT_ENDPOINT: EndpointAdapter = {
  async point(launch, env, _home, endpoint, options) {
    for (const name of ACCOUNT_ENV) delete env[name];
    Object.assign(env, {
      COPILOT_PROVIDER_BASE_URL: `${endpoint.baseUrl}/v1`,
      COPILOT_PROVIDER_TYPE: "openai",
      COPILOT_PROVIDER_WIRE_API: "completions",
      COPILOT_PROVIDER_API_KEY: endpoint.key,
    });
    if (!launch.context.executor.model) env.COPILOT_MODEL = COPILOT_ENDPOINT_DEFAULT_MODEL;
    if (options.offline) env.COPILOT_OFFLINE = "true";
  },
  upstream(_model, env) {
    const baseUrl = nonEmpty(env.COPILOT_PROVIDER_BASE_URL);
    const key = nonEmpty(env.COPILOT_PROVIDER_API_KEY) ?? nonEmpty(env.COPILOT_PROVIDER_BEARER_TOKEN);
    if (!baseUrl || !key) {
      return {
        skip: "Copilot's own model service takes a GitHub token, not an API key the proxy can hold; set COPILOT_PROVIDER_BASE_URL and COPILOT_PROVIDER_API_KEY (a custom provider)",
      };
    }
    // Either wire API (completions, responses) is an openai route the proxy carries.
    const type = nonEmpty(env.COPILOT_PROVIDER_TYPE) ?? "openai";
    if (type !== "openai") return { skip: `a Copilot custom provider of type ${type} cannot be proxied (only openai)` };
    return { upstream: { provider: "openai", api: "openai", baseUrl: stripVersion(baseUrl), key, auth: "bearer" } };
  },
  pointedUpstream(env, provider) {
    const baseUrl = env.COPILOT_PROVIDER_BASE_URL;
    const key = env.COPILOT_PROVIDER_API_KEY;
    if (!baseUrl || !key) return null;
    return { provider, api: "openai", baseUrl: stripVersion(baseUrl), key, auth: "bearer" };
  },
};

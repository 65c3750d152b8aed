/**
 * Claude Code on a model endpoint: ANTHROPIC_BASE_URL / ANTHROPIC_API_KEY (and CLAUDE_CONFIG_DIR
 * when isolated); read back from the same variables.
 */
import path from "node:path";
import type { EndpointAdapter } from "../adapter.js";
import { makeDirs } from "../endpoint-files.js";
import { anthropicUpstream, stripVersion } from "../upstreams.js";

export const CLAUDE_ENDPOINT: EndpointAdapter = {
  async point(launch, env, home, endpoint, options) {
    Object.assign(env, { ANTHROPIC_BASE_URL: endpoint.baseUrl, ANTHROPIC_API_KEY: endpoint.key });
    if (options.isolateHome) {
      const configDir = path.join(home, ".claude");
      await makeDirs([configDir], launch.identity);
      env.CLAUDE_CONFIG_DIR = configDir;
    }
    if (options.noCliRetries) env.CLAUDE_CODE_MAX_RETRIES = "0";
    if (options.offline) {
      Object.assign(env, {
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        DISABLE_AUTOUPDATER: "1",
        DISABLE_TELEMETRY: "1",
        DISABLE_ERROR_REPORTING: "1",
      });
    }
  },
  upstream: (_model, env) => anthropicUpstream(env),
  pointedUpstream(env, provider) {
    const baseUrl = env.ANTHROPIC_BASE_URL;
    const key = env.ANTHROPIC_API_KEY;
    if (!baseUrl || !key) return null;
    return { provider, api: "anthropic", baseUrl: stripVersion(baseUrl), key, auth: "x-api-key" };
  },
};

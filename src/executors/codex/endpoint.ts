/**
 * codex on a model endpoint: CODEX_HOME with a config.toml naming a custom provider on the
 * endpoint (Responses API), its key read from `endpoint.keyEnv`. Read back (the model proxy in a
 * rehearsal) from that config.toml.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { CliEndpoint, EndpointAdapter } from "../adapter.js";
import { makeDirs, writeOwned } from "../endpoint-files.js";
import { openAiUpstream, stripVersion } from "../upstreams.js";

function tomlString(s: string): string {
  return JSON.stringify(s);
}

function codexEndpointToml(endpoint: CliEndpoint, options: { noCliRetries: boolean; offline: boolean }): string {
  return [
    `model_provider = ${tomlString(endpoint.providerId)}`,
    `approval_policy = "never"`,
    "",
    `[model_providers.${endpoint.providerId}]`,
    `name = ${tomlString(endpoint.providerName)}`,
    `base_url = ${tomlString(`${endpoint.baseUrl}/v1`)}`,
    `env_key = ${tomlString(endpoint.keyEnv)}`,
    `wire_api = "responses"`,
    ...(options.noCliRetries ? ["request_max_retries = 0", "stream_max_retries = 0"] : []),
    "",
    ...(options.offline
      ? ["[analytics]", "enabled = false", "", "[features]", "plugins = false", "remote_plugin = false", "apps = false", ""]
      : []),
  ].join("\n");
}

function tomlValue(toml: string, key: string): string | null {
  const m = new RegExp(`^${key} = ("(?:[^"\\\\]|\\\\.)*")\\s*$`, "m").exec(toml);
  if (!m) return null;
  try {
    return JSON.parse(m[1]!) as string;
  } catch {
    return null;
  }
}

export const CODEX_ENDPOINT: EndpointAdapter = {
  async point(launch, env, home, endpoint, options) {
    const codexHome = path.join(home, ".codex");
    await makeDirs([codexHome], launch.identity);
    await writeOwned(path.join(codexHome, "config.toml"), codexEndpointToml(endpoint, options), launch.identity);
    Object.assign(env, { CODEX_HOME: codexHome, [endpoint.keyEnv]: endpoint.key });
  },
  upstream: (_model, env) => openAiUpstream(env),
  pointedUpstream(env, provider) {
    const file = env.CODEX_HOME ? path.join(env.CODEX_HOME, "config.toml") : null;
    const toml = file && existsSync(file) ? readFileSync(file, "utf8") : "";
    const baseUrl = tomlValue(toml, "base_url");
    const keyEnv = tomlValue(toml, "env_key");
    const key = keyEnv ? env[keyEnv] : undefined;
    if (!baseUrl || !key) return null;
    return { provider, api: "openai", baseUrl: stripVersion(baseUrl), key, auth: "bearer" };
  },
};

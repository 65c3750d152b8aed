/**
 * OpenCode on a model endpoint: a copy of the generated config (written next to the original, so
 * its relative `{file:...}` references still resolve) whose provider talks to the endpoint: an
 * OpenAI-compatible (chat completions) provider declaring the model itself; with
 * `keepOpenCodeSdk`, `anthropic` and `openai` keep their own SDK (Messages, Responses) with only
 * `baseURL` and `apiKey` replaced. Read back from that copy (OPENCODE_CONFIG).
 */
import { existsSync, promises as fs, readFileSync } from "node:fs";
import path from "node:path";
import type { CliEndpoint, EndpointAdapter, EndpointLaunch } from "../adapter.js";
import { providerOf } from "../provider-keys.js";
import { anthropicUpstream, openAiUpstream, stripVersion } from "../upstreams.js";
import { OPENCODE_CONFIG_FILE } from "./launch.js";

/** `provider/model` of the agent's OpenCode run (argv --model, else the config's model). */
function openCodeModelOf(
  launch: EndpointLaunch,
  config: Record<string, unknown>,
  fallback: { provider: string; model: string },
): { provider: string; model: string } {
  const raw = launch.context.executor.model ?? (typeof config.model === "string" ? config.model : null);
  const slash = raw ? raw.indexOf("/") : -1;
  if (raw && slash > 0 && slash < raw.length - 1) return { provider: raw.slice(0, slash), model: raw.slice(slash + 1) };
  return { provider: fallback.provider, model: raw && slash < 0 ? raw : fallback.model };
}

/** OpenCode providers whose own SDK is kept (only its base URL and key change). */
const OPENCODE_NATIVE = new Set(["anthropic", "openai"]);

function openCodeEndpointConfig(
  launch: EndpointLaunch,
  original: Record<string, unknown>,
  endpoint: CliEndpoint,
  options: { offline: boolean; defaultModel: string; keepSdk: boolean },
): Record<string, unknown> {
  const { provider, model } = openCodeModelOf(launch, original, { provider: endpoint.providerId, model: options.defaultModel });
  const providers =
    typeof original.provider === "object" && original.provider !== null ? (original.provider as Record<string, unknown>) : {};
  const existing = providers[provider];
  const entry = typeof existing === "object" && existing !== null ? (existing as Record<string, unknown>) : {};
  const existingOptions = typeof entry.options === "object" && entry.options !== null ? (entry.options as Record<string, unknown>) : {};
  const endpointOptions = { baseURL: `${endpoint.baseUrl}/v1`, apiKey: endpoint.key };
  const providerEntry =
    options.keepSdk && OPENCODE_NATIVE.has(provider)
      ? { ...entry, options: { ...existingOptions, ...endpointOptions } }
      : {
          npm: "@ai-sdk/openai-compatible",
          name: endpoint.providerName,
          options: endpointOptions,
          models: { [model]: { name: model, tool_call: true, limit: { context: 200_000, output: 32_000 } } },
        };
  return {
    ...original,
    model: `${provider}/${model}`,
    // Plugins, sharing and updates would reach the network.
    ...(options.offline ? { autoupdate: false, share: "disabled" } : {}),
    provider: { ...providers, [provider]: providerEntry },
  };
}

function readJson(file: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(readFileSync(file, "utf8")) as unknown;
    return typeof v === "object" && v !== null ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const OPENCODE_ENDPOINT: EndpointAdapter = {
  async point(launch, env, _home, endpoint, options) {
    const originalPath = launch.spec.env.OPENCODE_CONFIG ?? path.join(launch.context.overlayDir, OPENCODE_CONFIG_FILE);
    const original = launch.spec.files.find((f) => f.path === originalPath);
    const parsed = original ? (JSON.parse(original.content) as Record<string, unknown>) : {};
    const file = path.join(path.dirname(originalPath), options.openCodeConfigFile);
    const config = openCodeEndpointConfig(launch, parsed, endpoint, {
      offline: options.offline,
      defaultModel: options.defaultOpenCodeModel,
      keepSdk: options.keepOpenCodeSdk,
    });
    await fs.writeFile(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
    // Behind an agent user: readable by its group, like the other files of its inputs directory.
    if (launch.identity) {
      await fs.chown(file, process.getuid?.() ?? 0, launch.identity.gid);
      await fs.chmod(file, 0o640);
    }
    env.OPENCODE_CONFIG = file;
    if (options.offline) {
      Object.assign(env, {
        OPENCODE_DISABLE_AUTOUPDATE: "1",
        OPENCODE_DISABLE_MODELS_FETCH: "1",
        OPENCODE_DISABLE_DEFAULT_PLUGINS: "1",
        OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
        OPENCODE_DISABLE_SHARE: "1",
      });
    }
  },
  upstream(model, env) {
    const provider = providerOf(model);
    if (provider === "anthropic") return anthropicUpstream(env);
    if (provider === "openai") return openAiUpstream(env);
    return {
      skip: `OpenCode's provider ${provider ? `"${provider}"` : "(no provider/model set)"} is not one the model proxy carries (anthropic, openai)`,
    };
  },
  pointedUpstream(env, provider) {
    const config = env.OPENCODE_CONFIG ? readJson(env.OPENCODE_CONFIG) : null;
    const model = typeof config?.model === "string" ? config.model : "";
    const providerId = model.includes("/") ? model.slice(0, model.indexOf("/")) : "";
    const providers = (config?.provider ?? {}) as Record<string, { npm?: unknown; options?: { baseURL?: unknown; apiKey?: unknown } }>;
    const entry = providers[providerId];
    const baseUrl = entry?.options?.baseURL;
    const key = entry?.options?.apiKey;
    if (typeof baseUrl !== "string" || typeof key !== "string") return null;
    const npm = typeof entry?.npm === "string" ? entry.npm : null;
    const anthropic = npm ? npm.includes("anthropic") : providerId === "anthropic";
    return {
      provider,
      api: anthropic ? "anthropic" : "openai",
      baseUrl: stripVersion(baseUrl),
      key,
      auth: anthropic ? "x-api-key" : "bearer",
    };
  },
  /** The launch as the rehearsal left it: OpenCode's config is the rehearsal's copy. */
  pointedLaunch(launch, env) {
    const file = env.OPENCODE_CONFIG;
    if (!file || !existsSync(file)) return { launch: { ...launch, env }, configFile: file ?? null };
    const content = readFileSync(file, "utf8");
    return {
      launch: {
        ...launch,
        env,
        spec: {
          ...launch.spec,
          env: { ...launch.spec.env, OPENCODE_CONFIG: file },
          files: [...launch.spec.files.filter((f) => f.path !== file), { path: file, content }],
        },
      },
      configFile: file,
    };
  },
};

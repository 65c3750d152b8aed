/**
 * Points one agent's real CLI at a model endpoint of our own (a base URL and a key): the code
 * shared by `wave rehearse` (the scripted model server) and the model proxy (src/proxy/). Only the
 * launch environment changes (and the config files it names); argv, stdin, sandbox, permission
 * mode, tools and model flags stay those of the wave:
 *
 *   every executor  the variables that would reach another service or a real account (API keys,
 *                   base URLs, provider switches, the executor's own secret and pass-through
 *                   variables) are removed, and so is any variable whose value is one of the
 *                   `forbiddenValues` (the real keys, wherever they hide).
 *   isolateHome     HOME and XDG_* point into a per-agent directory (behind an agent user: its
 *                   own private HOME; else a directory under `homesDir`), so no user config is
 *                   read or changed. Without it HOME stays, and only codex gets a CODEX_HOME of
 *                   its own under `homesDir` (its provider lives in config.toml).
 *   codex           CODEX_HOME with a config.toml naming a custom provider on the endpoint
 *                   (Responses API), its key read from `endpoint.keyEnv`.
 *   claude          ANTHROPIC_BASE_URL / ANTHROPIC_API_KEY (and CLAUDE_CONFIG_DIR when isolated).
 *   opencode        a copy of the generated config (written next to the original, so its
 *                   relative `{file:...}` references still resolve) whose provider talks to the
 *                   endpoint: an OpenAI-compatible (chat completions) provider declaring the
 *                   model itself; with `keepOpenCodeSdk`, `anthropic` and `openai` keep their own
 *                   SDK (Messages, Responses) with only `baseURL` and `apiKey` replaced.
 *   offline         no traffic besides the model API: updates, telemetry, plugins, model lists,
 *                   sharing and LSP downloads are switched off.
 *   noCliRetries    the CLI does not retry on its own (a 429 reaches the runtime).
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import type { RehearsalLaunch } from "../engine/types.js";
import { agentDirName } from "../state/paths.js";
import { OPENCODE_CONFIG_FILE } from "./opencode.js";

/** Variables that would reach another service or make the CLI read a real account, removed always. */
export const ALWAYS_REMOVED_ENV = [
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "CODEX_API_KEY",
  "CODEX_ACCESS_TOKEN",
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_AUTH_TOKEN",
  "ANTHROPIC_BASE_URL",
  "CLAUDE_CODE_OAUTH_TOKEN",
  "CLAUDE_CODE_USE_BEDROCK",
  "CLAUDE_CODE_USE_VERTEX",
];

/** The executors that can be pointed at an endpoint. */
export const ENDPOINT_EXECUTORS = ["codex", "claude", "opencode"] as const;
export type EndpointExecutor = (typeof ENDPOINT_EXECUTORS)[number];

export function isEndpointExecutor(id: string): id is EndpointExecutor {
  return (ENDPOINT_EXECUTORS as readonly string[]).includes(id);
}

export interface CliEndpoint {
  /** Base URL without the API version: the CLI's requests go to `<baseUrl>/v1/...`. */
  baseUrl: string;
  /** The key the CLI sends (a throwaway key or a per-agent token: never a real one). */
  key: string;
  /** Id of the provider entry written into the codex / OpenCode config. */
  providerId: string;
  /** Its display name. */
  providerName: string;
  /** The variable codex reads the key from. */
  keyEnv: string;
}

export interface PointOptions {
  /** Per-agent homes go here when the engine gives none (agents sharing the orchestrator's user). */
  homesDir: string;
  isolateHome: boolean;
  offline: boolean;
  noCliRetries: boolean;
  /** The OpenCode config written next to the generated one. */
  openCodeConfigFile: string;
  /** Model name when OpenCode's model names no provider. */
  defaultOpenCodeModel: string;
  /** OpenCode's `anthropic` and `openai` providers keep their own SDK (else every provider is OpenAI-compatible). */
  keepOpenCodeSdk: boolean;
  /** Values that must not reach the agent: a variable holding one is removed. */
  forbiddenValues?: readonly string[];
}

/** Creates each directory (parents first, each one given to `identity`); existing ones are kept. */
export async function makeDirs(dirs: string[], identity: RehearsalLaunch["identity"]): Promise<void> {
  for (const dir of dirs) {
    const created = await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    if (!identity || created === undefined) continue;
    // Every directory mkdir created, from the first one down to `dir`.
    for (let d = dir; ; d = path.dirname(d)) {
      await fs.chown(d, identity.uid, identity.gid);
      if (d === created || path.dirname(d) === d) break;
    }
  }
}

async function writeOwned(file: string, content: string, identity: RehearsalLaunch["identity"]): Promise<void> {
  await fs.writeFile(file, content, { mode: 0o600 });
  if (identity) await fs.chown(file, identity.uid, identity.gid);
}

function tomlString(s: string): string {
  return JSON.stringify(s);
}

export function codexEndpointToml(endpoint: CliEndpoint, options: { noCliRetries: boolean; offline: boolean }): string {
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

/** `provider/model` of the agent's OpenCode run (argv --model, else the config's model). */
export function openCodeModelOf(
  launch: RehearsalLaunch,
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

export function openCodeEndpointConfig(
  launch: RehearsalLaunch,
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

/** The environment of `launch` with its CLI pointed at `endpoint` (see the module comment). */
export async function pointCliAt(launch: RehearsalLaunch, endpoint: CliEndpoint, options: PointOptions): Promise<Record<string, string>> {
  const executor = launch.spec.executorId;
  if (!isEndpointExecutor(executor)) return launch.env;
  const env: Record<string, string> = {};
  const drop = new Set([...ALWAYS_REMOVED_ENV, ...launch.spec.secretEnvKeys, ...(launch.spec.passEnvKeys ?? [])]);
  const forbidden = new Set((options.forbiddenValues ?? []).filter((v) => v !== ""));
  for (const [k, v] of Object.entries(launch.env)) {
    if (drop.has(k) || forbidden.has(v)) continue;
    env[k] = v;
  }
  const home = launch.home ?? path.join(options.homesDir, agentDirName(launch.context.agent.agentId));
  if (options.isolateHome) {
    const xdg = {
      XDG_CONFIG_HOME: path.join(home, ".config"),
      XDG_CACHE_HOME: path.join(home, ".cache"),
      XDG_DATA_HOME: path.join(home, ".local", "share"),
      XDG_STATE_HOME: path.join(home, ".local", "state"),
    };
    await makeDirs([home, ...Object.values(xdg)], launch.identity);
    Object.assign(env, { HOME: home, ...xdg });
  }
  if (executor === "codex") {
    const codexHome = path.join(home, ".codex");
    await makeDirs([codexHome], launch.identity);
    await writeOwned(path.join(codexHome, "config.toml"), codexEndpointToml(endpoint, options), launch.identity);
    Object.assign(env, { CODEX_HOME: codexHome, [endpoint.keyEnv]: endpoint.key });
  } else if (executor === "claude") {
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
  } else {
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
  }
  return env;
}

/**
 * Points one agent's real CLI at the rehearsal server: the one place where a rehearsal changes a
 * launch. The argv, stdin, sandbox, permission mode, tools and model flags stay those of the wave;
 * only the environment changes:
 *
 *   every executor  the variables the executor would pass from the parent (API keys, base URLs,
 *                   provider switches) are removed; HOME and XDG_* point into a per-agent
 *                   directory (behind an agent user: its own private HOME; else a directory of
 *                   the rehearsal outside the run directory), so no user config is read or changed.
 *   codex           CODEX_HOME with a config.toml naming a custom provider on the server.
 *   claude          ANTHROPIC_BASE_URL / ANTHROPIC_API_KEY, CLAUDE_CONFIG_DIR, no traffic besides
 *                   the model API, no retries of its own (a 429 reaches the runtime).
 *   opencode        a copy of the generated config with a provider on the server (written next to
 *                   the original, so its relative `{file:...}` references still resolve).
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import type { RehearsalLaunch } from "../engine/types.js";
import { OPENCODE_CONFIG_FILE } from "../executors/opencode.js";
import { agentDirName } from "../state/paths.js";
import { type AgentScript, type ScriptVariant, scriptFor } from "./script.js";
import type { RehearsalServer } from "./server.js";

export const REHEARSAL_KEY_ENV = "WAVE_REHEARSAL_API_KEY";
export const REHEARSAL_PROVIDER_ID = "wave-rehearsal";
export const OPENCODE_REHEARSAL_CONFIG_FILE = "opencode-rehearsal.json";
const DEFAULT_OPENCODE_MODEL = "rehearsal";

/** Variables that would reach another service or make the CLI read a real account, removed always. */
const ALWAYS_REMOVED = [
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

export interface RehearsalHookOptions {
  server: RehearsalServer;
  /** Per-agent homes go here when the engine gives none (agents sharing the orchestrator's user). */
  homesDir: string;
  variantOf(agentId: string): ScriptVariant;
  /** Told about every script handed to the server (for the report). */
  onScript?(script: AgentScript, launch: RehearsalLaunch): void;
}

/** Creates each directory (parents first, each one given to `identity`); existing ones are kept. */
async function makeDirs(dirs: string[], identity: RehearsalLaunch["identity"]): Promise<void> {
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

export function codexConfigToml(baseUrl: string): string {
  return [
    `model_provider = ${tomlString(REHEARSAL_PROVIDER_ID)}`,
    `approval_policy = "never"`,
    "",
    `[model_providers.${REHEARSAL_PROVIDER_ID}]`,
    `name = "Wave rehearsal"`,
    `base_url = ${tomlString(`${baseUrl}/v1`)}`,
    `env_key = ${tomlString(REHEARSAL_KEY_ENV)}`,
    `wire_api = "responses"`,
    "request_max_retries = 0",
    "stream_max_retries = 0",
    "",
    "[analytics]",
    "enabled = false",
    "",
    "[features]",
    "plugins = false",
    "remote_plugin = false",
    "apps = false",
    "",
  ].join("\n");
}

/** `provider/model` of the agent's OpenCode run (argv --model, else the config's model). */
function openCodeModel(launch: RehearsalLaunch, config: Record<string, unknown>): { provider: string; model: string } {
  const raw = launch.context.executor.model ?? (typeof config.model === "string" ? config.model : null);
  const slash = raw ? raw.indexOf("/") : -1;
  if (raw && slash > 0 && slash < raw.length - 1) return { provider: raw.slice(0, slash), model: raw.slice(slash + 1) };
  return { provider: REHEARSAL_PROVIDER_ID, model: raw && slash < 0 ? raw : DEFAULT_OPENCODE_MODEL };
}

export function openCodeRehearsalConfig(
  launch: RehearsalLaunch,
  original: Record<string, unknown>,
  server: { baseUrl: string; key: string },
): Record<string, unknown> {
  const { provider, model } = openCodeModel(launch, original);
  const providers = typeof original.provider === "object" && original.provider !== null ? (original.provider as Record<string, unknown>) : {};
  return {
    ...original,
    model: `${provider}/${model}`,
    // Plugins, sharing and updates would reach the network; a rehearsal is offline.
    autoupdate: false,
    share: "disabled",
    provider: {
      ...providers,
      [provider]: {
        npm: "@ai-sdk/openai-compatible",
        name: "Wave rehearsal",
        options: { baseURL: `${server.baseUrl}/v1`, apiKey: server.key },
        models: { [model]: { name: model, tool_call: true, limit: { context: 200_000, output: 32_000 } } },
      },
    },
  };
}

/** The engine hook (EngineDeps.rehearsal) for one server. */
export function rehearsalHook(options: RehearsalHookOptions): (launch: RehearsalLaunch) => Promise<Record<string, string>> {
  return async (launch) => {
    const executor = launch.spec.executorId;
    if (executor !== "codex" && executor !== "claude" && executor !== "opencode") return launch.env;
    const script = scriptFor(launch.context, options.variantOf(launch.context.agent.agentId));
    options.onScript?.(script, launch);
    const registered = options.server.register(script);
    const env: Record<string, string> = {};
    const drop = new Set([...ALWAYS_REMOVED, ...launch.spec.secretEnvKeys, ...(launch.spec.passEnvKeys ?? [])]);
    for (const [k, v] of Object.entries(launch.env)) if (!drop.has(k)) env[k] = v;
    const home = launch.home ?? path.join(options.homesDir, agentDirName(launch.context.agent.agentId));
    const xdg = {
      XDG_CONFIG_HOME: path.join(home, ".config"),
      XDG_CACHE_HOME: path.join(home, ".cache"),
      XDG_DATA_HOME: path.join(home, ".local", "share"),
      XDG_STATE_HOME: path.join(home, ".local", "state"),
    };
    await makeDirs([home, ...Object.values(xdg)], launch.identity);
    Object.assign(env, { HOME: home, ...xdg });
    if (executor === "codex") {
      const codexHome = path.join(home, ".codex");
      await makeDirs([codexHome], launch.identity);
      await writeOwned(path.join(codexHome, "config.toml"), codexConfigToml(registered.baseUrl), launch.identity);
      Object.assign(env, { CODEX_HOME: codexHome, [REHEARSAL_KEY_ENV]: registered.key });
    } else if (executor === "claude") {
      const configDir = path.join(home, ".claude");
      await makeDirs([configDir], launch.identity);
      Object.assign(env, {
        ANTHROPIC_BASE_URL: registered.baseUrl,
        ANTHROPIC_API_KEY: registered.key,
        CLAUDE_CONFIG_DIR: configDir,
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        CLAUDE_CODE_MAX_RETRIES: "0",
        DISABLE_AUTOUPDATER: "1",
        DISABLE_TELEMETRY: "1",
        DISABLE_ERROR_REPORTING: "1",
      });
    } else {
      const originalPath = launch.spec.env.OPENCODE_CONFIG ?? path.join(launch.context.overlayDir, OPENCODE_CONFIG_FILE);
      const original = launch.spec.files.find((f) => f.path === originalPath);
      const parsed = original ? (JSON.parse(original.content) as Record<string, unknown>) : {};
      const file = path.join(path.dirname(originalPath), OPENCODE_REHEARSAL_CONFIG_FILE);
      const config = openCodeRehearsalConfig(launch, parsed, registered);
      await fs.writeFile(file, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
      // Behind an agent user: readable by its group, like the other files of its inputs directory.
      if (launch.identity) {
        await fs.chown(file, process.getuid?.() ?? 0, launch.identity.gid);
        await fs.chmod(file, 0o640);
      }
      Object.assign(env, {
        OPENCODE_CONFIG: file,
        OPENCODE_DISABLE_AUTOUPDATE: "1",
        OPENCODE_DISABLE_MODELS_FETCH: "1",
        OPENCODE_DISABLE_DEFAULT_PLUGINS: "1",
        OPENCODE_DISABLE_LSP_DOWNLOAD: "1",
        OPENCODE_DISABLE_SHARE: "1",
      });
    }
    return env;
  };
}

/**
 * Points one agent's real CLI at the rehearsal server: the one place where a rehearsal changes a
 * launch, through src/executors/endpoint.ts (shared with the model proxy). The argv, stdin,
 * sandbox, permission mode, tools and model flags stay those of the wave; only the environment
 * changes:
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
import type { RehearsalLaunch } from "../engine/types.js";
import { type CliEndpoint, isEndpointExecutor, pointCliAt } from "../executors/endpoint.js";
import { type AgentScript, type ScriptVariant, scriptFor } from "./script.js";
import type { RehearsalServer } from "./server.js";

const REHEARSAL_KEY_ENV = "WAVE_REHEARSAL_API_KEY";
const REHEARSAL_PROVIDER_ID = "wave-rehearsal";
const OPENCODE_REHEARSAL_CONFIG_FILE = "opencode-rehearsal.json";
const DEFAULT_OPENCODE_MODEL = "rehearsal";

export interface RehearsalHookOptions {
  server: RehearsalServer;
  /** Per-agent homes go here when the engine gives none (agents sharing the orchestrator's user). */
  homesDir: string;
  variantOf(agentId: string): ScriptVariant;
  /** Told about every script handed to the server (for the report). */
  onScript?(script: AgentScript, launch: RehearsalLaunch): void;
}

function endpointOf(registered: { baseUrl: string; key: string }): CliEndpoint {
  return {
    baseUrl: registered.baseUrl,
    key: registered.key,
    providerId: REHEARSAL_PROVIDER_ID,
    providerName: "Wave rehearsal",
    keyEnv: REHEARSAL_KEY_ENV,
  };
}

/** The engine hook (EngineDeps.rehearsal) for one server. */
export function rehearsalHook(options: RehearsalHookOptions): (launch: RehearsalLaunch) => Promise<Record<string, string>> {
  return async (launch) => {
    if (!isEndpointExecutor(launch.spec.executorId)) return launch.env;
    const script = scriptFor(launch.context, options.variantOf(launch.context.agent.agentId));
    options.onScript?.(script, launch);
    const registered = options.server.register(script);
    return pointCliAt(launch, endpointOf(registered), {
      homesDir: options.homesDir,
      isolateHome: true,
      offline: true,
      noCliRetries: true,
      openCodeConfigFile: OPENCODE_REHEARSAL_CONFIG_FILE,
      defaultOpenCodeModel: DEFAULT_OPENCODE_MODEL,
      keepOpenCodeSdk: false,
    });
  };
}

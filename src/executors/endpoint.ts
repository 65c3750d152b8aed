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
 *   each CLI        its adapter's `endpoint.point` (src/executors/<id>/endpoint.ts): codex a
 *                   CODEX_HOME with a config.toml, Claude Code ANTHROPIC_BASE_URL / _API_KEY,
 *                   OpenCode a copy of its generated config with a provider on the endpoint.
 *   offline         no traffic besides the model API: updates, telemetry, plugins, model lists,
 *                   sharing and LSP downloads are switched off.
 *   noCliRetries    the CLI does not retry on its own (a 429 reaches the runtime).
 */
import path from "node:path";
import { agentDirName } from "../state/paths.js";
import type { CliEndpoint, EndpointLaunch, PointOptions } from "./adapter.js";
import { makeDirs } from "./endpoint-files.js";
import { findAdapter } from "./registry.js";

export type { CliEndpoint, PointOptions };

/** Variables that would reach another service or make the CLI read a real account, removed always. */
const ALWAYS_REMOVED_ENV = [
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

/** Whether the executor's CLI can be pointed at an endpoint (its adapter has `endpoint`). */
export function isEndpointExecutor(id: string): boolean {
  return findAdapter(id)?.endpoint !== undefined;
}

/**
 * Whether a rehearsal may run `id`: its CLI can be pointed at the scripted server, or it uses no
 * model keys (the built-in agent, a command of the user's). A model CLI that cannot be pointed
 * would reach its real provider with whatever key is set.
 */
export function isRehearsable(id: string): boolean {
  const adapter = findAdapter(id);
  return adapter !== undefined && (adapter.endpoint !== undefined || adapter.keys === undefined);
}

/** The environment of `launch` with its CLI pointed at `endpoint` (see the module comment). */
export async function pointCliAt(launch: EndpointLaunch, endpoint: CliEndpoint, options: PointOptions): Promise<Record<string, string>> {
  const adapter = findAdapter(launch.spec.executorId)?.endpoint;
  if (!adapter) return launch.env;
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
  await adapter.point(launch, env, home, endpoint, options);
  return env;
}

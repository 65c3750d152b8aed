/**
 * The environment an agent process gets: never the runner's whole environment, only
 *   1. a base allow-list of harmless variables (PATH, HOME, locale, CI/GitHub context, proxies),
 *   2. the secret variables its executor declares (API keys),
 *   3. the names the config or wave file allow-lists (`env`, exact names or `PREFIX_*`),
 *   4. the variables its executor sets (non-secret settings),
 *   5. the WAVE_* variables (last, so nothing can override them).
 * Runner credentials, runner file-command channels and action inputs are never passed, whatever is
 * asked; GITHUB_TOKEN / GH_TOKEN only with `allowGithubToken`.
 */
import { UserError } from "../errors.js";

/** Harmless variables passed through when set in the parent. NODE_OPTIONS is deliberately absent. */
const BASE_ENV_NAMES: readonly string[] = [
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "SHELL",
  "LANG",
  "LANGUAGE",
  "TZ",
  "TERM",
  "COLORTERM",
  "NO_COLOR",
  "FORCE_COLOR",
  "TMPDIR",
  "TMP",
  "TEMP",
  "XDG_CONFIG_HOME",
  "XDG_CACHE_HOME",
  "XDG_DATA_HOME",
  "XDG_STATE_HOME",
  "CI",
  "GITHUB_ACTIONS",
  "GITHUB_WORKSPACE",
  "GITHUB_REPOSITORY",
  "GITHUB_REPOSITORY_OWNER",
  "GITHUB_SHA",
  "GITHUB_REF",
  "GITHUB_REF_NAME",
  "GITHUB_HEAD_REF",
  "GITHUB_BASE_REF",
  "GITHUB_RUN_ID",
  "GITHUB_RUN_NUMBER",
  "GITHUB_RUN_ATTEMPT",
  "GITHUB_JOB",
  "GITHUB_WORKFLOW",
  "GITHUB_EVENT_NAME",
  "GITHUB_ACTOR",
  "GITHUB_SERVER_URL",
  "GITHUB_API_URL",
  "GITHUB_GRAPHQL_URL",
  "RUNNER_OS",
  "RUNNER_ARCH",
  "RUNNER_TEMP",
  "RUNNER_TOOL_CACHE",
  "http_proxy",
  "https_proxy",
  "no_proxy",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "NODE_EXTRA_CA_CERTS",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
];

/** Prefixes of harmless variables (locale categories). */
const BASE_ENV_PREFIXES: readonly string[] = ["LC_"];

/** The runner's own credentials and service endpoints: never given to an agent. */
export const RUNNER_CREDENTIAL_NAMES: readonly string[] = [
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_RUNTIME_URL",
  "ACTIONS_RESULTS_URL",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_URL",
  "ACTIONS_CACHE_URL",
  "ACTIONS_CACHE_SERVICE_V2",
];

/**
 * Name prefixes that are never given to an agent: runner credential families, action inputs
 * (`INPUT_GITHUB-TOKEN` holds the token, `INPUT_REDACT` the secret list) and post-step state.
 */
const DENIED_ENV_PREFIXES: readonly string[] = [
  "ACTIONS_RUNTIME_",
  "ACTIONS_RESULTS_",
  "ACTIONS_ID_TOKEN_",
  "ACTIONS_CACHE_",
  "INPUT_",
  "STATE_",
];

/**
 * The runner's file-command channels: a process that can write to them sets environment variables,
 * outputs or PATH entries for the later steps of the job. Never given to an agent.
 */
export const RUNNER_FILE_COMMAND_NAMES: readonly string[] = [
  "GITHUB_ENV",
  "GITHUB_OUTPUT",
  "GITHUB_PATH",
  "GITHUB_STATE",
  "GITHUB_STEP_SUMMARY",
];

/** Passed only when the run opts in (`allowGithubToken`). */
const GITHUB_TOKEN_NAMES: readonly string[] = ["GITHUB_TOKEN", "GH_TOKEN"];

export type DenyReason = "runner-credential" | "runner-file-command" | "github-token-not-allowed";

/** Why `name` may never reach an agent (null = it may, if selected). */
export function deniedReason(name: string, allowGithubToken: boolean): DenyReason | null {
  const upper = name.toUpperCase();
  if (RUNNER_CREDENTIAL_NAMES.includes(upper)) return "runner-credential";
  if (DENIED_ENV_PREFIXES.some((p) => upper.startsWith(p))) return "runner-credential";
  if (RUNNER_FILE_COMMAND_NAMES.includes(upper)) return "runner-file-command";
  if (!allowGithubToken && GITHUB_TOKEN_NAMES.includes(upper)) return "github-token-not-allowed";
  return null;
}

const ALLOW_ENTRY = /^[A-Za-z_][A-Za-z0-9_]*\*?$/;

/** Checks allow-list entries: exact names or `PREFIX*` (a bare `*` is refused). */
function parseAllowList(entries: readonly string[], label = "env"): { names: Set<string>; prefixes: string[] } {
  const names = new Set<string>();
  const prefixes: string[] = [];
  for (const raw of entries) {
    const entry = raw.trim();
    if (!ALLOW_ENTRY.test(entry)) {
      throw new UserError(
        `${label}: "${raw}" is not an environment variable name (letters, digits, _; optionally ending in * for a prefix)`,
      );
    }
    if (entry.endsWith("*")) prefixes.push(entry.slice(0, -1));
    else names.add(entry);
  }
  return { names, prefixes };
}

export interface AgentEnvOptions {
  parentEnv: Readonly<Record<string, string | undefined>>;
  /** The executor's secret variable names (LaunchSpec.secretEnvKeys). */
  secretEnvKeys?: readonly string[];
  /** Extra names from the config / wave file `env` (exact or `PREFIX_*`). */
  allowList?: readonly string[];
  /** WAVE_* variables (set last). */
  waveVars?: Readonly<Record<string, string>>;
  /** Variables the executor sets (LaunchSpec.env). */
  executorEnv?: Readonly<Record<string, string>>;
  /** Pass GITHUB_TOKEN / GH_TOKEN through when present. Default false. */
  allowGithubToken?: boolean;
  /** Told about every variable that was asked for but refused. */
  onDenied?: (name: string, reason: DenyReason) => void;
  /** Label used in errors about allow-list entries. */
  allowListLabel?: string;
}

/** Builds the minimal agent environment (see the module comment). */
export function buildAgentEnv(options: AgentEnvOptions): Record<string, string> {
  const allowGithubToken = options.allowGithubToken ?? false;
  const parent = options.parentEnv;
  const env: Record<string, string> = {};
  const refused = new Set<string>();
  const admit = (name: string, value: string | undefined, explicit: boolean) => {
    if (value === undefined) return;
    const reason = deniedReason(name, allowGithubToken);
    if (reason) {
      if (explicit && !refused.has(name)) {
        refused.add(name);
        options.onDenied?.(name, reason);
      }
      return;
    }
    env[name] = value;
  };

  for (const [name, value] of Object.entries(parent)) {
    if (BASE_ENV_NAMES.includes(name) || BASE_ENV_PREFIXES.some((p) => name.startsWith(p))) {
      admit(name, value, false);
    }
  }
  for (const name of options.secretEnvKeys ?? []) admit(name, parent[name], true);
  const allow = parseAllowList(options.allowList ?? [], options.allowListLabel);
  for (const name of allow.names) admit(name, parent[name], true);
  if (allow.prefixes.length > 0) {
    for (const [name, value] of Object.entries(parent)) {
      if (allow.prefixes.some((p) => name.startsWith(p))) admit(name, value, true);
    }
  }
  if (allowGithubToken) {
    for (const name of GITHUB_TOKEN_NAMES) admit(name, parent[name], false);
  }
  for (const [name, value] of Object.entries(options.executorEnv ?? {})) admit(name, value, true);
  for (const [name, value] of Object.entries(options.waveVars ?? {})) admit(name, value, true);
  return env;
}

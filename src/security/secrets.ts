/**
 * Which values count as secrets: values of environment variables whose names look secret, plus the
 * values a user lists explicitly (the action's `redact` input, one per line).
 */

/** Environment variable names that always hold secrets. */
const SECRET_ENV_NAMES: readonly string[] = [
  "ANTHROPIC_API_KEY",
  "OPENAI_API_KEY",
  "CODEX_API_KEY",
  "OPENROUTER_API_KEY",
  "CLAUDE_CODE_OAUTH_TOKEN",
  "GITHUB_TOKEN",
  "GH_TOKEN",
  "GH_ENTERPRISE_TOKEN",
  "ACTIONS_RUNTIME_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "NPM_TOKEN",
  "NODE_AUTH_TOKEN",
  "AWS_SECRET_ACCESS_KEY",
  "AWS_SESSION_TOKEN",
];

/** Name patterns (tested case-insensitively) of variables whose values are treated as secrets. */
const DEFAULT_SECRET_NAME_PATTERNS: readonly RegExp[] = [
  /(^|_)(API_?)?KEY$/i,
  /(^|_)TOKEN$/i,
  /(^|_)SECRETS?$/i,
  /PASSWORD|PASSWD|PASSPHRASE/i,
  /(^|_)PAT$/i,
  /(^|_)CREDENTIALS?$/i,
  /(^|_)CONNECTION_STRING$/i,
  /(^|_)(AUTH|AUTHORIZATION|COOKIE|DSN)$/i,
];

/** Values that are never secrets even under a secret-looking name. */
const NON_SECRET_VALUES: ReadonlySet<string> = new Set([
  "true",
  "false",
  "yes",
  "no",
  "on",
  "off",
  "null",
  "none",
  "undefined",
  "enabled",
  "disabled",
  "default",
  "empty",
  "unset",
]);

/** Environment values shorter than this are ignored (redacting them would shred logs). */
const MIN_ENV_SECRET_LENGTH = 6;
/** Explicitly listed values shorter than this are ignored. */
const MIN_EXTRA_SECRET_LENGTH = 4;

export interface CollectSecretOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** Explicit secret values (the `redact` input split into lines). */
  extra?: readonly string[];
  /** Replaces DEFAULT_SECRET_NAME_PATTERNS (spread the defaults to extend them). */
  namePatterns?: readonly RegExp[];
  /** Names that are always secret; default SECRET_ENV_NAMES. */
  names?: readonly string[];
}

function isSecretEnvName(
  name: string,
  patterns: readonly RegExp[] = DEFAULT_SECRET_NAME_PATTERNS,
  names: readonly string[] = SECRET_ENV_NAMES,
): boolean {
  if (names.includes(name.toUpperCase())) return true;
  return patterns.some((p) => {
    p.lastIndex = 0;
    return p.test(name);
  });
}

function plausibleSecret(value: string, minLength: number): boolean {
  if (value.length < minLength) return false;
  return !NON_SECRET_VALUES.has(value.toLowerCase());
}

/** Distinct secret values, longest first. */
export function collectSecretValues(options: CollectSecretOptions): string[] {
  const found = new Set<string>();
  for (const [name, raw] of Object.entries(options.env)) {
    if (raw === undefined) continue;
    if (!isSecretEnvName(name, options.namePatterns, options.names)) continue;
    const value = raw.trim();
    if (plausibleSecret(value, MIN_ENV_SECRET_LENGTH)) found.add(value);
  }
  for (const line of options.extra ?? []) {
    const value = line.trim();
    if (plausibleSecret(value, MIN_EXTRA_SECRET_LENGTH)) found.add(value);
  }
  return [...found].sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0));
}

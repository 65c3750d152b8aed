/**
 * Gemini CLI (checked against @google/gemini-cli 0.61.0):
 *
 *   <gemini.command> --output-format stream-json --approval-mode <gemini.approval_mode> --skip-trust
 *          [--model <m>] [--policy=<p>]… [--include-directories=<d>]… [--extensions=<e>]… -p ""
 *
 * with the prompt on stdin. `-p` runs headless and its text is appended to what stdin holds, so
 * an empty `-p` and the prompt on stdin keep the prompt out of argv (no 128 KiB argument limit,
 * not readable in /proc by other users).
 *
 * - `--approval-mode yolo` (the default of `gemini.approval_mode`): headless runs cannot answer
 *   approval prompts, so tools must run unasked; the sandbox and the agent user are the boundary,
 *   as for the other CLIs. `auto_edit` runs file edits unasked and offers no tool that would need
 *   asking (0.61.0 headless: no shell); `plan` is its read-only mode. Its own `default` (ask for
 *   every tool) is not offered: nothing could answer.
 * - `gemini.policy` (policy files or directories), `gemini.include_directories` (more workspace
 *   directories) and `gemini.extensions` (only these extensions): one `--<option>=<value>` each.
 *   The options take lists, so the `=` form keeps a value from taking the arguments after it.
 * - `--skip-trust`: trusts the working directory for this session only. Without it 0.61.0
 *   overrides the approval mode back to `default` in an untrusted folder ("Approval mode
 *   overridden to \"default\" because the current folder is not trusted") and every tool call
 *   then fails headless. A trusted folder's `.gemini/` settings are read, like Claude Code's
 *   project settings.
 * - `--output-format stream-json`: one JSON event per line (`init`, `message`, `tool_use`,
 *   `tool_result`, `error`, `result`); markers are read only from assistant `message` events
 *   (see ./transcript.ts), so a tool that prints marker lines cannot forge one.
 *
 * Keys: GEMINI_API_KEY (Gemini API) or GOOGLE_API_KEY (Vertex AI express), passed through and
 * redacted. Vertex AI's project and location variables pass through as they are. A CLI login
 * (`~/.gemini/oauth_creds.json`) works too: it is the agent's HOME.
 */
import { baseSpec, optional, programArgv, unique } from "../common.js";
import type { ExecutorContext, LaunchSpec } from "../types.js";

export const GEMINI_TRANSCRIPT = "gemini-stream-json";
export const GEMINI_SECRET_ENV_KEYS = ["GEMINI_API_KEY", "GOOGLE_API_KEY"] as const;
/**
 * Not secrets: Vertex AI's switch, project and location. GOOGLE_GEMINI_BASE_URL is left out on
 * purpose: in 0.61.0 it turns the auth type into `gateway`, which headless runs refuse ("Invalid
 * auth method selected.") unless a settings file selects `gemini-api-key`.
 */
export const GEMINI_PASS_ENV_KEYS = ["GOOGLE_GENAI_USE_VERTEXAI", "GOOGLE_CLOUD_PROJECT", "GOOGLE_CLOUD_LOCATION"] as const;

/** `--<option>=<value>` for each value of a list option. */
function each(option: string, values: readonly string[] | undefined): string[] {
  return unique(values ?? []).map((v) => `${option}=${v}`);
}

export function buildGeminiLaunchSpec(ctx: ExecutorContext): LaunchSpec {
  const gemini = ctx.executor.gemini;
  const argv = [
    ...programArgv(gemini.command, "gemini"),
    "--output-format",
    "stream-json",
    "--approval-mode",
    gemini.approvalMode,
    "--skip-trust",
    ...optional("--model", ctx.executor.model),
    ...each("--policy", gemini.policy),
    ...each("--include-directories", gemini.includeDirectories),
    ...each("--extensions", gemini.extensions),
    "-p",
    "",
  ];
  return {
    ...baseSpec(ctx),
    argv,
    stdin: ctx.prompt,
    env: {},
    secretEnvKeys: [...GEMINI_SECRET_ENV_KEYS],
    passEnvKeys: [...GEMINI_PASS_ENV_KEYS],
    files: [],
    rateLimitRetries: true,
    lastMessagePath: null,
    transcript: GEMINI_TRANSCRIPT,
  };
}

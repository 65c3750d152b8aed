/**
 * Gemini CLI (checked against @google/gemini-cli 0.61.0):
 *
 *   gemini --output-format stream-json --approval-mode yolo --skip-trust [--model <m>] -p ""
 *
 * with the prompt on stdin. `-p` runs headless and its text is appended to what stdin holds, so
 * an empty `-p` and the prompt on stdin keep the prompt out of argv (no 128 KiB argument limit,
 * not readable in /proc by other users).
 *
 * - `--approval-mode yolo`: headless runs cannot answer approval prompts, so tools must run
 *   unasked; the sandbox and the agent user are the boundary, as for the other CLIs.
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
import { baseSpec, optional } from "../common.js";
import type { ExecutorContext, LaunchSpec } from "../types.js";

export const GEMINI_TRANSCRIPT = "gemini-stream-json";
export const GEMINI_SECRET_ENV_KEYS = ["GEMINI_API_KEY", "GOOGLE_API_KEY"] as const;
/**
 * Not secrets: Vertex AI's switch, project and location. GOOGLE_GEMINI_BASE_URL is left out on
 * purpose: in 0.61.0 it turns the auth type into `gateway`, which headless runs refuse ("Invalid
 * auth method selected.") unless a settings file selects `gemini-api-key`.
 */
export const GEMINI_PASS_ENV_KEYS = ["GOOGLE_GENAI_USE_VERTEXAI", "GOOGLE_CLOUD_PROJECT", "GOOGLE_CLOUD_LOCATION"] as const;

export function buildGeminiLaunchSpec(ctx: ExecutorContext): LaunchSpec {
  const argv = [
    "gemini",
    "--output-format",
    "stream-json",
    "--approval-mode",
    "yolo",
    "--skip-trust",
    ...optional("--model", ctx.executor.model),
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

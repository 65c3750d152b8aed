/**
 * GitHub Copilot CLI (checked against @github/copilot 1.0.102):
 *
 *   <copilot.command> --output-format json
 *           (--allow-all-tools | --allow-tool=<t>… from copilot.allow_tools) [--deny-tool=<t>…]
 *           --no-ask-user --no-auto-update --secret-env-vars=<names>
 *           [--model <m>] [--agent <a>] [--add-dir <d>]…
 *
 * with the prompt on stdin. Piped stdin is a prompt-mode prompt like `-p <text>` (the CLI exits
 * after it); stdin keeps the prompt out of argv (no 128 KiB argument limit, not readable in /proc
 * by other users).
 *
 * - `--allow-all-tools`: prompt mode cannot answer permission prompts ("required for
 *   non-interactive mode"); the sandbox and the agent user are the boundary, as for the other
 *   CLIs. Paths stay limited to the working directory and the temporary directory, URLs to
 *   those allowed (no `--allow-all-paths` / `--allow-all-urls`). `copilot.allow_tools` replaces it
 *   with those permission patterns (`shell(git:*)`, `write`, …): a tool none allows is refused
 *   unasked. `copilot.deny_tools` refuses tools even when allowed. Both take the `=` form: the
 *   options are variadic and would take the next argument as one more pattern.
 * - `copilot.add_dirs`: more directories its file tools may reach (`--add-dir`, one each).
 * - `--no-ask-user`: no `ask_user` tool; the agent works without asking questions.
 * - `--no-auto-update`: never downloads another CLI version mid-run (the version checked is the
 *   version run).
 * - `--secret-env-vars`: the key variables are stripped from the environment of the shell and
 *   MCP servers the agent starts, and their values redacted from its output, so a command the
 *   agent runs cannot print the token.
 * - `--output-format json`: one JSON event per line (`assistant.message`, `tool.execution_*`, …,
 *   then `result`); markers are read only from the main agent's `assistant.message` events (see
 *   ./transcript.ts).
 *
 * Token: COPILOT_GITHUB_TOKEN (an explicit secret: a token of a user with a Copilot seat). The
 * CLI also reads GH_TOKEN and GITHUB_TOKEN, but the agent environment holds those only when the
 * run allows the GitHub token (`allow-github-token`, src/security/env.ts): the job's GITHUB_TOKEN
 * is never handed to Copilot by default (it cannot use Copilot anyway). Custom providers (BYOK:
 * COPILOT_PROVIDER_BASE_URL and its key) pass through too.
 */
import { baseSpec, optional, programArgv, repeated, unique } from "../common.js";
import type { ExecutorContext, LaunchSpec } from "../types.js";

export const COPILOT_TRANSCRIPT = "copilot-json";
export const COPILOT_SECRET_ENV_KEYS = ["COPILOT_GITHUB_TOKEN", "COPILOT_PROVIDER_API_KEY", "COPILOT_PROVIDER_BEARER_TOKEN"] as const;
/** Every variable the CLI reads a credential from: hidden from the agent's commands even when present. */
export const COPILOT_HIDDEN_ENV_KEYS = [...COPILOT_SECRET_ENV_KEYS, "GH_TOKEN", "GITHUB_TOKEN"] as const;
/** A custom model provider (BYOK), not secrets. */
export const COPILOT_PASS_ENV_KEYS = [
  "COPILOT_PROVIDER_BASE_URL",
  "COPILOT_PROVIDER_TYPE",
  "COPILOT_PROVIDER_WIRE_API",
  "COPILOT_PROVIDER_MODEL_ID",
  "COPILOT_PROVIDER_WIRE_MODEL",
  "COPILOT_GH_HOST",
  "GH_HOST",
] as const;

export function buildCopilotLaunchSpec(ctx: ExecutorContext): LaunchSpec {
  const copilot = ctx.executor.copilot;
  const allowed = unique(copilot.allowTools ?? []);
  const argv = [
    ...programArgv(copilot.command, "copilot"),
    "--output-format",
    "json",
    ...(allowed.length > 0 ? allowed.map((t) => `--allow-tool=${t}`) : ["--allow-all-tools"]),
    ...unique(copilot.denyTools ?? []).map((t) => `--deny-tool=${t}`),
    "--no-ask-user",
    "--no-auto-update",
    `--secret-env-vars=${COPILOT_HIDDEN_ENV_KEYS.join(",")}`,
    ...optional("--model", ctx.executor.model),
    ...optional("--agent", copilot.agent),
    ...repeated("--add-dir", copilot.addDirs),
  ];
  return {
    ...baseSpec(ctx),
    argv,
    stdin: ctx.prompt,
    env: {},
    secretEnvKeys: [...COPILOT_SECRET_ENV_KEYS],
    passEnvKeys: [...COPILOT_PASS_ENV_KEYS],
    files: [],
    rateLimitRetries: true,
    lastMessagePath: null,
    transcript: COPILOT_TRANSCRIPT,
  };
}

/**
 * Claude Code: `claude -p …` with the prompt on stdin (never one huge argv string) and the harness
 * system prompt in `<overlay>/claude-system-prompt.txt`, passed with `--append-system-prompt-file`
 * (or `--system-prompt-file` when appendSystemPromptMode is "replace"). The agent's skills follow
 * the harness text in that file (and are written to `<overlay>/skills/<id>/SKILL.md`).
 *
 * Checked against Claude Code 2.1: `--output-format stream-json` with `-p` requires `--verbose`;
 * `--max-turns`, `--permission-prompt-tool` and the `*-system-prompt-file` flags are accepted though
 * not listed in `--help`. Claude Code refuses `bypassPermissions` (the default permission mode)
 * when running as root unless IS_SANDBOX=1 is set; GitHub-hosted runners do not run as root.
 *
 * Sessions (checked against Claude Code 2.1.197): with persistence on (`session.persist`, the
 * default) a `-p` run keeps its conversation in
 * `<CLAUDE_CONFIG_DIR, else $HOME/.claude>/projects/<cwd as a dir name>/<session id>.jsonl` (see
 * src/executors/claude/session.ts for the dir-name rule); `--no-session-persistence` is passed only when
 * `session.persist` is false. A fresh run is given the id we chose (`--session-id <uuid>`,
 * `session.newId`): the `text` format never prints the id and `json` prints it only at the end, so
 * a run killed at its deadline would otherwise leave no way to name its session. `--resume <id>`
 * (`session.resumeId`) continues that session in the same file and keeps its id; the prompt on
 * stdin is then the next user message. A missing session fails with "No conversation found with
 * session ID: <id>" (exit 1); a chosen id already on disk with "Session ID <id> is already in use".
 *
 * Output formats and where markers are read from: `text` prints only the final assistant message
 * (tool calls and their output are not printed, on stdout or stderr), so every line counts;
 * `json` prints one `result` event holding that message; `stream-json` prints every message, and
 * only the main agent's assistant text blocks count (never tool results).
 */
import { baseSpec, harnessSystemPrompt, optional, overlayPath, programArgv, repeated, skillFiles, skillsPromptText } from "../common.js";
import { claudeSettingsPlan } from "./settings-file.js";
import { sessionRequestOf } from "../session-ids.js";
import type { TranscriptFormat } from "../types.js";
import type { ExecutorContext, LaunchSpec, OverlayFile } from "../types.js";

const CLAUDE_SYSTEM_PROMPT_FILE = "claude-system-prompt.txt";
export const CLAUDE_SECRET_ENV_KEYS = ["ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN", "CLAUDE_CODE_OAUTH_TOKEN"];
const CLAUDE_PASS_ENV_KEYS = [
  "ANTHROPIC_BASE_URL",
  "CLAUDE_CONFIG_DIR",
  "CLAUDE_CODE_USE_BEDROCK",
  "CLAUDE_CODE_USE_VERTEX",
  "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC",
  "DISABLE_TELEMETRY",
  "IS_SANDBOX",
];
/** The transcript each `--output-format` writes (see src/signals/transcript.ts). */
const CLAUDE_TRANSCRIPT: Record<"text" | "json" | "stream-json", TranscriptFormat> = {
  text: "text",
  json: "claude-json",
  "stream-json": "claude-stream-json",
};

export function buildClaudeLaunchSpec(ctx: ExecutorContext): LaunchSpec {
  const claude = ctx.executor.claude;
  const systemPrompt: OverlayFile = {
    path: overlayPath(ctx, CLAUDE_SYSTEM_PROMPT_FILE),
    content: [harnessSystemPrompt(ctx), skillsPromptText(ctx)].filter((t) => t !== "").join("\n"),
  };
  const settings = claudeSettingsPlan(ctx);
  const session = sessionRequestOf(ctx.session);
  const argv = [
    ...programArgv(claude.command, "claude"),
    "-p",
    "--output-format",
    claude.outputFormat,
    ...(claude.outputFormat === "stream-json" ? ["--verbose"] : []),
    ...optional("--model", ctx.executor.model),
    ...optional("--agent", claude.agent),
    ...optional("--permission-mode", claude.permissionMode),
    ...optional("--permission-prompt-tool", claude.permissionPromptTool),
    ...optional("--effort", claude.effort),
    ...optional("--max-turns", claude.maxTurns),
    // The agent's own budget.usd: Claude Code stops itself there too (the orchestrator watches either way).
    ...optional("--max-budget-usd", ctx.executor.budget.usd),
    ...repeated("--mcp-config", claude.mcpConfig),
    ...(claude.strictMcpConfig === true ? ["--strict-mcp-config"] : []),
    ...settings.argv,
    ...repeated("--allowedTools", claude.allowedTools),
    ...repeated("--disallowedTools", claude.disallowedTools),
    claude.appendSystemPromptMode === "replace" ? "--system-prompt-file" : "--append-system-prompt-file",
    systemPrompt.path,
    ...(session.persist ? [] : ["--no-session-persistence"]),
    ...(session.resumeId !== null ? ["--resume", session.resumeId] : optional("--session-id", session.newId)),
  ];
  return {
    ...baseSpec(ctx),
    argv,
    stdin: ctx.prompt,
    env: { DISABLE_AUTOUPDATER: "1" },
    secretEnvKeys: [...CLAUDE_SECRET_ENV_KEYS],
    passEnvKeys: [...CLAUDE_PASS_ENV_KEYS],
    files: [systemPrompt, ...(settings.file ? [settings.file] : []), ...skillFiles(ctx)],
    rateLimitRetries: true,
    lastMessagePath: null,
    transcript: CLAUDE_TRANSCRIPT[claude.outputFormat],
  };
}

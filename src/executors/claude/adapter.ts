/** The Claude Code adapter (src/executors/adapter.ts); its launch is src/executors/claude/launch.ts. */
import { claudeUsage } from "../../usage/extract.js";
import { CLAUDE_FIELDS } from "./settings.js";
import type { ExecutorAdapter } from "../adapter.js";
import { vendorCli } from "../adapter-parts.js";
import { CLAUDE_ENDPOINT } from "./endpoint.js";
import { buildClaudeLaunchSpec, CLAUDE_SECRET_ENV_KEYS } from "./launch.js";
import { claudeRenderer } from "./render.js";
import { CLAUDE_SESSION_FILES } from "./session.js";
import { CLAUDE_WORTH_READING, matchClaudeEvent, readClaudeEvent } from "./transcript.js";

export const claudeAdapter: ExecutorAdapter = {
  ...vendorCli("claude", "Claude Code", CLAUDE_FIELDS, buildClaudeLaunchSpec),
  keys: {
    secretEnv: CLAUDE_SECRET_ENV_KEYS,
    loginFiles: (env, home) => [`${env.CLAUDE_CONFIG_DIR || `${home}/.claude`}/.credentials.json`],
  },
  turnLimit(executor) {
    const limit = executor.claude.maxTurns ?? null;
    return limit === null
      ? { limit, source: "not-set-by-wave", notes: ["No claude.max_turns set: Claude Code runs without --max-turns."] }
      : { limit, source: "claude.max_turns", notes: [] };
  },
  transcript: {
    dialect: "claude",
    formats: ["claude-stream-json", "claude-json"],
    match: matchClaudeEvent,
    worthReading: CLAUDE_WORTH_READING,
    read: readClaudeEvent,
    usage: claudeUsage,
    renderer: claudeRenderer,
    renderFormat: "auto",
  },
  usage: {
    // `--output-format text` prints the final message only.
    reporting: (executor) => (executor.claude.outputFormat === "text" ? "none" : "cost"),
    noneReason: () => "claude.output_format text reports no usage (use stream-json, the default)",
  },
  session: {
    support: () => ({
      resumable: true,
      presetId: true,
      reason: "Claude Code continues a session with --resume <id>; it is one file under its projects directory.",
    }),
    files: CLAUDE_SESSION_FILES,
  },
  endpoint: CLAUDE_ENDPOINT,
  rehearsal: {
    permissionHint: (executor) =>
      `claude ran with permission mode "${executor.claude.permissionMode ?? "default"}" (executor setting claude.permission_mode): use acceptEdits or bypassPermissions, or allow Write in claude.allowed_tools`,
    versionEnv: (home) => ({ CLAUDE_CONFIG_DIR: home, DISABLE_AUTOUPDATER: "1" }),
  },
  verifiedVersion: "2.1.197",
  pricedModels: ["claude-sonnet-4-5", "claude-opus-4-5", "claude-haiku-4-5"],
  sandboxHosts: ["api.anthropic.com"],
};

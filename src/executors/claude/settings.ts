/** The settings of the claude executor (see src/wave/executor-vocabulary.ts for what a field says). */
import { argv, array, count, flag, jsonObject, laneModel, list, oneOf, text } from "../fields.js";

/** Claude Code (`executors.claude`, `claude.*`); the argv builder is src/executors/claude/launch.ts. */
export const CLAUDE_FIELDS = {
  command: argv({ default: ["claude"] }),
  model: laneModel(),
  agent: text(),
  appendSystemPromptMode: oneOf(["append", "replace"], { wave: false, default: "append" }),
  permissionMode: text({ default: "bypassPermissions" }),
  permissionPromptTool: text(),
  effort: oneOf(["low", "medium", "high", "max"]),
  maxTurns: count(),
  mcpConfig: list(),
  strictMcpConfig: flag({ wave: false }),
  settings: text(),
  settingsJson: jsonObject(),
  hooksJson: jsonObject(),
  allowedHttpHookUrls: list({ dashOk: true }),
  outputFormat: oneOf(["text", "json", "stream-json"], { default: "stream-json" }),
  allowedTools: array(),
  disallowedTools: array(),
};

/**
 * The settings section of each CLI that has settings (its field table,
 * src/executors/<id>/settings.ts). src/wave/executor-vocabulary.ts derives the config sections,
 * the resolved types and the wave-file keys from these; adding an executor with settings is its
 * section here (and its adapter in the registry).
 */
import { CLAUDE_FIELDS } from "./claude/settings.js";
import { CODEX_FIELDS } from "./codex/settings.js";
import { COMMAND_FIELDS } from "./command/settings.js";
import { COPILOT_FIELDS } from "./copilot/settings.js";
import { GEMINI_FIELDS } from "./gemini/settings.js";
import { OPENCODE_FIELDS } from "./opencode/settings.js";

export const EXECUTOR_SECTIONS = {
  codex: CODEX_FIELDS,
  claude: CLAUDE_FIELDS,
  opencode: OPENCODE_FIELDS,
  command: COMMAND_FIELDS,
  copilot: COPILOT_FIELDS,
  gemini: GEMINI_FIELDS,
} as const;

/** The settings of the opencode executor (see src/wave/executor-vocabulary.ts for what a field says). */
import { anyJson, argv, array, count, envNames, jsonObject, laneModel, list, oneOf, text } from "../fields.js";

/** OpenCode (`executors.opencode`, `opencode.*`); the builder is src/executors/opencode/launch.ts. */
export const OPENCODE_FIELDS = {
  command: argv({ default: ["opencode"] }),
  model: laneModel(),
  agent: text(),
  attach: text(),
  files: list(),
  format: oneOf(["default", "json"], { default: "default", inert: "opencode always runs with --format json" }),
  steps: count(),
  instructions: array({ dashOk: true }),
  permission: anyJson(),
  configJson: jsonObject(),
  /** Environment variable names this agent's opencode provider needs (e.g. OPENROUTER_API_KEY). */
  envKeys: envNames(),
};

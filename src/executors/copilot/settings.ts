/** The settings of the copilot executor (see src/wave/executor-vocabulary.ts for what a field says). */
import { argv, array, laneModel, list, text } from "../fields.js";

/** GitHub Copilot CLI (`executors.copilot`, `copilot.*`); the argv builder is src/executors/copilot/launch.ts. */
export const COPILOT_FIELDS = {
  command: argv({ default: ["copilot"] }),
  model: laneModel(),
  agent: text(),
  allowTools: array(),
  denyTools: array(),
  addDirs: list(),
};

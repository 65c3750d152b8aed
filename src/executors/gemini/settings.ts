/** The settings of the gemini executor (see src/wave/executor-vocabulary.ts for what a field says). */
import { argv, laneModel, list, oneOf } from "../fields.js";

/** Gemini CLI (`executors.gemini`, `gemini.*`); the argv builder is src/executors/gemini/launch.ts. */
export const GEMINI_FIELDS = {
  command: argv({ default: ["gemini"] }),
  model: laneModel(),
  approvalMode: oneOf(["yolo", "auto_edit", "plan"], { default: "yolo" }),
  policy: list(),
  includeDirectories: list(),
  extensions: list(),
};

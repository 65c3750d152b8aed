/** The settings of the command executor (see src/wave/executor-vocabulary.ts for what a field says). */
import { z } from "zod";
import { CommandSchema, field } from "../fields.js";

/** The `command` executor (`executors.command`, `command.argv` or `command`); src/executors/command/launch.ts. */
export const COMMAND_FIELDS = {
  /** argv of the program; the prompt is given on stdin and in WAVE_PROMPT_FILE. */
  argv: field({ t: "argv" }, CommandSchema, z.array(z.string()).min(1), { waveAliases: ["command"] }),
};

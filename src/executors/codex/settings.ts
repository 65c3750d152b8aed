/** The settings of the codex executor (see src/wave/executor-vocabulary.ts for what a field says). */
import { argv, flag, laneModel, list, oneOf, text } from "../fields.js";

/** Codex CLI (`executors.codex`, `codex.*`); the argv builder is src/executors/codex/launch.ts. */
export const CODEX_FIELDS = {
  command: argv({ default: ["codex"] }),
  model: laneModel(),
  profileName: text(),
  config: list(),
  search: flag(),
  images: list(),
  addDirs: list(),
  json: flag({ inert: "codex always runs with --json (markers and usage are read from its events)" }),
  ephemeral: flag(),
  sandbox: oneOf(["read-only", "workspace-write", "danger-full-access"], { default: "danger-full-access" }),
};

/**
 * The flags of `wave run` (and of the commands that take the same, like `wave rehearse`). A module
 * of its own, with no imports of command modules, so that any command can extend it. The flags
 * are the command line's share of the run options' one table (engine/options.ts,
 * `RUN_OPTION_TABLE`): what `wave run` parses and what `wave run --help` prints.
 */
import { optionsOf, RUN_OPTION_TABLE } from "../engine/options.js";
import { type FlagTable, formatFlags } from "./args.js";

export const RUN_OPTIONS = {
  ...optionsOf(RUN_OPTION_TABLE, "cli"),
  ...formatFlags(["text", "json"] as const),
} as const satisfies FlagTable;

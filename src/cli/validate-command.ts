/** `wave validate`: parses and validates the lane's wave files (text, JSON or GitHub annotations). */
import { validateCommand } from "../commands/validate.js";
import { type FlagTable, formatFlags, listFlag, outputFormat, parseCommandArgs, parseWaveNumber } from "./args.js";
import { globalOptions, noPositionals } from "./global-options.js";
import type { CommandHelp } from "./help.js";
import type { CliIo } from "./io.js";
import { RUN_OPTIONS } from "./run-options.js";

const VALIDATE_OPTIONS = {
  project: RUN_OPTIONS.project,
  wave: {
    type: "string",
    multiple: true,
    value: "N",
    description: "report only this wave (all wave files are still checked)",
    defaultText: "every wave",
  },
  ...formatFlags(["text", "json", "github"] as const),
} as const satisfies FlagTable;

export const VALIDATE_HELP: CommandHelp = {
  name: "validate",
  usage: "[--wave N]... [--format text|json|github]",
  about: "Parses and validates every wave file of the lane. `github` prints GitHub workflow annotations.",
  options: VALIDATE_OPTIONS,
  globals: true,
  examples: ["wave validate", "wave validate --wave 2 --json", "wave validate --format github   # annotations in a workflow"],
  exitCodes: ["0  valid (warnings allowed)", "1  validation errors", "2  usage or configuration error (no waves directory, unknown wave)"],
};

export async function validateCliCommand(argv: string[], io: CliIo): Promise<number> {
  const p = parseCommandArgs("validate", argv, VALIDATE_OPTIONS);
  noPositionals(p);
  const format = outputFormat(p, ["text", "json", "github"] as const, "text");
  const g = globalOptions(p, io);
  const waves = listFlag(p, "wave").map((w) => parseWaveNumber(w, "--wave") as number);
  const out = await validateCommand({ ...g, waves, format, explain: true });
  if (out.stdout) io.stdout(out.stdout);
  if (out.stderr) io.stderr(out.stderr);
  return out.exitCode;
}

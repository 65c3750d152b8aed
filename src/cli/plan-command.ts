/** `wave plan`: the lane's waves with their agents, and the workflow matrix. */
import { planCommand } from "../commands/plan.js";
import { type FlagTable, formatFlags, outputFormat, parseCommandArgs, stringFlag } from "./args.js";
import { globalOptions, noPositionals } from "./global-options.js";
import type { CommandHelp } from "./help.js";
import type { CliIo } from "./io.js";
import { RUN_OPTIONS } from "./run-options.js";
import { parseNumber } from "../values.js";

const PLAN_OPTIONS = {
  project: RUN_OPTIONS.project,
  waves: { type: "string", value: "all|N|N-M|N,M,...", description: "the waves to list", defaultText: "all" },
  "max-agents-per-job": {
    type: "string",
    value: "N",
    description: "shard a wave with more implementation agents than N into jobs of at most N, plus a closure job",
    defaultText: "runtimePolicy.maxAgentsPerJob, else never",
  },
  ...formatFlags(["text", "json"] as const),
} as const satisfies FlagTable;

export const PLAN_HELP: CommandHelp = {
  name: "plan",
  usage: "[--waves all|N|N-M|N,M,...] [--format text|json]",
  about: "Lists the lane's waves with their agents, and the workflow matrix {include:[{wave:N},...]}.",
  options: PLAN_OPTIONS,
  globals: true,
  examples: [
    "wave plan",
    "wave plan --waves 1-3 --json   # the matrix for a workflow",
    "wave plan --max-agents-per-job 8   # waves of more than 8 implementation agents as shard jobs",
  ],
  exitCodes: ["0  listed", "1  a selected wave has errors", "2  usage or configuration error, or a wave that does not exist"],
};

export async function planCliCommand(argv: string[], io: CliIo): Promise<number> {
  const p = parseCommandArgs("plan", argv, PLAN_OPTIONS);
  noPositionals(p);
  const format = outputFormat(p, ["text", "json"] as const, "text");
  const g = globalOptions(p, io);
  const maxAgentsPerJob = parseNumber(stringFlag(p, "max-agents-per-job"), "--max-agents-per-job", { integer: true, min: 1 }) ?? null;
  const out = await planCommand({ ...g, waves: stringFlag(p, "waves") ?? "all", format, maxAgentsPerJob });
  if (out.stdout) io.stdout(out.stdout);
  if (out.stderr) io.stderr(out.stderr);
  return out.exitCode;
}

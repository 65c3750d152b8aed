/**
 * `wave run`: flags → engine options; live view on a terminal, plain lines otherwise; the result
 * (and only the result with --json) at the end; exit code from the wave status. The run itself
 * (engine, view, output) is run-and-report.ts, shared with `--waves` (supervise.ts) and `demo`.
 */
import path from "node:path";
import { runElevatedIfNeeded } from "../agent-user/elevate.js";
import { type OptionSource, type RunOptions, readRunOptionValues } from "../engine/options.js";
import { UserError } from "../errors.js";
import { isDesignJob, parseShardRole } from "../shard/plan.js";
import { boolFlag, type FlagTable, listFlag, outputFormat, type Parsed, parseCommandArgs, parseWaveNumber, stringFlag } from "./args.js";
import { envLocalNotice, loadEnvLocal } from "./env-local.js";
import { globalOptions } from "./global-options.js";
import { type CommandHelp, RUN_EXIT_CODES } from "./help.js";
import type { CliIo } from "./io.js";
import { exitCodeOf, runAndReport } from "./run-and-report.js";
import { RUN_OPTIONS } from "./run-options.js";
import { selfCliArgv } from "./self.js";
import { checkRerun, runWaves } from "./supervise.js";

// Re-exported for what is built on `wave run` (cli/rehearse-command.ts) and its tests.
export { exitCodeOf, runAndReport };

/** `wave run`'s table: the shared run flags, and the flags only `wave run` has. */
export const RUN_COMMAND_OPTIONS = {
  wave: { type: "string", value: "N", description: "the wave to run (or --waves)" },
  waves: {
    type: "string",
    value: "all|N-M|N,M,...",
    description: "these waves in order; stops at the first that does not pass",
  },
  ...(({ wave: _wave, ...rest }) => rest)(RUN_OPTIONS),
  rerun: {
    type: "string",
    multiple: true,
    value: "ID,ID",
    description: "run these agents again, and the closure after them, even if reusable",
  },
  "accept-agent-edits": {
    type: "string",
    multiple: true,
    value: "FILE",
    description: "start although FILE (repository-relative), a definition an agent changed, is still as the agent left it",
  },
  shard: {
    type: "string",
    value: "I/N",
    description:
      "run shard I of N of a sharded wave: its implementation agents and their gates (wave plan lists them); 0/N: the design job of a wave with design agents",
  },
  closure: { type: "boolean", description: "the closure job of a sharded wave: merge the --from shard runs, then the closure sweep" },
  from: {
    type: "string",
    multiple: true,
    value: "DIR",
    description: "a shard run directory for --closure (one per shard); with --shard I/N, the design job's run it builds on",
  },
} as const satisfies FlagTable;

export const RUN_HELP: CommandHelp = {
  name: "run",
  usage: "--wave N | --waves all|N-M|N,M,... [options]",
  about:
    "Starts the wave's agents (the executors named in the wave files: codex, claude and opencode\n" +
    "bill their provider), checks every gate from the agents' markers, and records the result under\n" +
    "the state directory. A live view on a terminal, plain lines otherwise.\n\n" +
    "--waves runs several waves one after the other in the same work tree, each on the changes of\n" +
    "the ones before, and stops at the first that does not pass. Run the same command again to\n" +
    "resume: waves whose latest result passed (wave file unchanged) are skipped, and the wave that\n" +
    "stopped resumes from what it recorded. With --json, one result per wave, one JSON line each.\n\n" +
    "Another terminal can follow a run: wave status --wave N --watch, or wait for its end:\n" +
    "wave wait --wave N.",
  options: RUN_COMMAND_OPTIONS,
  globals: true,
  examples: [
    "wave run --wave 1 --dry-run        # prompts and launch previews only; nothing starts",
    "wave run --wave 1 --executor local # every agent with the built-in local executor",
    "wave run --wave 1 --json           # progress on stderr, result.json on stdout",
    "wave run --waves 1-3               # waves 1, 2, 3 in order; again to resume where it stopped",
    "wave run --wave 2 --rerun A3,A5    # A3 and A5 run again, and the closure after them",
    "wave run --wave 1 --project api    # the config's projects.api entry",
    "wave run --wave 4 --shard 2/3      # shard 2 of 3 of a wave too big for one machine",
    "wave run --wave 4 --closure --from s1/attempt-1 --from s2/attempt-1 --from s3/attempt-1",
    "wave run --wave 5 --shard 2/3 --from d/attempt-1  # a wave with design agents: after --shard 0/3",
  ],
  exitCodes: RUN_EXIT_CODES,
};

/** `--rerun A3,A5` (repeatable): the agent ids, in the order given, without repeats. */
function rerunIds(p: Parsed): string[] {
  const ids = listFlag(p, "rerun").flatMap((v) => v.split(","));
  const out = [...new Set(ids.map((id) => id.trim()).filter((id) => id !== ""))];
  if (listFlag(p, "rerun").length > 0 && out.length === 0) throw new UserError("--rerun needs agent ids (e.g. --rerun A3,A5)");
  return out;
}

/** The run options' source on the command line: a flag's text, `true` for a switch given. */
function flagSource(p: Parsed): OptionSource {
  return {
    program: "cli",
    read: (name) => (p.values[name] === true ? "true" : stringFlag(p, name)),
    label: (name) => `--${name}`,
  };
}

/** Engine options from the flags; `wave` is the wave to run when `--waves` chose it (else `--wave`). */
export function runOptionsFromFlags(p: Parsed, io: CliIo, chosenWave?: number): RunOptions {
  const g = globalOptions(p, io);
  const wave = chosenWave ?? parseWaveNumber(stringFlag(p, "wave"), "--wave");
  if (wave === undefined) throw new UserError("--wave N is required");
  const values = readRunOptionValues(flagSource(p));
  const { resume } = values;
  return {
    ...g,
    wave,
    ...values,
    resume: typeof resume === "string" ? resume : { dir: path.resolve(io.cwd, resume.dir), explicit: true },
    rerun: rerunIds(p),
    // Repository-relative, as the refusal names them (an absolute path is taken relative to the root).
    acceptAgentEdits: listFlag(p, "accept-agent-edits").map((f) =>
      (path.isAbsolute(f) ? path.relative(g.root, f) : f).split(path.sep).join("/"),
    ),
    ...shardOptions(p, io),
  };
}

/** `--shard I/N`, or `--closure` with `--from DIR` per shard (src/shard/). */
function shardOptions(p: Parsed, io: CliIo): Pick<RunOptions, "shard" | "shardFrom"> {
  const shard = parseShardRole(stringFlag(p, "shard"), "--shard");
  const from = listFlag(p, "from").map((d) => path.resolve(io.cwd, d));
  if (boolFlag(p, "closure")) {
    if (shard) throw new UserError("give --shard I/N or --closure, not both");
    if (from.length === 0) throw new UserError("--closure needs the shard runs to merge: --from DIR, one per shard");
    return { shard: { kind: "closure" }, shardFrom: from };
  }
  if (shard?.kind === "closure") throw new UserError("--shard takes I/N; the closure job is --closure --from DIR ...");
  if (from.length > 0 && (shard === null || isDesignJob(shard))) {
    throw new UserError("--from names the shard runs of --closure, or the design job's run for --shard I/N (I from 1)");
  }
  if (from.length > 1) throw new UserError(`--shard ${shard?.index}/${shard?.count} builds on one design job's run: give --from once`);
  return shard ? { shard, ...(from.length > 0 ? { shardFrom: from } : {}) } : {};
}

export async function runCommand(argv: string[], given: CliIo): Promise<number> {
  const p = parseCommandArgs("run", argv, RUN_COMMAND_OPTIONS);
  if (p.positionals.length > 0) throw new UserError(`unexpected argument "${p.positionals[0]}"`);
  // The allow-listed keys of <root>/.env.local the environment lacks (names said, never values).
  const local = await loadEnvLocal(globalOptions(p, given).root, given.env);
  if (envLocalNotice(local)) given.stderr(envLocalNotice(local));
  const io: CliIo = { ...given, env: local.env };
  const json = outputFormat(p, ["text", "json"] as const, "text") === "json";
  const wavesSpec = stringFlag(p, "waves");
  if (wavesSpec !== undefined && stringFlag(p, "wave") !== undefined) throw new UserError("give --wave N or --waves, not both");
  if (wavesSpec !== undefined && (stringFlag(p, "shard") !== undefined || boolFlag(p, "closure"))) {
    throw new UserError("--shard and --closure run one wave: give --wave N");
  }
  // The options of the first wave stand for all of --waves (the same flags).
  const options = runOptionsFromFlags(p, io, wavesSpec !== undefined ? 0 : undefined);
  if (wavesSpec === undefined && options.rerun && options.rerun.length > 0) checkRerun(options);
  // Agents as another OS user may need this command to run again as root (passwordless sudo).
  const elevated = runElevatedIfNeeded(
    { kind: "agents", agentUser: options.agentUser, dryRun: options.dryRun },
    selfCliArgv(),
    ["run", ...argv],
    io.env,
  );
  if (elevated) return elevated;
  if (wavesSpec !== undefined) {
    return runWaves(wavesSpec, (wave) => runOptionsFromFlags(p, io, wave), io, { json, cliArgv: selfCliArgv() });
  }
  return runAndReport(options, io, { json, cliArgv: selfCliArgv() });
}

/**
 * `wave wait --wave N [--timeout-minutes M]`, run by a human in another terminal while a wave
 * runs: blocks until the running wave ends and exits with its result's code (see src/cli/watch.ts).
 */
import { UserError } from "../errors.js";
import { type FlagTable, formatFlags, outputFormat, parseCommandArgs, parseNumber, parseWaveNumber, stringFlag } from "./args.js";
import { globalOptions, laneOf, PROJECT_OPTION } from "./global-options.js";
import type { CommandHelp } from "./help.js";
import type { CliIo } from "./io.js";
import { resultExitCode, WAIT_TIMEOUT_EXIT, waitForWave, waitLine } from "./watch.js";

const WAIT_OPTIONS = {
  wave: { type: "string", value: "N", description: "the wave (required)" },
  "timeout-minutes": { type: "string", value: "M", description: "give up after this long (exit 124)", defaultText: "no limit" },
  ...PROJECT_OPTION,
  ...formatFlags(["text", "json"] as const),
} as const satisfies FlagTable;

export const WAIT_HELP: CommandHelp = {
  name: "wait",
  usage: "--wave N [--timeout-minutes M] [--format text|json]",
  about:
    "Finds the run of the wave going on in another process (through its lock in the state directory),\n" +
    "waits until it ends, prints its result's headline (or result.json with --json) and exits with\n" +
    "its code. When the wave is not running, the latest recorded result answers at once.",
  options: WAIT_OPTIONS,
  globals: true,
  examples: ["wave wait --wave 2", "wave wait --wave 2 --timeout-minutes 90 && git push"],
  exitCodes: [
    "0    the wave passed (or was a dry run)",
    "1    the wave failed, is blocked or was cancelled",
    "2    usage error, or the wave is not running and has no result",
    "124  --timeout-minutes passed first",
    "130  cancelled by Ctrl-C",
  ],
};

export async function waitCommand(argv: string[], io: CliIo): Promise<number> {
  const p = parseCommandArgs("wait", argv, WAIT_OPTIONS);
  if (p.positionals.length > 0) throw new UserError(`unexpected argument "${p.positionals[0]}"`);
  const json = outputFormat(p, ["text", "json"] as const, "text") === "json";
  const g = globalOptions(p, io);
  const wave = parseWaveNumber(stringFlag(p, "wave"), "--wave");
  if (wave === undefined) throw new UserError("--wave N is required");
  const minutes = parseNumber(stringFlag(p, "timeout-minutes"), "--timeout-minutes", { allowZero: false });
  const lane = laneOf(g);
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  try {
    const outcome = await waitForWave({
      stateDir: g.stateDir,
      lane,
      wave,
      timeoutMs: minutes === undefined ? null : minutes * 60_000,
      signal: controller.signal,
      onWaiting: (h) => io.stderr(`waiting for wave ${wave} (lane ${lane}; pid ${h.pid}, started ${h.startedAt})\n`),
    });
    if (outcome.timedOut) {
      io.stderr(`wave ${wave} was still running after ${minutes} minute(s); stopped waiting\n`);
      return WAIT_TIMEOUT_EXIT;
    }
    if (controller.signal.aborted && !outcome.result) return 130;
    if (!outcome.result) throw new UserError(`the run of wave ${wave} ended without a result (killed?)`, 1);
    if (!outcome.waited) io.stderr(`wave ${wave} is not running; its latest result:\n`);
    io.stdout(json ? `${JSON.stringify(outcome.result, null, 2)}\n` : waitLine(outcome.result, outcome.resultFile));
    return resultExitCode(outcome.result);
  } finally {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  }
}

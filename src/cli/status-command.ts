/**
 * `wave status`: the latest recorded result of a wave as a table (or its result.json), a run still
 * going first; `--watch` follows the wave's state as it changes.
 *
 * Much of what is shown was written by agents (titles, questions, gate details), so all of it is
 * printed terminal-safe: control characters made visible (`terminalSafe`), and in JSON the
 * characters a terminal acts on that JSON leaves as they are written as `\uXXXX` escapes.
 */
import { UserError } from "../errors.js";
import { renderOpenQuestions } from "../feedback/open.js";
import { readFeedbackRequests } from "../feedback/requests.js";
import { modelProxyText } from "../proxy/report.js";
import { readDeployments } from "../report/deployments.js";
import { renderStatusTable } from "../report/status-table.js";
import { terminalSafe, terminalSafeJson } from "../report/text.js";
import { readJsonChecked } from "../state/json-files.js";
import { runPaths, waveDirOf, listAttempts } from "../state/paths.js";
import { WaveResultSchema } from "../state/schema.js";
import { boolFlag, type FlagTable, formatFlags, outputFormat, parseCommandArgs, parseWaveNumber, stringFlag } from "./args.js";
import { type GlobalOptions, globalOptions, laneOf, PROJECT_OPTION, stateFlags } from "./global-options.js";
import type { CommandHelp } from "./help.js";
import type { CliIo } from "./io.js";
import { terminalWidth } from "../command-io.js";
import { ChangeSignal, latestRun, lockHolder, renderWaveView } from "./watch.js";

const STATUS_OPTIONS = {
  wave: { type: "string", value: "N", description: "the wave (required)" },
  watch: { type: "boolean", description: "redraw whenever the running wave records progress, until Ctrl-C" },
  ...PROJECT_OPTION,
  ...formatFlags(["text", "json"] as const),
} as const satisfies FlagTable;

export const STATUS_HELP: CommandHelp = {
  name: "status",
  usage: "--wave N [--watch] [--format text|json]",
  about:
    "Prints the latest recorded result of the wave (its result.json) as a table, or as JSON. Open\n" +
    "questions of agents waiting for a human (wave feedback ask --wait) are listed with the exact\n" +
    "command that answers each.\n\n" +
    "--watch redraws the wave's state (its progress journal while it runs, then its result) each time\n" +
    "it changes, until Ctrl-C.",
  options: STATUS_OPTIONS,
  globals: true,
  examples: [
    "wave status --wave 1",
    "wave status --wave 1 --json   # the result.json of the latest attempt",
    "wave status --wave 1 --watch  # follow a running wave from another terminal",
  ],
  exitCodes: [
    "0  the wave passed (or was a dry run)",
    "1  the wave failed, is blocked or was cancelled",
    "2  usage error, or no run of the wave",
    "130  --watch ended with Ctrl-C",
  ],
};

export async function statusCommand(argv: string[], io: CliIo): Promise<number> {
  const p = parseCommandArgs("status", argv, STATUS_OPTIONS);
  if (p.positionals.length > 0) throw new UserError(`unexpected argument "${p.positionals[0]}"`);
  const json = outputFormat(p, ["text", "json"] as const, "text") === "json";
  const g = globalOptions(p, io);
  const wave = parseWaveNumber(stringFlag(p, "wave"), "--wave");
  if (wave === undefined) throw new UserError("--wave N is required");
  const lane = laneOf(g);
  const attempts = (await listAttempts(waveDirOf(g.stateDir, lane, wave))).reverse();
  if (attempts.length === 0) throw new UserError(`no run of wave ${wave} (lane ${lane}) under ${g.stateDir}`, 2);
  if (boolFlag(p, "watch")) {
    if (json) throw new UserError("--watch shows a table; it does not go with --json");
    return watchStatus(g, lane, wave, io);
  }
  const problems: string[] = [];
  const print = (text: string) => io.stdout(terminalSafe(text));
  // A run still going has no result yet: say so, with its open questions, before older results.
  const running = await lockHolder(waveDirOf(g.stateDir, lane, wave));
  if (running && !json) {
    const latest = await latestRun(g.stateDir, lane, wave);
    if (latest && !latest.result) {
      print(`${await renderWaveView(latest, stateFlags(g))}\n`);
      print(
        `Still running (pid ${running.pid}): wave wait --wave ${wave} waits for its end; wave status --wave ${wave} --watch follows it.\n\n`,
      );
      attempts.shift();
      if (attempts.length === 0) return 1;
      print("The latest finished attempt:\n");
    }
  }
  for (const attempt of attempts) {
    const paths = runPaths(g.stateDir, lane, wave, attempt);
    const file = paths.result;
    const r = await readJsonChecked(file, WaveResultSchema, "result");
    if (!r.ok) {
      problems.push(r.missing ? `attempt ${attempt} has no result.json (still running, or killed)` : r.message);
      continue;
    }
    for (const note of problems) io.stderr(terminalSafe(`note: ${note}\n`));
    if (json) io.stdout(`${terminalSafeJson(JSON.stringify(r.value, null, 2))}\n`);
    else {
      // The environments the agents reported ([deploy-status]) come from their execution summaries.
      const deployments = await readDeployments(r.value, paths.runDir).catch(() => []);
      print(`${renderStatusTable(r.value, { deployments, ...terminalWidth(io) })}\n`);
      print(await modelProxyText(paths.runDir));
      print(`Result: ${file}\n`);
    }
    if (!json) {
      const open = await readFeedbackRequests(paths.runDir).catch(() => []);
      if (open.length > 0) print(`\n${renderOpenQuestions(open, stateFlags(g))}`);
    }
    return r.value.status === "passed" || r.value.status === "dry-run" ? 0 : 1;
  }
  throw new UserError(terminalSafe(`no readable result of wave ${wave} (lane ${lane}):\n  ${problems.join("\n  ")}`), 2);
}

/**
 * `wave status --watch`: the wave's view, drawn again whenever something under its wave directory
 * changes (a terminal is cleared first; other outputs get each changed view once), until Ctrl-C.
 */
async function watchStatus(g: GlobalOptions, lane: string, wave: number, io: CliIo): Promise<number> {
  const waveDir = waveDirOf(g.stateDir, lane, wave);
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  const changes = new ChangeSignal(waveDir);
  let shown = "";
  try {
    while (!controller.signal.aborted) {
      const latest = await latestRun(g.stateDir, lane, wave);
      const holder = await lockHolder(waveDir);
      const view = latest ? await renderWaveView(latest, stateFlags(g)) : `no run of wave ${wave} yet\n`;
      const footer = holder ? `running (pid ${holder.pid}) — Ctrl-C to stop watching\n` : "not running — Ctrl-C to stop watching\n";
      const text = terminalSafe(`${view}\n${footer}`);
      if (text !== shown) {
        io.stdout(io.isTty ? `\u001b[H\u001b[2J${text}` : `${shown === "" ? "" : "\n"}${text}`);
        shown = text;
      }
      await changes.next(controller.signal);
    }
  } finally {
    changes.close();
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  }
  return 0;
}

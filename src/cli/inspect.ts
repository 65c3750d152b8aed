/**
 * `wave status` and `wave logs`: read what runs recorded under the state directory.
 *
 * `wave logs` shows an agent whose CLI wrote a JSON transcript (launch.json's `transcript`) as
 * people read it: its messages, tool calls and results rendered from the events (see
 * src/signals/render.ts); `--raw` prints the log exactly as stored. A log whose launch.json
 * records no format (older runs) renders each line that parses as a known event.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import { UserError } from "../errors.js";
import { modelProxyText } from "../proxy/wiring.js";
import { readDeployments, renderStatusTable } from "../report/index.js";
import { listAttempts } from "../resume/local.js";
import { followLog } from "../runtime/index.js";
import { renderSettingsOfLaunch, TranscriptRenderer } from "../signals/render.js";
import { readJsonChecked } from "../state/files.js";
import { agentPaths, runPaths, waveDirOf } from "../state/paths.js";
import { WaveResultSchema } from "../state/schema.js";
import { loadProject } from "../wave/index.js";
import { boolFlag, type FlagTable, formatFlags, outputFormat, parseCommandArgs, parseWaveNumber, stringFlag } from "./args.js";
import { type CliIo, type GlobalOptions, globalOptions } from "./commands.js";
import type { CommandHelp } from "./help.js";
import { RUN_OPTIONS } from "./run-options.js";
import { ChangeSignal, latestRun, lockHolder, renderWaveView } from "./watch.js";
import { renderOpenQuestions } from "../feedback/open.js";
import { readFeedbackRequests } from "../feedback/requests.js";

/** `--project ID` of the commands that read a run's state (as `wave run --project`). */
export const PROJECT_OPTION = { project: RUN_OPTIONS.project } as const satisfies FlagTable;

export const STATUS_OPTIONS = {
  wave: { type: "string", value: "N", description: "the wave (required)" },
  watch: { type: "boolean", description: "redraw whenever the running wave records progress, until Ctrl-C" },
  ...PROJECT_OPTION,
  ...formatFlags(["text", "json"] as const),
} as const satisfies FlagTable;

export const STATUS_HELP: CommandHelp = {
  name: "status",
  summary: "the latest result of a wave (--watch: follow it live)",
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

export const LOGS_OPTIONS = {
  wave: { type: "string", value: "N", description: "the wave (required)" },
  ...PROJECT_OPTION,
  agent: { type: "string", value: "ID", description: "the agent (required)" },
  follow: { type: "boolean", short: "f", description: "keep printing until the run writes its result (or Ctrl-C)" },
  attempt: { type: "string", value: "N", description: "the attempt (run directory)", defaultText: "the latest" },
  raw: { type: "boolean", description: "the log as stored (JSON transcripts are rendered readable otherwise)" },
} as const satisfies FlagTable;

export const LOGS_HELP: CommandHelp = {
  name: "logs",
  summary: "print or follow an agent's log (JSON transcripts rendered readable)",
  usage: "--wave N --agent ID [--follow] [--raw] [--attempt N]",
  options: LOGS_OPTIONS,
  globals: true,
  examples: ["wave logs --wave 1 --agent A1", "wave logs --wave 1 --agent A1 --follow   # while the wave runs"],
  exitCodes: ["0  printed", "2  usage error, or no such run or log"],
};

/** The lane the global options (and `--project`) name. */
export function laneOf(g: GlobalOptions): string {
  return loadProject({ root: g.root, configPath: g.configPath, lane: g.lane, project: g.project }).laneName;
}

/** The flags a printed command needs to reach the same state (`--project ID`). */
export function stateFlags(g: GlobalOptions): string[] {
  return g.project ? ["--project", g.project] : [];
}

async function latestAttempt(stateDir: string, lane: string, wave: number): Promise<number> {
  const attempts = await listAttempts(waveDirOf(stateDir, lane, wave));
  const last = attempts.at(-1);
  if (last === undefined) throw new UserError(`no run of wave ${wave} (lane ${lane}) under ${stateDir}`, 2);
  return last;
}

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
  // A run still going has no result yet: say so, with its open questions, before older results.
  const running = await lockHolder(waveDirOf(g.stateDir, lane, wave));
  if (running && !json) {
    const latest = await latestRun(g.stateDir, lane, wave);
    if (latest && !latest.result) {
      io.stdout(`${await renderWaveView(latest, stateFlags(g))}\n`);
      io.stdout(`Still running (pid ${running.pid}): wave wait --wave ${wave} waits for its end; wave status --wave ${wave} --watch follows it.\n\n`);
      attempts.shift();
      if (attempts.length === 0) return 1;
      io.stdout("The latest finished attempt:\n");
    }
  }
  for (const attempt of attempts) {
    const file = runPaths(g.stateDir, lane, wave, attempt).result;
    const r = await readJsonChecked(file, WaveResultSchema, "result");
    if (!r.ok) {
      problems.push(r.missing ? `attempt ${attempt} has no result.json (still running, or killed)` : r.message);
      continue;
    }
    for (const note of problems) io.stderr(`note: ${note}\n`);
    if (json) io.stdout(`${JSON.stringify(r.value, null, 2)}\n`);
    else {
      // The environments the agents reported ([deploy-status]) come from their execution summaries.
      const deployments = await readDeployments(r.value, path.dirname(file)).catch(() => []);
      io.stdout(`${renderStatusTable(r.value, { deployments })}\n`);
      io.stdout(await modelProxyText(path.dirname(file)));
      io.stdout(`Result: ${file}\n`);
    }
    if (!json) {
      const open = await readFeedbackRequests(path.dirname(file)).catch(() => []);
      if (open.length > 0) io.stdout(`\n${renderOpenQuestions(open, stateFlags(g))}`);
    }
    return r.value.status === "passed" || r.value.status === "dry-run" ? 0 : 1;
  }
  throw new UserError(`no readable result of wave ${wave} (lane ${lane}):\n  ${problems.join("\n  ")}`, 2);
}

/**
 * What `wave logs` prints for the log's bytes: the bytes as they are (`--raw`), or the rendered
 * view (partial lines held until complete, UTF-8 decoded across chunks).
 */
async function logView(launchFile: string, raw: boolean, io: CliIo): Promise<{ data: (chunk: Buffer) => void; end: () => void }> {
  const decoder = new StringDecoder("utf8");
  const out = (text: string) => {
    if (text !== "") io.stdout(text);
  };
  if (raw) return { data: (chunk) => out(decoder.write(chunk)), end: () => out(decoder.end()) };
  const settings = renderSettingsOfLaunch(await fs.readFile(launchFile, "utf8").catch(() => null));
  const renderer = new TranscriptRenderer(settings.format, settings);
  return {
    data: (chunk) => out(renderer.push(decoder.write(chunk))),
    end: () => out(renderer.push(decoder.end()) + renderer.end()),
  };
}

export async function logsCommand(argv: string[], io: CliIo): Promise<number> {
  const p = parseCommandArgs("logs", argv, LOGS_OPTIONS);
  if (p.positionals.length > 0) throw new UserError(`unexpected argument "${p.positionals[0]}"`);
  const g = globalOptions(p, io);
  const wave = parseWaveNumber(stringFlag(p, "wave"), "--wave");
  const agent = stringFlag(p, "agent");
  if (wave === undefined || !agent) throw new UserError("--wave N and --agent ID are required");
  const lane = laneOf(g);
  const attempt = parseWaveNumber(stringFlag(p, "attempt"), "--attempt") ?? (await latestAttempt(g.stateDir, lane, wave));
  const run = runPaths(g.stateDir, lane, wave, attempt);
  const paths = agentPaths(run, agent);
  const log = paths.log;
  const show = await logView(paths.launch, boolFlag(p, "raw"), io);
  if (!boolFlag(p, "follow")) {
    try {
      const handle = await fs.open(log, "r");
      try {
        for await (const chunk of handle.createReadStream()) show.data(chunk);
        show.end();
      } finally {
        await handle.close();
      }
      return 0;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") {
        throw new UserError(`no log for agent ${agent} in ${path.relative(g.root, run.runDir) || run.runDir}`, 2);
      }
      throw error;
    }
  }
  // Follow until the run writes its result (or Ctrl-C).
  const controller = new AbortController();
  const stop = () => controller.abort();
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
  const watcher = setInterval(() => {
    fs.access(run.result).then(
      () => setTimeout(stop, 300),
      () => undefined,
    );
  }, 500);
  try {
    await followLog(log, { signal: controller.signal, onData: show.data });
    show.end();
  } finally {
    clearInterval(watcher);
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  }
  return 0;
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
      const text = `${view}\n${footer}`;
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

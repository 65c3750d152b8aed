/**
 * `wave logs`: an agent's log. An agent whose CLI wrote a JSON transcript (launch.json's
 * `transcript`) is shown as people read it: its messages, tool calls and results rendered from the
 * events (see src/signals/render.ts); `--raw` prints the log exactly as stored. A log whose
 * launch.json records no format (older runs) renders each line that parses as a known event.
 *
 * The log is the agent's, so untrusted: what is shown has its control characters made visible
 * (`terminalSafe`, src/report/text.ts), to a terminal or a pipe alike (a pager reading the pipe is
 * a terminal too). Only `--raw` gives the bytes, and never to a terminal.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import { UserError } from "../errors.js";
import { followLog } from "../runtime/follow-log.js";
import { TerminalSafeStream } from "../report/text.js";
import { renderSettingsOfLaunch, TranscriptRenderer } from "../signals/render.js";
import { agentPaths, runPaths, waveDirOf, listAttempts } from "../state/paths.js";
import { boolFlag, type FlagTable, parseCommandArgs, parseWaveNumber, stringFlag } from "./args.js";
import { globalOptions, laneOf, PROJECT_OPTION } from "./global-options.js";
import type { CommandHelp } from "./help.js";
import type { CliIo } from "./io.js";

const LOGS_OPTIONS = {
  wave: { type: "string", value: "N", description: "the wave (required)" },
  ...PROJECT_OPTION,
  agent: { type: "string", value: "ID", description: "the agent (required)" },
  follow: { type: "boolean", short: "f", description: "keep printing until the run writes its result (or Ctrl-C)" },
  attempt: { type: "string", value: "N", description: "the attempt (run directory)", defaultText: "the latest" },
  raw: {
    type: "boolean",
    description:
      "the log byte for byte, to a pipe or file only (otherwise JSON transcripts are rendered readable and control characters shown visibly)",
  },
} as const satisfies FlagTable;

export const LOGS_HELP: CommandHelp = {
  name: "logs",
  usage: "--wave N --agent ID [--follow] [--raw] [--attempt N]",
  options: LOGS_OPTIONS,
  globals: true,
  examples: ["wave logs --wave 1 --agent A1", "wave logs --wave 1 --agent A1 --follow   # while the wave runs"],
  exitCodes: ["0  printed", "2  usage error, no such run or log, or --raw to a terminal"],
};

async function latestAttempt(stateDir: string, lane: string, wave: number): Promise<number> {
  const attempts = await listAttempts(waveDirOf(stateDir, lane, wave));
  const last = attempts.at(-1);
  if (last === undefined) throw new UserError(`no run of wave ${wave} (lane ${lane}) under ${stateDir}`, 2);
  return last;
}

/** Why `--raw` does not write to a terminal. */
const RAW_TO_TERMINAL =
  "--raw writes the agent's log byte for byte, control sequences included, and will not write it to a terminal: " +
  "pipe or redirect it (wave logs ... --raw > agent.log, or | less); without --raw the log shows with its control characters made visible";

/**
 * What `wave logs` prints for the log's bytes: the bytes as they are (`--raw`), or the rendered
 * view (UTF-8 decoded across chunks, partial lines held until complete, control characters made
 * visible).
 */
async function logView(launchFile: string, raw: boolean, io: CliIo): Promise<{ data: (chunk: Buffer) => void; end: () => void }> {
  const decoder = new StringDecoder("utf8");
  if (raw) {
    const bytes = io.stdoutBytes;
    if (bytes) return { data: (chunk) => bytes(chunk), end: () => undefined };
    return { data: (chunk) => io.stdout(decoder.write(chunk)), end: () => io.stdout(decoder.end()) };
  }
  const safe = new TerminalSafeStream();
  const out = (text: string) => {
    const shown = safe.push(text);
    if (shown !== "") io.stdout(shown);
  };
  const settings = renderSettingsOfLaunch(await fs.readFile(launchFile, "utf8").catch(() => null));
  const renderer = new TranscriptRenderer(settings.format, settings);
  return {
    data: (chunk) => out(renderer.push(decoder.write(chunk))),
    end: () => {
      out(renderer.push(decoder.end()) + renderer.end());
      const last = safe.end();
      if (last !== "") io.stdout(last);
    },
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
  const raw = boolFlag(p, "raw");
  if (raw && io.isTty) throw new UserError(RAW_TO_TERMINAL, 2);
  const show = await logView(paths.launch, raw, io);
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

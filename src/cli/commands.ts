/**
 * The CLI's command table. Each command translates flags into a call of the engine or a library
 * function and its result into output and an exit code.
 */
import path from "node:path";
import { planCommand } from "../commands/plan.js";
import { coordPostCommand } from "../coordination/index.js";
import { runLocalAgent } from "../executors/index.js";
import { feedbackAskCommand } from "../feedback/ask-command.js";
import { runTmuxView } from "../runtime/index.js";
import { demoCommand } from "./demo.js";
import { logsCommand, statusCommand } from "./inspect.js";
import { runCommand } from "./run.js";
import { rehearseCommand } from "../rehearse/command.js";
import { validateCommand } from "../commands/validate.js";
import { UserError } from "../errors.js";
import { listFlag, type Parsed, parseCommandArgs, parseWaveNumber, stringFlag } from "./args.js";

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  isTty: boolean;
  columns: number;
}

export type Command = (argv: string[], io: CliIo) => Promise<number>;

export const HELP = `wave — run multi-agent waves of coding agents with closure gates and resume

Usage: wave <command> [options]

Commands:
  validate [--wave N]... [--format text|json|github]   parse and validate the wave files
  plan [--waves all|N|N-M|N,M,...] [--format json]      list waves and the workflow matrix
  run --wave N [options]                                run one wave (see wave run --help)
  rehearse --wave N [options]                           run a wave's real agent CLIs against a scripted
                                                        local model server: offline, no key, no cost
  status --wave N [--json]                              the latest result of a wave
  logs --wave N --agent ID [--follow] [--raw]           print or follow an agent's log (JSON transcripts
                                                        rendered readable; --raw: the log as stored)
  coord post --kind K --summary S [--detail D] [--target ID]...   (agents) post to the coordination log
  feedback ask --question Q                             (agents) ask a human; the wave ends blocked
  demo                                                  run the bundled example wave with the local executor

Global options:
  --root <dir>        repository root (default: current directory)
  --config <file>     wave.config.json (default: <root>/wave.config.json when it exists)
  --lane <name>       lane (default: the config's defaultLane, else main)
  --state-dir <dir>   state directory (default: <root>/.wave)

Exit codes: 0 passed/valid, 1 failed/blocked/invalid, 2 usage or configuration error,
130/143 cancelled by SIGINT/SIGTERM.
`;

export interface GlobalOptions {
  root: string;
  configPath: string | undefined;
  lane: string | undefined;
  stateDir: string;
}

export function globalOptions(p: Parsed, io: CliIo): GlobalOptions {
  const root = path.resolve(io.cwd, stringFlag(p, "root") ?? ".");
  const config = stringFlag(p, "config");
  const stateDir = stringFlag(p, "state-dir");
  return {
    root,
    configPath: config ? path.resolve(io.cwd, config) : undefined,
    lane: stringFlag(p, "lane"),
    stateDir: stateDir ? path.resolve(io.cwd, stateDir) : path.join(root, ".wave"),
  };
}

function format<T extends string>(p: Parsed, allowed: readonly T[], fallback: T): T {
  const v = stringFlag(p, "format") ?? fallback;
  if (!(allowed as readonly string[]).includes(v)) {
    throw new UserError(`--format must be one of ${allowed.join(", ")} (got "${v}")`);
  }
  return v as T;
}

function noPositionals(command: string, p: Parsed): void {
  if (p.positionals.length > 0) throw new UserError(`wave ${command}: unexpected argument "${p.positionals[0]}"`);
}

const validate: Command = async (argv, io) => {
  const p = parseCommandArgs("validate", argv, { wave: { type: "string", multiple: true }, format: { type: "string" } });
  noPositionals("validate", p);
  const g = globalOptions(p, io);
  const waves = listFlag(p, "wave").map((w) => parseWaveNumber(w, "--wave") as number);
  
  const out = await validateCommand({ ...g, waves, format: format(p, ["text", "json", "github"] as const, "text") });
  if (out.stdout) io.stdout(out.stdout);
  if (out.stderr) io.stderr(out.stderr);
  return out.exitCode;
};

const plan: Command = async (argv, io) => {
  const p = parseCommandArgs("plan", argv, { waves: { type: "string" }, format: { type: "string" } });
  noPositionals("plan", p);
  const g = globalOptions(p, io);
  
  const out = await planCommand({ ...g, waves: stringFlag(p, "waves") ?? "all", format: format(p, ["text", "json"] as const, "text") });
  if (out.stdout) io.stdout(out.stdout);
  if (out.stderr) io.stderr(out.stderr);
  return out.exitCode;
};

const streams = (io: CliIo) => ({
  stdout: { write: (t: string) => io.stdout(t) },
  stderr: { write: (t: string) => io.stderr(t) },
  env: io.env,
});

export const COMMANDS: Record<string, Command> = {
  validate,
  plan,
  run: (argv, io) => runCommand(argv, io),
  rehearse: (argv, io) => rehearseCommand(argv, io),
  status: (argv, io) => statusCommand(argv, io),
  logs: (argv, io) => logsCommand(argv, io),
  demo: (argv, io) => demoCommand(argv, io),
  "coord post": (argv, io) => coordPostCommand(argv, streams(io)),
  "feedback ask": (argv, io) => feedbackAskCommand(argv, streams(io)),
  // Internal: the built-in local agent and the tmux viewer, started by the engine itself.
  "__local-agent": (argv, io) => runLocalAgent(argv, streams(io)),
  "__tmux-view": (argv) => runTmuxView(argv, { stdout: process.stdout, stderr: process.stderr }),
};


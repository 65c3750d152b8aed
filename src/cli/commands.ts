/**
 * The CLI's command table. Each command translates flags into a call of the engine or a library
 * function and its result into output and an exit code.
 */
import path from "node:path";
import { planCommand } from "../commands/plan.js";
import { coordInboxCommand, coordPostCommand } from "../coordination/index.js";
import { runLocalAgent } from "../executors/index.js";
import { feedbackAskCommand } from "../feedback/ask-command.js";
import { runTmuxView } from "../runtime/index.js";
import { DEMO_HELP, demoCommand } from "./demo.js";
import { INIT_HELP, initCommand } from "./init.js";
import { FEEDBACK_ANSWER_HELP, feedbackAnswerCommand, WAIT_HELP, waitCommand } from "./follow.js";
import { LOGS_HELP, logsCommand, STATUS_HELP, statusCommand } from "./inspect.js";
import { RUN_OPTIONS } from "./run-options.js";
import { RUN_HELP, runCommand } from "./run.js";
import { REHEARSE_HELP_SPEC, rehearseCommand } from "../rehearse/command.js";
import { validateCommand } from "../commands/validate.js";
import { COORD_INBOX_HELP } from "../coordination/inbox-command.js";
import { COORD_POST_HELP } from "../coordination/post-command.js";
import { FEEDBACK_ASK_HELP } from "../feedback/ask-command.js";
import { UserError } from "../errors.js";
import { normalizeLaneName } from "../wave/config.js";
import { type FlagTable, formatFlags, listFlag, outputFormat, type Parsed, parseCommandArgs, parseWaveNumber, stringFlag } from "./args.js";
import type { CommandHelp } from "./help.js";

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  isTty: boolean;
  columns: number;
}

export type Command = (argv: string[], io: CliIo) => Promise<number>;

export interface GlobalOptions {
  root: string;
  configPath: string | undefined;
  lane: string | undefined;
  /** `--project ID` (commands that take it): the config's `projects.<ID>` entry. */
  project?: string | undefined;
  stateDir: string;
}

/**
 * The global options, and `--project` for the commands that take it. A project chosen with
 * `--project` keeps its state apart, under `<state-dir>/projects/<ID>` (as the reference does for
 * explicit projects), unless `--state-dir` names the directory itself.
 */
export function globalOptions(p: Parsed, io: CliIo): GlobalOptions {
  const root = path.resolve(io.cwd, stringFlag(p, "root") ?? ".");
  const config = stringFlag(p, "config");
  const stateDir = stringFlag(p, "state-dir");
  const given = stringFlag(p, "project");
  const project = given === undefined ? undefined : normalizeLaneName(given, "project");
  const projectDir = project ? path.join(root, ".wave", "projects", project) : path.join(root, ".wave");
  return {
    root,
    configPath: config ? path.resolve(io.cwd, config) : undefined,
    lane: stringFlag(p, "lane"),
    ...(project ? { project } : {}),
    stateDir: stateDir ? path.resolve(io.cwd, stateDir) : projectDir,
  };
}

function noPositionals(_command: string, p: Parsed): void {
  if (p.positionals.length > 0) throw new UserError(`unexpected argument "${p.positionals[0]}"`);
}

const VALIDATE_OPTIONS = {
  project: RUN_OPTIONS.project,
  wave: { type: "string", multiple: true, value: "N", description: "report only this wave (all wave files are still checked)", defaultText: "every wave" },
  ...formatFlags(["text", "json", "github"] as const),
} as const satisfies FlagTable;

const VALIDATE_HELP: CommandHelp = {
  name: "validate",
  summary: "parse and validate the wave files",
  usage: "[--wave N]... [--format text|json|github]",
  about: "Parses and validates every wave file of the lane. `github` prints GitHub workflow annotations.",
  options: VALIDATE_OPTIONS,
  globals: true,
  examples: ["wave validate", "wave validate --wave 2 --json", "wave validate --format github   # annotations in a workflow"],
  exitCodes: ["0  valid (warnings allowed)", "1  validation errors", "2  usage or configuration error (no waves directory, unknown wave)"],
};

const PLAN_OPTIONS = {
  project: RUN_OPTIONS.project,
  waves: { type: "string", value: "all|N|N-M|N,M,...", description: "the waves to list", defaultText: "all" },
  ...formatFlags(["text", "json"] as const),
} as const satisfies FlagTable;

const PLAN_HELP: CommandHelp = {
  name: "plan",
  summary: "list waves and their agents, and the workflow matrix",
  usage: "[--waves all|N|N-M|N,M,...] [--format text|json]",
  about: "Lists the lane's waves with their agents, and the workflow matrix {include:[{wave:N},...]}.",
  options: PLAN_OPTIONS,
  globals: true,
  examples: ["wave plan", "wave plan --waves 1-3 --json   # the matrix for a workflow"],
  exitCodes: ["0  listed", "1  a selected wave has errors", "2  usage or configuration error, or a wave that does not exist"],
};

const validate: Command = async (argv, io) => {
  const p = parseCommandArgs("validate", argv, VALIDATE_OPTIONS);
  noPositionals("validate", p);
  const format = outputFormat(p, ["text", "json", "github"] as const, "text");
  const g = globalOptions(p, io);
  const waves = listFlag(p, "wave").map((w) => parseWaveNumber(w, "--wave") as number);
  const out = await validateCommand({ ...g, waves, format, explain: true });
  if (out.stdout) io.stdout(out.stdout);
  if (out.stderr) io.stderr(out.stderr);
  return out.exitCode;
};

const plan: Command = async (argv, io) => {
  const p = parseCommandArgs("plan", argv, PLAN_OPTIONS);
  noPositionals("plan", p);
  const format = outputFormat(p, ["text", "json"] as const, "text");
  const g = globalOptions(p, io);
  const out = await planCommand({ ...g, waves: stringFlag(p, "waves") ?? "all", format });
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
  wait: (argv, io) => waitCommand(argv, io),
  init: (argv, io) => initCommand(argv, io),
  demo: (argv, io) => demoCommand(argv, io),
  "coord post": (argv, io) => coordPostCommand(argv, streams(io)),
  "coord inbox": (argv, io) => coordInboxCommand(argv, streams(io)),
  "feedback ask": (argv, io) => feedbackAskCommand(argv, streams(io)),
  "feedback answer": (argv, io) => feedbackAnswerCommand(argv, io),
  // Internal (no help; their argv is not the user's): the built-in local agent and the tmux
  // viewer, started by the engine itself.
  "__local-agent": (argv, io) => runLocalAgent(argv, streams(io)),
  "__tmux-view": (argv) => runTmuxView(argv, { stdout: process.stdout, stderr: process.stderr }),
};

/**
 * The help of every public command, in the order `wave --help` lists them. A function, not a
 * table: the command modules import this one, so their help is read only once all are loaded.
 */
export function commandHelps(): CommandHelp[] {
  return [VALIDATE_HELP, PLAN_HELP, RUN_HELP, REHEARSE_HELP_SPEC, STATUS_HELP, WAIT_HELP, LOGS_HELP, COORD_POST_HELP, COORD_INBOX_HELP, FEEDBACK_ASK_HELP, FEEDBACK_ANSWER_HELP, INIT_HELP, DEMO_HELP];
}

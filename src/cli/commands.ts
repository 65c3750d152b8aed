/**
 * The CLI's command table: each command's name, its line in `wave --help`, and how to load it.
 *
 * Nothing here imports a command: a command's module (and through it the engine, the wave-file
 * schemas, the report renderers…) is loaded with a dynamic `import()` only when that command runs
 * or prints its own help. So `wave --help`, `wave --version` and the agents' `__local-agent` start
 * without loading what they do not use, and no command module imports this one back.
 *
 * A command module translates flags into a call of the engine or a library function, and its
 * result into output and an exit code (`Command`). Its help (`CommandHelp`) sits next to its flag
 * table in the same module.
 */
import type { CommandHelp } from "./help.js";
import type { CliIo } from "./io.js";

// The IO type lives in io.ts; named here too for the modules that still import it from here.

type Command = (argv: string[], io: CliIo) => Promise<number>;

/** A command once loaded: what runs it, and its help (public commands only). */
interface LoadedCommand {
  run: Command;
  help?: CommandHelp;
}

export interface CommandEntry {
  /** `run`, `coord post` (two words: a group and its sub-command). */
  name: string;
  /** The line in `wave --help`; absent for the internal commands (`__local-agent`), which have no help. */
  summary?: string;
  load(): Promise<LoadedCommand>;
}

/** Every command, public ones in the order `wave --help` lists them. */
const COMMAND_TABLE: readonly CommandEntry[] = [
  {
    name: "validate",
    summary: "parse and validate the wave files",
    load: async () => {
      const m = await import("./validate-command.js");
      return { run: m.validateCliCommand, help: m.VALIDATE_HELP };
    },
  },
  {
    name: "plan",
    summary: "list waves and their agents, and the workflow matrix",
    load: async () => {
      const m = await import("./plan-command.js");
      return { run: m.planCliCommand, help: m.PLAN_HELP };
    },
  },
  {
    name: "run",
    summary: "run a wave (or several in order): start its agents, check the gates, record the result",
    load: async () => {
      const m = await import("./run.js");
      return { run: m.runCommand, help: m.RUN_HELP };
    },
  },
  {
    name: "rehearse",
    summary: "run a wave's real agent CLIs against a scripted local model server: offline, no key, no cost",
    load: async () => {
      const m = await import("./rehearse-command.js");
      return { run: m.rehearseCommand, help: m.REHEARSE_HELP_SPEC };
    },
  },
  {
    name: "status",
    summary: "the latest result of a wave (--watch: follow it live)",
    load: async () => {
      const m = await import("./status-command.js");
      return { run: m.statusCommand, help: m.STATUS_HELP };
    },
  },
  {
    name: "wait",
    summary: "wait for a running wave (another process) to finish; exit with its result's code",
    load: async () => {
      const m = await import("./wait-command.js");
      return { run: m.waitCommand, help: m.WAIT_HELP };
    },
  },
  {
    name: "logs",
    summary: "print or follow an agent's log (JSON transcripts rendered readable)",
    load: async () => {
      const m = await import("./logs-command.js");
      return { run: m.logsCommand, help: m.LOGS_HELP };
    },
  },
  {
    name: "coord post",
    summary: "(agents) post a record to the wave's coordination log",
    load: async () => {
      const m = await import("./post-command.js");
      return { run: m.coordPostCommand, help: m.COORD_POST_HELP };
    },
  },
  {
    name: "coord inbox",
    summary: "(agents) print this agent's coordination inbox",
    load: async () => {
      const m = await import("./inbox-command.js");
      return { run: m.coordInboxCommand, help: m.COORD_INBOX_HELP };
    },
  },
  {
    name: "feedback ask",
    summary: "(agents) ask a human a question; the wave ends blocked, or --wait for the answer",
    load: async () => {
      const m = await import("./ask-command.js");
      return { run: m.feedbackAskCommand, help: m.FEEDBACK_ASK_HELP };
    },
  },
  {
    name: "feedback answer",
    summary: "answer an agent's question (the agent waiting for it goes on at once)",
    load: async () => {
      const m = await import("./feedback-answer-command.js");
      return { run: m.feedbackAnswerCommand, help: m.FEEDBACK_ANSWER_HELP };
    },
  },
  {
    name: "feedback list",
    summary: "list the agents' questions waiting for a human (--all: answered too), with the command that answers each",
    load: async () => {
      const m = await import("./feedback-list-command.js");
      return { run: m.feedbackListCommand, help: m.FEEDBACK_LIST_HELP };
    },
  },
  {
    name: "feedback show",
    summary: "show one question in full, with its answer or the command that answers it",
    load: async () => {
      const m = await import("./feedback-list-command.js");
      return { run: m.feedbackShowCommand, help: m.FEEDBACK_SHOW_HELP };
    },
  },
  {
    name: "doctor",
    summary: "say what this machine and repository lack for a run (executors, keys, agent user, sandbox, state)",
    load: async () => {
      const m = await import("./doctor-command.js");
      return { run: m.doctorCommand, help: m.DOCTOR_HELP };
    },
  },
  {
    name: "init",
    summary: "scaffold wave.config.json, a first wave and role prompts in a repository",
    load: async () => {
      const m = await import("./init.js");
      return { run: m.initCommand, help: m.INIT_HELP };
    },
  },
  {
    name: "demo",
    summary: "run the bundled example wave with the built-in local executor (no API key)",
    load: async () => {
      const m = await import("./demo.js");
      return { run: m.demoCommand, help: m.DEMO_HELP };
    },
  },
  // Internal (no help; their argv is not the user's): the built-in local agent and the tmux
  // viewer, started by the engine itself. Each loads only its own module. A local agent's process
  // is told apart by the entry (cli/entry.ts) before this table is loaded; this entry serves
  // runCli called in-process (tests).
  {
    name: "__local-agent",
    load: async () => {
      const m = await import("../executors/local/agent.js");
      return { run: m.runLocalAgent };
    },
  },
  {
    name: "__tmux-view",
    load: async () => {
      const m = await import("../report/tmux-view.js");
      return { run: (argv) => m.runTmuxView(argv, { stdout: process.stdout, stderr: process.stderr }) };
    },
  },
];

/** The command named exactly `name`, if any. */
export function findCommand(name: string): CommandEntry | undefined {
  return COMMAND_TABLE.find((c) => c.name === name);
}

/** The public commands (those with a line in `wave --help`), in its order. */
export function publicCommands(): { name: string; summary: string; load: CommandEntry["load"] }[] {
  return COMMAND_TABLE.flatMap((c) => (c.summary === undefined ? [] : [{ name: c.name, summary: c.summary, load: c.load }]));
}

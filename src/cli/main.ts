/**
 * The `wave` CLI: parses the command line, dispatches to a command, maps errors to exit codes.
 * Exit codes: 0 passed/valid, 1 wave failed/blocked or validation errors, 2 usage/config/environment
 * error (message only, never a stack trace), 130/143 cancelled by SIGINT/SIGTERM.
 *
 * `--help`/`-h` anywhere in a command's arguments prints that command's help and exits 0 before
 * the command runs: nothing is read (config, waves, state) and nothing starts.
 *
 * Output goes through writers that never throw (cli/io.ts): a closed stdout or stderr drops what
 * follows and the command carries on. A command that comes back after a SIGINT/SIGTERM was
 * received exits 130/143 unless it chose another failing code. Commands that create the state
 * directory (`run`, `rehearse`) first check that `--state-dir` is a directory or can be made, so
 * a path that cannot be made is a usage error naming it (exit 2), never an endless retry.
 *
 * Only the command that runs is loaded (cli/commands.ts): `--help`, `--version` and a group's
 * list of sub-commands load none; `wave <command> --help` loads that command for its help.
 */
import path from "node:path";
import { errorMessage, isUserError } from "../errors.js";
import { exitCodeOfSignal, interruptedBy } from "../state/interrupt.js";
import { checkCreatableDirectory } from "../state/mkdir.js";
import { closestName, wantsHelp } from "./args.js";
import { type CommandEntry, findCommand, publicCommands } from "./commands.js";
import { type CommandHelp, renderCommandHelp, renderOverview } from "./help.js";
import { type CliIo, processIo } from "./io.js";
import { translateReferenceArgv } from "../reference-compat.js";
import { cliVersion } from "./self.js";

/** Commands that create the state directory. */
const CREATES_STATE_DIR = new Set(["run", "rehearse"]);

/** The value of the last `--state-dir DIR` / `--state-dir=DIR` before a `--` terminator. */
function stateDirArg(args: readonly string[]): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--") break;
    if (a === "--state-dir" && i + 1 < args.length) value = args[++i];
    else if (a.startsWith("--state-dir=")) value = a.slice("--state-dir=".length);
  }
  return value;
}

/** The public commands whose name is `name` or starts with `name ` (`coord` → `coord post`). */
function commandsNamed(name: string): ReturnType<typeof publicCommands> {
  return publicCommands().filter((c) => c.name === name || c.name.startsWith(`${name} `));
}

/** The full help of a loaded public command, with its summary from the command table. */
async function helpOf(entry: CommandEntry): Promise<CommandHelp | undefined> {
  const { help } = await entry.load();
  return help && entry.summary !== undefined ? { ...help, summary: entry.summary } : undefined;
}

/** The help of every command of `entries`, one after the other. */
async function renderHelps(entries: readonly CommandEntry[]): Promise<string> {
  const texts: string[] = [];
  for (const e of entries) {
    const help = await helpOf(e);
    if (help) texts.push(renderCommandHelp(help));
  }
  return texts.join("\n");
}

/** `; did you mean status?` for a mistyped command (its first word), else "." (ends the sentence). */
function didYouMean(name: string): string {
  const words = [...new Set(publicCommands().map((c) => c.name.split(" ")[0]!))];
  const best = closestName(name, words);
  return best ? `; did you mean ${best}?` : ".";
}

export async function runCli(input: string[], io: CliIo = processIo()): Promise<number> {
  // The reference launcher's commands and flags: run as ours with a notice, or refused with the replacement.
  const compat = translateReferenceArgv(input);
  if (compat.kind === "refused") {
    io.stderr(`wave: ${compat.message}\n`);
    return 2;
  }
  for (const notice of compat.notices) io.stderr(`wave: ${notice}\n`);
  const argv = compat.argv;
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h") {
    io.stdout(renderOverview(publicCommands()));
    return name ? 0 : 2;
  }
  if (name === "help") {
    // `wave help`, `wave help run`, `wave help coord post`.
    if (rest.length === 0) {
      io.stdout(renderOverview(publicCommands()));
      return 0;
    }
    const named = commandsNamed(rest.join(" "));
    const exact = named.find((c) => c.name === rest.join(" ")) ?? (named.length === 1 ? named[0] : undefined);
    if (named.length === 0) {
      io.stderr(`wave help: unknown command "${rest.join(" ")}"${didYouMean(rest[0] ?? "")} Run \`wave --help\`.\n`);
      return 2;
    }
    io.stdout(await renderHelps(exact ? [exact] : named));
    return 0;
  }
  if (name === "--version" || name === "-V") {
    io.stdout(`${cliVersion()}\n`);
    return 0;
  }
  // Two-word commands: `coord post`, `feedback ask`.
  const two = rest[0] && !rest[0].startsWith("-") ? `${name} ${rest[0]}` : "";
  const command = (two ? findCommand(two) : undefined) ?? findCommand(name);
  if (!command) {
    // A group without its sub-command (`wave coord`): its sub-commands' help, or what is missing.
    const group = name.startsWith("__") ? [] : commandsNamed(name);
    if (group.length > 0 && (two === "" || wantsHelp(rest))) {
      if (wantsHelp(rest)) {
        io.stdout(await renderHelps(group));
        return 0;
      }
      io.stderr(`wave ${name}: missing sub-command (${group.map((c) => `wave ${c.name}`).join(", ")}). Run \`wave ${name} --help\`.\n`);
      return 2;
    }
    io.stderr(`wave: unknown command "${name}${two && !findCommand(name) ? ` ${rest[0]}` : ""}"${didYouMean(name)} Run \`wave --help\`.\n`);
    return 2;
  }
  const commandName = command.name;
  const args = command.name === two ? rest.slice(1) : rest;
  try {
    if (command.summary !== undefined && wantsHelp(args)) {
      const help = await helpOf(command);
      if (help) {
        io.stdout(renderCommandHelp(help));
        return 0;
      }
    }
    const stateDir = CREATES_STATE_DIR.has(commandName) ? stateDirArg(args) : undefined;
    if (stateDir) await checkCreatableDirectory(path.resolve(io.cwd, stateDir));
    const { run } = await command.load();
    const code = await run(args, io);
    const signal = interruptedBy();
    return signal && code === 0 ? exitCodeOfSignal(signal) : code;
  } catch (error) {
    if (isUserError(error)) {
      io.stderr(`wave ${commandName}: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr(`wave ${commandName}: internal error: ${errorMessage(error)}\n`);
    if (io.env.WAVE_DEBUG && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
    return 2;
  }
}

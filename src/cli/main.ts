/**
 * The `wave` CLI: parses the command line, dispatches to a command, maps errors to exit codes.
 * Exit codes: 0 passed/valid, 1 wave failed/blocked or validation errors, 2 usage/config/environment
 * error (message only, never a stack trace), 130/143 cancelled by SIGINT/SIGTERM.
 *
 * `--help`/`-h` anywhere in a command's arguments prints that command's help and exits 0 before
 * the command runs: nothing is read (config, waves, state) and nothing starts.
 */
import { errorMessage, isUserError } from "../errors.js";
import { wantsHelp } from "./args.js";
import { COMMANDS, type CliIo, commandHelps } from "./commands.js";
import { renderCommandHelp, renderOverview } from "./help.js";

export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    isTty: Boolean(process.stdout.isTTY),
    columns: process.stdout.columns ?? 100,
  };
}

/** The public commands whose name is `name` or starts with `name ` (`coord` → `coord post`). */
function helpsNamed(name: string): ReturnType<typeof commandHelps> {
  return commandHelps().filter((h) => h.name === name || h.name.startsWith(`${name} `));
}

export async function runCli(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h") {
    io.stdout(renderOverview(commandHelps()));
    return name ? 0 : 2;
  }
  if (name === "help") {
    // `wave help`, `wave help run`, `wave help coord post`.
    if (rest.length === 0) {
      io.stdout(renderOverview(commandHelps()));
      return 0;
    }
    const helps = helpsNamed(rest.join(" "));
    const exact = helps.find((h) => h.name === rest.join(" ")) ?? (helps.length === 1 ? helps[0] : undefined);
    if (exact) io.stdout(renderCommandHelp(exact));
    else if (helps.length > 0) io.stdout(helps.map(renderCommandHelp).join("\n"));
    else {
      io.stderr(`wave help: unknown command "${rest.join(" ")}". Run \`wave --help\`.\n`);
      return 2;
    }
    return 0;
  }
  if (name === "--version" || name === "-V") {
    io.stdout(`${process.env.WAVE_VERSION ?? "0.1.0"}\n`);
    return 0;
  }
  // Two-word commands: `coord post`, `feedback ask`.
  const two = rest[0] && !rest[0].startsWith("-") ? `${name} ${rest[0]}` : "";
  const command = COMMANDS[two] ?? COMMANDS[name];
  const commandName = COMMANDS[two] ? two : name;
  const args = COMMANDS[two] ? rest.slice(1) : rest;
  if (!command) {
    // A group without its sub-command (`wave coord`): its sub-commands' help, or what is missing.
    const group = name.startsWith("__") ? [] : helpsNamed(name);
    if (group.length > 0 && (two === "" || wantsHelp(rest))) {
      if (wantsHelp(rest)) {
        io.stdout(group.map(renderCommandHelp).join("\n"));
        return 0;
      }
      io.stderr(`wave ${name}: missing sub-command (${group.map((h) => `wave ${h.name}`).join(", ")}). Run \`wave ${name} --help\`.\n`);
      return 2;
    }
    io.stderr(`wave: unknown command "${name}${two && !COMMANDS[name] ? ` ${rest[0]}` : ""}". Run \`wave --help\`.\n`);
    return 2;
  }
  const help = commandHelps().find((h) => h.name === commandName);
  if (help && wantsHelp(args)) {
    io.stdout(renderCommandHelp(help));
    return 0;
  }
  try {
    return await command(args, io);
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

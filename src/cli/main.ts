/**
 * The `wave` CLI: parses the command line, dispatches to a command, maps errors to exit codes.
 * Exit codes: 0 passed/valid, 1 wave failed/blocked or validation errors, 2 usage/config/environment
 * error (message only, never a stack trace), 130/143 cancelled by SIGINT/SIGTERM.
 */
import { errorMessage, isUserError } from "../errors.js";
import { COMMANDS, type CliIo, HELP } from "./commands.js";

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

export async function runCli(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    io.stdout(HELP);
    return name ? 0 : 2;
  }
  if (name === "--version" || name === "-V") {
    io.stdout(`${process.env.WAVE_VERSION ?? "0.1.0"}\n`);
    return 0;
  }
  // Two-word commands: `coord post`, `feedback ask`.
  const two = rest[0] && !rest[0].startsWith("-") ? `${name} ${rest[0]}` : "";
  const command = COMMANDS[two] ?? COMMANDS[name];
  const args = COMMANDS[two] ? rest.slice(1) : rest;
  if (!command) {
    io.stderr(`wave: unknown command "${name}${two && !COMMANDS[name] ? ` ${rest[0]}` : ""}". Run \`wave --help\`.\n`);
    return 2;
  }
  try {
    return await command(args, io);
  } catch (error) {
    if (isUserError(error)) {
      io.stderr(`wave ${name}: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr(`wave ${name}: internal error: ${errorMessage(error)}\n`);
    if (io.env.WAVE_DEBUG && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
    return 2;
  }
}

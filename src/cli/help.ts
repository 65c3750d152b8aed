/**
 * `--help` for every `wave` command: one `CommandHelp` per command (kept next to the command and
 * its flag table), rendered here. The flags in a command's help are its flag table itself, so help
 * lists exactly what the command parses, with each flag's description and default.
 *
 * The dispatcher prints help before the command does anything else (no config, no waves, no state
 * directory, no agents): see src/cli/main.ts. `wave --help` needs only the command table's names and
 * summaries; a command's own help is loaded with the command.
 */
import { type FlagSpec, type FlagTable, GLOBAL_OPTIONS } from "./args.js";

export interface CommandHelp {
  /** `run`, `coord post`. */
  name: string;
  /**
   * One line for `wave --help`. The overview takes it from the command table (cli/commands.ts),
   * which lists commands without loading them; a help that still carries one says the same.
   */
  summary?: string;
  /** What follows `wave <name>` on the usage line. */
  usage: string;
  /** Paragraphs between the usage line and the flags. */
  about?: string;
  /** The command's own flags (the table it parses). */
  options: FlagTable;
  /** The global options (--root, --config, --lane, --state-dir) apply. */
  globals: boolean;
  /** Complete command lines, each optionally followed by `   # what it does`. */
  examples: string[];
  /** `code  meaning` lines. */
  exitCodes: string[];
}

const WIDTH = 30;

function flagLeft(name: string, f: FlagSpec): string {
  const short = f.short ? `-${f.short}, ` : "";
  const value = f.type === "string" ? ` ${f.value ?? "VALUE"}` : "";
  return `${short}--${name}${value}${f.multiple ? "..." : ""}`;
}

/** The default as help shows it (a switch's `false` goes without saying), or undefined. */
function shownDefault(f: FlagSpec): string | undefined {
  if (f.defaultText !== undefined) return f.defaultText;
  return f.type === "boolean" || !f.default ? undefined : f.default;
}

function flagRight(f: FlagSpec): string {
  const repeat = f.multiple ? " (repeatable)" : "";
  const shown = shownDefault(f);
  const fallback = shown !== undefined ? ` (default: ${shown})` : "";
  return `${f.description}${repeat}${fallback}`;
}

function renderFlags(table: FlagTable): string[] {
  const lines: string[] = [];
  for (const [name, f] of Object.entries(table)) {
    const left = `  ${flagLeft(name, f)}`;
    const right = flagRight(f);
    if (left.length + 2 <= WIDTH) lines.push(`${left.padEnd(WIDTH)}${right}`);
    else lines.push(left, `${" ".repeat(WIDTH)}${right}`);
  }
  return lines;
}

/** The help of one command. */
export function renderCommandHelp(h: CommandHelp): string {
  const { help, ...globals } = GLOBAL_OPTIONS;
  const lines = [`Usage: wave ${h.name} ${h.usage}`.trimEnd(), ""];
  if (h.about) lines.push(h.about.trimEnd(), "");
  const own = Object.entries(h.options).filter(([name]) => name !== "help");
  lines.push("Options:", ...renderFlags(Object.fromEntries(own)), ...renderFlags({ help }));
  if (h.globals) lines.push("", "Global options:", ...renderFlags(globals));
  if (h.examples.length > 0) lines.push("", "Examples:", ...h.examples.map((e) => `  ${e}`));
  if (h.exitCodes.length > 0) lines.push("", "Exit codes:", ...h.exitCodes.map((e) => `  ${e}`));
  return `${lines.join("\n")}\n`;
}

/** `wave --help`: every command with one line each, the global options and the exit codes. */
export function renderOverview(commands: readonly { name: string; summary: string }[]): string {
  const { help, ...globals } = GLOBAL_OPTIONS;
  const width = Math.max(...commands.map((c) => c.name.length)) + 4;
  return [
    "wave — run multi-agent waves of coding agents with closure gates and resume",
    "",
    "Usage: wave <command> [options]",
    "       wave <command> --help   (or: wave help <command>) the command's flags, defaults, examples",
    "",
    "Commands:",
    ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    "",
    "Global options:",
    ...renderFlags(globals),
    ...renderFlags({ help }),
    ...renderFlags({ version: { type: "boolean", short: "V", description: "print the version and exit" } }),
    "",
    "Exit codes: 0 passed/valid, 1 failed/blocked/invalid, 2 usage or configuration error,",
    "130/143 cancelled by SIGINT/SIGTERM.",
    "",
  ].join("\n");
}

/** Exit code lines shared by the commands that run a wave. */
export const RUN_EXIT_CODES = [
  "0    the wave passed (or --dry-run)",
  "1    the wave failed or is blocked, or its wave file has errors (as in wave validate; nothing started)",
  "2    usage or configuration error (nothing started)",
  "130  cancelled by SIGINT (143: SIGTERM)",
];

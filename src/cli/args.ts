/**
 * Argument parsing for the `wave` CLI: global flags, per-command flags, and value checks with
 * messages that name the flag. Parsing never throws anything but UserError.
 *
 * Each command declares its flags once, in a flag table (`FlagTable`): the parser reads the type
 * of each flag from it and `wave <command> --help` prints its description and default from it, so
 * what help says and what is parsed cannot drift apart. An unknown flag is a usage error that
 * names the closest known flag of the command when one is close.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { closestName } from "../did-you-mean.js";
import type { OptionSpec as RunOptionSpec } from "../engine/options.js";
import { errorMessage, UserError } from "../errors.js";

// The value parsers live in a module of their own (the action reads its inputs with them too);
// the commands take them from here with the rest of their flag handling.
export { parseNumber, parseWaveNumber } from "../values.js";
// The one did-you-mean (flags here, commands in main.ts, wave files and config keys in wave/).
export { closestName } from "../did-you-mean.js";

/** One flag: how it parses, and what `--help` says about it (the run options' table is of this type). */
export type FlagSpec = RunOptionSpec;

export type FlagTable = Record<string, FlagSpec>;

/** node:util parseArgs options (what a flag table becomes for the parser). */
type OptionSpec = NonNullable<ParseArgsConfig["options"]>;

export const GLOBAL_OPTIONS = {
  root: { type: "string", value: "DIR", description: "repository root", defaultText: "the current directory" },
  config: {
    type: "string",
    value: "FILE",
    description: "wave.config.json",
    defaultText: "<root>/wave.config.json when it exists",
  },
  lane: { type: "string", value: "NAME", description: "lane", defaultText: "the config's defaultLane, else main" },
  "state-dir": { type: "string", value: "DIR", description: "state directory", defaultText: "<root>/.wave" },
  help: { type: "boolean", short: "h", description: "print this help and exit" },
} as const satisfies FlagTable;

/** Only `--help`: for commands that take no global options (the agents' commands). */
export const HELP_OPTION = { help: GLOBAL_OPTIONS.help } as const satisfies FlagTable;

export interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/** The parser's view of a flag table. */
function toParseArgsOptions(table: FlagTable): OptionSpec {
  const out: OptionSpec = {};
  for (const [name, f] of Object.entries(table)) {
    out[name] = { type: f.type, ...(f.short ? { short: f.short } : {}), ...(f.multiple ? { multiple: true } : {}) };
  }
  return out;
}

/** True when argv asks for help (`--help` or `-h` anywhere before a `--` terminator). */
export function wantsHelp(argv: readonly string[]): boolean {
  for (const a of argv) {
    if (a === "--") return false;
    if (a === "--help" || a === "-h") return true;
  }
  return false;
}

/** The known flag closest to `flag` (with or without dashes), or undefined when none is close. */
export function closestFlag(flag: string, known: readonly string[]): string | undefined {
  const best = closestName(flag.replace(/^-+/, ""), known);
  return best ? `--${best}` : undefined;
}

/** `unknown flag --jsn; did you mean --json?` (the suggestion only when a known flag is close). */
export function unknownFlagMessage(flag: string, known: readonly string[]): string {
  const suggestion = closestFlag(flag, known);
  return `unknown flag ${flag}${suggestion ? `; did you mean ${suggestion}?` : ""}`;
}

/**
 * Parses argv strictly against a flag table. Errors become UserErrors (exit 2) without a prefix:
 * the caller names the command.
 */
export function parseFlags(argv: string[], table: FlagTable, allowPositionals: boolean): Parsed {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: toParseArgsOptions(table), allowPositionals, strict: true });
    return { values: values as Parsed["values"], positionals };
  } catch (error) {
    const code = (error as { code?: string }).code;
    const message = errorMessage(error);
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      const flag = /Unknown option '([^']+)'/.exec(message)?.[1] ?? "";
      throw new UserError(unknownFlagMessage(flag, Object.keys(table)), 2);
    }
    if (code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
      const arg = /Unexpected argument '([^']+)'/.exec(message)?.[1];
      throw new UserError(arg ? `unexpected argument "${arg}"` : message.replace(/\. This command does not take.*$/s, ""), 2);
    }
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
      // `--timeout-minutes -1`: the parser takes a value that starts with a dash for a flag.
      const flag = /Option '(-[^' ]+)/.exec(message)?.[1];
      if (flag && /ambiguous/.test(message)) {
        const at = argv.indexOf(flag);
        const next = at >= 0 ? argv[at + 1] : undefined;
        const value = next ?? "-VALUE";
        throw new UserError(`${flag} ${value}: a value that starts with a dash must be joined to its flag: ${flag}=${value}`, 2);
      }
      if (flag) throw new UserError(`${flag} needs a value`, 2);
    }
    throw new UserError(message.replace(/\. To specify a positional.*$/s, "").replace(/\s*\n\s*/g, " "), 2);
  }
}

/** What a command's argv may hold besides its own flags. */
export interface CommandArgsShape {
  /** The global options (`--root`, `--config`, `--lane`, `--state-dir`, `--help`); default true. */
  globals?: boolean;
  /** Positional arguments; default true (the command checks how many it takes). */
  positionals?: boolean;
}

/**
 * Parses a command's argv against its own flag table, plus the global options unless the command
 * takes none (the agents' commands: only their own flags and `--help`, no positionals).
 */
export function parseCommandArgs(_command: string, argv: string[], options: FlagTable, shape: CommandArgsShape = {}): Parsed {
  const table = shape.globals === false ? options : { ...GLOBAL_OPTIONS, ...options };
  return parseFlags(argv, table, shape.positionals !== false);
}

export function stringFlag(p: Parsed, name: string): string | undefined {
  const v = p.values[name];
  if (Array.isArray(v)) return v[v.length - 1];
  return typeof v === "string" ? v : undefined;
}

export function listFlag(p: Parsed, name: string): string[] {
  const v = p.values[name];
  if (Array.isArray(v)) return v;
  return typeof v === "string" ? [v] : [];
}

export function boolFlag(p: Parsed, name: string): boolean {
  return p.values[name] === true;
}

/** `--format F` and `--json` (the short form of `--format json`) for a command with these formats. */
export function formatFlags<const T extends readonly string[]>(formats: T): { format: FlagSpec; json: FlagSpec } {
  return {
    format: { type: "string", value: formats.join("|"), description: "output format", defaultText: formats[0] },
    json: { type: "boolean", description: "the same as --format json" },
  };
}

/**
 * The output format from `--format` and `--json`. `--json` with another `--format` is a usage
 * error naming both.
 */
export function outputFormat<T extends string>(p: Parsed, allowed: readonly T[], fallback: T): T {
  const raw = stringFlag(p, "format");
  if (raw !== undefined && !(allowed as readonly string[]).includes(raw)) {
    throw new UserError(`--format must be one of ${allowed.join(", ")} (got "${raw}")`, 2);
  }
  if (boolFlag(p, "json")) {
    if (raw !== undefined && raw !== "json") throw new UserError(`--json conflicts with --format ${raw}: give one of them`, 2);
    return "json" as T;
  }
  return (raw as T | undefined) ?? fallback;
}

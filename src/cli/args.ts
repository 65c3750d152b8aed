/**
 * Argument parsing for the `wave` CLI: global flags, per-command flags, and value checks with
 * messages that name the flag. Parsing never throws anything but UserError.
 */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UserError } from "../errors.js";

export type OptionSpec = NonNullable<ParseArgsConfig["options"]>;

export const GLOBAL_OPTIONS = {
  root: { type: "string" },
  config: { type: "string" },
  lane: { type: "string" },
  "state-dir": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies OptionSpec;

export interface Parsed {
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
}

/** Parses argv against the global options plus a command's own options. */
export function parseCommandArgs(command: string, argv: string[], options: OptionSpec): Parsed {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { ...GLOBAL_OPTIONS, ...options },
      allowPositionals: true,
      strict: true,
    });
    return { values: values as Parsed["values"], positionals };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new UserError(`wave ${command}: ${message.replace(/\. To specify a positional.*$/s, "")}`);
  }
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

/** A non-negative decimal number (durations accept decimals: 0.05 minutes is three seconds). */
export function parseNumber(
  raw: string | undefined,
  name: string,
  options: { min?: number; integer?: boolean; allowZero?: boolean } = {},
): number | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const text = raw.trim();
  const value = /^[+]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(text) ? Number(text) : Number.NaN;
  const min = options.min ?? 0;
  if (!Number.isFinite(value) || value < min || (options.integer && !Number.isInteger(value))) {
    const kind = options.integer ? "a whole number" : "a number";
    throw new UserError(`${name} must be ${kind} of at least ${min} (got "${raw}")`);
  }
  if (options.allowZero === false && value === 0) throw new UserError(`${name} must be greater than 0 (got "${raw}")`);
  return value;
}

/** A wave number: a non-negative integer. */
export function parseWaveNumber(raw: string | undefined, name: string): number | undefined {
  return parseNumber(raw, name, { integer: true });
}

/** `true/false/1/0/yes/no/on/off` (empty → fallback). */
export function parseBoolean(raw: string | undefined, name: string, fallback: boolean): boolean {
  if (raw === undefined || raw.trim() === "") return fallback;
  const t = raw.trim().toLowerCase();
  if (["true", "1", "yes", "on"].includes(t)) return true;
  if (["false", "0", "no", "off"].includes(t)) return false;
  throw new UserError(`${name} must be true or false (got "${raw}")`);
}

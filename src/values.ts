/**
 * Value parsers shared by the command line's flags and the action's inputs: numbers, wave numbers
 * and booleans given as text. Each names what it read (`--wave`, `input wave`) in its UserError,
 * so both callers report a bad value the same way.
 */
import { UserError } from "./errors.js";

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

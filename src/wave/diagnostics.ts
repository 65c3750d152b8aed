/**
 * Diagnostics: how every problem found in wave files and wave.config.json is reported.
 */
import { UserError } from "../errors.js";
import type { Diagnostic } from "./schema.js";

export type { Diagnostic } from "./schema.js";

/** Longest message kept (input quoted in messages is cut well before this). */
const MAX_MESSAGE = 1000;

/** A collector that fills in the file (and optionally wave/agent) for each diagnostic. */
export class DiagnosticSink {
  readonly items: Diagnostic[] = [];
  constructor(
    readonly file: string,
    readonly wave?: number,
  ) {}

  error(line: number, message: string, extra: { column?: number; agentId?: string } = {}): void {
    this.push("error", line, message, extra);
  }

  warning(line: number, message: string, extra: { column?: number; agentId?: string } = {}): void {
    this.push("warning", line, message, extra);
  }

  private push(severity: "error" | "warning", line: number, message: string, extra: { column?: number; agentId?: string }) {
    const text = message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE - 1)}…` : message;
    const d: Diagnostic = { file: this.file, line: Math.max(0, line), message: text, severity };
    if (extra.column !== undefined && extra.column > 0) d.column = extra.column;
    if (this.wave !== undefined) d.wave = this.wave;
    if (extra.agentId !== undefined) d.agentId = extra.agentId;
    this.items.push(d);
  }
}

export function isError(d: Diagnostic): boolean {
  return d.severity !== "warning";
}

/** Sorts by file, line, column (stable for equal positions). */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics
    .map((d, i) => ({ d, i }))
    .sort(
      (a, b) =>
        (a.d.file < b.d.file ? -1 : a.d.file > b.d.file ? 1 : 0) ||
        a.d.line - b.d.line ||
        (a.d.column ?? 0) - (b.d.column ?? 0) ||
        a.i - b.i,
    )
    .map((x) => x.d);
}

/**
 * A configuration or environment problem that stops loading (exit code 2): malformed
 * wave.config.json, missing waves directory, unknown lane. Carries the diagnostics so that
 * formatters can still show file and line.
 */
export class WaveInputError extends UserError {
  readonly diagnostics: Diagnostic[];
  constructor(diagnostics: Diagnostic[], summary?: string) {
    const lines = diagnostics.filter(isError).map((d) => formatDiagnosticText(d));
    super(summary ? [summary, ...lines].join("\n") : lines.join("\n") || "invalid input", 2);
    this.name = "WaveInputError";
    this.diagnostics = diagnostics;
  }
}

export function isWaveInputError(e: unknown): e is WaveInputError {
  return e instanceof WaveInputError;
}

/** `path:line: error: message` (the line is left out when unknown). */
export function formatDiagnosticText(d: Diagnostic, displayPath: string = d.file): string {
  return `${diagnosticPlace(d, displayPath)}: ${d.severity === "warning" ? "warning" : "error"}: ${d.message}`;
}

/** `file:line` (or just the file) of a diagnostic. */
export function diagnosticPlace(d: Diagnostic, displayPath: string = d.file): string {
  return d.line > 0 ? `${displayPath}:${d.line}` : displayPath;
}

/**
 * The only effects of the report module: writing a summary through `core.summary`-like objects and
 * annotations as workflow commands to a stream. Both take their target as a parameter (the
 * summary also reads the size of the step's summary file, GITHUB_STEP_SUMMARY unless given).
 */
import { stat } from "node:fs/promises";
import { type Annotation, formatWorkflowCommand } from "./annotations.js";
import { safeCommandLine } from "./runner-channel.js";
import { byteLength, truncateUtf8 } from "./text.js";
import { DEFAULT_SUMMARY_MAX_BYTES } from "./wave-summary.js";

export interface SummaryWriter {
  addRaw(text: string, addEOL?: boolean): unknown;
  write(options?: { overwrite?: boolean }): Promise<unknown>;
  /** What is buffered and not yet written (core.summary has it). */
  stringify?(): string;
}

/**
 * The runner drops a step's job summary larger than this many bytes (1 MiB), whole: every byte the
 * step wrote to GITHUB_STEP_SUMMARY counts, and nothing is shown when it is exceeded.
 */
export const STEP_SUMMARY_MAX_BYTES = DEFAULT_SUMMARY_MAX_BYTES;

const CUT_NOTE = "\n\n> **Note:** the summary was cut here to fit GitHub's 1 MiB job summary limit.\n";

/** Bytes already in the step's summary file (it is the step's own: the runner gives each step one). */
async function bytesInFile(file: string | undefined): Promise<number> {
  if (!file) return 0;
  try {
    return (await stat(file)).size;
  } catch {
    return 0;
  }
}

/**
 * `markdown` ending in a newline, cut (with a note when there is room for one) so that it is at
 * most `maxBytes` UTF-8 bytes. Pure.
 */
export function fitSummary(markdown: string, maxBytes: number): string {
  const text = markdown.endsWith("\n") ? markdown : `${markdown}\n`;
  if (byteLength(text) <= maxBytes) return text;
  const room = maxBytes - byteLength(CUT_NOTE);
  if (room <= 0) return truncateUtf8(text, maxBytes);
  const cut = truncateUtf8(text, room);
  // At a line end when there is one in the last part, so a line is not cut in the middle.
  const lineEnd = cut.lastIndexOf("\n");
  return `${lineEnd >= cut.length - 4096 && lineEnd > 0 ? cut.slice(0, lineEnd) : cut}${CUT_NOTE}`;
}

/**
 * Appends markdown to the job summary (pass `core.summary`) and returns the bytes written. What
 * the step's summary file already holds and what the writer has buffered count against the
 * limit (the runner's 1 MiB), and no end-of-line is added beyond the one newline the
 * markdown ends with, so the file never grows past the limit.
 */
export async function writeJobSummary(markdown: string, summary: SummaryWriter): Promise<number> {
  const used = (await bytesInFile(process.env.GITHUB_STEP_SUMMARY)) + byteLength(summary.stringify?.() ?? "");
  const text = fitSummary(markdown, Math.max(0, STEP_SUMMARY_MAX_BYTES - used));
  if (text) summary.addRaw(text, false);
  await summary.write();
  return byteLength(text);
}

/**
 * Writes each annotation as a workflow command line (to stdout in a job), through the job log
 * channel's check: `##[` in a message, title or file cannot form a legacy command.
 */
export function emitAnnotations(annotations: readonly Annotation[], out: { write(text: string): unknown }): void {
  for (const a of annotations) out.write(`${safeCommandLine(formatWorkflowCommand(a))}\n`);
}

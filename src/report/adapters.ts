/**
 * The only effects of the report module: writing a summary through `core.summary`-like objects and
 * annotations as workflow commands to a stream. Both take their target as a parameter.
 */
import { type Annotation, formatWorkflowCommand } from "./annotations.js";

export interface SummaryWriter {
  addRaw(text: string, addEOL?: boolean): unknown;
  write(options?: { overwrite?: boolean }): Promise<unknown>;
}

/** Appends markdown to the job summary (pass `core.summary`). */
export async function writeJobSummary(markdown: string, summary: SummaryWriter): Promise<void> {
  summary.addRaw(markdown, true);
  await summary.write();
}

/** Writes each annotation as a workflow command line (to stdout in a job). */
export function emitAnnotations(annotations: readonly Annotation[], out: { write(text: string): unknown }): void {
  for (const a of annotations) out.write(`${formatWorkflowCommand(a)}\n`);
}

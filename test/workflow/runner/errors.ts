/**
 * Errors of the local workflow runner. An unsupported construct is never skipped: it stops the run
 * with an UnsupportedError that names the file, line and construct.
 */
export class WorkflowRunnerError extends Error {
  override name = "WorkflowRunnerError";
}

/** A construct the local runner does not implement (container jobs, unknown actions, ...). */
export class UnsupportedError extends WorkflowRunnerError {
  override name = "UnsupportedError";
}

/** The workflow file itself is invalid (schema errors, bad inputs, unknown jobs, ...). */
export class WorkflowFileError extends WorkflowRunnerError {
  override name = "WorkflowFileError";
}

/** Formats "file:line: message" for a token position, or just the message without a position. */
export function at(file: string, line: number | undefined, message: string): string {
  return line === undefined ? `${file}: ${message}` : `${file}:${line}: ${message}`;
}

/**
 * Typed errors. A UserError is bad input or environment (exit 2, message only, no stack trace).
 */
export class UserError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = 2) {
    super(message);
    this.name = "UserError";
    this.exitCode = exitCode;
  }
}

export function isUserError(error: unknown): error is UserError {
  return error instanceof UserError;
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

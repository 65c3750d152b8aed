/**
 * Errors of the artifact stores. All are UserErrors (a clear message, no stack trace); `code` lets
 * callers react, e.g. pick another name on "exists" or fall back to a fresh run on "corrupt".
 */
import { UserError } from "../errors.js";

export type ArtifactErrorCode =
  | "exists"
  | "not-found"
  | "corrupt"
  | "unsafe"
  | "invalid-name"
  | "invalid-files"
  | "destination"
  | "unavailable";

export class ArtifactError extends UserError {
  readonly code: ArtifactErrorCode;
  constructor(code: ArtifactErrorCode, message: string) {
    super(message);
    this.name = "ArtifactError";
    this.code = code;
  }
}

export function isArtifactError(error: unknown, code?: ArtifactErrorCode): error is ArtifactError {
  return error instanceof ArtifactError && (code === undefined || error.code === code);
}

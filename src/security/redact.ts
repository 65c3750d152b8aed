/**
 * Secret redaction for everything the product prints or uploads: strings, buffers and byte streams.
 * Each secret is matched raw and in its common encodings (see variants.ts); every match becomes `***`.
 */
import { Transform, type TransformCallback } from "node:stream";
import { type ByteMatcher, compileMatcher } from "./matcher.js";
import { RedactionScanner } from "./scanner.js";
import { type SecretVariant, secretVariants, type VariantKind } from "./variants.js";

export { redactFileInPlace, redactTree, type RedactTreeResult, type SecretFinding, scanForSecrets } from "./redact-files.js";
export { collectSecretValues, splitRedactInput } from "./secrets.js";
export type { SecretVariant, VariantKind } from "./variants.js";

export const REDACTED = "***";
const REPLACEMENT = Buffer.from(REDACTED, "utf8");

/** A Transform that redacts bytes; `redactions` counts replacements written so far. */
export class RedactStream extends Transform {
  private readonly scanner: RedactionScanner;

  constructor(matcher: ByteMatcher) {
    super();
    this.scanner = new RedactionScanner(matcher, REPLACEMENT);
  }

  get redactions(): number {
    return this.scanner.redactions;
  }

  override _transform(chunk: Buffer | string, encoding: BufferEncoding, callback: TransformCallback): void {
    const buf = typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk;
    for (const part of this.scanner.push(buf)) this.push(part);
    callback();
  }

  override _flush(callback: TransformCallback): void {
    for (const part of this.scanner.end()) this.push(part);
    callback();
  }
}

export interface Redactor {
  /** Redacts a string (UTF-8). Returns the same string when nothing matched. */
  redact(text: string): string;
  /** Redacts bytes; non-secret bytes are kept exactly, valid UTF-8 or not. */
  redactBuffer(buf: Uint8Array): Buffer;
  /** A byte Transform for logs of any size (bounded memory). */
  createStream(): RedactStream;
  /** Low-level streaming scanner (push/end) used by the file helpers. */
  createScanner(): RedactionScanner;
  /** Every string matched, i.e. all variants of all secrets. */
  readonly variants: string[];
  /** The kind of each entry of `variants`. */
  readonly variantKinds: VariantKind[];
  /** Longest variant in bytes (0 when there is nothing to redact). */
  readonly maxVariantLength: number;
}

/** All variants of all values (deduplicated). */
export function allVariants(values: readonly string[]): SecretVariant[] {
  const seen = new Set<string>();
  const out: SecretVariant[] = [];
  for (const value of values) {
    if (value.length === 0) continue;
    for (const v of secretVariants(value)) {
      if (seen.has(v.text)) continue;
      seen.add(v.text);
      out.push(v);
    }
  }
  return out;
}

export function createRedactor(values: readonly string[]): Redactor {
  const variants = allVariants(values);
  const matcher = compileMatcher(variants.map((v) => Buffer.from(v.text, "utf8")));
  const createScanner = () => new RedactionScanner(matcher, REPLACEMENT);
  const redactBuffer = (buf: Uint8Array): Buffer => {
    const scanner = createScanner();
    const parts = [...scanner.push(buf), ...scanner.end()];
    if (scanner.redactions === 0) return Buffer.isBuffer(buf) ? buf : Buffer.from(buf);
    return Buffer.concat(parts);
  };
  return {
    redact(text: string): string {
      if (matcher.maxLength === 0 || text.length === 0) return text;
      const scanner = createScanner();
      const parts = [...scanner.push(Buffer.from(text, "utf8")), ...scanner.end()];
      return scanner.redactions === 0 ? text : Buffer.concat(parts).toString("utf8");
    },
    redactBuffer,
    createStream: () => new RedactStream(matcher),
    createScanner,
    variants: variants.map((v) => v.text),
    variantKinds: variants.map((v) => v.kind),
    maxVariantLength: matcher.maxLength,
  };
}

/**
 * Registers every variant of every value with the runner's log masking (pass `core.setSecret`).
 * Returns how many strings were registered.
 */
export function registerSecrets(values: readonly string[], setSecret: (value: string) => void): number {
  const variants = allVariants(values);
  for (const v of variants) setSecret(v.text);
  return variants.length;
}

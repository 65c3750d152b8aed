/**
 * Secret redaction for everything the product prints or uploads: strings, buffers and byte streams.
 * Each secret is matched raw, in base64 (wrapped or not), and with any of its characters
 * percent-encoded, JSON-escaped or written as an HTML reference (see patterns.ts); every match
 * becomes `***`.
 *
 * Redaction is the last step before text leaves the process: redact the raw values first, then
 * escape, truncate or format them. Escaping first can turn a secret into a form nobody looks for,
 * and truncating first can leave part of a secret that no longer matches.
 */
import { Transform, type TransformCallback } from "node:stream";
import { type ByteMatcher, compileMatcher } from "./matcher.js";
import { RedactionScanner, type ScannerOptions } from "./scanner.js";
import { MIN_VARIANT_LENGTH, type SecretVariant, secretVariants, type VariantKind } from "./variants.js";

export { redactFileInPlace, redactTree, scanForSecrets } from "./redact-files.js";
export { redactValue } from "./redact-values.js";
export { collectSecretValues } from "./secrets.js";

export const REDACTED = "***";
/** What a secret in a file or directory name becomes (`*` is not allowed in artifact paths). */
export const REDACTED_NAME = "REDACTED";
// Stryker disable next-line StringLiteral: Buffer.from reads an empty encoding name as "utf8"
const REPLACEMENT = Buffer.from(REDACTED, "utf8");
// Stryker disable next-line StringLiteral: Buffer.from reads an empty encoding name as "utf8"
const NAME_REPLACEMENT = Buffer.from(REDACTED_NAME, "utf8");

/** A Transform that redacts bytes; `redactions` counts replacements written so far. */
class RedactStream extends Transform {
  private readonly scanner: RedactionScanner;

  constructor(matcher: ByteMatcher) {
    super();
    this.scanner = new RedactionScanner(matcher, REPLACEMENT);
  }

  get redactions(): number {
    return this.scanner.redactions;
  }

  override _transform(chunk: Buffer | string, encoding: BufferEncoding, callback: TransformCallback): void {
    // Stryker disable next-line all: the Transform decodes written strings to Buffers (decodeStrings), so every chunk is a Buffer here
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
  /**
   * Redacts text that was cut short at its end by someone who could not redact (a sample of a
   * longer line): besides every match, a trailing part of at least 4 bytes that could be the
   * beginning of a secret in any of its forms is replaced too.
   */
  redactCut(text: string): string;
  /** Redacts a file or directory name; a match becomes `REDACTED` (no characters paths refuse). */
  redactName(name: string): string;
  /** Redacts bytes; non-secret bytes are kept exactly, valid UTF-8 or not. */
  redactBuffer(buf: Uint8Array): Buffer;
  /** A byte Transform for logs of any size (bounded memory). */
  createStream(): RedactStream;
  /** Low-level streaming scanner (push/end) used by the file helpers. */
  createScanner(options?: ScannerOptions): RedactionScanner;
  /**
   * The common encodings of every secret as plain strings (what the runner's log masking gets).
   * Every one of them is redacted, and so are the mixes and wrapped forms they stand for.
   */
  readonly variants: string[];
  /** The kind of each entry of `variants`. */
  readonly variantKinds: VariantKind[];
  /** Longest entry of `variants` in bytes (0 when there is nothing to redact). */
  readonly maxVariantLength: number;
  /** Longest possible match in bytes (the window a stream holds back; 0: nothing to redact). */
  readonly maxMatchLength: number;
}

/** All variants of all values (deduplicated). */
function allVariants(values: readonly string[]): SecretVariant[] {
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

function redactText(matcher: ByteMatcher, text: string, replacement: Buffer, cutAtEnd: boolean): string {
  // Stryker disable next-line LogicalOperator: each condition alone is a fast path; the code after it returns the same
  if (matcher.maxLength === 0 || text.length === 0) return text;
  const scanner = new RedactionScanner(matcher, replacement);
  // Stryker disable next-line StringLiteral: Buffer.from reads an empty encoding name as "utf8"
  const parts = scanner.push(Buffer.from(text, "utf8"));
  if (cutAtEnd) scanner.markCutTail(MIN_VARIANT_LENGTH);
  parts.push(...scanner.end());
  return scanner.redactions === 0 ? text : Buffer.concat(parts).toString("utf8");
}

export function createRedactor(values: readonly string[]): Redactor {
  const variants = allVariants(values);
  // Stryker disable next-line MethodExpression: the automaton skips empty values itself
  const matcher = compileMatcher([...new Set(values.filter((v) => v.length > 0))]);
  const createScanner = (options?: ScannerOptions) => new RedactionScanner(matcher, REPLACEMENT, options);
  const redactBuffer = (buf: Uint8Array): Buffer => {
    const scanner = createScanner();
    const parts = [...scanner.push(buf), ...scanner.end()];
    if (scanner.redactions === 0) return Buffer.isBuffer(buf) ? buf : Buffer.from(buf);
    return Buffer.concat(parts);
  };
  return {
    redact: (text: string) => redactText(matcher, text, REPLACEMENT, false),
    redactCut: (text: string) => redactText(matcher, text, REPLACEMENT, true),
    redactName: (name: string) => redactText(matcher, name, NAME_REPLACEMENT, false),
    redactBuffer,
    createStream: () => new RedactStream(matcher),
    createScanner,
    variants: variants.map((v) => v.text),
    variantKinds: variants.map((v) => v.kind),
    // Stryker disable next-line StringLiteral: Buffer.from reads an empty encoding name as "utf8"
    maxVariantLength: variants.reduce((n, v) => Math.max(n, Buffer.byteLength(v.text, "utf8")), 0),
    maxMatchLength: matcher.maxLength,
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

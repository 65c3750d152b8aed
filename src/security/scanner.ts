/**
 * Streaming redaction over bytes. The automaton state is carried across chunks, so a secret split
 * over any number of chunks is found; at most maxLength-1 unsettled bytes are held back between
 * chunks. Overlapping matches are merged and each merged span becomes one replacement.
 */
import { type ByteMatcher, scanBytes } from "./matcher.js";

interface Span {
  /** Absolute start (inclusive). */
  start: number;
  /** Absolute end (inclusive). */
  end: number;
  /** The replacement was already written (the span straddled a settle point). */
  written: boolean;
}

export class RedactionScanner {
  private row = 0;
  /** Absolute offset of the next input byte. */
  private pos = 0;
  /** Absolute offset of the first byte not yet written out. */
  private settled = 0;
  /** Bytes [settled, pos) kept from earlier chunks. */
  private tail: Buffer = Buffer.alloc(0);
  private spans: Span[] = [];
  private readonly onMatch: (end: number, length: number, pattern: number) => void;
  private chunkBase = 0;
  /** Number of replacements written so far. */
  redactions = 0;
  /** Indexes of the patterns seen (longest match at each end position). */
  readonly matchedPatterns = new Set<number>();

  constructor(
    private readonly matcher: ByteMatcher,
    private readonly replacement: Buffer,
  ) {
    this.onMatch = (endIndex, length, pattern) => {
      const end = this.chunkBase + endIndex;
      let start = end - length + 1;
      let written = false;
      const spans = this.spans;
      while (spans.length > 0 && spans[spans.length - 1]!.end >= start) {
        const last = spans.pop()!;
        if (last.start < start) start = last.start;
        written ||= last.written;
      }
      spans.push({ start, end, written });
      this.matchedPatterns.add(pattern);
    };
  }

  /** Feeds a chunk; returns the output that is final so far (possibly empty). */
  push(chunk: Uint8Array): Buffer[] {
    if (this.matcher.maxLength === 0) return chunk.length > 0 ? [Buffer.from(chunk)] : [];
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    this.chunkBase = this.pos;
    this.row = scanBytes(this.matcher, buf, this.row, this.onMatch);
    const chunkStart = this.pos;
    this.pos += buf.length;
    const settle = Math.max(this.settled, this.pos - (this.matcher.maxLength - 1));
    const out = this.emit(settle, buf, chunkStart);
    return out;
  }

  /** Flushes everything held back. */
  end(): Buffer[] {
    if (this.matcher.maxLength === 0) return [];
    const out = this.emit(this.pos, Buffer.alloc(0), this.pos);
    this.spans = [];
    return out;
  }

  /** Bytes [a, b) from the tail and the current chunk (which starts at `chunkStart`). */
  private slice(a: number, b: number, chunk: Buffer, chunkStart: number, out: Buffer[]): void {
    if (a >= b) return;
    const tailStart = this.settled;
    if (a < chunkStart) {
      const stop = Math.min(b, chunkStart);
      out.push(this.tail.subarray(a - tailStart, stop - tailStart));
      a = stop;
    }
    if (a < b) out.push(chunk.subarray(a - chunkStart, b - chunkStart));
  }

  private emit(settle: number, chunk: Buffer, chunkStart: number): Buffer[] {
    const out: Buffer[] = [];
    let cursor = this.settled;
    let kept = 0;
    for (const span of this.spans) {
      if (span.start >= settle) {
        this.spans[kept++] = span;
        continue;
      }
      if (span.start > cursor) this.slice(cursor, span.start, chunk, chunkStart, out);
      if (!span.written) {
        out.push(this.replacement);
        this.redactions++;
      }
      if (span.end < settle) {
        cursor = Math.max(cursor, span.end + 1);
      } else {
        span.written = true;
        cursor = settle;
        this.spans[kept++] = span;
      }
    }
    this.spans.length = kept;
    if (cursor < settle) this.slice(cursor, settle, chunk, chunkStart, out);
    // Keep the unsettled bytes [settle, pos) as a private copy (never pin a large chunk).
    const keepFrom = settle;
    const parts: Buffer[] = [];
    this.slice(keepFrom, this.pos, chunk, chunkStart, parts);
    this.tail = parts.length === 1 ? Buffer.from(parts[0]!) : Buffer.concat(parts);
    this.settled = settle;
    return out;
  }
}

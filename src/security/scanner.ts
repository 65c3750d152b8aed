/**
 * Streaming redaction over bytes. The automaton state is carried across chunks, so a secret split
 * over any number of chunks is found, in any of its forms; at most maxLength-1 unsettled bytes (the
 * longest encoded form of any secret) are held back between chunks. Overlapping matches are merged
 * and each merged span becomes one replacement.
 */
import { type ByteMatcher, scanBytes } from "./matcher.js";
import { classifyMatch, type VariantFamily } from "./variants.js";

interface Span {
  /** Absolute start (inclusive). */
  start: number;
  /** Absolute end (inclusive). */
  end: number;
  /** The replacement was already written (the span straddled a settle point). */
  written: boolean;
}

const EMPTY = Buffer.alloc(0);

export interface ScannerOptions {
  /** Record the encoding family of each match in `matchedFamilies` (costs a look at the match). */
  trackFamilies?: boolean;
}

export class RedactionScanner {
  private row = 0;
  private epoch: number;
  /** NFA states of `row`, to re-enter the state if the matcher dropped its table meanwhile. */
  private members: readonly number[];
  /** Absolute offset of the next input byte. */
  private pos = 0;
  /** Absolute offset of the first byte not yet written out. */
  private settled = 0;
  /** Bytes [settled, chunkStart) kept from earlier chunks. */
  private tail: Buffer = EMPTY;
  /** The chunk being scanned and its absolute offset (empty between pushes). */
  private chunk: Buffer = EMPTY;
  private chunkStart = 0;
  private spans: Span[] = [];
  private readonly onMatch: (endIndex: number, row: number) => void;
  private readonly byteAt = (offset: number): number =>
    offset >= this.chunkStart ? this.chunk[offset - this.chunkStart]! : this.tail[offset - this.settled]!;
  /** Number of replacements written so far. */
  redactions = 0;
  /** Encoding families seen (with `trackFamilies`). */
  readonly matchedFamilies = new Set<VariantFamily>();

  constructor(
    private readonly matcher: ByteMatcher,
    private readonly replacement: Buffer,
    options: ScannerOptions = {},
  ) {
    this.epoch = matcher.epoch;
    this.members = matcher.membersOf(0);
    const track = options.trackFamilies === true;
    this.onMatch = (endIndex, row) => {
      const end = this.chunkStart + endIndex;
      // Stryker disable next-line MethodExpression: a lower bound below the held bytes changes nothing: the walk never goes further back than the longest match, and bytes no longer held match no edge
      const low = Math.max(this.settled, end - this.matcher.maxLength + 1);
      // The walk back is cut short only where the beginning was already written out (flushHeld):
      // then everything from there on is replaced.
      const found = this.matcher.matchStart(row, end, this.byteAt, low);
      const start = found < 0 || this.matcher.walkCut ? low : found;
      if (track) this.matchedFamilies.add(this.family(start, end));
      this.addSpan(start, end);
    };
  }

  private family(start: number, end: number): VariantFamily {
    const kind = this.matcher.groupKind(this.matcher.lastGroup);
    const bytes = Buffer.alloc(end - start + 1);
    for (let i = start; i <= end; i++) bytes[i - start] = this.byteAt(i);
    return classifyMatch(kind ?? "text", bytes);
  }

  private addSpan(from: number, end: number): void {
    let start = from;
    let written = false;
    const spans = this.spans;
    while (spans.length > 0 && spans[spans.length - 1]!.end >= start) {
      const last = spans.pop()!;
      if (last.start < start) start = last.start;
      if (last.end > end) end = last.end;
      written ||= last.written;
    }
    spans.push({ start, end, written });
  }

  /** Feeds a chunk; returns the output that is final so far (possibly empty). */
  push(chunk: Uint8Array): Buffer[] {
    const m = this.matcher;
    if (m.maxLength === 0) return chunk.length > 0 ? [Buffer.from(chunk)] : [];
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    if (this.epoch !== m.epoch) this.row = m.intern(this.members);
    this.chunk = buf;
    this.chunkStart = this.pos;
    this.row = scanBytes(m, buf, this.row, this.onMatch);
    this.epoch = m.epoch;
    this.members = m.membersOf(this.row);
    this.pos += buf.length;
    const settle = Math.max(this.settled, this.pos - (m.maxLength - 1));
    const out = this.emit(settle, buf, this.chunkStart);
    this.chunk = EMPTY;
    this.chunkStart = this.pos;
    return out;
  }

  /**
   * For input that was cut right after what has been pushed: treats a trailing part of at least
   * `minLength` bytes that could begin a secret (in any form) as a match. Call before end().
   */
  markCutTail(minLength: number): void {
    const m = this.matcher;
    // Stryker disable next-line LogicalOperator: each condition alone is a fast path; the code after it returns the same
    if (m.maxLength === 0 || this.pos === 0) return;
    if (this.epoch !== m.epoch) {
      this.row = m.intern(this.members);
      this.epoch = m.epoch;
    }
    const end = this.pos - 1;
    // Stryker disable next-line MethodExpression: a lower bound below the held bytes changes nothing: the walk never goes further back than the longest match, and bytes no longer held match no edge
    const start = m.partialStart(this.row, end, this.byteAt, Math.max(this.settled, end - m.maxLength + 1));
    if (start >= 0 && end - start + 1 >= minLength) this.addSpan(start, end);
  }

  /**
   * For live output: writes out the bytes held back so far, except a trailing part of at least
   * `minLength` bytes that could begin a secret (that part stays until more input decides). A
   * shorter beginning is written as it is; should the secret complete later, the rest of it is
   * still replaced.
   */
  flushHeld(minLength: number): Buffer[] {
    const m = this.matcher;
    // Stryker disable next-line LogicalOperator: each condition alone is a fast path; the code after it returns the same
    if (m.maxLength === 0 || this.settled >= this.pos) return [];
    if (this.epoch !== m.epoch) {
      this.row = m.intern(this.members);
      this.epoch = m.epoch;
    }
    let settle = this.pos;
    if (this.row !== 0) {
      const end = this.pos - 1;
      const start = m.partialStart(this.row, end, this.byteAt, Math.max(this.settled, end - m.maxLength + 1));
      // A beginning that was already written out still goes on: hold everything after it.
      if (m.walkCut) return [];
      if (start >= 0 && end - start + 1 >= minLength) settle = start;
    }
    if (settle <= this.settled) return [];
    return this.emit(settle, EMPTY, this.pos);
  }

  /** Flushes everything held back. */
  end(): Buffer[] {
    if (this.matcher.maxLength === 0) return [];
    const out = this.emit(this.pos, EMPTY, this.pos);
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
    const parts: Buffer[] = [];
    this.slice(settle, this.pos, chunk, chunkStart, parts);
    this.tail = parts.length === 1 ? Buffer.from(parts[0]!) : Buffer.concat(parts);
    this.settled = settle;
    return out;
  }
}

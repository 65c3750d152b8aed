/**
 * Rate-limit recognition and back-off (pure functions plus a bounded output tail).
 *
 * Only a run that exited non-zero is examined, and only the tail of that run's own output. The
 * patterns are the error texts the supported CLIs and their APIs actually print — not a loose
 * "rate limit" search, so an agent that merely writes about rate limiting is not rerun.
 */

const RATE_LIMIT_PATTERNS: readonly RegExp[] = [
  /\b429 Too Many Requests\b/i,
  /\bexceeded retry limit\b/i,
  /\blast status: 429\b/i,
  /\brate_limit_error\b/,
  /\boverloaded_error\b/,
  /\bRate limit reached\b/i,
  /\brate limit exceeded\b/i,
  /\bToo many requests\b/i,
];

/** How much of a run's output is kept for rate-limit recognition. */
export const RATE_LIMIT_TAIL_BYTES = 64 * 1024;

/** Share of the delay added at most as random jitter. */
const JITTER_RATIO = 0.2;

/** The text of the first pattern's match in `text` (the patterns have no `g` flag), or null. */
export function matchRateLimit(text: string): string | null {
  for (const pattern of RATE_LIMIT_PATTERNS) {
    const match = pattern.exec(text);
    if (match) return match[0];
  }
  return null;
}

/**
 * Delay before retry `n` (1-based): min(base·2^(n−1), max) plus jitter in [0, 20 %) of that.
 * `random` returns a number in [0, 1).
 */
export function retryDelayMs(n: number, baseDelayMs: number, maxDelayMs: number, random: () => number): number {
  const base = Math.max(0, baseDelayMs);
  const capped = Math.min(base * 2 ** Math.max(0, n - 1), Math.max(0, maxDelayMs));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(capped + capped * JITTER_RATIO * r);
}

/** The separator line written to the log before a retry. */
export function retrySeparator(retry: number, retries: number, delayMs: number, matched: string): string {
  return `--- wave: rate limit detected (${JSON.stringify(matched)}); retry ${retry}/${retries} in ${(delayMs / 1000).toFixed(1)}s ---\n`;
}

/** Keeps the last `capacity` bytes written to it, in a fixed buffer. */
export class TailBuffer {
  private readonly buffer: Buffer;
  private position = 0;
  private full = false;

  constructor(readonly capacity: number = RATE_LIMIT_TAIL_BYTES) {
    this.buffer = Buffer.alloc(capacity);
  }

  push(chunk: Buffer): void {
    const cap = this.capacity;
    if (cap === 0) return;
    let data = chunk;
    if (data.length >= cap) {
      data.copy(this.buffer, 0, data.length - cap);
      this.position = 0;
      this.full = true;
      return;
    }
    const first = Math.min(data.length, cap - this.position);
    data.copy(this.buffer, this.position, 0, first);
    if (first < data.length) {
      data = data.subarray(first);
      data.copy(this.buffer, 0);
      this.position = data.length;
      this.full = true;
    } else {
      this.position += first;
      if (this.position === cap) {
        this.position = 0;
        this.full = true;
      }
    }
  }

  /** The kept bytes in order. */
  bytes(): Buffer {
    if (!this.full) return Buffer.from(this.buffer.subarray(0, this.position));
    return Buffer.concat([this.buffer.subarray(this.position), this.buffer.subarray(0, this.position)]);
  }

  text(): string {
    return this.bytes().toString("utf8");
  }
}

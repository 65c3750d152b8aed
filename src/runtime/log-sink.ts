/**
 * Append-only writer for an agent log with backpressure: `write` returns false when the caller
 * should pause its source until `onDrain`. A write error (disk full, ...) is recorded once and
 * later data is discarded, so a child never blocks on a broken log.
 *
 * With a cap (`logs.maxBytes`) the log keeps the head and the tail of what is written to it: the
 * first half of the cap goes to the log as it comes (bytes already in the file count), what follows
 * goes round a ring file next to the log (`<log>.tail`, at most the other half of the cap, each byte
 * written at its offset modulo that size), and on close a line saying how many bytes were left out
 * is appended, then the ring's content in order, and the ring file is deleted. Memory holds only
 * what is queued for the disk (about 1 MiB, then the caller is paused), and the disk never more than
 * the cap plus that line. The cap is on what is stored only: the caller's parser sees every chunk.
 */
import { createWriteStream, mkdirSync, statSync, type WriteStream } from "node:fs";
import { type FileHandle, open, rm } from "node:fs/promises";
import path from "node:path";

/** Bytes queued for the disk before the caller is asked to pause (the head stream's too). */
const HIGH_WATER_BYTES = 1 << 20;
/** Read size when the ring is appended to the log. */
const COPY_CHUNK_BYTES = 64 * 1024;

export interface LogSinkOptions {
  /** The most bytes the log keeps of what this sink writes (head and tail); null or absent: no cap. */
  maxBytes?: number | null;
}

/** The line put where output was left out of a capped log. */
export function cutNotice(leftOut: number, maxBytes: number): string {
  return `[wave] ${leftOut} bytes of output were left out here (logs.maxBytes = ${maxBytes})`;
}

/**
 * The tail of a capped log: a file of at most `size` bytes that output goes round, so it always
 * holds the last `size` bytes written. Writes are queued one after the other (a later one may
 * overwrite an earlier one's place).
 */
class RingTail {
  private handle: Promise<FileHandle> | null = null;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;
  private waiting: (() => void)[] = [];
  private failed = false;
  /** Every byte written to the tail, kept or not. */
  written = 0;

  constructor(
    readonly file: string,
    readonly size: number,
    private readonly onError: (error: Error) => void,
  ) {}

  /** Queues a chunk; false when the queue is long (wait with onDrain). */
  write(chunk: Buffer): boolean {
    if (chunk.length === 0 || this.failed) return true;
    // Only the last `size` bytes of a chunk can survive it.
    const data = chunk.length > this.size ? chunk.subarray(chunk.length - this.size) : chunk;
    this.written += chunk.length - data.length;
    const at = this.written % this.size;
    const first = data.subarray(0, this.size - at);
    const second = data.subarray(first.length);
    this.written += data.length;
    this.queued += data.length;
    this.handle ??= open(this.file, "w+", 0o600);
    const handle = this.handle;
    this.queue = this.queue
      .then(async () => {
        if (this.failed) return;
        const h = await handle;
        await h.write(first, 0, first.length, at);
        if (second.length > 0) await h.write(second, 0, second.length, 0);
      })
      .catch((error: Error) => {
        this.failed = true;
        this.onError(error);
      })
      .finally(() => {
        this.queued -= data.length;
        if (this.queued < HIGH_WATER_BYTES || this.failed) for (const wake of this.waiting.splice(0)) wake();
      });
    return this.queued < HIGH_WATER_BYTES;
  }

  get behind(): boolean {
    return this.queued >= HIGH_WATER_BYTES && !this.failed;
  }

  onDrain(callback: () => void): void {
    if (this.behind) this.waiting.push(callback);
    else setImmediate(callback);
  }

  /** Resolves once everything queued so far is written (or failed). */
  settled(): Promise<void> {
    return this.queue;
  }

  /** Reads what the ring holds, oldest byte first, into `sink`; resolves when done. */
  async drainInto(sink: (chunk: Buffer) => Promise<void>): Promise<void> {
    await this.queue;
    if (!this.handle || this.failed) return;
    const h = await this.handle;
    const kept = Math.min(this.written, this.size);
    const start = this.written > this.size ? this.written % this.size : 0;
    const buffer = Buffer.allocUnsafe(COPY_CHUNK_BYTES);
    for (let done = 0; done < kept; ) {
      const pos = (start + done) % this.size;
      const want = Math.min(COPY_CHUNK_BYTES, kept - done, this.size - pos);
      const { bytesRead } = await h.read(buffer, 0, want, pos);
      if (bytesRead === 0) return;
      done += bytesRead;
      await sink(Buffer.from(buffer.subarray(0, bytesRead)));
    }
  }

  /** Closes and deletes the ring file. */
  async remove(): Promise<void> {
    await this.queue;
    if (this.handle) await (await this.handle.catch(() => null))?.close().catch(() => undefined);
    await rm(this.file, { force: true }).catch(() => undefined);
  }
}

/** Resolves once a stream that is behind has drained (or failed, or closed). */
function drained(stream: WriteStream): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("error", done);
      stream.off("close", done);
      resolve();
    };
    stream.once("drain", done);
    stream.once("error", done);
    stream.once("close", done);
  });
}

export class LogSink {
  private readonly stream: WriteStream;
  private failure: Error | null = null;
  private closed: Promise<void> | null = null;
  /** The cap, or null. */
  private readonly maxBytes: number | null;
  /** Bytes the head may still take (Infinity without a cap). */
  private headLeft: number;
  /** Last byte that went to the head (to put the cut notice on a line of its own). */
  private headLastByte: number | null = null;
  private tail: RingTail | null = null;
  /** Last byte written (to start separator lines on a fresh line), or null before any write. */
  lastByte: number | null = null;

  constructor(
    readonly logPath: string,
    options: LogSinkOptions = {},
  ) {
    mkdirSync(path.dirname(logPath), { recursive: true });
    this.maxBytes = options.maxBytes ?? null;
    let existing = 0;
    try {
      existing = statSync(logPath).size;
    } catch {
      existing = 0; // a new log
    }
    // What the log already holds (an earlier attempt, the separator line) counts towards the head.
    this.headLeft = this.maxBytes === null ? Number.POSITIVE_INFINITY : Math.max(0, Math.floor(this.maxBytes / 2) - existing);
    this.stream = createWriteStream(logPath, { flags: "a", highWaterMark: HIGH_WATER_BYTES });
    this.stream.on("error", (error) => this.fail(error));
  }

  get error(): Error | null {
    return this.failure;
  }

  private fail(error: Error): void {
    this.failure ??= error;
  }

  /** Queues a chunk; false means "pause until onDrain". */
  write(chunk: Buffer): boolean {
    if (chunk.length === 0) return true;
    this.lastByte = chunk[chunk.length - 1]!;
    if (this.failure || this.stream.destroyed) return true;
    return this.route(chunk);
  }

  /** Sends a chunk to the head while it has room, the rest to the tail. */
  private route(chunk: Buffer): boolean {
    const head = chunk.subarray(0, Math.min(chunk.length, this.headLeft));
    const rest = chunk.subarray(head.length);
    let ok = true;
    if (head.length > 0) {
      this.headLeft -= head.length;
      this.headLastByte = head[head.length - 1]!;
      ok = this.stream.write(head);
    }
    if (rest.length > 0) {
      const maxBytes = this.maxBytes ?? 0;
      this.tail ??= new RingTail(`${this.logPath}.tail`, Math.max(1, maxBytes - Math.floor(maxBytes / 2)), (error) => this.fail(error));
      ok = this.tail.write(rest) && ok;
    }
    return ok;
  }

  /** Calls back once the queue has drained (at once when it is not behind). */
  onDrain(callback: () => void): void {
    const waits: Promise<void>[] = [];
    // A write error ends the wait too: a failed stream never drains, and a paused child would hang.
    if (!this.failure && !this.stream.destroyed && this.stream.writableNeedDrain) waits.push(drained(this.stream));
    const tail = this.tail;
    if (!this.failure && tail?.behind) waits.push(new Promise((resolve) => tail.onDrain(resolve)));
    if (waits.length === 0) setImmediate(callback);
    else void Promise.all(waits).then(callback);
  }

  /** Appends text on a line of its own and resolves once it has reached the file. */
  appendLine(text: string): Promise<void> {
    const prefix = this.lastByte !== null && this.lastByte !== 0x0a ? "\n" : "";
    const data = Buffer.from(prefix + (text.endsWith("\n") ? text : `${text}\n`));
    this.lastByte = 0x0a;
    if (this.failure || this.stream.destroyed) return Promise.resolve();
    this.route(data);
    return this.flush();
  }

  /** Resolves once everything queued so far has reached the file (the head, and the tail's ring). */
  flush(): Promise<void> {
    if (this.failure || this.stream.destroyed) return Promise.resolve();
    const head = new Promise<void>((resolve) => {
      this.stream.write(Buffer.alloc(0), () => resolve());
    });
    return Promise.all([head, this.tail?.settled()]).then(() => undefined);
  }

  /** Ends the log: with a cut, the notice and the kept tail are appended first. */
  close(): Promise<void> {
    this.closed ??= this.finishTail().then(
      () =>
        new Promise<void>((resolve) => {
          if (this.stream.destroyed) {
            resolve();
            return;
          }
          this.stream.end(() => resolve());
          this.stream.once("error", () => resolve());
        }),
    );
    return this.closed;
  }

  private async finishTail(): Promise<void> {
    const tail = this.tail;
    if (!tail) return;
    try {
      await tail.settled();
      if (this.failure || this.stream.destroyed) return;
      const leftOut = Math.max(0, tail.written - tail.size);
      if (leftOut > 0) {
        const prefix = this.headLastByte !== null && this.headLastByte !== 0x0a ? "\n" : "";
        this.stream.write(`${prefix}${cutNotice(leftOut, this.maxBytes ?? 0)}\n`);
      }
      await tail.drainInto(async (chunk) => {
        if (this.failure || this.stream.destroyed) return;
        if (!this.stream.write(chunk)) await drained(this.stream);
      });
    } catch (error) {
      this.fail(error as Error);
    } finally {
      await tail.remove();
    }
  }
}

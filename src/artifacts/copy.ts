/**
 * Streaming file copy that hashes what it copies and never overwrites or follows a link at the
 * destination.
 */
import { createHash } from "node:crypto";
import { constants, createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface CopyResult {
  size: number;
  /** hex */
  sha256: string;
}

class Hashing extends Transform {
  readonly hash = createHash("sha256");
  size = 0;
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    done(null, chunk);
  }
}

export async function copyFileHashed(source: string, dest: string, mode = 0o644): Promise<CopyResult> {
  const fh = await open(dest, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode);
  const hashing = new Hashing();
  try {
    await pipeline(createReadStream(source), hashing, fh.createWriteStream());
  } finally {
    await fh.close().catch(() => undefined);
  }
  return { size: hashing.size, sha256: hashing.hash.digest("hex") };
}

/**
 * Runs `fn` over `items` with at most `limit` at a time. After a failure no new item starts, and the
 * first error is thrown only once every running call has finished (so callers can clean up safely).
 */
export async function forEachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (!failed && next < items.length) {
      const item = items[next++] as T;
      try {
        await fn(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  });
  const settled = await Promise.allSettled(workers);
  const rejected = settled.find((s): s is PromiseRejectedResult => s.status === "rejected");
  if (rejected) throw rejected.reason;
}

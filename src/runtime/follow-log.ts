/**
 * `tail -F` for agent logs: streams a file's content from an offset and keeps following it as it
 * grows, waits for it to appear, starts over when it is truncated or replaced, and stops when the
 * signal aborts (after one last read, so nothing written before the abort is missed).
 * Change detection uses fs.watch on the directory with a slow poll as backstop.
 */
import { watch, type FSWatcher } from "node:fs";
import { open, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";

export interface FollowLogOptions {
  signal: AbortSignal;
  /** Receives each chunk in order; a returned promise is awaited (backpressure). */
  onData: (chunk: Buffer) => void | Promise<void>;
  /** Byte offset to start from (default 0: the whole file). */
  fromOffset?: number;
  /** Backstop poll interval in ms (default 500). */
  pollMs?: number;
}

export interface FollowLogResult {
  /** Offset reached in the file being followed when following stopped. */
  offset: number;
  /** Bytes delivered to onData. */
  bytes: number;
}

const CHUNK_BYTES = 64 * 1024;

export async function followLog(filePath: string, options: FollowLogOptions): Promise<FollowLogResult> {
  const { signal, onData } = options;
  const pollMs = options.pollMs ?? 500;
  const base = path.basename(filePath);
  let offset = Math.max(0, options.fromOffset ?? 0);
  let bytes = 0;
  let handle: FileHandle | null = null;
  let inode: number | null = null;
  let wake: (() => void) | null = null;
  let dirty = true;

  const poke = () => {
    dirty = true;
    const w = wake;
    wake = null;
    w?.();
  };
  signal.addEventListener("abort", poke, { once: true });

  let watcher: FSWatcher | null = null;
  const startWatcher = () => {
    if (watcher) return;
    try {
      watcher = watch(path.dirname(filePath), (_event, name) => {
        if (name === null || String(name) === base) poke();
      });
      watcher.on("error", () => {
        watcher?.close();
        watcher = null;
      });
    } catch {
      watcher = null; // directory missing or no watch slots: the poll still works
    }
  };

  const reopen = async (): Promise<void> => {
    if (handle) return;
    try {
      handle = await open(filePath, "r");
      const info = await handle.stat();
      if (inode !== null && info.ino !== inode) offset = 0; // replaced: start at its beginning
      inode = info.ino;
    } catch {
      handle = null;
    }
  };

  /** Reads everything available; returns when at the end of the current file. */
  const drain = async (): Promise<void> => {
    await reopen();
    if (!handle) return;
    const info = await handle.stat();
    if (info.size < offset) offset = 0; // truncated
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
      bytes += bytesRead;
      await onData(Buffer.from(buffer.subarray(0, bytesRead)));
    }
    // Replaced by a new file (rotation): finish the old one (done above), then switch.
    try {
      const current = await stat(filePath);
      if (current.ino !== inode) {
        await handle.close();
        handle = null;
        offset = 0;
        inode = current.ino;
        dirty = true;
      }
    } catch {
      // Deleted: keep the open handle; a new file will be noticed on a later pass.
    }
  };

  try {
    startWatcher();
    while (!signal.aborted) {
      if (dirty) {
        dirty = false;
        await drain();
        if (!watcher) startWatcher();
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          wake = null;
          dirty = true;
          resolve();
        }, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    await drain();
    return { offset, bytes };
  } finally {
    signal.removeEventListener("abort", poke);
    (watcher as FSWatcher | null)?.close();
    await (handle as FileHandle | null)?.close();
  }
}

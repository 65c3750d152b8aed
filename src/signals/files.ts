/**
 * File facts for execution summaries: existence and a streamed sha256, confined to the repository
 * root; and bounded tail reads for reports.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, stat } from "node:fs/promises";
import path from "node:path";
import type { FileFact } from "./schema.js";

/** Absolute path of `relPath` under `root`, or null when it would leave the root. */
export function confinedPath(root: string, relPath: string): string | null {
  const base = path.resolve(root);
  const abs = path.resolve(base, relPath);
  const rel = path.relative(base, abs);
  if (rel === "" || rel.startsWith("..") || path.isAbsolute(rel)) return null;
  return abs;
}

/** sha256 hex of a file, read as a stream. */
export async function sha256File(absPath: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(absPath)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Whether `relPath` exists under `root`, with the sha256 of regular files. */
export async function fileFact(root: string, relPath: string): Promise<FileFact> {
  const abs = confinedPath(root, relPath);
  if (abs === null) return { path: relPath, exists: false, sha256: null };
  try {
    const info = await stat(abs);
    if (!info.isFile()) return { path: relPath, exists: true, sha256: null };
    return { path: relPath, exists: true, sha256: await sha256File(abs) };
  } catch {
    return { path: relPath, exists: false, sha256: null };
  }
}

/**
 * The last `maxBytes` of a file as UTF-8 text; when the file is longer, the first (partial) line
 * of the tail is dropped. Null when the file cannot be read.
 */
export async function readTextTail(absPath: string, maxBytes = 256 * 1024): Promise<string | null> {
  let handle: Awaited<ReturnType<typeof open>> | null = null;
  try {
    handle = await open(absPath, "r");
    const { size } = await handle.stat();
    const length = Math.min(size, maxBytes);
    const buffer = Buffer.alloc(length);
    let read = 0;
    while (read < length) {
      const { bytesRead } = await handle.read(buffer, read, length - read, size - length + read);
      if (bytesRead === 0) break;
      read += bytesRead;
    }
    let text = buffer.subarray(0, read).toString("utf8");
    if (size > length) {
      const nl = text.indexOf("\n");
      text = nl === -1 ? "" : text.slice(nl + 1);
    }
    return text;
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

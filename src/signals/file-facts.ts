/**
 * File facts for execution summaries: existence and a streamed sha256 of files named in the wave
 * file, read only when they stay inside the repository (`openInside`: no symbolic link that leads
 * out, checked and opened without a gap); and bounded tail reads for reports and logs.
 */
import { createHash } from "node:crypto";
import { open } from "node:fs/promises";
import type { FileHandle } from "node:fs/promises";
import { openInside } from "../security/confine.js";
import type { FileFact } from "./schema.js";

const CHUNK = 64 * 1024;

async function sha256Handle(handle: FileHandle): Promise<string> {
  const hash = createHash("sha256");
  const buffer = Buffer.alloc(CHUNK);
  let position = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, CHUNK, position);
    if (bytesRead === 0) break;
    hash.update(buffer.subarray(0, bytesRead));
    position += bytesRead;
  }
  return hash.digest("hex");
}

/**
 * Whether `relPath` exists under `root`, with the sha256 of regular files, and (with `tailBytes`)
 * the end of its text. A path that is refused (outside the repository, or a symbolic link leading
 * out) is never opened: it counts as missing and `problem` says why.
 */
export async function inspectFile(
  root: string,
  relPath: string,
  options: { tailBytes?: number } = {},
): Promise<{ fact: FileFact; text: string | null }> {
  const opened = await openInside(root, relPath);
  if (opened.status === "refused") return { fact: { path: relPath, exists: false, sha256: null, problem: opened.reason }, text: null };
  if (opened.status === "missing") return { fact: { path: relPath, exists: false, sha256: null }, text: null };
  const { handle } = opened;
  try {
    if (!opened.isFile) return { fact: { path: relPath, exists: true, sha256: null }, text: null };
    const sha256 = await sha256Handle(handle);
    const text = options.tailBytes === undefined ? null : await tailOf(handle, options.tailBytes);
    return { fact: { path: relPath, exists: true, sha256 }, text };
  } catch {
    return { fact: { path: relPath, exists: false, sha256: null }, text: null };
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Whether `relPath` exists under `root`, with the sha256 of regular files (see `inspectFile`). */
export async function fileFact(root: string, relPath: string): Promise<FileFact> {
  return (await inspectFile(root, relPath)).fact;
}

async function tailOf(handle: FileHandle, maxBytes: number): Promise<string> {
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
}

/**
 * The last `maxBytes` of a file as UTF-8 text; when the file is longer, the first (partial) line
 * of the tail is dropped. Null when the file cannot be read.
 */
export async function readTextTail(absPath: string, maxBytes = 256 * 1024): Promise<string | null> {
  let handle: FileHandle | null = null;
  try {
    handle = await open(absPath, "r");
    return await tailOf(handle, maxBytes);
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

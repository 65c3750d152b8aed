/**
 * Small generic file helpers: atomic JSON writes and single-write line appends.
 */
import { randomBytes } from "node:crypto";
import { mkdir, open, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Writes `value` as pretty JSON (with a final newline) to a temporary file in the same directory,
 * flushes it, and renames it over `file`: readers see the old or the new content, never a mix.
 * Creates the parent directory if needed.
 */
export async function writeJsonAtomic(file: string, value: unknown): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Atomic replace of a file's content (see writeJsonAtomic). */
async function writeFileAtomic(file: string, content: string | Uint8Array): Promise<void> {
  const dir = path.dirname(file);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    const handle = await open(temp, "wx");
    try {
      await writeFile(handle, content);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Appends `line` plus "\n" with a single write() on a descriptor opened with O_APPEND, so lines
 * appended concurrently by several processes never interleave (on local filesystems the kernel
 * serialises each write on a regular file and O_APPEND places it at the end atomically).
 * `line` must not contain a newline. Throws if the kernel wrote only part of the line.
 */
export async function appendLine(file: string, line: string): Promise<void> {
  if (line.includes("\n")) throw new Error("appendLine: the line contains a newline");
  const data = Buffer.from(`${line}\n`, "utf8");
  const handle = await open(file, "a");
  try {
    const { bytesWritten } = await handle.write(data, 0, data.length);
    if (bytesWritten !== data.length) {
      // A short write (disk full, signal): finish the line so the log stays line-delimited; a
      // reader reports the damaged line and skips it.
      await handle.write(data, bytesWritten, data.length - bytesWritten);
      throw new Error(`short write appending to ${file}: ${bytesWritten} of ${data.length} bytes`);
    }
  } finally {
    await handle.close();
  }
}

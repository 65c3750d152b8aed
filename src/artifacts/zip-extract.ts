/**
 * Extracts a validated zip into a directory without ever writing outside it: names come from
 * readZipEntries (safe relative paths), directories are created one level at a time and must be
 * real directories, files are created exclusively without following links, and every entry's size
 * and CRC-32 are checked.
 */
import { constants, createReadStream } from "node:fs";
import { lstat, mkdir, open, realpath } from "node:fs/promises";
import path from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createInflateRaw } from "node:zlib";
import { forEachLimited } from "./copy.js";
import { crc32 } from "./crc32.js";
import { readZipEntries, ZipError, type ZipEntry } from "./zip-read.js";

export interface ExtractOptions {
  /** Refuse archives whose entries add up to more than this many bytes (default 16 GiB). */
  maxBytes?: number;
}

export interface ExtractResult {
  files: number;
  directories: number;
  bytes: number;
}

const DEFAULT_MAX_BYTES = 16 * 1024 ** 3;
const EXTRACT_PARALLELISM = 4;

/** Counts and checksums what passes through, failing as soon as it exceeds the declared size. */
class Checked extends Transform {
  bytes = 0;
  crc = 0;
  constructor(private readonly entry: ZipEntry) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.entry.uncompressedSize) {
      done(new ZipError(`entry ${JSON.stringify(this.entry.path)} is larger than its declared size`));
      return;
    }
    this.crc = crc32(chunk, this.crc);
    done(null, chunk);
  }
}

async function ensureDirectory(root: string, relative: string): Promise<void> {
  let current = root;
  for (const segment of relative.split("/")) {
    current = path.join(current, segment);
    try {
      await mkdir(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const st = await lstat(current);
      if (!st.isDirectory() || st.isSymbolicLink()) {
        throw new ZipError(`cannot create directory ${JSON.stringify(relative)}: a non-directory is in the way`);
      }
    }
  }
}

async function extractFile(zipFile: string, root: string, entry: ZipEntry): Promise<void> {
  const parent = path.posix.dirname(entry.path);
  if (parent !== ".") await ensureDirectory(root, parent);
  const target = path.join(root, ...entry.path.split("/"));
  const executable = entry.mode !== null && (entry.mode & 0o111) !== 0;
  let fh: Awaited<ReturnType<typeof open>>;
  try {
    fh = await open(
      target,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
      executable ? 0o755 : 0o644,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      throw new ZipError(`entry ${JSON.stringify(entry.path)} would overwrite an existing file`);
    }
    throw error;
  }
  const checked = new Checked(entry);
  const out = fh.createWriteStream();
  const source =
    entry.compressedSize === 0
      ? []
      : createReadStream(zipFile, { start: entry.dataOffset, end: entry.dataOffset + entry.compressedSize - 1 });
  try {
    if (entry.method === 8 && entry.compressedSize > 0) {
      await pipeline(source, createInflateRaw(), checked, out);
    } else if (entry.method === 8 || entry.method === 0) {
      await pipeline(source, checked, out);
    } else {
      throw new ZipError(`entry ${JSON.stringify(entry.path)} uses unsupported compression method ${entry.method}`);
    }
  } catch (error) {
    if (error instanceof ZipError) throw error;
    throw new ZipError(`entry ${JSON.stringify(entry.path)} is corrupt: ${(error as Error).message}`);
  } finally {
    await fh.close().catch(() => undefined);
  }
  if (checked.bytes !== entry.uncompressedSize) {
    throw new ZipError(
      `entry ${JSON.stringify(entry.path)} has ${checked.bytes} bytes, ${entry.uncompressedSize} declared`,
    );
  }
  if (checked.crc !== entry.crc32) throw new ZipError(`entry ${JSON.stringify(entry.path)} fails its CRC-32 check`);
}

/** Extracts `zipFile` into `destDir` (created if missing). Throws ZipError for anything unsafe or corrupt. */
export async function extractZip(zipFile: string, destDir: string, options: ExtractOptions = {}): Promise<ExtractResult> {
  const entries = await readZipEntries(zipFile);
  const total = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  const max = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (total > max) throw new ZipError(`archive expands to ${total} bytes, more than the limit of ${max}`);
  await mkdir(destDir, { recursive: true });
  const root = await realpath(destDir);
  const result: ExtractResult = { files: 0, directories: 0, bytes: 0 };
  for (const entry of entries) {
    if (!entry.isDirectory) continue;
    await ensureDirectory(root, entry.path);
    result.directories++;
  }
  // Inflating runs on the thread pool, so a few entries at a time use several cores.
  await forEachLimited(
    entries.filter((e) => !e.isDirectory),
    EXTRACT_PARALLELISM,
    async (entry) => {
      await extractFile(zipFile, root, entry);
      result.files++;
      result.bytes += entry.uncompressedSize;
    },
  );
  return result;
}

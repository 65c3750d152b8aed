/**
 * Extracts a validated zip into a directory without ever writing outside it: names come from
 * readZipEntries (safe relative paths), directories are created one level at a time and must be
 * real directories, files are created exclusively without following links, and every entry's size
 * and CRC-32 are checked.
 *
 * Disk space: before anything is written, the sizes the central directory declares are added up
 * and compared with the free space of the target filesystem less a reserve (by default the larger
 * of 256 MiB and 5 % of the filesystem). While inflating, an entry that produces more bytes than it
 * declared is stopped at once, so a lying header cannot fill the disk either. When extraction fails,
 * the files and directories it created are removed again.
 */
import { constants, createReadStream } from "node:fs";
import { lstat, mkdir, open, realpath, rmdir, stat, statfs, unlink } from "node:fs/promises";
import path from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createInflateRaw } from "node:zlib";
import { crc32 } from "./crc32.js";
import { readZipEntries, ZipError, type ZipEntry } from "./zip-read.js";

export interface ExtractOptions {
  /** Refuse archives whose entries add up to more than this many bytes (default 16 GiB). */
  maxBytes?: number;
  /** Bytes that must stay free on the target filesystem (default: max(256 MiB, 5 % of it)). */
  reserveBytes?: number;
  /** How the archive is named in errors (default: the zip file's name). */
  label?: string;
}

export interface ExtractResult {
  files: number;
  directories: number;
  bytes: number;
}

const DEFAULT_MAX_BYTES = 16 * 1024 ** 3;
const MIN_RESERVE_BYTES = 256 * 1024 ** 2;
const RESERVE_FRACTION = 0.05;
const EXTRACT_PARALLELISM = 4;

/** "1.5 GiB (1610612736 bytes)". */
function formatBytes(bytes: number): string {
  const units = ["KiB", "MiB", "GiB", "TiB", "PiB"];
  let value = bytes;
  let unit = "";
  for (const next of units) {
    if (value < 1024) break;
    value /= 1024;
    unit = next;
  }
  return unit === "" ? `${bytes} bytes` : `${value.toFixed(1)} ${unit} (${bytes} bytes)`;
}

/** Counts and checksums what passes through, failing as soon as it exceeds the declared size. */
class Checked extends Transform {
  bytes = 0;
  crc = 0;
  constructor(
    private readonly entry: ZipEntry,
    private readonly label: string,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (this.bytes + chunk.length > this.entry.uncompressedSize) {
      done(
        new ZipError(
          `archive ${this.label}: entry ${JSON.stringify(this.entry.path)} is larger than its declared size of ${formatBytes(this.entry.uncompressedSize)}; extraction stopped`,
        ),
      );
      return;
    }
    this.bytes += chunk.length;
    this.crc = crc32(chunk, this.crc);
    done(null, chunk);
  }
}

/** What one extraction created, so a failed one can take it back. */
interface Created {
  files: string[];
  directories: string[];
}

async function ensureDirectory(root: string, relative: string, created: Created): Promise<void> {
  let current = root;
  for (const segment of relative.split("/")) {
    current = path.join(current, segment);
    try {
      await mkdir(current);
      created.directories.push(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const st = await lstat(current);
      if (!st.isDirectory() || st.isSymbolicLink()) {
        throw new ZipError(`cannot create directory ${JSON.stringify(relative)}: a non-directory is in the way`);
      }
    }
  }
}

async function extractFile(zipFile: string, root: string, entry: ZipEntry, label: string, created: Created): Promise<void> {
  const parent = path.posix.dirname(entry.path);
  if (parent !== ".") await ensureDirectory(root, parent, created);
  const target = path.join(root, ...entry.path.split("/"));
  const executable = entry.mode !== null && (entry.mode & 0o111) !== 0;
  let fh: Awaited<ReturnType<typeof open>>;
  try {
    fh = await open(target, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, executable ? 0o755 : 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      throw new ZipError(`entry ${JSON.stringify(entry.path)} would overwrite an existing file`);
    }
    throw error;
  }
  created.files.push(target);
  const checked = new Checked(entry, label);
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
    throw new ZipError(`entry ${JSON.stringify(entry.path)} has ${checked.bytes} bytes, ${entry.uncompressedSize} declared`);
  }
  if (checked.crc !== entry.crc32) throw new ZipError(`entry ${JSON.stringify(entry.path)} fails its CRC-32 check`);
}

/** The nearest directory of `dir` (itself or an ancestor) that exists. */
async function existingAncestor(dir: string): Promise<string> {
  let current = path.resolve(dir);
  for (;;) {
    try {
      await stat(current);
      return current;
    } catch (error) {
      const parent = path.dirname(current);
      if (parent === current) throw error;
      current = parent;
    }
  }
}

/**
 * Refuses, before anything is written, an archive whose declared contents would not fit in the
 * free space of the filesystem holding `destDir` less the reserve. Each file is counted in whole
 * blocks, and each directory as one block.
 */
async function assertFits(
  entries: readonly ZipEntry[],
  total: number,
  destDir: string,
  label: string,
  reserveBytes?: number,
): Promise<void> {
  const fsInfo = await statfs(await existingAncestor(destDir));
  const block = fsInfo.bsize > 0 ? fsInfo.bsize : 4096;
  const free = fsInfo.bavail * block;
  const reserve = reserveBytes ?? Math.max(MIN_RESERVE_BYTES, Math.ceil(fsInfo.blocks * block * RESERVE_FRACTION));
  const needed = entries.reduce((sum, e) => sum + (e.isDirectory ? block : Math.ceil(e.uncompressedSize / block) * block), 0);
  const usable = Math.max(0, free - reserve);
  if (needed <= usable) return;
  throw new ZipError(
    `archive ${label} declares ${formatBytes(total)} of contents in ${entries.length} ${entries.length === 1 ? "entry" : "entries"} (${formatBytes(needed)} on disk), ` +
      `but the filesystem it would be extracted to has ${formatBytes(free)} free, of which ${formatBytes(reserve)} must stay free; ` +
      "refusing to extract it (nothing was written)",
  );
}

/** Removes what a failed extraction created: its files, then its directories, deepest first. */
async function takeBack(created: Created): Promise<void> {
  for (const file of created.files) await unlink(file).catch(() => undefined);
  for (const dir of [...created.directories].reverse()) await rmdir(dir).catch(() => undefined);
}

/**
 * Extracts `zipFile` into `destDir` (created if missing). Throws ZipError for anything unsafe or
 * corrupt, or when it would not fit on the disk; a failed extraction leaves nothing behind.
 */
export async function extractZip(zipFile: string, destDir: string, options: ExtractOptions = {}): Promise<ExtractResult> {
  const label = options.label ?? path.basename(zipFile);
  const entries = await readZipEntries(zipFile);
  const total = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  const max = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (total > max) {
    throw new ZipError(`archive ${label} expands to ${total} bytes, more than the limit of ${max} (${formatBytes(max)})`);
  }
  await assertFits(entries, total, destDir, label, options.reserveBytes);
  const created: Created = { files: [], directories: [] };
  const first = await mkdir(destDir, { recursive: true });
  // `mkdir -p` reports the first directory it made; the ones below it are on the way to destDir.
  if (first !== undefined) {
    const chain: string[] = [];
    for (let dir = path.resolve(destDir); ; dir = path.dirname(dir)) {
      chain.unshift(dir);
      if (dir === path.resolve(first) || path.dirname(dir) === dir) break;
    }
    created.directories.push(...chain);
  }
  try {
    const root = await realpath(destDir);
    const result: ExtractResult = { files: 0, directories: 0, bytes: 0 };
    for (const entry of entries) {
      if (!entry.isDirectory) continue;
      await ensureDirectory(root, entry.path, created);
      result.directories++;
    }
    // Inflating runs on the thread pool, so a few entries at a time use several cores.
    await forEachLimited(
      entries.filter((e) => !e.isDirectory),
      EXTRACT_PARALLELISM,
      async (entry) => {
        await extractFile(zipFile, root, entry, label, created);
        result.files++;
        result.bytes += entry.uncompressedSize;
      },
    );
    return result;
  } catch (error) {
    await takeBack(created);
    throw error;
  }
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

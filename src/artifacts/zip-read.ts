/**
 * Reads and validates the central directory of a zip file (zip64 included) without trusting it:
 * every record, offset and size is bounds-checked, entry names must be safe relative paths, and
 * symlinks, devices, encrypted entries, duplicates, overlapping data and stored entries whose two
 * sizes differ are rejected. The declared uncompressed sizes are what extraction checks against the
 * free disk space before it writes anything (and holds every entry to while inflating).
 */
import { type FileHandle, open } from "node:fs/promises";
import { safeEntryPath, UnsafePathError } from "./entry-path.js";

export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ZipError";
  }
}

export interface ZipEntry {
  /** The name as stored. */
  name: string;
  /** Safe relative path (`/`-separated, no trailing slash). */
  path: string;
  isDirectory: boolean;
  /** 0 stored, 8 deflate. */
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Offset of the entry's local header. */
  headerOffset: number;
  /** Offset of the entry's data (after its local header). */
  dataOffset: number;
  /** Unix permission bits when the archive recorded them. */
  mode: number | null;
}

const SIG_EOCD = 0x06054b50;
const SIG_ZIP64_LOCATOR = 0x07064b50;
const SIG_ZIP64_EOCD = 0x06064b50;
const SIG_CENTRAL = 0x02014b50;
const SIG_LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;
const MAX_CENTRAL_DIRECTORY = 256 * 1024 * 1024;

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
/** "version made by" hosts whose external attributes carry a Unix mode. */
const UNIX_HOSTS = new Set([3, 19]);

async function readAt(fh: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await fh.read(buf, done, length - done, position + done);
    if (bytesRead === 0) throw new ZipError("unexpected end of file");
    done += bytesRead;
  }
  return buf;
}

function u64(buf: Buffer, offset: number): number {
  const v = buf.readBigUInt64LE(offset);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipError("64-bit field out of range");
  return Number(v);
}

interface Directory {
  entries: number;
  size: number;
  offset: number;
  /** Where the central directory must end (start of the end records). */
  end: number;
}

async function findDirectory(fh: FileHandle, fileSize: number): Promise<Directory> {
  if (fileSize < 22) throw new ZipError("file too small to be a zip archive");
  const tailLength = Math.min(fileSize, 22 + MAX_COMMENT);
  const tailStart = fileSize - tailLength;
  const tail = await readAt(fh, tailStart, tailLength);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === SIG_EOCD && i + 22 + tail.readUInt16LE(i + 20) === tail.length) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ZipError("end of central directory record not found (not a zip archive, or truncated)");
  const eocdPos = tailStart + at;
  if (tail.readUInt16LE(at + 4) !== 0 || tail.readUInt16LE(at + 6) !== 0) {
    throw new ZipError("multi-disk archives are not supported");
  }
  let entries = tail.readUInt16LE(at + 10);
  let size = tail.readUInt32LE(at + 12);
  let offset = tail.readUInt32LE(at + 16);
  let end = eocdPos;
  if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    if (eocdPos < 20) throw new ZipError("zip64 locator missing");
    const locator = await readAt(fh, eocdPos - 20, 20);
    if (locator.readUInt32LE(0) !== SIG_ZIP64_LOCATOR) throw new ZipError("zip64 locator missing");
    const z64Pos = u64(locator, 8);
    if (z64Pos + 56 > eocdPos - 20) throw new ZipError("zip64 end of central directory out of range");
    const z64 = await readAt(fh, z64Pos, 56);
    if (z64.readUInt32LE(0) !== SIG_ZIP64_EOCD) throw new ZipError("zip64 end of central directory record not found");
    entries = u64(z64, 32);
    size = u64(z64, 40);
    offset = u64(z64, 48);
    end = z64Pos;
  }
  if (offset + size > end) throw new ZipError("central directory out of range");
  if (size > MAX_CENTRAL_DIRECTORY) throw new ZipError("central directory too large");
  return { entries, size, offset, end };
}

function decodeName(raw: Buffer, utf8: boolean): string {
  if (utf8 || raw.every((b) => b < 0x80)) {
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(raw);
    } catch {
      throw new ZipError("entry name is not valid UTF-8");
    }
  }
  return raw.toString("latin1");
}

interface RawEntry {
  name: string;
  flags: number;
  method: number;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localOffset: number;
  host: number;
  external: number;
}

function parseCentral(buf: Buffer, count: number): RawEntry[] {
  const out: RawEntry[] = [];
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > buf.length || buf.readUInt32LE(p) !== SIG_CENTRAL) {
      throw new ZipError(`central directory entry ${i + 1} is malformed`);
    }
    const host = buf.readUInt16LE(p + 4) >> 8;
    const flags = buf.readUInt16LE(p + 8);
    const method = buf.readUInt16LE(p + 10);
    const crc = buf.readUInt32LE(p + 16);
    let compressedSize = buf.readUInt32LE(p + 20);
    let uncompressedSize = buf.readUInt32LE(p + 24);
    const nameLen = buf.readUInt16LE(p + 28);
    const extraLen = buf.readUInt16LE(p + 30);
    const commentLen = buf.readUInt16LE(p + 32);
    const disk = buf.readUInt16LE(p + 34);
    const external = buf.readUInt32LE(p + 38);
    let localOffset = buf.readUInt32LE(p + 42);
    const next = p + 46 + nameLen + extraLen + commentLen;
    if (next > buf.length) throw new ZipError(`central directory entry ${i + 1} is truncated`);
    const name = decodeName(buf.subarray(p + 46, p + 46 + nameLen), (flags & 0x800) !== 0);
    // zip64 extended information: present fields follow the order uncompressed, compressed, offset.
    let e = p + 46 + nameLen;
    const extraEnd = e + extraLen;
    while (e + 4 <= extraEnd) {
      const id = buf.readUInt16LE(e);
      const len = buf.readUInt16LE(e + 2);
      if (e + 4 + len > extraEnd) throw new ZipError(`extra field of ${JSON.stringify(name)} is truncated`);
      if (id === 0x0001) {
        let q = e + 4;
        const take = (): number => {
          if (q + 8 > e + 4 + len) throw new ZipError(`zip64 field of ${JSON.stringify(name)} is truncated`);
          const v = u64(buf, q);
          q += 8;
          return v;
        };
        if (uncompressedSize === 0xffffffff) uncompressedSize = take();
        if (compressedSize === 0xffffffff) compressedSize = take();
        if (localOffset === 0xffffffff) localOffset = take();
      }
      e += 4 + len;
    }
    if (disk !== 0 && disk !== 0xffff) throw new ZipError("multi-disk archives are not supported");
    out.push({ name, flags, method, crc32: crc, compressedSize, uncompressedSize, localOffset, host, external });
    p = next;
  }
  return out;
}

function classify(raw: RawEntry): { isDirectory: boolean; mode: number | null } {
  const unixMode = UNIX_HOSTS.has(raw.host) ? (raw.external >>> 16) & 0xffff : 0;
  const type = unixMode & S_IFMT;
  if (type === S_IFLNK) throw new ZipError(`entry ${JSON.stringify(raw.name)} is a symbolic link`);
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) {
    throw new ZipError(`entry ${JSON.stringify(raw.name)} is not a regular file or directory`);
  }
  const isDirectory = raw.name.endsWith("/") || type === S_IFDIR || (raw.external & 0x10) !== 0;
  return { isDirectory, mode: unixMode === 0 ? null : unixMode & 0o7777 };
}

/** Reads, validates and returns the entries of the zip file at `file`. */
export async function readZipEntries(file: string): Promise<ZipEntry[]> {
  const fh = await open(file, "r");
  try {
    const fileSize = (await fh.stat()).size;
    const dir = await findDirectory(fh, fileSize);
    const raws = parseCentral(await readAt(fh, dir.offset, dir.size), dir.entries);
    const entries: ZipEntry[] = [];
    const seen = new Set<string>();
    const files = new Set<string>();
    for (const raw of raws) {
      if (raw.flags & 0x41) throw new ZipError(`entry ${JSON.stringify(raw.name)} is encrypted`);
      let path: string;
      try {
        path = safeEntryPath(raw.name);
      } catch (error) {
        if (error instanceof UnsafePathError) throw new ZipError(error.message);
        throw error;
      }
      const { isDirectory, mode } = classify(raw);
      if (!isDirectory && raw.method !== 0 && raw.method !== 8) {
        throw new ZipError(`entry ${JSON.stringify(raw.name)} uses unsupported compression method ${raw.method}`);
      }
      // A stored entry is its own data: declaring another size is a lie about how much it writes.
      if (!isDirectory && raw.method === 0 && raw.compressedSize !== raw.uncompressedSize) {
        throw new ZipError(
          `stored entry ${JSON.stringify(raw.name)} declares ${raw.uncompressedSize} bytes but holds ${raw.compressedSize}`,
        );
      }
      if (seen.has(path)) throw new ZipError(`duplicate entry ${JSON.stringify(path)}`);
      seen.add(path);
      if (!isDirectory) files.add(path);
      if (raw.localOffset + 30 > dir.offset) throw new ZipError(`entry ${JSON.stringify(raw.name)} points outside the archive`);
      const local = await readAt(fh, raw.localOffset, 30);
      if (local.readUInt32LE(0) !== SIG_LOCAL) throw new ZipError(`local header of ${JSON.stringify(raw.name)} not found`);
      const nameLen = local.readUInt16LE(26);
      const extraLen = local.readUInt16LE(28);
      const dataOffset = raw.localOffset + 30 + nameLen + extraLen;
      if (dataOffset + raw.compressedSize > dir.offset) {
        throw new ZipError(`data of ${JSON.stringify(raw.name)} extends past the archive contents`);
      }
      const localName = decodeName(await readAt(fh, raw.localOffset + 30, nameLen), (local.readUInt16LE(6) & 0x800) !== 0);
      if (localName !== raw.name) throw new ZipError(`local and central names of ${JSON.stringify(raw.name)} differ`);
      entries.push({
        name: raw.name,
        path,
        isDirectory,
        method: raw.method,
        crc32: raw.crc32,
        compressedSize: raw.compressedSize,
        uncompressedSize: isDirectory ? 0 : raw.uncompressedSize,
        headerOffset: raw.localOffset,
        dataOffset,
        mode,
      });
    }
    // A file may not also be a parent directory of another entry.
    for (const entry of entries) {
      const parts = entry.path.split("/");
      for (let i = 1; i < parts.length; i++) {
        const parent = parts.slice(0, i).join("/");
        if (files.has(parent)) throw new ZipError(`entry ${JSON.stringify(entry.path)} is inside file ${JSON.stringify(parent)}`);
      }
    }
    // Entry data may not overlap (a classic zip bomb construction).
    const byOffset = [...entries].filter((e) => !e.isDirectory).sort((a, b) => a.dataOffset - b.dataOffset);
    for (let i = 1; i < byOffset.length; i++) {
      const prev = byOffset[i - 1] as ZipEntry;
      const cur = byOffset[i] as ZipEntry;
      if (prev.dataOffset + prev.compressedSize > cur.headerOffset) {
        throw new ZipError(`entries ${JSON.stringify(prev.path)} and ${JSON.stringify(cur.path)} overlap`);
      }
    }
    return entries;
  } finally {
    await fh.close();
  }
}

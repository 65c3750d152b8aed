/**
 * Builds zip files byte by byte for tests, including ones no honest archiver writes: `..` names,
 * absolute paths, symlink entries, wrong CRCs, lying sizes.
 */
import { deflateRawSync } from "node:zlib";
import { crc32Portable } from "../../src/artifacts/crc32.js";

export interface CraftEntry {
  name: string;
  data?: Uint8Array | string;
  /** Compress with deflate (default true). */
  deflate?: boolean;
  /** Unix mode stored in the external attributes (e.g. 0o120777 for a symlink, 0o100755). */
  unixMode?: number;
  /** Override the stored CRC-32. */
  crc32?: number;
  /** Override the stored uncompressed size. */
  uncompressedSize?: number;
  /** Name in the local header, when it should differ from the central directory's. */
  localName?: string;
}

export interface CraftOptions {
  /** Write zip64 records (sizes and offsets in zip64 extra fields and end records). */
  zip64?: boolean;
}

export function craftZip(entries: CraftEntry[], options: CraftOptions = {}): Buffer {
  const z64 = options.zip64 === true;
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const raw = typeof e.data === "string" ? Buffer.from(e.data) : Buffer.from(e.data ?? new Uint8Array());
    const deflate = e.deflate ?? true;
    const body = deflate ? deflateRawSync(raw) : raw;
    const crc = e.crc32 ?? crc32Portable(raw);
    const size = e.uncompressedSize ?? raw.length;
    const name = Buffer.from(e.name, "utf8");
    const localName = Buffer.from(e.localName ?? e.name, "utf8");
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x800, 6);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(localName.length, 26);
    locals.push(local, localName, body);
    const extra = Buffer.alloc(z64 ? 28 : 0);
    if (z64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(24, 2);
      extra.writeBigUInt64LE(BigInt(size), 4);
      extra.writeBigUInt64LE(BigInt(body.length), 12);
      extra.writeBigUInt64LE(BigInt(offset), 20);
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(e.unixMode !== undefined ? (3 << 8) | 20 : 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x800, 8);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(z64 ? 0xffffffff : body.length, 20);
    central.writeUInt32LE(z64 ? 0xffffffff : size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(e.unixMode !== undefined ? (e.unixMode << 16) >>> 0 : 0, 38);
    central.writeUInt32LE(z64 ? 0xffffffff : offset, 42);
    centrals.push(central, name, extra);
    offset += local.length + localName.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const tail: Buffer[] = [];
  if (z64) {
    const rec = Buffer.alloc(56);
    rec.writeUInt32LE(0x06064b50, 0);
    rec.writeBigUInt64LE(44n, 4);
    rec.writeUInt16LE(45, 12);
    rec.writeUInt16LE(45, 14);
    rec.writeBigUInt64LE(BigInt(entries.length), 24);
    rec.writeBigUInt64LE(BigInt(entries.length), 32);
    rec.writeBigUInt64LE(BigInt(cd.length), 40);
    rec.writeBigUInt64LE(BigInt(offset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(offset + cd.length), 8);
    locator.writeUInt32LE(1, 16);
    tail.push(rec, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(z64 ? 0xffff : entries.length, 8);
  end.writeUInt16LE(z64 ? 0xffff : entries.length, 10);
  end.writeUInt32LE(z64 ? 0xffffffff : cd.length, 12);
  end.writeUInt32LE(z64 ? 0xffffffff : offset, 16);
  return Buffer.concat([...locals, cd, ...tail, end]);
}

/**
 * CRC-32 (IEEE, as zip uses it), incremental: `crc32(chunk2, crc32(chunk1))`. Uses zlib's native
 * implementation when the running Node has it.
 */
import zlib from "node:zlib";

type Crc32Fn = (data: Uint8Array, value?: number) => number;

const native = (zlib as unknown as { crc32?: Crc32Fn }).crc32;

let table: Uint32Array | null = null;

function makeTable(): Uint32Array {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
}

export function crc32Portable(data: Uint8Array, value = 0): number {
  table ??= makeTable();
  let c = (value ^ 0xffffffff) >>> 0;
  for (let i = 0; i < data.length; i++) c = (table[(c ^ (data[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

export function crc32(data: Uint8Array, value = 0): number {
  return native ? native(data, value) >>> 0 : crc32Portable(data, value);
}

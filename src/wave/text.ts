/**
 * Turning file bytes into text we are willing to parse: strict UTF-8, no NUL bytes, line numbers
 * for whatever is wrong.
 */
import { isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";

interface TextProblem {
  line: number;
  column: number;
  message: string;
}

export type DecodeResult = { ok: true; text: string } | { ok: false; problem: TextProblem };

/** sha256 hex of the bytes (strings are hashed as their UTF-8 encoding). */
export function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** 1-based line and column of a byte offset (columns count bytes). */
function positionOfByte(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, bytes.length);
  for (let i = 0; i < end; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Byte offset of the first byte that is not part of a well-formed UTF-8 sequence, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else {
      return i;
    }
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/**
 * Decodes a text file: rejects bytes that are not UTF-8 and NUL bytes (binary data), strips a BOM.
 * `what` names the file kind in messages ("wave file", "role prompt").
 */
export function decodeTextFile(bytes: Uint8Array, what: string): DecodeResult {
  if (!isUtf8(bytes)) {
    const offset = firstInvalidUtf8(bytes);
    const at = positionOfByte(bytes, Math.max(offset, 0));
    const value = offset >= 0 ? bytes[offset]!.toString(16).padStart(2, "0") : "??";
    return {
      ok: false,
      problem: { ...at, message: `${what} is not valid UTF-8 (byte 0x${value} at line ${at.line}, byte ${at.column})` },
    };
  }
  const nul = bytes.indexOf(0);
  if (nul >= 0) {
    const at = positionOfByte(bytes, nul);
    return {
      ok: false,
      problem: { ...at, message: `${what} contains a NUL byte at line ${at.line} (binary data is not a wave file)` },
    };
  }
  let text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8");
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  return { ok: true, text };
}

/** Checks text that did not come from bytes (already a JS string) for NUL characters. */
export function findNulLine(text: string): number {
  const i = text.indexOf("\u0000");
  if (i < 0) return 0;
  let line = 1;
  for (let k = 0; k < i; k++) if (text.charCodeAt(k) === 10) line++;
  return line;
}

/**
 * The encodings under which a secret value commonly shows up in logs and files.
 */

export type VariantKind =
  | "raw"
  | "base64"
  | "base64url"
  | "base64-fragment"
  | "url"
  | "json"
  | "crlf"
  | "line";

export interface SecretVariant {
  kind: VariantKind;
  text: string;
}

/** Variants shorter than this are dropped (too likely to occur by chance). */
export const MIN_VARIANT_LENGTH = 4;
/** A line of a multi-line secret is matched on its own when at least this long. */
export const MIN_LINE_LENGTH = 8;

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function toUrlAlphabet(text: string): string {
  return text.replace(/\+/g, "-").replace(/\//g, "_");
}

/**
 * The base64 characters that depend only on `bytes` when they are encoded after `offset` (0, 1, 2)
 * unknown bytes of a larger blob: what a secret embedded in a base64 blob always looks like.
 */
export function base64Fragment(bytes: Uint8Array, offset: number): string {
  const startBit = 8 * offset;
  const endBit = startBit + 8 * bytes.length;
  let out = "";
  for (let i = Math.ceil(startBit / 6); 6 * i + 6 <= endBit; i++) {
    let sextet = 0;
    for (let bit = 6 * i; bit < 6 * i + 6; bit++) {
      const rel = bit - startBit;
      const byte = bytes[rel >> 3]!;
      sextet = (sextet << 1) | ((byte >> (7 - (rel & 7))) & 1);
    }
    out += B64[sextet];
  }
  return out;
}

/** All variants of one secret value, deduplicated, the raw value first. */
export function secretVariants(value: string): SecretVariant[] {
  const out: SecretVariant[] = [];
  const seen = new Set<string>();
  const add = (kind: VariantKind, text: string) => {
    if (text.length < MIN_VARIANT_LENGTH || seen.has(text)) return;
    seen.add(text);
    out.push({ kind, text });
  };
  const bytes = Buffer.from(value, "utf8");
  add("raw", value);
  const b64 = bytes.toString("base64");
  add("base64", b64);
  add("base64url", toUrlAlphabet(b64).replace(/=+$/, ""));
  for (let offset = 0; offset < 3; offset++) {
    const fragment = base64Fragment(bytes, offset);
    add("base64-fragment", fragment);
    add("base64-fragment", toUrlAlphabet(fragment));
  }
  const url = encodeURIComponent(value);
  add("url", url);
  add("url", url.replace(/%[0-9A-F]{2}/g, (s) => s.toLowerCase()));
  const json = JSON.stringify(value).slice(1, -1);
  add("json", json);
  // Encoders that escape every non-ASCII character (Python's default) or the solidus (PHP's).
  add("json", json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`));
  add("json", json.replace(/\//g, "\\/"));
  if (/\r?\n/.test(value)) {
    const crlf = value.replace(/\r?\n/g, "\r\n");
    add("crlf", crlf);
    add("json", JSON.stringify(crlf).slice(1, -1));
    for (const line of value.split(/\r?\n/)) {
      const trimmed = line.trim();
      if (trimmed.length >= MIN_LINE_LENGTH) add("line", trimmed);
    }
  }
  return out;
}

/** Reported encoding families (base64 in any alphabet or alignment is "base64"). */
export type VariantFamily = "raw" | "base64" | "url" | "json" | "crlf" | "line";

export function variantFamily(kind: VariantKind): VariantFamily {
  return kind === "base64url" || kind === "base64-fragment" ? "base64" : kind;
}

/**
 * The encodings under which a secret value commonly shows up in logs and files, as concrete strings:
 * what is registered with the runner's log masking. The redactor itself matches far more than these
 * (every mix of raw and encoded characters, wrapped base64; see patterns.ts).
 */

export type VariantKind = "raw" | "base64" | "base64url" | "base64-fragment" | "url" | "json" | "html" | "crlf" | "line";

export interface SecretVariant {
  kind: VariantKind;
  text: string;
}

/** Variants shorter than this are dropped (too likely to occur by chance). */
export const MIN_VARIANT_LENGTH = 4;
/** A line of a multi-line secret is matched on its own when at least this long. */
export const MIN_LINE_LENGTH = 8;

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

const HTML_ESCAPES: Readonly<Record<string, string>> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

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
  add(
    "url",
    url.replace(/%[0-9A-F]{2}/g, (s) => s.toLowerCase()),
  );
  // RFC 3986 quoting (`*` → %2A, also `!'()`), and every byte encoded (upper and lower hex).
  add(
    "url",
    url.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
  );
  const everyByte = [...bytes].map((b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`).join("");
  add("url", everyByte);
  add("url", everyByte.toLowerCase());
  const json = JSON.stringify(value).slice(1, -1);
  add("json", json);
  // Encoders that escape every non-ASCII character (Python's default) or the solidus (PHP's).
  add(
    "json",
    json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
  );
  add("json", json.replace(/\//g, "\\/"));
  // Go's encoding/json (HTML-safe escapes).
  add(
    "json",
    json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`),
  );
  // HTML escaping (`&amp;` `&lt;` `&gt;` `&quot;` `&#39;`), and the same plus markdown's backslash
  // escapes as a job summary writes literal text.
  const html = value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
  add("html", html);
  add("html", html.replace(/[\\`*_[\]~|]/g, (c) => `\\${c}`).replace(/\$/g, "&#36;"));
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
export type VariantFamily = "raw" | "base64" | "url" | "json" | "html" | "crlf" | "line";

const PERCENT_UNIT = /%[0-9A-Fa-f]{2}/;
const BACKSLASH_UNIT = /\\(?:u[0-9A-Fa-f]{4}|[!-/:-@[-`{-~bfnrt])/;
const HTML_UNIT = /&(?:#[0-9]+|#[xX][0-9A-Fa-f]+|[A-Za-z]+);/;

/**
 * The family of a matched span: base64 and line matches by their group, a text match by the first
 * encoding found in it (percent, then backslash escapes, then HTML references, then CRLF).
 */
export function classifyMatch(group: "text" | "base64" | "line", bytes: Buffer): VariantFamily {
  if (group !== "text") return group;
  const text = bytes.toString("latin1");
  if (PERCENT_UNIT.test(text)) return "url";
  if (BACKSLASH_UNIT.test(text)) return "json";
  if (HTML_UNIT.test(text)) return "html";
  if (text.includes("\r\n")) return "crlf";
  return "raw";
}

/**
 * The languages a secret is matched in, as one non-deterministic byte automaton (NFA) for all
 * secrets. Each secret contributes small groups of states:
 *
 * - text: one step per character of the value, where each character may independently appear raw
 *   or encoded: percent-encoded (every byte, either hex case, `+` for a space), a JSON / JavaScript
 *   escape (`\uXXXX` in either hex case, surrogate pairs for astral characters, `\n`, `\"`, …), a
 *   backslash-escaped ASCII punctuation character (markdown, shells), or an HTML character
 *   reference (named, decimal `&#38;`, hex `&#x26;`, with up to three leading zeros). A line feed
 *   may also appear as CRLF. The group is a chain of small alternations: its size grows linearly
 *   with the value, never with the number of combinations it accepts.
 * - base64: the value's base64 forms (standard and URL-safe alphabet, whole or embedded in a larger
 *   blob at any of the three byte alignments), where a line break (`\n` or `\r\n`) may sit between
 *   any two characters: base64 wrapped at any width, as `base64` (76) and PEM (64) write it.
 * - line: each line of a multi-line value on its own, raw.
 *
 * State 0 is the start state; the matcher treats it as looping on every byte.
 */
import { base64Fragment, MIN_LINE_LENGTH, MIN_VARIANT_LENGTH } from "./variants.js";

export type GroupKind = "text" | "base64" | "line";

interface PatternGroup {
  kind: GroupKind;
  /** Index of the secret value the group belongs to. */
  secret: number;
}

/** A compiled NFA in compressed-row form, with reverse edges for finding where a match starts. */
export interface SecretNfa {
  /** Number of states; 0 is the start. */
  readonly size: number;
  /** Edges of state s: indexes fwdStart[s] .. fwdStart[s+1]-1 (sorted by byte for the start state). */
  readonly fwdStart: Int32Array;
  readonly fwdByte: Uint8Array;
  readonly fwdTo: Int32Array;
  /** Edges into state s: indexes revStart[s] .. revStart[s+1]-1. */
  readonly revStart: Int32Array;
  readonly revByte: Uint8Array;
  readonly revFrom: Int32Array;
  /** 1 for states that end a match. */
  readonly final: Uint8Array;
  /** Group of each state (-1 for the start state). */
  readonly group: Int32Array;
  readonly groups: readonly PatternGroup[];
  /** Longest match in bytes (0 when there is nothing to match). */
  readonly maxLength: number;
}

/** How many leading zeros a numeric character reference may carry (`&#039;`, `&#x0027;`). */
export const MAX_REFERENCE_ZEROS = 3;

/** HTML named references for the characters that have common ones (HTML5 names, ASCII mostly). */
const NAMED_REFERENCES: Readonly<Record<string, readonly string[]>> = {
  "\t": ["Tab"],
  "\n": ["NewLine"],
  "!": ["excl"],
  '"': ["quot", "QUOT"],
  "#": ["num"],
  $: ["dollar"],
  "%": ["percnt"],
  "&": ["amp", "AMP"],
  "'": ["apos"],
  "(": ["lpar"],
  ")": ["rpar"],
  "*": ["ast", "midast"],
  "+": ["plus"],
  ",": ["comma"],
  ".": ["period"],
  "/": ["sol"],
  ":": ["colon"],
  ";": ["semi"],
  "<": ["lt", "LT"],
  "=": ["equals"],
  ">": ["gt", "GT"],
  "?": ["quest"],
  "@": ["commat"],
  "[": ["lsqb", "lbrack"],
  "\\": ["bsol"],
  "]": ["rsqb", "rbrack"],
  "^": ["Hat"],
  _: ["lowbar", "UnderBar"],
  "`": ["grave", "DiacriticalGrave"],
  "{": ["lcub", "lbrace"],
  "|": ["verbar", "vert", "VerticalLine"],
  "}": ["rcub", "rbrace"],
  "\u00a0": ["nbsp", "NonBreakingSpace"],
};

/** JSON's two-character escapes (besides `\uXXXX`). */
const JSON_SHORT_ESCAPES: Readonly<Record<string, string>> = {
  "\b": "b",
  "\f": "f",
  "\n": "n",
  "\r": "r",
  "\t": "t",
};

const BASE64_CHARS = /^[A-Za-z0-9+/=_-]+$/;

function byteOf(ch: string): number {
  return ch.charCodeAt(0);
}

/** Both cases of a hex digit character ('7' → [0x37], 'a' → [0x61, 0x41]). */
function hexDigitBytes(digit: string): number[] {
  const lower = digit.toLowerCase();
  const upper = digit.toUpperCase();
  return lower === upper ? [byteOf(lower)] : [byteOf(lower), byteOf(upper)];
}

function isAsciiPunctuation(cp: number): boolean {
  return (cp >= 0x21 && cp <= 0x2f) || (cp >= 0x3a && cp <= 0x40) || (cp >= 0x5b && cp <= 0x60) || (cp >= 0x7b && cp <= 0x7e);
}

/** A growable list of int32 values. */
class IntList {
  data = new Int32Array(1024);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
}

class NfaBuilder {
  readonly from = new IntList();
  readonly bytes = new IntList();
  readonly to = new IntList();
  /** Per state: 1 when final. */
  readonly final = new IntList();
  /** Per state: its group (-1 for the start state). */
  readonly group = new IntList();
  /** Per state: the longest path from the start (edges are added in path order). */
  readonly depth = new IntList();
  readonly groups: PatternGroup[] = [];
  // Stryker disable next-line UnaryOperator: every state is added after a beginGroup call, which sets it
  private current = -1;

  constructor() {
    this.final.push(0);
    this.group.push(-1);
    this.depth.push(0);
  }

  get size(): number {
    return this.final.length;
  }

  beginGroup(kind: GroupKind, secret: number): void {
    this.groups.push({ kind, secret });
    this.current = this.groups.length - 1;
  }

  state(): number {
    this.final.push(0);
    this.group.push(this.current);
    this.depth.push(0);
    return this.final.length - 1;
  }

  setFinal(s: number): void {
    this.final.data[s] = 1;
  }

  edge(a: number, byte: number, b: number): void {
    this.from.push(a);
    this.bytes.push(byte);
    this.to.push(b);
    const depth = this.depth.data;
    if (depth[a]! + 1 > depth[b]!) depth[b] = depth[a]! + 1;
  }

  edges(a: number, bytes: readonly number[], b: number): void {
    for (const byte of bytes) this.edge(a, byte, b);
  }

  /** A path a → … → b reading `bytes` (at least one). */
  path(a: number, bytes: ArrayLike<number>, b: number): void {
    let s = a;
    for (let i = 0; i < bytes.length - 1; i++) {
      const next = this.state();
      this.edge(s, bytes[i]!, next);
      s = next;
    }
    this.edge(s, bytes[bytes.length - 1]!, b);
  }

  /** A path reading `width` hex digits of `value` (zero-padded), each digit in either case. */
  hexPath(a: number, value: number, width: number, b: number): void {
    const digits = value.toString(16).padStart(width, "0");
    let s = a;
    for (let i = 0; i < digits.length; i++) {
      const next = i === digits.length - 1 ? b : this.state();
      this.edges(s, hexDigitBytes(digits[i]!), next);
      s = next;
    }
  }

  /**
   * `&#<digits>;` or `&#x<hex>;` from `hash` (the state after `&#`) to `b`: the digits with up to
   * MAX_REFERENCE_ZEROS leading zeros, hex in either case, `x` or `X`.
   */
  numericReference(hash: number, cp: number, b: number): void {
    const decimal = String(cp);
    const hex = cp.toString(16);
    this.zeroPadded(
      hash,
      Array.from(decimal, (d) => [byteOf(d)]),
      b,
    );
    const x = this.state();
    this.edges(hash, [byteOf("x"), byteOf("X")], x);
    this.zeroPadded(x, Array.from(hex, hexDigitBytes), b);
  }

  /** Digits (each a set of accepted bytes) after 0..MAX_REFERENCE_ZEROS zeros, then `;` into b. */
  private zeroPadded(a: number, digits: number[][], b: number): void {
    const entries = [a];
    for (let z = 0; z < MAX_REFERENCE_ZEROS; z++) {
      const next = this.state();
      this.edge(entries[entries.length - 1]!, byteOf("0"), next);
      entries.push(next);
    }
    let s = this.state();
    for (const entry of entries) this.edges(entry, digits[0]!, s);
    for (let i = 1; i < digits.length; i++) {
      const next = this.state();
      this.edges(s, digits[i]!, next);
      s = next;
    }
    this.edge(s, byteOf(";"), b);
  }

  /**
   * One character of a text group, from state a to state b, in every per-character encoding.
   * `crlf` adds the CRLF form of a line feed (the `\r` then itself in every encoding).
   */
  character(a: number, ch: string, b: number, crlf = true): void {
    const cp = ch.codePointAt(0)!;
    // Stryker disable next-line StringLiteral: Buffer.from reads an empty encoding name as "utf8"
    const utf8 = Buffer.from(ch, "utf8");
    // Raw and percent-encoded, byte by byte (each byte raw or %XX, either hex case).
    let s = a;
    for (let i = 0; i < utf8.length; i++) {
      const next = i === utf8.length - 1 ? b : this.state();
      this.edge(s, utf8[i]!, next);
      const pct = this.state();
      this.edge(s, byteOf("%"), pct);
      this.hexPath(pct, utf8[i]!, 2, next);
      s = next;
    }
    if (ch === " ") this.edge(a, byteOf("+"), b);
    // Backslash escapes: \uXXXX (a surrogate pair for astral characters), JSON's short escapes,
    // and any ASCII punctuation character (markdown, JSON's \" \\ \/).
    const backslash = this.state();
    this.edge(a, byteOf("\\"), backslash);
    const units = cp > 0xffff ? [ch.charCodeAt(0), ch.charCodeAt(1)] : [cp];
    let u = backslash;
    for (let i = 0; i < units.length; i++) {
      if (i > 0) {
        const again = this.state();
        this.edge(u, byteOf("\\"), again);
        u = again;
      }
      const afterU = this.state();
      this.edge(u, byteOf("u"), afterU);
      const next = i === units.length - 1 ? b : this.state();
      this.hexPath(afterU, units[i]!, 4, next);
      u = next;
    }
    const short = JSON_SHORT_ESCAPES[ch];
    if (short) this.edge(backslash, byteOf(short), b);
    if (isAsciiPunctuation(cp)) this.edge(backslash, cp, b);
    // HTML character references.
    const amp = this.state();
    this.edge(a, byteOf("&"), amp);
    for (const name of NAMED_REFERENCES[ch] ?? []) this.path(amp, Buffer.from(`${name};`, "latin1"), b);
    const hash = this.state();
    this.edge(amp, byteOf("#"), hash);
    this.numericReference(hash, cp, b);
    if (ch === "\n" && crlf) {
      const mid = this.state();
      // Stryker disable next-line BooleanLiteral: the CRLF form is added for a line feed only, never for a CR
      this.character(a, "\r", mid, false);
      this.character(mid, "\n", b, false);
    }
  }
}

/** Adds a text group for `value` (every character in every per-character encoding). */
function addTextGroup(builder: NfaBuilder, value: string, secret: number): void {
  builder.beginGroup("text", secret);
  const chars = Array.from(value);
  let s = 0;
  for (let i = 0; i < chars.length; i++) {
    const next = builder.state();
    builder.character(s, chars[i]!, next);
    s = next;
  }
  builder.setFinal(s);
}

/**
 * Adds the base64 strings as one trie in which a line break (`\n` or `\r\n`) may follow any
 * character that is followed by another one.
 */
function addWrappedGroup(builder: NfaBuilder, strings: readonly string[], secret: number): void {
  builder.beginGroup("base64", secret);
  const children = new Map<number, Map<number, number>>();
  const breakState = new Map<number, number>();
  const lf = byteOf("\n");
  for (const text of strings) {
    let s = 0;
    for (const ch of text) {
      const c = byteOf(ch);
      let kids = children.get(s);
      if (!kids) children.set(s, (kids = new Map()));
      let next = kids.get(c);
      if (next === undefined) {
        next = builder.state();
        // Stryker disable next-line CallExpression: the trie only shares common prefixes; separate paths accept the same strings
        kids.set(c, next);
        builder.edge(s, c, next);
        if (s !== 0) {
          let brk = breakState.get(s);
          if (brk === undefined) {
            brk = builder.state();
            const cr = builder.state();
            // Stryker disable next-line CallExpression: a break state per child instead of one per state accepts the same strings
            breakState.set(s, brk);
            builder.edge(s, lf, brk);
            builder.edge(s, byteOf("\r"), cr);
            builder.edge(cr, lf, brk);
          }
          builder.edge(brk, c, next);
        }
      }
      s = next;
    }
    builder.setFinal(s);
  }
}

function addLineGroup(builder: NfaBuilder, line: string, secret: number): void {
  builder.beginGroup("line", secret);
  const end = builder.state();
  // Stryker disable next-line StringLiteral: Buffer.from reads an empty encoding name as "utf8"
  builder.path(0, Buffer.from(line, "utf8"), end);
  builder.setFinal(end);
}

/** The base64 forms of a value: whole (both alphabets) and embedded at each byte alignment. */
export function base64Forms(bytes: Uint8Array): string[] {
  const out = new Set<string>();
  const b64 = Buffer.from(bytes).toString("base64");
  const url = (text: string) => text.replace(/\+/g, "-").replace(/\//g, "_");
  out.add(b64);
  out.add(url(b64).replace(/=+$/, ""));
  for (let offset = 0; offset < 3; offset++) {
    const fragment = base64Fragment(bytes, offset);
    out.add(fragment);
    out.add(url(fragment));
  }
  return [...out].filter((s) => s.length >= MIN_VARIANT_LENGTH && BASE64_CHARS.test(s));
}

/**
 * Edges grouped by `keys` (a stable counting sort); the start state's group (key 0) is also sorted
 * by byte, since the matcher looks its edges up by byte.
 */
function compress(
  size: number,
  count: number,
  keys: Int32Array,
  bytes: Int32Array,
  values: Int32Array,
): { start: Int32Array; byte: Uint8Array; other: Int32Array } {
  const start = new Int32Array(size + 1);
  for (let e = 0; e < count; e++) {
    const group = keys[e]! + 1;
    start[group] = start[group]! + 1;
  }
  for (let s = 0; s < size; s++) start[s + 1]! += start[s]!;
  const fill = start.slice(0, size);
  const byte = new Uint8Array(count);
  const other = new Int32Array(count);
  for (let e = 0; e < count; e++) {
    const key = keys[e]!;
    const at = fill[key]!;
    fill[key] = at + 1;
    byte[at] = bytes[e]!;
    other[at] = values[e]!;
  }
  const n0 = start[1]!;
  if (n0 > 1) {
    const order = Array.from({ length: n0 }, (_, i) => i).sort((x, y) => byte[x]! - byte[y]! || x - y);
    const b0 = byte.slice(0, n0);
    const o0 = other.slice(0, n0);
    order.forEach((from, to) => {
      byte[to] = b0[from]!;
      other[to] = o0[from]!;
    });
  }
  return { start, byte, other };
}

/** Longest path from the start to a final state. */
function longestMatch(size: number, depth: Int32Array, final: Uint8Array): number {
  let longest = 0;
  for (let s = 0; s < size; s++) if (final[s] && depth[s]! > longest) longest = depth[s]!;
  return longest;
}

/** The NFA of all secret values (empty values and values too short to match are skipped). */
export function buildSecretNfa(values: readonly string[]): SecretNfa {
  const builder = new NfaBuilder();
  values.forEach((value, secret) => {
    if (value.length === 0) return;
    // Stryker disable next-line StringLiteral: Buffer.from reads an empty encoding name as "utf8"
    const bytes = Buffer.from(value, "utf8");
    if (bytes.length >= MIN_VARIANT_LENGTH) addTextGroup(builder, value, secret);
    const forms = base64Forms(bytes);
    if (forms.length > 0) addWrappedGroup(builder, forms, secret);
    if (/\r?\n/.test(value)) {
      const lines = new Set(value.split(/\r?\n/).map((line) => line.trim()));
      for (const line of lines) if (line.length >= MIN_LINE_LENGTH && line !== value) addLineGroup(builder, line, secret);
    }
  });
  const size = builder.size;
  const count = builder.from.length;
  const fwd = compress(size, count, builder.from.data, builder.bytes.data, builder.to.data);
  const rev = compress(size, count, builder.to.data, builder.bytes.data, builder.from.data);
  const final = Uint8Array.from(builder.final.data.subarray(0, size));
  return {
    size,
    fwdStart: fwd.start,
    fwdByte: fwd.byte,
    fwdTo: fwd.other,
    revStart: rev.start,
    revByte: rev.byte,
    revFrom: rev.other,
    final,
    group: builder.group.data.slice(0, size),
    groups: builder.groups,
    maxLength: longestMatch(size, builder.depth.data, final),
  };
}

/**
 * Small text helpers shared by every view: durations, clock times, control-character stripping,
 * terminal-safe text (control characters made visible), terminal display widths, and byte-exact
 * UTF-8 truncation.
 */
import stringWidth from "string-width";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A short human duration: `450ms`, `4.2s`, `42s`, `4m 12s`, `1h 2m`, `2d 3h`. Unknown or invalid
 * values give an em dash.
 */
export function humanDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "—";
  const v = Math.max(0, ms);
  if (v < SECOND) return `${Math.round(v)}ms`;
  if (v < 10 * SECOND) {
    const tenths = Math.floor(v / 100) / 10;
    return `${tenths.toFixed(1)}s`;
  }
  if (v < MINUTE) return `${Math.floor(v / SECOND)}s`;
  if (v < HOUR) {
    const m = Math.floor(v / MINUTE);
    const s = Math.floor((v % MINUTE) / SECOND);
    return s === 0 ? `${m}m` : `${m}m ${s}s`;
  }
  if (v < DAY) {
    const h = Math.floor(v / HOUR);
    const m = Math.floor((v % HOUR) / MINUTE);
    return m === 0 ? `${h}h` : `${h}h ${m}m`;
  }
  const d = Math.floor(v / DAY);
  const h = Math.floor((v % DAY) / HOUR);
  return h === 0 ? `${d}d` : `${d}d ${h}h`;
}

/** Parses an ISO timestamp to epoch ms; null when absent or invalid. */
export function parseTime(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isFinite(t) ? t : null;
}

/** `2024-05-01 10:04:12 UTC` (seconds precision), or an em dash. */
export function formatUtc(value: string | number | null | undefined): string {
  const t = typeof value === "number" ? value : parseTime(value);
  if (t === null || !Number.isFinite(t)) return "—";
  const iso = new Date(t).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

/** `10:04:12` in UTC. */
export function formatClock(ms: number): string {
  if (!Number.isFinite(ms)) return "--:--:--";
  return new Date(ms).toISOString().slice(11, 19);
}

/** Duration of something with ISO bounds, preferring the recorded duration. */
export function spanMs(
  durationMs: number | null | undefined,
  startedAt: string | null | undefined,
  completedAt: string | null | undefined,
): number | null {
  if (typeof durationMs === "number" && Number.isFinite(durationMs)) return durationMs;
  const a = parseTime(startedAt);
  const b = parseTime(completedAt);
  return a !== null && b !== null && b >= a ? b - a : null;
}

// CSI (ESC [ … final), OSC (ESC ] … BEL or ESC \), and other two-character escapes.
const ANSI_RE = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]|\x9b[0-?]*[ -/]*[@-~]/g;

/** Removes ANSI escape sequences. */
export function stripAnsi(text: string): string {
  return text.replace(ANSI_RE, "");
}

/**
 * Text safe to show on one line of a terminal or a table: escape sequences removed, every other
 * control character (newlines and tabs included) turned into a space, bidi controls made visible
 * as `terminalSafe` shows them.
 */
export function oneLine(text: string): string {
  return stripAnsi(text)
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
    .replace(/ {2,}/g, " ")
    .trim()
    .replace(BIDI_CONTROLS, visibleControl);
}

/**
 * Unicode's bidirectional embedding, override and isolate controls (LRE RLE PDF LRO RLO, LRI RLI
 * FSI PDI): they reorder how the text around them is shown, so what a human reads differs from
 * what is there ("Trojan Source", CVE-2021-42574).
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/** What `terminalSafe` replaces: a CR LF pair, C0 controls but tab and newline, DEL, C1 controls, bidi controls. */
const UNSAFE_FOR_TERMINAL = /\r\n|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** The visible form of one character `terminalSafe` replaces (see there). */
function visibleControl(ch: string): string {
  if (ch === "\r\n") return "\n";
  const code = ch.charCodeAt(0);
  if (code < 0x20) return `^${String.fromCharCode(code + 0x40)}`;
  if (code === 0x7f) return "^?";
  return `<U+${code.toString(16).toUpperCase().padStart(4, "0")}>`;
}

/**
 * Untrusted text (an agent's output, anything it could have written) made safe to write to a
 * terminal: no byte of it is ever a control the terminal acts on, so it cannot set the clipboard
 * (OSC 52), clear or redraw the screen, retitle the window, plant links (OSC 8), overwrite a line
 * with a carriage return, or reorder what is read with bidi controls. Everything is shown, one
 * character at a time (so a sequence split between two chunks is made visible all the same):
 *
 * - newline and tab stay; a CR LF pair is a newline;
 * - the other C0 controls and DEL in caret notation, as `cat -v` shows them: ESC `^[` (so
 *   `ESC [2J` reads `^[[2J`), BEL `^G`, a bare carriage return `^M`, NUL `^@`, DEL `^?`;
 * - C1 controls (U+0080–U+009F, e.g. the one-character CSI U+009B) and bidi controls (U+202A–U+202E,
 *   U+2066–U+2069) as `<U+009B>`, `<U+202E>`;
 * - bytes that are not UTF-8 arrive here already decoded to U+FFFD (the replacement character)
 *   by the caller's decoder.
 *
 * For bytes arriving in chunks, decode them with a `StringDecoder` and pass the text through a
 * `TerminalSafeStream` (it keeps a CR LF pair split between chunks a newline).
 */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE_FOR_TERMINAL, visibleControl);
}

/** `terminalSafe` for text arriving in pieces (see there): a CR at the end of a piece waits for the next. */
export class TerminalSafeStream {
  private heldCr = false;

  /** The safe form of `text`, the next piece of the stream. */
  push(text: string): string {
    let t = this.heldCr ? `\r${text}` : text;
    this.heldCr = t.endsWith("\r");
    if (this.heldCr) t = t.slice(0, -1);
    return terminalSafe(t);
  }

  /** What is left at the end of the stream (a last bare CR). */
  end(): string {
    const t = this.heldCr ? "\r" : "";
    this.heldCr = false;
    return terminalSafe(t);
  }
}

/**
 * JSON text made safe for a terminal without changing what it means: the characters
 * `JSON.stringify` leaves as they are but a terminal acts on (DEL, C1 controls, bidi controls; it
 * escapes C0 itself), and U+2028/U+2029, written as `\uXXXX` escapes. They can only occur inside
 * strings, where the escape denotes the same character.
 */
export function terminalSafeJson(json: string): string {
  return json.replace(
    /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

/**
 * Cleans a log excerpt for display: escape sequences removed; for a line rewritten with carriage
 * returns only what stayed visible (after the last `\r`) is kept; other control characters but tab
 * dropped.
 */
export function cleanLogText(text: string): string {
  return stripAnsi(text)
    .split("\n")
    .map((line) => {
      const trimmed = line.endsWith("\r") ? line.slice(0, -1) : line;
      const cr = trimmed.lastIndexOf("\r");
      const visible = cr >= 0 ? trimmed.slice(cr + 1) : trimmed;
      return visible.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, "");
    })
    .join("\n");
}

/**
 * Display width of plain (escape-free) text. The widths come from `string-width` (Unicode's East
 * Asian Width property and the emoji sequences, ZWJ sequences and flags counted as one wide
 * character): agent titles and notes hold CJK and emoji, and a hand-kept range table drifts with
 * every Unicode release.
 */
export function displayWidth(text: string): number {
  return stringWidth(text);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * Cuts plain text to at most `width` columns, ending with `…` when something was cut. Whole
 * graphemes only: an emoji sequence or a letter with its combining marks is kept or cut as one.
 */
export function fitWidth(text: string, width: number): string {
  if (width <= 0) return "";
  if (displayWidth(text) <= width) return text;
  let out = "";
  let w = 0;
  for (const { segment } of graphemes.segment(text)) {
    const cw = stringWidth(segment);
    if (w + cw > width - 1) break;
    out += segment;
    w += cw;
  }
  return out + "…";
}

/** Pads plain text with spaces to `width` columns (cutting it first when longer). */
export function padTo(text: string, width: number): string {
  const fitted = fitWidth(text, width);
  return fitted + " ".repeat(Math.max(0, width - displayWidth(fitted)));
}

/** Cuts text to at most `max` code points, ending with `…` when something was cut. */
export function truncateChars(text: string, max: number | null): string {
  if (max === null) return text;
  if (text.length <= max) return text;
  // Code points, not UTF-16 units (a surrogate pair is one character and is never split).
  const pairs = text.match(/[\ud800-\udbff][\udc00-\udfff]/g)?.length ?? 0;
  if (text.length - pairs <= max) return text;
  return text.slice(0, cut(text, Math.max(0, max - 1))) + "…";
}

/** UTF-16 index just after the first `n` code points. */
function cut(text: string, n: number): number {
  let count = 0;
  let i = 0;
  while (i < text.length && count < n) {
    const c = text.charCodeAt(i);
    i += c >= 0xd800 && c <= 0xdbff && i + 1 < text.length ? 2 : 1;
    count++;
  }
  return i;
}

/** UTF-8 size in bytes. */
export function byteLength(text: string): number {
  return Buffer.byteLength(text, "utf8");
}

/** The longest prefix of `text` whose UTF-8 encoding fits in `maxBytes` (never splits a code point). */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return "";
  if (byteLength(text) <= maxBytes) return text;
  const buf = Buffer.from(text, "utf8");
  let end = maxBytes;
  while (end > 0 && (buf[end]! & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString("utf8");
}

/** The longest suffix of `text` whose UTF-8 encoding fits in `maxBytes` (never splits a code point). */
export function tailUtf8(text: string, maxBytes: number): string {
  if (maxBytes <= 0) return "";
  const buf = Buffer.from(text, "utf8");
  if (buf.length <= maxBytes) return text;
  let start = buf.length - maxBytes;
  while (start < buf.length && (buf[start]! & 0xc0) === 0x80) start++;
  return buf.subarray(start).toString("utf8");
}

/** "1 agent" / "3 agents". */
export function plural(n: number, word: string): string {
  return `${n} ${n === 1 ? word : `${word}s`}`;
}

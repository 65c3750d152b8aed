/**
 * Line-level helpers of the marker parser: cleaning a raw log line (ANSI escapes, carriage
 * returns), recognizing marker candidates, and recognizing code fences.
 */

// CSI sequences, OSC sequences (terminated by BEL or ST), and two-character escapes.
const ANSI_RE = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])/g;

/**
 * Strips ANSI escapes and terminal overwrites: a trailing `\r` is dropped (CRLF logs); with an
 * inner `\r` only the text after the last one is kept (what a terminal would show).
 */
export function cleanLine(raw: string): string {
  let line = raw;
  if (line.length > 0 && line.charCodeAt(line.length - 1) === 13) line = line.slice(0, -1);
  if (line.includes("\x1b")) line = line.replace(ANSI_RE, "");
  const cr = line.lastIndexOf("\r");
  if (cr !== -1) line = line.slice(cr + 1);
  return line;
}

export interface MarkerCandidate {
  /** Lower-cased tag without brackets, e.g. `wave-proof`. */
  tag: string;
  /** Text after the tag. */
  body: string;
  /** The tag was not closed by `]` right after its name (e.g. `[wave-proof state=met`). */
  malformedTag: boolean;
}

const CANDIDATE_RE = /^\[((?:wave-[a-z0-9-]+)|deploy-status|infra-status)(\]|\s|=|$)/i;
const ORDERED_PREFIX_RE = /^\d{1,3}[.)]\s+/;

/**
 * A marker candidate is a line that, after trimming, one list prefix (`- `, `* `, `+ `, `1. `)
 * and one pair of wrapping backticks, starts with `[wave-…]`, `[deploy-status]` or
 * `[infra-status]`. `trimmed` must already be trimmed.
 */
export function markerCandidate(trimmed: string): MarkerCandidate | null {
  let s = trimmed;
  const first = s.charCodeAt(0);
  if (first === 45 || first === 42 || first === 43) {
    // - * +
    if (s.charCodeAt(1) !== 32 && s.charCodeAt(1) !== 9) return null;
    s = s.slice(2).trimStart();
  } else if (first >= 48 && first <= 57) {
    const m = ORDERED_PREFIX_RE.exec(s);
    if (!m) return null;
    s = s.slice(m[0].length);
  }
  if (s.charCodeAt(0) === 96 /* ` */) {
    if (s.length < 3 || s.charCodeAt(1) === 96 || s.charCodeAt(s.length - 1) !== 96) return null;
    s = s.slice(1, -1).trim();
  }
  if (s.charCodeAt(0) !== 91 /* [ */) return null;
  const m = CANDIDATE_RE.exec(s);
  if (!m) return null;
  const tag = m[1]!.toLowerCase();
  const closed = m[2] === "]";
  return { tag, body: s.slice(1 + m[1]!.length + (closed ? 1 : 0)).trim(), malformedTag: !closed };
}

export interface FenceInfo {
  char: "`" | "~";
  length: number;
  /** Only fence characters on the line (a possible closing fence). */
  bare: boolean;
}

/** Recognizes a fence line (```` ``` ```` or `~~~`, three or more). `trimmed` must be trimmed. */
export function fenceInfo(trimmed: string): FenceInfo | null {
  const code = trimmed.charCodeAt(0);
  if (code !== 96 && code !== 126) return null;
  let n = 1;
  while (n < trimmed.length && trimmed.charCodeAt(n) === code) n++;
  if (n < 3) return null;
  return { char: code === 96 ? "`" : "~", length: n, bare: n === trimmed.length };
}

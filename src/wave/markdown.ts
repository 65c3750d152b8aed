/**
 * A line-based markdown scanner: just enough markdown to find the structure of a wave file.
 *
 * - Headings are ATX headings at the start of a line (`#`..`######`, then a space or the end of the
 *   line); trailing spaces are ignored; `####` is level 4, never level 3.
 * - Fenced blocks open with three or more backticks or tildes (up to three spaces of indentation)
 *   and close with a line of the same character at least as long. Everything inside a fence is
 *   plain content, so a `## Agent` or `### ` line in a prompt is prompt text, not structure.
 * - Everything is linear in the size of the input (no backtracking regular expressions), so a
 *   10 MB file or a single huge line is fine.
 */

export interface MdLine {
  /** 1-based line number. */
  n: number;
  /** The line without its line terminator. */
  text: string;
  /** True for fence delimiter lines and every line inside a fenced block. */
  fenced: boolean;
  /** Set for heading lines outside fences. */
  heading?: { level: number; text: string };
  /** Set on the delimiter lines of a fence: index into `fences`. */
  fenceIndex?: number;
}

export interface Fence {
  /** Line of the opening delimiter. */
  open: number;
  /** Line of the closing delimiter, or null when the fence runs to the end of the text. */
  close: number | null;
  char: "`" | "~";
  length: number;
  info: string;
  /** First and last content line (inclusive); `last < first` when the fence is empty. */
  first: number;
  last: number;
}

export interface ScannedMarkdown {
  lines: MdLine[];
  fences: Fence[];
}

/** Splits text into lines on LF or CRLF (a lone CR stays inside its line). */
export function splitLines(text: string): string[] {
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (l.endsWith("\r")) lines[i] = l.slice(0, -1);
  }
  return lines;
}

function leadingSpaces(text: string): number {
  let i = 0;
  while (i < text.length && text[i] === " ") i++;
  return i;
}

/** Parses a fence opener: returns char, run length and info string, or null. */
export function fenceOpener(text: string): { char: "`" | "~"; length: number; info: string } | null {
  const indent = leadingSpaces(text);
  if (indent > 3) return null;
  const c = text[indent];
  if (c !== "`" && c !== "~") return null;
  let j = indent;
  while (j < text.length && text[j] === c) j++;
  const length = j - indent;
  if (length < 3) return null;
  const info = text.slice(j).trim();
  if (c === "`" && info.includes("`")) return null;
  return { char: c, length, info };
}

function isFenceCloser(text: string, fence: { char: string; length: number }): boolean {
  const indent = leadingSpaces(text);
  if (indent > 3) return false;
  let j = indent;
  while (j < text.length && text[j] === fence.char) j++;
  if (j - indent < fence.length) return false;
  return text.slice(j).trim() === "";
}

/** An ATX heading at column 0: level and trimmed text, or null. */
export function parseHeading(text: string): { level: number; text: string } | null {
  if (text[0] !== "#") return null;
  let level = 0;
  while (level < text.length && text[level] === "#") level++;
  if (level > 6) return null;
  if (level < text.length && text[level] !== " " && text[level] !== "\t") return null;
  return { level, text: text.slice(level).trim() };
}

/** Scans text into lines, marking fences and headings. */
export function scanMarkdown(text: string): ScannedMarkdown {
  const raw = splitLines(text);
  const lines: MdLine[] = new Array(raw.length);
  const fences: Fence[] = [];
  let open: Fence | null = null;
  for (let i = 0; i < raw.length; i++) {
    const n = i + 1;
    const t = raw[i]!;
    if (open) {
      if (isFenceCloser(t, open)) {
        open.close = n;
        open.last = n - 1;
        lines[i] = { n, text: t, fenced: true, fenceIndex: fences.length - 1 };
        open = null;
      } else {
        lines[i] = { n, text: t, fenced: true };
      }
      continue;
    }
    const opener = fenceOpener(t);
    if (opener) {
      open = { open: n, close: null, char: opener.char, length: opener.length, info: opener.info, first: n + 1, last: raw.length };
      fences.push(open);
      lines[i] = { n, text: t, fenced: true, fenceIndex: fences.length - 1 };
      continue;
    }
    const heading = parseHeading(t);
    lines[i] = heading ? { n, text: t, fenced: false, heading } : { n, text: t, fenced: false };
  }
  return { lines, fences };
}

/** The content of a fence as text (lines joined by LF). */
export function fenceContent(scanned: ScannedMarkdown, fence: Fence): string {
  if (fence.last < fence.first) return "";
  const out: string[] = [];
  for (let n = fence.first; n <= fence.last; n++) out.push(scanned.lines[n - 1]!.text);
  return out.join("\n");
}

/**
 * Text helpers of the log renderer (src/signals/render.ts) and the executors' event renderers
 * (src/executors/<id>/render.ts): event field access, cleaning of terminal escapes, short lines.
 */

/** Characters of a one-line summary (tool call, fact, error). */
export const SUMMARY_CHARS = 200;
/** Lines of tool output shown per result. */
export const OUTPUT_LINES = 4;

export function rec(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function str(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

export function num(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

const ESCAPES = /\u001b(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|[@-_])?/g;
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Text without terminal escapes or control characters (tab and newline stay; CR ends nothing). */
export function clean(text: string): string {
  let t = text;
  if (t.includes("\u001b")) t = t.replace(ESCAPES, "");
  if (t.includes("\r")) t = t.replace(/\r\n/g, "\n");
  return t.replace(CONTROLS, "");
}

/** One rendered line: clean, and a line (a newline inside a fact would break it). */
export function cleanLine(line: string): string {
  const c = clean(line);
  return c.includes("\n") ? c.replace(/\n/g, " ") : c;
}

/** The agent's own text: every line of it, trailing newlines dropped. */
export function agentText(value: unknown): string[] {
  if (typeof value !== "string") return [];
  const text = clean(value).replace(/\n+$/, "");
  return text === "" ? [] : text.split("\n");
}

/** At most SUMMARY_CHARS characters, `…` when cut (never inside a surrogate pair). */
export function short(text: string, max = SUMMARY_CHARS): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const c = text.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** The first line of `text` (leading blank lines skipped), cleaned, cut short; ` …` when more follows. */
export function firstLine(text: string): string {
  const window = text.slice(0, SUMMARY_CHARS * 4);
  const body = window.replace(/^\s+/, "");
  const nl = body.indexOf("\n");
  const line = clean(nl < 0 ? body : body.slice(0, nl)).trimEnd();
  const more = window.length < text.length || (nl >= 0 && body.slice(nl).trim() !== "");
  return short(more ? `${line} …` : line);
}

/** All of a short message on one line. */
export function oneLine(text: string): string {
  return short(
    clean(text.slice(0, SUMMARY_CHARS * 4))
      .replace(/\s*\n\s*/g, " ⏎ ")
      .trim(),
  );
}

/**
 * The first OUTPUT_LINES non-empty lines of tool output, each cut short, with a count of the
 * rest. Reads only the start of a long output (a count past that start is given as "more").
 */
export function outputLines(text: string | null, prefix = "  │ "): string[] {
  if (text === null) return [];
  const window = text.slice(0, OUTPUT_LINES * SUMMARY_CHARS * 8);
  const lines: string[] = [];
  let pos = 0;
  let rest = 0;
  while (pos < window.length) {
    let nl = window.indexOf("\n", pos);
    if (nl < 0) nl = window.length;
    const raw = window.slice(pos, nl);
    pos = nl + 1;
    // A terminal shows what follows the last carriage return of a line.
    const cr = raw.lastIndexOf("\r", raw.length - 2);
    const line = clean(cr >= 0 ? raw.slice(cr + 1) : raw).trimEnd();
    if (line.trim() === "") continue;
    if (lines.length < OUTPUT_LINES) lines.push(short(`${prefix}${line}`));
    else rest++;
  }
  const cut = window.length < text.length;
  if (rest > 0 || cut) lines.push(`${prefix}… ${cut ? "more" : `${rest} more ${rest === 1 ? "line" : "lines"}`}`);
  return lines;
}

/** The text of content blocks (MCP results, claude tool results): text blocks joined, others named. */
export function blocksText(content: unknown): string | null {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return null;
  const parts: string[] = [];
  let size = 0;
  for (const b of content) {
    const block = rec(b);
    if (!block) continue;
    const part = block.type === "text" && typeof block.text === "string" ? block.text : `[${str(block.type) ?? "content"}]`;
    parts.push(part);
    size += part.length;
    if (size > OUTPUT_LINES * SUMMARY_CHARS * 8) break;
  }
  return parts.join("\n");
}

/** A short `key=value, …` view of a tool's input (its first few fields). */
export function summarizeInput(input: unknown, any = true): string {
  if (typeof input === "string") return firstLine(input);
  const i = rec(input);
  if (!i) return "";
  const preferred = ["pattern", "query", "url", "description", "prompt", "subject", "name"];
  for (const key of preferred) {
    const v = str(i[key]);
    if (v !== null && v !== "") return firstLine(v);
  }
  if (!any && typeof i.path === "string") return "";
  const parts: string[] = [];
  for (const key of Object.keys(i).slice(0, 4)) {
    const v = i[key];
    const shown =
      typeof v === "string"
        ? firstLine(v)
        : typeof v === "number" || typeof v === "boolean"
          ? String(v)
          : Array.isArray(v)
            ? `[${v.length}]`
            : v === null
              ? "null"
              : "{…}";
    parts.push(`${clean(key)}=${shown}`);
  }
  return short(parts.join(", "));
}

/**
 * GitHub-flavoured markdown building blocks with escaping: text from wave files and agents (titles,
 * details, questions, log lines) must render as text, never as markup, HTML or a broken table.
 */
import { cleanLogText, oneLine } from "./text.js";

/** Escapes the characters HTML gives meaning to. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

// Punctuation that inline markdown (GFM tables, strikethrough, links) acts on.
const INLINE_SPECIAL = /[\\`*_[\]~|]/g;

/** Backslash-escapes inline markdown punctuation; `$` becomes an entity so GitHub math never starts. */
function escapeMarkdownPunctuation(html: string): string {
  return html.replace(INLINE_SPECIAL, (c) => `\\${c}`).replace(/\$/g, "&#36;");
}

/**
 * One line of literal inline text: control characters and newlines become spaces, HTML is
 * entity-escaped and markdown punctuation backslash-escaped (`|` too, so it is safe in a table cell).
 */
export function escapeInline(text: string): string {
  return escapeMarkdownPunctuation(escapeHtml(oneLine(text)));
}

/** A table cell: like {@link escapeInline}, with a dash for empty values. */
export function escapeCell(text: string | number | null | undefined): string {
  if (text === null || text === undefined) return "—";
  const s = escapeInline(String(text));
  return s === "" ? "—" : s;
}

/** Inline code for a short literal (file path, status code), safe in table cells. */
export function inlineCode(text: string): string {
  // <code> with entity escaping avoids every backtick-run problem of code spans.
  const body = escapeHtml(oneLine(text)).replace(/[\\`*_[\]~|$]/g, (c) => `&#${c.charCodeAt(0)};`);
  return body === "" ? "—" : `<code>${body}</code>`;
}

/**
 * Multi-line literal text as a block quote: each line escaped, with characters that would start a
 * block construct (heading, list, quote, thematic break) escaped too.
 */
export function quoteBlock(text: string): string {
  const lines = cleanLogText(text).split("\n");
  while (lines.length > 1 && lines[lines.length - 1]!.trim() === "") lines.pop();
  return lines
    .map((line) => {
      const escaped = escapeMarkdownPunctuation(escapeHtml(line.replace(/\t/g, "    ").replace(/[\u2028\u2029]/g, " ")));
      const lead = escaped
        .replace(/^(\s*)([#+=-])/, (_m, ws: string, mark: string) => `${ws}\\${mark}`)
        .replace(/^(\s*\d+)([.)])/, (_m, num: string, mark: string) => `${num}\\${mark}`);
      return lead.trim() === "" ? ">" : `> ${lead}`;
    })
    .join("\n");
}

/** A fenced code block whose fence is longer than any backtick run in the content. */
export function codeFence(content: string, info = "text"): string {
  let longest = 0;
  for (const m of content.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const fence = "`".repeat(Math.max(3, longest + 1));
  const body = content.endsWith("\n") ? content : `${content}\n`;
  return `${fence}${info}\n${body}${fence}`;
}

/** A collapsible block; `summary` is plain text (escaped here), `body` is markdown. */
export function details(summary: string, body: string): string {
  return `<details>\n<summary>${escapeHtml(oneLine(summary))}</summary>\n\n${body}\n\n</details>`;
}

/** A GFM table; cells must already be escaped (use {@link escapeCell}). */
export function table(headers: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}

/** A link when the URL is http(s), plain escaped text otherwise. */
export function link(text: string, url: string | null | undefined): string {
  const label = escapeInline(text);
  if (url && /^https?:\/\/[^\s<>()]+$/i.test(url)) return `[${label}](${url})`;
  return label;
}

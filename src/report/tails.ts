/**
 * Log excerpts in the job summary: each agent's last lines in a collapsible code block, shrunk to a
 * byte budget keeping the END of the log (the last lines explain a failure best). An agent whose
 * CLI writes a JSON transcript shows its rendered view (its messages, tool calls and results, see
 * src/signals/render.ts), not the JSON events: `readableLogTail` makes that excerpt.
 */
import { type RenderSettings, renderTranscriptText } from "../signals/render.js";
import { codeFence, details } from "./markdown.js";
import { byteLength, cleanLogText, tailUtf8, truncateChars } from "./text.js";

export interface TailSource {
  agentId: string;
  /** Log path shown in the block's summary line. */
  log: string | null;
  lines: string[];
  /** Lines in the excerpt the caller gave (before `tailLines`). */
  totalLines: number;
}

export interface RenderedTail {
  agentId: string;
  text: string;
  /** True when lines or bytes were dropped to fit the budget (beyond `tailLines`). */
  shortened: boolean;
}

const MAX_LINE_CHARS = 2000;
const MIN_CONTENT_BYTES = 40;

/**
 * The end of an agent's log as people read it, in at most `maxBytes` bytes (whole lines, the last
 * ones): the log's JSON transcript events rendered under `settings` (from its launch.json), other
 * lines as they are. `raw` is the end of the log starting at a line boundary; read more of a JSON
 * transcript than the excerpt keeps, since its events are much longer than their rendered view.
 */
export function readableLogTail(raw: string, settings: RenderSettings, maxBytes: number): string {
  const text = renderTranscriptText(raw, settings.format, settings);
  if (byteLength(text) <= maxBytes) return text;
  const end = tailUtf8(text, maxBytes);
  const nl = end.indexOf("\n");
  return nl < 0 ? end : end.slice(nl + 1);
}

export function prepareTail(agentId: string, raw: string, log: string | null, tailLines: number): TailSource | null {
  const want = Math.max(1, tailLines);
  // Only the end matters: cut a huge excerpt before splitting it (dropping the partial first line).
  const limit = want * (MAX_LINE_CHARS + 1) * 2;
  let text = raw;
  let cut = false;
  if (text.length > limit) {
    text = text.slice(-limit);
    cut = true;
  }
  const lines = text.split("\n");
  if (cut) lines.shift();
  let blankEnd = 0;
  while (lines.length > 0 && cleanLogText(lines[lines.length - 1]!).trim() === "") {
    lines.pop();
    blankEnd++;
  }
  if (lines.length === 0) return null;
  const totalLines = cut ? countNewlines(raw) + 1 - blankEnd : lines.length;
  const kept = lines.slice(-want).map((l) => truncateChars(cleanLogText(headOfLine(l)), MAX_LINE_CHARS));
  return { agentId, log, lines: kept, totalLines: Math.max(totalLines, kept.length) };
}

/** A very long line's start, enough for MAX_LINE_CHARS visible characters in most logs. */
function headOfLine(line: string): string {
  const room = MAX_LINE_CHARS * 2;
  if (line.length <= room) return line;
  const c = line.charCodeAt(room - 1);
  return line.slice(0, c >= 0xd800 && c <= 0xdbff ? room - 1 : room);
}

function countNewlines(text: string): number {
  let n = 0;
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

function renderLines(src: TailSource, lines: string[], shortened: boolean): string {
  const of = src.totalLines > lines.length ? ` of ${src.totalLines}` : "";
  const where = src.log ? ` (${src.log})` : "";
  const cut = shortened ? ", shortened to fit" : "";
  const summary = `${src.agentId}: last ${lines.length}${of} log ${src.totalLines === 1 ? "line" : "lines"}${where}${cut}`;
  return details(summary, codeFence(lines.join("\n")));
}

/** The tail block in full. */
function renderTail(src: TailSource): RenderedTail {
  return { agentId: src.agentId, text: renderLines(src, src.lines, false), shortened: false };
}

/** The tail block in at most `budget` bytes, or null when not even a short excerpt fits. */
function fitTail(src: TailSource, budget: number, full: RenderedTail = renderTail(src)): RenderedTail | null {
  if (byteLength(full.text) <= budget) return full;
  // Most trailing lines that fit: sizes from the end, then one render to confirm (a shorter
  // excerpt can only need the same or a shorter fence, so stepping down always converges).
  const overhead = byteLength(renderLines(src, [], true)) + 16;
  let k = 0;
  let used = overhead;
  for (let i = src.lines.length - 1; i >= 0; i--) {
    const size = byteLength(src.lines[i]!) + 1;
    if (used + size > budget) break;
    used += size;
    k++;
  }
  while (k >= 1) {
    const lines = src.lines.slice(-k);
    const text = renderLines(src, lines, true);
    if (byteLength(text) <= budget) return { agentId: src.agentId, text, shortened: true };
    k--;
  }
  // Not even one whole line: keep the end of the last line.
  const last = src.lines[src.lines.length - 1]!;
  const room = budget - overhead - 8;
  if (room < MIN_CONTENT_BYTES) return null;
  const text = renderLines(src, [`…${tailUtf8(last, room)}`], true);
  if (byteLength(text) > budget) return null;
  return { agentId: src.agentId, text, shortened: true };
}

/**
 * Shares `budget` bytes among the tails (smallest first, each gets at most an equal share of what is
 * left) and renders them; tails that do not fit are left out.
 */
export function fitTails(sources: TailSource[], budget: number): { tails: RenderedTail[]; omitted: string[] } {
  const separatorBytes = 2; // the blank line between two tails
  const full = sources.map((s) => {
    const rendered = renderTail(s);
    return { rendered, size: byteLength(rendered.text) + separatorBytes };
  });
  const order = full.map((_, i) => i).sort((a, b) => full[a]!.size - full[b]!.size);
  const shares = new Array<number>(sources.length).fill(0);
  let remaining = Math.max(0, budget);
  order.forEach((idx, k) => {
    const share = Math.floor(remaining / (order.length - k));
    const give = Math.min(full[idx]!.size, share);
    shares[idx] = give;
    remaining -= give;
  });
  const tails: RenderedTail[] = [];
  const omitted: string[] = [];
  sources.forEach((s, i) => {
    const t = fitTail(s, shares[i]! - separatorBytes, full[i]!.rendered);
    if (t) tails.push(t);
    else omitted.push(s.agentId);
  });
  return { tails, omitted };
}

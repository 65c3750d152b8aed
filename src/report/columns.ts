/**
 * Aligned plain-text columns for a terminal: `wave status`, its environments lines and
 * `wave status --watch`. Cells are made one line, cut to a column's maximum width with `…`, and
 * padded by display width (wide characters count twice).
 *
 * With the terminal's width (`columns`), a table that would be wider gives up columns in the order
 * of `shrink` (e.g. notes first, then titles): each is cut with `…` down to its header's width
 * before the next one gives anything, and every column not named keeps its full width, so ids and
 * statuses are never cut. Without `columns` (output to a pipe or a file) nothing is cut beyond the
 * maximum widths.
 */
import { displayWidth, fitWidth, oneLine, padTo } from "./text.js";

export interface TextTableOptions {
  /** Maximum width per column (cells are cut with `…`). */
  maxWidths?: number[];
  /** The terminal's width: every line stays shorter than this when the `shrink` columns allow it. */
  columns?: number;
  /** Indexes of the columns that may be cut to fit `columns`, the first given up first. */
  shrink?: readonly number[];
}

/** Aligned columns; the last column is not padded. */
export function formatColumns(headers: string[], rows: string[][], options: TextTableOptions = {}): string[] {
  const gapWidth = 2;
  const gap = " ".repeat(gapWidth);
  const clean = (s: string, i: number) => {
    const t = oneLine(s);
    const max = options.maxWidths?.[i];
    return max ? fitWidth(t, max) : t;
  };
  let all = [headers, ...rows].map((r) => r.map(clean));
  const widths = headers.map((_, i) => Math.max(...all.map((r) => displayWidth(r[i] ?? ""))));
  if (options.columns !== undefined && options.shrink) {
    const fitted = shrinkToFit(widths, all[0]!, gapWidth, options.columns, options.shrink);
    all = all.map((r) => r.map((c, i) => fitWidth(c, fitted[i]!)));
    widths.splice(0, widths.length, ...fitted);
  }
  return all.map((r) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : padTo(c, widths[i]!)))
      .join(gap)
      .trimEnd(),
  );
}

/**
 * Column widths for a table whose lines must stay shorter than `columns`: the `shrink` columns, in
 * order, each down to its header's width at most. Pure; unchanged when the table fits already.
 */
export function shrinkToFit(
  widths: readonly number[],
  headers: readonly string[],
  gap: number,
  columns: number,
  shrink: readonly number[],
): number[] {
  const out = [...widths];
  const total = out.reduce((sum, w) => sum + w, 0) + gap * Math.max(0, out.length - 1);
  let excess = total - (Math.floor(columns) - 1);
  for (const i of shrink) {
    if (excess <= 0) break;
    const floor = Math.min(out[i]!, displayWidth(headers[i] ?? ""));
    const cut = Math.min(excess, out[i]! - floor);
    out[i] = out[i]! - cut;
    excess -= cut;
  }
  return out;
}

/**
 * Aligned plain-text columns for a terminal: `wave status`, its environments lines and
 * `wave status --watch`. Cells are made one line, cut to a column's maximum width with `…`, and
 * padded by display width (wide characters count twice).
 */
import { displayWidth, fitWidth, oneLine, padTo } from "./text.js";

export interface TextTableOptions {
  /** Maximum width per column (cells are cut with `…`). */
  maxWidths?: number[];
  gap?: number;
}

/** Aligned columns; the last column is not padded. */
export function formatColumns(headers: string[], rows: string[][], options: TextTableOptions = {}): string[] {
  const gap = " ".repeat(options.gap ?? 2);
  const clean = (s: string, i: number) => {
    const t = oneLine(s);
    const max = options.maxWidths?.[i];
    return max ? fitWidth(t, max) : t;
  };
  const all = [headers, ...rows].map((r) => r.map(clean));
  const widths = headers.map((_, i) => Math.max(...all.map((r) => displayWidth(r[i] ?? ""))));
  return all.map((r) =>
    r
      .map((c, i) => (i === r.length - 1 ? c : padTo(c, widths[i]!)))
      .join(gap)
      .trimEnd(),
  );
}

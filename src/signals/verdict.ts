/**
 * The `Verdict:` line of a review report (cont-QA). The LAST such line wins, so an append-only
 * report yields its newest verdict (the reference took the first one).
 *
 * Accepted forms (case-insensitive), each on its own line: `Verdict: PASS`, `Verdict: CONCERNS -
 * detail`, `**Verdict:** BLOCKED — detail`, `## Verdict: HOLD`, `- Verdict: FAIL: detail`.
 * `FAIL` is recorded as `blocked`.
 */
import type { Verdict } from "./schema.js";

const REPORT_VERDICT_RE =
  /^[ \t]*(?:#{1,6}[ \t]+)?(?:[-*+][ \t]+)?(?:\*\*|__)?Verdict(?:\*\*|__)?[ \t]*:[ \t]*(?:\*\*|__)?[ \t]*(PASS|CONCERNS|BLOCKED|HOLD|FAIL)\b(?:\*\*|__)?([^\n]*)$/gim;

export interface ReportVerdict {
  verdict: Verdict;
  detail: string | null;
}

export function normalizeVerdict(word: string): Verdict | null {
  const v = word.toLowerCase();
  if (v === "fail") return "blocked";
  return v === "pass" || v === "concerns" || v === "blocked" || v === "hold" ? v : null;
}

/** The last `Verdict:` line of a report, or null when there is none. */
export function readReportVerdict(text: string): ReportVerdict | null {
  let last: ReportVerdict | null = null;
  for (const m of text.matchAll(REPORT_VERDICT_RE)) {
    const verdict = normalizeVerdict(m[1]!);
    // Stryker disable next-line ConditionalExpression: the pattern only matches words normalizeVerdict maps to a verdict
    if (!verdict) continue;
    // Stryker disable next-line StringLiteral: group 2 always takes part in a match (it may be empty), so the default is never used
    const detail = (m[2] ?? "")
      .replace(/\r$/, "")
      .replace(/^[\s\-–—:.]+/, "")
      .trim();
    last = { verdict, detail: detail.length > 0 ? detail : null };
  }
  return last;
}

/** A readable, line-oriented rendering of a parser result, used for golden files. */
import { formatMarker } from "../../src/signals/grammar.js";
import type { SignalKind, SignalResult } from "../../src/signals/schema.js";

const SINGLE: Array<[SignalKind, keyof SignalResult]> = [
  ["proof", "proof"],
  ["doc-delta", "docDelta"],
  ["doc-closure", "docClosure"],
  ["integration", "integration"],
  ["eval", "eval"],
  ["security", "security"],
  ["design", "design"],
  ["gate", "gate"],
  ["verdict", "logVerdict"],
  ["phase", "phase"],
  ["deploy-status", "deployStatus"],
  ["infra-status", "infraStatus"],
];

export function describeSignals(result: SignalResult): string {
  const out: string[] = [];
  for (const [kind, field] of SINGLE) {
    const marker = result[field] as ({ line: number } & Record<string, unknown>) | null;
    if (marker) out.push(`${kind} @${marker.line}: ${formatMarker(kind, marker)}`);
  }
  for (const c of result.components) out.push(`component @${c.line}: ${formatMarker("component", c)}`);
  for (const g of result.gaps) out.push(`gap @${g.line}: ${formatMarker("gap", g)}`);
  for (const [kind, c] of Object.entries(result.counts).sort(([a], [b]) => a.localeCompare(b))) {
    out.push(`count ${kind}: seen=${c.seen} accepted=${c.accepted} rejected=${c.rejected} warnings=${c.warnings}`);
  }
  for (const d of result.diagnostics) {
    out.push(`diagnostic @${d.line} ${d.kind} ${d.severity}: ${d.reason}${d.componentId ? ` [${d.componentId}]` : ""} | ${d.text}`);
  }
  const t = result.termination;
  out.push(`termination: turnLimitReached=${t.turnLimitReached} observedTurnLimit=${t.observedTurnLimit} lastError=${t.lastError}`);
  out.push(`stats: lines=${result.stats.lines} bytes=${result.stats.bytes} oversized=${result.stats.oversizedLines}`);
  return `${out.join("\n")}\n`;
}

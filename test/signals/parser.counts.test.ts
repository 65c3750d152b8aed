/**
 * How marker lines are counted and explained: a marker accepted with more than one warning (one
 * diagnostic listing every warning, separated by "; "), and a marker line over 16 KiB (seen and
 * rejected).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseSignals } from "../../src/signals/parser.js";

test("an accepted marker with two warnings has one warning diagnostic naming both, separated by a semicolon", () => {
  const r = parseSignals("[wave-gap] stray kind=ops extra=1");
  assert.deepEqual(
    r.gaps.map((g) => [g.kind, g.line]),
    [["ops", 1]],
  );
  assert.deepEqual(
    r.diagnostics.map((d) => [d.kind, d.severity, d.reason]),
    [["gap", "warning", 'unexpected text "stray"; unknown keys extra']],
  );
  assert.deepEqual(r.counts.gap, { seen: 1, accepted: 1, rejected: 0, warnings: 1 });
});

test("a marker line over 16 KiB is counted as seen and rejected, none accepted", () => {
  const line = `[wave-gap] kind=ops detail=${"d".repeat(16 * 1024)}`;
  const r = parseSignals(`${line}\n[wave-gap] kind=docs\n`);
  assert.deepEqual(r.counts.gap, { seen: 2, accepted: 1, rejected: 1, warnings: 0 });
  assert.deepEqual(
    r.gaps.map((g) => [g.kind, g.line]),
    [["docs", 2]],
  );
});

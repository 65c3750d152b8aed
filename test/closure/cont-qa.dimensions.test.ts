/**
 * The cont-QA gate's use of the vocabulary's tables (GATE_DIMENSIONS, VERDICTS; `as const`
 * literals Stryker does not mutate): every dimension is checked, in the table's order (the first
 * failing one names the status code, gaps are listed in that order), and every verdict — and the
 * `fail` alias, and nothing else — decides the gate.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { contQaGate } from "../../src/closure/cont-qa.js";
import { GATE_DIMENSIONS, VERDICTS } from "../../src/signals/vocabulary.js";
import { baseInputs, NONCE, withLog } from "./helpers.js";

const n = ` nonce=${NONCE}`;
const DIMENSIONS = ["architecture", "integration", "durability", "live", "docs"];

/** The cont-QA gate with A0 rating each dimension as `rating(dim)` and giving `verdict`. */
function gate(rating: (dim: string) => string, verdict = "pass") {
  const dims = DIMENSIONS.map((d) => `${d}=${rating(d)}`).join(" ");
  // A report without a Verdict: line, so the [wave-verdict] line alone gives the verdict.
  const report = { path: "docs/reviews/wave-3-cont-qa.md", content: "# QA\nReviewed.\n" };
  const result = contQaGate(withLog(baseInputs(), "A0", `[wave-gate] ${dims}${n}\n[wave-verdict] ${verdict}${n}`, { report }));
  return [result.ok, result.statusCode, result.detail];
}

test("the gate dimensions are these five, in this order", () => {
  assert.deepEqual([...GATE_DIMENSIONS], DIMENSIONS);
});

test("every dimension is checked: from each one on, the first rated concerns or blocked names the failure", () => {
  for (const [i, dim] of DIMENSIONS.entries()) {
    for (const bad of ["concerns", "blocked"]) {
      const later = new Set(DIMENSIONS.slice(i));
      assert.deepEqual(
        gate((d) => (later.has(d) ? bad : "pass")),
        [false, `gate-${dim}-${bad}`, `A0 rated ${dim} as ${bad} (line 1).`],
        `${dim}=${bad} and every later dimension too`,
      );
    }
  }
});

test("gaps pass conditionally, listed in the dimensions' order", () => {
  assert.deepEqual(
    gate(() => "gap"),
    [true, "conditional-pass", "A0 passed the wave with known gaps in architecture, integration, durability, live, docs."],
  );
  for (const dim of DIMENSIONS) {
    assert.deepEqual(
      gate((d) => (d === dim ? "gap" : "pass")),
      [true, "conditional-pass", `A0 passed the wave with known gaps in ${dim}.`],
    );
  }
});

test("the verdicts are pass, concerns, blocked and hold; fail is read as blocked; any other word gives no verdict", () => {
  assert.deepEqual([...VERDICTS], ["pass", "concerns", "blocked", "hold"]);
  assert.deepEqual(
    gate(() => "pass", "pass"),
    [true, "pass", "A0 passed the wave ([wave-verdict])."],
  );
  for (const verdict of ["concerns", "blocked", "hold"]) {
    assert.deepEqual(
      gate(() => "pass", verdict),
      [false, `cont-qa-${verdict}`, `A0 gave verdict ${verdict} ([wave-verdict]).`],
    );
  }
  assert.deepEqual(
    gate(() => "pass", "FAIL"),
    [false, "cont-qa-blocked", "A0 gave verdict blocked ([wave-verdict])."],
  );
  for (const word of ["partial", "passed", "ok", "block", "holding", "rejected"]) {
    const [ok, code] = gate(() => "pass", word);
    assert.deepEqual([ok, code], [false, "missing-cont-qa-verdict"], word);
  }
});

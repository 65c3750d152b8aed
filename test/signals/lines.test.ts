/**
 * What counts as a marker line, seen from the parser: terminal escapes and carriage returns that
 * hide or reveal text, list prefixes, wrapping backticks, and fence lines. Most cases are spoofing
 * attempts (a marker that a terminal would not show, or one glued to other text) or the allowed
 * shapes right next to them.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { cleanLine, fenceInfo, markerCandidate } from "../../src/signals/lines.js";
import { parseSignals } from "../../src/signals/parser.js";

const PROOF = "[wave-proof] completion=integrated durability=durable proof=unit state=met";

/** The proof marker accepted from a log (state and line), every count and every diagnostic. */
function outcome(log: string) {
  const r = parseSignals(log);
  return {
    proof: r.proof ? { state: r.proof.state, line: r.proof.line } : null,
    counts: r.counts,
    diagnostics: r.diagnostics.map((d) => [d.line, d.kind, d.reason]),
  };
}

const ACCEPTED_AT_1 = {
  proof: { state: "met", line: 1 },
  counts: { proof: { seen: 1, accepted: 1, rejected: 0, warnings: 0 } },
  diagnostics: [],
};
const NOTHING = { proof: null, counts: {}, diagnostics: [] };

test("a marker inside an unterminated terminal-title sequence is invisible and does not count", () => {
  // An OSC sequence (ESC ]) runs to BEL or ESC \; without either it hides the rest of the line.
  assert.deepEqual(outcome(`\x1b]${PROOF}`), NOTHING);
  assert.deepEqual(outcome(`\x1b]0;${PROOF}`), NOTHING);
  assert.equal(cleanLine("\x1b]0;an unterminated title"), "");
});

test("a terminal-title sequence cut off by another escape is removed with its text, so the marker after it counts", () => {
  assert.equal(cleanLine("\x1b]0;build log\x1b[1m[wave-gap] kind=ops"), "[wave-gap] kind=ops");
  assert.deepEqual(outcome(`\x1b]0;build log\x1b[0m${PROOF}`), ACCEPTED_AT_1);
});

test("a carriage return after a single character overwrites it: the marker after it counts", () => {
  assert.equal(cleanLine("x\r[wave-gap] kind=ops"), "[wave-gap] kind=ops");
  assert.deepEqual(outcome(`x\r${PROOF}`), ACCEPTED_AT_1);
  // And the reverse: a marker overwritten by a one-character line is gone.
  assert.deepEqual(outcome(`${PROOF}\r\r.`), NOTHING);
  assert.equal(cleanLine("a\rb"), "b");
});

test("a bracketed word before the tag makes the line no marker", () => {
  assert.deepEqual(outcome(`[note] ${PROOF}`), NOTHING);
  assert.deepEqual(outcome(`[x]${PROOF}`), NOTHING);
  assert.equal(markerCandidate("[note] [wave-gap] kind=ops"), null);
});

test("a line starting with a number that is no list number is no marker, even with a list number later in the line", () => {
  assert.deepEqual(outcome(`1x ${PROOF} detail=step 2. done`), NOTHING);
  assert.deepEqual(outcome(`2024 ${PROOF} detail=see 1) above`), NOTHING);
  assert.equal(markerCandidate("1x [wave-gap] kind=ops 2. x"), null);
});

test("a list number followed by several spaces or tabs still prefixes a marker", () => {
  assert.deepEqual(outcome(`1.   ${PROOF}`), ACCEPTED_AT_1);
  assert.deepEqual(markerCandidate("2)\t\t[wave-gap] kind=ops"), { tag: "wave-gap", body: "kind=ops", malformedTag: false });
});

test("list numbers starting with 0 or 9 prefix a marker", () => {
  assert.deepEqual(outcome(`0. ${PROOF}`), ACCEPTED_AT_1);
  assert.deepEqual(outcome(`9) ${PROOF}`), ACCEPTED_AT_1);
  assert.deepEqual(outcome(`99. ${PROOF}`), ACCEPTED_AT_1);
  assert.deepEqual(markerCandidate("0. [wave-gap] kind=ops"), { tag: "wave-gap", body: "kind=ops", malformedTag: false });
  assert.deepEqual(markerCandidate("9. [wave-gap] kind=ops"), { tag: "wave-gap", body: "kind=ops", malformedTag: false });
});

test("a dash, star or plus glued to the text is no list prefix: bold or dashed markers do not count", () => {
  assert.deepEqual(outcome(`**${PROOF}**`), NOTHING);
  assert.deepEqual(outcome(`--${PROOF}`), NOTHING);
  assert.deepEqual(outcome(`-x${PROOF}`), NOTHING);
  assert.deepEqual(outcome(`+:${PROOF}`), NOTHING);
  // With a space or a tab after it, the same character is a list prefix.
  assert.deepEqual(outcome(`-\t${PROOF}`), ACCEPTED_AT_1);
});

test("a backtick-wrapped marker with spaces inside the backticks counts", () => {
  assert.deepEqual(outcome(`\`  ${PROOF}  \``), ACCEPTED_AT_1);
  assert.deepEqual(outcome(`- \` ${PROOF}\``), ACCEPTED_AT_1);
  assert.deepEqual(markerCandidate("` [wave-gap] kind=ops `"), { tag: "wave-gap", body: "kind=ops", malformedTag: false });
});

test("fenceInfo: thematic breaks and runs of other characters are no fences", () => {
  for (const line of ["---", "***", "___", "===", "aaaa", "[[[", "- - -"]) assert.equal(fenceInfo(line), null, line);
  assert.deepEqual(fenceInfo("~~~~~~"), { char: "~", length: 6, bare: true });
  assert.deepEqual(fenceInfo("````md"), { char: "`", length: 4, bare: false });
});

test("a thematic break between markers neither opens nor closes a fence", () => {
  const log = ["---", PROOF, "***", "[wave-doc-delta] state=owned", "___"].join("\n");
  const r = parseSignals(log);
  assert.deepEqual([r.proof?.line, r.docDelta?.line, r.docDelta?.state], [2, 4, "owned"]);
  assert.deepEqual(r.diagnostics, []);
});

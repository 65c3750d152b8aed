/**
 * The report's `Verdict:` line: the last one wins whatever the words, every accepted word maps to
 * its verdict, and the detail is cut of its separators.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { normalizeVerdict, readReportVerdict } from "../../src/signals/verdict.js";

test("a report with Verdict: PASS then Verdict: BLOCKED is blocked; the reverse passes", () => {
  assert.deepEqual(readReportVerdict("Verdict: PASS\nmore review\nVerdict: BLOCKED - token leak\n"), {
    verdict: "blocked",
    detail: "token leak",
  });
  assert.deepEqual(readReportVerdict("Verdict: BLOCKED\nVerdict: PASS\n"), { verdict: "pass", detail: null });
  assert.deepEqual(readReportVerdict("Verdict: PASS\nVerdict: HOLD"), { verdict: "hold", detail: null });
  assert.deepEqual(readReportVerdict("Verdict: CONCERNS — flaky e2e\nVerdict: fail"), { verdict: "blocked", detail: null });
});

test("every verdict word, in any case, maps to its verdict; other words are none", () => {
  assert.equal(normalizeVerdict("PASS"), "pass");
  assert.equal(normalizeVerdict("Concerns"), "concerns");
  assert.equal(normalizeVerdict("blocked"), "blocked");
  assert.equal(normalizeVerdict("HOLD"), "hold");
  assert.equal(normalizeVerdict("fail"), "blocked");
  assert.equal(normalizeVerdict("FAIL"), "blocked");
  assert.equal(normalizeVerdict("ok"), null);
  assert.equal(normalizeVerdict(""), null);
  for (const [word, verdict] of [
    ["PASS", "pass"],
    ["CONCERNS", "concerns"],
    ["BLOCKED", "blocked"],
    ["HOLD", "hold"],
    ["FAIL", "blocked"],
  ] as const) {
    assert.deepEqual(readReportVerdict(`Verdict: ${word}`), { verdict, detail: null }, word);
  }
});

test("markdown forms: heading, list item, bold label or bold word", () => {
  assert.deepEqual(readReportVerdict("**Verdict:** CONCERNS — two flaky tests"), { verdict: "concerns", detail: "two flaky tests" });
  assert.deepEqual(readReportVerdict("### Verdict: **PASS**"), { verdict: "pass", detail: null });
  assert.deepEqual(readReportVerdict("* __Verdict__: hold: waiting on legal"), { verdict: "hold", detail: "waiting on legal" });
  assert.deepEqual(readReportVerdict("  + Verdict:PASS"), { verdict: "pass", detail: null });
  assert.equal(readReportVerdict("####### Verdict: PASS"), null, "seven hashes is no heading");
  assert.equal(readReportVerdict("Verdict: PASSED"), null, "the word must end");
  assert.equal(readReportVerdict("Final Verdict: PASS"), null, "the label starts the line");
  assert.equal(readReportVerdict(""), null);
});

test("the detail loses leading separators and trailing blanks; CRLF reports read the same", () => {
  assert.deepEqual(readReportVerdict("Verdict: BLOCKED :- . – broken build  \r\n"), { verdict: "blocked", detail: "broken build" });
  assert.deepEqual(readReportVerdict("Verdict: PASS ...\r\n"), { verdict: "pass", detail: null });
  assert.deepEqual(readReportVerdict("Verdict: PASS\r\nVerdict: CONCERNS - slow\r\n"), { verdict: "concerns", detail: "slow" });
  assert.deepEqual(readReportVerdict("Verdict: HOLD until Friday"), { verdict: "hold", detail: "until Friday" });
});

test("more than one blank after a heading or list marker; a detail right after a bold word keeps its dashes", () => {
  assert.deepEqual(readReportVerdict("##   Verdict: PASS"), { verdict: "pass", detail: null });
  assert.deepEqual(readReportVerdict("-   Verdict: HOLD"), { verdict: "hold", detail: null });
  assert.deepEqual(readReportVerdict("Verdict: **PASS**ok-ish"), { verdict: "pass", detail: "ok-ish" });
});

test("blanks may stand between the label and its colon; a carriage return inside the detail stays, only the line's own is dropped", () => {
  assert.deepEqual(readReportVerdict("Verdict : PASS"), { verdict: "pass", detail: null });
  assert.deepEqual(readReportVerdict("**Verdict** \t: BLOCKED - no tests"), { verdict: "blocked", detail: "no tests" });
  assert.deepEqual(readReportVerdict("Verdict: CONCERNS see a\rb\r\n"), { verdict: "concerns", detail: "see a\rb" });
});

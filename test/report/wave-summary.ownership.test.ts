/**
 * Changes outside the agents' ownership in the job summary (src/report/wave-summary.ts) and as
 * annotations (src/report/annotations.ts): one row and one annotation per file, protected files
 * first and as errors, ordinary ones as warnings on the agent's heading; nothing when there is none.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { ownershipAnnotations } from "../../src/report/annotations.js";
import { renderWaveSummary } from "../../src/report/wave-summary.js";
import type { WaveResult } from "../../src/state/schema.js";
import { failedResult, passedResult } from "./fixtures.js";

function withOwnership(result: WaveResult): WaveResult {
  return {
    ...result,
    ownership: [
      { agentId: "A1", path: "src/other.txt", protected: false, stage: "implementation" },
      { agentId: "A1", path: "docs/plans/waves/wave-2.md", protected: true, stage: "implementation" },
    ],
  };
}

test("the summary lists each file, protected first; a result without any has no such section", () => {
  const md = renderWaveSummary({ result: withOwnership(failedResult()) });
  assert.match(md, /### Changes outside the agents' ownership/);
  const protectedRow = md.indexOf(
    "| A1 | <code>docs/plans/waves/wave-2.md</code> | protected: gate failed, not carried on | implementation |",
  );
  const ordinaryRow = md.indexOf("| A1 | <code>src/other.txt</code> | outside its ownership | implementation |");
  assert.ok(protectedRow > 0, md);
  assert.ok(ordinaryRow > protectedRow, "protected first");
  assert.doesNotMatch(renderWaveSummary({ result: passedResult() }), /outside the agents' ownership/);
});

test("one annotation per file on the agent's heading: an error for a protected file, a warning otherwise", () => {
  const annotations = ownershipAnnotations(withOwnership(passedResult()), "docs/plans/waves/wave-1.md", { A1: 12 });
  assert.deepEqual(
    annotations.map((a) => [a.level, a.title, a.file, a.line]),
    [
      ["warning", "Change outside the agent's ownership", "docs/plans/waves/wave-1.md", 12],
      ["error", "Protected file changed", "docs/plans/waves/wave-1.md", 12],
    ],
  );
  assert.match(annotations[0]!.message, /^A1 changed src\/other\.txt, which it does not own/);
  assert.match(annotations[1]!.message, /^A1 changed docs\/plans\/waves\/wave-2\.md, a protected file/);
  assert.deepEqual(ownershipAnnotations(passedResult()), []);
});

import assert from "node:assert/strict";
import { test } from "node:test";
import { formatColumns } from "../../src/report/columns.js";
import { renderLogGroupTitle, renderNextSteps, renderStatusTable } from "../../src/report/status-table.js";
import { blockedResult, failedResult, resumedResult } from "./fixtures.js";

test("wave status: headline, aligned agent and gate columns, failure line", () => {
  const text = renderStatusTable(failedResult());
  const lines = text.split("\n");
  assert.equal(lines[0], "Wave 3 (lane main): failed at cont-qa (A0) — attempt 2, 4m 12s");
  const header = lines.find((l) => l.startsWith("AGENT"))!;
  const a0 = lines.find((l) => l.startsWith("A0 "))!;
  const a2 = lines.find((l) => l.startsWith("A2 "))!;
  for (const col of ["ROLE", "EXECUTOR", "STATUS", "DURATION", "NOTE"]) {
    const at = header.indexOf(col);
    assert.ok(at > 0);
    assert.notEqual(a0[at - 1], undefined);
    assert.equal(a0[at - 1], " ", `column ${col} is aligned`);
    assert.notEqual(a0[at], " ", `A0 has a value under ${col}`);
    assert.notEqual(a2[at], " ");
  }
  assert.ok(a0.includes("failed") && a0.includes("30s") && a0.endsWith("stopped the wave"));
  assert.ok(lines.some((l) => /^cont-qa\s+A0\s+FAIL\s+cont-qa-verdict-blocked\s+Verdict: BLOCKED/.test(l)));
  assert.ok(
    text.includes(
      "Stopped at cont-qa (A0): cont-qa-verdict-blocked — Verdict: BLOCKED — the parser drops the last line\nLog: agents/A0/agent.log",
    ),
  );
  assert.ok(!text.includes("\x1b"));
});

test("wave status shows reuse, the question and how to answer it", () => {
  const resumed = renderStatusTable(resumedResult());
  assert.ok(resumed.includes("Resumed from: wave-main-3-attempt-1"));
  assert.ok(/^A1 .*reused from attempt-1$/m.test(resumed));
  assert.ok(resumed.includes("Answer: Yes, treat a tab as four spaces."));
  const blocked = renderStatusTable(blockedResult());
  assert.ok(blocked.includes("Question from A2 (asked 2025-03-04 10:01:20 UTC): Which database should the runtime use? # Option A"));
  assert.ok(blocked.includes('Answer it with: wave run --wave 3 --feedback "<answer>"'));
});

test("columns are cut to their maximum width and control characters removed", () => {
  const out = formatColumns(["A", "B"], [["x\x1b[31mred\nnew", "long value here"]], { maxWidths: [5, 6] });
  assert.deepEqual(out, ["A      B", "xred…  long …"]);
});

test("log group titles are one line with role, executor, status and duration", () => {
  const a = failedResult().agents.find((x) => x.id === "A0")!;
  assert.equal(renderLogGroupTitle(a), "A0 — cont-QA (cont-qa, codex): failed in 30s");
  assert.equal(renderLogGroupTitle({ id: "A1", title: "multi\nline", role: "implementation" }), "A1 — multi line (implementation)");
  assert.ok(renderLogGroupTitle({ id: "A1", title: "x".repeat(500) }).length <= 200);
});

test("next steps follow from the outcome", () => {
  assert.equal(
    renderNextSteps(failedResult(), { resultFile: ".wave/main/wave-3/attempt-2/result.json" }),
    "Result: .wave/main/wave-3/attempt-2/result.json\nSee why: wave logs --wave 3 --agent A0\nRun again: wave run --wave 3 (resumes: agents that succeeded are reused, only what failed runs)\n",
  );
  assert.equal(renderNextSteps(blockedResult()), 'Answer the question: wave run --wave 3 --feedback "<answer>"\n');
});

test("next steps of a rehearsal name wave rehearse and the rehearsal's state directory", () => {
  const commands = { rerun: "wave rehearse", rerunResumes: false, stateArgs: "--state-dir '/r/.wave/rehearsal'" };
  assert.equal(
    renderNextSteps(failedResult(), { commands }),
    "See why: wave logs --wave 3 --agent A0 --state-dir '/r/.wave/rehearsal'\nRun again: wave rehearse --wave 3 (every agent runs again; add --resume auto to reuse the agents that succeeded)\n",
  );
  assert.equal(renderNextSteps(blockedResult(), { commands }), 'Answer the question: wave rehearse --wave 3 --feedback "<answer>"\n');
  assert.equal(
    renderNextSteps({ ...failedResult(), status: "passed" }, { commands }),
    "Details: wave status --wave 3 --state-dir '/r/.wave/rehearsal'\n",
  );
  assert.equal(
    renderNextSteps({ ...failedResult(), status: "cancelled" }, { commands }),
    "Continue: wave rehearse --wave 3 --resume auto\n",
  );
  assert.equal(renderNextSteps({ ...failedResult(), status: "passed" }), "Details: wave status --wave 3\n");
  assert.equal(
    renderNextSteps({ ...failedResult(), status: "cancelled" }),
    "Continue: wave run --wave 3 (resumes from what was recorded)\n",
  );
  assert.equal(renderNextSteps({ ...failedResult(), status: "dry-run" }, { commands }), "Run it: wave rehearse --wave 3\n");
});

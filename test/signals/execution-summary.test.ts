import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { parseSignals } from "../../src/signals/parser.js";
import { ExecutionSummarySchema } from "../../src/signals/schema.js";
import { buildExecutionSummary } from "../../src/signals/execution-summary.js";
import { readReportVerdict } from "../../src/signals/verdict.js";
import { FIXTURE_NONCE, readFixture } from "./fixtures.js";

let root = "";
before(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "wave-summary-"));
  await mkdir(path.join(root, "src"), { recursive: true });
  await mkdir(path.join(root, "docs", "reviews"), { recursive: true });
  await mkdir(path.join(root, "proof"), { recursive: true });
  await writeFile(path.join(root, "src", "session.ts"), "export const refresh = 60;\n");
  await writeFile(path.join(root, "proof", "int.txt"), Buffer.alloc(3 * 1024 * 1024, 7));
});
after(async () => {
  await rm(root, { recursive: true, force: true });
});

const agent = {
  agentId: "A1",
  deliverables: ["src/session.ts", "src/missing.ts", "../outside.txt"],
  proofArtifacts: [
    { path: "proof/int.txt", kind: "test-log", requiredFor: ["pilot-live"] },
    { path: "proof/none.txt", kind: null, requiredFor: [] },
  ],
};

test("readReportVerdict: the LAST Verdict: line wins; markdown forms and FAIL are understood", () => {
  const report = [
    "# Review",
    "Verdict: CONCERNS - docs missing",
    "## Re-review",
    "**Verdict:** PASS — all good now",
    "Verdicts are final.",
  ].join("\n");
  assert.deepEqual(readReportVerdict(report), { verdict: "pass", detail: "all good now" });
  assert.deepEqual(readReportVerdict("- Verdict: fail: broken build\r\n"), { verdict: "blocked", detail: "broken build" });
  assert.deepEqual(readReportVerdict("## Verdict: HOLD"), { verdict: "hold", detail: null });
  assert.equal(readReportVerdict("The verdict: pass is expected later."), null);
  assert.equal(readReportVerdict("Verdict: MAYBE"), null);
});

test("summary: deliverables and proof artifacts with existence and streamed sha256; paths outside the root never exist", async () => {
  const summary = await buildExecutionSummary({
    agent,
    signals: parseSignals(readFixture("implementation-codex.jsonl"), { nonce: FIXTURE_NONCE }),
    root,
    exitCode: 0,
    logPath: "agents/A1/agent.log",
  });
  assert.deepEqual(summary.deliverables, [
    { path: "src/session.ts", exists: true, sha256: createHash("sha256").update("export const refresh = 60;\n").digest("hex") },
    { path: "src/missing.ts", exists: false, sha256: null },
    { path: "../outside.txt", exists: false, sha256: null, problem: "points outside the repository" },
  ]);
  assert.equal(
    summary.proofArtifacts[0]?.sha256,
    createHash("sha256")
      .update(Buffer.alloc(3 * 1024 * 1024, 7))
      .digest("hex"),
  );
  assert.equal(summary.proofArtifacts[0]?.kind, "test-log");
  assert.equal(summary.proofArtifacts[1]?.exists, false);
  assert.equal(summary.proof?.state, "met");
  assert.equal(summary.components[0]?.componentId, "auth-service");
  assert.equal(summary.termination.reason, null);
  assert.equal(summary.verdict, null);
  assert.equal(summary.logPath, "agents/A1/agent.log");
  // It round-trips through its schema (what is written to summary.json is what is read back).
  assert.deepEqual(ExecutionSummarySchema.parse(JSON.parse(JSON.stringify(summary))), summary);
});

test("summary verdict: the log [wave-verdict] wins over the report; the report's last Verdict: line is the fallback", async () => {
  const reportPath = "docs/reviews/wave-3-cont-qa.md";
  await writeFile(path.join(root, reportPath), "# QA\nVerdict: BLOCKED - tests red\n\nVerdict: CONCERNS - one gap left\n");
  const qaAgent = { agentId: "A0", deliverables: [], proofArtifacts: [] };
  const withLog = await buildExecutionSummary({
    agent: qaAgent,
    signals: parseSignals(readFixture("cont-qa-claude.jsonl"), { nonce: FIXTURE_NONCE }),
    root,
    exitCode: 0,
    reportPath,
  });
  assert.deepEqual(withLog.verdict, { verdict: "pass", detail: "ship it; live proof tracked as a gap", source: "log" });
  assert.equal(withLog.report?.exists, true);
  assert.deepEqual(withLog.report?.verdict, { verdict: "concerns", detail: "one gap left" });

  const reportOnly = await buildExecutionSummary({ agent: qaAgent, signals: parseSignals("no markers\n"), root, exitCode: 0, reportPath });
  assert.deepEqual(reportOnly.verdict, { verdict: "concerns", detail: "one gap left", source: "report" });

  const missing = await buildExecutionSummary({
    agent: qaAgent,
    signals: parseSignals(""),
    root,
    exitCode: 0,
    reportPath: "docs/reviews/none.md",
  });
  assert.equal(missing.report?.exists, false);
  assert.equal(missing.verdict, null);
});

test("summary termination: max turns, timeout, non-zero exit with the transcript's last error", async () => {
  const bare = { agentId: "A3", deliverables: [], proofArtifacts: [] };
  const maxTurns = await buildExecutionSummary({
    agent: bare,
    signals: parseSignals(readFixture("max-turns-claude.jsonl")),
    root,
    exitCode: 1,
  });
  assert.deepEqual(maxTurns.termination, { reason: "max-turns", hint: "Reached max turns (8)", observedTurnLimit: 8 });
  const timedOut = await buildExecutionSummary({ agent: bare, signals: parseSignals(""), root, exitCode: null, timedOut: true });
  assert.equal(timedOut.termination.reason, "timeout");
  const failed = await buildExecutionSummary({
    agent: bare,
    signals: parseSignals(`${JSON.stringify({ type: "error", message: "429 Too Many Requests" })}\n`),
    root,
    exitCode: 1,
  });
  assert.deepEqual(failed.termination, { reason: "exit-code", hint: "exited with code 1: 429 Too Many Requests", observedTurnLimit: null });
});

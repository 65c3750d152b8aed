/**
 * cont-QA gate (A0): the `[wave-gate]` dimensions, the report, and the verdict (a log
 * `[wave-verdict]` over the report's last `Verdict:` line). A `gap` dimension passes as
 * `conditional-pass`; `concerns`/`blocked` fail as `gate-<dimension>-<value>`.
 */
import { GATE_DIMENSIONS } from "../signals/schema.js";
import type { GateResult } from "../state/schema.js";
import type { GateInputs } from "./types.js";
import {
  gateResult,
  isDeclared,
  markerProblem,
  markerProblems,
  NO_REPORT_PATH,
  reportFact,
  summaryOf,
  terminationNote,
  type WantedMarker,
} from "./util.js";

export function contQaGate(inputs: GateInputs): GateResult {
  const { wave, roles, policy } = inputs;
  const agentId = roles.contQaAgentId;
  if (!isDeclared(wave, agentId)) {
    if (policy.requiredStages.includes("cont-qa")) {
      return gateResult({
        stage: "cont-qa",
        agentId: null,
        ok: false,
        statusCode: "missing-cont-qa",
        detail: `Wave ${wave.wave} requires a cont-QA agent (${agentId ?? "A0"}) but declares none.`,
      });
    }
    return gateResult({ stage: "cont-qa", agentId: null, ok: true, statusCode: "pass", detail: "No cont-QA agent in this wave." });
  }
  const summary = summaryOf(inputs, agentId);
  const fail = (code: string, detail: string) => gateResult({ stage: "cont-qa", agentId, ok: false, statusCode: code, detail, summary });
  const gate = summary?.gate ?? null;
  if (!gate) {
    // A verdict can also come from the report's `Verdict:` line; list [wave-verdict] only when neither gave one.
    const wanted: WantedMarker[] = summary?.verdict ? [{ kind: "gate" }] : [{ kind: "gate" }, { kind: "verdict" }];
    return fail("missing-wave-gate", markerProblems(summary, agentId, wanted).detail);
  }
  const report = reportFact(inputs, agentId, summary);
  if (report.path === null) {
    return fail("missing-cont-qa-report", NO_REPORT_PATH["cont-qa"](agentId, wave.wave));
  }
  if (!report.exists) return fail("missing-cont-qa-report", `${agentId} did not write its cont-QA report ${report.path}.`);
  // Stryker disable next-line OptionalChaining: summary is non-null here (a null summary has no gate and returned above)
  const verdict = summary?.verdict ?? null;
  if (!verdict) {
    const problem = markerProblem(summary, "verdict", agentId);
    const detail = problem.invalid
      ? problem.detail
      : `${agentId} gave no verdict: neither a [wave-verdict] line in its output nor a "Verdict: PASS|CONCERNS|BLOCKED|HOLD|FAIL" line in ${report.path}.${terminationNote(summary)}`;
    return fail("missing-cont-qa-verdict", detail);
  }
  const from = verdict.source === "log" ? "[wave-verdict]" : `the Verdict: line of ${report.path}`;
  if (verdict.verdict !== "pass") {
    return fail(
      `cont-qa-${verdict.verdict}`,
      `${agentId} gave verdict ${verdict.verdict} (${from})${verdict.detail ? `: ${verdict.detail}` : "."}`,
    );
  }
  for (const dim of GATE_DIMENSIONS) {
    const value = gate[dim];
    if (value !== "pass" && value !== "gap") {
      return fail(
        `gate-${dim}-${value}`,
        `${agentId} rated ${dim} as ${value} (line ${gate.line})${gate.detail ? `: ${gate.detail}` : "."}`,
      );
    }
  }
  const gaps = GATE_DIMENSIONS.filter((dim) => gate[dim] === "gap");
  if (gaps.length > 0) {
    return gateResult({
      stage: "cont-qa",
      agentId,
      ok: true,
      statusCode: "conditional-pass",
      detail: `${agentId} passed the wave with known gaps in ${gaps.join(", ")}${gate.detail ? `: ${gate.detail}` : "."}`,
      summary,
    });
  }
  return gateResult({
    stage: "cont-qa",
    agentId,
    ok: true,
    statusCode: "pass",
    detail: `${agentId} passed the wave (${from})${verdict.detail ? `: ${verdict.detail}` : "."}`,
    summary,
  });
}

/**
 * Security gate: each security reviewer printed `[wave-security]` and wrote its report; `clear`
 * with open findings or approvals is contradictory; `concerns` passes as `security-concerns`.
 */
import type { GateResult } from "../state/schema.js";
import type { GateInputs } from "./types.js";
import { declaredIds, gateResult, markerProblem, NO_REPORT_PATH, reportFact, summaryOf } from "./util.js";

export function securityAgentGate(inputs: GateInputs, agentId: string): GateResult {
  const summary = summaryOf(inputs, agentId);
  const fail = (code: string, detail: string) => gateResult({ stage: "security", agentId, ok: false, statusCode: code, detail, summary });
  const security = summary?.security ?? null;
  if (!security) return fail("missing-wave-security", markerProblem(summary, "security", agentId).detail);
  const report = reportFact(inputs, agentId, summary);
  if (report.path === null) {
    return fail("missing-security-report", NO_REPORT_PATH.security(agentId));
  }
  if (!report.exists) return fail("missing-security-report", `${agentId} did not write its security report ${report.path}.`);
  if (security.state === "clear" && (security.findings > 0 || security.approvals > 0)) {
    return fail(
      "invalid-security-clear-state",
      `${agentId} reported state=clear with findings=${security.findings} approvals=${security.approvals}; clear means none remain open — report concerns or blocked instead.`,
    );
  }
  if (security.state === "blocked") {
    return fail("security-blocked", `${agentId} blocked the wave on security grounds${security.detail ? `: ${security.detail}` : "."}`);
  }
  if (security.state === "concerns") {
    return gateResult({
      stage: "security",
      agentId,
      ok: true,
      statusCode: "security-concerns",
      detail: `${agentId} reported advisory concerns (${security.findings} finding(s))${security.detail ? `: ${security.detail}` : "."}`,
      summary,
    });
  }
  return gateResult({ stage: "security", agentId, ok: true, statusCode: "pass", detail: `${agentId} reported clear.`, summary });
}

/** One gate per declared security reviewer. */
export function securityGates(inputs: GateInputs): GateResult[] {
  return declaredIds(inputs.wave, inputs.roles.securityAgentIds).map((id) => securityAgentGate(inputs, id));
}

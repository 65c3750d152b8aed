/**
 * Design gate: each design agent printed `[wave-design] state=ready-for-implementation` and wrote
 * its design packet.
 */
import type { GateResult } from "../state/schema.js";
import type { GateInputs } from "./types.js";
import { declaredIds, gateResult, markerProblem, NO_REPORT_PATH, reportFact, summaryOf } from "./util.js";

export function designAgentGate(inputs: GateInputs, agentId: string): GateResult {
  const summary = summaryOf(inputs, agentId);
  const fail = (code: string, detail: string) => gateResult({ stage: "design", agentId, ok: false, statusCode: code, detail, summary });
  const design = summary?.design ?? null;
  if (!design) return fail("missing-wave-design", markerProblem(summary, "design", agentId).detail);
  const packet = reportFact(inputs, agentId, summary);
  if (packet.path === null) {
    return fail("missing-design-packet", NO_REPORT_PATH.design(agentId));
  }
  if (!packet.exists) return fail("missing-design-packet", `${agentId} did not write its design packet ${packet.path}.`);
  if (design.state === "blocked") {
    return fail("design-blocked", `${agentId} reported the design blocked${design.detail ? `: ${design.detail}` : "."}`);
  }
  if (design.state === "needs-clarification") {
    return fail(
      "design-needs-clarification",
      `${agentId} needs clarification before implementation (${design.openQuestions} open question(s))${design.detail ? `: ${design.detail}` : "."} Answer them in the wave file or via feedback.`,
    );
  }
  return gateResult({
    stage: "design",
    agentId,
    ok: true,
    statusCode: "pass",
    detail: `${agentId} is ready for implementation (${design.decisions} decision(s), ${design.assumptions} assumption(s)).`,
    summary,
  });
}

/** One gate per declared design agent, in wave order. */
export function designGates(inputs: GateInputs): GateResult[] {
  return declaredIds(inputs.wave, inputs.roles.designAgentIds).map((id) => designAgentGate(inputs, id));
}

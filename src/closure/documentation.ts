/**
 * Documentation gate (A9). Without an A9 summary, documentation auto-closes when allowed:
 * `allowAutoDocNoChange` and no shared-plan doc deltas and no component promotions → no-change;
 * `allowAutoDocProjection`, only promotions, and a current component matrix → auto-closed.
 */
import type { GateResult } from "../state/schema.js";
import { componentMatrixGate } from "./components.js";
import { integrationGate } from "./integration.js";
import type { GateInputs } from "./types.js";
import { gateResult, isDeclared, markerProblem, summaryOf } from "./util.js";

/** Agents whose `[wave-doc-delta]` asks for shared-plan documentation changes. */
export function sharedPlanDeltas(inputs: GateInputs): string[] {
  return inputs.wave.agents.filter((a) => summaryOf(inputs, a.agentId)?.docDelta?.state === "shared-plan").map((a) => a.agentId);
}

/** The auto-closure result, when documentation may close without its steward. */
function documentationAutoClosure(inputs: GateInputs): GateResult | null {
  const { autoClosure } = inputs.policy;
  const shared = sharedPlanDeltas(inputs);
  if (shared.length > 0) return null;
  const promotions = inputs.wave.componentPromotions.length;
  if (promotions === 0 && autoClosure.allowAutoDocNoChange) {
    return gateResult({
      stage: "documentation",
      agentId: null,
      ok: true,
      statusCode: "doc-auto-no-change",
      detail:
        "No shared-plan doc deltas and no component promotions: documentation closed as no-change (autoClosure.allowAutoDocNoChange).",
    });
  }
  if (promotions > 0 && autoClosure.allowAutoDocProjection && (inputs.componentMatrix ?? null) !== null && componentMatrixGate(inputs).ok) {
    return gateResult({
      stage: "documentation",
      agentId: null,
      ok: true,
      statusCode: "doc-auto-closed",
      detail:
        "Only component-matrix updates were due and the matrix is current: documentation auto-closed (autoClosure.allowAutoDocProjection).",
    });
  }
  return null;
}

export function documentationGate(inputs: GateInputs): GateResult {
  const { wave, roles, policy } = inputs;
  const agentId = roles.documentationAgentId;
  const declared = isDeclared(wave, agentId);
  const summary = declared ? summaryOf(inputs, agentId) : null;
  if (summary === null) {
    const auto = documentationAutoClosure(inputs);
    if (auto) return auto;
    if (!declared) {
      if (policy.requiredStages.includes("documentation")) {
        return gateResult({
          stage: "documentation",
          agentId: null,
          ok: false,
          statusCode: "missing-doc-closure",
          detail: `Wave ${wave.wave} requires a documentation steward (${agentId ?? "A9"}) but declares none.`,
        });
      }
      return gateResult({
        stage: "documentation",
        agentId: null,
        ok: true,
        statusCode: "pass",
        detail: "No documentation steward in this wave.",
      });
    }
  }
  const id = agentId as string;
  const fail = (code: string, detail: string) =>
    gateResult({ stage: "documentation", agentId: id, ok: false, statusCode: code, detail, summary });
  if (summary !== null && summary.stats.bytes === 0) {
    if (integrationGate(inputs).ok) {
      return gateResult({
        stage: "documentation",
        agentId: id,
        ok: true,
        statusCode: "fallback-auto-closed",
        detail: `${id} produced no output; integration is ready for doc closure, so documentation is closed by fallback.`,
        summary,
      });
    }
    return fail("missing-doc-closure-empty-run", `${id} produced no output and integration is not ready; rerun the documentation steward.`);
  }
  const marker = summary?.docClosure ?? null;
  if (!marker) return fail("missing-doc-closure", markerProblem(summary, "doc-closure", id).detail);
  if (marker.state === "delta") {
    return fail(
      "doc-closure-open",
      `${id} still reports an open shared-plan delta${marker.detail ? `: ${marker.detail}` : "."} Land the documentation changes, then print state=closed.`,
    );
  }
  return gateResult({
    stage: "documentation",
    agentId: id,
    ok: true,
    statusCode: "pass",
    detail:
      marker.state === "closed"
        ? `${id} closed the shared-plan documentation delta.`
        : `${id} confirmed no documentation changes were needed.`,
    summary,
  });
}

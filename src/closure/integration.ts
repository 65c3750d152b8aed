/**
 * Integration gate (A8). Without an A8 summary, integration is inferred when
 * `autoClosure.allowInferredIntegration` is set and nothing semantic is open (no blocking records,
 * no integration/architecture gaps reported). The same answer is given before the stage launches
 * and in the final verdict, so a skipped A8 never fails later (reference bug §11.7).
 */
import type { GateResult } from "../state/schema.js";
import type { GateInputs } from "./types.js";
import { blockingRecords, forwardedIds, gateResult, isBarrierRecord, isDeclared, listIds, markerProblem, summaryOf } from "./util.js";

/** Open records and reported gaps that make inferring integration unsafe. */
export function integrationSignals(inputs: GateInputs): string[] {
  const signals = blockingRecords(inputs)
    .filter((r) => !isBarrierRecord(r))
    .map((r) => `open ${r.kind} ${r.id}`);
  for (const agent of inputs.wave.agents) {
    // Stryker disable next-line ArrayDeclaration: a placeholder entry has no gap kind, so it adds no signal
    for (const gap of summaryOf(inputs, agent.agentId)?.gaps ?? []) {
      if (gap.kind === "integration" || gap.kind === "architecture") signals.push(`${agent.agentId} reported a ${gap.kind} gap`);
    }
  }
  return signals;
}

export function integrationGate(inputs: GateInputs): GateResult {
  const { wave, roles, policy } = inputs;
  const agentId = roles.integrationAgentId;
  const declared = isDeclared(wave, agentId);
  const summary = declared ? summaryOf(inputs, agentId) : null;
  if (summary === null) {
    if (policy.autoClosure.allowInferredIntegration && integrationSignals(inputs).length === 0) {
      return gateResult({
        stage: "integration",
        agentId: null,
        ok: true,
        statusCode: "integration-inferred",
        detail: "Integration inferred: no open blockers and no integration or architecture gaps (autoClosure.allowInferredIntegration).",
      });
    }
    if (!declared) {
      if (policy.requiredStages.includes("integration")) {
        return gateResult({
          stage: "integration",
          agentId: null,
          ok: false,
          statusCode: "missing-integration",
          detail: `Wave ${wave.wave} requires an integration steward (${agentId ?? "A8"}) but declares none.`,
        });
      }
      return gateResult({
        stage: "integration",
        agentId: null,
        ok: true,
        statusCode: "pass",
        detail: "No integration steward in this wave.",
      });
    }
  }
  const id = agentId as string;
  const fail = (code: string, detail: string) =>
    gateResult({ stage: "integration", agentId: id, ok: false, statusCode: code, detail, summary });
  const marker = summary?.integration ?? null;
  if (!marker) return fail("missing-wave-integration", markerProblem(summary, "integration", id).detail);
  if (marker.state !== "ready-for-doc-closure") {
    return fail(
      "integration-needs-more-work",
      `${id} reported needs-more-work (claims=${marker.claims} conflicts=${marker.conflicts} blockers=${marker.blockers})${marker.detail ? `: ${marker.detail}` : "."}`,
    );
  }
  const forwarded = forwardedIds(inputs);
  const open = blockingRecords(inputs).filter((r) => !isBarrierRecord(r) && !forwarded.has(r.id));
  if (open.length > 0) {
    return fail(
      "integration-contradiction-open",
      `${id} reported ready-for-doc-closure, but ${open.length} blocking coordination record(s) are still open: ${listIds(open)}. Resolve them or report needs-more-work.`,
    );
  }
  return gateResult({
    stage: "integration",
    agentId: id,
    ok: true,
    statusCode: "pass",
    detail: `${id} reported ready-for-doc-closure${marker.detail ? `: ${marker.detail}` : "."}`,
    summary,
  });
}

/**
 * Wave-wide barriers: infra (`[infra-status]` of any agent in a blocking state — enforced, unlike
 * the reference) and clarification (open human-feedback or clarification requests).
 */
import { NON_BLOCKING_INFRA_STATES } from "../signals/schema.js";
import type { GateResult } from "../state/schema.js";
import type { GateInputs } from "./types.js";
import { blockingRecords, gateResult, listIds, summaryOf } from "./util.js";

const NON_BLOCKING = new Set<string>(NON_BLOCKING_INFRA_STATES);

export function infraGate(inputs: GateInputs): GateResult {
  for (const agent of inputs.wave.agents) {
    const summary = summaryOf(inputs, agent.agentId);
    const infra = summary?.infraStatus;
    if (infra && !NON_BLOCKING.has(infra.state)) {
      return gateResult(
        "infra",
        agent.agentId,
        false,
        `infra-${infra.state}`,
        `${agent.agentId} reported infra ${infra.kind} ${infra.target} as ${infra.state} (line ${infra.line})${infra.detail ? `: ${infra.detail}` : "."}`,
        summary,
      );
    }
  }
  return gateResult("infra", null, true, "pass", "No blocking [infra-status] reported.");
}

export function clarificationGate(inputs: GateInputs): GateResult {
  const open = blockingRecords(inputs);
  const human = open.filter((r) => r.kind === "human-feedback" || r.kind === "human-escalation");
  if (human.length > 0) {
    return gateResult(
      "clarification",
      human[0]!.agentId,
      false,
      "human-feedback-open",
      `Waiting for a human answer: ${listIds(human)}. Answer through the feedback input of the next run.`,
    );
  }
  const clarifications = open.filter((r) => r.kind === "clarification-request");
  if (clarifications.length > 0) {
    return gateResult(
      "clarification",
      clarifications[0]!.agentId,
      false,
      "clarification-open",
      `Open clarification request(s): ${listIds(clarifications)}.`,
    );
  }
  return gateResult("clarification", null, true, "pass", "No open human feedback or clarification requests.");
}

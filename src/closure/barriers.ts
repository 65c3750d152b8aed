/**
 * Wave-wide barriers: infra (`[infra-status]` of any agent in a blocking state — enforced, unlike
 * the reference), clarification (open human-feedback or clarification requests, and open requests
 * that follow up a clarification) and helper assignments (open blocking requests addressed to a
 * capability, `--target capability:<name>`).
 *
 * Helper assignments: the assignee of a capability is the first agent of the wave that the lane's
 * `capabilityRouting.preferredAgents` names for it, else the first agent declaring it in
 * `### Capabilities`; the requester never helps itself. An assignment is settled when the request
 * is resolved, or when its assignee answered it (a handoff, evidence or decision record posted with
 * `--depends-on <request id>`). Nobody to assign → `helper-assignment-unresolved`
 * (no agent to run again); an assignee whose request is still open → `helper-assignment-open`
 * naming the assignee, so another attempt runs it with the request in its inbox. In gate mode
 * `bootstrap` an open assignment is advisory (`helper-assignment-open-advisory`, ok).
 * The infra and clarification barriers use their own gate stages; helper assignments use
 * `helper-assignment` (not `clarification`: the wave's gate table showed two `clarification` rows).
 */
import { NON_BLOCKING_INFRA_STATES } from "../signals/schema.js";
import type { GateResult } from "../state/schema.js";
import type { GateInputs, OpenBlocker } from "./types.js";
import { blockingRecords, gateResult, listIds, summaryOf } from "./util.js";

const NON_BLOCKING = new Set<string>(NON_BLOCKING_INFRA_STATES);

export function infraGate(inputs: GateInputs): GateResult {
  for (const agent of inputs.wave.agents) {
    const summary = summaryOf(inputs, agent.agentId);
    const infra = summary?.infraStatus;
    if (infra && !NON_BLOCKING.has(infra.state)) {
      return gateResult({
        stage: "infra",
        agentId: agent.agentId,
        ok: false,
        statusCode: `infra-${infra.state}`,
        detail: `${agent.agentId} reported infra ${infra.kind} ${infra.target} as ${infra.state} (line ${infra.line})${infra.detail ? `: ${infra.detail}` : "."}`,
        summary,
      });
    }
  }
  return gateResult({ stage: "infra", agentId: null, ok: true, statusCode: "pass", detail: "No blocking [infra-status] reported." });
}

export function clarificationGate(inputs: GateInputs): GateResult {
  const open = blockingRecords(inputs);
  const human = open.filter((r) => r.kind === "human-feedback" || r.kind === "human-escalation");
  if (human.length > 0) {
    return gateResult({
      stage: "clarification",
      agentId: human[0]!.agentId,
      ok: false,
      statusCode: "human-feedback-open",
      detail: `Waiting for a human answer: ${listIds(human)}. Answer through the feedback input of the next run.`,
    });
  }
  const clarifications = open.filter((r) => r.kind === "clarification-request");
  if (clarifications.length > 0) {
    return gateResult({
      stage: "clarification",
      agentId: clarifications[0]!.agentId,
      ok: false,
      statusCode: "clarification-open",
      detail: `Open clarification request(s): ${listIds(clarifications)}.`,
    });
  }
  // A follow-up is settled when one of its (agent) targets answered it.
  const followUps = open.filter(
    (r) =>
      r.kind === "request" &&
      r.followUpOf &&
      // Stryker disable next-line ArrayDeclaration: default lists are only matched against agent ids (targets, answers), which a placeholder entry (with spaces) never is
      !(r.targets ?? []).map(bareTarget).some((t) => (r.answeredBy ?? []).includes(t)),
  );
  if (followUps.length > 0) {
    const first = followUps[0]!;
    const target = (first.targets ?? []).map(bareTarget).find((t) => !t.includes(":")) ?? first.agentId;
    return gateResult({
      stage: "clarification",
      agentId: target,
      ok: false,
      statusCode: "clarification-follow-up-open",
      detail: `Open follow-up request(s) of a clarification: ${followUps
        .slice(0, 3)
        .map((r) => `${r.id} (follows up ${r.followUpOf}: ${r.summary})`)
        .join("; ")}${followUps.length > 3 ? ` and ${followUps.length - 3} more` : ""}.`,
    });
  }
  return gateResult({
    stage: "clarification",
    agentId: null,
    ok: true,
    statusCode: "pass",
    detail: "No open human feedback, clarification requests or follow-ups.",
  });
}

function bareTarget(target: string): string {
  return target.startsWith("agent:") ? target.slice("agent:".length) : target;
}

/** Capabilities a record is addressed to (`capability:<name>` targets). */
export function capabilityTargets(record: Pick<OpenBlocker, "targets">): string[] {
  // Stryker disable next-line ArrayDeclaration: a default list is only searched for "capability:" targets, which a placeholder entry is not
  return (record.targets ?? [])
    .filter((t) => t.startsWith("capability:"))
    .map((t) => t.slice("capability:".length))
    .filter((t) => t !== "");
}

/** Who helps with `capability` for `requester` (see the module comment), or null. */
export function helperAssignee(
  capability: string,
  requester: string,
  inputs: Pick<GateInputs, "wave" | "capabilityRouting">,
): string | null {
  const agents = inputs.wave.agents;
  const inWave = new Set(agents.map((a) => a.agentId));
  // Stryker disable next-line ArrayDeclaration: a default list's entries must be agents of the wave, which a placeholder entry (with spaces) never is
  const preferred = (inputs.capabilityRouting?.[capability] ?? []).find((id) => inWave.has(id) && id !== requester);
  if (preferred) return preferred;
  return agents.find((a) => a.agentId !== requester && a.capabilities.includes(capability))?.agentId ?? null;
}

export function helperAssignmentGate(inputs: GateInputs): GateResult {
  const unresolved: string[] = [];
  const open: { record: OpenBlocker; assignee: string; capability: string }[] = [];
  for (const record of blockingRecords(inputs)) {
    for (const capability of capabilityTargets(record)) {
      const assignee = helperAssignee(capability, record.agentId, inputs);
      // Stryker disable next-line ArrayDeclaration: a default list is only searched for an agent id, which a placeholder entry (with spaces) never is
      if (assignee !== null && (record.answeredBy ?? []).includes(assignee)) continue;
      if (assignee === null) unresolved.push(`${record.id} (capability ${capability}, from ${record.agentId}: ${record.summary})`);
      else open.push({ record, assignee, capability });
    }
  }
  if (unresolved.length > 0) {
    return gateResult({
      stage: "helper-assignment",
      agentId: null,
      ok: false,
      statusCode: "helper-assignment-unresolved",
      detail: `No agent of wave ${inputs.wave.wave} has the capability these blocking request(s) are addressed to: ${unresolved.slice(0, 3).join("; ")}${unresolved.length > 3 ? ` and ${unresolved.length - 3} more` : ""}. Declare the capability on an agent (### Capabilities) or route it (capabilityRouting.preferredAgents), or resolve the request.`,
    });
  }
  if (open.length > 0) {
    const first = open[0]!;
    const detail = `Open helper assignment(s): ${open
      .slice(0, 3)
      .map((o) => `${o.record.id} (capability ${o.capability} → ${o.assignee}: ${o.record.summary})`)
      .join("; ")}${open.length > 3 ? ` and ${open.length - 3} more` : ""}.`;
    if (inputs.policy.gateMode === "bootstrap") {
      return gateResult({
        stage: "helper-assignment",
        agentId: first.assignee,
        ok: true,
        statusCode: "helper-assignment-open-advisory",
        detail: `${detail} Advisory in gate mode bootstrap.`,
      });
    }
    return gateResult({
      stage: "helper-assignment",
      agentId: first.assignee,
      ok: false,
      statusCode: "helper-assignment-open",
      detail: `${detail} The assignee resolves them (wave coord post --id <id> --status resolved).`,
    });
  }
  return gateResult({ stage: "helper-assignment", agentId: null, ok: true, statusCode: "pass", detail: "No open helper assignments." });
}

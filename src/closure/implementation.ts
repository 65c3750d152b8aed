/**
 * Implementation gate: each non-closure agent against its exit contract, owned components,
 * deliverables and proof artifacts (REFERENCE §6.4 "Implementation").
 *
 * Differences from the reference, on purpose: deliverables and proof artifacts are checked even
 * without an exit contract, and a `[wave-proof] state=gap` fails such an agent too; a missing
 * summary always fails (the agent did not run). A deliverable or proof artifact that the summary
 * refused to read (a symbolic link leading out of the repository, or under one) fails with
 * `unsafe-deliverable` / `unsafe-proof-artifact` and the reason.
 */
import { markerSyntax } from "../signals/grammar.js";
import type { ExecutionSummary, FileFact } from "../signals/schema.js";
import type { GateResult } from "../state/schema.js";
import {
  type AgentDefinition,
  COMPLETION_LEVELS,
  DOC_IMPACT_LEVELS,
  DURABILITY_LEVELS,
  type ExitContract,
  MATURITY_LEVELS,
  PROOF_LEVELS,
  type ProofArtifact,
} from "../wave/schema.js";
import type { GateInputs } from "./types.js";
import { alsoMissingNote, gateResult, markerProblems, meetsOrExceeds, rank, summaryOf, type WantedMarker } from "./util.js";

/** Agents the implementation gate checks: everyone but closure agents (an implementation-owning E0 is checked). */
export function implementationGateAgents(inputs: GateInputs): AgentDefinition[] {
  const { roles } = inputs;
  const closure = new Set<string>(roles.securityAgentIds);
  for (const id of [roles.contQaAgentId, roles.integrationAgentId, roles.documentationAgentId]) if (id) closure.add(id);
  if (roles.contEvalAgentId && !roles.implementationAgentIds.includes(roles.contEvalAgentId)) closure.add(roles.contEvalAgentId);
  return inputs.wave.agents.filter((a) => !closure.has(a.agentId));
}

function activeContract(contract: ExitContract | null): ExitContract | null {
  if (!contract) return null;
  const { completion, durability, proof, docImpact } = contract;
  return completion || durability || proof || docImpact ? contract : null;
}

/** Proof artifact required for this agent: no `required-for`, no component target, or a target at/above a listed level. */
export function proofArtifactRequired(agent: AgentDefinition, artifact: ProofArtifact): boolean {
  if (artifact.requiredFor.length === 0) return true;
  const targets = Object.values(agent.componentTargets).filter((t): t is string => typeof t === "string");
  if (targets.length === 0) return true;
  const highest = Math.max(...targets.map((t) => rank(MATURITY_LEVELS, t)));
  return artifact.requiredFor.some((level) => {
    const need = rank(MATURITY_LEVELS, level);
    return need !== -1 && highest >= need;
  });
}

function levelGap(agentId: string, what: string, actual: string, required: string | null, order: readonly string[]): string | null {
  if (meetsOrExceeds(actual, required, order)) return null;
  if (rank(order, required) === -1) {
    return `${agentId}'s exit contract asks for ${what} "${required}", which is not one of ${order.join(", ")}; fix the exit contract.`;
  }
  return `${agentId} reported ${what} ${actual}; its exit contract requires at least ${required} (${order.join(" < ")}). Reach it, or print the level actually proven.`;
}

/** The implementation gate of one agent. */
export function implementationAgentGate(agent: AgentDefinition, summary: ExecutionSummary | null): GateResult {
  const id = agent.agentId;
  const fail = (code: string, detail: string, extra: Partial<GateResult> = {}) =>
    gateResult({ stage: "implementation", agentId: id, ok: false, statusCode: code, detail, summary, ...extra });
  if (summary === null) {
    return fail("missing-summary", `No execution summary for ${id}: the agent did not run or its output was not read.`);
  }
  const contract = activeContract(agent.exitContract);
  const proof = summary.proof;
  if (contract) {
    // Every required marker still absent, in gate order: a failure lists them all, so the agent
    // can print them all in its next run instead of discovering one per run.
    const absent = absentMarkers(agent, summary);
    const missing = (code: string, invalidCode: string) => {
      const problem = markerProblems(summary, id, absent);
      return fail(problem.invalid ? invalidCode : code, problem.detail);
    };
    const failWithRest = (code: string, detail: string, extra: Partial<GateResult> = {}) =>
      fail(code, `${detail}${alsoMissingNote(summary, absent)}`, extra);
    if (!proof) return missing("missing-wave-proof", "invalid-wave-proof-format");
    if (proof.state !== "met") return failWithRest("wave-proof-gap", proofGapDetail(id, proof.detail));
    const completion = levelGap(id, "completion", proof.completion, contract.completion, COMPLETION_LEVELS);
    if (completion) return failWithRest("completion-gap", completion);
    const durability = levelGap(id, "durability", proof.durability, contract.durability, DURABILITY_LEVELS);
    if (durability) return failWithRest("durability-gap", durability);
    const level = levelGap(id, "proof level", proof.proof, contract.proof, PROOF_LEVELS);
    if (level) return failWithRest("proof-level-gap", level);
    if (!summary.docDelta) return missing("missing-doc-delta", "invalid-doc-delta-format");
    const docs = levelGap(id, "doc impact", summary.docDelta.state, contract.docImpact, DOC_IMPACT_LEVELS);
    if (docs) return failWithRest("doc-impact-gap", docs);
    for (const componentId of agent.components) {
      const marker = summary.components.find((c) => c.componentId === componentId);
      if (!marker) {
        const problem = markerProblems(summary, id, absent);
        const detail =
          absent.length === 1 && !problem.invalid
            ? `${id} owns component ${componentId} but printed no [wave-component] marker for it. Print: ${absent[0]!.syntax}.`
            : problem.detail;
        return fail(problem.invalid ? "invalid-wave-component-format" : "missing-wave-component", detail, { componentId });
      }
      const target = agent.componentTargets[componentId] ?? null;
      if (target !== null && marker.level !== target) {
        return failWithRest(
          "component-level-mismatch",
          `${id} reported component ${componentId} at level ${marker.level} (line ${marker.line}); this wave promotes it to ${target}. Report level=${target} once it is reached.`,
          { componentId },
        );
      }
      if (marker.state !== "met") {
        return failWithRest(
          "component-gap",
          `${id} reported a gap for component ${componentId}${marker.detail ? `: ${marker.detail}` : "."} Close it before the wave can pass.`,
          { componentId },
        );
      }
    }
  } else if (proof && proof.state !== "met") {
    return fail("wave-proof-gap", proofGapDetail(id, proof.detail));
  }
  const files = filesGate(agent, summary);
  if (files) return files;
  return gateResult({
    stage: "implementation",
    agentId: id,
    ok: true,
    statusCode: "pass",
    detail: contract ? `Exit contract satisfied for ${id}.` : `${id} finished; no exit contract declared.`,
    summary,
  });
}

/** The markers an agent with an exit contract must print and has not (accepted): proof, doc delta, one per owned component. */
function absentMarkers(agent: AgentDefinition, summary: ExecutionSummary): WantedMarker[] {
  const absent: WantedMarker[] = [];
  if (!summary.proof) absent.push({ kind: "proof" });
  if (!summary.docDelta) absent.push({ kind: "doc-delta" });
  for (const componentId of agent.components) {
    if (summary.components.some((c) => c.componentId === componentId)) continue;
    const level = agent.componentTargets[componentId];
    absent.push({
      kind: "component",
      componentId,
      syntax: markerSyntax("component", { fixed: level ? { component: componentId, level } : { component: componentId } }),
    });
  }
  return absent;
}

function proofGapDetail(agentId: string, detail: string | null): string {
  return `${agentId} reported a proof gap (state=gap)${detail ? `: ${detail}` : "."} Close the gap and print [wave-proof] … state=met.`;
}

/** A named file the summary refused to read (see `readRefusal`): the reason, and what to do. */
function unreadDetail(agentId: string, what: string, path: string, problem: string): string {
  return `${what} ${path} ${problem}, so it was not read. ${agentId} must write it as a file inside the repository.`;
}

/** The status codes of a declared file's three failures: no record in the summary, refused, not there. */
const FILE_FAILURE_CODES = {
  deliverable: { unrecorded: "missing-deliverable-summary", unsafe: "unsafe-deliverable", missing: "missing-deliverable" },
  "proof artifact": { unrecorded: "missing-proof-artifact-summary", unsafe: "unsafe-proof-artifact", missing: "missing-proof-artifact" },
} as const;

/**
 * The failure of one declared file (a deliverable or a proof artifact) of agent `id`, checked in
 * this order: the summary has no record of it, the summary refused to read it, it does not exist
 * (`missingDetail` says so). Null when it exists.
 */
function declaredFileFailure(
  id: string,
  summary: ExecutionSummary,
  what: keyof typeof FILE_FAILURE_CODES,
  path: string,
  fact: FileFact | undefined,
  missingDetail: string,
): GateResult | null {
  const codes = FILE_FAILURE_CODES[what];
  const fail = (statusCode: string, detail: string) =>
    gateResult({ stage: "implementation", agentId: id, ok: false, statusCode, detail, summary });
  if (!fact) return fail(codes.unrecorded, `The summary of ${id} has no record of ${what} ${path}; rebuild it.`);
  if (fact.problem) return fail(codes.unsafe, unreadDetail(id, what, path, fact.problem));
  if (!fact.exists) return fail(codes.missing, missingDetail);
  return null;
}

function filesGate(agent: AgentDefinition, summary: ExecutionSummary): GateResult | null {
  const id = agent.agentId;
  for (const path of agent.deliverables) {
    const fact = summary.deliverables.find((d) => d.path === path);
    const missing = `${id} did not create its deliverable ${path} (declared under ### Deliverables).`;
    const failure = declaredFileFailure(id, summary, "deliverable", path, fact, missing);
    if (failure) return failure;
  }
  for (const artifact of agent.proofArtifacts) {
    if (!proofArtifactRequired(agent, artifact)) continue;
    const fact = summary.proofArtifacts.find((a) => a.path === artifact.path);
    const kind = artifact.kind ? ` (${artifact.kind})` : "";
    const missing = `${id} did not write its proof artifact ${artifact.path}${kind} (declared under ### Proof artifacts).`;
    const failure = declaredFileFailure(id, summary, "proof artifact", artifact.path, fact, missing);
    if (failure) return failure;
  }
  return null;
}

/** The implementation gate of every checked agent, in wave order. */
export function implementationGates(inputs: GateInputs): GateResult[] {
  return implementationGateAgents(inputs).map((agent) => implementationAgentGate(agent, summaryOf(inputs, agent.agentId)));
}

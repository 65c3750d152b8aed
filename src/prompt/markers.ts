/**
 * The marker lines each role must print, as told to the agent in its prompt. The templates are the
 * grammar's own (`markerSyntax`), so a prompt never names a key or value the parser does not
 * accept; a line must stand on its own line.
 */
import { markerSyntax } from "../signals/grammar.js";
import type { SignalKind } from "../signals/vocabulary.js";
import type { AgentDefinition, AgentRole, WaveDefinition } from "../wave/schema.js";

function implementationMarkers(agent: AgentDefinition): string[] {
  const c = agent.exitContract;
  const lines = [markerSyntax("proof"), markerSyntax("doc-delta")];
  for (const component of agent.components) {
    const level = agent.componentTargets[component];
    lines.push(markerSyntax("component", { fixed: level ? { component, level } : { component } }));
  }
  const notes: string[] = [];
  if (c) {
    notes.push(
      `Your exit contract requires at least completion=${c.completion ?? "any"}, durability=${c.durability ?? "any"}, proof=${c.proof ?? "any"}, doc impact=${c.docImpact ?? "any"}; report state=met only when that is true.`,
    );
  }
  return [...lines, ...notes];
}

export interface MarkerContext {
  agent: AgentDefinition;
  role: AgentRole;
  wave: WaveDefinition;
  nonce: string | null;
  reportPath: string | null;
}

/** The marker section of an agent's prompt. */
export function markerInstructions(ctx: MarkerContext): string {
  const { agent, role, wave, nonce, reportPath } = ctx;
  const out: string[] = [];
  const gate = (kind: SignalKind, fixed?: Record<string, string>) => markerSyntax(kind, { nonce, fixed });
  switch (role) {
    case "cont-qa":
      out.push(gate("gate"), gate("verdict"));
      if (reportPath)
        out.push(
          `Write your review to ${reportPath}; its last "Verdict: PASS|CONCERNS|BLOCKED|HOLD|FAIL" line must agree with your [wave-verdict].`,
        );
      out.push("The wave passes only when every [wave-gate] dimension is pass (gap is a conditional pass) and the verdict is pass.");
      break;
    case "cont-eval": {
      const ids = wave.evalTargets.map((t) => t.id).join(",");
      out.push(gate("eval", ids ? { target_ids: ids } : undefined));
      if (reportPath) out.push(`Write your evaluation report to ${reportPath}.`);
      break;
    }
    case "security":
      out.push(gate("security"));
      if (reportPath) out.push(`Write your security review to ${reportPath}.`);
      break;
    case "integration":
      out.push(gate("integration"));
      break;
    case "documentation":
      out.push(gate("doc-closure"));
      break;
    case "design":
      out.push(gate("design"));
      if (reportPath) out.push(`Write the design packet to ${reportPath} before you print the marker.`);
      break;
    default:
      out.push(...implementationMarkers(agent));
  }
  out.push(
    `Optional progress and status lines: ${[
      markerSyntax("phase", { fixed: { phase: "<coding|validating|deploying|finalizing>" } }),
      markerSyntax("infra-status"),
      markerSyntax("deploy-status"),
      markerSyntax("gap"),
    ].join(", ")}.`,
  );
  if (nonce)
    out.push(
      `Gate markers count only with nonce=${nonce} on the same line: the value of WAVE_MARKER_NONCE, new with each run of this agent (never reuse one seen before).`,
    );
  out.push("Print each marker on a line of its own, outside code blocks; when you print a kind twice, the last one counts.");
  return out.join("\n");
}

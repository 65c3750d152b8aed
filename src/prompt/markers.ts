/**
 * The marker lines each role must print, with their grammar, as told to the agent in its prompt.
 * The grammar here matches what src/signals accepts; a line must stand on its own line.
 */
import type { AgentDefinition, AgentRole, WaveDefinition } from "../wave/schema.js";

function withNonce(line: string, nonce: string | null): string {
  return nonce ? `${line} nonce=${nonce}` : line;
}

function implementationMarkers(agent: AgentDefinition): string[] {
  const c = agent.exitContract;
  const lines = [
    `[wave-proof] completion=<contract|integrated|authoritative|live> durability=<none|ephemeral|durable> proof=<unit|integration|live> state=<met|gap> detail=<one line>`,
    `[wave-doc-delta] state=<none|owned|shared-plan> paths=<comma-separated paths> detail=<one line>`,
  ];
  for (const component of agent.components) {
    const level = agent.componentTargets[component] ?? "<level>";
    lines.push(`[wave-component] component=${component} level=${level} state=<met|gap> detail=<one line>`);
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
  const gate = (line: string) => withNonce(line, nonce);
  switch (role) {
    case "cont-qa":
      out.push(
        gate("[wave-gate] architecture=<pass|concerns|blocked|gap> integration=<…> durability=<…> live=<…> docs=<…> detail=<one line>"),
        gate("[wave-verdict] <pass|concerns|blocked|hold|fail> detail=<one line>"),
      );
      if (reportPath) out.push(`Write your review to ${reportPath}; its last "Verdict: PASS|CONCERNS|BLOCKED|HOLD|FAIL" line must agree with your [wave-verdict].`);
      out.push("The wave passes only when every [wave-gate] dimension is pass (gap is a conditional pass) and the verdict is pass.");
      break;
    case "cont-eval": {
      const ids = wave.evalTargets.map((t) => t.id).join(",");
      out.push(
        gate(`[wave-eval] state=<satisfied|needs-more-work|blocked> targets=<count> benchmarks=<count> regressions=<count> target_ids=${ids || "<ids>"} benchmark_ids=<ids> detail=<one line>`),
      );
      if (reportPath) out.push(`Write your evaluation report to ${reportPath}.`);
      break;
    }
    case "security":
      out.push(gate("[wave-security] state=<clear|concerns|blocked> findings=<count> approvals=<count> detail=<one line>"));
      if (reportPath) out.push(`Write your security review to ${reportPath}.`);
      break;
    case "integration":
      out.push(gate("[wave-integration] state=<ready-for-doc-closure|needs-more-work> claims=<count> conflicts=<count> blockers=<count> detail=<one line>"));
      break;
    case "documentation":
      out.push(gate("[wave-doc-closure] state=<closed|no-change|delta> paths=<comma-separated paths> detail=<one line>"));
      break;
    case "design":
      out.push(
        gate("[wave-design] state=<ready-for-implementation|needs-clarification|blocked> decisions=<count> assumptions=<count> open_questions=<count> detail=<one line>"),
      );
      if (reportPath) out.push(`Write the design packet to ${reportPath} before you print the marker.`);
      break;
    default:
      out.push(...implementationMarkers(agent));
  }
  out.push(
    "Optional progress and status lines: [wave-phase] <coding|validating|deploying|finalizing>, [infra-status] kind=<k> target=<t> state=<s> detail=<…>, [deploy-status] service=<s> state=<deploying|healthy|failed|rolledover> detail=<…>, [wave-gap] kind=<architecture|integration|durability|ops|docs> detail=<…>.",
  );
  if (nonce) out.push(`Gate markers count only with nonce=${nonce} on the same line; it is also in WAVE_MARKER_NONCE.`);
  out.push("Print each marker on a line of its own, outside code blocks; when you print a kind twice, the last one counts.");
  return out.join("\n");
}

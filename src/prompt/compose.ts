/**
 * Composes the prompt an agent receives: who it is, the wave around it, what it must deliver and
 * prove, the markers its role must print, how to coordinate, skills, and its own assignment.
 * The text depends only on stable inputs (no attempt numbers, no run-directory paths, no nonce
 * values) so that an unchanged agent keeps its fingerprint across attempts and resumes; those
 * values reach the agent through its WAVE_* environment instead. What changes from launch to
 * launch — the agent's inbox, the wave's coordination summary, Context7 snippets — is context, not
 * assignment: it is never part of the fingerprint.
 */
import { createHash } from "node:crypto";
import type { AgentDefinition, AgentRole, ExecutorId, RoleBindings, WaveDefinition } from "../wave/schema.js";
import { markerInstructions } from "./markers.js";
import type { ResolvedSkill } from "./skills.js";

export interface PromptInput {
  lane: string;
  wave: WaveDefinition;
  agent: AgentDefinition;
  role: AgentRole;
  executorId: ExecutorId;
  roles: RoleBindings;
  skills: ResolvedSkill[];
  reportPath: string | null;
  /** Whether gate markers must carry a nonce (the value, the launch's own, is in WAVE_MARKER_NONCE only). */
  nonceRequired: boolean;
  /** Closure agents: the coordination message board and the implementation agents' summaries. */
  closureContext?: { messageBoard: string; implementationSummaries: string } | null;
  /**
   * Every agent: its inbox (records addressed to it) and, for agents without the message board,
   * the wave's shared coordination summary, both compiled at launch (coordination/inbox.ts).
   */
  coordinationContext?: { inbox: string; sharedSummary: string | null } | null;
  /** Context7 documentation snippets fetched for this agent (already bounded and redacted). */
  context7?: string | null;
  /** A human's answer to this agent's earlier question (resume with feedback). */
  feedback?: { question: string; answer: string } | null;
  /** What failed in the previous attempt, when this agent is rerun. */
  retryNote?: string | null;
}

function fence(text: string): string {
  let ticks = "```";
  while (text.includes(ticks)) ticks += "`";
  return `${ticks}\n${text}\n${ticks}`;
}

function list(items: string[]): string {
  return items.length === 0 ? "- none" : items.map((i) => `- ${i}`).join("\n");
}

function section(title: string, body: string): string {
  return `## ${title}\n\n${body.trim()}\n`;
}

export function composePrompt(input: PromptInput): string {
  const { wave, agent, role, roles, lane } = input;
  const parts: string[] = [];
  parts.push(
    `# Wave ${wave.wave} / Agent ${agent.agentId}: ${agent.title}\n\n` +
      `You are agent ${agent.agentId} ("${agent.title}") in wave ${wave.wave} of lane ${lane}, role: ${role}, executor: ${input.executorId}.\n` +
      "Work in the repository in your current directory. Other agents work in parallel on files they own; change only the files you own.\n" +
      "Do not commit, and do not switch branches: leave your changes uncommitted in the work tree, where the orchestrator records them.\n",
  );
  parts.push(
    section(
      "Wave roles",
      [
        `- cont-QA agent: ${roles.contQaAgentId}`,
        `- cont-EVAL agent: ${roles.contEvalAgentId}`,
        `- integration steward: ${roles.integrationAgentId}`,
        `- documentation steward: ${roles.documentationAgentId}`,
        `- agents in this wave: ${wave.agents.map((a) => `${a.agentId} (${a.title})`).join(", ")}`,
      ].join("\n"),
    ),
  );
  const contract = agent.exitContract;
  const owned = agent.ownedPaths;
  const details: string[] = [];
  if (wave.commitMessage) details.push(`Commit message of this wave: ${wave.commitMessage}`);
  if (contract) {
    details.push(
      `Exit contract: completion=${contract.completion ?? "-"}, durability=${contract.durability ?? "-"}, proof=${contract.proof ?? "-"}, doc-impact=${contract.docImpact ?? "-"}`,
    );
  }
  details.push(`Files you own:\n${list(owned)}`);
  details.push(`Deliverables you must leave on disk:\n${list(agent.deliverables)}`);
  if (agent.proofArtifacts.length > 0) {
    details.push(
      `Proof artifacts:\n${list(agent.proofArtifacts.map((p) => `${p.path}${p.kind ? ` (${p.kind})` : ""}${p.requiredFor.length ? ` required for ${p.requiredFor.join(", ")}` : ""}`))}`,
    );
  }
  if (agent.components.length > 0) {
    details.push(`Components you own:\n${list(agent.components.map((c) => `${c} → ${agent.componentTargets[c] ?? "no target"}`))}`);
  }
  if (wave.componentPromotions.length > 0) {
    details.push(`Component promotions of this wave:\n${list(wave.componentPromotions.map((p) => `${p.componentId}: ${p.targetLevel}`))}`);
  }
  if (wave.evalTargets.length > 0 && (role === "cont-eval" || role === "cont-qa")) {
    details.push(
      `Eval targets:\n${list(wave.evalTargets.map((t) => `${t.id} (${t.selection}${t.benchmarks.length ? `: ${t.benchmarks.join(", ")}` : t.benchmarkFamily ? `: family ${t.benchmarkFamily}` : ""}) — ${t.objective}; threshold ${t.threshold}`))}`,
    );
  }
  if (wave.deployEnvironments.length > 0) {
    details.push(
      `Deploy environments:\n${list(wave.deployEnvironments.map((d) => `${d.id}: ${d.kind}${d.isDefault ? " (default)" : ""}`))}`,
    );
  }
  if (input.reportPath) details.push(`Your report file: ${input.reportPath}`);
  parts.push(section("Your assignment in this wave", details.join("\n\n")));
  parts.push(
    section(
      "Markers you must print",
      `The orchestrator decides whether the wave passes from structured marker lines in your own output. Print these at the end of your work:\n\n${markerInstructions(
        { agent, role, wave, nonce: input.nonceRequired ? "$WAVE_MARKER_NONCE" : null, reportPath: input.reportPath },
      )}`,
    ),
  );
  parts.push(
    section(
      "Coordinating with other agents and humans",
      [
        "Post to the wave's coordination log (read by the closure agents) with:",
        '`wave coord post --kind <request|ack|claim|evidence|decision|blocker|handoff> --summary "<one line>" [--detail "<text>"] [--target <agent id>]`',
        "Address a request to whoever owns a component with `--target component:<id>`, or to whoever has a capability with `--target capability:<name>` (a helper assignment).",
        "Read what other agents addressed to you, as it is now, with `wave coord inbox` (your inbox at launch is below); answer open requests before you finish.",
        'If you cannot continue without a human decision, run `wave feedback ask --question "<question>"`, then stop: the wave ends blocked and your question reaches a human; the answer comes back in your prompt when the wave is resumed.',
        "Your environment tells you where you are: WAVE_LANE, WAVE_WAVE, WAVE_AGENT_ID, WAVE_ROLE, WAVE_ATTEMPT, WAVE_PROMPT_FILE, WAVE_ROOT. Use only these `wave` commands to reach the orchestrator (they carry your WAVE_AGENT_TOKEN to it); the run's state directory is the orchestrator's, not yours to read or write.",
      ].join("\n"),
    ),
  );
  if (input.closureContext) {
    parts.push(section("Implementation summaries", input.closureContext.implementationSummaries || "none"));
    parts.push(section("Message board", fence(input.closureContext.messageBoard || "(empty)")));
  }
  if (input.coordinationContext) {
    if (input.coordinationContext.sharedSummary) {
      parts.push(section("Wave coordination summary at launch", fence(input.coordinationContext.sharedSummary)));
    }
    parts.push(section("Your inbox at launch", fence(input.coordinationContext.inbox || "(empty)")));
  }
  for (const skill of input.skills) {
    parts.push(section(`Skill: ${skill.title}`, fence(skill.text)));
  }
  if (input.context7) {
    parts.push(
      section(
        "Library documentation (Context7)",
        `Fetched for this wave's Context7 selection. Non-canonical reference material: the repository and your assignment win where they differ.\n\n${fence(input.context7)}`,
      ),
    );
  }
  if (input.feedback) {
    parts.push(section("Answer from a human", `You asked: ${input.feedback.question}\n\nThe answer:\n${fence(input.feedback.answer)}`));
  }
  if (input.retryNote) parts.push(section("What failed in the previous attempt", input.retryNote));
  parts.push(section("Your assignment", fence(agent.prompt)));
  return parts.join("\n");
}

/**
 * Fingerprint of what the agent was asked to do: its composed task, contract, deliverables,
 * components, skills and configured executor. Equal fingerprints mean an earlier success can be
 * reused instead of running the agent again.
 */
export function agentFingerprint(input: {
  agent: AgentDefinition;
  executorId: ExecutorId;
  model: string | null;
  skills: ResolvedSkill[];
}): string {
  const { agent } = input;
  const source = {
    prompt: agent.prompt,
    exitContract: agent.exitContract,
    deliverables: agent.deliverables,
    proofArtifacts: agent.proofArtifacts,
    components: agent.components,
    componentTargets: agent.componentTargets,
    ownedPaths: agent.ownedPaths,
    executor: input.executorId,
    model: input.model,
    skills: input.skills.map((s) => ({ id: s.id, sha: createHash("sha256").update(s.text).digest("hex") })),
  };
  return createHash("sha256").update(JSON.stringify(source)).digest("hex");
}

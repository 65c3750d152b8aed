/**
 * The prompt of one agent's launch: its wave, role and skills (src/prompt/compose.ts) with what the
 * run knows now. Every agent gets its inbox; closure agents also the message board and what the
 * design and implementation agents reported, the others the wave's shared summary. The human's
 * answer to the agent's question (this run's, else the latest kept) and a retry's note go in too.
 */
import { renderMessageBoard } from "../coordination/board.js";
import { renderSharedSummary, renderInbox } from "../coordination/inbox.js";
import { latestAnswerFor } from "../feedback/answers.js";
import { composePrompt } from "../prompt/compose.js";
import { writeTextAtomic } from "../state/json-files.js";
import { usesNonce } from "./agent-run.js";
import { agentInboxOwner, coordinationState } from "./coordination-view.js";
import type { PreparedAgent } from "./types.js";
import type { WaveRun } from "./wave-run.js";

/** One line per design and implementation agent: its status, proof, doc delta and missing deliverables. */
function implementationSummaries(run: WaveRun): string {
  const lines: string[] = [];
  for (const pa of run.prepared.agents) {
    if (pa.phase !== "implementation" && pa.phase !== "design") continue;
    const r = run.records.get(pa.agent.agentId);
    const s = run.summaries[pa.agent.agentId];
    const parts = [`${pa.agent.agentId} (${pa.agent.title}): ${r?.status ?? "not-run"}`];
    if (s?.proof) parts.push(`proof ${s.proof.completion}/${s.proof.durability}/${s.proof.proof} ${s.proof.state}`);
    if (s?.docDelta) parts.push(`doc-delta ${s.docDelta.state}`);
    const missing = s?.deliverables.filter((d) => !d.exists).map((d) => d.path) ?? [];
    if (missing.length) parts.push(`missing deliverables: ${missing.join(", ")}`);
    lines.push(`- ${parts.join("; ")}`);
  }
  return lines.join("\n");
}

/** A closure agent's view of the sweep so far (the message board is written to the run directory too). */
async function closureContextFor(run: WaveRun, pa: PreparedAgent) {
  if (pa.phase === "implementation" || pa.phase === "design") return null;
  const coord = await coordinationState(run);
  const board = renderMessageBoard(coord, {
    wave: run.prepared.wave.wave,
    lane: run.prepared.laneName,
    agents: run.prepared.agents.map((a) => a.agent.agentId),
    now: new Date(),
  });
  await writeTextAtomic(run.paths.messageBoard, board);
  return { messageBoard: board, implementationSummaries: implementationSummaries(run) };
}

/** The question this agent asked and its answer: this run's, else the latest kept one. */
function feedbackFor(run: WaveRun, agentId: string): { question: string; answer: string } | null {
  const kept = latestAnswerFor(run.answers, agentId);
  if (run.feedback && run.feedback.agentId === agentId && run.feedback.answer) {
    return { question: run.feedback.question, answer: run.feedback.answer };
  }
  return kept ? { question: kept.question, answer: kept.answer } : null;
}

export async function promptFor(run: WaveRun, pa: PreparedAgent, retryNote: string | null): Promise<string> {
  const { prepared, options } = run;
  const closureContext = await closureContextFor(run, pa);
  // Every agent gets its inbox; those without the message board also the wave's shared summary.
  const coord = await coordinationState(run);
  const coordinationContext = {
    inbox: renderInbox(coord, agentInboxOwner(pa), { now: new Date(), routing: prepared.lane.capabilityRouting.preferredAgents }),
    sharedSummary: closureContext ? null : renderSharedSummary(coord, { wave: prepared.wave.wave }),
  };
  const context7 = run.context7 ? await run.context7.forAgent(pa.agent, prepared.wave.context7Defaults) : null;
  return composePrompt({
    lane: prepared.laneName,
    wave: prepared.wave,
    agent: pa.agent,
    role: pa.role,
    executorId: pa.executor.id,
    roles: prepared.lane.roles,
    skills: pa.skills,
    reportPath: pa.reportPath,
    nonceRequired: usesNonce(pa) && (options.requireMarkerNonce || prepared.lane.runtimePolicy.requireMarkerNonce),
    closureContext,
    coordinationContext,
    context7,
    feedback: feedbackFor(run, pa.agent.agentId),
    retryNote,
  });
}

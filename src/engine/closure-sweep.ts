/**
 * What the engine does with the gates `nextStep` (src/closure/stages.ts) hands it for a stage —
 * record them, append the forwarded proof gaps to the coordination log as open blockers of the
 * later stages (cont-QA judges them; the wave still fails on them), mark a closure stage passed
 * and write the journal — and with the verdict it ends the attempt on. The order of the stages
 * (design → implementation → cont-EVAL → security → integration → documentation → cont-QA →
 * barriers) is closure/'s; attempt.ts asks for each step.
 */
import { stoppingGate } from "../closure/stages.js";
import type { AttemptProgress, AttemptStep, ForwardedGap } from "../closure/types.js";
import { appendCoordinationRecord } from "../coordination/store.js";
import { createCoordinationRecord } from "../coordination/record.js";
import { CLOSURE_STAGES, type ClosureStage } from "../wave/schema.js";
import { type AttemptResult, blocked, gateStop } from "./attempt-outcome.js";
import type { WaveRun } from "./wave-run.js";

/** Appends a forwarded proof gap to the coordination log as an open blocker of the later stages. */
async function forwardGap(run: WaveRun, gap: ForwardedGap): Promise<void> {
  await appendCoordinationRecord(
    run.paths.coordination,
    createCoordinationRecord(
      {
        id: gap.id,
        kind: "blocker",
        lane: run.prepared.laneName,
        wave: run.prepared.wave.wave,
        attempt: run.paths.attempt,
        agentId: gap.agentId,
        source: "orchestrator",
        targets: gap.targets,
        status: "open",
        priority: gap.priority,
        blocking: true,
        blockerSeverity: gap.blockerSeverity,
        summary: gap.summary,
        detail: gap.detail,
      },
      run.deps.now(),
    ),
  );
  run.forwardedGaps.push(gap.id);
  await run.lifecycle("closure_gap_forwarded", gap.agentId, gap.summary);
}

/**
 * Records a stage's gates and forwards its proof gaps (each also into `forwarded`, what the
 * attempt has forwarded). A stage no gate stopped is journalled (unless `journal` is false: a
 * shard run writes its journal once, at its end), and a closure stage is marked passed.
 */
export async function recordStage(
  run: WaveRun,
  step: Extract<AttemptStep, { kind: "gates" }>,
  progress: () => AttemptProgress,
  forwarded: ForwardedGap[],
  journal = true,
): Promise<void> {
  for (const g of step.gates) run.recordGate(g);
  for (const gap of step.forwarded) {
    await forwardGap(run, gap);
    forwarded.push(gap);
  }
  if (stoppingGate(progress())) return;
  if ((CLOSURE_STAGES as readonly string[]).includes(step.stage)) run.passedStages.push(step.stage as ClosureStage);
  if (journal) await run.saveProgress();
}

/** Ends the attempt on `nextStep`'s verdict: passed, failed on a gate, or blocked on an open clarification. */
export function endWith(run: WaveRun, verdict: Extract<AttemptStep, { kind: "verdict" }>): Promise<AttemptResult> | AttemptResult {
  if (verdict.outcome === "passed") return { outcome: "passed" };
  if (verdict.outcome === "blocked") return blocked(run, run.gateFailure(verdict.gate));
  return gateStop(run, verdict.gate);
}

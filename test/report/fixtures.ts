/**
 * Realistic results for the report tests: one builder, variants per outcome.
 */
import type { ProgressEvent } from "../../src/report/progress/events.js";
import { applyProgressEvent, createProgressModel, type ProgressModel } from "../../src/report/progress/model.js";
import { type AgentResult, type GateResult, type WaveResult, WaveResultSchema } from "../../src/state/schema.js";

export const T0 = Date.parse("2025-03-04T10:00:00.000Z");
export const iso = (offsetMs: number) => new Date(T0 + offsetMs).toISOString();
const S = 1000;
const M = 60 * S;

export function agent(id: string, role: string, over: Partial<AgentResult> & { start?: number; ms?: number } = {}): AgentResult {
  const { start, ms, ...rest } = over;
  const st = start ?? 0;
  const dur = ms ?? 60 * S;
  return {
    id,
    title: `Agent ${id}`,
    role,
    executor: "codex",
    status: "succeeded",
    exitCode: 0,
    signal: null,
    statusCode: "0",
    attempts: 1,
    runs: 1,
    startedAt: iso(st),
    completedAt: iso(st + dur),
    durationMs: dur,
    log: `agents/${id}/agent.log`,
    usage: null,
    ...rest,
  };
}

export function gate(stage: GateResult["stage"], agentId: string | null, ok: boolean, statusCode: string, detail: string): GateResult {
  return { stage, agentId, ok, statusCode, detail };
}

/** Wave 3: two implementation agents then the closure sweep, all green. */
export function passedResult(): WaveResult {
  const r: WaveResult = {
    schemaVersion: 2,
    usage: null,
    lane: "main",
    wave: 3,
    attempt: 1,
    status: "passed",
    startedAt: iso(0),
    completedAt: iso(4 * M + 12 * S),
    durationMs: 4 * M + 12 * S,
    resumedFrom: null,
    agents: [
      agent("A1", "implementation", { title: "Parser for wave files", start: 1 * S, ms: 2 * M }),
      agent("A2", "implementation", { title: "Runtime supervisor", executor: "claude", start: 1 * S, ms: 90 * S }),
      agent("E0", "cont-eval", { title: "cont-EVAL", start: 2 * M + 5 * S, ms: 30 * S }),
      agent("A8", "integration", { title: "Integration steward", start: 2 * M + 40 * S, ms: 30 * S }),
      agent("A9", "documentation", { title: "Documentation steward", start: 3 * M + 15 * S, ms: 20 * S }),
      agent("A0", "cont-qa", { title: "cont-QA", start: 3 * M + 40 * S, ms: 30 * S }),
    ],
    gates: [
      gate("implementation", null, true, "pass", "All implementation agents met their exit contracts."),
      gate("cont-eval", "E0", true, "pass", "Eval targets satisfied."),
      gate("integration", "A8", true, "pass", "Ready for doc closure."),
      gate("documentation", "A9", true, "pass", "Docs closed."),
      gate("cont-qa", "A0", true, "pass", "Verdict pass."),
    ],
    failure: null,
    feedback: null,
    stages: [
      { stage: "implementation", startedAt: iso(0), completedAt: iso(2 * M + 2 * S) },
      { stage: "cont-eval", startedAt: iso(2 * M + 4 * S), completedAt: iso(2 * M + 36 * S) },
      { stage: "integration", startedAt: iso(2 * M + 38 * S), completedAt: iso(3 * M + 12 * S) },
      { stage: "documentation", startedAt: iso(3 * M + 14 * S), completedAt: iso(3 * M + 36 * S) },
      { stage: "cont-qa", startedAt: iso(3 * M + 38 * S), completedAt: iso(4 * M + 12 * S) },
    ],
    waveFile: "docs/plans/waves/wave-3.md",
  };
  return WaveResultSchema.parse(r);
}

/** Attempt 2 failed at cont-QA: A0's verdict was blocked. */
export function failedResult(): WaveResult {
  const r = passedResult();
  r.attempt = 2;
  r.status = "failed";
  const a0 = r.agents.find((a) => a.id === "A0")!;
  a0.status = "failed";
  a0.exitCode = 1;
  a0.statusCode = "1";
  a0.attempts = 2;
  a0.runs = 2;
  r.gates[4] = gate("cont-qa", "A0", false, "cont-qa-verdict-blocked", "Verdict: BLOCKED — the parser drops the last line | see report");
  r.failure = {
    stage: "cont-qa",
    agentId: "A0",
    statusCode: "cont-qa-verdict-blocked",
    detail: "Verdict: BLOCKED — the parser drops the last line",
    log: "agents/A0/agent.log",
  };
  return WaveResultSchema.parse(r);
}

/** Resumed from attempt 1's artifact: implementation reused, closure ran again and passed. */
export function resumedResult(): WaveResult {
  const r = passedResult();
  r.attempt = 2;
  r.resumedFrom = "wave-main-3-attempt-1";
  for (const id of ["A1", "A2"]) {
    const a = r.agents.find((x) => x.id === id)!;
    a.status = "reused";
    a.reusedFrom = "attempt-1";
    a.runs = 0;
    a.attempts = 0;
  }
  r.feedback = {
    agentId: "A2",
    question: "Should the parser accept tabs?",
    askedAt: iso(-3600 * S),
    answer: "Yes, treat a tab as four spaces.",
  };
  return WaveResultSchema.parse(r);
}

/** Cancelled by SIGTERM during implementation. */
export function cancelledResult(): WaveResult {
  const r = passedResult();
  r.status = "cancelled";
  r.completedAt = iso(50 * S);
  r.durationMs = 50 * S;
  r.agents = r.agents.map((a) =>
    a.role === "implementation"
      ? {
          ...a,
          status: "cancelled",
          exitCode: null,
          signal: "SIGTERM",
          statusCode: "cancelled",
          completedAt: iso(50 * S),
          durationMs: 49 * S,
        }
      : {
          ...a,
          status: "not-run",
          exitCode: null,
          statusCode: "not-run",
          startedAt: null,
          completedAt: null,
          durationMs: null,
          runs: 0,
          attempts: 0,
        },
  );
  r.gates = [];
  r.stages = [{ stage: "implementation", startedAt: iso(0), completedAt: null }];
  r.failure = { stage: "implementation", agentId: null, statusCode: "cancelled", detail: "Cancelled by SIGTERM", log: null };
  return WaveResultSchema.parse(r);
}

/** A2 asked a question; the wave is blocked. */
export function blockedResult(): WaveResult {
  const r = passedResult();
  r.status = "blocked";
  const a2 = r.agents.find((a) => a.id === "A2")!;
  a2.statusCode = "feedback-requested";
  r.agents = r.agents.filter((a) => a.role === "implementation");
  r.gates = [gate("clarification", "A2", false, "feedback-requested", "A2 asked a human")];
  r.stages = [{ stage: "implementation", startedAt: iso(0), completedAt: iso(2 * M + 2 * S) }];
  r.feedback = {
    agentId: "A2",
    question: "Which database should the runtime use?\n# Option A: SQLite\n- Option B: Postgres <b>bold</b>",
    askedAt: iso(80 * S),
    answer: null,
  };
  r.failure = {
    stage: "clarification",
    agentId: "A2",
    statusCode: "feedback-requested",
    detail: "A2 is waiting for a human answer",
    log: null,
  };
  return WaveResultSchema.parse(r);
}

/** The progress model after `events`, applied in order (as the live view applies them one by one). */
export function reduceProgress(events: Iterable<ProgressEvent>, start: ProgressModel = createProgressModel()): ProgressModel {
  let m = start;
  for (const e of events) m = applyProgressEvent(m, e);
  return m;
}

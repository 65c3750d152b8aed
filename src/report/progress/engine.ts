/**
 * Thin adapter: the engine's events (src/engine/types.ts) as progress events. Raw output chunks are
 * not progress (they go to `prefixLines` when logs are streamed), so they map to null.
 */
import type { EngineEvent } from "../../engine/types.js";
import type { ProgressEvent } from "./events.js";

export function progressEventFromEngine(event: EngineEvent, at: number): ProgressEvent | null {
  switch (event.type) {
    case "wave-start":
      return {
        type: "wave-start",
        at,
        lane: event.lane,
        wave: event.wave,
        attempt: event.attempt,
        resumedFrom: event.resumedFrom,
        agents: event.agents.map((a) => ({ id: a.id, title: a.title, role: a.role, executor: a.executor, phase: a.phase })),
      };
    case "stage-start":
      return { type: "stage-start", at, stage: event.stage, agentIds: event.agentIds };
    case "stage-end":
      return { type: "stage-end", at, stage: event.stage, ok: event.ok };
    case "agent-start":
      return { type: "agent-start", at, agentId: event.agentId, executor: event.executor, run: event.run };
    case "agent-marker":
      return { type: "agent-output", at, agentId: event.agentId, text: event.text };
    case "agent-reused":
      return { type: "agent-reused", at, agentId: event.agentId, from: event.from };
    case "agent-end":
      return {
        type: "agent-end",
        at,
        agentId: event.agentId,
        status: event.status,
        exitCode: event.exitCode,
        durationMs: event.durationMs,
      };
    case "gate":
      return {
        type: "gate",
        at,
        stage: event.gate.stage,
        agentId: event.gate.agentId,
        ok: event.gate.ok,
        statusCode: event.gate.statusCode,
        detail: event.gate.detail,
        skipped: event.gate.skipped ?? false,
      };
    case "warning":
      return { type: "warning", at, message: event.message };
    case "notice":
      return { type: "notice", at, message: event.message };
    case "wave-end":
      return {
        type: "wave-end",
        at,
        status: event.result.status,
        failure: event.result.failure ? { stage: event.result.failure.stage, agentId: event.result.failure.agentId } : null,
      };
    default:
      return null;
  }
}

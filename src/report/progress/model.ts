/**
 * The live-progress state machine: a pure reducer from events to a model the renderers draw.
 */
import type { AgentStatus, WaveStatus } from "../../state/schema.js";
import { oneLine, truncateChars } from "../text.js";
import type { AgentIntro, ProgressEvent } from "./events.js";

export type AgentLiveState = "pending" | "running" | AgentStatus;

export interface AgentView {
  id: string;
  title: string | null;
  role: string | null;
  executor: string | null;
  phase: string | null;
  state: AgentLiveState;
  startedAt: number | null;
  endedAt: number | null;
  /** Process starts seen (retries included). */
  runs: number;
  /** Last marker or phase text. */
  last: string | null;
  exitCode: number | null;
}

interface StageView {
  name: string;
  startedAt: number;
  endedAt: number | null;
  ok: boolean | null;
}

interface GateView {
  stage: string;
  agentId: string | null;
  ok: boolean;
  statusCode: string;
  skipped: boolean;
}

export interface ProgressModel {
  lane: string | null;
  wave: number | null;
  attempt: number | null;
  resumedFrom: string | null;
  startedAt: number | null;
  /** Time of the latest event. */
  now: number;
  /** The stage running now (the last started and not ended). */
  stage: string | null;
  stages: StageView[];
  agents: AgentView[];
  gates: GateView[];
  warnings: string[];
  status: WaveStatus | null;
  failure: { stage: string; agentId: string | null } | null;
  endedAt: number | null;
}

const LAST_TEXT_MAX = 200;
const WARNINGS_KEPT = 20;

export function createProgressModel(): ProgressModel {
  return {
    lane: null,
    wave: null,
    attempt: null,
    resumedFrom: null,
    startedAt: null,
    now: 0,
    stage: null,
    stages: [],
    agents: [],
    gates: [],
    warnings: [],
    status: null,
    failure: null,
    endedAt: null,
  };
}

function newAgent(intro: AgentIntro): AgentView {
  return {
    id: intro.id,
    title: intro.title ?? null,
    role: intro.role ?? null,
    executor: intro.executor ?? null,
    phase: intro.phase ?? null,
    state: "pending",
    startedAt: null,
    endedAt: null,
    runs: 0,
    last: null,
    exitCode: null,
  };
}

function updateAgent(model: ProgressModel, id: string, change: (a: AgentView) => AgentView): AgentView[] {
  const i = model.agents.findIndex((a) => a.id === id);
  if (i < 0) return [...model.agents, change(newAgent({ id }))];
  const agents = model.agents.slice();
  agents[i] = change(agents[i]!);
  return agents;
}

/** Applies one event; returns a new model (the input is not modified). */
export function applyProgressEvent(model: ProgressModel, event: ProgressEvent): ProgressModel {
  const now = Math.max(model.now, event.at);
  const base = { ...model, now };
  switch (event.type) {
    case "wave-start":
      return {
        ...base,
        lane: event.lane,
        wave: event.wave,
        attempt: event.attempt,
        resumedFrom: event.resumedFrom ?? null,
        startedAt: model.startedAt ?? event.at,
        agents: event.agents.map((intro) => {
          const old = model.agents.find((a) => a.id === intro.id);
          return old ? { ...old, ...stripUndefined(intro) } : newAgent(intro);
        }),
        status: null,
        failure: null,
        endedAt: null,
      };
    case "stage-start": {
      const stages = [...model.stages, { name: event.stage, startedAt: event.at, endedAt: null, ok: null }];
      let agents = base.agents;
      for (const id of event.agentIds ?? []) {
        agents = updateAgent({ ...base, agents }, id, (a) => (a.phase ? a : { ...a, phase: event.stage }));
      }
      return { ...base, stage: event.stage, stages, agents, startedAt: model.startedAt ?? event.at };
    }
    case "stage-end": {
      const stages = model.stages.slice();
      for (let i = stages.length - 1; i >= 0; i--) {
        if (stages[i]!.name === event.stage && stages[i]!.endedAt === null) {
          stages[i] = { ...stages[i]!, endedAt: event.at, ok: event.ok ?? null };
          break;
        }
      }
      const open = stages.filter((s) => s.endedAt === null);
      return { ...base, stages, stage: open.length > 0 ? open[open.length - 1]!.name : null };
    }
    case "agent-start":
      return {
        ...base,
        startedAt: model.startedAt ?? event.at,
        agents: updateAgent(model, event.agentId, (a) => ({
          ...a,
          state: "running",
          startedAt: a.state === "running" && a.startedAt !== null ? a.startedAt : event.at,
          endedAt: null,
          exitCode: null,
          executor: event.executor ?? a.executor,
          runs: Math.max(a.runs + 1, event.run ?? 0),
        })),
      };
    case "agent-output": {
      const text = truncateChars(oneLine(event.text), LAST_TEXT_MAX);
      if (text === "") return base;
      return { ...base, agents: updateAgent(model, event.agentId, (a) => ({ ...a, last: text })) };
    }
    case "agent-reused":
      return {
        ...base,
        agents: updateAgent(model, event.agentId, (a) => ({
          ...a,
          state: "reused",
          last: event.from ? truncateChars(oneLine(`reused from ${event.from}`), LAST_TEXT_MAX) : "reused",
        })),
      };
    case "agent-end":
      return {
        ...base,
        agents: updateAgent(model, event.agentId, (a) => {
          const startedAt = a.startedAt ?? (typeof event.durationMs === "number" ? event.at - event.durationMs : null);
          return { ...a, state: event.status, endedAt: event.at, startedAt, exitCode: event.exitCode ?? null };
        }),
      };
    case "gate":
      return {
        ...base,
        gates: [
          ...model.gates,
          { stage: event.stage, agentId: event.agentId, ok: event.ok, statusCode: event.statusCode, skipped: event.skipped ?? false },
        ],
      };
    case "notice":
      return base;
    case "warning":
      return { ...base, warnings: [...model.warnings, truncateChars(oneLine(event.message), LAST_TEXT_MAX)].slice(-WARNINGS_KEPT) };
    case "wave-end":
      return {
        ...base,
        status: event.status,
        failure: event.failure ?? null,
        endedAt: event.at,
        stage: null,
        // Whatever still shows as running did not report an end: freeze its clock.
        agents: model.agents.map((a) => (a.state === "running" ? { ...a, endedAt: event.at } : a)),
        stages: model.stages.map((s) => (s.endedAt === null ? { ...s, endedAt: event.at } : s)),
      };
    case "tick":
      return base;
  }
}

function stripUndefined(intro: AgentIntro): Partial<AgentView> {
  const out: Partial<AgentView> = {};
  if (intro.title !== undefined) out.title = intro.title;
  if (intro.role !== undefined) out.role = intro.role;
  if (intro.executor !== undefined) out.executor = intro.executor;
  if (intro.phase !== undefined) out.phase = intro.phase;
  return out;
}

/** Milliseconds an agent has run (up to `now` when still running). */
export function agentElapsed(a: AgentView, now: number): number | null {
  if (a.startedAt === null) return null;
  const end = a.endedAt ?? (a.state === "running" ? now : null);
  return end === null ? null : Math.max(0, end - a.startedAt);
}

/**
 * Timelines: a wave's agents and stages, or many waves, as gantt charts.
 */
import type { AgentResult, WaveResult } from "../state/schema.js";
import type { GanttChart, GanttSection, GanttTag, GanttTask } from "./mermaid.js";
import { PHASE_ORDER, phaseLabel, phaseOfRole, phaseRank } from "./phases.js";
import { parseTime } from "./text.js";
import { isDesignJob } from "../shard/plan.js";

const FAILED = new Set(["failed", "timed-out", "idle-timeout", "budget-exceeded"]);

function agentTags(agent: AgentResult): GanttTag[] {
  if (agent.status === "succeeded") return ["done"];
  if (FAILED.has(agent.status)) return ["crit"];
  return [];
}

/** Start/end of an agent that ran in this attempt; null for reused or never-started agents. */
function agentSpan(agent: AgentResult, fallbackEnd: number | null): { start: number; end: number } | null {
  if (agent.status === "reused" || agent.status === "not-run" || agent.status === "skipped") return null;
  const start = parseTime(agent.startedAt);
  if (start === null) return null;
  let end = parseTime(agent.completedAt);
  if (end === null && typeof agent.durationMs === "number") end = start + agent.durationMs;
  if (end === null) end = fallbackEnd;
  if (end === null || end < start) end = start;
  return { start, end };
}

function agentTaskName(agent: AgentResult): string {
  const title = agent.title ? ` ${agent.title}` : "";
  return `${agent.id}${title} - ${agent.status}`;
}

function axisFor(spanMs: number): string {
  if (spanMs <= 3_600_000) return "%H:%M:%S";
  if (spanMs <= 86_400_000) return "%H:%M";
  return "%m-%d %H:%M";
}

function chartSpan(sections: GanttSection[]): number {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const s of sections) {
    for (const t of s.tasks) {
      lo = Math.min(lo, t.start);
      hi = Math.max(hi, t.end);
    }
  }
  return Number.isFinite(lo) && Number.isFinite(hi) ? hi - lo : 0;
}

/**
 * A wave's timeline: one section per phase (design, implementation, each closure stage) holding the
 * stage's own bar (from `stages` timings) and its agents' bars; other recorded stages go to a
 * `Stages` section. Null when nothing has timestamps.
 */
export function waveTimeline(result: WaveResult): GanttChart | null {
  const waveEnd = parseTime(result.completedAt);
  const byPhase = new Map<string, GanttTask[]>();
  const push = (phase: string, task: GanttTask) => {
    const list = byPhase.get(phase) ?? [];
    list.push(task);
    byPhase.set(phase, list);
  };
  const known = new Set<string>(PHASE_ORDER);
  const otherStages: GanttTask[] = [];
  for (const stage of result.stages ?? []) {
    const start = parseTime(stage.startedAt);
    if (start === null) continue;
    const end = parseTime(stage.completedAt) ?? waveEnd ?? start;
    const task: GanttTask = { name: `stage ${phaseLabel(stage.stage)}`, start, end: Math.max(start, end) };
    if (known.has(stage.stage)) push(stage.stage, task);
    else otherStages.push(task);
  }
  for (const agent of result.agents) {
    const span = agentSpan(agent, waveEnd);
    if (!span) continue;
    push(phaseOfRole(agent.role), { name: agentTaskName(agent), ...span, tags: agentTags(agent) });
  }
  const sections: GanttSection[] = [];
  if (otherStages.length > 0) sections.push({ name: "Stages", tasks: otherStages });
  for (const phase of [...byPhase.keys()].sort((a, b) => phaseRank(a) - phaseRank(b))) {
    sections.push({ name: phaseLabel(phase), tasks: byPhase.get(phase)! });
  }
  if (sections.length === 0) return null;
  return {
    title: `Wave ${result.wave} (lane ${result.lane}) attempt ${result.attempt}`,
    sections,
    axisFormat: axisFor(chartSpan(sections)),
  };
}

/** The bar of a whole run: a wave's, a design job's (shard 0), a shard job's or a closure job's. */
function runBar(r: WaveResult): GanttTask | null {
  const start = parseTime(r.startedAt);
  if (start === null) return null;
  const tags: GanttTag[] = r.status === "passed" ? ["done"] : r.status === "failed" ? ["crit"] : [];
  const job =
    r.shard?.kind === "shard"
      ? isDesignJob(r.shard)
        ? " design job"
        : ` shard ${r.shard.index}/${r.shard.count}`
      : r.shard?.kind === "closure"
        ? " closure"
        : "";
  return { name: `wave ${r.wave}${job} - ${r.status}`, start, end: parseTime(r.completedAt) ?? start, tags };
}

/**
 * One section per wave: the wave's bar, then its stages (or its agents). A sharded wave's section
 * starts with its design job's bar (shard 0, when it has one), a bar per shard job (`shardRuns`:
 * their newest runs), then its closure job's.
 */
export function wavesTimeline(results: WaveResult[], maxTasksPerWave = 40, shardRuns: WaveResult[] = []): GanttChart | null {
  const sections: GanttSection[] = [];
  const sorted = [...results].sort((a, b) => a.wave - b.wave || a.lane.localeCompare(b.lane));
  for (const r of sorted) {
    const end = parseTime(r.completedAt);
    const tasks: GanttTask[] = [];
    const shards = shardRuns
      .filter((s) => s.wave === r.wave && s.lane === r.lane && s.shard?.kind === "shard")
      .sort((a, b) => (a.shard?.kind === "shard" ? a.shard.index : 0) - (b.shard?.kind === "shard" ? b.shard.index : 0));
    for (const s of shards) {
      const bar = runBar(s);
      if (bar) tasks.push(bar);
    }
    const bar = runBar(r);
    if (bar) tasks.push(bar);
    const stages = (r.stages ?? [])
      .map((s) => ({ s, start: parseTime(s.startedAt) }))
      .filter((x): x is { s: (typeof x)["s"]; start: number } => x.start !== null);
    if (stages.length > 0) {
      for (const { s, start: st } of stages) {
        const en = parseTime(s.completedAt) ?? end ?? st;
        tasks.push({ name: `${phaseLabel(s.stage)}`, start: st, end: Math.max(st, en) });
      }
    } else {
      for (const agent of r.agents) {
        const span = agentSpan(agent, end);
        if (span) tasks.push({ name: agentTaskName(agent), ...span, tags: agentTags(agent) });
      }
    }
    if (tasks.length === 0) continue;
    sections.push({
      name: `Wave ${r.wave}${results.some((o) => o.lane !== r.lane) ? ` ${r.lane}` : ""}`,
      tasks: tasks.slice(0, maxTasksPerWave),
    });
  }
  if (sections.length === 0) return null;
  return { title: "Waves", sections, axisFormat: axisFor(chartSpan(sections)) };
}

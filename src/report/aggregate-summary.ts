/**
 * One summary for many waves (the reusable workflow's report job): outcome line, waves table,
 * what stopped each wave that did not pass, questions waiting for an answer, and a timeline with
 * one section per wave.
 */
import { WAVE_STATUSES, type WaveResult } from "../state/schema.js";
import { outcomePhrase } from "./headline.js";
import type { AggregateSummaryExtras, ArtifactRef } from "./inputs.js";
import { codeFence, escapeCell, escapeInline, inlineCode, quoteBlock, table } from "./markdown.js";
import { renderGantt } from "./mermaid.js";
import { wavesTimeline } from "./timeline.js";
import { addWaveUsage } from "../usage/totals.js";
import { costText, usageLine } from "./usage-text.js";
import { byteLength, humanDuration, parseTime, plural, truncateChars, truncateUtf8 } from "./text.js";
import { DEFAULT_SUMMARY_MAX_BYTES, DETAIL_LEVELS, type DetailLevel, limitRows } from "./wave-summary.js";
import { isDesignJob } from "../shard/plan.js";

function artifactFor(r: WaveResult, extras: AggregateSummaryExtras): ArtifactRef | undefined {
  const a = extras.artifacts;
  if (!a) return undefined;
  return a[`${r.lane}/${r.wave}`] ?? a[String(r.wave)];
}

/** Wall-clock span from the first start to the last end. */
function wallTime(results: WaveResult[]): number | null {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const r of results) {
    const a = parseTime(r.startedAt);
    const b = parseTime(r.completedAt);
    if (a !== null) lo = Math.min(lo, a);
    if (b !== null) hi = Math.max(hi, b);
  }
  return Number.isFinite(lo) && Number.isFinite(hi) && hi >= lo ? hi - lo : null;
}

function waveRange(results: WaveResult[]): string {
  const nums = [...new Set(results.map((r) => r.wave))].sort((a, b) => a - b);
  if (nums.length === 0) return "Waves";
  if (nums.length === 1) return `Wave ${nums[0]}`;
  const contiguous = nums.every((n, i) => i === 0 || n === nums[i - 1]! + 1);
  return contiguous ? `Waves ${nums[0]}–${nums[nums.length - 1]}` : `Waves ${nums.join(", ")}`;
}

/** `Waves 1–4 (lane main): 3 passed, 1 failed — 12m 30s`. */
export function aggregateHeadline(results: WaveResult[], missing: number[] = []): string {
  const lanes = [...new Set(results.map((r) => r.lane))];
  const laneText = lanes.length === 0 ? "" : lanes.length === 1 ? ` (lane ${lanes[0]})` : ` (lanes ${lanes.join(", ")})`;
  const counts = new Map<string, number>();
  for (const r of results) counts.set(r.status, (counts.get(r.status) ?? 0) + 1);
  const parts = WAVE_STATUSES.filter((s) => counts.has(s)).map((s) => `${counts.get(s)} ${s}`);
  if (missing.length > 0) parts.push(`${missing.length} without a result`);
  if (parts.length === 0) parts.push("no results");
  return `${waveRange(results)}${laneText}: ${parts.join(", ")} — ${humanDuration(wallTime(results))}`;
}

/**
 * The wave's cell: `2`, or for a sharded wave (its closure job's result) `2 (3 shard jobs)`, or
 * `2 (design + 3 shard jobs)` when a design job ran first: a run of it is among the shard runs, or
 * the closure's result holds agents of shard 0 (the design agents, which only the design job runs).
 */
function waveCell(r: WaveResult, shardRuns: readonly WaveResult[]): string {
  if (r.shard?.kind !== "closure") return String(r.wave);
  const design =
    shardRuns.some((s) => s.wave === r.wave && s.lane === r.lane && isDesignJob(s.shard)) || r.agents.some((a) => a.shard === 0);
  return `${r.wave} (${design ? "design + " : ""}${plural(r.shard.count, "shard job")})`;
}

function wavesTable(results: WaveResult[], extras: AggregateSummaryExtras, level: DetailLevel, notes: string[]): string {
  const lanes = new Set(results.map((r) => r.lane));
  const multiLane = lanes.size > 1;
  const sorted = [...results].sort((a, b) => a.wave - b.wave || a.lane.localeCompare(b.lane));
  const { kept, dropped } = limitRows(sorted, level.rows, (r) => r.status !== "passed");
  const withCost = results.some((r) => usageLine(r.usage) !== null);
  const headers = [
    "Wave",
    "Status",
    "Attempt",
    "Duration",
    ...(withCost ? ["Cost"] : []),
    "Failure stage",
    "Failed agent",
    "Resumed from",
    "Artifact",
  ];
  if (multiLane) headers.splice(1, 0, "Lane");
  const rows = kept.map((r) => {
    const art = artifactFor(r, extras);
    const cells = [
      waveCell(r, extras.shardRuns ?? []),
      escapeCell(r.status),
      String(r.attempt),
      escapeCell(humanDuration(r.durationMs)),
      ...(withCost ? [escapeCell(r.usage ? costText(r.usage.costUsd, r.usage.costEstimated) : "—")] : []),
      escapeCell(r.failure?.stage ?? null),
      escapeCell(r.failure?.agentId ?? (r.status === "blocked" ? r.feedback?.agentId : null) ?? null),
      r.resumedFrom ? inlineCode(truncateChars(r.resumedFrom, level.detail ?? 200)) : "—",
      art ? escapeInline(art.name) : "—",
    ];
    if (multiLane) cells.splice(1, 0, escapeCell(r.lane));
    return cells;
  });
  for (const w of extras.missingWaves ?? []) {
    const cells = [String(w), "no result", "—", "—", ...(withCost ? ["—"] : []), "—", "—", "—", "—"];
    if (multiLane) cells.splice(1, 0, "—");
    rows.push(cells);
  }
  let out = `### Waves\n\n${table(headers, rows)}`;
  if (dropped > 0) {
    out += `\n\n${plural(dropped, "more wave")} not shown.`;
    notes.push(`waves table limited to ${level.rows} rows`);
  }
  return out;
}

function problemsSection(results: WaveResult[], level: DetailLevel, notes: string[]): string | null {
  const bad = [...results].filter((r) => r.status !== "passed" && r.status !== "dry-run").sort((a, b) => a.wave - b.wave);
  if (bad.length === 0) return null;
  const { kept, dropped } = limitRows(bad, level.rows, () => true);
  const cap = (t: string, factor = 1) => truncateChars(t, level.detail === null ? null : level.detail * factor);
  const items = kept.map((r) => {
    let item = `- Wave ${r.wave}${results.some((o) => o.lane !== r.lane) ? ` (lane ${escapeInline(r.lane)})` : ""}: ${escapeInline(outcomePhrase(r))}`;
    if (r.failure) {
      item += ` — ${inlineCode(r.failure.statusCode)}`;
      if (r.failure.detail) item += `: ${escapeInline(cap(r.failure.detail, 4))}`;
    }
    if (r.feedback && r.feedback.answer === null) {
      const q = quoteBlock(cap(r.feedback.question, 10))
        .split("\n")
        .map((l) => `  ${l}`)
        .join("\n");
      item += `\n\n  ${escapeInline(r.feedback.agentId)} asks:\n\n${q}\n`;
    }
    return item;
  });
  let out = `### What stopped the waves that did not pass\n\n${items.join("\n")}`;
  if (bad.some((r) => r.status === "blocked")) {
    out += "\n\nAnswer a question by running the wave again with the answer in the `feedback` input; the run resumes from its artifact.";
  }
  if (dropped > 0) {
    out += `\n\n${plural(dropped, "more wave")} not listed.`;
    notes.push(`list of problems limited to ${level.rows} waves`);
  }
  return out;
}

function timelineSection(results: WaveResult[], level: DetailLevel, notes: string[], shardRuns: WaveResult[]): string | null {
  if (level.ganttChars <= 0) {
    notes.push("timeline left out");
    return null;
  }
  const chart = wavesTimeline(results, 40, shardRuns);
  if (!chart) return null;
  const g = renderGantt(chart, level.ganttChars);
  if (g.tasks === 0) return null;
  let out = `### Timeline\n\n${codeFence(g.text, "mermaid")}`;
  if (g.omittedTasks > 0) out += `\n\n${plural(g.omittedTasks, "more bar")} left out of the timeline.`;
  return out;
}

/** Markdown summary of many waves, at most `extras.maxBytes` (default 1 MiB) UTF-8 bytes. */
export function renderAggregateSummary(results: WaveResult[], extras: AggregateSummaryExtras = {}): string {
  const maxBytes = Math.max(0, Math.floor(extras.maxBytes ?? DEFAULT_SUMMARY_MAX_BYTES));
  const headline = `## ${escapeInline(aggregateHeadline(results, extras.missingWaves))}`;
  for (const level of DETAIL_LEVELS) {
    const notes: string[] = [];
    const blocks = [headline];
    const total = usageLine(addWaveUsage(results.map((r) => r.usage)));
    if (total) blocks.push(`Usage of these runs: ${escapeInline(total)}`);
    blocks.push(wavesTable(results, extras, level, notes));
    const problems = problemsSection(results, level, notes);
    if (problems) blocks.push(problems);
    const tl = timelineSection(results, level, notes, extras.shardRuns ?? []);
    if (tl) blocks.push(tl);
    if (level.detail !== null) notes.unshift(`long texts cut to ${level.detail} characters`);
    if (notes.length > 0) {
      blocks.splice(
        1,
        0,
        `> **Note:** shortened to fit the summary limit: ${escapeInline(notes.join("; "))}. Each wave's artifact has its full result.`,
      );
    }
    const doc = `${blocks.join("\n\n")}\n`;
    if (byteLength(doc) <= maxBytes) return doc;
  }
  return truncateUtf8(`${headline}\n\n> **Note:** everything but the status line left out to fit the summary limit.\n`, maxBytes);
}

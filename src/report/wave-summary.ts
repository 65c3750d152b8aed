/**
 * The job summary of one wave (markdown for `core.summary.addRaw`): status line, facts, human
 * feedback, the failure with the failing agents' last log lines, agents and gates tables, rejected
 * markers and a Mermaid timeline — always under `maxBytes`, shortening the largest parts first
 * (log tails, then detail columns, then table rows and the timeline) with a visible note.
 */
import { renderProxyMarkdown } from "../proxy/report.js";
import { NOT_RECORDED, type SandboxReport } from "../sandbox/report.js";
import type { AgentResult, GateResult, WaveResult } from "../state/schema.js";
import { renderEnvironmentsMarkdown } from "./deployments.js";
import { ranAgain, waveHeadline } from "./headline.js";
import type { MarkerDiagnostic, WaveSummaryInput, WaveSummaryOptions } from "./inputs.js";
import { codeFence, escapeCell, escapeInline, inlineCode, link, quoteBlock, table } from "./markdown.js";
import { DEFAULT_GANTT_MAX_CHARS, renderGantt } from "./mermaid.js";
import { type TailSource, fitTails, prepareTail } from "./tails.js";
import { waveTimeline } from "./timeline.js";
import { anyUsage, costCell, tokensCell, usageLine } from "./usage-text.js";
import { byteLength, formatUtc, humanDuration, plural, spanMs, truncateChars, truncateUtf8 } from "./text.js";

export const DEFAULT_SUMMARY_MAX_BYTES = 1_048_576;
const DEFAULT_TAIL_LINES = 60;

/** How much of each part a rendering keeps; null means everything. */
export interface DetailLevel {
  /** Characters of free-text cells (titles, details, reasons). */
  detail: number | null;
  /** Rows of each table. */
  rows: number | null;
  /** Characters of the Mermaid diagram; 0 leaves the timeline out. */
  ganttChars: number;
}

export const DETAIL_LEVELS: readonly DetailLevel[] = [
  { detail: null, rows: null, ganttChars: DEFAULT_GANTT_MAX_CHARS },
  { detail: 300, rows: null, ganttChars: DEFAULT_GANTT_MAX_CHARS },
  { detail: 100, rows: 1000, ganttChars: 20_000 },
  { detail: 60, rows: 200, ganttChars: 8_000 },
  { detail: 40, rows: 50, ganttChars: 3_000 },
  { detail: 20, rows: 10, ganttChars: 0 },
];

const RAN_BAD = new Set(["failed", "timed-out", "idle-timeout", "budget-exceeded", "cancelled"]);

function cap(text: string, level: DetailLevel, factor = 1): string {
  return truncateChars(text, level.detail === null ? null : level.detail * factor);
}

/** Keeps at most `max` items, preferring those `important` selects, in their original order. */
export function limitRows<T>(items: T[], max: number | null, important: (t: T) => boolean): { kept: T[]; dropped: number } {
  if (max === null || items.length <= max) return { kept: items, dropped: 0 };
  const keep = new Set<number>();
  items.forEach((t, i) => {
    if (keep.size < max && important(t)) keep.add(i);
  });
  items.forEach((_, i) => {
    if (keep.size < max) keep.add(i);
  });
  return { kept: items.filter((_, i) => keep.has(i)), dropped: items.length - keep.size };
}

function agentCell(agent: AgentResult, input: WaveSummaryInput): string {
  const file = input.waveFile ?? input.result.waveFile;
  const line = input.agentLines?.[agent.id];
  if (input.sourceUrl && file && line) {
    const base = input.sourceUrl.replace(/\/+$/, "");
    const path = file.split("/").map(encodeURIComponent).join("/");
    return link(agent.id, `${base}/${path}#L${line}`);
  }
  return escapeCell(agent.id);
}

function statusText(agent: AgentResult): string {
  if (agent.status === "succeeded" || agent.status === "reused" || agent.status === "not-run" || agent.status === "skipped") {
    return agent.status;
  }
  if (agent.signal) return `${agent.status} (${agent.signal})`;
  if (agent.exitCode !== null) return `${agent.status} (exit ${agent.exitCode})`;
  return agent.status;
}

function executorText(agent: AgentResult): string {
  const chain = (agent.executorHistory ?? []).map((h) => h.executor);
  if (chain.length === 0 || (chain.length === 1 && chain[0] === agent.executor)) return agent.executor;
  if (chain[chain.length - 1] !== agent.executor) chain.push(agent.executor);
  return chain.join(" → ");
}

function reuseText(agent: AgentResult, result: WaveResult): string {
  if (agent.status === "reused") return agent.reusedFrom ? `reused from ${agent.reusedFrom}` : "reused";
  if (agent.usage?.continuedSession) return "continued its session";
  if (ranAgain(agent, result)) return "ran again";
  return "—";
}

function agentsTable(input: WaveSummaryInput, level: DetailLevel, notes: string[]): string {
  const { result } = input;
  if (result.agents.length === 0) return "### Agents\n\nNo agents.";
  const { kept, dropped } = limitRows(result.agents, level.rows, (a) => RAN_BAD.has(a.status) || a.id === result.failure?.agentId);
  // Tokens and cost columns once any agent's CLI reported usage.
  const usage = anyUsage(result.agents);
  const rows = kept.map((a) => [
    agentCell(a, input),
    escapeCell(a.title ? cap(a.title, level) : null),
    escapeCell(a.role),
    escapeCell(executorText(a)),
    escapeCell(statusText(a)),
    `${a.attempts} / ${a.runs}`,
    escapeCell(humanDuration(spanMs(a.durationMs, a.startedAt, a.completedAt))),
    ...(usage ? [escapeCell(tokensCell(a.usage)), escapeCell(costCell(a.usage))] : []),
    escapeCell(reuseText(a, result)),
  ]);
  const headers = [
    "Agent",
    "Title",
    "Role",
    "Executor",
    "Status",
    "Attempts / runs",
    "Duration",
    ...(usage ? ["Tokens", "Cost"] : []),
    "Reuse",
  ];
  let out = `### Agents\n\n${table(headers, rows)}`;
  if (dropped > 0) {
    out += `\n\n${plural(dropped, "more agent")} not shown (see result.json in the artifact).`;
    notes.push(`agents table limited to ${level.rows} rows`);
  }
  return out;
}

function gateResultText(g: GateResult): string {
  if (g.skipped) return "skipped";
  return g.ok ? "pass" : "fail";
}

function gatesTable(result: WaveResult, level: DetailLevel, notes: string[]): string | null {
  if (result.gates.length === 0) return null;
  const { kept, dropped } = limitRows(result.gates, level.rows, (g) => !g.ok);
  const rows = kept.map((g) => [
    escapeCell(g.componentId ? `${g.stage} (${g.componentId})` : g.stage),
    escapeCell(g.agentId),
    gateResultText(g),
    inlineCode(g.statusCode),
    escapeCell(cap(g.detail, level)),
  ]);
  let out = `### Gates\n\n${table(["Stage", "Agent", "Result", "Status code", "Detail"], rows)}`;
  if (dropped > 0) {
    out += `\n\n${plural(dropped, "more gate")} not shown.`;
    notes.push(`gates table limited to ${level.rows} rows`);
  }
  return out;
}

/** Files agents changed outside what they own (result.json's `ownership`), protected ones first. */
function ownershipTable(result: WaveResult, level: DetailLevel, notes: string[]): string | null {
  const changes = result.ownership ?? [];
  if (changes.length === 0) return null;
  const sorted = [...changes.filter((c) => c.protected), ...changes.filter((c) => !c.protected)];
  const { kept, dropped } = limitRows(sorted, level.rows, (c) => c.protected);
  const rows = kept.map((c) => [
    escapeCell(c.agentId),
    inlineCode(cap(c.path, level)),
    c.protected ? "protected: gate failed, not carried on" : "outside its ownership",
    escapeCell(c.stage),
  ]);
  let out =
    "### Changes outside the agents' ownership\n\nFiles an agent changed that are not its own (File ownership list, deliverables, proof artifacts). " +
    "A protected file (a definition the run judges with, `.github/`, `.wave*`, a `.git`) fails the agent's gate.\n\n" +
    table(["Agent", "File", "Kind", "Stage"], rows);
  if (dropped > 0) {
    out += `\n\n${plural(dropped, "more file")} not shown.`;
    notes.push(`ownership table limited to ${level.rows} rows`);
  }
  return out;
}

function diagnosticsTable(diags: MarkerDiagnostic[], level: DetailLevel, notes: string[]): string | null {
  if (diags.length === 0) return null;
  const sorted = [...diags].sort((a, b) => (a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : a.line - b.line));
  const { kept, dropped } = limitRows(sorted, level.rows, (d) => d.severity !== "warning");
  const withSeverity = diags.some((d) => d.severity === "warning");
  const rows = kept.map((d) => {
    const cells = [
      escapeCell(d.agentId),
      String(d.line),
      escapeCell(d.kind),
      escapeCell(cap(d.reason, level)),
      inlineCode(cap(d.text, level)),
    ];
    if (withSeverity) cells.splice(2, 0, d.severity === "warning" ? "warning" : "rejected");
    return cells;
  });
  const headers = ["Agent", "Log line", "Kind", "Problem", "Line"];
  if (withSeverity) headers.splice(2, 0, "Result");
  let out =
    "### Marker lines that were not accepted\n\nThese lines looked like structured markers but did not count for any gate.\n\n" +
    table(headers, rows);
  if (dropped > 0) {
    out += `\n\n${plural(dropped, "more marker line")} not shown.`;
    notes.push(`marker table limited to ${level.rows} rows`);
  }
  return out;
}

function factsList(input: WaveSummaryInput): string {
  const { result } = input;
  const facts: string[] = [];
  facts.push(`- Started ${escapeInline(formatUtc(result.startedAt))}, finished ${escapeInline(formatUtc(result.completedAt))}`);
  const file = input.waveFile ?? result.waveFile;
  if (file) facts.push(`- Wave file: ${inlineCode(file)}`);
  const counts = new Map<string, number>();
  for (const a of result.agents) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  if (counts.size > 0) {
    facts.push(`- Agents: ${[...counts].map(([s, n]) => `${n} ${s}`).join(", ")}`);
  }
  const resumed = input.resume?.source ?? result.resumedFrom;
  if (resumed) {
    const reused = result.agents.filter((a) => a.status === "reused").map((a) => a.id);
    const src = inlineCode(resumed);
    const what = reused.length > 0 ? `; reused ${escapeInline(truncateChars(reused.join(", "), 300))}` : "; nothing reused";
    facts.push(`- Resumed from ${src}${what}`);
  }
  const usage = usageLine(result.usage);
  if (usage) facts.push(`- Usage: ${escapeInline(usage)}`);
  if (input.artifact) {
    facts.push(`- Artifact: ${escapeInline(input.artifact.name)}`);
  }
  const who = result.agentUser;
  if (who) {
    facts.push(
      who.mode === "separate"
        ? `- Agents ran as the OS user ${inlineCode(who.user ?? "?")}, apart from the orchestrator`
        : `- ⚠️ **Agents shared the orchestrator's OS user**: ${escapeInline(who.detail)}`,
    );
  }
  return facts.join("\n");
}

function feedbackSection(result: WaveResult, level: DetailLevel): string | null {
  const fb = result.feedback;
  if (!fb) return null;
  const asked = `${escapeInline(fb.agentId)} asked at ${escapeInline(formatUtc(fb.askedAt))}:`;
  const question = quoteBlock(cap(fb.question, level, 20));
  if (fb.answer === null) {
    const hint =
      result.status === "blocked"
        ? `\n\nTo answer, run this wave again with the answer in the action's \`feedback\` input (locally: \`wave run --wave ${result.wave} --feedback "…"\`). The answer reaches ${escapeInline(fb.agentId)}'s prompt and only what is needed runs again.`
        : "";
    return `### Waiting for a human answer\n\n${asked}\n\n${question}${hint}`;
  }
  return `### Human feedback\n\n${asked}\n\n${question}\n\nAnswer given to this run:\n\n${quoteBlock(cap(fb.answer, level, 20))}`;
}

function failureSection(result: WaveResult, level: DetailLevel): string | null {
  const f = result.failure;
  if (!f) return null;
  const heading = result.status === "cancelled" ? "Cancellation" : result.status === "blocked" ? "Blocked" : "Failure";
  const agent = f.agentId ? result.agents.find((a) => a.id === f.agentId) : undefined;
  const lines = [`- Stage: ${escapeInline(f.stage)}`];
  if (f.agentId) {
    const title = agent?.title ? ` — ${escapeInline(cap(agent.title, level))}` : "";
    lines.push(`- Agent: ${escapeInline(f.agentId)}${title}`);
  }
  lines.push(`- Status code: ${inlineCode(f.statusCode)}`);
  if (f.detail) lines.push(`- Detail: ${escapeInline(cap(f.detail, level, 4))}`);
  if (f.log) lines.push(`- Log: ${inlineCode(f.log)}`);
  return `### ${heading}\n\n${lines.join("\n")}`;
}

function timelineSection(result: WaveResult, level: DetailLevel, notes: string[]): string | null {
  if (level.ganttChars <= 0) {
    notes.push("timeline left out");
    return null;
  }
  const chart = waveTimeline(result);
  if (!chart) return null;
  const g = renderGantt(chart, level.ganttChars);
  if (g.tasks === 0) return null;
  let out = `### Timeline\n\n${codeFence(g.text, "mermaid")}`;
  const off = result.agents.filter((a) => a.status === "reused" || a.status === "not-run" || a.status === "skipped");
  if (off.length > 0) {
    out += `\n\nNot on the timeline (did not run in this attempt): ${escapeInline(truncateChars(off.map((a) => `${a.id} (${a.status})`).join(", "), 500))}.`;
  }
  if (g.omittedTasks > 0) {
    out += `\n\n${plural(g.omittedTasks, "more bar")} left out of the timeline to keep the diagram small enough to render.`;
    if (level.ganttChars < DEFAULT_GANTT_MAX_CHARS) notes.push("timeline shortened");
  }
  return out;
}

/** Agents whose log tails are worth showing: the failing agent first, then other failed ones, the asker. */
function tailSources(input: WaveSummaryInput, tailLines: number): TailSource[] {
  const tails = input.logTails ?? {};
  const { result } = input;
  const ids: string[] = [];
  const add = (id: string | null | undefined) => {
    if (id && !ids.includes(id) && typeof tails[id] === "string") ids.push(id);
  };
  add(result.failure?.agentId);
  for (const a of result.agents) if (RAN_BAD.has(a.status)) add(a.id);
  add(result.feedback?.agentId);
  const out: TailSource[] = [];
  for (const id of ids) {
    const agent = result.agents.find((a) => a.id === id);
    const src = prepareTail(id, tails[id]!, agent?.log ?? (result.failure?.agentId === id ? result.failure.log : null), tailLines);
    if (src) out.push(src);
  }
  return out;
}

interface Rendered {
  pre: string[];
  post: string[];
  notes: string[];
}

/** What the sandbox blocked: "Sandbox blocked N requests", one row per host with the setting that allows it. */
function sandboxSection(report: SandboxReport | null | undefined, level: DetailLevel, notes: string[]): string | null {
  if (!report) return null;
  const rows = report.agents.flatMap((a) => a.blocked.map((b) => ({ agentId: a.agentId, ...b })));
  const total = rows.reduce((n, r) => n + r.count, 0);
  const lines = [`### Sandbox`, "", `${report.agents.length} agent(s) ran in the sandbox (mode \`${report.mode}\`).`];
  if (total === 0) lines[2] += " Nothing was blocked.";
  else {
    const { kept, dropped } = limitRows(rows, level.rows, () => true);
    if (dropped > 0) notes.push(`${dropped} sandbox row(s) left out`);
    lines.push(
      "",
      `**Sandbox blocked ${plural(total, "request")}**`,
      "",
      table(
        ["Agent", "Host", "Port", "Count", "Allow with"],
        kept.map((r) => [
          escapeCell(r.agentId),
          escapeCell(r.host),
          r.port === null ? "—" : String(r.port),
          String(r.count),
          inlineCode(r.setting),
        ]),
      ),
    );
  }
  const other = report.agents.flatMap((a) => a.other.map((o) => ({ agentId: a.agentId, ...o })));
  if (other.length > 0) {
    const { kept, dropped } = limitRows(other, level.rows, () => true);
    if (dropped > 0) notes.push(`${dropped} other sandbox denial(s) left out`);
    lines.push("", "Other denials:", "", ...kept.map((o) => `- ${escapeCell(o.agentId)}: ${inlineCode(o.line)} (${o.count}×)`));
  }
  lines.push("", `Not recorded: ${NOT_RECORDED}.`);
  return lines.join("\n");
}

function renderAtLevel(input: WaveSummaryInput, level: DetailLevel): Rendered {
  const notes: string[] = [];
  const { result } = input;
  const pre = [factsList(input)];
  const fb = feedbackSection(result, level);
  if (fb) pre.push(fb);
  const failure = failureSection(result, level);
  if (failure) pre.push(failure);
  const post = [agentsTable(input, level, notes)];
  const gates = gatesTable(result, level, notes);
  if (gates) post.push(gates);
  const ownership = ownershipTable(result, level, notes);
  if (ownership) post.push(ownership);
  const environments = renderEnvironmentsMarkdown(input.deployments ?? [], level.detail);
  if (environments) post.push(environments);
  const diags = diagnosticsTable(input.markerDiagnostics ?? [], level, notes);
  if (diags) post.push(diags);
  if (input.modelProxy) post.push(renderProxyMarkdown(input.modelProxy).trimEnd());
  const sandbox = sandboxSection(input.sandbox, level, notes);
  if (sandbox) post.push(sandbox);
  const timeline = timelineSection(result, level, notes);
  if (timeline) post.push(timeline);
  if (level.detail !== null) notes.unshift(`long texts cut to ${level.detail} characters`);
  return { pre, post, notes };
}

function noteBlock(notes: string[], maxBytes: number): string | null {
  if (notes.length === 0) return null;
  const limit = maxBytes === DEFAULT_SUMMARY_MAX_BYTES ? "GitHub's 1 MiB job summary limit" : `the ${maxBytes}-byte summary limit`;
  const text = truncateChars(notes.join("; "), 600);
  return `> **Note:** shortened to fit ${limit}: ${escapeInline(text)}. The artifact has the full logs and result.json.`;
}

function assemble(headline: string, note: string | null, r: Rendered, tails: string[]): string {
  const blocks = [headline];
  if (note) blocks.push(note);
  blocks.push(...r.pre);
  if (tails.length > 0) blocks.push(tails.join("\n\n"));
  blocks.push(...r.post);
  return `${blocks.join("\n\n")}\n`;
}

/** Markdown job summary of one wave, at most `maxBytes` UTF-8 bytes. */
export function renderWaveSummary(input: WaveSummaryInput, options: WaveSummaryOptions = {}): string {
  const maxBytes = Math.max(0, Math.floor(options.maxBytes ?? DEFAULT_SUMMARY_MAX_BYTES));
  const headline = `## ${escapeInline(waveHeadline(input.result))}`;
  const sources = tailSources(input, options.tailLines ?? DEFAULT_TAIL_LINES);
  const NOTE_RESERVE = 900;
  for (const level of DETAIL_LEVELS) {
    const r = renderAtLevel(input, level);
    const fixedNotes = r.notes.length > 0 || sources.length > 0 ? noteBlock([...r.notes, "x"], maxBytes) : null;
    const fixed = byteLength(assemble(headline, fixedNotes, r, []));
    if (fixed > maxBytes) continue;
    if (sources.length === 0) {
      const doc = assemble(headline, noteBlock(r.notes, maxBytes), r, []);
      if (byteLength(doc) <= maxBytes) return doc;
      continue;
    }
    // Tails get what is left after everything else (they are the first thing to shrink).
    let budget = maxBytes - fixed - NOTE_RESERVE;
    for (let tries = 0; tries < 4; tries++) {
      const { tails, omitted } = fitTails(sources, budget);
      const notes = [...r.notes];
      const shortened = tails.filter((t) => t.shortened).map((t) => t.agentId);
      if (shortened.length > 0) notes.unshift(`log excerpts shortened (${shortened.join(", ")})`);
      if (omitted.length > 0) notes.unshift(`log excerpts left out (${omitted.join(", ")})`);
      const doc = assemble(
        headline,
        noteBlock(notes, maxBytes),
        r,
        tails.map((t) => t.text),
      );
      const size = byteLength(doc);
      if (size <= maxBytes) return doc;
      budget -= size - maxBytes + 64;
    }
  }
  // Nothing fits (a tiny limit): the status line and the note, cut to the limit.
  const last = `${headline}\n\n${noteBlock(["everything but the status line left out"], maxBytes)}\n`;
  return truncateUtf8(last, maxBytes);
}

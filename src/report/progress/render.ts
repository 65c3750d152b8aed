/**
 * Renderers of the live progress: the terminal table, one plain line per event (non-TTY), and the
 * compact status line printed every 30 s in a job log.
 */
import { failurePlace } from "../headline.js";
import { displayWidth, fitWidth, formatClock, humanDuration, oneLine, padTo, plural } from "../text.js";
import type { ProgressEvent } from "./events.js";
import { type AgentLiveState, type AgentView, type ProgressModel, agentElapsed } from "./model.js";

export interface TtyTableOptions {
  now: number;
  /** Terminal width (default 80). Every line stays shorter than this, so nothing wraps. */
  columns?: number;
  /** At most this many lines (default: all); extra agents are summarised in the last line. */
  maxLines?: number;
  /** ANSI colors for states. */
  color?: boolean;
}

const COLORS: Partial<Record<AgentLiveState, string>> = {
  running: "\x1b[33m",
  succeeded: "\x1b[32m",
  reused: "\x1b[32m",
  failed: "\x1b[31m",
  "timed-out": "\x1b[31m",
  "idle-timeout": "\x1b[31m",
  cancelled: "\x1b[35m",
  pending: "\x1b[2m",
  "not-run": "\x1b[2m",
  skipped: "\x1b[2m",
};
const RESET = "\x1b[0m";

function counts(model: ProgressModel): string {
  const running = model.agents.filter((a) => a.state === "running").length;
  const pending = model.agents.filter((a) => a.state === "pending").length;
  const done = model.agents.length - running - pending;
  return `${running} running, ${done} done, ${pending} pending`;
}

function waveLabel(model: ProgressModel): string {
  const wave = model.wave === null ? "wave" : `wave ${model.wave}`;
  const lane = model.lane ? ` (lane ${oneLine(model.lane)})` : "";
  const attempt = model.attempt ? ` attempt ${model.attempt}` : "";
  return `${wave}${lane}${attempt}`;
}

function outcome(model: ProgressModel): string | null {
  if (!model.status) return null;
  const f = model.failure;
  if (!f || model.status === "passed" || !failurePlace(f)) return model.status;
  return `${model.status} at ${oneLine(failurePlace(f))}`;
}

function waveElapsed(model: ProgressModel, now: number): number | null {
  if (model.startedAt === null) return null;
  return Math.max(0, (model.endedAt ?? now) - model.startedAt);
}

/** Lines of the live table (no trailing newlines). */
export function renderTtyTable(model: ProgressModel, options: TtyTableOptions): string[] {
  const columns = Math.max(20, Math.floor(options.columns ?? 80));
  const width = columns - 1;
  const now = options.now;
  const paint = (state: AgentLiveState, text: string) => (options.color && COLORS[state] ? `${COLORS[state]}${text}${RESET}` : text);

  const header = [waveLabel(model), humanDuration(waveElapsed(model, now))];
  const done = outcome(model);
  if (done) header.push(done);
  else if (model.stage) header.push(`stage ${oneLine(model.stage)}`);
  header.push(counts(model));
  const lines = [fitWidth(header.join(" · "), width)];

  // Column widths: agent, state, elapsed, stage fixed; title and last share the rest.
  const idW = Math.min(10, Math.max(5, ...model.agents.map((a) => oneLine(a.id).length)));
  const stateW = 12;
  const timeW = 8;
  const wide = width >= 70;
  const stageW = wide ? 14 : 0;
  const fixed = idW + 1 + stateW + 1 + timeW + 1 + (wide ? stageW + 1 : 0);
  const rest = Math.max(0, width - fixed);
  const titleW = wide ? Math.min(24, Math.floor(rest * 0.4)) : 0;
  const lastW = Math.max(0, rest - (titleW > 0 ? titleW + 1 : 0));

  const row = (id: string, title: string, state: string, time: string, stage: string, last: string, paintState?: AgentLiveState) => {
    const build = (colored: boolean) => {
      const cells = [padTo(id, idW)];
      if (titleW > 0) cells.push(padTo(title, titleW));
      const st = padTo(state, stateW);
      cells.push(colored && paintState ? paint(paintState, st) : st);
      cells.push(padTo(time, timeW));
      if (stageW > 0) cells.push(padTo(stage, stageW));
      if (lastW > 0) cells.push(fitWidth(last, lastW));
      return cells.join(" ").trimEnd();
    };
    const plain = build(false);
    // A terminal too narrow for the fixed columns: cut the plain row (colors would miscount).
    if (displayWidth(plain) > width) return fitWidth(plain, width);
    return options.color ? build(true) : plain;
  };
  lines.push(row("AGENT", "TITLE", "STATE", "ELAPSED", "STAGE", "LAST MARKER / PHASE"));

  const maxLines = options.maxLines ?? Number.POSITIVE_INFINITY;
  const room = Math.max(0, maxLines - lines.length);
  const agents = model.agents;
  const shown = agents.length > room ? agents.slice(0, Math.max(0, room - 1)) : agents;
  for (const a of shown) {
    lines.push(
      row(
        oneLine(a.id),
        oneLine(a.title ?? ""),
        a.state,
        humanDuration(agentElapsed(a, now)).replace("—", ""),
        oneLine(a.phase ?? ""),
        a.last ?? "",
        a.state,
      ),
    );
  }
  if (shown.length < agents.length && room > 0) {
    const hidden = agents.slice(shown.length);
    const running = hidden.filter((a) => a.state === "running").length;
    lines.push(fitWidth(`… ${plural(hidden.length, "more agent")} (${running} running)`, width));
  }
  return lines.slice(0, Math.max(1, Math.min(lines.length, maxLines)));
}

export interface PlainLineOptions {
  /** Prefix each line with the event's UTC clock time. */
  clock?: boolean;
}

function plainText(event: ProgressEvent): string | null {
  switch (event.type) {
    case "wave-start": {
      const resumed = event.resumedFrom ? `, resumed from ${event.resumedFrom}` : "";
      return `wave ${event.wave} (lane ${event.lane}) attempt ${event.attempt}: ${plural(event.agents.length, "agent")}${resumed}`;
    }
    case "stage-start":
      return `stage ${event.stage} started${event.agentIds && event.agentIds.length > 0 ? `: ${event.agentIds.join(", ")}` : ""}`;
    case "stage-end":
      // The stage's agents have ended; its gates are checked (and printed) next, so "passed" here
      // would contradict a failing gate.
      return `stage ${event.stage} ended${event.ok === undefined ? "" : event.ok ? ": its agents succeeded" : ": an agent did not succeed"}`;
    case "agent-start":
      return `${event.agentId} started${event.executor ? ` (${event.executor}${event.run && event.run > 1 ? `, run ${event.run}` : ""})` : event.run && event.run > 1 ? ` (run ${event.run})` : ""}`;
    case "agent-output":
      return `${event.agentId}: ${event.text}`;
    case "agent-reused":
      return `${event.agentId} reused${event.from ? ` from ${event.from}` : ""}`;
    case "agent-end": {
      const exit =
        event.exitCode !== undefined && event.exitCode !== null && event.status !== "succeeded" ? ` (exit ${event.exitCode})` : "";
      const took = typeof event.durationMs === "number" ? ` after ${humanDuration(event.durationMs)}` : "";
      return `${event.agentId} ${event.status}${exit}${took}`;
    }
    case "gate": {
      const who = event.agentId ? ` (${event.agentId})` : "";
      const result = event.skipped ? "skipped" : event.ok ? "pass" : "FAIL";
      const detail = !event.ok && event.detail ? ` — ${event.detail}` : "";
      return `gate ${event.stage}${who}: ${result} ${event.statusCode}${detail}`;
    }
    case "warning":
      return `warning: ${event.message}`;
    case "notice":
      return `note: ${event.message}`;
    case "wave-end": {
      const f = event.failure;
      const where = event.status !== "passed" && failurePlace(f) ? ` at ${failurePlace(f)}` : "";
      return `wave ${event.status}${where}`;
    }
    case "tick":
      return null;
  }
}

/** One line for an event (null for events that print nothing, like ticks); control characters removed. */
export function renderPlainLine(event: ProgressEvent, options: PlainLineOptions = {}): string | null {
  const text = plainText(event);
  if (text === null) return null;
  const line = oneLine(text);
  return options.clock ? `[${formatClock(event.at)}] ${line}` : line;
}

const LIST_MAX = 6;

function list(agents: AgentView[], item: (a: AgentView) => string): string {
  const shown = agents.slice(0, LIST_MAX).map(item);
  if (agents.length > LIST_MAX) shown.push(`+${agents.length - LIST_MAX} more`);
  return shown.join(", ");
}

/** `wave 3 (lane main) attempt 1 · 2m 10s · stage implementation · running: A1 1m 40s · done: A3 succeeded · pending: 2`. */
export function renderStatusLine(model: ProgressModel, now: number): string {
  const parts = [waveLabel(model), humanDuration(waveElapsed(model, now))];
  const done = outcome(model);
  if (done) parts.push(done);
  else if (model.stage) parts.push(`stage ${oneLine(model.stage)}`);
  const running = model.agents.filter((a) => a.state === "running");
  const finished = model.agents.filter((a) => a.state !== "running" && a.state !== "pending");
  const pending = model.agents.filter((a) => a.state === "pending");
  if (running.length > 0) parts.push(`running: ${list(running, (a) => `${oneLine(a.id)} ${humanDuration(agentElapsed(a, now))}`)}`);
  if (finished.length > 0) parts.push(`done: ${list(finished, (a) => `${oneLine(a.id)} ${a.state}`)}`);
  if (pending.length > 0) parts.push(`pending: ${pending.length}`);
  return parts.join(" · ");
}

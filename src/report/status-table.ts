/**
 * Plain-text views for a terminal: `wave status` (aligned columns, human durations) and the titles
 * of `::group::` blocks in a job log.
 */
import { type DeploymentRow, renderEnvironmentsText } from "./deployments.js";
import type { AgentResult, WaveResult } from "../state/schema.js";
import { anyUsage, costCell, tokensCell, usageLine } from "./usage-text.js";
import { failurePlace, ranAgain, waveHeadline } from "./headline.js";
import { formatUtc, humanDuration, oneLine, spanMs, truncateChars } from "./text.js";
import { formatColumns } from "./columns.js";

// Aligned columns are their own module (the environments view uses them too); named here as well.

function agentNote(a: AgentResult, result: WaveResult): string {
  const notes: string[] = [];
  if (a.status === "reused") notes.push(a.reusedFrom ? `reused from ${a.reusedFrom}` : "reused");
  else if (ranAgain(a, result)) notes.push("ran again");
  const history = a.executorHistory ?? [];
  if (history.length > 1) notes.push(`executors ${history.map((h) => h.executor).join(" → ")}`);
  if (a.signal) notes.push(`signal ${a.signal}`);
  if (a.usage?.continuedSession) notes.push("continued its session");
  if (result.failure?.agentId === a.id) notes.push("stopped the wave");
  return notes.join("; ");
}

export interface StatusTableExtras {
  /** The environments the agents reported (readDeployments). */
  deployments?: readonly DeploymentRow[];
  /**
   * The terminal's width, only when printing to a terminal: the tables then cut their notes and
   * titles (then roles and executors; gate details) with `…` to fit. Ids, statuses, exit codes and
   * numbers are never cut. Absent (a pipe, a file): the full table.
   */
  columns?: number;
}

/** The text of `wave status` and of the end of `wave run`. */
export function renderStatusTable(result: WaveResult, extras: StatusTableExtras = {}): string {
  const fit = extras.columns === undefined ? {} : { columns: extras.columns };
  const out: string[] = [oneLine(waveHeadline(result))];
  out.push(`Started ${formatUtc(result.startedAt)}, finished ${formatUtc(result.completedAt)}`);
  if (result.waveFile) out.push(`Wave file: ${oneLine(result.waveFile)}`);
  if (result.resumedFrom) out.push(`Resumed from: ${oneLine(result.resumedFrom)}`);
  if (result.runDir) out.push(`Run directory: ${oneLine(result.runDir)}`);
  const usage = usageLine(result.usage);
  if (usage) out.push(`Usage: ${usage}`);
  out.push("");
  if (result.agents.length > 0) {
    const withUsage = anyUsage(result.agents);
    const rows = result.agents.map((a) => [
      a.id,
      a.title ?? "",
      a.role,
      a.executor,
      a.status,
      a.exitCode === null ? "-" : String(a.exitCode),
      String(a.attempts),
      String(a.runs),
      humanDuration(spanMs(a.durationMs, a.startedAt, a.completedAt)),
      ...(withUsage ? [tokensCell(a.usage), costCell(a.usage)] : []),
      agentNote(a, result),
    ]);
    const headers = [
      "AGENT",
      "TITLE",
      "ROLE",
      "EXECUTOR",
      "STATUS",
      "EXIT",
      "ATTEMPTS",
      "RUNS",
      "DURATION",
      ...(withUsage ? ["TOKENS", "COST"] : []),
      "NOTE",
    ];
    const widths = [12, 32, 16, 10, 15, 5, 8, 5, 9, ...(withUsage ? [22, 11] : []), 60];
    // Given up first: the note, then the title, then role and executor.
    const shrink = [headers.length - 1, 1, 2, 3];
    out.push(...formatColumns(headers, rows, { maxWidths: widths, shrink, ...fit }));
  } else {
    out.push("No agents.");
  }
  if (result.gates.length > 0) {
    out.push("");
    const rows = result.gates.map((g) => [
      g.componentId ? `${g.stage} (${g.componentId})` : g.stage,
      g.agentId ?? "-",
      g.skipped ? "skipped" : g.ok ? "pass" : "FAIL",
      g.statusCode,
      g.detail,
    ]);
    out.push(...formatColumns(["GATE", "AGENT", "RESULT", "CODE", "DETAIL"], rows, { maxWidths: [24, 8, 7, 36, 80], shrink: [4], ...fit }));
  }
  const environments = renderEnvironmentsText(extras.deployments ?? []);
  if (environments.length > 0) out.push("", ...environments);
  const f = result.failure;
  if (f) {
    out.push("");
    const place = failurePlace(f);
    out.push(`${place ? `Stopped at ${oneLine(place)}` : "Stopped"}: ${oneLine(f.statusCode)} — ${truncateChars(oneLine(f.detail), 400)}`);
    if (f.log) out.push(`Log: ${oneLine(f.log)}`);
  }
  const fb = result.feedback;
  if (fb) {
    out.push("");
    out.push(`Question from ${oneLine(fb.agentId)} (asked ${formatUtc(fb.askedAt)}): ${truncateChars(oneLine(fb.question), 1000)}`);
    if (fb.answer !== null) out.push(`Answer: ${truncateChars(oneLine(fb.answer), 1000)}`);
    else if (result.status === "blocked") out.push(`Answer it with: wave run --wave ${result.wave} --feedback "<answer>"`);
  }
  return `${out.join("\n")}\n`;
}

export interface GroupTitleAgent {
  id: string;
  title?: string | null;
  role?: string | null;
  executor?: string | null;
  status?: string | null;
  durationMs?: number | null;
}

/** `A1 — Build the parser (implementation, codex): succeeded in 1m 2s`, one line, at most 200 characters. */
export function renderLogGroupTitle(agent: GroupTitleAgent): string {
  let s = oneLine(agent.id);
  if (agent.title) s += ` — ${oneLine(agent.title)}`;
  const facts = [agent.role, agent.executor].filter((x): x is string => !!x).map(oneLine);
  if (facts.length > 0) s += ` (${facts.join(", ")})`;
  if (agent.status) {
    s += `: ${oneLine(agent.status)}`;
    if (typeof agent.durationMs === "number") s += ` in ${humanDuration(agent.durationMs)}`;
  }
  return truncateChars(s, 200);
}

/**
 * How the next-step commands reach the run they follow: the command that runs the wave again and
 * the flags that find its state. A rehearsal names `wave rehearse` and its own state directory, so
 * no hint points at the real state or at a billed run.
 */
export interface NextStepCommands {
  /** The command that runs the wave again: `wave run` (default) or `wave rehearse`. */
  rerun: string;
  /** Whether `rerun` resumes by default (`wave run`) or runs every agent again (`wave rehearse`). */
  rerunResumes: boolean;
  /** Flags that `wave status` and `wave logs` need to find this run's state (e.g. `--state-dir DIR`), or "". */
  stateArgs: string;
}

const RUN_COMMANDS: NextStepCommands = { rerun: "wave run", rerunResumes: true, stateArgs: "" };

/**
 * What to do next after a local run (`wave run`, `wave demo`, `wave rehearse`): where the result
 * is and the command that follows from the outcome. One suggestion per line.
 */
export function renderNextSteps(result: WaveResult, options: { resultFile?: string; commands?: NextStepCommands } = {}): string {
  const out: string[] = [];
  const c = options.commands ?? RUN_COMMANDS;
  const state = c.stateArgs ? ` ${c.stateArgs}` : "";
  if (options.resultFile) out.push(`Result: ${oneLine(options.resultFile)}`);
  const f = result.failure;
  const w = result.wave;
  const resumeNote = c.rerunResumes
    ? "(resumes: agents that succeeded are reused, only what failed runs)"
    : "(every agent runs again; add --resume auto to reuse the agents that succeeded)";
  switch (result.status) {
    case "failed":
      if (f?.agentId) out.push(`See why: wave logs --wave ${w} --agent ${oneLine(f.agentId)}${state}`);
      out.push(`Run again: ${c.rerun} --wave ${w} ${resumeNote}`);
      break;
    case "blocked":
      out.push(`Answer the question: ${c.rerun} --wave ${w} --feedback "<answer>"`);
      break;
    case "cancelled":
      out.push(
        c.rerunResumes
          ? `Continue: ${c.rerun} --wave ${w} (resumes from what was recorded)`
          : `Continue: ${c.rerun} --wave ${w} --resume auto`,
      );
      break;
    case "dry-run":
      out.push(`Run it: ${c.rerun} --wave ${w}`);
      break;
    case "passed":
      out.push(`Details: wave status --wave ${w}${state}`);
      break;
  }
  return `${out.join("\n")}\n`;
}

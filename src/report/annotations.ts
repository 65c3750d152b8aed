/**
 * Annotations (`::error file=…,line=…,title=…::message`): rejected markers, changes outside an
 * agent's ownership and the reason a wave failed, placed on the wave file's lines, with the
 * runner's escaping rules (runner-channel.ts), and the problems `wave validate --format github`
 * reports (`diagnosticAnnotation`).
 */
import type { WaveResult } from "../state/schema.js";
import type { Diagnostic } from "../wave/schema.js";
import { outcomePhrase, waveName } from "./headline.js";
import type { MarkerDiagnostic } from "./inputs.js";
import { plural, truncateChars } from "./text.js";
import { escapeCommandData, escapeCommandProperty } from "./runner-channel.js";

type AnnotationLevel = "error" | "warning" | "notice";

export interface Annotation {
  level: AnnotationLevel;
  message: string;
  file?: string;
  line?: number;
  endLine?: number;
  col?: number;
  title?: string;
}

/** Longest message we emit; the runner shows annotations in a small box anyway. */
const ANNOTATION_MESSAGE_MAX = 4000;

/** `::error file=…,line=…,title=…::message` (properties in that order, absent ones left out). */
export function formatWorkflowCommand(a: Annotation): string {
  const props: string[] = [];
  if (a.file) props.push(`file=${escapeCommandProperty(a.file)}`);
  if (a.line !== undefined && a.line > 0) props.push(`line=${Math.floor(a.line)}`);
  if (a.endLine !== undefined && a.endLine > 0) props.push(`endLine=${Math.floor(a.endLine)}`);
  if (a.col !== undefined && a.col > 0) props.push(`col=${Math.floor(a.col)}`);
  if (a.title) props.push(`title=${escapeCommandProperty(a.title)}`);
  const head = props.length > 0 ? `${a.level} ${props.join(",")}` : a.level;
  return `::${head}::${escapeCommandData(truncateChars(a.message, ANNOTATION_MESSAGE_MAX))}`;
}

/**
 * A validation problem as an annotation of its file (`::error file=…,line=…,col=…,title=…::message`):
 * wave files are text an agent of an earlier wave may have changed, so the message and the path
 * get the same escaping as any agent text (a `##[` in a key or value never reaches the runner as a
 * command).
 */
export function diagnosticAnnotation(d: Diagnostic, displayPath: string, title: string): string {
  const line = d.line > 0 ? d.line : undefined;
  const level = d.severity === "warning" ? "warning" : "error";
  return formatWorkflowCommand({
    level,
    file: displayPath,
    line,
    col: line !== undefined ? d.column : undefined,
    title,
    message: d.message,
  });
}

type AgentLines = Readonly<Record<string, number>> | ReadonlyMap<string, number>;

function lineOf(lines: AgentLines | undefined, agentId: string | null | undefined): number | undefined {
  if (!lines || !agentId) return undefined;
  const v = lines instanceof Map ? lines.get(agentId) : (lines as Readonly<Record<string, number>>)[agentId];
  return typeof v === "number" && v > 0 ? v : undefined;
}

function at(level: AnnotationLevel, title: string, message: string, file: string | undefined, line: number | undefined): Annotation {
  const a: Annotation = { level, title, message };
  if (file) a.file = file;
  if (file && line) a.line = line;
  return a;
}

/**
 * What stopped the wave, on the failing agent's `## Agent` heading: an error for a failure, a
 * warning for a question waiting for an answer or a cancellation; nothing for a passed wave.
 */
export function gateFailureAnnotation(result: WaveResult, waveFile?: string, agentLines?: AgentLines): Annotation[] {
  const file = waveFile ?? result.waveFile;
  const f = result.failure;
  const title = `${waveName(result)} ${outcomePhrase(result)}`;
  switch (result.status) {
    case "failed": {
      const parts = [f ? `${f.statusCode}: ${f.detail || "gate failed"}` : "the wave failed"];
      if (f?.log) parts.push(`Log: ${f.log} (in the wave's artifact).`);
      return [at("error", title, parts.join("\n"), file, lineOf(agentLines, f?.agentId))];
    }
    case "blocked": {
      const fb = result.feedback;
      const asker = fb?.agentId ?? f?.agentId ?? null;
      const message = fb
        ? `${fb.agentId} asks: ${fb.question}\nAnswer with the feedback input of the next run.`
        : (f?.detail ?? "The wave is waiting for a human answer.");
      return [at("warning", title, message, file, lineOf(agentLines, asker))];
    }
    case "cancelled": {
      const message = f ? `${f.statusCode}: ${f.detail || "cancelled"}` : "The wave was cancelled.";
      return [at("warning", title, message, file, lineOf(agentLines, f?.agentId))];
    }
    default:
      return [];
  }
}

/**
 * One annotation per file an agent changed outside what it owns (result.json's `ownership`), on
 * the agent's heading: an error for a protected file (its gate failed), a warning otherwise.
 */
export function ownershipAnnotations(result: WaveResult, waveFile?: string, agentLines?: AgentLines): Annotation[] {
  const file = waveFile ?? result.waveFile;
  return (result.ownership ?? []).map((o) =>
    at(
      o.protected ? "error" : "warning",
      o.protected ? "Protected file changed" : "Change outside the agent's ownership",
      o.protected
        ? `${o.agentId} changed ${o.path}, a protected file (a definition the run judges with, .github/, .wave*, or a .git): the change is not carried into later waves.`
        : `${o.agentId} changed ${o.path}, which it does not own (File ownership list, deliverables, proof artifacts).`,
      file,
      lineOf(agentLines, o.agentId),
    ),
  );
}

/**
 * One warning per agent with marker lines that were not accepted, on that agent's heading in the
 * wave file (the marker lines themselves live in the agent's log, not in the repository).
 */
export function markerAnnotations(diagnostics: readonly MarkerDiagnostic[], waveFile?: string, agentLines?: AgentLines): Annotation[] {
  const byAgent = new Map<string, MarkerDiagnostic[]>();
  for (const d of diagnostics) {
    const list = byAgent.get(d.agentId) ?? [];
    list.push(d);
    byAgent.set(d.agentId, list);
  }
  const out: Annotation[] = [];
  for (const [agentId, list] of byAgent) {
    const sorted = [...list].sort((a, b) => a.line - b.line);
    const shown = sorted.slice(0, 5).map((d) => `log line ${d.line} [${d.kind}]: ${d.reason} — ${truncateChars(d.text, 200)}`);
    if (sorted.length > shown.length) shown.push(`… and ${sorted.length - shown.length} more`);
    out.push(
      at(
        "warning",
        `${agentId}: ${plural(sorted.length, "marker line")} not accepted`,
        shown.join("\n"),
        waveFile,
        lineOf(agentLines, agentId),
      ),
    );
  }
  return out;
}

/**
 * Keeps at most `perLevel` annotations of each level (GitHub shows only 10 errors and 10 warnings per
 * step); the last kept one of a level that overflowed says how many were left out.
 */
export function capAnnotations(annotations: readonly Annotation[], perLevel = 10): Annotation[] {
  const total = new Map<AnnotationLevel, number>();
  for (const a of annotations) total.set(a.level, (total.get(a.level) ?? 0) + 1);
  const seen = new Map<AnnotationLevel, number>();
  const out: Annotation[] = [];
  for (const a of annotations) {
    const n = (seen.get(a.level) ?? 0) + 1;
    seen.set(a.level, n);
    const all = total.get(a.level)!;
    if (all <= perLevel || n < perLevel) out.push(a);
    else if (n === perLevel) {
      out.push({
        level: a.level,
        title: "More problems",
        message: `${all - perLevel + 1} more ${a.level} annotations were left out; see the job log and summary.`,
      });
    }
  }
  return out;
}

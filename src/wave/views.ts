/**
 * Small views of loaded waves and diagnostics for command output (`wave validate`, `wave plan`).
 */
import path from "node:path";
import type { AgentRole, ClosureStage, Diagnostic, ExecutorId, WaveDefinition } from "./schema.js";

interface AgentSummary {
  id: string;
  title: string;
  role: AgentRole;
  closureStage: ClosureStage | null;
  /** Resolved executor id (null when resolution failed). */
  executor: ExecutorId | null;
  model: string | null;
}

export interface WaveSummary {
  wave: number;
  file: string;
  title: string | null;
  agents: AgentSummary[];
}

export function summarizeWave(wave: WaveDefinition): WaveSummary {
  return {
    wave: wave.wave,
    file: wave.file,
    title: wave.title,
    agents: wave.agents.map((a) => ({
      id: a.agentId,
      title: a.title,
      role: a.role ?? "implementation",
      closureStage: a.closureStage ?? null,
      executor: a.resolvedExecutor?.id ?? null,
      model: a.resolvedExecutor?.model ?? null,
    })),
  };
}

/** The JSON shape of one diagnostic in command output. */
export function diagnosticJson(d: Diagnostic) {
  return {
    file: d.file,
    line: d.line,
    ...(d.column !== undefined ? { column: d.column } : {}),
    message: d.message,
    ...(d.wave !== undefined ? { wave: d.wave } : {}),
    ...(d.agentId !== undefined ? { agentId: d.agentId } : {}),
  };
}

const isPseudoPath = (file: string) => file.startsWith("(");

/**
 * A diagnostic's file as seen from `base` (the current directory, or the GitHub workspace):
 * relative when inside `base`, absolute otherwise. Diagnostic files are repository-relative.
 */
export function displayPath(root: string, file: string, base: string): string {
  if (isPseudoPath(file)) return file;
  const abs = path.resolve(root, file);
  const rel = path.relative(base, abs);
  if (rel === "") return ".";
  if (rel.startsWith("..") || path.isAbsolute(rel)) return abs.split(path.sep).join("/");
  return rel.split(path.sep).join("/");
}

/** `1 error`, `3 errors`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

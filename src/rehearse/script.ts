/**
 * The script the rehearsal server plays for one agent, derived from the wave exactly as the
 * built-in `local` agent derives its work: write every planned file (deliverables, proof
 * artifacts, the role's report) through the CLI's own file tool, then answer with the marker
 * lines the role needs (nonce included when the run uses one) as the final assistant message.
 */
import path from "node:path";
import { plannedFiles, placeholderContent } from "../executors/local/deliverables.js";
import { markersFor } from "../executors/local/markers.js";
import { buildLocalTask } from "../executors/local/task.js";
import type { ExecutorContext } from "../executors/types.js";

/**
 * How the server plays the script (see server.ts): as written, without markers, one 429 first,
 * never answering, or answering the first model request and leaving the next one unanswered once
 * (the agent is interrupted mid-work; a later process of it is answered normally).
 */
export const SCRIPT_VARIANTS = ["normal", "no-markers", "rate-limit", "hang", "interrupt"] as const;
export type ScriptVariant = (typeof SCRIPT_VARIANTS)[number];

export type ScriptStep =
  /** Write `content` to `absPath` (inside the agent's working directory) with the CLI's file tool. */
  | { kind: "write"; path: string; absPath: string; content: string }
  /** The final assistant message. */
  | { kind: "final"; text: string };

export interface AgentScript {
  agentId: string;
  variant: ScriptVariant;
  steps: ScriptStep[];
}

/** The steps for one agent (pure). */
export function scriptFor(ctx: ExecutorContext, variant: ScriptVariant = "normal"): AgentScript {
  const task = buildLocalTask(ctx);
  const steps: ScriptStep[] = plannedFiles(task)
    .filter((rel) => !path.isAbsolute(rel))
    .map((rel) => ({
      kind: "write" as const,
      path: rel,
      absPath: path.resolve(ctx.root, rel),
      content: rehearsalContent(placeholderContent(task, rel), rel),
    }));
  const lines = variant === "no-markers" ? [] : markersFor(task);
  const text = [`Rehearsal of agent ${ctx.agent.agentId}: scripted work done.`, ...lines].join("\n");
  steps.push({ kind: "final", text: `${text}\n` });
  return { agentId: ctx.agent.agentId, variant, steps };
}

/**
 * The local agent's placeholder, or a one-line text for formats it leaves empty (an empty
 * content would make some CLIs' write tools refuse the call).
 */
function rehearsalContent(placeholder: string, rel: string): string {
  return placeholder !== "" ? placeholder : `rehearsal placeholder for ${rel}\n`;
}

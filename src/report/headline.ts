/**
 * The one-line status of a wave, shared by the job summary, `wave status` and the aggregate view:
 * `Wave 3 (lane main): failed at cont-qa (A0) — attempt 2, 4m 12s`.
 */
import type { AgentResult, WaveResult } from "../state/schema.js";
import { humanDuration, plural } from "./text.js";

/**
 * Where a wave stopped: `cont-qa (A0)` — empty for the stage "cancelled" a cancel records when
 * no stage was running, so a cancel never reads "cancelled at cancelled".
 */
export function failurePlace(f: { stage: string; agentId: string | null } | null | undefined): string {
  if (!f || f.stage === "cancelled") return "";
  return `${f.stage}${f.agentId ? ` (${f.agentId})` : ""}`;
}

/** What happened, without the wave name: `failed at cont-qa (A0)`, `blocked: A2 is waiting…`. */
export function outcomePhrase(result: WaveResult): string {
  const f = result.failure;
  const who = f?.agentId ? ` (${f.agentId})` : "";
  switch (result.status) {
    case "passed":
      return "passed";
    case "failed":
      return f ? `failed at ${f.stage}${who}` : "failed";
    case "blocked": {
      const asker = result.feedback?.agentId ?? f?.agentId ?? null;
      return asker ? `blocked: ${asker} is waiting for a human answer` : "blocked: waiting for a human answer";
    }
    case "cancelled":
      return failurePlace(f) ? `cancelled during ${failurePlace(f)}` : "cancelled";
    case "dry-run":
      return `dry run of ${plural(result.agents.length, "agent")}, nothing executed`;
  }
}

export function waveName(result: Pick<WaveResult, "wave" | "lane">): string {
  return `Wave ${result.wave} (lane ${result.lane})`;
}

export function waveHeadline(result: WaveResult): string {
  return `${waveName(result)}: ${outcomePhrase(result)} — attempt ${result.attempt}, ${humanDuration(result.durationMs)}`;
}

/**
 * Whether to say an agent "ran again": it ran in a resumed run and it had run in the run resumed
 * (older results without `ranBefore` count every agent that ran in a resume).
 */
export function ranAgain(agent: Pick<AgentResult, "runs" | "ranBefore">, result: Pick<WaveResult, "resumedFrom">): boolean {
  return result.resumedFrom !== null && agent.runs > 0 && agent.ranBefore !== false;
}

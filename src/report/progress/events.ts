/**
 * Events the live views consume. `at` is epoch ms. `agent-output` carries a marker or phase text,
 * never raw log data.
 */
import type { AgentStatus, WaveStatus } from "../../state/schema.js";

export interface AgentIntro {
  id: string;
  title?: string;
  role?: string;
  executor?: string;
  /** design, implementation or a closure stage. */
  phase?: string;
}

export type ProgressEvent =
  | { type: "wave-start"; at: number; lane: string; wave: number; attempt: number; agents: AgentIntro[]; resumedFrom?: string | null }
  | { type: "stage-start"; at: number; stage: string; agentIds?: string[] }
  | { type: "stage-end"; at: number; stage: string; ok?: boolean }
  | { type: "agent-start"; at: number; agentId: string; executor?: string; run?: number }
  | { type: "agent-output"; at: number; agentId: string; text: string }
  | { type: "agent-reused"; at: number; agentId: string; from?: string | null }
  | { type: "agent-end"; at: number; agentId: string; status: AgentStatus; exitCode?: number | null; durationMs?: number | null }
  | { type: "gate"; at: number; stage: string; agentId: string | null; ok: boolean; statusCode: string; detail?: string; skipped?: boolean }
  | { type: "warning"; at: number; message: string }
  | { type: "notice"; at: number; message: string }
  | { type: "wave-end"; at: number; status: WaveStatus; failure?: { stage: string; agentId: string | null } | null }
  | { type: "tick"; at: number };

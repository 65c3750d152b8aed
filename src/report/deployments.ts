/**
 * The environments view: the last `[deploy-status] service=<id> state=<state> [detail=…]` each
 * agent printed (its execution summary's `deployStatus`), one row per service — the job summary's
 * "Environments" table and the ENVIRONMENT lines of `wave status`. When several agents report the
 * same service, each report is its own row (they are listed in agent order).
 */
import { ExecutionSummarySchema } from "../signals/schema.js";
import { readJsonChecked } from "../state/json-files.js";
import { agentPaths, runPathsOf } from "../state/paths.js";
import type { WaveResult } from "../state/schema.js";
import { formatColumns } from "./columns.js";
import { escapeCell, table } from "./markdown.js";
import { truncateChars } from "./text.js";

export interface DeploymentRow {
  service: string;
  /** deploying, healthy, failed, rolledover. */
  state: string;
  agentId: string;
  detail: string | null;
}

/** The deploy-status of each agent that printed one, read from the run's execution summaries. */
export async function readDeployments(result: Pick<WaveResult, "agents" | "attempt">, runDir: string): Promise<DeploymentRow[]> {
  const run = runPathsOf(runDir, result.attempt);
  const rows: DeploymentRow[] = [];
  for (const agent of result.agents) {
    if (agent.status === "not-run") continue;
    const summary = await readJsonChecked(agentPaths(run, agent.id).summary, ExecutionSummarySchema, "execution summary");
    const deploy = summary.ok ? summary.value.deployStatus : null;
    if (deploy) rows.push({ service: deploy.service, state: deploy.state, agentId: agent.id, detail: deploy.detail ?? null });
  }
  return rows;
}

const STATE_MARK: Record<string, string> = {
  healthy: "✅ healthy",
  failed: "❌ failed",
  deploying: "⏳ deploying",
  rolledover: "↩️ rolledover",
};

/** `### Environments` markdown table, or null without deployments. */
export function renderEnvironmentsMarkdown(rows: readonly DeploymentRow[], detailChars: number | null = null): string | null {
  if (rows.length === 0) return null;
  const body = rows.map((r) => [
    escapeCell(r.service),
    escapeCell(STATE_MARK[r.state] ?? r.state),
    escapeCell(r.agentId),
    escapeCell(r.detail === null ? null : truncateChars(r.detail, detailChars)),
  ]);
  return `### Environments\n\nThe last \`[deploy-status]\` each agent printed.\n\n${table(["Environment", "State", "Reported by", "Detail"], body)}`;
}

/** Lines of `wave status` for the deployments (none without). */
export function renderEnvironmentsText(rows: readonly DeploymentRow[]): string[] {
  if (rows.length === 0) return [];
  return formatColumns(
    ["ENVIRONMENT", "STATE", "AGENT", "DETAIL"],
    rows.map((r) => [r.service, r.state, r.agentId, r.detail ?? ""]),
    { maxWidths: [32, 11, 12, 80] },
  );
}

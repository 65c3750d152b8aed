/**
 * What the model proxy saw in one run, as the run directory keeps it (model-proxy.json, written by
 * the orchestrator when the wave ends) and as summaries show it: the job summary's section and the
 * terminal lines of `wave status` and `wave run`.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { WaitReason } from "./pacer.js";
import type { AgentProxyActivity, RefusedRoute, UnauthorizedRequest } from "./server.js";

/** The run directory's record of the proxy (written when the wave ends). */
export const MODEL_PROXY_REPORT_FILE = "model-proxy.json";

export interface ModelProxyReport {
  schemaVersion: 1;
  kind: "wave-model-proxy";
  mode: "auto" | "on";
  /** Agents whose launches went through the proxy, with what it saw of each. */
  agents: AgentProxyActivity[];
  /** Agents that ran without it (auto), and why. */
  skipped: { agentId: string; executor: string; reason: string }[];
  /** Requests refused for a missing or wrong token (start-up probes not included). */
  unauthorized: UnauthorizedRequest[];
  /** Credential-less HEAD requests (a CLI checking its base URL), refused and not listed. */
  probes: number;
  /** CONNECT and requests whose target was not a path (an absolute URL), refused before any token check. */
  refusedTargets: RefusedRoute[];
}

const WAIT_REASONS: WaitReason[] = ["concurrency", "rate-limit", "retry-after"];

function seconds(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

function waitsText(a: AgentProxyActivity): string {
  const parts = WAIT_REASONS.filter((r) => (a.waits[r] ?? 0) > 0).map((r) => `${seconds(a.waits[r]!)} ${r}`);
  return parts.length > 0 ? parts.join(", ") : "—";
}

/** One row per agent: what the proxy saw. */
function rows(report: ModelProxyReport): string[][] {
  return report.agents.map((a) => [
    a.agentId,
    a.provider,
    String(a.requests),
    String(a.waitedRequests),
    waitsText(a),
    String(a.retried),
    String(a.refused),
  ]);
}

const HEADERS = ["Agent", "Provider", "Requests", "Waited", "Wait time (why)", "429s waited out", "Refused (budget)"];

function unauthorizedLine(report: ModelProxyReport): string | null {
  const n = report.unauthorized.length;
  if (n === 0) return null;
  const byReason = new Map<string, number>();
  for (const u of report.unauthorized) byReason.set(u.reason, (byReason.get(u.reason) ?? 0) + 1);
  const reasons = [...byReason].map(([r, c]) => `${c} ${r}`).join(", ");
  // The path named them: only plain ids are shown as they are.
  const named = [
    ...new Set(report.unauthorized.map((u) => (u.agentId && /^[A-Za-z0-9._-]{1,64}$/.test(u.agentId) ? u.agentId : "(other)"))),
  ];
  const agents = named.length > 10 ? `${named.slice(0, 10).join(", ")}, …` : named.join(", ");
  return `${n} request(s) without a valid token were refused (${reasons}; agents: ${agents})`;
}

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** At most this many routes or header names are shown per line (the JSON keeps them all). */
const SHOWN = 10;

function listed<T>(items: T[], show: (t: T) => string): string {
  const shown = items.slice(0, SHOWN).map(show).join(", ");
  return items.length > SHOWN ? `${shown}, … (${items.length - SHOWN} more)` : shown;
}

const sum = (items: { count: number }[]) => items.reduce((n, i) => n + i.count, 0);

/**
 * What the allow-lists kept out, one line per agent with refused routes, one per agent with dropped
 * headers, one for refused targets. Paths and names were recorded with URL characters only, so no
 * backtick ends a code span.
 */
function refusalLines(report: ModelProxyReport, code: (s: string) => string): string[] {
  const out: string[] = [];
  for (const a of report.agents) {
    const routes = a.refusedRoutes ?? [];
    if (routes.length > 0)
      out.push(
        `${a.agentId}: ${sum(routes)} request(s) to routes the model proxy does not allow were refused (403): ${listed(routes, (r) => `${code(`${r.method} ${r.path}`)} ×${r.count}`)}`,
      );
  }
  for (const a of report.agents) {
    const headers = a.droppedHeaders ?? [];
    if (headers.length > 0)
      out.push(`${a.agentId}: request headers not allowed, not passed on: ${listed(headers, (h) => `${code(h.name)} ×${h.count}`)}`);
  }
  const targets = report.refusedTargets ?? [];
  if (targets.length > 0)
    out.push(
      `${sum(targets)} CONNECT or absolute-URL request(s) were refused (403): ${listed(targets, (t) => `${code(`${t.method} ${t.path}`)} ×${t.count}`)}`,
    );
  return out;
}

/** The job summary's section (Markdown). */
export function renderProxyMarkdown(report: ModelProxyReport): string {
  const out = ["### Model proxy", ""];
  out.push(
    `Mode \`${report.mode}\`: ${report.agents.length} agent(s) reached their model through the proxy; no API key was in their environment.`,
  );
  if (report.agents.length > 0) {
    out.push("", `| ${HEADERS.join(" | ")} |`, `| ${HEADERS.map(() => "---").join(" | ")} |`);
    for (const r of rows(report)) out.push(`| ${r.map(cell).join(" | ")} |`);
  }
  if (report.skipped.length > 0) {
    out.push("", "Ran without the proxy:");
    for (const s of report.skipped) out.push(`- ${cell(s.agentId)} (${s.executor}): ${cell(s.reason)}`);
  }
  const bad = unauthorizedLine(report);
  if (bad) out.push("", `**${bad}.**`);
  const refusals = refusalLines(report, (c) => `\`${c}\``);
  if (refusals.length > 0) out.push("", ...refusals.map((l) => `- ${cell(l)}`));
  if (report.probes > 0)
    out.push("", `${report.probes} credential-less HEAD request(s) (a CLI checking its base URL at start) were answered 401.`);
  return `${out.join("\n")}\n`;
}

/** The same for a terminal (`wave status`, the end of `wave run`). */
export function renderProxyText(report: ModelProxyReport): string {
  const out = [`Model proxy (${report.mode}): ${report.agents.length} agent(s) through it`];
  const table = [HEADERS, ...rows(report)];
  if (report.agents.length > 0) {
    const widths = HEADERS.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
    for (const r of table)
      out.push(
        `  ${r
          .map((c, i) => c.padEnd(widths[i]!))
          .join("  ")
          .trimEnd()}`,
      );
  }
  for (const s of report.skipped) out.push(`  ${s.agentId} (${s.executor}) ran without it: ${s.reason}`);
  const bad = unauthorizedLine(report);
  if (bad) out.push(`  ${bad}`);
  for (const l of refusalLines(report, (c) => c)) out.push(`  ${l}`);
  if (report.probes > 0) out.push(`  ${report.probes} credential-less HEAD probe(s) answered 401`);
  return `${out.join("\n")}\n`;
}

/** The run directory's model-proxy.json, or null (the proxy was off, or the file is not one). */
export async function readModelProxyReport(runDir: string): Promise<ModelProxyReport | null> {
  const text = await readFile(path.join(runDir, MODEL_PROXY_REPORT_FILE), "utf8").catch(() => null);
  if (!text) return null;
  try {
    const report = JSON.parse(text) as ModelProxyReport;
    const ok =
      report?.kind === "wave-model-proxy" &&
      Array.isArray(report.agents) &&
      Array.isArray(report.skipped) &&
      Array.isArray(report.unauthorized);
    return ok ? report : null;
  } catch {
    return null;
  }
}

/** `wave status`: the proxy's lines for the run directory, or "" when the proxy was off. */
export async function modelProxyText(runDir: string): Promise<string> {
  const report = await readModelProxyReport(runDir);
  return report ? renderProxyText(report) : "";
}

/**
 * The rehearsal report: per agent, which tool calls its CLI made (from the server's view of the
 * conversation), which of them the CLI refused, whether the planned files exist afterwards, which
 * gates failed and — for a refused write — the executor setting that refused it. Also what the
 * server's answers reported as usage, and the CLI sessions it saw (with the first request of each:
 * how much of the script was already in the conversation, the start of its newest user text).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { findAdapter } from "../executors/registry.js";
import type { WaveResult } from "../state/schema.js";
import type { ResolvedExecutor } from "../wave/schema.js";
import type { AgentScript } from "./script.js";
import type { AgentActivity, CallRecord, UsageTotals } from "./server.js";
import type { VersionCheck } from "./versions.js";

export interface RehearsedAgent {
  script: AgentScript;
  executor: ResolvedExecutor;
}

interface AgentRehearsalReport {
  agentId: string;
  executor: string;
  variant: string;
  status: string | null;
  /** Process starts of the agent in this run (rate-limit retries included). */
  runs: number | null;
  requests: number;
  toolCalls: { tool: string; path: string; result: CallRecord["status"]; detail: string | null }[];
  deniedWrites: string[];
  files: { path: string; present: boolean }[];
  finalMessageSent: boolean;
  rateLimited: number;
  hung: number;
  /** The sums of the usage figures the server's answers reported (side answers included). */
  usage: UsageTotals;
  sessions: AgentActivity["sessions"];
  firstRequests: AgentActivity["firstRequests"];
  failedGates: { stage: string; statusCode: string; detail: string }[];
  hints: string[];
}

export interface RehearsalReport {
  schemaVersion: 1;
  kind: "wave-rehearsal";
  wave: number;
  status: string;
  serverLog: string;
  versions: { executor: string; installed: string | null; verified: string; warning: string | null }[];
  agents: AgentRehearsalReport[];
  /** Failed gates not tied to a rehearsed agent (wave-level gates, local/command agents). */
  otherFailedGates: { stage: string; agentId: string | null; statusCode: string; detail: string }[];
}

/** The setting that decides whether this executor's file tool may write, named for the user. */
function permissionHint(executor: ResolvedExecutor): string {
  return findAdapter(executor.id)?.rehearsal?.permissionHint(executor) ?? `the ${executor.id} executor refused the write`;
}

export function buildRehearsalReport(input: {
  result: WaveResult;
  root: string;
  agents: Map<string, RehearsedAgent>;
  activity: (agentId: string) => AgentActivity | null;
  versions: VersionCheck[];
  serverLog: string;
}): RehearsalReport {
  const agents: AgentRehearsalReport[] = [];
  const order = (id: string) => {
    const i = input.result.agents.findIndex((a) => a.id === id);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const ids = [...input.agents.keys()].sort((a, b) => order(a) - order(b));
  for (const agentId of ids) {
    const { script, executor } = input.agents.get(agentId)!;
    const resultAgent = input.result.agents.find((a) => a.id === agentId);
    const act = input.activity(agentId);
    const calls = act?.calls ?? [];
    const denied = calls.filter((c) => c.status === "denied").map((c) => c.path);
    const files = script.steps
      .filter((s) => s.kind === "write")
      .map((s) => ({ path: s.path, present: existsSync(path.join(input.root, s.path)) }));
    const failedGates: AgentRehearsalReport["failedGates"] = input.result.gates
      .filter((g) => !g.ok && !g.skipped && g.agentId === agentId)
      .map((g) => ({ stage: g.stage, statusCode: g.statusCode, detail: g.detail }));
    // The wave's failure names this agent without a gate of its own (a deadline, a crash).
    const failure = input.result.failure;
    if (failure && failure.agentId === agentId && !failedGates.some((g) => g.stage === failure.stage)) {
      failedGates.push({ stage: failure.stage, statusCode: failure.statusCode, detail: failure.detail });
    }
    const hints: string[] = [];
    if (denied.length > 0) hints.push(`write of ${denied.join(", ")} refused: ${permissionHint(executor)}`);
    const failedCalls = calls.filter((c) => c.status === "failed");
    if (failedCalls.length > 0) hints.push(`tool call(s) failed: ${failedCalls.map((c) => `${c.tool} ${c.path}`).join(", ")}`);
    const ran = resultAgent !== undefined && resultAgent.status !== "not-run";
    if (!ran) hints.push("not run");
    else if (act === null || act.requests === 0) hints.push("the CLI never reached the rehearsal server (see the agent log)");
    else if (!act.finalSent && script.variant !== "hang") hints.push("the CLI stopped before the script's final message");
    const missing = files.filter((f) => !f.present).map((f) => f.path);
    if (ran && missing.length > 0 && denied.length === 0 && act && act.requests > 0)
      hints.push(`missing after the run: ${missing.join(", ")}`);
    if (script.variant !== "normal") hints.push(`script variant "${script.variant}"`);
    agents.push({
      agentId,
      executor: executor.id,
      variant: script.variant,
      status: resultAgent?.status ?? null,
      runs: resultAgent?.runs ?? null,
      requests: act?.requests ?? 0,
      toolCalls: calls.map((c) => ({ tool: c.tool, path: c.path, result: c.status, detail: c.detail })),
      deniedWrites: denied,
      files,
      finalMessageSent: act?.finalSent ?? false,
      rateLimited: act?.rateLimited ?? 0,
      hung: act?.hung ?? 0,
      usage: act ? { ...act.usage } : { inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, reasoningTokens: 0, requests: 0 },
      sessions: act ? [...act.sessions] : [],
      firstRequests: act ? act.firstRequests.map((f) => ({ ...f })) : [],
      failedGates,
      hints,
    });
  }
  return {
    schemaVersion: 1,
    kind: "wave-rehearsal",
    wave: input.result.wave,
    status: input.result.status,
    serverLog: input.serverLog,
    versions: input.versions.map((v) => ({ executor: v.executor, installed: v.installed, verified: v.verified, warning: v.warning })),
    agents,
    otherFailedGates: input.result.gates
      .filter((g) => !g.ok && !g.skipped && (g.agentId === null || !input.agents.has(g.agentId)))
      .map((g) => ({ stage: g.stage, agentId: g.agentId, statusCode: g.statusCode, detail: g.detail })),
  };
}

export function renderRehearsalReport(report: RehearsalReport): string {
  const lines = [`Rehearsal of wave ${report.wave}: ${report.status}`];
  for (const v of report.versions) if (v.warning) lines.push(`  warning: ${v.warning}`);
  for (const a of report.agents) {
    const calls = a.toolCalls.map((c) => `${c.tool} ${c.path} → ${c.result ?? "no result"}`).join("; ") || "none";
    const present = a.files.filter((f) => f.present).length;
    lines.push(`  ${a.agentId} (${a.executor}${a.variant !== "normal" ? `, ${a.variant}` : ""}): ${a.status ?? "not run"}`);
    lines.push(`    requests ${a.requests}; tool calls: ${calls}`);
    lines.push(`    files ${present}/${a.files.length} present${a.finalMessageSent ? "; final message sent" : ""}`);
    if (a.rateLimited > 0)
      lines.push(`    answered 429 ${a.rateLimited} time(s); process starts: ${a.runs ?? "?"} (rate-limit retries in the agent log)`);
    if (a.hung > 0) lines.push(`    ${a.hung} model request(s) left unanswered (${a.variant})`);
    if (a.usage.requests > 0) {
      const u = a.usage;
      lines.push(
        `    usage reported: ${u.requests} answer(s), input ${u.inputTokens} tokens (${u.cachedInputTokens} cached), output ${u.outputTokens} tokens (${u.reasoningTokens} reasoning)`,
      );
    }
    if (a.sessions.length > 1) lines.push(`    ${a.sessions.length} CLI sessions seen`);
    for (const g of a.failedGates) lines.push(`    gate ${g.stage} failed (${g.statusCode}): ${g.detail}`);
    for (const h of a.hints) lines.push(`    ${h}`);
  }
  for (const g of report.otherFailedGates)
    lines.push(`  gate ${g.stage}${g.agentId ? ` (${g.agentId})` : ""} failed (${g.statusCode}): ${g.detail}`);
  lines.push(`  server log: ${report.serverLog}`);
  return `${lines.join("\n")}\n`;
}

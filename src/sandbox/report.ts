/**
 * What the sandbox recorded: per agent (`agents/<id>/sandbox.json`) the connections it blocked —
 * host, port, how often, and the setting that would allow each — and its other denials as the
 * library reported them; per run (`sandbox.json`) all agents together, rendered for the job
 * summary as "Sandbox blocked N requests".
 *
 * Not recorded: reads of hidden paths and writes outside the writable ones. bubblewrap has no log
 * for them (a hidden file is simply absent, a read-only one fails with EROFS in the agent's own
 * output); each agent's record lists the rules instead, so a failure in its log can be matched.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { AGENT_FILES } from "../state/paths.js";
import { allowSettingFor } from "./ecosystems.js";

export const SANDBOX_REPORT_FILE = AGENT_FILES.sandbox;

export const NOT_RECORDED =
  "reads of hidden paths and writes to read-only ones are refused by the kernel without a log (bubblewrap reports none): they show only as errors in the agent's own output";

interface BlockedRequest {
  host: string;
  port: number | null;
  count: number;
  /** The setting that would allow it, e.g. `network.allowed: [example.com]`. */
  setting: string;
}

export interface AgentSandboxRecord {
  schemaVersion: 1;
  kind: "wave-agent-sandbox";
  agentId: string;
  blocked: BlockedRequest[];
  /** Other denials the library reported (its lines), with counts. */
  other: { line: string; count: number }[];
  /** The rules it ran under. */
  filesystem: { writable: string[]; hidden: string[] };
  network: { allowed: string[] };
  notRecorded: string;
}

export interface SandboxReport {
  schemaVersion: 1;
  kind: "wave-sandbox";
  mode: "auto" | "on";
  agents: AgentSandboxRecord[];
}

const NETWORK_LINE = /^deny network-outbound (\[[^\]]+\]|[^\s:]+)(?::(\d+))?/;

/** `{host, port}` of a library line about a blocked connection, or null. */
export function parseNetworkDenial(line: string): { host: string; port: number | null } | null {
  const m = NETWORK_LINE.exec(line.trim());
  if (!m) return null;
  return { host: m[1]!.replace(/^\[|\]$/g, "").toLowerCase(), port: m[2] ? Number(m[2]) : null };
}

/** Adds the library's violation lines to `record` (counting repeats). */
export function addViolations(record: AgentSandboxRecord, lines: readonly string[]): void {
  for (const line of lines) {
    const net = parseNetworkDenial(line);
    if (net) {
      const row = record.blocked.find((b) => b.host === net.host && b.port === net.port);
      if (row) row.count++;
      else record.blocked.push({ host: net.host, port: net.port, count: 1, setting: allowSettingFor(net.host) });
      continue;
    }
    const text = line.trim().slice(0, 300);
    const row = record.other.find((o) => o.line === text);
    if (row) row.count++;
    else record.other.push({ line: text, count: 1 });
  }
}

/** The run directory's sandbox.json, or null (the sandbox was off, or the file is not one). */
export async function readSandboxReport(runDir: string): Promise<SandboxReport | null> {
  const text = await readFile(path.join(runDir, SANDBOX_REPORT_FILE), "utf8").catch(() => null);
  if (!text) return null;
  try {
    const report = JSON.parse(text) as SandboxReport;
    return report?.kind === "wave-sandbox" && Array.isArray(report.agents) ? report : null;
  } catch {
    return null;
  }
}

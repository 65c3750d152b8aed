/**
 * Plain inputs of the views beyond result.json. Everything here is optional and supplied by the
 * caller (the action or the CLI), already redacted.
 */
import type { ModelProxyReport } from "../proxy/report.js";
import type { SandboxReport } from "../sandbox/report.js";
import type { WaveResult } from "../state/schema.js";
import type { DeploymentRow } from "./deployments.js";

/** A marker-looking line of an agent's log that was not accepted (or accepted with a remark). */
export interface MarkerDiagnostic {
  agentId: string;
  kind: string;
  /** 1-based line of the agent's log. */
  line: number;
  text: string;
  reason: string;
  severity?: "error" | "warning";
}

export interface ArtifactRef {
  name: string;
}

interface ResumeInfo {
  /** Artifact name or run directory the run resumed from. */
  source: string;
}

export interface WaveSummaryInput {
  result: WaveResult;
  /** Last lines of agents' logs by agent id, already redacted. */
  logTails?: Record<string, string>;
  markerDiagnostics?: MarkerDiagnostic[];
  /** Wave file path relative to the repository root (default: result.waveFile). */
  waveFile?: string;
  /** Line of each agent's `## Agent` heading in the wave file. */
  agentLines?: Record<string, number>;
  artifact?: ArtifactRef | null;
  resume?: ResumeInfo | null;
  /** The agents' last `[deploy-status]` reports (the Environments table), already redacted. */
  deployments?: DeploymentRow[];
  /**
   * Base URL of the repository's files at the run's commit (`https://github.com/o/r/blob/<sha>`);
   * when set, agent ids link to their heading in the wave file.
   */
  sourceUrl?: string;
  /** What the model proxy saw (model-proxy.json of the run; readModelProxyReport), when it was on. */
  modelProxy?: ModelProxyReport | null;
  /** What the sandbox recorded (sandbox.json of the run; readSandboxReport), when it was on. */
  sandbox?: SandboxReport | null;
}

export interface WaveSummaryOptions {
  /** Byte limit of the whole summary (GitHub's job summary limit is 1 MiB). */
  maxBytes?: number;
  /** Lines of each log tail shown at most. */
  tailLines?: number;
}

export interface AggregateSummaryExtras {
  /** Artifact per result, keyed `<lane>/<wave>` or by wave number. */
  artifacts?: Record<string, ArtifactRef>;
  /** Waves that were planned but have no result (job failed before writing one). */
  missingWaves?: number[];
  /** The newest run of each shard job of the sharded waves reported, design jobs (shard 0) included (a timeline bar each). */
  shardRuns?: WaveResult[];
  maxBytes?: number;
}

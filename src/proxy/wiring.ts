/**
 * The model proxy in a wave run (`model-proxy: auto|on`): one proxy per run of a wave, started by
 * the engine before the first agent and closed when the wave ends (also on failure or cancel).
 *
 * - Each codex, Claude Code and OpenCode launch goes through `launch()` after the OS boundary and
 *   the rehearsal hook adjusted its environment: the CLI is pointed at the proxy with a token of
 *   its own (hook.ts), the real key stays here. Upstreams: the orchestrator's environment
 *   (`upstreamOf`), or in a rehearsal the scripted model server the rehearsal pointed the CLI at
 *   (`upstreamOfPointedEnv`: its base URL and key are read back from the launch's environment and
 *   config files, then removed from the agent's reach).
 * - A launch the proxy cannot carry (a subscription login, no key, a provider it does not speak)
 *   runs as before with one notice per agent under `auto`; under `on` it is an error, and
 *   `preflightSkips` names every such agent before anything starts. `local` and `command` agents
 *   have no model API of their own to carry: they run as before, without a notice.
 * - What the proxy read at the wire is the agent's usage (`usageOf`); its budget stops reach the
 *   engine through `onBudgetStop`. After each process the agent's token is revoked; a retry gets a
 *   new one.
 * - `report()` is what the run keeps in `model-proxy.json`: per agent its requests, waits (and
 *   why), 429s waited out, requests refused for a spent budget or for a route its provider API
 *   does not have, and the request headers dropped (names only); plus the requests refused for a
 *   missing or wrong token, and CONNECT or absolute-URL requests. A credential-less `HEAD` (Claude
 *   Code checks the base URL that way when it starts) is counted apart as a probe, not listed as a
 *   refused request.
 */
import { rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { UserError } from "../errors.js";
import type { RehearsalLaunch } from "../engine/types.js";
import { isEndpointExecutor } from "../executors/endpoint.js";
import { findAdapter } from "../executors/registry.js";
import type { AgentUsage, Pricing } from "../usage/schema.js";
import type { ModelProxyReport } from "./report.js";
import { OPENCODE_PROXY_CONFIG_FILE, proxyHook, type UpstreamChoice, upstreamOf } from "./hook.js";
import type { ModelProxy, ProxyBudgetStop, UnauthorizedRequest } from "./server.js";

export { OPENCODE_PROXY_CONFIG_FILE };

export interface WaveProxyOptions {
  mode: "auto" | "on";
  pricing: Pricing;
  /** The wave's budget (`max-budget-usd`), enforced at the wire too. */
  maxBudgetUsd: number | null;
  /** The orchestrator's environment: the real keys. */
  env: NodeJS.ProcessEnv;
  /** `wave rehearse`: the upstream is the scripted server the rehearsal hook pointed each CLI at. */
  rehearsal: boolean;
  onBudgetStop(stop: ProxyBudgetStop): void;
  onNotice(message: string): void;
}

export interface WaveModelProxy {
  readonly mode: "auto" | "on";
  readonly url: string;
  /** The agent's environment with its CLI pointed at the proxy (unchanged when not carried). */
  launch(launch: RehearsalLaunch): Promise<Record<string, string>>;
  /** The agent's latest launch went through the proxy. */
  carries(agentId: string): boolean;
  /** What the proxy read for the agent in this run (null: never went through it). */
  usageOf(agentId: string): AgentUsage | null;
  /** The agent's process ended: its token stops working. */
  revoke(agentId: string): void;
  report(): ModelProxyReport;
  close(): Promise<void>;
}

const REHEARSAL_PROVIDER = "rehearsal";

/**
 * The model endpoint `env` (a launch environment already pointed at one, as the rehearsal hook
 * leaves it) sends the CLI to: its base URL and key, read from where the CLI reads them (the
 * adapter's `endpoint.pointedUpstream`).
 */
export function upstreamOfPointedEnv(launch: RehearsalLaunch, env: Record<string, string>): UpstreamChoice {
  const executor = launch.spec.executorId;
  const upstream = findAdapter(executor)?.endpoint?.pointedUpstream(env, REHEARSAL_PROVIDER) ?? null;
  return upstream ? { upstream } : { skip: `the ${executor} launch names no model endpoint to carry` };
}

export interface ProxyPreflightAgent {
  agentId: string;
  executor: string;
  model: string | null;
}

/** The agents whose launches the proxy could not carry, and why (codex, claude, opencode only). */
export function preflightSkips(
  agents: readonly ProxyPreflightAgent[],
  env: NodeJS.ProcessEnv,
  rehearsal: boolean,
): { agentId: string; executor: string; reason: string }[] {
  const out: { agentId: string; executor: string; reason: string }[] = [];
  for (const a of agents) {
    // In a rehearsal every such CLI talks to the scripted server, which the proxy can always carry.
    // A model CLI without an endpoint (its adapter names keys: gemini) never can: its key would reach the agent.
    if (rehearsal || !(isEndpointExecutor(a.executor) || findAdapter(a.executor)?.keys)) continue;
    const choice = upstreamOf(a.executor, a.model, env);
    if ("skip" in choice) out.push({ agentId: a.agentId, executor: a.executor, reason: choice.skip });
  }
  return out;
}

/** "model-proxy is on, but ... cannot go through it: ..." for the agents `preflightSkips` named. */
export function describeOnFailure(skips: readonly { agentId: string; executor: string; reason: string }[]): string {
  const lines = skips.map((s) => `  ${s.agentId} (${s.executor}): ${s.reason}`);
  return `model-proxy is on, but ${skips.length === 1 ? "this agent" : "these agents"} cannot go through the model proxy:\n${lines.join("\n")}\nGive the proxy an API key to hold, or set model-proxy to auto (such agents then run without it) or off.`;
}

export async function openWaveProxy(options: WaveProxyOptions): Promise<WaveModelProxy> {
  // The server (and with it node:http/https) is loaded only by a run that starts it.
  const { startModelProxy } = await import("./server.js");
  const proxy: ModelProxy = await startModelProxy({
    pricing: options.pricing,
    waveLimits: { usd: options.maxBudgetUsd, tokens: null },
    onBudgetStop: (stop) => options.onBudgetStop(stop),
  });
  // Per-agent CODEX_HOMEs (agents sharing the orchestrator's user): private, outside the run directory.
  const homesDir = await mkdtemp(path.join(os.tmpdir(), "wave-proxy-homes-"));
  const carried = new Set<string>();
  const noticed = new Set<string>();
  const skipped = new Map<string, { agentId: string; executor: string; reason: string }>();
  const onSkip = (launch: RehearsalLaunch, reason: string) => {
    const agentId = launch.context.agent.agentId;
    const executor = launch.spec.executorId;
    carried.delete(agentId);
    if (!isEndpointExecutor(executor)) return;
    if (options.mode === "on") throw new UserError(describeOnFailure([{ agentId, executor, reason }]), 2);
    skipped.set(agentId, { agentId, executor, reason });
    if (noticed.has(agentId)) return;
    noticed.add(agentId);
    options.onNotice(`model proxy: agent ${agentId} (${executor}) runs without it: ${reason}`);
  };
  return {
    mode: options.mode,
    url: proxy.url,
    async launch(launch) {
      const id = launch.context.agent.agentId;
      let current = launch;
      let upstreamFor: (() => UpstreamChoice) | undefined;
      let pointedConfig: string | null = null;
      const endpoint = findAdapter(launch.spec.executorId)?.endpoint;
      if (options.rehearsal && endpoint) {
        const choice = upstreamOfPointedEnv(launch, launch.env);
        // The launch as the rehearsal left it (OpenCode: its config is the rehearsal's copy).
        const pointed = endpoint.pointedLaunch?.(launch, launch.env) ?? { launch: { ...launch, env: launch.env }, configFile: null };
        current = pointed.launch;
        pointedConfig = pointed.configFile;
        upstreamFor = () => choice;
      }
      let skippedNow = false;
      const hook = proxyHook({
        proxy,
        homesDir,
        env: options.env,
        ...(upstreamFor ? { upstreamFor } : {}),
        // A rehearsal's CLIs stay off the network, as without the proxy.
        offline: options.rehearsal,
        onSkip: (l, reason) => {
          skippedNow = true;
          onSkip(l, reason);
        },
      });
      const env = await hook(current);
      if (!skippedNow) {
        carried.add(id);
        skipped.delete(id);
        // The rehearsal's own config (OpenCode's) holds the upstream's key: the proxy's copy replaces it.
        if (pointedConfig && !Object.values(env).includes(pointedConfig)) rmSync(pointedConfig, { force: true });
      }
      return env;
    },
    carries: (agentId) => carried.has(agentId),
    usageOf: (agentId) => (proxy.activity(agentId) ? proxy.usageOf(agentId) : null),
    revoke: (agentId) => proxy.revoke(agentId),
    report() {
      const all = proxy.unauthorized();
      const probe = (u: UnauthorizedRequest) => u.method === "HEAD" && u.reason === "no token";
      return {
        schemaVersion: 1,
        kind: "wave-model-proxy",
        mode: options.mode,
        agents: proxy.activities(),
        skipped: [...skipped.values()],
        unauthorized: all.filter((u) => !probe(u)),
        probes: all.filter(probe).length,
        refusedTargets: proxy.refusedTargets(),
      };
    },
    async close() {
      await proxy.close();
      await rm(homesDir, { recursive: true, force: true });
    },
  };
}

/** Whether the proxy will carry an agent of `executor` with `model` (its budget is then watched at the wire). */
export function proxyWillCarry(
  mode: "auto" | "on" | "off" | undefined,
  executor: string,
  model: string | null,
  env: NodeJS.ProcessEnv,
  rehearsal: boolean,
): boolean {
  if (!mode || mode === "off" || !isEndpointExecutor(executor)) return false;
  return rehearsal || mode === "on" || !("skip" in upstreamOf(executor, model, env));
}

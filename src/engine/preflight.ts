/**
 * The preflight: what must hold before any agent of a (non-dry) run starts. tmux is there when
 * asked for; every agent has an executor that can start (a fallback may stand in for a missing
 * primary, with a warning; otherwise one message lists everything missing, exit 2); under
 * `model-proxy: on` every codex / Claude Code / OpenCode agent can be carried; under `sandbox: on`
 * the sandbox works. A preflight that fails records its failure on the run and throws a UserError:
 * nothing has started then.
 *
 * tmux's installer and the sandbox are loaded only by a run that turns them on; the model proxy's
 * server only when it starts (proxy/wiring.ts).
 */
import type { AgentBoundary } from "../agent-user/boundary.js";
import { UserError } from "../errors.js";
import { isRehearsable } from "../executors/endpoint.js";
import { agentRunCheck, formatMissingExecutors, preflight as executorPreflight } from "../executors/preflight.js";
import { describeOnFailure, openWaveProxy, preflightSkips, type WaveModelProxy } from "../proxy/wiring.js";
import type { WaveSandbox } from "../sandbox/wave-sandbox.js";
import type { ExecutorId, ResolvedExecutor } from "../wave/schema.js";
import type { BudgetGuard } from "./budget-guard.js";
import type { WaveRun } from "./wave-run.js";

/** The executors an agent may run with, in order: its own, then its fallbacks when it allows them on a retry. */
export function executorChain(executor: Pick<ResolvedExecutor, "id" | "allowFallbackOnRetry" | "fallbacks">): ExecutorId[] {
  const chain: ExecutorId[] = [executor.id];
  if (executor.allowFallbackOnRetry) for (const f of executor.fallbacks) if (!chain.includes(f)) chain.push(f);
  return chain;
}

/**
 * Where an agent starts in its chain when the preflight found `first` the first executor of it
 * that can start: the chain (extended by `first` when it was not in it) and `first`'s index, or
 * null when the agent starts with its own executor.
 */
export function startInChain(
  chain: readonly ExecutorId[],
  first: ExecutorId | null | undefined,
): { chain: ExecutorId[]; index: number } | null {
  if (!first || first === chain[0]) return null;
  const extended = chain.includes(first) ? [...chain] : [...chain, first];
  return { chain: extended, index: extended.indexOf(first) };
}

/** With agents behind another OS user: why that user cannot start a program (executors/preflight.ts `agentRunCheck`). */
function agentUserCheck(boundary: AgentBoundary, env: Readonly<Record<string, string | undefined>>, cwd: string) {
  return boundary.identity ? agentRunCheck(boundary.identity, env, cwd) : undefined;
}

/** What the preflight started: the run's model proxy and sandbox (each null when off). */
export interface PreflightOutcome {
  modelProxy: WaveModelProxy | null;
  sandbox: WaveSandbox | null;
}

export async function runPreflight(run: WaveRun, boundary: AgentBoundary, budget: BudgetGuard): Promise<PreflightOutcome> {
  const { options, deps, prepared } = run;
  // `tmux: true`: tmux is there (installed in GitHub Actions), or nothing starts.
  if (options.tmux) {
    const { defaultTmuxInstallDeps, ensureTmux } = await import("../runtime/tmux-install.js");
    await ensureTmux(defaultTmuxInstallDeps(deps.env, (message) => run.notice(message)));
  }
  for (const pa of prepared.agents) run.executorChains.set(pa.agent.agentId, executorChain(pa.executor));
  const report = executorPreflight(
    prepared.agents.map((pa) => ({ agentId: pa.agent.agentId, executor: pa.executor })),
    { env: deps.env, cwd: options.root, cliArgv: deps.cliArgv, agentCannotRun: agentUserCheck(boundary, deps.env, options.root) },
  );
  if (report.blockedAgents.length > 0) {
    const message = formatMissingExecutors(report.missing, report.blockedAgents);
    run.failure = {
      stage: "preflight",
      agentId: report.blockedAgents[0]?.agentId ?? null,
      statusCode: "executor-missing",
      detail: message,
      log: null,
    };
    throw new UserError(message, 2);
  }
  if (report.missing.length > 0) run.warn(formatMissingExecutors(report.missing));
  // A rehearsal never lets a model CLI reach its provider: one it cannot point at the scripted
  // model server is refused before anything starts.
  if (deps.rehearsal) {
    const refused = prepared.agents.flatMap((pa) =>
      (run.executorChains.get(pa.agent.agentId) ?? []).filter((id) => !isRehearsable(id)).map((id) => ({ agentId: pa.agent.agentId, id })),
    );
    const first = refused[0];
    if (first) {
      const message = `cannot rehearse ${refused.map((r) => `${r.agentId} (${r.id})`).join(", ")}: the CLI cannot be pointed at the rehearsal's scripted model server, so it would reach its real provider with the keys set (docs/executors.md)`;
      run.failure = { stage: "preflight", agentId: first.agentId, statusCode: "rehearsal-unsupported", detail: message, log: null };
      throw new UserError(message, 2);
    }
  }
  // The model proxy: under `on` every codex / Claude Code / OpenCode agent must be carried, or nothing starts.
  run.modelProxy = await openModelProxy(run, budget);
  run.sandbox = await openSandbox(run, boundary);
  for (const pa of prepared.agents) {
    const id = pa.agent.agentId;
    const start = startInChain(run.executorChains.get(id) ?? [pa.executor.id], report.firstAvailable[id]);
    if (!start) continue;
    run.executorChains.set(id, start.chain);
    run.executorIndex.set(id, start.index);
  }
  return { modelProxy: run.modelProxy, sandbox: run.sandbox };
}

/** Starts the run's model proxy (null with model-proxy off); under `on`, fails when an agent cannot be carried. */
async function openModelProxy(run: WaveRun, budget: BudgetGuard): Promise<WaveModelProxy | null> {
  const { options, deps, prepared } = run;
  const mode = options.modelProxy ?? "off";
  if (mode === "off") return null;
  const rehearsal = Boolean(deps.rehearsal);
  if (mode === "on") {
    const skips = preflightSkips(
      prepared.agents.map((pa) => ({ agentId: pa.agent.agentId, executor: pa.executor.id, model: pa.executor.model })),
      deps.env,
      rehearsal,
    );
    const firstSkip = skips[0];
    if (firstSkip) {
      const message = describeOnFailure(skips);
      run.failure = { stage: "preflight", agentId: firstSkip.agentId, statusCode: "model-proxy-unavailable", detail: message, log: null };
      throw new UserError(message, 2);
    }
  }
  return openWaveProxy({
    mode,
    pricing: prepared.lane.pricing,
    maxBudgetUsd: options.maxBudgetUsd,
    env: deps.env,
    rehearsal,
    onBudgetStop: (stop) => budget.stopFor(stop.agentId, stop.breach),
    onNotice: (message) => run.notice(message),
  });
}

/** Starts the run's sandbox (null when off, or under auto where it cannot work: a warning says why). */
async function openSandbox(run: WaveRun, boundary: AgentBoundary): Promise<WaveSandbox | null> {
  const { options, deps } = run;
  const lane = run.prepared.lane;
  const mode = options.sandbox ?? lane.sandbox ?? "off";
  // Off: no sandbox code is loaded (its probes, policy and the library stay out of the run).
  if (mode === "off") return null;
  const { openWaveSandbox } = await import("../sandbox/wave-sandbox.js");
  return openWaveSandbox({
    mode,
    env: deps.env,
    workTree: boundary.agentRoot,
    stateDir: options.stateDir,
    runDir: run.paths.runDir,
    identity: boundary.identity ?? null,
    allowed: lane.networkAllowed ?? [],
    onNotice: (message) => run.notice(message),
    onWarning: (message) => run.warn(message),
  }).catch((error: unknown) => {
    // `sandbox: on` where it cannot work: nothing starts, and the result says why.
    if (error instanceof UserError)
      run.failure = { stage: "preflight", agentId: null, statusCode: "sandbox-unavailable", detail: error.message, log: null };
    throw error;
  });
}

/**
 * runWave: the one engine behind `wave run` and the action's run mode.
 *
 * Order of a wave: design agents (when declared) → design gate → implementation agents in
 * parallel → implementation gates → closure sweep (cont-EVAL → security → integration →
 * documentation → cont-QA; each stage's agents run, then its gate) → infra and clarification
 * gates. The first failing gate stops the attempt; the next in-job attempt reruns only what failed,
 * and there is none when no attempt can change the failure (it names no agent to run again, or it
 * is readable from the wave files alone). Gates see the component matrix and benchmark catalog as
 * they are on disk when evaluated.
 * result.json and the progress journal are always written, whatever happens.
 *
 * This file holds the wave's lock and runs the steps in order: it starts the WaveRun (wave-run.ts
 * says how the steps are laid out), opens what the agents run behind, then preflight, carry-over
 * and the attempts, and finishes the run whatever happened.
 */
import { setMaxListeners } from "node:events";
import type { AgentBoundary } from "../agent-user/boundary.js";
import { recoverBoundaries } from "../agent-user/boundary.js";
import { cliArgvForAgent } from "../agent-user/cli-argv.js";
import type { ControlServer } from "../control/server.js";
import { errorMessage, UserError } from "../errors.js";
import { proxyWillCarry } from "../proxy/wiring.js";
import type { PriorRun } from "../resume/prior.js";
import { stopLeftoverAgents } from "../runtime/leftovers.js";
import { checkAgentEdits } from "../wave/agent-edits.js";
import { acquireLock } from "../state/lock.js";
import { waveDirOf } from "../state/paths.js";
import { ensureStateDir } from "../state/state-dir.js";
import type { WaveResult, WaveStatus } from "../state/schema.js";
import { type AgentRunContext, MarkerNonces } from "./agent-run.js";
import { stageAgent } from "./agent-stage.js";
import { promptFor } from "./agent-prompt.js";
import { runAttempts } from "./attempt-loop.js";
import { BudgetGuard } from "./budget-guard.js";
import { carryOver, restoreChangesIfNeeded } from "./carry-over.js";
import { finish, thrownFailure } from "./finish.js";
import type { RunOptions } from "./options.js";
import { watchOwnership } from "./ownership.js";
import { runPreflight } from "./preflight.js";
import { type PreparedWave, prepareWave } from "./prepare.js";
import { closeModelProxy, closeSandbox, openAgentBoundary, openControl } from "./services.js";
import { writeWaveShim } from "./shim.js";
import type { EngineDeps } from "./types.js";
import { shardDirOf, startRun } from "./start-run.js";
import type { WaveRun } from "./wave-run.js";

export interface RunWaveOutcome {
  result: WaveResult;
  runDir: string;
  resultFile: string;
}

export async function runWave(options: RunOptions, deps: EngineDeps): Promise<RunWaveOutcome> {
  // A definition an agent changed and nobody decided on is never judged with (wave/agent-edits.ts).
  if (!options.dryRun) await checkAgentEdits(options.root, options.stateDir, options.acceptAgentEdits ?? []);
  const prepared = await prepareWave(options, {
    proxied: (executor) => proxyWillCarry(options.modelProxy, executor.id, executor.model, deps.env, Boolean(deps.rehearsal)),
  });
  for (const w of prepared.warnings) deps.onEvent?.({ type: "warning", message: w });
  const lane = prepared.laneName;
  const waveDir = waveDirOf(options.stateDir, lane, options.wave, shardDirOf(prepared));
  let lock: Awaited<ReturnType<typeof acquireLock>>;
  try {
    await ensureStateDir(options.stateDir, options.root);
    lock = await acquireLock(waveDir, `wave run --wave ${options.wave}`);
  } catch (error) {
    if (error instanceof UserError) throw error;
    throw new UserError(`the state directory ${options.stateDir} is not writable (${String(error)})`, 2);
  }
  try {
    // Holding the lock, any agent of this wave still running was left by a run that died
    // (e.g. SIGKILL): stop it before its work is redone.
    for (const note of await recoverBoundaries(options.stateDir)) deps.onEvent?.({ type: "warning", message: note });
    const orphans = await stopLeftoverAgents(waveDir);
    if (orphans.length > 0) {
      deps.onEvent?.({
        type: "warning",
        message: `stopped ${orphans.length} agent process(es) left running by an earlier run of this wave (pid ${orphans.join(", ")})`,
      });
    }
    return await runLocked(options, deps, prepared, waveDir);
  } finally {
    await lock.release();
  }
}

async function runLocked(options: RunOptions, deps: EngineDeps, prepared: PreparedWave, waveDir: string): Promise<RunWaveOutcome> {
  const started = await startRun(options, deps, prepared, waveDir);
  const { run, prior } = started;
  const controller = new AbortController();
  let boundary: AgentBoundary | null = null;
  let control: ControlServer | null = null;
  // Every running agent listens on it: no "possible memory leak" warning for waves of > 10 agents.
  setMaxListeners(0, controller.signal);
  const onAbort = () => controller.abort();
  deps.signal?.addEventListener("abort", onAbort, { once: true });
  if (deps.signal?.aborted) controller.abort();
  let status: WaveStatus = "failed";
  let thrown: { error: unknown } | null = null;
  try {
    // Earlier changes go into the work tree before it is handed to the agent user, so that the
    // agents own what they restore and git's index is consistent with the files it compares.
    if (prior && !options.dryRun) await restoreChangesIfNeeded(options, deps, prior);
    boundary = await openAgentBoundary(run);
    // Agents reach the orchestrator only through this socket, authenticated by a token each.
    control = options.dryRun ? null : await openControl(boundary.controlDir, run);
    status = await execute({ run, prior, offered: started.offered, signal: controller.signal, boundary, control });
  } catch (error) {
    thrown = { error };
  } finally {
    deps.signal?.removeEventListener("abort", onAbort);
    await control?.close();
    await closeModelProxy(run);
    await closeSandbox(run);
    // Nothing of the agents runs, and the work tree is the orchestrator's again, before the
    // changes are captured and the result is written.
    if (boundary) {
      try {
        await boundary.close();
      } catch (error) {
        run.warn(`agent boundary: ${errorMessage(error)}`);
      }
    }
  }
  const finishing = { startedAt: started.startedAt, resumedFrom: started.resumedFrom, baseCommit: started.baseCommit, repo: started.repo };
  if (thrown) {
    run.failure ??= thrownFailure(thrown.error, run.stages.length > 0);
    await finish(run, { ...finishing, status: "failed" });
    throw thrown.error;
  }
  const result = await finish(run, { ...finishing, status });
  return { result, runDir: run.paths.runDir, resultFile: run.paths.result };
}

/** What the attempts run in: the run, the run it resumes, and what its agents run behind. */
interface Execution {
  run: WaveRun;
  prior: PriorRun | null;
  /** The earlier run a resume was offered, also when refused (its open question may be answered). */
  offered: string | null;
  signal: AbortSignal;
  boundary: AgentBoundary;
  control: ControlServer | null;
}

/** What every agent launch of the run shares (the attempt number is added per attempt). */
async function launchBase({ run, signal, boundary, control }: Execution): Promise<Omit<AgentRunContext, "attemptNo">> {
  const { options, deps, prepared, paths } = run;
  // Each launch of a closure agent draws its own marker nonce (launchNonce): the run shares none.
  const markerNonces = options.requireMarkerNonce || prepared.lane.runtimePolicy.requireMarkerNonce ? new MarkerNonces() : null;
  const agentCliArgv =
    boundary.identity && boundary.binDir ? await cliArgvForAgent(deps.cliArgv, boundary.identity, boundary.binDir) : deps.cliArgv;
  const shimDir = await writeWaveShim(boundary.binDir ?? paths.binDir, agentCliArgv);
  const agentDeps: EngineDeps = agentCliArgv === deps.cliArgv ? deps : { ...deps, cliArgv: agentCliArgv };
  const budget = new BudgetGuard(prepared.lane.pricing, options.maxBudgetUsd, (stop) =>
    run.warn(`budget: ${stop.detail}; no further agent of this wave starts`),
  );
  return { options, deps: agentDeps, prepared, run: paths, markerNonces, shimDir, signal, boundary, control, budget };
}

/** The wave-start event and the coordination log's first record of the run. */
async function announce(run: WaveRun): Promise<void> {
  const { prepared } = run;
  run.deps.onEvent?.({
    type: "wave-start",
    lane: prepared.laneName,
    wave: prepared.wave.wave,
    attempt: run.paths.attempt,
    agents: prepared.agents.map((a) => ({
      id: a.agent.agentId,
      title: a.agent.title,
      role: a.role,
      executor: a.executor.id,
      phase: a.phase,
    })),
    resumedFrom: run.progress.resumedFrom,
  });
  await run.lifecycle("wave_start");
}

async function execute(execution: Execution): Promise<WaveStatus> {
  const { run, prior, offered, boundary } = execution;
  const base = await launchBase(execution);
  await announce(run);
  if (run.options.dryRun) {
    // A preview: every agent's prompt and launch are written, nothing starts.
    for (const pa of run.prepared.agents) {
      const prompt = await promptFor(run, pa, null);
      await stageAgent({ ...base, attemptNo: 1 }, pa, pa.executor.id, prompt);
    }
    return "dry-run";
  }
  const started = await runPreflight(run, boundary, base.budget);
  const ctxBase = { ...base, ...started };
  // Resume: carry the prior run's coordination log and feedback over, answer the question.
  await carryOver(run, { prior, offered });
  // What the agents change from here on is theirs: the first look at the work tree, the definitions pinned.
  run.ownership = await watchOwnership(run.options, run.prepared, (m) => run.warn(m));
  return runAttempts(run, ctxBase, prior);
}

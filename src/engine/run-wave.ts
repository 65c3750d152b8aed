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
 */
import { randomBytes } from "node:crypto";
import { setMaxListeners } from "node:events";
import { promises as fs } from "node:fs";
import { existsSync } from "node:fs";
import path from "node:path";
import type { GateInputs, OpenBlocker, PlannedStage } from "../closure/index.js";
import {
  clarificationGate,
  designGates,
  gateForStage,
  implementationStageGates,
  infraGate,
  isStaticFailure,
  planClosureStages,
  stageLaunchDecision,
  staticGateFailures,
} from "../closure/index.js";
import {
  appendCoordinationRecord,
  createCoordinationRecord,
  answeredBy,
  clarificationFollowedUp,
  lifecycleRecord,
  materialize,
  openBlockingRecords,
  readCoordinationLog,
  renderInbox,
  renderMessageBoard,
  renderSharedSummary,
} from "../coordination/index.js";
import { helperAssignmentGate } from "../closure/barriers.js";
import { type Context7Provider, createContext7Provider } from "../context7/index.js";
import { collectSecretValues, createRedactor } from "../security/redact.js";
import type { AgentBoundary } from "../agent-user/boundary.js";
import { openBoundary, recoverBoundaries } from "../agent-user/boundary.js";
import { decideAgentUser } from "../agent-user/choice.js";
import { cliArgvForAgent } from "../agent-user/cli-argv.js";
import { elevatedFromUser, giveBackToUser } from "../agent-user/elevate.js";
import { UserError } from "../errors.js";
import { preflight, formatMissingExecutors } from "../executors/index.js";
import { gatherAnswers, latestAnswerFor, type StoredAnswer } from "../feedback/answers.js";
import { answerFeedbackRequest, carryFeedbackRequest, readFeedbackRequests } from "../feedback/requests.js";
import { composePrompt } from "../prompt/compose.js";
import { findLatestRun, nextAttempt, type PriorRun, readPriorRun, trailingDryRun } from "../resume/local.js";
import { runWithConcurrency } from "../runtime/index.js";
import { stopLeftoverAgents } from "../runtime/leftovers.js";
import { defaultTmuxInstallDeps, ensureTmux } from "../runtime/tmux-install.js";
import type { ExecutionSummary } from "../signals/schema.js";
import { applyChanges, captureChanges } from "../state/changes.js";
import { writeJsonAtomic, writeTextAtomic } from "../state/files.js";
import { headCommit, repositoryId } from "../state/git.js";
import { acquireLock } from "../state/lock.js";
import { ensureStateDir } from "../state/state-dir.js";
import { agentPaths, type RunPaths, relativeToRun, runPaths, waveDirOf } from "../state/paths.js";
import type { Progress } from "../state/progress.js";
import type { AgentUserInfo, Failure, Feedback, GateResult, WaveResult, WaveStatus } from "../state/schema.js";
import { benchmarkFamiliesForGates, matrixForGates } from "../wave/catalogs.js";
import { CLOSURE_STAGES, type ClosureStage, type ExecutorId } from "../wave/schema.js";
import { staticGateInputsFor } from "../wave/validate.js";
import { type AgentRunContext, effectiveTimeoutMinutes, runStagedAgent, stageAgent, usesNonce } from "./agent-run.js";
import { type EarlierRun, interruptionOf, planSession, type SessionPlan } from "./session-resume.js";
import type { RunOptions } from "./options.js";
import { planRun, type PriorState } from "./plan.js";
import { type PreparedWave, prepareWave } from "./prepare.js";
import { BudgetGuard } from "./budget-guard.js";
import { buildResult } from "./result.js";
import { writeWaveShim } from "./shim.js";
import { type ControlServer, startControlServer } from "../control/server.js";
import { describeOnFailure, openWaveProxy, preflightSkips, proxyWillCarry, type WaveModelProxy } from "../proxy/wiring.js";
import { MODEL_PROXY_REPORT_FILE } from "../proxy/report.js";
import type { AgentRecord, EngineDeps, PreparedAgent } from "./types.js";
import { openWaveSandbox, type WaveSandbox } from "../sandbox/wave-sandbox.js";

export interface RunWaveOutcome {
  result: WaveResult;
  runDir: string;
  resultFile: string;
}

interface WaveState {
  prepared: PreparedWave;
  run: RunPaths;
  records: Map<string, AgentRecord>;
  summaries: Record<string, ExecutionSummary | undefined>;
  gates: GateResult[];
  passedStages: ClosureStage[];
  stages: { stage: string; startedAt: string; completedAt: string | null }[];
  executorIndex: Map<string, number>;
  failure: Failure | null;
  feedback: Feedback | null;
  progress: Progress;
  /** Who the agents ran as (set when the boundary opens). */
  agentUser?: AgentUserInfo;
  /** The earlier run this one resumes (its agents' outcomes and directories), if any. */
  prior?: PriorRun | null;
  /** Answers humans gave to this wave's questions, kept per agent and question (feedback/answers.ts). */
  answers?: StoredAnswer[];
  /** Ids of the blocker records this run appended for forwarded closure gaps (cont-QA judges them). */
  forwardedGaps: string[];
  /** Fetches the agents' Context7 documentation (null in a dry run). */
  context7?: Context7Provider | null;
  /** The run's model proxy (model-proxy auto|on; null until the preflight started it). */
  modelProxy?: WaveModelProxy | null;
  /** The run's sandbox (sandbox auto|on where it works; null until the preflight started it). */
  sandbox?: WaveSandbox | null;
}

/** The agents that ran (or were reused) in the run this one resumes. */
function ranInPrior(prior: PriorState): Set<string> {
  return new Set(Object.entries(prior.agents).filter(([, a]) => a.status !== "not-run").map(([id]) => id));
}

function gateFailure(gate: GateResult, state: WaveState): Failure {
  return {
    stage: gate.stage,
    agentId: gate.agentId,
    statusCode: gate.statusCode,
    detail: gate.detail,
    log: gate.agentId && state.records.has(gate.agentId) ? logRel(state, gate.agentId) : (gate.logPath ?? null),
  };
}

/** Reads the failure through a call so flow analysis does not narrow it. */
function failureOf(state: WaveState): Failure | null {
  return state.failure;
}

function logRel(state: WaveState, agentId: string): string {
  return relativeToRun(state.run, agentPaths(state.run, agentId).log);
}

async function saveProgress(state: WaveState, deps: EngineDeps, patch: Partial<Progress> = {}): Promise<void> {
  const agents: Progress["agents"] = {};
  for (const pa of state.prepared.agents) {
    const r = state.records.get(pa.agent.agentId);
    if (!r) continue;
    agents[pa.agent.agentId] = {
      status: r.status,
      fingerprint: pa.fingerprint,
      executor: r.executor,
      exitCode: r.exitCode,
      statusCode: r.statusCode,
      attempts: r.attempts,
      runs: r.runs,
      startedAt: r.startedAt,
      completedAt: r.completedAt,
      source: r.reusedFrom,
      usage: r.usage,
    };
  }
  state.progress = {
    ...state.progress,
    ...patch,
    agents,
    gates: state.gates,
    passedStages: state.passedStages,
    updatedAt: deps.now().toISOString(),
  };
  await writeJsonAtomic(state.run.progress, state.progress);
}

function executorChain(pa: PreparedAgent): ExecutorId[] {
  const chain: ExecutorId[] = [pa.executor.id];
  if (pa.executor.allowFallbackOnRetry) for (const f of pa.executor.fallbacks) if (!chain.includes(f)) chain.push(f);
  return chain;
}

/**
 * Everything the gate functions take, read when a gate is about to be evaluated: the component
 * matrix is read from the work tree each time (so the documentation stage's edits count) and the
 * benchmark catalog gives the delegated families of the cont-EVAL gate.
 */
function gateInputs(ctx: AgentRunContext, state: WaveState, coordination: { openBlockers: OpenBlocker[] }): GateInputs {
  const { lane } = state.prepared;
  const { root } = ctx.options;
  const { matrix, problem } = matrixForGates(root, lane.paths.componentCutoverMatrixJsonPath, lane.hasConfig);
  const inputs: GateInputs = {
    wave: state.prepared.wave,
    roles: state.prepared.roles,
    summaries: state.summaries,
    policy: state.prepared.policy,
    coordination: { ...coordination, forwardedGaps: [...state.forwardedGaps] },
    componentMatrix: matrix,
    componentMatrixProblem: problem,
    capabilityRouting: lane.capabilityRouting.preferredAgents,
    benchmarkFamilies: benchmarkFamiliesForGates(root, lane.paths.benchmarkCatalogPath),
    attempt: ctx.attemptNo,
  };
  ctx.deps.onGateInputs?.(inputs);
  return inputs;
}

/**
 * A failure no next attempt can change: one that names no agent (nothing would run again, so the
 * same gate gives the same answer), or one readable from the files alone (validation reports
 * those, so this is the guard behind it).
 */
function cannotChange(failure: Failure, state: WaveState, root: string): boolean {
  if (failure.agentId === null) return true;
  const { wave, lane } = state.prepared;
  return isStaticFailure(failure, staticGateFailures(staticGateInputsFor(wave, lane, root)));
}

async function coordinationState(state: WaveState) {
  const log = await readCoordinationLog(state.run.coordination);
  return materialize(log.records);
}

async function openBlockers(state: WaveState): Promise<OpenBlocker[]> {
  const coord = await coordinationState(state);
  return openBlockingRecords(coord).map((r) => ({
    id: r.id,
    kind: r.kind,
    agentId: r.agentId,
    summary: r.summary,
    severity: r.blockerSeverity,
    targets: r.targets,
    followUpOf: clarificationFollowedUp(r, coord),
    answeredBy: answeredBy(r, coord),
  }));
}

async function lifecycle(state: WaveState, deps: EngineDeps, event: string, agentId?: string, detail?: string) {
  try {
    await appendCoordinationRecord(
      state.run.coordination,
      lifecycleRecord({
        event,
        wave: state.prepared.wave.wave,
        lane: state.prepared.laneName,
        attempt: state.run.attempt,
        now: deps.now(),
        ...(agentId ? { agentId } : {}),
        ...(detail ? { detail } : {}),
      }),
    );
  } catch (error) {
    deps.onEvent?.({ type: "warning", message: `could not append to the coordination log: ${String(error)}` });
  }
}

function implementationSummaries(state: WaveState): string {
  const lines: string[] = [];
  for (const pa of state.prepared.agents) {
    if (pa.phase !== "implementation" && pa.phase !== "design") continue;
    const r = state.records.get(pa.agent.agentId);
    const s = state.summaries[pa.agent.agentId];
    const parts = [`${pa.agent.agentId} (${pa.agent.title}): ${r?.status ?? "not-run"}`];
    if (s?.proof) parts.push(`proof ${s.proof.completion}/${s.proof.durability}/${s.proof.proof} ${s.proof.state}`);
    if (s?.docDelta) parts.push(`doc-delta ${s.docDelta.state}`);
    const missing = s?.deliverables.filter((d) => !d.exists).map((d) => d.path) ?? [];
    if (missing.length) parts.push(`missing deliverables: ${missing.join(", ")}`);
    lines.push(`- ${parts.join("; ")}`);
  }
  return lines.join("\n");
}

function agentInboxOwner(pa: PreparedAgent) {
  return { agentId: pa.agent.agentId, components: pa.agent.components, capabilities: pa.agent.capabilities };
}

/** The current inbox of an agent of the wave (`wave coord inbox`). */
async function currentInbox(state: WaveState, agentId: string): Promise<string> {
  const pa = state.prepared.agents.find((a) => a.agent.agentId === agentId);
  const owner = pa ? agentInboxOwner(pa) : { agentId };
  return renderInbox(await coordinationState(state), owner, { now: new Date(), routing: state.prepared.lane.capabilityRouting.preferredAgents });
}

async function promptFor(state: WaveState, pa: PreparedAgent, options: RunOptions, retryNote: string | null): Promise<string> {
  let closureContext: { messageBoard: string; implementationSummaries: string } | null = null;
  if (pa.phase !== "implementation" && pa.phase !== "design") {
    const coord = await coordinationState(state);
    const board = renderMessageBoard(coord, {
      wave: state.prepared.wave.wave,
      lane: state.prepared.laneName,
      agents: state.prepared.agents.map((a) => a.agent.agentId),
      now: new Date(),
    });
    await writeTextAtomic(state.run.messageBoard, board);
    closureContext = { messageBoard: board, implementationSummaries: implementationSummaries(state) };
  }
  // Every agent gets its inbox; those without the message board also the wave's shared summary.
  const coord = await coordinationState(state);
  const coordinationContext = {
    inbox: renderInbox(coord, agentInboxOwner(pa), { now: new Date(), routing: state.prepared.lane.capabilityRouting.preferredAgents }),
    sharedSummary: closureContext ? null : renderSharedSummary(coord, { wave: state.prepared.wave.wave }),
  };
  const context7 = state.context7 ? await state.context7.forAgent(pa.agent, state.prepared.wave.context7Defaults) : null;
  const kept = latestAnswerFor(state.answers ?? [], pa.agent.agentId);
  const feedback =
    state.feedback && state.feedback.agentId === pa.agent.agentId && state.feedback.answer
      ? { question: state.feedback.question, answer: state.feedback.answer }
      : kept
        ? { question: kept.question, answer: kept.answer }
        : null;
  return composePrompt({
    lane: state.prepared.laneName,
    wave: state.prepared.wave,
    agent: pa.agent,
    role: pa.role,
    executorId: pa.executor.id,
    roles: state.prepared.lane.roles,
    skills: pa.skills,
    reportPath: pa.reportPath,
    nonceRequired: usesNonce(pa) && (options.requireMarkerNonce || state.prepared.lane.runtimePolicy.requireMarkerNonce),
    closureContext,
    coordinationContext,
    context7,
    feedback,
    retryNote,
  });
}

/** Carries an earlier success over: copies its files into this run and marks it reused. */
async function reuseAgent(state: WaveState, prior: PriorRun, id: string, deps: EngineDeps): Promise<void> {
  const from = agentPaths({ ...state.run, runDir: prior.runDir, agentsDir: path.join(prior.runDir, "agents") }, id).dir;
  const to = agentPaths(state.run, id).dir;
  if (path.resolve(from) !== path.resolve(to)) {
    await fs.cp(from, to, { recursive: true, force: true }).catch(() => undefined);
  }
  const p = prior.progress.agents[id];
  state.summaries[id] = prior.summaries[id];
  state.records.set(id, {
    id,
    status: "reused",
    exitCode: p?.exitCode ?? 0,
    signal: null,
    statusCode: p?.statusCode ?? "0",
    attempts: 0,
    runs: 0,
    startedAt: p?.startedAt ?? null,
    completedAt: p?.completedAt ?? null,
    executor: (p?.executor as ExecutorId | undefined) ?? "local",
    executorHistory: [],
    transportFailure: false,
    detail: null,
    reusedFrom: p?.source ?? path.basename(prior.runDir),
    usage: null,
  });
  deps.onEvent?.({ type: "agent-reused", agentId: id, from: path.basename(prior.runDir) });
}

export async function runWave(options: RunOptions, deps: EngineDeps): Promise<RunWaveOutcome> {
  const prepared = await prepareWave(options, {
    proxied: (executor) => proxyWillCarry(options.modelProxy, executor.id, executor.model, deps.env, Boolean(deps.rehearsal)),
  });
  for (const w of prepared.warnings) deps.onEvent?.({ type: "warning", message: w });
  const lane = prepared.laneName;
  const waveDir = waveDirOf(options.stateDir, lane, options.wave);
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
    // A run elevated through sudo gives what it wrote as root back to the user who started it.
    const from = elevatedFromUser();
    if (from) giveBackToUser([options.root, options.stateDir], from);
  }
}

async function resolvePrior(
  options: RunOptions,
  deps: EngineDeps,
  prepared: PreparedWave,
  waveDir: string,
  attempt: number,
  repository: string | null,
): Promise<PriorRun | null> {
  if (options.resume === "never") return null;
  const readOpts = {
    lane: prepared.laneName,
    wave: prepared.wave.wave,
    waveFingerprint: prepared.wave.fingerprint,
    repository,
    force: options.forceResume,
  };
  if (options.resume === "auto") {
    const dir = await findLatestRun(waveDir, attempt, (skipped, message) =>
      deps.onEvent?.({ type: "warning", message: `not resuming from ${path.basename(skipped)}: ${message}` }),
    );
    if (!dir) return null;
    try {
      return await readPriorRun(dir, readOpts);
    } catch (error) {
      deps.onEvent?.({ type: "warning", message: `not resuming: ${error instanceof Error ? error.message : String(error)}` });
      return null;
    }
  }
  try {
    return await readPriorRun(options.resume.dir, readOpts);
  } catch (error) {
    if (options.resume.explicit) throw error;
    deps.onEvent?.({ type: "warning", message: `not resuming: ${error instanceof Error ? error.message : String(error)}` });
    return null;
  }
}

async function runLocked(options: RunOptions, deps: EngineDeps, prepared: PreparedWave, waveDir: string): Promise<RunWaveOutcome> {
  const startedAt = deps.now();
  // A dry run left last is a preview: this run takes its place (and its attempt number).
  const preview = await trailingDryRun(waveDir);
  if (preview !== null) await fs.rm(path.join(waveDir, `attempt-${preview}`), { recursive: true, force: true });
  const localNext = await nextAttempt(waveDir);
  const repository = await repositoryId(options.root, deps.env);
  const baseCommit = options.captureChanges && !options.dryRun ? await headCommit(options.root) : null;
  if (options.captureChanges && !options.dryRun && !baseCommit) {
    deps.onEvent?.({ type: "warning", message: `${options.root} is not a git repository with a commit: the agents' workspace changes are not recorded (git init, then commit)` });
  }
  const prior = options.dryRun ? null : await resolvePrior(options, deps, prepared, waveDir, localNext, repository);
  // Attempt numbers keep counting across resumes, also when the earlier state came from elsewhere.
  const attempt = Math.max(localNext, prior ? prior.progress.attempt + 1 : 1);
  const run = runPaths(options.stateDir, prepared.laneName, options.wave, attempt);
  await fs.mkdir(run.agentsDir, { recursive: true });
  const resumedFrom = prior ? (options.resume === "auto" ? path.relative(options.stateDir, prior.runDir) : prior.runDir) : null;
  const state: WaveState = {
    prepared,
    run,
    records: new Map(),
    summaries: {},
    gates: [],
    passedStages: [],
    stages: [],
    executorIndex: new Map(),
    failure: null,
    feedback: null,
    forwardedGaps: [],
    context7: options.dryRun
      ? null
      : createContext7Provider({
          root: options.root,
          bundleIndexPath: prepared.lane.paths.context7BundleIndexPath,
          stateDir: options.stateDir,
          env: deps.env,
          redact: createRedactor(collectSecretValues({ env: deps.env, extra: options.redact })).redact,
          now: deps.now,
          onWarning: (message) => deps.onEvent?.({ type: "warning", message }),
        }),
    progress: {
      schemaVersion: 1,
      kind: "wave-progress",
      lane: prepared.laneName,
      wave: prepared.wave.wave,
      attempt,
      waveFile: prepared.wave.file,
      waveFingerprint: prepared.wave.fingerprint,
      repository,
      baseCommit,
      phase: "starting",
      stage: null,
      passedStages: [],
      agents: {},
      gates: [],
      status: null,
      startedAt: startedAt.toISOString(),
      updatedAt: startedAt.toISOString(),
      resumedFrom,
    },
  };
  await saveProgress(state, deps);
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
    boundary = await openAgentBoundary(options, deps, state);
    // Agents reach the orchestrator only through this socket, authenticated by a token each.
    control = options.dryRun ? null : await openControl(boundary.controlDir, state, deps);
    status = await execute(options, deps, state, prior, controller.signal, boundary, control);
  } catch (error) {
    thrown = { error };
  } finally {
    deps.signal?.removeEventListener("abort", onAbort);
    await control?.close();
    await closeModelProxy(state, deps);
    await closeSandbox(state, deps);
    // Nothing of the agents runs, and the work tree is the orchestrator's again, before the
    // changes are captured and the result is written.
    if (boundary) {
      try {
        await boundary.close();
      } catch (error) {
        deps.onEvent?.({ type: "warning", message: `agent boundary: ${error instanceof Error ? error.message : String(error)}` });
      }
    }
  }
  if (thrown) {
    const { error } = thrown;
    if (error instanceof UserError) {
      state.failure ??= { stage: "preflight", agentId: null, statusCode: "error", detail: error.message, log: null };
      await finish(options, deps, state, startedAt, "failed", resumedFrom, baseCommit);
      throw error;
    }
    state.failure ??= {
      stage: "orchestrator",
      agentId: null,
      statusCode: "internal-error",
      detail: error instanceof Error ? error.message : String(error),
      log: null,
    };
    await finish(options, deps, state, startedAt, "failed", resumedFrom, baseCommit);
    throw error;
  }
  const result = await finish(options, deps, state, startedAt, status, resumedFrom, baseCommit);
  return { result, runDir: run.runDir, resultFile: run.result };
}

async function finish(
  options: RunOptions,
  deps: EngineDeps,
  state: WaveState,
  startedAt: Date,
  status: WaveStatus,
  resumedFrom: string | null,
  baseCommit: string | null,
): Promise<WaveResult> {
  if (baseCommit && status !== "dry-run") {
    try {
      await captureChanges(options.root, baseCommit, state.run.changesDir, [options.stateDir]);
    } catch (error) {
      deps.onEvent?.({ type: "warning", message: `workspace changes were not recorded: ${error instanceof Error ? error.message : String(error)}` });
    }
  }
  const result = buildResult({
    lane: state.prepared.laneName,
    wave: state.prepared.wave.wave,
    attempt: state.run.attempt,
    status,
    startedAt,
    completedAt: deps.now(),
    resumedFrom,
    agents: state.prepared.agents,
    records: state.records,
    gates: state.gates,
    failure: status === "passed" || status === "dry-run" ? null : state.failure,
    feedback: state.feedback,
    stages: state.stages,
    waveFile: state.prepared.wave.file,
    runDir: state.run.runDir,
    ...(state.agentUser ? { agentUser: state.agentUser } : {}),
    ...(state.prior ? { ranBefore: ranInPrior(state.prior.prior) } : {}),
    logOf: (id) => logRel(state, id),
  });
  await writeJsonAtomic(state.run.gates, state.gates);
  await writeJsonAtomic(state.run.result, result);
  await saveProgress(state, deps, { phase: "finished", status, stage: null });
  await lifecycle(state, deps, status === "passed" ? "wave_complete" : `wave_${status.replace("-", "_")}`);
  deps.onEvent?.({ type: "wave-end", result });
  return result;
}

function recordGate(state: WaveState, deps: EngineDeps, gate: GateResult): void {
  state.gates.push(gate);
  deps.onEvent?.({ type: "gate", gate });
}

/** Starts the run's model proxy (null with model-proxy off); under `on`, fails when an agent cannot be carried. */
async function openModelProxy(options: RunOptions, deps: EngineDeps, state: WaveState, budget: BudgetGuard): Promise<WaveModelProxy | null> {
  const mode = options.modelProxy ?? "off";
  if (mode === "off") return null;
  const rehearsal = Boolean(deps.rehearsal);
  if (mode === "on") {
    const skips = preflightSkips(
      state.prepared.agents.map((pa) => ({ agentId: pa.agent.agentId, executor: pa.executor.id, model: pa.executor.model })),
      deps.env,
      rehearsal,
    );
    if (skips.length > 0) {
      const message = describeOnFailure(skips);
      state.failure = { stage: "preflight", agentId: skips[0]!.agentId, statusCode: "model-proxy-unavailable", detail: message, log: null };
      throw new UserError(message, 2);
    }
  }
  return openWaveProxy({
    mode,
    pricing: state.prepared.lane.pricing,
    maxBudgetUsd: options.maxBudgetUsd,
    env: deps.env,
    rehearsal,
    onBudgetStop: (stop) => budget.stopFor(stop.agentId, stop.breach),
    onNotice: (message) => deps.onEvent?.({ type: "notice", message }),
  });
}

/** Starts the run's sandbox (null when off, or under auto where it cannot work: a warning says why). */
async function openSandbox(options: RunOptions, deps: EngineDeps, state: WaveState, boundary: AgentBoundary): Promise<WaveSandbox | null> {
  const lane = state.prepared.lane;
  return openWaveSandbox({
    mode: options.sandbox ?? lane.sandbox ?? "off",
    env: deps.env,
    workTree: boundary.agentRoot,
    stateDir: options.stateDir,
    runDir: state.run.runDir,
    identity: boundary.identity ?? null,
    allowed: [...(lane.networkAllowed ?? []), ...(options.networkAllowed ?? [])],
    onNotice: (message) => deps.onEvent?.({ type: "notice", message }),
    onWarning: (message) => deps.onEvent?.({ type: "warning", message }),
  }).catch((error: unknown) => {
    // `sandbox: on` where it cannot work: nothing starts, and the result says why.
    if (error instanceof UserError) state.failure = { stage: "preflight", agentId: null, statusCode: "sandbox-unavailable", detail: error.message, log: null };
    throw error;
  });
}

/** Keeps what the sandbox recorded (sandbox.json in the run directory) and stops it. */
async function closeSandbox(state: WaveState, deps: EngineDeps): Promise<void> {
  const sandbox = state.sandbox;
  if (!sandbox) return;
  state.sandbox = null;
  try {
    await sandbox.close();
    const report = sandbox.report();
    const blocked = report.agents.reduce((n, a) => n + a.blocked.reduce((m, b) => m + b.count, 0), 0);
    deps.onEvent?.({ type: "notice", message: `sandbox: ${report.agents.length} agent(s) ran in it; ${blocked} request(s) blocked (sandbox.json)` });
  } catch (error) {
    deps.onEvent?.({ type: "warning", message: `sandbox: its report was not written (${error instanceof Error ? error.message : String(error)})` });
  }
}

/** Keeps what the proxy saw (model-proxy.json in the run directory) and closes it. */
async function closeModelProxy(state: WaveState, deps: EngineDeps): Promise<void> {
  const proxy = state.modelProxy;
  if (!proxy) return;
  state.modelProxy = null;
  try {
    const report = proxy.report();
    await writeJsonAtomic(path.join(state.run.runDir, MODEL_PROXY_REPORT_FILE), report);
    const waited = report.agents.reduce((n, a) => n + a.waitedRequests, 0);
    const retried = report.agents.reduce((n, a) => n + a.retried, 0);
    const parts = [`${report.agents.length} agent(s) reached their model through it`];
    if (waited > 0) parts.push(`${waited} request(s) waited for their turn`);
    if (retried > 0) parts.push(`${retried} 429(s) waited out`);
    if (report.unauthorized.length > 0) parts.push(`${report.unauthorized.length} request(s) without a valid token refused`);
    deps.onEvent?.({ type: "notice", message: `model proxy: ${parts.join("; ")} (${MODEL_PROXY_REPORT_FILE})` });
  } catch (error) {
    deps.onEvent?.({ type: "warning", message: `model proxy: its report was not written (${error instanceof Error ? error.message : String(error)})` });
  } finally {
    await proxy.close();
  }
}

async function execute(
  options: RunOptions,
  deps: EngineDeps,
  state: WaveState,
  prior: PriorRun | null,
  signal: AbortSignal,
  boundary: AgentBoundary,
  control: ControlServer | null,
): Promise<WaveStatus> {
  const { prepared, run } = state;
  const nonceOn = options.requireMarkerNonce || prepared.lane.runtimePolicy.requireMarkerNonce;
  const nonce = nonceOn ? randomBytes(12).toString("hex") : null;
  const agentCliArgv =
    boundary.identity && boundary.binDir ? await cliArgvForAgent(deps.cliArgv, boundary.identity, boundary.binDir) : deps.cliArgv;
  const shimDir = await writeWaveShim(boundary.binDir ?? path.join(run.runDir, "bin"), agentCliArgv);
  const agentDeps: EngineDeps = agentCliArgv === deps.cliArgv ? deps : { ...deps, cliArgv: agentCliArgv };
  const budget = new BudgetGuard(prepared.lane.pricing, options.maxBudgetUsd, (stop) =>
    deps.onEvent?.({ type: "warning", message: `budget: ${stop.detail}; no further agent of this wave starts` }),
  );
  const ctxBase: Omit<AgentRunContext, "attemptNo"> = { options, deps: agentDeps, prepared, run, nonce, shimDir, signal, boundary, control, budget };
  const byId = new Map(prepared.agents.map((a) => [a.agent.agentId, a]));
  deps.onEvent?.({
    type: "wave-start",
    lane: prepared.laneName,
    wave: prepared.wave.wave,
    attempt: run.attempt,
    agents: prepared.agents.map((a) => ({
      id: a.agent.agentId,
      title: a.agent.title,
      role: a.role,
      executor: a.executor.id,
      phase: a.phase,
    })),
    resumedFrom: state.progress.resumedFrom,
  });
  await lifecycle(state, deps, "wave_start");

  if (options.dryRun) {
    for (const pa of prepared.agents) {
      const prompt = await promptFor(state, pa, options, null);
      await stageAgent({ ...ctxBase, attemptNo: 1 }, pa, pa.executor.id, prompt);
    }
    return "dry-run";
  }

  // `tmux: true`: tmux is there (installed in GitHub Actions), or nothing starts.
  if (options.tmux) await ensureTmux(defaultTmuxInstallDeps(deps.env, (message) => deps.onEvent?.({ type: "notice", message })));

  // Preflight: every agent has an executor that can start (a fallback may stand in for a
  // missing primary, with a warning); otherwise one message lists everything missing (exit 2).
  const chains = new Map(prepared.agents.map((pa) => [pa.agent.agentId, executorChain(pa)]));
  const report = preflight(
    prepared.agents.map((pa) => ({ agentId: pa.agent.agentId, executor: pa.executor })),
    { env: deps.env, cwd: options.root, cliArgv: deps.cliArgv },
  );
  if (report.blockedAgents.length > 0) {
    const message = formatMissingExecutors(report.missing, report.blockedAgents);
    state.failure = { stage: "preflight", agentId: report.blockedAgents[0]?.agentId ?? null, statusCode: "executor-missing", detail: message, log: null };
    throw new UserError(message, 2);
  }
  if (report.missing.length > 0) deps.onEvent?.({ type: "warning", message: formatMissingExecutors(report.missing) });
  // The model proxy: under `on` every codex / Claude Code / OpenCode agent must be carried, or nothing starts.
  ctxBase.modelProxy = state.modelProxy = await openModelProxy(options, deps, state, budget);
  ctxBase.sandbox = state.sandbox = await openSandbox(options, deps, state, boundary);
  for (const pa of prepared.agents) {
    const first = report.firstAvailable[pa.agent.agentId];
    const chain = chains.get(pa.agent.agentId)!;
    if (first && first !== chain[0]) {
      if (!chain.includes(first)) chain.push(first);
      state.executorIndex.set(pa.agent.agentId, chain.indexOf(first));
    }
  }

  // Resume: carry the prior run's coordination log and feedback over, answer the question.
  let priorState: PriorState | null = prior?.prior ?? null;
  state.prior = prior;
  if (prior) {
    for (const name of ["coordination.jsonl", "feedback"]) {
      await fs.cp(path.join(prior.runDir, name), path.join(run.runDir, name), { recursive: true, force: true }).catch(() => undefined);
    }
    for (const note of prior.notes) deps.onEvent?.({ type: "warning", message: `resuming from ${path.basename(prior.runDir)}: ${note}` });
    const carriedLog = await readCoordinationLog(run.coordination);
    if (carriedLog.diagnostics.length > 0) {
      const first = carriedLog.diagnostics[0]!;
      deps.onEvent?.({
        type: "warning",
        message: `coordination log ${run.coordination}: ${carriedLog.diagnostics.length} unreadable line(s) skipped (line ${first.line}: ${first.message})`,
      });
    }
    const pending = await readFeedbackRequests(run.runDir);
    const ask = pending[0];
    if (ask && options.feedback) {
      await answerFeedbackRequest({ runDir: run.runDir, id: ask.id, answer: options.feedback, storeIn: [run.waveDir], now: deps.now() });
      state.feedback = { agentId: ask.agentId, question: ask.question, askedAt: ask.askedAt, answer: options.feedback };
    } else if (ask) {
      state.feedback = { agentId: ask.agentId, question: ask.question, askedAt: ask.askedAt, answer: null };
    }
  }
  // Answers are kept per question, also across a refused resume (the wave file changed): the
  // question the offered run left open is answered here, and every kept answer is gathered.
  const offered = prior
    ? null
    : typeof options.resume === "object"
      ? options.resume.dir
      : options.resume === "auto"
        ? await findLatestRun(run.waveDir, run.attempt)
        : null;
  const openAsk = offered && options.feedback ? (await readFeedbackRequests(offered))[0] : undefined;
  if (openAsk && options.feedback) {
    await carryFeedbackRequest(run.runDir, openAsk);
    await answerFeedbackRequest({ runDir: run.runDir, id: openAsk.id, answer: options.feedback, storeIn: [run.waveDir], now: deps.now() });
    state.feedback = { agentId: openAsk.agentId, question: openAsk.question, askedAt: openAsk.askedAt, answer: options.feedback };
  }
  state.answers = await gatherAnswers({
    waveDir: run.waveDir,
    runDir: run.runDir,
    sources: [prior?.runDir ?? offered],
    onInvalid: (file, message) => deps.onEvent?.({ type: "warning", message: `answer store ${file}: ${message}` }),
  });

  for (let attemptNo = 1; attemptNo <= options.maxAttempts; attemptNo++) {
    const ctx: AgentRunContext = { ...ctxBase, attemptNo };
    const planned = prepared.agents.map((pa) => ({ id: pa.agent.agentId, phase: pa.phase, fingerprint: pa.fingerprint }));
    // The operator's --rerun forces the first attempt only; later attempts rerun what failed.
    const plan = planRun(planned, priorState, attemptNo === 1 ? { rerun: options.rerun ?? [] } : {});
    if (attemptNo === 1 && prior) {
      for (const id of plan.reuse) await reuseAgent(state, prior, id, deps);
    }
    state.failure = null;
    const carried = carriedGateStages(plan.carriedStages);
    state.gates = state.gates.filter((g) => carried.has(g.stage));
    state.passedStages = state.passedStages.filter((s) => plan.carriedStages.includes(s));
    if (attemptNo === 1 && prior) {
      for (const stage of plan.carriedStages) if (!state.passedStages.includes(stage)) state.passedStages.push(stage);
      for (const g of prior.progress.gates.filter((g) => carried.has(g.stage))) recordGate(state, deps, g);
    }
    const retryNote = attemptNo > 1 ? "An earlier attempt of this wave failed; see the gate results in the run directory." : null;
    const outcome = await runAttempt(ctx, state, plan, byId, chains, retryNote);
    if (outcome === "passed" || outcome === "blocked" || outcome === "cancelled") return outcome;
    if (signal.aborted) return "cancelled";
    // A spent budget ends the run: no retry starts.
    if (budget.exhausted) break;
    if (attemptNo === options.maxAttempts) break;
    const failed = failureOf(state);
    if (failed && cannotChange(failed, state, options.root)) {
      deps.onEvent?.({
        type: "notice",
        message: `not retrying: ${failed.statusCode}${failed.agentId ? ` (${failed.agentId})` : ""} cannot change in another attempt; fix the wave files and run again`,
      });
      await lifecycle(state, deps, "wave_retry_skipped", failed.agentId ?? undefined, `${failed.statusCode} cannot change in another attempt`);
      break;
    }
    // Plan the next attempt from this one: rerun only what failed.
    const implicated = state.gates.filter((g) => !g.ok && g.agentId).map((g) => g.agentId as string);
    const failedAgent = failureOf(state)?.agentId;
    if (failedAgent) implicated.push(failedAgent);
    priorState = {
      agents: Object.fromEntries(
        prepared.agents.map((pa) => [pa.agent.agentId, { status: state.records.get(pa.agent.agentId)?.status ?? "not-run", fingerprint: pa.fingerprint }]),
      ),
      passedStages: [...state.passedStages],
      implicated: [...new Set(implicated)],
      feedbackAgentId: null,
    };
    for (const pa of prepared.agents) {
      const r = state.records.get(pa.agent.agentId);
      if (r?.transportFailure) {
        const chain = chains.get(pa.agent.agentId)!;
        const idx = state.executorIndex.get(pa.agent.agentId) ?? 0;
        if (idx + 1 < chain.length) state.executorIndex.set(pa.agent.agentId, idx + 1);
      }
    }
    await lifecycle(state, deps, "wave_retry", undefined, `attempt ${attemptNo + 1} of ${options.maxAttempts}`);
  }
  return signal.aborted ? "cancelled" : "failed";
}

/**
 * Gate stages whose results carry over with the carried closure stages: those stages, the
 * implementation-stage gates (no design or implementation agent reruns then) and the component
 * matrix the documentation stage checks.
 */
async function clearAgents(boundary: AgentBoundary, deps: EngineDeps, when: string): Promise<void> {
  const killed = await boundary.clear();
  if (killed > 0) {
    deps.onEvent?.({ type: "warning", message: `stopped ${killed} leftover process(es) of the agent user ${when}` });
  }
}

/** Decides who agents run as and sets it up (dry runs only decide and describe). */
async function openAgentBoundary(options: RunOptions, deps: EngineDeps, state: WaveState): Promise<AgentBoundary> {
  const decision = decideAgentUser(options.agentUser, {
    euid: process.geteuid?.() ?? -1,
    sudo: false, // elevation through sudo is the entry point's business: here we are root or not
    githubActions: deps.env.GITHUB_ACTIONS === "true",
  });
  const onWarning = (message: string) => deps.onEvent?.({ type: "warning", message });
  const boundary = await openBoundary({
    decision,
    dryRun: options.dryRun,
    root: options.root,
    stateDir: options.stateDir,
    protectedPaths: ownFilesInside(options.root, deps.cliArgv),
    runnerTemp: deps.env.RUNNER_TEMP,
    onWarning,
  });
  state.agentUser = { mode: boundary.mode, user: boundary.account?.name ?? null, detail: boundary.description };
  if (boundary.mode === "same" && !options.dryRun) onWarning(boundary.description);
  else deps.onEvent?.({ type: "notice", message: boundary.description });
  return boundary;
}

/** Starts the run's control server in `dir` (the boundary's control directory). */
function openControl(dir: string, state: WaveState, deps: EngineDeps): Promise<ControlServer> {
  return startControlServer({
    dir,
    runDir: state.run.runDir,
    lane: state.prepared.laneName,
    wave: state.prepared.wave.wave,
    now: deps.now,
    onWarning: (message) => deps.onEvent?.({ type: "warning", message }),
    inbox: (agentId) => currentInbox(state, agentId),
  });
}

/** The action's or CLI's own files, when they sit inside the work tree (`uses: ./.wave-action`). */
function ownFilesInside(root: string, cliArgv: readonly string[]): string[] {
  const script = cliArgv.slice(1).find((a) => path.isAbsolute(a) && /\.(?:c|m)?[jt]s$/.test(a));
  if (!script) return [];
  let dir = path.dirname(script);
  for (let i = 0; i < 4 && path.dirname(dir) !== dir; i++) {
    if (existsSync(path.join(dir, "package.json")) || existsSync(path.join(dir, "action.yml"))) break;
    dir = path.dirname(dir);
  }
  const rel = path.relative(root, dir);
  return rel !== "" && !rel.startsWith("..") && !path.isAbsolute(rel) ? [dir] : [];
}

function carriedGateStages(carriedStages: readonly ClosureStage[]): Set<string> {
  const stages = new Set<string>(carriedStages);
  if (carriedStages.length > 0) for (const s of ["design", "implementation", "component"]) stages.add(s);
  if (carriedStages.includes("documentation")) stages.add("component-matrix");
  return stages;
}

async function restoreChangesIfNeeded(options: RunOptions, deps: EngineDeps, prior: PriorRun): Promise<void> {
  const changesDir = path.join(prior.runDir, "changes");
  const inOwnState = path.resolve(prior.runDir).startsWith(path.resolve(options.stateDir) + path.sep);
  if (inOwnState) return; // the workspace already holds them
  try {
    await fs.access(path.join(changesDir, "meta.json"));
  } catch {
    return;
  }
  await applyChanges(options.root, changesDir, `resuming from ${prior.runDir}`);
  deps.onEvent?.({ type: "warning", message: `applied the workspace changes recorded in ${prior.runDir}` });
}

type AttemptOutcome = "passed" | "failed" | "blocked" | "cancelled";

/**
 * The CLI session of the agent's next launch: continue the one its last run in this job (or, on
 * its first run here, in the run this one resumes) left when that run was interrupted.
 */
function sessionPlanFor(ctx: AgentRunContext, state: WaveState, pa: PreparedAgent, executorId: ExecutorId): SessionPlan | null {
  const id = pa.agent.agentId;
  const own = state.records.get(id);
  const before = own ? null : state.prior?.progress.agents[id];
  const earlier: EarlierRun | null = own
    ? { status: own.status, statusCode: own.statusCode, executor: own.executor, agentDir: agentPaths(state.run, id).dir }
    : before && state.prior
      ? { status: before.status, statusCode: before.statusCode, executor: before.executor, agentDir: path.join(state.prior.runDir, "agents", id) }
      : null;
  const reason = earlier
    ? interruptionOf(earlier, {
        timeoutMinutes: effectiveTimeoutMinutes(ctx.options, pa),
        idleMinutes: ctx.options.idleTimeoutMinutes,
        budgetUsd: pa.executor.budget.usd ?? ctx.options.maxBudgetUsd,
      })
    : null;
  return planSession({ executor: pa.executor, executorId, resumeSessions: ctx.options.resumeSessions, earlier, reason });
}

async function runAttempt(
  ctx: AgentRunContext,
  state: WaveState,
  plan: ReturnType<typeof planRun>,
  byId: Map<string, PreparedAgent>,
  chains: Map<string, ExecutorId[]>,
  retryNote: string | null,
): Promise<AttemptOutcome> {
  const { deps, options, signal } = ctx;
  const runGroup = async (stage: string, ids: string[], parallel: number): Promise<boolean> => {
    const startedAt = deps.now().toISOString();
    const timing = { stage, startedAt, completedAt: null as string | null };
    state.stages.push(timing);
    deps.onEvent?.({ type: "stage-start", stage, agentIds: ids });
    // Nothing an earlier stage's agents left behind runs while this stage's output is read.
    await clearAgents(ctx.boundary, deps, `before ${stage}`);
    await saveProgress(state, deps, { phase: stage === "design" || stage === "implementation" ? stage : "closure", stage });
    const results = await runWithConcurrency(ids, parallel, async (id) => {
      if (signal.aborted) return "cancelled";
      // A budget was spent: no further agent of the wave starts.
      if (ctx.budget.exhausted) return "not-run";
      const pa = byId.get(id)!;
      const chain = chains.get(id)!;
      const executorId = chain[state.executorIndex.get(id) ?? 0] ?? pa.executor.id;
      const prompt = await promptFor(state, pa, options, retryNote && state.records.has(id) ? retryNote : null);
      const staged = await stageAgent(ctx, pa, executorId, prompt, sessionPlanFor(ctx, state, pa, executorId));
      await lifecycle(state, deps, "agent_started", id);
      const { record, summary } = await runStagedAgent(ctx, pa, executorId, staged, state.records.get(id));
      state.records.set(id, record);
      state.summaries[id] = summary;
      await saveProgress(state, deps);
      await lifecycle(state, deps, "agent_finished", id, `${record.status} (${record.statusCode})`);
      deps.onEvent?.({
        type: "agent-end",
        agentId: id,
        status: record.status,
        exitCode: record.exitCode,
        durationMs: record.startedAt && record.completedAt ? Date.parse(record.completedAt) - Date.parse(record.startedAt) : null,
      });
      return record.status;
    });
    await clearAgents(ctx.boundary, deps, `after ${stage}`);
    timing.completedAt = deps.now().toISOString();
    const ok = results.every((s) => s === "succeeded");
    deps.onEvent?.({ type: "stage-end", stage, ok });
    return ok;
  };
  const processFailure = (stage: string, ids: string[]): boolean => {
    const spent = ctx.budget.firstStop;
    if (spent) {
      state.failure = { stage, agentId: spent.agentId, statusCode: "budget-exceeded", detail: spent.detail, log: logRel(state, spent.agentId) };
      return true;
    }
    for (const id of ids) {
      const r = state.records.get(id);
      if (r && r.status !== "succeeded" && r.status !== "reused") {
        state.failure = {
          stage,
          agentId: id,
          statusCode: r.statusCode,
          detail: r.detail ?? `agent ${id} ${r.status} (exit ${r.exitCode ?? r.signal ?? "none"})`,
          log: logRel(state, id),
        };
        return true;
      }
    }
    return false;
  };
  const blockedByFeedback = async (): Promise<boolean> => {
    const pending = await readFeedbackRequests(state.run.runDir);
    const ask = pending[0];
    if (!ask) return false;
    state.feedback = { agentId: ask.agentId, question: ask.question, askedAt: ask.askedAt, answer: null };
    state.failure = { stage: "clarification", agentId: ask.agentId, statusCode: "human-feedback-open", detail: ask.question, log: logRel(state, ask.agentId) };
    return true;
  };
  const stop = async (gate: GateResult): Promise<AttemptOutcome> => {
    state.failure = gateFailure(gate, state);
    await lifecycle(state, deps, "wave_gate_blocked", gate.agentId ?? undefined, `reason=${gate.statusCode}; ${gate.detail}`);
    return "failed";
  };
  const cancelled = (): AttemptOutcome => {
    state.failure ??= { stage: "cancelled", agentId: null, statusCode: "cancelled", detail: "the run was cancelled", log: null };
    return "cancelled";
  };
  const parallel = options.maxParallelAgents;

  // Design agents first; implementation starts only when the design gate passes.
  if (plan.design.length > 0) {
    await runGroup("design", plan.design, parallel);
    if (signal.aborted) return cancelled();
    if (await blockedByFeedback()) return "blocked";
    if (processFailure("design", plan.design)) return "failed";
    const inputs = gateInputs(ctx, state, { openBlockers: await openBlockers(state) });
    for (const g of designGates(inputs)) {
      recordGate(state, deps, g);
      if (!g.ok) return stop(g);
    }
  }
  if (plan.implementation.length > 0) {
    await runGroup("implementation", plan.implementation, parallel);
    if (signal.aborted) return cancelled();
    if (await blockedByFeedback()) return "blocked";
    if (processFailure("implementation", plan.implementation)) {
      await lifecycle(state, deps, "wave_gate_blocked", failureOf(state)?.agentId ?? undefined, `agent run failed: ${failureOf(state)?.statusCode}`);
      return "failed";
    }
  }
  if (plan.carriedStages.length === 0) {
    const inputs = gateInputs(ctx, state, { openBlockers: await openBlockers(state) });
    for (const g of implementationStageGates(inputs)) {
      if (state.gates.some((x) => x.stage === g.stage && x.agentId === g.agentId && x.statusCode === g.statusCode)) continue;
      recordGate(state, deps, g);
      if (!g.ok) return stop(g);
    }
    // Helper assignments are answered by implementation agents: settled before the closure sweep.
    const helper = helperAssignmentGate(inputs);
    recordGate(state, deps, helper);
    if (!helper.ok) return stop(helper);
  }
  await saveProgress(state, deps);

  // The closure sweep.
  const stagePlan: PlannedStage[] = planClosureStages(state.prepared.wave, state.prepared.roles, state.prepared.policy);
  for (const stage of CLOSURE_STAGES) {
    if (plan.carriedStages.includes(stage)) continue;
    const inputs = () => openBlockers(state).then((b) => gateInputs(ctx, state, { openBlockers: b }));
    const decision = stageLaunchDecision(stage, await inputs(), stagePlan);
    let evaluation = decision.settled;
    if (!evaluation) {
      await runGroup(stage, decision.launch, parallel);
      if (signal.aborted) return cancelled();
      if (await blockedByFeedback()) return "blocked";
      if (processFailure(stage, decision.launch)) {
        await lifecycle(state, deps, "wave_gate_blocked", failureOf(state)?.agentId ?? undefined, `closure run failed: ${failureOf(state)?.statusCode}`);
        return "failed";
      }
      evaluation = gateForStage(stage, await inputs(), stagePlan);
    }
    for (const g of evaluation.gates) recordGate(state, deps, g);
    for (const f of evaluation.forwarded) {
      await appendCoordinationRecord(
        state.run.coordination,
        createCoordinationRecord(
          {
            id: f.id,
            kind: "blocker",
            lane: state.prepared.laneName,
            wave: state.prepared.wave.wave,
            attempt: state.run.attempt,
            agentId: f.agentId,
            source: "orchestrator",
            targets: f.targets,
            status: "open",
            priority: f.priority,
            blocking: true,
            blockerSeverity: f.blockerSeverity,
            summary: f.summary,
            detail: f.detail,
          },
          deps.now(),
        ),
      );
      state.forwardedGaps.push(f.id);
      await lifecycle(state, deps, "closure_gap_forwarded", f.agentId, f.summary);
    }
    if (evaluation.failure) return stop(evaluation.failure);
    state.passedStages.push(stage);
    await saveProgress(state, deps);
  }

  // A forwarded proof gap let the later stages run and see it; the wave still fails on it.
  const forwardedGap = state.gates.find((g) => !g.ok && g.statusCode === "wave-proof-gap");
  if (forwardedGap) return stop(forwardedGap);

  const finalInputs = gateInputs(ctx, state, { openBlockers: await openBlockers(state) });
  const helper = helperAssignmentGate(finalInputs);
  if (!helper.ok || helper.statusCode !== "pass") recordGate(state, deps, helper);
  if (!helper.ok) return stop(helper);
  const infra = infraGate(finalInputs);
  recordGate(state, deps, infra);
  if (!infra.ok) return stop(infra);
  const clarification = clarificationGate(finalInputs);
  recordGate(state, deps, clarification);
  if (!clarification.ok) {
    state.failure = gateFailure(clarification, state);
    return "blocked";
  }
  await saveProgress(state, deps);
  return "passed";
}

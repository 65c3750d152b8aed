/**
 * WaveRun: one run of a wave, with everything it records while it runs.
 *
 * The engine is a short sequence of named steps (run-wave.ts calls them in order), each in a file
 * of its own and each taking the WaveRun:
 *   preflight.ts       what must hold before any agent starts (executors, model proxy, sandbox, tmux)
 *   carry-over.ts      what an earlier run gives this one (its changes, log, questions, successes)
 *   attempt-loop.ts    the in-job attempts: plan each from the last, retry or fall back, or stop
 *   attempt.ts         one attempt, stage by stage in the order closure/stages.ts `nextStep` gives
 *   stage-group.ts     launching one stage's agents and waiting for them
 *   closure-sweep.ts   recording a stage's gates and forwarded gaps; the attempt's verdict
 *   finish.ts          result.json, the journal's last word, the wave-end event
 * The steps are functions rather than methods so that each file reads alone; the class holds only
 * the state they share and the few effects every step uses (the progress journal, the lifecycle
 * records of the coordination log, recording a gate, naming a failure). What an attempt decides
 * travels in its return value (attempt.ts), not through this state.
 */
import type { ClosureStage } from "../wave/schema.js";
import type { ExecutorId } from "../wave/schema.js";
import { appendCoordinationRecord } from "../coordination/store.js";
import { lifecycleRecord } from "../coordination/record.js";
import type { Context7Provider } from "../context7/provider.js";
import type { StoredAnswer } from "../feedback/answers.js";
import type { WaveModelProxy } from "../proxy/wiring.js";
import type { PriorRun } from "../resume/prior.js";
import type { WaveSandbox } from "../sandbox/wave-sandbox.js";
import type { ExecutionSummary } from "../signals/schema.js";
import { writeTextAtomic } from "../state/json-files.js";
import { agentPaths, type RunPaths, relativeToRun } from "../state/paths.js";
import type { Progress } from "../state/progress.js";
import type { AgentUserInfo, Failure, Feedback, GateResult, StageTiming } from "../state/schema.js";
import type { RunOptions } from "./options.js";
import type { OwnershipWatch } from "./ownership.js";
import type { PreparedWave } from "./prepare.js";
import type { AgentRecord, EngineDeps, PreparedAgent } from "./types.js";

/** What a run starts from (runLocked works these out before the first progress entry). */
export interface WaveRunStart {
  options: RunOptions;
  deps: EngineDeps;
  prepared: PreparedWave;
  paths: RunPaths;
  progress: Progress;
  context7: Context7Provider | null;
}

export class WaveRun {
  readonly options: RunOptions;
  readonly deps: EngineDeps;
  readonly prepared: PreparedWave;
  /** Where this run's files go (its attempt's run directory). */
  readonly paths: RunPaths;
  /** The wave's agents by id. */
  readonly agentsById: ReadonlyMap<string, PreparedAgent>;
  readonly records = new Map<string, AgentRecord>();
  readonly summaries: Record<string, ExecutionSummary | undefined> = {};
  gates: GateResult[] = [];
  passedStages: ClosureStage[] = [];
  readonly stages: StageTiming[] = [];
  /** Each agent's executors in the order they may run (primary, then fallbacks); set by the preflight. */
  readonly executorChains = new Map<string, ExecutorId[]>();
  /** Which executor of its chain an agent runs with next (absent: the first). */
  readonly executorIndex = new Map<string, number>();
  /** Why the run did not pass (result.json's `failure` unless it passed). */
  failure: Failure | null = null;
  feedback: Feedback | null = null;
  progress: Progress;
  /** Who the agents ran as (set when the boundary opens). */
  agentUser?: AgentUserInfo;
  /** The earlier run this one resumes (its agents' outcomes and directories), if any. */
  prior: PriorRun | null = null;
  /** Answers humans gave to this wave's questions, kept per agent and question (feedback/answers.ts). */
  answers: StoredAnswer[] = [];
  /** Ids of the blocker records this run appended for forwarded closure gaps (cont-QA judges them). */
  readonly forwardedGaps: string[] = [];
  /** Fetches the agents' Context7 documentation (null in a dry run). */
  readonly context7: Context7Provider | null;
  /** The run's model proxy (model-proxy auto|on; null until the preflight started it). */
  modelProxy: WaveModelProxy | null = null;
  /** The run's sandbox (sandbox auto|on where it works; null until the preflight started it). */
  sandbox: WaveSandbox | null = null;
  /** What the agents change outside what they own (engine/ownership.ts; null until the agents are about to start, or in a dry run). */
  ownership: OwnershipWatch | null = null;
  /** The progress journal's last write (the next one waits for it). */
  private journal: Promise<void> = Promise.resolve();

  constructor(start: WaveRunStart) {
    this.options = start.options;
    this.deps = start.deps;
    this.prepared = start.prepared;
    this.paths = start.paths;
    this.progress = start.progress;
    this.context7 = start.context7;
    this.agentsById = new Map(start.prepared.agents.map((a) => [a.agent.agentId, a]));
  }

  warn(message: string): void {
    this.deps.onEvent?.({ type: "warning", message });
  }

  notice(message: string): void {
    this.deps.onEvent?.({ type: "notice", message });
  }

  /** An agent's log, relative to the run directory. */
  logOf(agentId: string): string {
    return relativeToRun(this.paths, agentPaths(this.paths, agentId).log);
  }

  /** The failure a failing gate stands for. */
  gateFailure(gate: GateResult): Failure {
    return {
      stage: gate.stage,
      agentId: gate.agentId,
      statusCode: gate.statusCode,
      detail: gate.detail,
      log: gate.agentId && this.records.has(gate.agentId) ? this.logOf(gate.agentId) : (gate.logPath ?? null),
    };
  }

  recordGate(gate: GateResult): void {
    this.gates.push(gate);
    this.deps.onEvent?.({ type: "gate", gate });
  }

  /** Writes the progress journal from what the run recorded (with `patch` on top). */
  async saveProgress(patch: Partial<Progress> = {}): Promise<void> {
    const agents: Progress["agents"] = {};
    for (const pa of this.prepared.agents) {
      const r = this.records.get(pa.agent.agentId);
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
    this.progress = {
      ...this.progress,
      ...patch,
      agents,
      gates: this.gates,
      passedStages: this.passedStages,
      updatedAt: this.deps.now().toISOString(),
    };
    // Agents of a stage finish side by side: the entries are written in the order they were made
    // (each as it was then), so that an earlier entry never lands after a later one.
    const text = `${JSON.stringify(this.progress, null, 2)}\n`;
    const write = this.journal.then(() => writeTextAtomic(this.paths.progress, text));
    this.journal = write.catch(() => undefined);
    await write;
  }

  /** Appends a lifecycle record to the coordination log (a failure to append is a warning). */
  async lifecycle(event: string, agentId?: string, detail?: string): Promise<void> {
    try {
      await appendCoordinationRecord(
        this.paths.coordination,
        lifecycleRecord({
          event,
          wave: this.prepared.wave.wave,
          lane: this.prepared.laneName,
          attempt: this.paths.attempt,
          now: this.deps.now(),
          ...(agentId ? { agentId } : {}),
          ...(detail ? { detail } : {}),
        }),
      );
    } catch (error) {
      this.warn(`could not append to the coordination log: ${String(error)}`);
    }
  }
}

/** The message of anything thrown: errors.ts's `errorMessage`, by the name finish.ts imports. */

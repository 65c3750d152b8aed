/**
 * How every entry starts a wave (`wave run`, `--waves`, `rehearse`, `demo`; the action's run,
 * rehearse and closure modes): the engine with its real dependencies, SIGINT/SIGTERM while it
 * runs, and giving back what a run elevated through sudo wrote (agent-user/elevate.ts).
 *
 * The first SIGINT or SIGTERM cancels the wave (agents stopped, the result written as cancelled)
 * and is the one the exit code says (130/143). A later one does not cut that short, it is only
 * told to the entry: the action's rule (the runner sends SIGINT, SIGTERM 7.5 s later, then kills:
 * actions/runner `src/Runner.Sdk/ProcessInvoker.cs`; docs/workflows.md); `wave run` used to exit
 * at a second signal, which could leave agents running and the result unwritten.
 */
import { giveBackIfElevated } from "../agent-user/elevate.js";
import { runAgentProcess } from "../runtime/run-agent.js";
import type { InterruptSignal } from "../state/interrupt.js";
import type { RunOptions } from "./options.js";
import { type RunWaveOutcome, runWave } from "./run-wave.js";
import type { EngineDeps, EngineEvent } from "./types.js";

const CANCEL_SIGNALS = ["SIGINT", "SIGTERM"] as const satisfies readonly InterruptSignal[];

export interface Launch {
  /** The environment the run and its agents start from. */
  env: NodeJS.ProcessEnv;
  /** How agents start the `wave` CLI (EngineDeps.cliArgv). */
  cliArgv: string[];
  onEvent?(event: EngineEvent): void;
  /** `wave rehearse` and the action's mode rehearse: the rehearsal's hook (src/rehearse/). */
  rehearsal?: EngineDeps["rehearsal"];
  /** Each SIGINT/SIGTERM while the wave runs; `first`: the one that cancels it. */
  onSignal?(signal: InterruptSignal, first: boolean): void;
  /** What the entry does with the outcome while the signals are still the wave's (a rehearsal's report). */
  finish?(outcome: RunWaveOutcome): Promise<void>;
}

export interface Launched extends RunWaveOutcome {
  /** The signal that cancelled the wave, or null. */
  cancelSignal: InterruptSignal | null;
}

/** Runs one wave as described above; the engine's errors reach the caller. */
export async function launchWave(options: RunOptions, launch: Launch): Promise<Launched> {
  const controller = new AbortController();
  let cancelSignal: InterruptSignal | null = null;
  const handlers = CANCEL_SIGNALS.map((signal) => {
    const handler = () => {
      const first = cancelSignal === null;
      cancelSignal ??= signal;
      controller.abort();
      launch.onSignal?.(signal, first);
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  try {
    const outcome = await runWave(options, {
      env: launch.env,
      cliArgv: launch.cliArgv,
      now: () => new Date(),
      runProcess: runAgentProcess,
      signal: controller.signal,
      cancelSignal: () => cancelSignal,
      ...(launch.onEvent ? { onEvent: launch.onEvent } : {}),
      ...(launch.rehearsal ? { rehearsal: launch.rehearsal } : {}),
    });
    await launch.finish?.(outcome);
    return { ...outcome, cancelSignal };
  } finally {
    for (const [signal, handler] of handlers) process.off(signal, handler);
    // Elevated through sudo: what the run wrote as root goes back to the user who started it.
    giveBackIfElevated([options.root, options.stateDir]);
  }
}

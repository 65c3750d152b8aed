/**
 * One wave run from the command line (`wave run`, each wave of `wave run --waves`, `wave demo`,
 * `wave rehearse`): the wave through the one launcher (engine/launch.ts: SIGINT/SIGTERM cancel it,
 * a second signal does not cut the cancellation short) with the live view on a terminal or plain
 * lines otherwise, summary.md next to result.json, then the status table and next steps (or the
 * result as JSON), and the exit code of the result.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { RunOptions } from "../engine/options.js";
import { launchWave } from "../engine/launch.js";
import type { EngineDeps, EngineEvent } from "../engine/types.js";
import { answerCommand, watchOpenQuestions } from "../feedback/open.js";
import { applyProgressEvent, createProgressModel, type ProgressModel } from "../report/progress/model.js";
import { progressEventFromEngine } from "../report/progress/engine.js";
import { type NextStepCommands, renderNextSteps, renderStatusTable } from "../report/status-table.js";
import { renderPlainLine } from "../report/progress/render.js";
import { renderWaveSummary } from "../report/wave-summary.js";
import { TtyRenderer } from "../report/progress/tty.js";
import { readModelProxyReport } from "../proxy/report.js";
import { readSandboxReport } from "../sandbox/report.js";
import { UserError } from "../errors.js";
import { exitCodeOfSignal, type InterruptSignal } from "../state/interrupt.js";
import { WaveLockedError } from "../state/lock.js";
import { runDirPaths, runPaths } from "../state/paths.js";
import type { WaveResult } from "../state/schema.js";
import type { CliIo } from "./io.js";
import { terminalWidth } from "../command-io.js";

export function exitCodeOf(result: WaveResult, cancelSignal: InterruptSignal | null): number {
  switch (result.status) {
    case "passed":
    case "dry-run":
      return 0;
    case "cancelled":
      return exitCodeOfSignal(cancelSignal ?? "SIGTERM");
    default:
      return 1;
  }
}

/** Live progress for a terminal, or one plain line per event. */
function createProgressView(io: CliIo, toStderr: boolean): { onEvent(e: EngineEvent): void; close(): void } {
  let model: ProgressModel = createProgressModel();
  const write = toStderr ? io.stderr : io.stdout;
  if (io.isTty && !toStderr) {
    const tty = new TtyRenderer({ write, columns: io.columns }, { color: !io.env.NO_COLOR });
    const tick = setInterval(() => {
      model = applyProgressEvent(model, { type: "tick", at: Date.now() });
      tty.update(model);
    }, 1000);
    tick.unref();
    let closed = false;
    return {
      onEvent(e) {
        if (e.type === "warning") tty.log(`warning: ${e.message}\n`);
        if (e.type === "notice") tty.log(`note: ${e.message}\n`);
        const pe = progressEventFromEngine(e, Date.now());
        if (!pe) return;
        model = applyProgressEvent(model, pe);
        tty.update(model);
      },
      close() {
        if (closed) return;
        closed = true;
        clearInterval(tick);
        tty.close(model);
      },
    };
  }
  return {
    onEvent(e) {
      const pe = progressEventFromEngine(e, Date.now());
      if (!pe) return;
      const line = renderPlainLine(pe);
      if (line) write(`${line}\n`);
    },
    close() {},
  };
}

export async function runAndReport(
  options: RunOptions,
  io: CliIo,
  extra: {
    json: boolean;
    cliArgv: string[];
    after?: (result: WaveResult, resultFile: string) => string;
    /** `wave rehearse`: the engine's rehearsal hook, and what to do with the result before output. */
    rehearsal?: EngineDeps["rehearsal"];
    /** The commands the next-step hints name (default: `wave run` on the default state). */
    nextSteps?: NextStepCommands;
    onResult?: (result: WaveResult, resultFile: string) => Promise<void>;
    /** With `json`: the result as one line (`wave run --waves`: one line per wave). */
    jsonLines?: boolean;
  },
): Promise<number> {
  const view = createProgressView(io, extra.json);
  // The live view also shows questions waiting for a human, with the command that answers each.
  let stopQuestions = () => {};
  const answerFlags = options.project ? ["--project", options.project] : [];
  const onEvent = (e: EngineEvent) => {
    if (e.type === "wave-start" && !options.dryRun) {
      stopQuestions();
      stopQuestions = watchOpenQuestions(runPaths(options.stateDir, e.lane, e.wave, e.attempt).runDir, (r) =>
        view.onEvent({
          type: "notice",
          message: `${r.agentId} asks a human (${r.id}): ${r.question} — answer: ${answerCommand(r.id, answerFlags)}`,
        }),
      );
    }
    view.onEvent(e);
  };
  try {
    const { result, resultFile, cancelSignal } = await launchWave(options, {
      env: io.env,
      cliArgv: extra.cliArgv,
      onEvent,
      ...(extra.rehearsal ? { rehearsal: extra.rehearsal } : {}),
      onSignal: (signal, first) =>
        io.stderr(`wave: ${signal}: ${first ? "cancelling the wave" : "still cancelling"} (stopping the agents, writing the result)\n`),
      finish: async ({ result, resultFile }) => {
        view.close();
        const runDir = path.dirname(resultFile);
        const [modelProxy, sandbox] = await Promise.all([readModelProxyReport(runDir), readSandboxReport(runDir)]);
        await writeFile(runDirPaths(runDir).summary, renderWaveSummary({ result, waveFile: result.waveFile, modelProxy, sandbox }));
        if (extra.onResult) await extra.onResult(result, resultFile);
      },
    }).catch((error: unknown) => {
      // Another run holds the wave: say how to wait for it and take its result.
      if (!(error instanceof WaveLockedError)) throw error;
      const state = [...(extra.nextSteps?.stateArgs ? [extra.nextSteps.stateArgs] : []), ...answerFlags].join(" ");
      throw new UserError(`${error.message}; wait for it to end: wave wait --wave ${options.wave}${state ? ` ${state}` : ""}`, 2);
    });
    if (extra.json) {
      io.stdout(extra.jsonLines ? `${JSON.stringify(result)}\n` : `${JSON.stringify(result, null, 2)}\n`);
    } else {
      io.stdout(`\n${renderStatusTable(result, terminalWidth(io))}\n`);
      const next = renderNextSteps(result, { resultFile, ...(extra.nextSteps ? { commands: extra.nextSteps } : {}) });
      if (next) io.stdout(`${next}\n`);
      if (extra.after) io.stdout(extra.after(result, resultFile));
    }
    return exitCodeOf(result, cancelSignal);
  } finally {
    stopQuestions();
    view.close();
  }
}

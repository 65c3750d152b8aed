/**
 * One wave run from the command line (`wave run`, each wave of `wave run --waves`, `wave demo`,
 * `wave rehearse`): the engine with the live view on a terminal or plain lines otherwise, SIGINT/
 * SIGTERM cancelling the wave (a second one exits at once), summary.md next to result.json, then
 * the status table and next steps (or the result as JSON), and the exit code of the result.
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { elevatedFromUser, giveBackToUser } from "../agent-user/elevate.js";
import type { RunOptions } from "../engine/options.js";
import { runWave } from "../engine/run-wave.js";
import type { EngineDeps, EngineEvent } from "../engine/types.js";
import { answerCommand, watchOpenQuestions } from "../feedback/open.js";
import { applyProgressEvent, createProgressModel, type ProgressModel } from "../report/progress/model.js";
import { progressEventFromEngine } from "../report/progress/engine.js";
import { type NextStepCommands, renderNextSteps, renderStatusTable } from "../report/status-table.js";
import { renderPlainLine } from "../report/progress/render.js";
import { renderWaveSummary } from "../report/wave-summary.js";
import { TtyRenderer } from "../report/progress/tty.js";
import { readModelProxyReport } from "../proxy/report.js";
import { runAgentProcess } from "../runtime/run-agent.js";
import { readSandboxReport } from "../sandbox/report.js";
import { UserError } from "../errors.js";
import { WaveLockedError } from "../state/lock.js";
import { runDirPaths, runPaths } from "../state/paths.js";
import type { WaveResult } from "../state/schema.js";
import type { CliIo } from "./io.js";
import { terminalWidth } from "../command-io.js";

export function exitCodeOf(result: WaveResult, cancelSignal: "SIGINT" | "SIGTERM" | null): number {
  switch (result.status) {
    case "passed":
    case "dry-run":
      return 0;
    case "cancelled":
      return cancelSignal === "SIGINT" ? 130 : 143;
    default:
      return 1;
  }
}

/** Live progress for a terminal, or one plain line per event. */
export function createProgressView(io: CliIo, toStderr: boolean): { onEvent(e: EngineEvent): void; close(): void } {
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
  const controller = new AbortController();
  let cancelSignal: "SIGINT" | "SIGTERM" | null = null;
  const onSignal = (sig: "SIGINT" | "SIGTERM") => () => {
    if (cancelSignal) process.exit(sig === "SIGINT" ? 130 : 143);
    cancelSignal = sig;
    controller.abort();
  };
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
  const onInt = onSignal("SIGINT");
  const onTerm = onSignal("SIGTERM");
  process.on("SIGINT", onInt);
  process.on("SIGTERM", onTerm);
  try {
    const { result, resultFile } = await runWave(options, {
      env: io.env,
      cliArgv: extra.cliArgv,
      now: () => new Date(),
      runProcess: runAgentProcess,
      onEvent,
      signal: controller.signal,
      cancelSignal: () => cancelSignal,
      ...(extra.rehearsal ? { rehearsal: extra.rehearsal } : {}),
    }).catch((error: unknown) => {
      // Another run holds the wave: say how to wait for it and take its result.
      if (!(error instanceof WaveLockedError)) throw error;
      const state = [...(extra.nextSteps?.stateArgs ? [extra.nextSteps.stateArgs] : []), ...answerFlags].join(" ");
      throw new UserError(`${error.message}; wait for it to end: wave wait --wave ${options.wave}${state ? ` ${state}` : ""}`, 2);
    });
    view.close();
    const runDir = path.dirname(resultFile);
    const [modelProxy, sandbox] = await Promise.all([readModelProxyReport(runDir), readSandboxReport(runDir)]);
    await writeFile(runDirPaths(runDir).summary, renderWaveSummary({ result, waveFile: result.waveFile, modelProxy, sandbox }));
    const elevatedFrom = elevatedFromUser();
    if (extra.onResult) await extra.onResult(result, resultFile);
    if (elevatedFrom) giveBackToUser([path.dirname(resultFile)], elevatedFrom);
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
    process.off("SIGINT", onInt);
    process.off("SIGTERM", onTerm);
  }
}

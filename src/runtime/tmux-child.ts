/**
 * The wrapper that runs inside a tmux pane (`wave __tmux-child <specFile>`): it starts the agent
 * exactly as the direct backend does (own group, stdin, cleanup of leftovers), writes the output
 * both to the terminal and to the log file, and finally writes the exit code/signal to the exit
 * file named in the spec. The runtime watches for that file.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { errorMessage } from "../errors.js";
import { LogSink } from "./log-sink.js";
import type { OutputSink } from "./run-context.js";
import { runDirect } from "./spawn-run.js";
import { StopController } from "./stop.js";
import { type TmuxExit, type TmuxSpec, TmuxSpecSchema } from "./tmux-spec.js";

export interface TmuxChildIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

/** Writes to the log (authoritative) and the terminal (best effort: a closed pane is ignored). */
class TeeSink implements OutputSink {
  private terminal: NodeJS.WritableStream | null;
  private waiters: (() => void)[] = [];

  constructor(
    private readonly log: LogSink,
    terminal: NodeJS.WritableStream,
  ) {
    this.terminal = terminal;
    terminal.on("error", () => this.dropTerminal());
  }

  private dropTerminal(): void {
    this.terminal = null;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  write(chunk: Buffer): boolean {
    const logOk = this.log.write(chunk);
    let termOk = true;
    if (this.terminal) {
      try {
        termOk = this.terminal.write(chunk);
      } catch {
        this.dropTerminal();
      }
    }
    return logOk && termOk;
  }

  onDrain(callback: () => void): void {
    // Wait for whichever sides are behind; a side that is not behind drains at once.
    let waiting = 2;
    const one = () => {
      if (--waiting === 0) callback();
    };
    this.log.onDrain(one);
    const terminal = this.terminal as (NodeJS.WritableStream & { writableNeedDrain?: boolean }) | null;
    if (terminal?.writableNeedDrain) {
      this.waiters.push(one);
      terminal.once("drain", () => {
        const i = this.waiters.indexOf(one);
        if (i >= 0) {
          this.waiters.splice(i, 1);
          one();
        }
      });
    } else {
      one();
    }
  }
}

function readSpec(specPath: string): TmuxSpec {
  const raw = readFileSync(specPath, "utf8");
  rmSync(specPath, { force: true }); // holds the agent's environment: keep it on disk no longer than needed
  const parsed = TmuxSpecSchema.safeParse(JSON.parse(raw));
  if (!parsed.success) throw new Error(`invalid tmux spec ${specPath}: ${parsed.error.message}`);
  return parsed.data;
}

function writeExit(exitPath: string, exit: TmuxExit): void {
  const tmp = `${exitPath}.tmp.${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify(exit)}\n`, { mode: 0o600 });
  renameSync(tmp, exitPath);
}

export async function runTmuxChild(argv: string[], io: TmuxChildIo): Promise<number> {
  const specPath = argv[0];
  if (!specPath || argv.length !== 1) {
    io.stderr.write("usage: wave __tmux-child <specFile>\n");
    return 2;
  }
  let spec: TmuxSpec;
  let stdin: string | null = null;
  try {
    spec = readSpec(specPath);
    if (spec.stdinPath !== null) {
      stdin = readFileSync(spec.stdinPath, "utf8");
      rmSync(spec.stdinPath, { force: true });
    }
  } catch (error) {
    io.stderr.write(`wave __tmux-child: ${errorMessage(error)}\n`);
    return 2;
  }

  const stop = new StopController();
  const onSignal = () => stop.stop("cancelled");
  const signals: NodeJS.Signals[] = ["SIGHUP", "SIGTERM", "SIGINT"];
  for (const s of signals) process.on(s, onSignal);
  const log = new LogSink(spec.logPath);
  try {
    const result = await runDirect(
      {
        run: 1,
        argv: spec.argv,
        cwd: spec.cwd,
        env: spec.env,
        token: spec.token,
        stdin,
        graceMs: spec.graceMs,
        stop,
        output: () => undefined,
        onStart: () => undefined,
      },
      new TeeSink(log, io.stdout),
    );
    await log.close();
    writeExit(spec.exitPath, {
      exitCode: result.exitCode,
      signal: result.signal,
      spawnError: result.spawnError,
      pid: result.pid,
      stopped: result.stoppedBy !== null,
      logError: log.error ? errorMessage(log.error) : null,
    });
    return 0;
  } catch (error) {
    io.stderr.write(`wave __tmux-child: ${errorMessage(error)}\n`);
    return 1;
  } finally {
    for (const s of signals) process.off(s, onSignal);
  }
}

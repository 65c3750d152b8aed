/**
 * The `wave` process's own plumbing, installed once by the entry point (src/cli.ts) before a
 * command runs; never by library callers (tests run commands in their own process).
 *
 * - Output: a closed stdout or stderr (`wave run | head -4`, a reader that went away) never
 *   crashes the command. A write to a closed pipe fails either at once (a throw) or later (an
 *   'error' event on the stream); both mark the stream closed, and every later write to it is
 *   dropped silently. The command goes on to its end: a wave still finishes, its agents are still
 *   stopped and its result is still written.
 * - Signals: SIGINT and SIGTERM are recorded (state/interrupt.ts) from the start. While a command
 *   handles them itself (`wave run` cancels its wave through engine/launch.ts; a second signal
 *   does not cut the cancellation short), that handler decides; otherwise the process exits at
 *   once with 130 (SIGINT) or 143 (SIGTERM).
 * - Errors: nothing escapes as a stack trace. An error no command caught is printed as one line
 *   (the stack only with WAVE_DEBUG set) and the process exits 2; a closed pipe is not an error.
 *
 * Also the real process as the IO every command gets (`CliIo`, src/command-io.ts): writers that
 * never throw, the environment, the working directory and the terminal's shape.
 */
import type { CliIo } from "../command-io.js";
import { errorMessage } from "../errors.js";
import { exitCodeOfSignal, type InterruptSignal, noteInterrupt } from "../state/interrupt.js";

export type { CliIo } from "../command-io.js";

type Stream = NodeJS.WritableStream & { destroyed?: boolean; writable?: boolean };

const closed = new WeakSet<object>();
const guarded = new WeakSet<object>();

/** Errors that mean "the reader went away": never a reason to stop. */
const CLOSED_PIPE_CODES = new Set(["EPIPE", "ERR_STREAM_DESTROYED", "ERR_STREAM_WRITE_AFTER_END"]);

function isClosedPipe(error: unknown): boolean {
  return CLOSED_PIPE_CODES.has((error as NodeJS.ErrnoException | undefined)?.code ?? "");
}

/** Makes `stream` survive its reader going away: its errors mark it closed instead of crashing. */
function guardStream(stream: Stream): void {
  if (guarded.has(stream)) return;
  guarded.add(stream);
  stream.on("error", () => {
    closed.add(stream);
  });
}

/** Whether writes to `stream` are being dropped (it failed, or was closed). */
function streamClosed(stream: Stream): boolean {
  return closed.has(stream) || stream.destroyed === true || stream.writable === false;
}

/** A writer that never throws: once `stream` fails, what follows is dropped. */
function safeWriter(stream: Stream): (text: string | Uint8Array) => void {
  guardStream(stream);
  return (text) => {
    if (streamClosed(stream)) return;
    try {
      stream.write(text);
    } catch {
      closed.add(stream);
    }
  };
}

/** The real process as a `CliIo`. */
export function processIo(): CliIo {
  return {
    stdout: safeWriter(process.stdout),
    stdoutBytes: safeWriter(process.stdout),
    stderr: safeWriter(process.stderr),
    env: process.env,
    cwd: process.cwd(),
    isTty: Boolean(process.stdout.isTTY),
    columns: process.stdout.columns ?? 100,
  };
}

let installed = false;

/**
 * Installs the process-wide guards described above (once). `debug`: print the stack of an error
 * no command caught.
 */
export function installProcessGuards(options: { debug?: boolean } = {}): void {
  if (installed) return;
  installed = true;
  guardStream(process.stdout);
  guardStream(process.stderr);
  const writeErr = safeWriter(process.stderr);
  for (const signal of ["SIGINT", "SIGTERM"] as const satisfies readonly InterruptSignal[]) {
    const onSignal = () => {
      noteInterrupt(signal);
      // Another handler (a running wave's cancellation) decides what happens.
      if (process.listenerCount(signal) > 1) return;
      process.exit(exitCodeOfSignal(signal));
    };
    process.on(signal, onSignal);
  }
  process.on("uncaughtException", (error) => {
    if (isClosedPipe(error)) return;
    writeErr(`wave: internal error: ${errorMessage(error)}\n`);
    if (options.debug && error instanceof Error && error.stack) writeErr(`${error.stack}\n`);
    process.exit(2);
  });
}

/** Prints an error that reached the entry point as one line (no stack unless `debug`). */
export function reportFatal(error: unknown, debug = false): void {
  const writeErr = safeWriter(process.stderr);
  writeErr(`wave: internal error: ${errorMessage(error)}\n`);
  if (debug && error instanceof Error && error.stack) writeErr(`${error.stack}\n`);
}

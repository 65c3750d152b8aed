/**
 * Process-wide interruption: the CLI records SIGINT/SIGTERM here as soon as one arrives, whoever
 * else handles the signal. Waits in the state layer (the wave lock's wait for a lock file being
 * written) end early through `pauseUnlessInterrupted` with a UserError whose exit code is the
 * signal's (130 for SIGINT, 143 for SIGTERM), so a signal ends a command blocked in such a wait.
 * Nothing here installs a signal handler: a library caller (tests, the action) that never records
 * an interruption sees plain timed waits.
 */
import { UserError } from "../errors.js";

export type InterruptSignal = "SIGINT" | "SIGTERM";

let received: InterruptSignal | null = null;
const wakers = new Set<() => void>();

/** The exit code of a command ended by `signal`. */
export function exitCodeOfSignal(signal: InterruptSignal): number {
  return signal === "SIGINT" ? 130 : 143;
}

/** Records an interruption (the first one counts) and wakes every pending wait. */
export function noteInterrupt(signal: InterruptSignal): void {
  received ??= signal;
  for (const wake of [...wakers]) wake();
}

/** The first signal recorded, or null. */
export function interruptedBy(): InterruptSignal | null {
  return received;
}

function interruptedError(what: string, signal: InterruptSignal): UserError {
  return new UserError(`interrupted by ${signal} ${what}`, exitCodeOfSignal(signal));
}

/** Waits `ms`; rejects with a UserError (exit 130/143) once an interruption is recorded. */
export function pauseUnlessInterrupted(ms: number, what: string): Promise<void> {
  if (received) return Promise.reject(interruptedError(what, received));
  return new Promise((resolve, reject) => {
    const wake = () => {
      clearTimeout(timer);
      wakers.delete(wake);
      if (received) reject(interruptedError(what, received));
      else resolve();
    };
    const timer = setTimeout(wake, ms);
    wakers.add(wake);
  });
}

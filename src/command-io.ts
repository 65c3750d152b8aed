/**
 * The one IO type of every `wave` command (`CliIo`): writers that never throw, the environment,
 * the working directory and the terminal's shape. The process's own is made by cli/io.ts; tests
 * pass their own to run a command in-process.
 *
 * A module of its own, next to no other: the agents' commands (`wave coord …`, `wave feedback ask`,
 * the built-in local agent) live with what they serve, outside src/cli, and take the same type
 * without loading the CLI's process plumbing.
 */

/** What a command reads and writes besides files: its only view of the process. */
export interface CliIo {
  stdout(text: string): void;
  /** Bytes to stdout as they are (`wave logs --raw`); absent where only text is taken (tests in-process). */
  stdoutBytes?(bytes: Uint8Array): void;
  stderr(text: string): void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  isTty: boolean;
  columns: number;
}

/** The part of `CliIo` the agents' commands use: they print, and read their environment. */
export type AgentIo = Pick<CliIo, "stdout" | "stderr" | "env">;

/**
 * The width a table may fill: the terminal's columns when stdout is a terminal, none otherwise (a
 * pipe or a file gets the full table, whatever `columns` says).
 */
export function terminalWidth(io: Pick<CliIo, "isTty" | "columns">): { columns?: number } {
  return io.isTty && Number.isFinite(io.columns) && io.columns > 0 ? { columns: io.columns } : {};
}

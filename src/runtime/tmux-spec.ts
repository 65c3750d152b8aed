/**
 * Files exchanged between the runtime and the wrapper it starts in a tmux pane. Both live in a
 * private temporary directory (mode 0700, files 0600); the wrapper deletes the spec (which holds
 * the agent's environment, secrets included) as soon as it has read it.
 */
import { z } from "zod";

export const TmuxSpecSchema = z.object({
  argv: z.array(z.string()).min(1),
  cwd: z.string().min(1),
  env: z.record(z.string(), z.string()),
  /** Run token (also in env) used to find the agent's processes. */
  token: z.string().min(1),
  /** File whose content becomes the agent's stdin, or null for /dev/null. */
  stdinPath: z.string().nullable(),
  logPath: z.string().min(1),
  /** Where the wrapper writes the TmuxExit JSON (atomically) when the agent has finished. */
  exitPath: z.string().min(1),
  graceMs: z.number().int().nonnegative(),
});
export type TmuxSpec = z.infer<typeof TmuxSpecSchema>;

export const TmuxExitSchema = z.object({
  exitCode: z.number().int().nullable(),
  signal: z.string().nullable(),
  spawnError: z.string().nullable(),
  pid: z.number().int().nullable(),
  /** The wrapper was told to stop (SIGHUP/SIGTERM/SIGINT, e.g. the session was killed). */
  stopped: z.boolean(),
  logError: z.string().nullable(),
});
export type TmuxExit = z.infer<typeof TmuxExitSchema>;

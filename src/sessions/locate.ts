/**
 * Where a CLI keeps a session file, given the environment it runs with and its working directory:
 * the rules of each CLI are its adapter's `session.files` (src/executors/<id>/session.ts); this
 * module finds the CLI's home and walks it without following links.
 */
import path from "node:path";
import type { CliHome, SessionFiles } from "../executors/adapter.js";
import { EXECUTOR_ADAPTERS, findAdapter } from "../executors/registry.js";

export type { CliHome };

/** The executors whose CLI keeps each session in one file (their adapters have `session.files`). */
const SESSION_EXECUTORS = EXECUTOR_ADAPTERS.filter((a) => a.session.files).map((a) => a.id) as [string, ...string[]];
export type SessionExecutor = string;

export function isSessionExecutor(id: string): id is SessionExecutor {
  return SESSION_EXECUTORS.includes(id);
}

/** The session-file rules of `executor`, or null when its CLI keeps none. */
export function sessionFilesOf(executor: string): SessionFiles | null {
  return findAdapter(executor)?.session.files ?? null;
}

export type Env = Readonly<Record<string, string | undefined>>;

function absoluteOrNull(value: string | undefined): string | null {
  return value && path.isAbsolute(value) ? path.resolve(value) : null;
}

/** The CLI's home for `env`, or a reason it cannot be known. */
export function cliHome(executor: SessionExecutor, env: Env): CliHome | { error: string } {
  const files = sessionFilesOf(executor);
  if (!files) return { error: `the ${executor} executor keeps no session file` };
  const home = absoluteOrNull(env.HOME);
  const variable = files.homeEnv;
  const configured = env[variable];
  let dir: string;
  if (configured !== undefined && configured !== "") {
    const abs = absoluteOrNull(configured);
    if (!abs) return { error: `${variable} is not an absolute path (${JSON.stringify(configured)})` };
    dir = abs;
  } else {
    if (!home) return { error: `HOME is not set to an absolute path, and ${variable} is not set` };
    dir = path.join(home, files.homeDefault);
  }
  if (home && dir !== home && dir.startsWith(`${home}${path.sep}`)) {
    return { dir, anchor: home, steps: path.relative(home, dir).split(path.sep) };
  }
  return { dir, anchor: dir, steps: [] };
}

/**
 * Finds a session file of the CLI below its home, walking without following links; returns the
 * steps below the CLI's home, or null when there is none.
 */
export async function findSessionSteps(
  executor: SessionExecutor,
  home: CliHome,
  sessionId: string,
  cwd: string,
  exists: (steps: string[]) => Promise<boolean>,
): Promise<string[] | null> {
  const files = sessionFilesOf(executor);
  return files ? files.find(home, sessionId, cwd, exists) : null;
}

/**
 * Where each CLI keeps a session file, given the environment it runs with and its working
 * directory (checked against Claude Code 2.1.197 and codex-cli 0.171).
 *
 * Claude Code: `<CLAUDE_CONFIG_DIR, else $HOME/.claude>/projects/<dir>/<session id>.jsonl`, where
 * `<dir>` is the real path of the working directory (symbolic links resolved) with every UTF-16
 * code unit other than A-Z, a-z, 0-9 replaced by `-`; a name longer than 200 characters is cut to
 * 200 and followed by `-` and the absolute value of the path's 32-bit string hash
 * (`h = h * 31 + code unit`, as a signed 32-bit integer) in base 36. On `--resume` Claude Code looks
 * in the directory of its current working directory (for long names also in every directory with
 * the same first 200 characters), so a session recorded in one working directory is put back under
 * the name of the new one.
 *
 * Codex: `<CODEX_HOME, else $HOME/.codex>/sessions/YYYY/MM/DD/rollout-<YYYY-MM-DDThh-mm-ss>-<id>.jsonl`;
 * `exec resume <id>` finds the file by its name anywhere under `sessions/`, from any working
 * directory.
 */
import { realpath } from "node:fs/promises";
import path from "node:path";
import { uuidV7Time } from "./ids.js";
import { type Identity, type SafeDir, walkDirs } from "./nofollow.js";

export const SESSION_EXECUTORS = ["claude", "codex"] as const;
export type SessionExecutor = (typeof SESSION_EXECUTORS)[number];

export function isSessionExecutor(id: string): id is SessionExecutor {
  return (SESSION_EXECUTORS as readonly string[]).includes(id);
}

/** The CLI's home directory and the trusted directory it is walked from. */
export interface CliHome {
  /** Absolute: CLAUDE_CONFIG_DIR / CODEX_HOME, or its default under HOME. */
  dir: string;
  /**
   * Where no-follow walking starts: HOME when the CLI's directory lies inside it (the agent owns
   * everything below HOME, the directory of the CLI included), else the CLI's directory itself.
   */
  anchor: string;
  /** The steps from `anchor` to `dir`. */
  steps: string[];
}

export type Env = Readonly<Record<string, string | undefined>>;

function absoluteOrNull(value: string | undefined): string | null {
  return value && path.isAbsolute(value) ? path.resolve(value) : null;
}

/** The CLI's home for `env`, or a reason it cannot be known. */
export function cliHome(executor: SessionExecutor, env: Env): CliHome | { error: string } {
  const home = absoluteOrNull(env.HOME);
  const variable = executor === "claude" ? "CLAUDE_CONFIG_DIR" : "CODEX_HOME";
  const configured = env[variable];
  let dir: string;
  if (configured !== undefined && configured !== "") {
    const abs = absoluteOrNull(configured);
    if (!abs) return { error: `${variable} is not an absolute path (${JSON.stringify(configured)})` };
    dir = abs;
  } else {
    if (!home) return { error: `HOME is not set to an absolute path, and ${variable} is not set` };
    dir = path.join(home, executor === "claude" ? ".claude" : ".codex");
  }
  if (home && dir !== home && dir.startsWith(`${home}${path.sep}`)) {
    return { dir, anchor: home, steps: path.relative(home, dir).split(path.sep) };
  }
  return { dir, anchor: dir, steps: [] };
}

/** The 32-bit string hash Claude Code uses for long project names. */
function stringHash32(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return h;
}

const CLAUDE_DIR_NAME_MAX = 200;

/** Claude Code's project directory name for a (real, absolute) working directory. */
export function claudeProjectDirName(realCwd: string): string {
  const name = realCwd.replace(/[^a-zA-Z0-9]/g, "-");
  if (name.length <= CLAUDE_DIR_NAME_MAX) return name;
  return `${name.slice(0, CLAUDE_DIR_NAME_MAX)}-${Math.abs(stringHash32(realCwd)).toString(36)}`;
}

/** The working directory as Claude Code sees it (symbolic links resolved; as given if that fails). */
export async function realCwd(cwd: string): Promise<string> {
  try {
    return await realpath(cwd);
  } catch {
    return path.resolve(cwd);
  }
}

/** Steps below the CLI's home to Claude Code's session file for `cwd`. */
export async function claudeSessionSteps(cwd: string, sessionId: string): Promise<string[]> {
  return ["projects", claudeProjectDirName(await realCwd(cwd)), `${sessionId}.jsonl`];
}

const CODEX_DATE_DIR = /^\d{2,4}$/;

/** Whether `name` is codex's rollout file name for `sessionId`. */
export function isCodexRolloutName(name: string, sessionId: string): boolean {
  return /^rollout-[0-9A-Za-z:.-]+\.jsonl$/.test(name) && name.toLowerCase().endsWith(`-${sessionId.toLowerCase()}.jsonl`);
}

/** A stored codex path below CODEX_HOME: `sessions/YYYY/MM/DD/rollout-…-<id>.jsonl`, else null. */
export function codexSessionSteps(homePath: string, sessionId: string): string[] | null {
  const steps = homePath.split("/");
  if (steps.length !== 5 || steps[0] !== "sessions") return null;
  const [, y, m, d, name] = steps as [string, string, string, string, string];
  if (!/^\d{4}$/.test(y) || !/^\d{2}$/.test(m) || !/^\d{2}$/.test(d)) return null;
  return isCodexRolloutName(name, sessionId) ? steps : null;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** Date directories (`YYYY/MM/DD`) to look in first: around the UUIDv7 time, local and UTC. */
function likelyDays(sessionId: string): string[][] {
  const time = uuidV7Time(sessionId);
  if (!time) return [];
  const out: string[][] = [];
  for (const offset of [0, -1, 1]) {
    const t = new Date(time.getTime() + offset * 86_400_000);
    for (const day of [
      [String(t.getFullYear()), pad(t.getMonth() + 1), pad(t.getDate())],
      [String(t.getUTCFullYear()), pad(t.getUTCMonth() + 1), pad(t.getUTCDate())],
    ]) {
      if (!out.some((d) => d.join("/") === day.join("/"))) out.push(day);
    }
  }
  return out;
}

async function namesOf(dir: SafeDir): Promise<string[]> {
  try {
    return await dir.names();
  } catch {
    return [];
  }
}

/**
 * Finds a session file of the CLI below its home, walking without following links; returns the
 * steps below the CLI's home, or null when there is none. Claude: the working directory's project
 * first, then every other project directory. Codex: the days around the id's time, then all days.
 */
export async function findSessionSteps(
  executor: SessionExecutor,
  home: CliHome,
  sessionId: string,
  cwd: string,
  exists: (steps: string[]) => Promise<boolean>,
): Promise<string[] | null> {
  if (executor === "claude") {
    const computed = await claudeSessionSteps(cwd, sessionId);
    if (await exists(computed)) return computed;
    const projects = await walkDirs(home.anchor, [...home.steps, "projects"]);
    if (!projects.ok) return null;
    try {
      for (const name of (await namesOf(projects.dir)).sort()) {
        if (name === computed[1]) continue;
        const steps = ["projects", name, `${sessionId}.jsonl`];
        if (await exists(steps)) return steps;
      }
    } finally {
      await projects.dir.close();
    }
    return null;
  }
  const tried = new Set<string>();
  const inDay = async (day: string[]): Promise<string[] | null> => {
    const key = day.join("/");
    if (tried.has(key)) return null;
    tried.add(key);
    const walked = await walkDirs(home.anchor, [...home.steps, "sessions", ...day]);
    if (!walked.ok) return null;
    try {
      const name = (await namesOf(walked.dir)).find((n) => isCodexRolloutName(n, sessionId));
      return name ? ["sessions", ...day, name] : null;
    } finally {
      await walked.dir.close();
    }
  };
  for (const day of likelyDays(sessionId)) {
    const found = await inDay(day);
    if (found && (await exists(found))) return found;
  }
  // Every day, newest first.
  const list = async (steps: string[]): Promise<string[]> => {
    const walked = await walkDirs(home.anchor, [...home.steps, "sessions", ...steps]);
    if (!walked.ok) return [];
    try {
      return (await namesOf(walked.dir))
        .filter((n) => CODEX_DATE_DIR.test(n))
        .sort()
        .reverse();
    } finally {
      await walked.dir.close();
    }
  };
  for (const y of await list([])) {
    for (const m of await list([y])) {
      for (const d of await list([y, m])) {
        const found = await inDay([y, m, d]);
        if (found && (await exists(found))) return found;
      }
    }
  }
  return null;
}

export type { Identity };

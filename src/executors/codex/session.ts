/**
 * Where codex keeps a session (checked against codex-cli 0.171):
 * `<CODEX_HOME, else $HOME/.codex>/sessions/YYYY/MM/DD/rollout-<YYYY-MM-DDThh-mm-ss>-<id>.jsonl`;
 * `exec resume <id>` finds the file by its name anywhere under `sessions/`, from any working
 * directory.
 */
import { uuidV7Time } from "../session-ids.js";
import { type SafeDir, walkDirs } from "../../security/nofollow.js";
import type { CliHome, SessionFiles } from "../adapter.js";

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

/** The rollout file of `sessionId` below CODEX_HOME: the days around the id's time, then all days, newest first. */
async function findCodexSession(
  home: CliHome,
  sessionId: string,
  _cwd: string,
  exists: (steps: string[]) => Promise<boolean>,
): Promise<string[] | null> {
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

export const CODEX_SESSION_FILES: SessionFiles = {
  homeEnv: "CODEX_HOME",
  homeDefault: ".codex",
  find: findCodexSession,
  restoreSteps: async (homePath, sessionId) => codexSessionSteps(homePath, sessionId),
};

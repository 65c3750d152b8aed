/**
 * Where Claude Code keeps a session (checked against Claude Code 2.1.197):
 * `<CLAUDE_CONFIG_DIR, else $HOME/.claude>/projects/<dir>/<session id>.jsonl`, where `<dir>` is the
 * real path of the working directory (symbolic links resolved) with every UTF-16 code unit other
 * than A-Z, a-z, 0-9 replaced by `-`; a name longer than 200 characters is cut to 200 and followed
 * by `-` and the absolute value of the path's 32-bit string hash (`h = h * 31 + code unit`, as a
 * signed 32-bit integer) in base 36. On `--resume` Claude Code looks in the directory of its
 * current working directory (for long names also in every directory with the same first 200
 * characters), so a session recorded in one working directory is put back under the name of the
 * new one.
 */
import { realpath } from "node:fs/promises";
import path from "node:path";
import { walkDirs } from "../../security/nofollow.js";
import type { CliHome, SessionFiles } from "../adapter.js";

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
async function realCwd(cwd: string): Promise<string> {
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

/** The session file: the working directory's project first, then every other project directory. */
async function findClaudeSession(
  home: CliHome,
  sessionId: string,
  cwd: string,
  exists: (steps: string[]) => Promise<boolean>,
): Promise<string[] | null> {
  const computed = await claudeSessionSteps(cwd, sessionId);
  if (await exists(computed)) return computed;
  const projects = await walkDirs(home.anchor, [...home.steps, "projects"]);
  if (!projects.ok) return null;
  try {
    let names: string[] = [];
    try {
      names = await projects.dir.names();
    } catch {
      // An unreadable directory holds nothing we can find.
    }
    for (const name of names.sort()) {
      if (name === computed[1]) continue;
      const steps = ["projects", name, `${sessionId}.jsonl`];
      if (await exists(steps)) return steps;
    }
  } finally {
    await projects.dir.close();
  }
  return null;
}

export const CLAUDE_SESSION_FILES: SessionFiles = {
  homeEnv: "CLAUDE_CONFIG_DIR",
  homeDefault: ".claude",
  find: findClaudeSession,
  // A saved session goes back under the project directory of the new working directory.
  restoreSteps: (_homePath, sessionId, cwd) => claudeSessionSteps(cwd, sessionId),
};

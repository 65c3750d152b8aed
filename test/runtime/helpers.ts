/** Shared helpers for the runtime tests: temp dirs, tiny scripts, /proc checks. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type AgentSelector, type ProcInfo, selectAgentProcesses, snapshotProcesses, tokensFromEnviron } from "../../src/runtime/proc.js";
import type { RunAgentOptions } from "../../src/runtime/types.js";
import { sourceBuildArgv } from "../helpers/source-build.js";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const NODE = process.execPath;

/** argv of the tmux viewer when running from source. */
export const VIEWER_ARGV = sourceBuildArgv("tmux-view");

export interface TempDir {
  dir: string;
  file(name: string): string;
  /** Writes a Node script and returns its path. */
  script(name: string, source: string): string;
  cleanup(): void;
}

export function tempDir(prefix = "wave-runtime-"): TempDir {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return {
    dir,
    file: (name) => path.join(dir, name),
    script(name, source) {
      const p = path.join(dir, name);
      writeFileSync(p, source);
      return p;
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export function baseOptions(t: TempDir, argv: string[], extra: Partial<RunAgentOptions> = {}): RunAgentOptions {
  return {
    argv,
    cwd: t.dir,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin" },
    stdin: null,
    logPath: t.file("agent.log"),
    timeoutMs: 30_000,
    idleTimeoutMs: null,
    graceMs: 300,
    rateLimit: null,
    ...extra,
  };
}

/** Alive = listed in /proc and not a zombie. */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "latin1");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state !== "Z" && state !== "X";
  } catch {
    return false;
  }
}

/** The run token in a live process's environment. */
export function tokenOf(pid: number): string {
  const tokens = tokensFromEnviron(readFileSync(`/proc/${pid}/environ`));
  if (!tokens[0]) throw new Error(`no run token in the environment of ${pid}`);
  return tokens[0];
}

export async function waitFor(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A shell script that starts a grandchild in its group, a `setsid` escapee, and an escapee that
 * also clears its environment; records their pids, prints "ready", then waits.
 */
export const TREE_SCRIPT = [
  "sleep 300 &",
  'echo $! > "$1"',
  "setsid sleep 301 &",
  'echo $! >> "$1"',
  "setsid env -i sleep 302 &",
  'echo $! >> "$1"',
  "echo ready",
  "wait",
].join("\n");

export function readPids(file: string): number[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => Number(line));
}

/** Live processes carrying `token` (plus group/session members and descendants when given), from a scan of their own. */
export function listAgentProcesses(token: string, extra: Omit<AgentSelector, "token"> & { procRoot?: string } = {}): ProcInfo[] {
  const { procRoot, ...selector } = extra;
  return selectAgentProcesses(snapshotProcesses({ minStartTime: extra.minStartTime, ...(procRoot ? { procRoot } : {}) }), {
    token,
    ...selector,
  });
}

/**
 * Agents left running by an orchestrator that ended without cleaning up (SIGKILL, out of memory, a
 * lost runner). They are found by the run directory in their environment (`WAVE_RUN_DIR`, which
 * every descendant inherits, `setsid` escapees included) and stopped with their whole tree.
 */
import { promises as fs } from "node:fs";
import path from "node:path";
import { killAgentTree } from "./kill.js";
import { RUN_TOKEN_VAR } from "./proc.js";

export interface LeftoverAgent {
  pid: number;
  /** The run token in its environment, when it has one. */
  token: string | null;
}

const TOKEN_RE = new RegExp(`(?:^|\\0)${RUN_TOKEN_VAR}=([0-9a-f]+)`);

/** Live processes (other than this one) whose WAVE_RUN_DIR lies under `dir`. */
export async function findLeftoverAgents(dir: string): Promise<LeftoverAgent[]> {
  const found: LeftoverAgent[] = [];
  const needle = Buffer.from(`WAVE_RUN_DIR=${path.resolve(dir)}${path.sep}`);
  for (const name of await fs.readdir("/proc").catch(() => [] as string[])) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const environ = await fs.readFile(`/proc/${name}/environ`);
      if (!environ.includes(needle)) continue;
      found.push({ pid: Number(name), token: TOKEN_RE.exec(environ.toString("latin1"))?.[1] ?? null });
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

/** Stops every leftover agent under `dir` (tree by token, then the process itself); returns their pids. */
export async function stopLeftoverAgents(dir: string): Promise<number[]> {
  const leftovers = await findLeftoverAgents(dir);
  const tokens = [...new Set(leftovers.map((l) => l.token).filter((t): t is string => t !== null))];
  await Promise.all(tokens.map((token) => killAgentTree({ token }, { graceMs: 1000 }).catch(() => undefined)));
  for (const { pid } of leftovers) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  return leftovers.map((l) => l.pid);
}

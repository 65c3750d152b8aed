/**
 * Killing an agent's whole process tree: SIGTERM to the process group and to every process found
 * through /proc (token, group, session, descendants — see proc.ts; through `ps`, group and
 * descendants, where /proc cannot be read), a grace period, then SIGKILL, repeated until nothing
 * of the agent is left alive.
 */
import { setTimeout as delay } from "node:timers/promises";
import { type AgentSelector, type ProcInfo, selectAgentProcesses, snapshotProcesses } from "./proc.js";

/** Default SIGTERM → SIGKILL grace period: enough for CLIs to flush their logs, short enough for CI. */
export const DEFAULT_GRACE_MS = 2000;

/** How often survivors are checked during the grace period. */
const GRACE_POLL_MS = 25;
/** SIGKILL rounds before giving up (each round re-scans, catching processes forked meanwhile). */
const KILL_ROUNDS = 20;

let pending: { promise: Promise<ProcInfo[]>; minStartTime: number | null } | null = null;

/**
 * A /proc snapshot shared by every caller in the same turn of the event loop: when many agents
 * exit together, the system is scanned once instead of once per agent. Environments are read for
 * processes at least as young as the oldest requester needs (null: all).
 */
function sharedSnapshot(minStartTime: number | null = null): Promise<ProcInfo[]> {
  if (pending) {
    if (minStartTime === null || (pending.minStartTime !== null && minStartTime < pending.minStartTime)) {
      pending.minStartTime = minStartTime;
    }
    return pending.promise;
  }
  const request: { promise: Promise<ProcInfo[]>; minStartTime: number | null } = {
    minStartTime,
    promise: new Promise<ProcInfo[]>((resolve) => {
      setImmediate(() => {
        pending = null;
        resolve(snapshotProcesses({ minStartTime: request.minStartTime }));
      });
    }),
  };
  pending = request;
  return request.promise;
}

/** Live processes of the agent (shared scan; its own scan of `procRoot` when one is given). */
async function findAgentProcesses(selector: AgentSelector, procRoot?: string): Promise<ProcInfo[]> {
  const snapshot = procRoot
    ? snapshotProcesses({ minStartTime: selector.minStartTime ?? null, procRoot })
    : await sharedSnapshot(selector.minStartTime ?? null);
  return selectAgentProcesses(snapshot, selector);
}

function send(pid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(pid, signal);
    return true;
  } catch {
    return false; // ESRCH: already gone; EPERM: not ours
  }
}

export interface KillResult {
  /** Processes that received SIGTERM. */
  terminated: number[];
  /** Processes that were still alive after the grace period and received SIGKILL. */
  killed: number[];
  /** Processes still alive after every round (should be empty; e.g. stuck in uninterruptible sleep). */
  survivors: number[];
}

/**
 * Terminates every process of the agent. `graceMs` 0 sends SIGKILL at once. The group signal is
 * only sent while the scan still shows a member of that group, so a reused group id is never hit.
 */
export async function killAgentTree(selector: AgentSelector, options: { graceMs?: number; procRoot?: string } = {}): Promise<KillResult> {
  const graceMs = options.graceMs ?? DEFAULT_GRACE_MS;
  const terminated: number[] = [];
  const killed: number[] = [];
  const find = () => findAgentProcesses(selector, options.procRoot);

  let alive = await find();
  const groupAlive = () => selector.pgid != null && alive.some((p) => p.pgid === selector.pgid);
  if (graceMs > 0) {
    if (groupAlive()) send(-selector.pgid!, "SIGTERM");
    for (const p of alive) if (send(p.pid, "SIGTERM")) terminated.push(p.pid);
    const until = Date.now() + graceMs;
    while (alive.length > 0 && Date.now() < until) {
      await delay(Math.min(GRACE_POLL_MS, Math.max(1, until - Date.now())));
      alive = await find();
      // Processes forked after the first signal get SIGTERM too.
      for (const p of alive) {
        if (!terminated.includes(p.pid) && send(p.pid, "SIGTERM")) terminated.push(p.pid);
      }
    }
  }
  for (let round = 0; round < KILL_ROUNDS && alive.length > 0; round++) {
    if (groupAlive()) send(-selector.pgid!, "SIGKILL");
    for (const p of alive) {
      if (send(p.pid, "SIGKILL") && !killed.includes(p.pid)) killed.push(p.pid);
    }
    await delay(round === 0 ? 5 : 20);
    alive = await find();
  }
  return { terminated, killed, survivors: alive.map((p) => p.pid) };
}

/**
 * Processes of one OS user, found through /proc and ended with SIGKILL. Used to clear the agent
 * user between stages: whatever an agent left behind (a background helper, a `setsid` escapee with
 * an empty environment) runs as the agent user and cannot hide from a scan by uid.
 */
import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";

export interface UserProcess {
  pid: number;
  /** Single-letter state from /proc/<pid>/status (Z = zombie, already dead). */
  state: string;
}

/** Live processes whose real or effective uid is `uid`. */
export function processesOfUid(uid: number): UserProcess[] {
  const found: UserProcess[] = [];
  let names: string[];
  try {
    names = readdirSync("/proc");
  } catch {
    return found;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    let status: string;
    try {
      status = readFileSync(`/proc/${name}/status`, "latin1");
    } catch {
      continue; // gone
    }
    const uids = /^Uid:\s+(\d+)\s+(\d+)\s+(\d+)/m.exec(status);
    if (!uids || (Number(uids[1]) !== uid && Number(uids[2]) !== uid && Number(uids[3]) !== uid)) continue;
    const state = /^State:\s+(\S)/m.exec(status)?.[1] ?? "?";
    found.push({ pid: Number(name), state });
  }
  return found;
}

/**
 * Stops every process of `uid`: each round freezes them all (SIGSTOP, so a forking process cannot
 * outrun the scan), then kills them (SIGKILL), then waits a little for them to be gone. Rounds
 * repeat until none is left or about ten seconds have passed. Returns the pids signalled and
 * whether the user is clear now (zombies count as gone: they run nothing).
 */
export async function killProcessesOfUid(uid: number): Promise<{ killed: number[]; clear: boolean }> {
  if (uid === 0 || uid === process.getuid?.()) throw new Error(`refusing to kill every process of uid ${uid}`);
  const killed = new Set<number>();
  const started = Date.now();
  for (let round = 0; ; round++) {
    const live = processesOfUid(uid).filter((p) => p.state !== "Z");
    if (live.length === 0) return { killed: [...killed], clear: true };
    if (Date.now() - started > 10_000) return { killed: [...killed], clear: false };
    for (const p of live) signal(p.pid, "SIGSTOP");
    for (const p of processesOfUid(uid)) {
      if (p.state === "Z") continue;
      signal(p.pid, "SIGKILL");
      killed.add(p.pid);
    }
    await delay(Math.min(100, 2 ** round));
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/**
 * Linux process lookups the emulated runner needs: descendants of a process (to kill a step's tree)
 * and processes carrying a RUNNER_TRACKING_ID (orphans left behind after a step, as the runner
 * finds and terminates them at the end of a job).
 */
import { readdirSync, readFileSync } from "node:fs";

function pids(): number[] {
  try {
    return readdirSync("/proc")
      .filter((d) => /^\d+$/.test(d))
      .map(Number);
  } catch {
    return [];
  }
}

function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // pid (comm) state ppid ... — comm may contain spaces and parentheses.
    const rest = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(rest[1]);
  } catch {
    return null;
  }
}

/** Every live descendant of `root` (not including root). */
export function descendants(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const pid of pids()) {
    const parent = parentOf(pid);
    if (parent === null) continue;
    const list = children.get(parent) ?? [];
    list.push(pid);
    children.set(parent, list);
  }
  const out: number[] = [];
  const queue = [root];
  while (queue.length > 0) {
    const next = queue.shift() as number;
    for (const child of children.get(next) ?? []) {
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}

/** Live processes whose environment contains RUNNER_TRACKING_ID=<id>. */
export function trackedProcesses(trackingId: string): number[] {
  const needle = `RUNNER_TRACKING_ID=${trackingId}`;
  const out: number[] = [];
  for (const pid of pids()) {
    if (pid === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${pid}/environ`, "utf8");
      if (environ.split("\0").includes(needle)) out.push(pid);
    } catch {
      // gone, or not ours
    }
  }
  return out;
}

/** True while the process exists and is not a zombie. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !== "Z";
  } catch {
    return false;
  }
}

export function killAll(list: number[], signal: NodeJS.Signals = "SIGKILL"): void {
  for (const pid of list) {
    try {
      process.kill(pid, signal);
    } catch {
      // already gone
    }
  }
}

/**
 * Finding an agent's processes through /proc (Linux), or through `ps` where /proc cannot be read
 * (macOS and the BSDs have none; a container may hide it).
 *
 * Every run gets a random token in its environment (RUN_TOKEN_VAR). A process belongs to the agent
 * when it carries that token (environment is inherited, so `setsid` escapees keep it), is in the
 * run's process group or session, or descends (by parent pid) from such a process — the last rule
 * catches children that cleared their environment while their parent is still alive.
 * Nested runtimes keep outer tokens in OUTER_TOKENS_VAR, so an outer kill also finds inner agents.
 *
 * Without /proc the snapshot comes from `ps -A -o pid=,ppid=,pgid=,stat=`: no environments and no
 * sessions, so an agent is its process group and everything descending from it. A process that
 * left the group (`setsid`) is still found while its parent lives; one whose parent already exited
 * is found only on Linux with /proc (by its token).
 */
import { spawnSync } from "node:child_process";
import { closeSync, openSync, readdirSync, readSync } from "node:fs";

export const RUN_TOKEN_VAR = "WAVE_RUN_TOKEN";
const OUTER_TOKENS_VAR = "WAVE_OUTER_RUN_TOKENS";

export interface ProcInfo {
  pid: number;
  ppid: number;
  pgid: number;
  sid: number;
  /** One-letter state from /proc/<pid>/stat (R, S, D, Z, T, ...). */
  state: string;
  comm: string;
  /** Start time in clock ticks since boot (/proc/<pid>/stat field 22). */
  startTime: number;
  /** Run tokens found in the process environment (own and outer ones). */
  tokens: string[];
}

export interface AgentSelector {
  token: string;
  /** Process group of the run's leader (same as its pid for detached spawns). */
  pgid?: number | null;
  /** Session of the run's leader (same as its pid for detached spawns). */
  sid?: number | null;
  /**
   * Start time (clock ticks) of the run's first process. Everything of the agent started at or
   * after it, so older processes' environments need not be read — this keeps scans cheap.
   */
  minStartTime?: number | null;
}

/** Parses /proc/<pid>/stat. The command name may contain spaces and parentheses. */
export function parseStat(text: string): Omit<ProcInfo, "tokens"> | null {
  const open = text.indexOf("(");
  const close = text.lastIndexOf(")");
  if (open < 0 || close < open) return null;
  const pid = Number.parseInt(text.slice(0, open).trim(), 10);
  const fields = text
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const [state, ppid, pgid, sid] = fields;
  const startTime = Number(fields[19]);
  if (!state || ppid === undefined || pgid === undefined || sid === undefined) return null;
  const numbers = [pid, Number(ppid), Number(pgid), Number(sid), startTime];
  if (numbers.some((n) => !Number.isInteger(n))) return null;
  return {
    pid,
    comm: text.slice(open + 1, close),
    state,
    ppid: Number(ppid),
    pgid: Number(pgid),
    sid: Number(sid),
    startTime,
  };
}

/** Run tokens in a NUL-separated environment block. */
export function tokensFromEnviron(environ: Buffer): string[] {
  const tokens: string[] = [];
  const own = Buffer.from(`${RUN_TOKEN_VAR}=`);
  const outer = Buffer.from(`${OUTER_TOKENS_VAR}=`);
  let start = 0;
  while (start < environ.length) {
    let end = environ.indexOf(0, start);
    if (end < 0) end = environ.length;
    if (environ.subarray(start, start + own.length).equals(own)) {
      const value = environ.toString("latin1", start + own.length, end);
      if (value) tokens.push(value);
    } else if (environ.subarray(start, start + outer.length).equals(outer)) {
      for (const value of environ.toString("latin1", start + outer.length, end).split(":")) {
        if (value) tokens.push(value);
      }
    }
    start = end + 1;
  }
  return tokens;
}

/** The environment for a run: `env` plus this run's token (an inherited token becomes an outer one). */
export function withRunToken(env: Record<string, string>, token: string): Record<string, string> {
  const next: Record<string, string> = { ...env, [RUN_TOKEN_VAR]: token };
  const inherited = env[RUN_TOKEN_VAR];
  if (inherited) {
    const outer = env[OUTER_TOKENS_VAR];
    next[OUTER_TOKENS_VAR] = outer ? `${outer}:${inherited}` : inherited;
  }
  return next;
}

const statBuffer = Buffer.allocUnsafe(4096);

/** Reads a whole /proc file (open/read/close, no stat call), or throws. */
function readProcFile(file: string, buffer: Buffer = statBuffer): Buffer {
  const fd = openSync(file, "r");
  try {
    let length = 0;
    let buf = buffer;
    for (;;) {
      const n = readSync(fd, buf, length, buf.length - length, null);
      if (n === 0) break;
      length += n;
      if (length === buf.length) {
        const bigger = Buffer.allocUnsafe(buf.length * 4);
        buf.copy(bigger, 0, 0, length);
        buf = bigger;
      }
    }
    return buf.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}

/** Start time (clock ticks since boot) of a process, or null when it is gone. */
export function readStartTime(pid: number): number | null {
  try {
    return parseStat(readProcFile(`/proc/${pid}/stat`).toString("latin1"))?.startTime ?? null;
  } catch {
    return null;
  }
}

/** Parses `ps -o pid=,ppid=,pgid=,stat=` lines (sessions, start times and tokens are unknown). */
export function parsePsTable(text: string): ProcInfo[] {
  const list: ProcInfo[] = [];
  for (const line of text.split("\n")) {
    const [pid, ppid, pgid, stat] = line.trim().split(/\s+/);
    const numbers = [Number(pid), Number(ppid), Number(pgid)];
    if (!stat || numbers.some((n) => !Number.isInteger(n) || n < 0)) continue;
    list.push({ pid: numbers[0]!, ppid: numbers[1]!, pgid: numbers[2]!, sid: -1, state: stat[0]!, comm: "", startTime: 0, tokens: [] });
  }
  return list;
}

/** The process table from `ps`, or null when `ps` cannot be run. Synchronous. */
export function snapshotFromPs(): ProcInfo[] | null {
  const r = spawnSync("ps", ["-A", "-o", "pid=,ppid=,pgid=,stat="], {
    encoding: "utf8",
    timeout: 10_000,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", LC_ALL: "C" },
    stdio: ["ignore", "pipe", "ignore"],
  });
  if (r.status !== 0 || typeof r.stdout !== "string") return null;
  return parsePsTable(r.stdout);
}

/**
 * A snapshot of the live processes readable by this user. Environments (for tokens) are read only
 * for processes started at or after `minStartTime` (all when it is not given). When `procRoot`
 * cannot be read, or does not show this very process (an empty or foreign directory), the
 * snapshot comes from `ps` instead. Synchronous.
 */
export function snapshotProcesses(options: { minStartTime?: number | null; procRoot?: string } = {}): ProcInfo[] {
  const fromProc = snapshotFromProc(options);
  if (fromProc?.some((p) => p.pid === process.pid)) return fromProc;
  return snapshotFromPs() ?? fromProc ?? [];
}

function snapshotFromProc(options: { minStartTime?: number | null; procRoot?: string }): ProcInfo[] | null {
  const procRoot = options.procRoot ?? "/proc";
  const minStartTime = options.minStartTime ?? null;
  let names: string[];
  try {
    names = readdirSync(procRoot);
  } catch {
    return null;
  }
  const environBuffer = Buffer.allocUnsafe(16 * 1024);
  const list: ProcInfo[] = [];
  for (const name of names) {
    const c = name.charCodeAt(0);
    if (c < 48 || c > 57) continue;
    let stat: Omit<ProcInfo, "tokens"> | null;
    try {
      stat = parseStat(readProcFile(`${procRoot}/${name}/stat`).toString("latin1"));
    } catch {
      continue; // exited meanwhile, or not ours to read
    }
    if (!stat) continue;
    let tokens: string[] = [];
    const young = minStartTime === null || stat.startTime >= minStartTime;
    if (young && stat.state !== "Z" && stat.state !== "X") {
      try {
        tokens = tokensFromEnviron(readProcFile(`${procRoot}/${name}/environ`, environBuffer));
      } catch {
        tokens = [];
      }
    }
    list.push({ ...stat, tokens });
  }
  return list;
}

/**
 * The live (non-zombie) processes of an agent within a snapshot: token, group or session members,
 * then everything descending from them. This process, its ancestors and pid 1 are never selected
 * and never followed (their other children are not the agent's).
 */
export function selectAgentProcesses(snapshot: readonly ProcInfo[], selector: AgentSelector, selfPid: number = process.pid): ProcInfo[] {
  const byPid = new Map(snapshot.map((p) => [p.pid, p]));
  const excluded = new Set<number>([1, selfPid]);
  for (let p = byPid.get(selfPid); p && p.ppid > 1 && !excluded.has(p.ppid); p = byPid.get(p.ppid)) {
    excluded.add(p.ppid);
  }
  const chosen = new Set<number>();
  for (const p of snapshot) {
    if (excluded.has(p.pid)) continue;
    if (
      p.tokens.includes(selector.token) ||
      (selector.pgid != null && p.pgid === selector.pgid) ||
      (selector.sid != null && p.sid === selector.sid)
    ) {
      chosen.add(p.pid);
    }
  }
  const children = new Map<number, number[]>();
  for (const p of snapshot) {
    const list = children.get(p.ppid);
    if (list) list.push(p.pid);
    else children.set(p.ppid, [p.pid]);
  }
  const queue = [...chosen];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    for (const child of children.get(pid) ?? []) {
      if (!chosen.has(child) && !excluded.has(child)) {
        chosen.add(child);
        queue.push(child);
      }
    }
  }
  return snapshot.filter((p) => chosen.has(p.pid) && p.state !== "Z" && p.state !== "X");
}

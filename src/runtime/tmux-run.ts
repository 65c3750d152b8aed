/**
 * One run of an agent inside a detached tmux session on a private socket. The pane runs the
 * wrapper (tmux-child.ts), which owns the agent process and writes the log; this side follows the
 * log for output (idle watchdog, rate-limit tail, caller's onOutput), waits for the wrapper's exit
 * file (fs.watch, with a short poll and a tmux has-session check as backstop), and on
 * timeout/cancel kills the agent's processes by token and then the session.
 */
import { existsSync, readFileSync, watch, type FSWatcher } from "node:fs";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { followLog } from "./follow-log.js";
import { killAgentTree } from "./kill.js";
import { readStartTime } from "./proc.js";
import type { RunContext, RunResult } from "./run-context.js";
import { hasSession, killSession, newSession } from "./tmux.js";
import { type TmuxExit, TmuxExitSchema, type TmuxSpec } from "./tmux-spec.js";
import type { TmuxOptions } from "./types.js";

const EXIT_POLL_MS = 200;
/** Every this many polls, ask tmux whether the session still exists (wrapper died silently). */
const SESSION_CHECK_EVERY = 5;
/** After killing the agent, how long the wrapper gets to write its exit file. */
const WRAPPER_EXIT_WAIT_MS = 3000;

export interface TmuxRunResult extends RunResult {
  logError: string | null;
}

function readExit(exitPath: string): TmuxExit | null {
  try {
    return TmuxExitSchema.parse(JSON.parse(readFileSync(exitPath, "utf8")));
  } catch {
    return null;
  }
}

/**
 * Resolves with the wrapper's exit record, or null when the session is gone without one, or when
 * `signal` aborts first.
 */
function waitForExit(
  exitPath: string,
  sessionAlive: () => Promise<boolean>,
  signal: AbortSignal,
): Promise<TmuxExit | null> {
  return new Promise((resolve) => {
    let done = false;
    let watcher: FSWatcher | null = null;
    let timer: NodeJS.Timeout | null = null;
    let polls = 0;
    const end = (value: TmuxExit | null) => {
      if (done) return;
      done = true;
      watcher?.close();
      if (timer) clearTimeout(timer);
      signal.removeEventListener("abort", onAbort);
      resolve(value);
    };
    const check = () => {
      if (existsSync(exitPath)) {
        const exit = readExit(exitPath);
        if (exit) end(exit);
      }
    };
    const onAbort = () => end(null);
    const poll = async () => {
      timer = null;
      if (done) return;
      check();
      if (!done && ++polls % SESSION_CHECK_EVERY === 0 && !(await sessionAlive())) {
        check();
        end(null);
      }
      if (!done) timer = setTimeout(poll, EXIT_POLL_MS);
    };
    signal.addEventListener("abort", onAbort, { once: true });
    try {
      watcher = watch(path.dirname(exitPath), (_event, name) => {
        if (name === null || String(name) === path.basename(exitPath)) check();
      });
      watcher.on("error", () => undefined);
    } catch {
      watcher = null;
    }
    check();
    if (!done) timer = setTimeout(poll, EXIT_POLL_MS);
  });
}

export async function runInTmux(ctx: RunContext, tmux: TmuxOptions, logPath: string): Promise<TmuxRunResult> {
  const program = tmux.program ?? "tmux";
  const dir = await mkdtemp(path.join(os.tmpdir(), "wave-tmux-"));
  const exitPath = path.join(dir, "exit.json");
  const specPath = path.join(dir, "spec.json");
  const stdinPath = ctx.stdin === null ? null : path.join(dir, "stdin");
  const followAbort = new AbortController();
  let follower: Promise<unknown> = Promise.resolve();
  try {
    if (stdinPath !== null) await writeFile(stdinPath, ctx.stdin ?? "", { mode: 0o600 });
    const spec: TmuxSpec = {
      argv: ctx.argv,
      cwd: ctx.cwd,
      env: ctx.env,
      token: ctx.token,
      stdinPath,
      logPath,
      exitPath,
      graceMs: ctx.graceMs,
    };
    await writeFile(specPath, JSON.stringify(spec), { mode: 0o600 });

    let offset = 0;
    try {
      offset = (await stat(logPath)).size;
    } catch {
      offset = 0;
    }
    follower = followLog(logPath, {
      fromOffset: offset,
      signal: followAbort.signal,
      onData: ctx.output,
      pollMs: EXIT_POLL_MS,
    }).catch(() => undefined);

    const started = await newSession(program, tmux.socket, tmux.session, [...tmux.wrapperArgv, specPath], ctx.cwd);
    if ("error" in started) {
      return { exitCode: null, signal: null, spawnError: started.error, stoppedBy: null, pid: null, logError: null };
    }
    ctx.onStart({ pid: started.pid, run: ctx.run });
    // The agent starts after the wrapper: older processes' environments need not be read.
    const selector = { token: ctx.token, minStartTime: readStartTime(started.pid) };

    const alive = () => hasSession(program, tmux.socket, tmux.session);
    let exit = await waitForExit(exitPath, alive, ctx.stop.signal);
    let stoppedBy: RunResult["stoppedBy"] = null;
    if (!exit && ctx.stop.reason && !existsSync(exitPath)) {
      stoppedBy = ctx.stop.reason;
      await killAgentTree(selector, { graceMs: ctx.graceMs });
      const wait = new AbortController();
      const timer = delay(WRAPPER_EXIT_WAIT_MS, undefined, { signal: wait.signal })
        .catch(() => undefined)
        .then(() => null);
      exit = await Promise.race([waitForExit(exitPath, alive, wait.signal), timer]);
      wait.abort();
    } else if (!exit) {
      exit = readExit(exitPath);
    }
    // Leftovers the wrapper could not reach (normally none), then the session itself.
    await killAgentTree(selector, { graceMs: ctx.graceMs });
    await killSession(program, tmux.socket, tmux.session);

    if (!exit) {
      return {
        exitCode: null,
        signal: null,
        spawnError: stoppedBy ? null : "tmux wrapper ended without reporting an exit status",
        stoppedBy,
        pid: started.pid,
        logError: null,
      };
    }
    return {
      exitCode: exit.exitCode,
      signal: exit.signal,
      spawnError: exit.spawnError,
      stoppedBy,
      pid: exit.pid,
      logError: exit.logError,
    };
  } finally {
    followAbort.abort();
    await follower;
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * One run of an agent as a direct child: its own process group and session (`detached`), stdin
 * written then closed, stdout+stderr streamed to the sink with backpressure. Completion comes from
 * the child's 'exit'/'close' events.
 *
 * When the group leader exits, whatever it left behind (background children, `setsid` escapees)
 * is terminated too — an agent run is over when its main process is — and the run finishes once
 * the output pipes close. If an unfindable process keeps the pipes open, they are abandoned after
 * PIPE_LINGER_MS.
 */
import { type ChildProcess, spawn } from "node:child_process";
import type { Readable } from "node:stream";
import { killAgentTree } from "./kill.js";
import { readStartTime } from "./proc.js";
import { describeSpawnError, type OutputSink, type OutputSource, type RunContext, type RunResult } from "./run-context.js";

const PIPE_LINGER_MS = 2000;

export function runDirect(ctx: RunContext, sink: OutputSink): Promise<RunResult> {
  return new Promise<RunResult>((resolve) => {
    const program = ctx.argv[0]!;
    let child: ChildProcess;
    try {
      child = spawn(program, ctx.argv.slice(1), {
        detached: true,
        cwd: ctx.cwd,
        env: ctx.env,
        stdio: [ctx.stdin === null ? "ignore" : "pipe", "pipe", "pipe"],
        ...(ctx.identity ? { uid: ctx.identity.uid, gid: ctx.identity.gid } : {}),
      });
    } catch (error) {
      resolve({
        exitCode: null,
        signal: null,
        spawnError: describeSpawnError(error as NodeJS.ErrnoException, program, ctx.cwd),
        stoppedBy: null,
        pid: null,
      });
      return;
    }

    const pid = child.pid ?? null;
    // Read before the event loop can reap the child, so it always succeeds.
    const minStartTime = pid === null ? null : readStartTime(pid);
    let exitCode: number | null = null;
    let exitSignal: string | null = null;
    let exited = false;
    let closed = false;
    let pendingKills = 0;
    let stoppedBy: RunResult["stoppedBy"] = null;
    let spawnError: string | null = null;
    let done = false;
    let lingerTimer: NodeJS.Timeout | null = null;

    const finish = () => {
      if (done) return;
      if (spawnError === null && !(exited && closed && pendingKills === 0)) return;
      done = true;
      if (lingerTimer) clearTimeout(lingerTimer);
      ctx.stop.signal.removeEventListener("abort", onStop);
      resolve({ exitCode, signal: exitSignal, spawnError, stoppedBy, pid });
    };

    const kill = () => {
      if (pid === null) return;
      pendingKills++;
      killAgentTree({ token: ctx.token, pgid: pid, sid: pid, minStartTime }, { graceMs: ctx.graceMs })
        .catch(() => undefined)
        .finally(() => {
          pendingKills--;
          if (exited && !closed && pendingKills === 0) lingerTimer ??= setTimeout(abandonPipes, PIPE_LINGER_MS);
          finish();
        });
    };

    const abandonPipes = () => {
      child.stdout?.destroy();
      child.stderr?.destroy();
      closed = true;
      finish();
    };

    function onStop() {
      if (exited || stoppedBy) return;
      stoppedBy = ctx.stop.reason;
      kill();
    }

    child.on("error", (error: NodeJS.ErrnoException) => {
      if (child.pid === undefined && !done) {
        spawnError = describeSpawnError(error, program, ctx.cwd);
        finish();
      }
    });
    if (pid === null) return; // the 'error' event follows

    if (child.stdin) {
      child.stdin.on("error", () => undefined); // EPIPE: the child did not read its input
      child.stdin.end(ctx.stdin ?? "");
    }

    const streams = [child.stdout, child.stderr].filter((s): s is Readable => s !== null);
    let paused = false;
    const onData = (chunk: Buffer, source: OutputSource) => {
      ctx.output(chunk, source);
      if (!sink.write(chunk) && !paused) {
        paused = true;
        for (const s of streams) s.pause();
        sink.onDrain(() => {
          paused = false;
          for (const s of streams) s.resume();
        });
      }
    };
    child.stdout?.on("data", (chunk: Buffer) => onData(chunk, "stdout"));
    child.stderr?.on("data", (chunk: Buffer) => onData(chunk, "stderr"));

    child.on("exit", (code, signal) => {
      exited = true;
      exitCode = code;
      exitSignal = signal;
      if (pendingKills === 0) kill(); // clean up what the leader left behind (usually nothing)
    });
    child.on("close", () => {
      closed = true;
      finish();
    });

    ctx.stop.signal.addEventListener("abort", onStop, { once: true });
    ctx.onStart({ pid, run: ctx.run });
    if (ctx.stop.signal.aborted) onStop();
  });
}

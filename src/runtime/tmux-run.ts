/**
 * The tmux backend. The agent runs exactly as in the direct backend (runDirect: a child of this
 * process, its output through pipes this process owns, the log written here); tmux only shows it.
 *
 * Per run: a private directory (mode 0700) holding a FIFO, and a detached session on the private
 * socket whose pane runs the viewer (`wave __tmux-view <fifo>`, see tmux-view.ts) with a minimal
 * environment. A ViewerFeed copies the agent's output into the FIFO without ever blocking: a slow,
 * absent or closed viewer loses display output, never agent output, and once the session exists
 * nothing about the run depends on tmux. When the viewer goes away mid-run a line in the log says
 * so. The session is killed when the run ends; the log has the whole history.
 */
import { execFile } from "node:child_process";
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { errorMessage } from "../errors.js";
import type { LogSink } from "./log-sink.js";
import { parseStat } from "./proc.js";
import type { OutputSink, RunContext, RunResult } from "./run-context.js";
import { runDirect } from "./spawn-run.js";
import { killSession, minimalTmuxEnv, newSession } from "./tmux.js";
import type { TmuxOptions } from "./types.js";

/** Display output held for the viewer (before it connects, or while it lags); the rest is skipped. */
export const VIEW_BUFFER_BYTES = 1 << 20;
/** Delays between attempts to open the FIFO while the viewer has not opened its end yet. */
const CONNECT_RETRY_MS = 50;
const CONNECT_RETRY_MAX_MS = 2000;

export const VIEWER_GONE_LINE = "--- wave: the tmux viewer is gone; the agent keeps running, its output is in this log ---";

/** The identity of the FIFO this process created, so a replaced path is never written to. */
interface FifoId {
  path: string;
  dev: number;
  ino: number;
}

/** Start time of a live (non-zombie) process, or null. */
function liveStartTime(pid: number): number | null {
  try {
    const stat = parseStat(readFileSync(`/proc/${pid}/stat`, "latin1"));
    return stat && stat.state !== "Z" && stat.state !== "X" ? stat.startTime : null;
  } catch {
    return null;
  }
}

/**
 * Writes display output into the viewer's FIFO, never blocking and never failing the caller. Until
 * the viewer has opened its end, and whenever it lags, up to VIEW_BUFFER_BYTES are held; beyond
 * that output is skipped (the viewer is told how much). The FIFO is opened non-blocking, without
 * following links, and only if it is still the FIFO this process created.
 */
export class ViewerFeed {
  private state: "waiting" | "open" | "gone" | "closed" = "waiting";
  private socket: net.Socket | null = null;
  private backlog: Buffer[] = [];
  private backlogBytes = 0;
  private skipped = 0;
  private timer: NodeJS.Timeout | null = null;
  private retryMs = CONNECT_RETRY_MS;
  private viewer: { pid: number; startTime: number | null } | null = null;

  constructor(
    private readonly fifo: FifoId,
    private readonly onGone: () => void,
  ) {}

  /** The viewer process (the pane's pid) has started: connect to it as soon as it opens the FIFO. */
  attach(pid: number): void {
    this.viewer = { pid, startTime: liveStartTime(pid) };
    this.connect();
  }

  write(chunk: Buffer): void {
    if (chunk.length === 0) return;
    if (this.state === "waiting") {
      if (this.backlogBytes + chunk.length <= VIEW_BUFFER_BYTES) {
        this.backlog.push(chunk);
        this.backlogBytes += chunk.length;
      } else {
        this.skipped += chunk.length;
      }
      return;
    }
    const socket = this.socket;
    if (this.state !== "open" || !socket) return;
    if (socket.writableLength >= VIEW_BUFFER_BYTES) {
      this.skipped += chunk.length;
      return;
    }
    this.sendSkipped(socket);
    socket.write(chunk);
  }

  /**
   * Stops feeding (the viewer sees the end of its input). A viewer found dead now is reported
   * through onGone like one noticed earlier (each feed reports at most once).
   */
  close(): void {
    if ((this.state === "waiting" || this.state === "open") && this.viewer && !this.viewerAlive()) this.markGone();
    this.state = "closed";
    this.release();
  }

  private viewerAlive(): boolean {
    const v = this.viewer;
    return v !== null && v.startTime !== null && liveStartTime(v.pid) === v.startTime;
  }

  private sendSkipped(socket: net.Socket): void {
    if (this.skipped === 0) return;
    socket.write(`\n[wave: ${this.skipped} bytes not shown here; the agent log has them]\n`);
    this.skipped = 0;
  }

  private connect(): void {
    this.timer = null;
    if (this.state !== "waiting") return;
    if (!this.viewerAlive()) {
      this.markGone();
      return;
    }
    let fd: number;
    try {
      fd = openSync(this.fifo.path, constants.O_WRONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENXIO") {
        // No reader yet: the viewer is still starting.
        this.timer = setTimeout(() => this.connect(), this.retryMs);
        this.timer.unref();
        this.retryMs = Math.min(CONNECT_RETRY_MAX_MS, this.retryMs * 2);
      } else {
        this.markGone();
      }
      return;
    }
    try {
      const info = fstatSync(fd);
      if (!info.isFIFO() || info.dev !== this.fifo.dev || info.ino !== this.fifo.ino) throw new Error("not our FIFO");
      const socket = new net.Socket({ fd, readable: false, writable: true });
      socket.on("error", () => this.markGone()); // EPIPE: the viewer closed its end
      this.socket = socket;
    } catch {
      closeSync(fd);
      this.markGone();
      return;
    }
    this.state = "open";
    for (const chunk of this.backlog) this.socket.write(chunk);
    this.backlog = [];
    this.backlogBytes = 0;
    this.sendSkipped(this.socket);
  }

  private markGone(): void {
    if (this.state === "gone" || this.state === "closed") return;
    this.state = "gone";
    this.release();
    this.onGone();
  }

  private release(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.socket?.destroy();
    this.socket = null;
    this.backlog = [];
    this.backlogBytes = 0;
  }
}

/** The agent log, plus a copy of each chunk for the viewer (which never slows the agent down). */
class ViewedLogSink implements OutputSink {
  /** A line for the log, written at the next line boundary of the agent's output (or at the end). */
  pendingLine: string | null = null;

  feed: ViewerFeed | null = null;

  constructor(private readonly log: LogSink) {}

  write(chunk: Buffer): boolean {
    this.feed?.write(chunk);
    this.writePendingAtLineStart();
    return this.log.write(chunk);
  }

  onDrain(callback: () => void): void {
    this.log.onDrain(callback);
  }

  writePendingAtLineStart(): void {
    if (this.pendingLine === null || (this.log.lastByte !== null && this.log.lastByte !== 0x0a)) return;
    this.log.write(Buffer.from(`${this.pendingLine}\n`));
    this.pendingLine = null;
  }
}

function runMkfifo(fifoPath: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile("mkfifo", ["-m", "600", "--", fifoPath], { env: minimalTmuxEnv(), timeout: 15_000 }, (error, _stdout, stderr) => {
      resolve(error ? `mkfifo failed: ${String(stderr).trim() || errorMessage(error)}` : null);
    });
  });
}

type Viewer = { dir: string | null; problem: string } | { dir: string; fifo: FifoId; panePid: number };

/** Creates the private directory (mode 0700) and the FIFO in it, then the session; never throws. */
async function startViewer(program: string, tmux: TmuxOptions): Promise<Viewer> {
  let dir: string;
  try {
    dir = await mkdtemp(path.join(os.tmpdir(), "wave-view-"));
  } catch (error) {
    return { dir: null, problem: `cannot create a private directory: ${errorMessage(error)}` };
  }
  const fifoPath = path.join(dir, "view");
  const failed = await runMkfifo(fifoPath);
  if (failed) return { dir, problem: failed };
  let fifo: FifoId;
  try {
    const info = lstatSync(fifoPath);
    if (!info.isFIFO()) return { dir, problem: `${fifoPath} is not a FIFO` };
    fifo = { path: fifoPath, dev: info.dev, ino: info.ino };
  } catch (error) {
    return { dir, problem: errorMessage(error) };
  }
  const started = await newSession(program, tmux.socket, tmux.session, [...tmux.viewerArgv, fifoPath], dir);
  if ("error" in started) return { dir, problem: started.error };
  return { dir, fifo, panePid: started.pid };
}

/**
 * One run of the agent with a tmux viewer: the same run, result and log as runDirect, plus the
 * live view. Problems with tmux only ever cost the view (and leave a line in the log).
 */
export async function runWithTmuxViewer(ctx: RunContext, tmux: TmuxOptions, log: LogSink): Promise<RunResult> {
  const program = tmux.program ?? "tmux";
  const viewer = await startViewer(program, tmux);
  const sink = new ViewedLogSink(log);
  let feed: ViewerFeed | null = null;
  try {
    if ("problem" in viewer) {
      await log.appendLine(`--- wave: tmux viewer not started (${viewer.problem}); the agent runs without it ---`);
    } else {
      feed = new ViewerFeed(viewer.fifo, () => {
        sink.pendingLine = VIEWER_GONE_LINE;
      });
      sink.feed = feed;
      feed.write(Buffer.from(`--- wave: read-only view of ${tmux.session}; the agent log is ${log.logPath} ---\n`));
      feed.attach(viewer.panePid);
    }
    const result = await runDirect(ctx, sink);
    feed?.close();
    if (sink.pendingLine !== null) await log.appendLine(sink.pendingLine);
    return result;
  } finally {
    feed?.close();
    if (!("problem" in viewer)) await killSession(program, tmux.socket, tmux.session);
    if (viewer.dir !== null) await rm(viewer.dir, { recursive: true, force: true });
  }
}

/**
 * Test harness for running the real agent CLIs offline:
 * - a fake model service on 127.0.0.1 that records every request and answers by URL:
 *   `/t/<tag>/<mode>/…` with mode 401 or 429 (JSON error bodies);
 * - a guard proxy on 127.0.0.1 that refuses and records every proxied (non-loopback) connection, so
 *   nothing a CLI tries to reach beyond loopback leaves the machine;
 * - a bounded spawn that enforces a deadline by killing the whole process group.
 */
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

export interface RecordedRequest {
  tag: string;
  mode: string;
  method: string;
  url: string;
  bytes: number;
  body: string;
}

export interface FakeService {
  port: number;
  requests: RecordedRequest[];
  /** Base URL for a test: `http://127.0.0.1:<port>/t/<tag>/<mode>`. */
  base(tag: string, mode: "401" | "429"): string;
  forTag(tag: string): RecordedRequest[];
  close(): Promise<void>;
}

const MAX_BODY = 4 * 1024 * 1024;

function errorBody(mode: string): string {
  if (mode === "429") {
    return JSON.stringify({
      type: "error",
      error: { type: "rate_limit_error", code: "rate_limit_exceeded", message: "Rate limit reached for requests (test service)" },
    });
  }
  return JSON.stringify({
    type: "error",
    error: { type: "authentication_error", code: "invalid_api_key", message: "invalid x-api-key (test service)" },
  });
}

export async function startFakeService(): Promise<FakeService> {
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    req.on("data", (d: Buffer) => {
      bytes += d.length;
      if (bytes <= MAX_BODY) chunks.push(d);
    });
    req.on("end", () => {
      const m = /^\/t\/([^/]+)\/([^/]+)/.exec(req.url ?? "");
      const tag = m?.[1] ?? "";
      const mode = m?.[2] ?? "401";
      requests.push({ tag, mode, method: req.method ?? "", url: req.url ?? "", bytes, body: Buffer.concat(chunks).toString("utf8") });
      const status = mode === "429" ? 429 : 401;
      res.writeHead(status, { "content-type": "application/json", ...(status === 429 ? { "retry-after": "1" } : {}) });
      res.end(errorBody(mode));
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    requests,
    base: (tag, mode) => `http://127.0.0.1:${port}/t/${tag}/${mode}`,
    forTag: (tag) => requests.filter((r) => r.tag === tag),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface GuardProxy {
  url: string;
  /** `CONNECT host:port` or `GET http://…` lines, in order. */
  attempts: string[];
  close(): Promise<void>;
}

/** A proxy that forwards nothing: every attempt is recorded and refused. */
export async function startGuardProxy(): Promise<GuardProxy> {
  const attempts: string[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    attempts.push(`${req.method} ${req.url}`);
    res.writeHead(403);
    res.end();
  });
  server.on("connect", (req, socket: Socket) => {
    socket.on("error", () => {});
    attempts.push(`CONNECT ${req.url}`);
    socket.end("HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n");
  });
  server.on("clientError", (_e, socket) => socket.destroy());
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    attempts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface BoundedRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** True when the deadline was reached and the process group was killed. */
  killed: boolean;
  stdout: string;
  stderr: string;
  elapsedMs: number;
  /** An error writing stdin (EPIPE when the CLI exits before reading it all), if any. */
  stdinError: string | null;
}

const live = new Set<ChildProcess>();
const TAIL = 256 * 1024;

function keepTail(current: string, chunk: Buffer): string {
  const next = current + chunk.toString("utf8");
  return next.length > TAIL ? next.slice(-TAIL) : next;
}

/** Spawns argv in its own process group, writes stdin, kills the group at the deadline. */
export function runBounded(
  argv: readonly string[],
  options: { cwd: string; env: Record<string, string>; stdin: string | null; deadlineMs: number },
): Promise<BoundedRun> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const [bin, ...args] = argv as [string, ...string[]];
    const child = spawn(bin, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: [options.stdin === null ? "ignore" : "pipe", "pipe", "pipe"],
    });
    live.add(child);
    let stdout = "";
    let stderr = "";
    let killed = false;
    let stdinError: string | null = null;
    child.stdout?.on("data", (d: Buffer) => (stdout = keepTail(stdout, d)));
    child.stderr?.on("data", (d: Buffer) => (stderr = keepTail(stderr, d)));
    if (child.stdin) {
      child.stdin.on("error", (e) => (stdinError = e.message));
      child.stdin.end(options.stdin ?? "");
    }
    const timer = setTimeout(() => {
      killed = true;
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
    }, options.deadlineMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      live.delete(child);
      reject(e);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      live.delete(child);
      // Reap anything the CLI left behind in its group.
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {}
      resolve({ code, signal, killed, stdout, stderr, elapsedMs: Math.round(performance.now() - started), stdinError });
    });
  });
}

/** Kills every process group still running (test teardown). */
export function killAllBounded(): void {
  for (const child of live) {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {}
  }
}

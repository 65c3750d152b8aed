/** Spawns a step process in its own process group and kills the whole group on cancellation. */
import { spawn } from "node:child_process";

export interface ProcessOutcome {
  exitCode: number;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Output interleaved as it arrived. */
  combined: string;
}

const MAX_CAPTURE = 4 * 1024 * 1024;

export function runProcess(
  argv: string[],
  options: { cwd: string; env: Record<string, string>; signal?: AbortSignal; graceMs?: number; input?: string },
): Promise<ProcessOutcome> {
  const [command, ...args] = argv as [string, ...string[]];
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env,
      detached: true,
      stdio: [options.input === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let combined = "";
    const append = (which: "out" | "err", chunk: Buffer) => {
      const text = chunk.toString("utf8");
      if (which === "out") stdout = (stdout + text).slice(-MAX_CAPTURE);
      else stderr = (stderr + text).slice(-MAX_CAPTURE);
      combined = (combined + text).slice(-MAX_CAPTURE);
    };
    child.stdout?.on("data", (c: Buffer) => append("out", c));
    child.stderr?.on("data", (c: Buffer) => append("err", c));
    const timers: NodeJS.Timeout[] = [];
    const killGroup = (sig: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, sig);
      } catch {
        // already gone
      }
    };
    const onAbort = () => {
      killGroup("SIGINT");
      timers.push(setTimeout(() => killGroup("SIGTERM"), options.graceMs ?? 2500));
      timers.push(setTimeout(() => killGroup("SIGKILL"), (options.graceMs ?? 2500) * 2));
    };
    if (options.signal?.aborted) queueMicrotask(onAbort);
    else options.signal?.addEventListener("abort", onAbort, { once: true });
    child.on("error", (error) => {
      options.signal?.removeEventListener("abort", onAbort);
      reject(error);
    });
    child.on("exit", () => {
      // Background children that keep the output pipes open do not outlive the step for long.
      timers.push(setTimeout(() => killGroup("SIGKILL"), 2000));
    });
    child.on("close", (code, signal) => {
      for (const t of timers) clearTimeout(t);
      options.signal?.removeEventListener("abort", onAbort);
      killGroup("SIGKILL");
      resolve({ exitCode: code ?? 128 + (signal === "SIGKILL" ? 9 : signal === "SIGTERM" ? 15 : 2), signal, stdout, stderr, combined });
    });
    child.stdin?.end(options.input);
  });
}

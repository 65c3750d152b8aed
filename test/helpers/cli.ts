import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sourceBuildArgv } from "./source-build.js";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** argv prefix that runs the `wave` CLI of the current sources (built once: source-build.ts). */
export const CLI_ARGV = sourceBuildArgv("cli");

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs the wave CLI with the given arguments and collects its output. */
export function runCli(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; input?: string; timeoutMs?: number } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const [bin, ...pre] = CLI_ARGV as [string, ...string[]];
    const child = spawn(bin, [...pre, ...args], {
      cwd: options.cwd ?? REPO_ROOT,
      env: { ...process.env, NODE_OPTIONS: "", ...options.env },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
    child.stdin.end(options.input ?? "");
  });
}

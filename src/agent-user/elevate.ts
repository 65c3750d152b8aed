/**
 * Becoming root through passwordless sudo, so that agents can run as a separate user when the
 * orchestrator starts as an ordinary user (GitHub-hosted runners).
 *
 * The command runs again as `sudo -n <node> <script> __elevated <args...>`. Its environment does not
 * pass through sudo (whose policy resets, filters and rewrites it): the parent writes it as one JSON
 * line on the child's stdin. Later lines on stdin carry signals: sudo does not relay a signal sent
 * by a process of its parent's process group, so the parent forwards SIGINT/SIGTERM/SIGHUP as
 * text instead. End of input (the parent died) counts as SIGTERM. The child's stdout and stderr are
 * the parent's own.
 *
 * At the end the elevated run gives every file it created as root under the work tree and the
 * state directory back to the user who started it.
 */
import { spawn, spawnSync } from "node:child_process";
import { createInterface } from "node:readline";
import { z } from "zod";
import { decideAgentUser, type AgentUserRequest } from "./choice.js";
import { reassignOwned } from "./worktree.js";

export const ELEVATED_MARK = "__elevated";

const HandoffSchema = z.object({
  env: z.record(z.string(), z.string()),
  from: z.object({ uid: z.number().int().nonnegative(), gid: z.number().int().nonnegative() }),
});

const FORWARDED: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];

let elevatedFrom: { uid: number; gid: number } | null = null;

/** The user who started this elevated run, or null when the process was not elevated by us. */
export function elevatedFromUser(): { uid: number; gid: number } | null {
  return elevatedFrom;
}

/** True when `sudo -n` runs a command without asking for a password. */
export function passwordlessSudo(): boolean {
  if (process.getuid?.() === 0) return false;
  const r = spawnSync("sudo", ["-n", "true"], { stdio: "ignore", timeout: 30_000 });
  return !r.error && r.status === 0;
}

/**
 * Whether this command should run again as root so that agents can run as another user: not root
 * yet, a separate user asked for (or `auto` in GitHub Actions), and passwordless sudo works (asked
 * only when everything else says yes).
 */
export function mustElevate(request: AgentUserRequest, env: NodeJS.ProcessEnv): boolean {
  if (request.kind === "none" || process.geteuid?.() === 0) return false;
  const githubActions = env.GITHUB_ACTIONS === "true";
  if (request.kind === "auto" && !githubActions) return false;
  return decideAgentUser(request, { euid: process.geteuid?.() ?? -1, sudo: passwordlessSudo(), githubActions }).kind === "elevate";
}

/**
 * Runs `commandArgv args...` again as root (commandArgv: node, its flags, the entry script);
 * resolves with its exit code (128 + n for a signal). `env` is the complete environment the child gets.
 */
export function runElevated(commandArgv: readonly string[], args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn("sudo", ["-n", "--", ...commandArgv, ELEVATED_MARK, ...args], {
      stdio: ["pipe", "inherit", "inherit"],
    });
    const handoff = {
      env: Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined)),
      from: { uid: process.getuid!(), gid: process.getgid!() },
    };
    child.stdin.on("error", () => undefined);
    child.stdin.write(`${JSON.stringify(handoff)}\n`);
    const forward = (signal: NodeJS.Signals) => child.stdin.write(`${signal}\n`);
    for (const s of FORWARDED) process.on(s, forward);
    child.on("error", (error) => {
      process.stderr.write(`wave: could not run sudo: ${error.message}\n`);
      for (const s of FORWARDED) process.off(s, forward);
      resolve(2);
    });
    child.on("exit", (code, signal) => {
      for (const s of FORWARDED) process.off(s, forward);
      child.stdin.end();
      resolve(code ?? 128 + (signal ? signalNumber(signal) : 1));
    });
  });
}

function signalNumber(signal: NodeJS.Signals): number {
  const n: Partial<Record<NodeJS.Signals, number>> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
  return n[signal] ?? 1;
}

/**
 * In the elevated child: reads the hand-off from stdin, replaces process.env with it, and turns
 * later lines into signals to this process. Returns argv without the mark; argv unchanged when the
 * process was not started elevated.
 */
export async function enterElevated(argv: string[]): Promise<string[]> {
  if (argv[0] !== ELEVATED_MARK) return argv;
  if (process.getuid?.() !== 0) throw new Error(`${ELEVATED_MARK}: not running as root`);
  const lines = createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new Error(`${ELEVATED_MARK}: no hand-off on stdin`);
  const handoff = HandoffSchema.parse(JSON.parse(first.value));
  // Keep reading for forwarded signals, without keeping the process alive for them.
  (process.stdin as unknown as { unref?: () => void }).unref?.();
  for (const key of Object.keys(process.env)) delete process.env[key];
  Object.assign(process.env, handoff.env);
  elevatedFrom = handoff.from;
  void (async () => {
    for (;;) {
      const next = await iterator.next().catch(() => ({ done: true as const, value: undefined }));
      if (next.done) {
        process.kill(process.pid, "SIGTERM");
        return;
      }
      const name = next.value.trim() as NodeJS.Signals;
      if (FORWARDED.includes(name)) process.kill(process.pid, name);
    }
  })();
  return argv.slice(1);
}

/** Gives every entry owned by root under `dirs` (symbolic links not followed) to `owner`. */
export function giveBackToUser(dirs: readonly string[], owner: { uid: number; gid: number }): number {
  return dirs.reduce((n, dir) => n + reassignOwned(dir, 0, owner), 0);
}

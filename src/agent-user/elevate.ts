/**
 * Becoming root through passwordless sudo, so that agents can run as a separate user when the
 * orchestrator starts as an ordinary user (GitHub-hosted runners). This module owns the re-run:
 * whether a process runs again as root (`elevationNeeded`, pure, decided once at each entry:
 * `wave run` and `wave rehearse`, the action's main and post steps), the mark its argv carries
 * (the entries read it through `enterElevated` alone) and the effects.
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
import { type AgentUserRequest, decideAgentUser } from "./choice.js";
import { reassignOwned } from "./worktree.js";

/** The first argument of a process run again as root: only this module writes or reads it. */
const ELEVATED_MARK = "__elevated";

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

/** What an entry is about to do, as far as running again as root goes. */
export type ElevationRequest =
  /** `wave run`, `wave rehearse`, the action's run, rehearse and closure modes. */
  | { kind: "agents"; agentUser: AgentUserRequest; dryRun: boolean }
  /** The action's post step: it must be root when its main step was (to end the agent user's processes). */
  | { kind: "post"; mainStepElevated: boolean }
  /** Anything else: never. */
  | { kind: "other" };

export interface ElevationFacts {
  euid: number;
  githubActions: boolean;
  /** Whether `sudo -n` works: asked only when everything else says yes. */
  sudo(): boolean;
}

/**
 * Whether this process runs again as root through sudo: it is not root yet, and it starts agents
 * (not a dry run) that should run as another user (`auto` only in GitHub Actions), or it is the
 * post step of a main step that was elevated; and passwordless sudo works.
 */
export function elevationNeeded(request: ElevationRequest, facts: ElevationFacts): boolean {
  if (facts.euid === 0) return false;
  if (request.kind === "post") return request.mainStepElevated && facts.sudo();
  if (request.kind !== "agents" || request.dryRun || request.agentUser.kind === "none") return false;
  if (request.agentUser.kind === "auto" && !facts.githubActions) return false;
  return (
    decideAgentUser(request.agentUser, { euid: facts.euid, sudo: facts.sudo(), githubActions: facts.githubActions }).kind === "elevate"
  );
}

/**
 * The one re-run: when `elevationNeeded`, runs `commandArgv args...` again as root and resolves with
 * its exit code; null when this process goes on itself.
 */
export function runElevatedIfNeeded(
  request: ElevationRequest,
  commandArgv: readonly string[],
  args: string[],
  env: NodeJS.ProcessEnv,
  /** Told just before the re-run starts (the action saves that its post step must be root too). */
  onElevate?: () => void,
): Promise<number> | null {
  const facts = { euid: process.geteuid?.() ?? -1, githubActions: env.GITHUB_ACTIONS === "true", sudo: passwordlessSudo };
  if (!elevationNeeded(request, facts)) return null;
  onElevate?.();
  return runElevated(commandArgv, args, env);
}

/**
 * Runs `commandArgv args...` again as root (commandArgv: node, its flags, the entry script);
 * resolves with its exit code (128 + n for a signal). `env` is the complete environment the child gets.
 */
function runElevated(commandArgv: readonly string[], args: string[], env: NodeJS.ProcessEnv): Promise<number> {
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
  // zod only here: this module loads with every entry, a hand-off comes to an elevated process alone.
  const { z } = await import("zod");
  const id = z.number().int().nonnegative();
  const handoff = z.object({ env: z.record(z.string(), z.string()), from: z.object({ uid: id, gid: id }) }).parse(JSON.parse(first.value));
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

/**
 * In a process elevated by us: gives every entry owned by root under `dirs` (symbolic links not
 * followed) back to the user who started it. Elsewhere nothing.
 */
export function giveBackIfElevated(dirs: readonly (string | undefined)[]): void {
  const owner = elevatedFrom;
  if (owner) for (const dir of dirs) if (dir) reassignOwned(dir, 0, owner);
}

/**
 * Short tmux client commands on a private socket (`tmux -L <socket> -f /dev/null ...`). The user's
 * ~/.tmux.conf is not read, so options like remain-on-exit cannot change how runs end. Commands are
 * argv arrays; nothing is passed through a shell.
 *
 * Every tmux client gets a minimal environment (minimalTmuxEnv): the first client of a socket forks
 * the server, which keeps that environment for its lifetime and hands it to every pane, and later
 * clients send theirs to the server too. API keys, runner tokens and WAVE_* values never reach it.
 */
import { spawn } from "node:child_process";

export interface TmuxCommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The tmux program could not be started (e.g. not installed). */
  spawnError: NodeJS.ErrnoException | null;
}

const COMMAND_TIMEOUT_MS = 15_000;

/** Exact names a tmux client (and so the tmux server and its panes) may inherit. */
const TMUX_ENV_NAMES = new Set(["PATH", "HOME", "TERM", "LANG", "TMUX_TMPDIR"]);

/**
 * The environment for tmux clients and the server: PATH, HOME, TERM, LANG, LC_* and TMUX_TMPDIR
 * (where the socket lives) when set; nothing else. TMUX/TMUX_PANE are never passed, so a wave
 * started inside tmux does not look nested to it.
 */
export function minimalTmuxEnv(source: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (TMUX_ENV_NAMES.has(name) || name.startsWith("LC_")) env[name] = value;
  }
  return env;
}

export function runTmux(program: string, args: string[], options: { cwd?: string; socket?: string } = {}): Promise<TmuxCommandResult> {
  const full = options.socket === undefined ? args : ["-L", options.socket, "-f", "/dev/null", ...args];
  return new Promise((resolve) => {
    let stdout = "";
    let stderr = "";
    let spawnError: NodeJS.ErrnoException | null = null;
    const child = spawn(program, full, {
      cwd: options.cwd,
      env: minimalTmuxEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), COMMAND_TIMEOUT_MS);
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", (error: NodeJS.ErrnoException) => {
      spawnError = error;
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code: spawnError ? null : code, stdout, stderr, spawnError });
    });
  });
}

const availability = new Map<string, Promise<boolean>>();

/** Forgets what tmuxAvailable learnt (after tmux was installed). */
export function forgetTmuxAvailability(): void {
  availability.clear();
}

/** Whether the tmux program can be run (`tmux -V` succeeds). Cached per program name. */
export function tmuxAvailable(program = "tmux"): Promise<boolean> {
  let known = availability.get(program);
  if (!known) {
    known = runTmux(program, ["-V"]).then((r) => r.spawnError === null && r.code === 0);
    availability.set(program, known);
  }
  return known;
}

/**
 * Starts a detached session whose pane runs argv directly (no shell) in `cwd`; resolves with the
 * pane's pid.
 */
export async function newSession(
  program: string,
  socket: string,
  session: string,
  argv: string[],
  cwd: string,
): Promise<{ pid: number } | { error: string }> {
  const r = await runTmux(program, ["new-session", "-d", "-s", session, "-c", cwd, "-P", "-F", "#{pane_pid}", "--", ...argv], { socket });
  if (r.spawnError) return { error: `${r.spawnError.code ?? "ERROR"}: cannot run ${program}` };
  const pid = Number.parseInt(r.stdout.trim(), 10);
  if (r.code !== 0 || !Number.isInteger(pid)) {
    return { error: `tmux new-session failed: ${(r.stderr || r.stdout).trim() || `exit ${r.code}`}` };
  }
  return { pid };
}

export async function killSession(program: string, socket: string, session: string): Promise<void> {
  await runTmux(program, ["kill-session", "-t", `=${session}`], { socket });
}

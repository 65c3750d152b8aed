/**
 * Runs a node action bundle (e.g. dist/index.js or dist/post/index.js) the way the runner runs a
 * step: fresh file-command files, STATE_* from the main step for a post step, a step timeout and
 * the runner's cancellation sequence (SIGINT, then SIGTERM, then killing the process tree), and
 * afterwards everything the runner reads back (outputs, summary, state, env, annotations).
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chownSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { descendants, isAlive, killAll, trackedProcesses } from "./procs.js";
import { type Annotation, parseFileCommand, parseStdoutCommands, stateEnvName } from "./workflow-commands.js";

/**
 * `nodeArgs` that let runNodeAction run a TypeScript entry from source (tsx resolved from this
 * repository, so it works whatever the step's working directory is).
 */
export function tsxNodeArgs(): string[] {
  return ["--import", import.meta.resolve("tsx")];
}

/** The runner refuses step summaries above 1 MiB. */
export const STEP_SUMMARY_LIMIT = 1024 * 1024;

export interface RunNodeActionOptions {
  /** Absolute path of the script node runs (a bundle like dist/index.js). */
  entry: string;
  /** The step's environment, typically `jobEnv(...).env` plus step-specific additions. */
  env: Record<string, string>;
  /** Working directory (default: env.GITHUB_WORKSPACE, else the current directory). */
  cwd?: string;
  /** Values saved by the main step (its `state`): passed as STATE_<name>, as for a post step. */
  state?: Record<string, string>;
  /** Node binary (default: the one running the tests). */
  node?: string;
  /** Arguments before the entry, e.g. ["--import", "tsx"] to run TypeScript from source. */
  nodeArgs?: string[];
  /** Step timeout (default 10 minutes): when reached, the cancellation sequence runs. */
  timeoutMs?: number;
  /** Cancels the step after this many ms (as "Cancel workflow" does). */
  cancelAfterMs?: number;
  /** Kills the step's whole process tree with SIGKILL after this many ms (a lost runner). */
  killAfterMs?: number;
  /** Aborting cancels the step. */
  signal?: AbortSignal;
  /** SIGINT → SIGTERM delay of the cancellation sequence (runner: 7.5 s). */
  sigintGraceMs?: number;
  /** SIGTERM → kill delay of the cancellation sequence (runner: 2.5 s). */
  sigtermGraceMs?: number;
  /** Kill processes left behind with this step's RUNNER_TRACKING_ID (default true). */
  killOrphans?: boolean;
  onStdout?: (chunk: string) => void;
  onStderr?: (chunk: string) => void;
  /** Run the step as this OS user (the harness must be root); its file-command files become its own. */
  user?: { uid: number; gid: number };
}

export interface NodeActionResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** "success" (exit 0), "failure", or "cancelled" (cancelAfterMs / signal). A timeout is a failure. */
  conclusion: "success" | "failure" | "cancelled";
  cancelled: boolean;
  timedOut: boolean;
  /** killAfterMs fired. */
  killed: boolean;
  stdout: string;
  stderr: string;
  /** GITHUB_OUTPUT (and legacy ::set-output). */
  outputs: Record<string, string>;
  /** GITHUB_STEP_SUMMARY content. */
  summary: string;
  /** The runner drops summaries above 1 MiB. */
  summaryTooLarge: boolean;
  /** GITHUB_STATE (and legacy ::save-state): pass as `state` to the post step. */
  state: Record<string, string>;
  /** GITHUB_ENV: variables later steps see. */
  exportedEnv: Record<string, string>;
  /** GITHUB_PATH entries. */
  addedPaths: string[];
  annotations: Annotation[];
  masks: string[];
  /** Processes still running with this step's tracking id after it ended (they were killed). */
  orphans: number[];
  /** File-command errors; the runner would fail the step for any of them. */
  errors: string[];
  durationMs: number;
}

interface StepFiles {
  output: string;
  summary: string;
  env: string;
  state: string;
  path: string;
}

function createStepFiles(runnerTemp: string): StepFiles {
  const dir = path.join(runnerTemp, "_runner_file_commands");
  mkdirSync(dir, { recursive: true });
  const id = randomUUID();
  const files: StepFiles = {
    output: path.join(dir, `set_output_${id}`),
    summary: path.join(dir, `step_summary_${id}`),
    env: path.join(dir, `set_env_${id}`),
    state: path.join(dir, `save_state_${id}`),
    path: path.join(dir, `add_path_${id}`),
  };
  for (const file of Object.values(files)) writeFileSync(file, "");
  return files;
}

const BLOCKED_ENV = new Set(["NODE_OPTIONS"]);

export function runNodeAction(options: RunNodeActionOptions): Promise<NodeActionResult> {
  const started = Date.now();
  const runnerTemp = options.env["RUNNER_TEMP"] ?? os.tmpdir();
  const files = createStepFiles(runnerTemp);
  if (options.user) {
    for (const file of Object.values(files)) chownSync(file, options.user.uid, options.user.gid);
  }
  const trackingId = `github_${randomUUID()}`;
  const env: Record<string, string> = {
    ...options.env,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_ENV: files.env,
    GITHUB_STATE: files.state,
    GITHUB_PATH: files.path,
    RUNNER_TRACKING_ID: trackingId,
  };
  for (const [name, value] of Object.entries(options.state ?? {})) env[stateEnvName(name)] = value;

  const child = spawn(options.node ?? process.execPath, [...(options.nodeArgs ?? []), options.entry], {
    cwd: options.cwd ?? options.env["GITHUB_WORKSPACE"] ?? process.cwd(),
    env,
    stdio: ["ignore", "pipe", "pipe"],
    ...(options.user ? { uid: options.user.uid, gid: options.user.gid } : {}),
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8");
  child.stderr.setEncoding("utf8");
  child.stdout.on("data", (d: string) => {
    stdout += d;
    options.onStdout?.(d);
  });
  child.stderr.on("data", (d: string) => {
    stderr += d;
    options.onStderr?.(d);
  });

  let cancelled = false;
  let timedOut = false;
  let killed = false;
  let exited = false;
  const timers: NodeJS.Timeout[] = [];
  const later = (ms: number, fn: () => void) => timers.push(setTimeout(fn, ms));
  const pid = child.pid ?? -1;

  const killTree = () => {
    if (pid <= 0) return;
    killAll([...descendants(pid), ...trackedProcesses(trackingId), pid], "SIGKILL");
  };
  let sequenceStarted = false;
  const cancelSequence = () => {
    if (sequenceStarted || exited) return;
    sequenceStarted = true;
    child.kill("SIGINT");
    later(options.sigintGraceMs ?? 7500, () => {
      if (exited) return;
      child.kill("SIGTERM");
      later(options.sigtermGraceMs ?? 2500, () => {
        if (!exited) killTree();
      });
    });
  };

  later(options.timeoutMs ?? 10 * 60 * 1000, () => {
    if (exited) return;
    timedOut = true;
    cancelSequence();
  });
  if (options.cancelAfterMs !== undefined) {
    later(options.cancelAfterMs, () => {
      if (exited) return;
      cancelled = true;
      cancelSequence();
    });
  }
  if (options.killAfterMs !== undefined) {
    later(options.killAfterMs, () => {
      if (exited) return;
      killed = true;
      killTree();
    });
  }
  const onAbort = () => {
    cancelled = true;
    cancelSequence();
  };
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener("abort", onAbort, { once: true });

  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const exit = new Promise<{ exitCode: number | null; signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (exitCode, signal) => resolve({ exitCode, signal }));
  });

  return exit
    .then(async ({ exitCode, signal }) => {
      exited = true;
      for (const t of timers) clearTimeout(t);
      options.signal?.removeEventListener("abort", onAbort);
      // Output pipes stay open while a leftover process holds them: give them a moment, then
      // terminate leftovers (as the runner does with orphans), then stop waiting.
      await Promise.race([closed, delay(300)]);
      let orphans: number[] = [];
      if (options.killOrphans !== false) {
        orphans = trackedProcesses(trackingId).filter(isAlive);
        killAll(orphans);
      }
      if ((await Promise.race([closed.then(() => true), delay(2000).then(() => false)])) === false) {
        child.stdout.destroy();
        child.stderr.destroy();
      }
      return { exitCode, signal, orphans };
    })
    .catch((error: unknown) => {
      for (const t of timers) clearTimeout(t);
      throw error;
    })
    .then(({ exitCode, signal, orphans }) => {
      const errors: string[] = [];
      const readCommand = (file: string, label: string): Record<string, string> => {
        try {
          return parseFileCommand(readFileSync(file, "utf8"), label);
        } catch (error) {
          errors.push((error as Error).message);
          return {};
        }
      };
      const commands = parseStdoutCommands(stdout);
      const exportedEnv = readCommand(files.env, "GITHUB_ENV");
      for (const name of Object.keys(exportedEnv)) {
        if (BLOCKED_ENV.has(name.toUpperCase())) {
          errors.push(`GITHUB_ENV: can't store ${name} output parameter using '$GITHUB_ENV' command`);
          delete exportedEnv[name];
        }
      }
      const summary = readFileSync(files.summary, "utf8");
      const conclusion: NodeActionResult["conclusion"] = cancelled
        ? "cancelled"
        : exitCode === 0 && !timedOut && !killed
          ? "success"
          : "failure";
      return {
        exitCode,
        signal,
        conclusion,
        cancelled,
        timedOut,
        killed,
        stdout,
        stderr,
        outputs: { ...commands.outputs, ...readCommand(files.output, "GITHUB_OUTPUT") },
        summary,
        summaryTooLarge: Buffer.byteLength(summary) > STEP_SUMMARY_LIMIT,
        state: { ...commands.state, ...readCommand(files.state, "GITHUB_STATE") },
        exportedEnv,
        addedPaths: readFileSync(files.path, "utf8")
          .split("\n")
          .map((l) => l.trim())
          .filter(Boolean),
        annotations: commands.annotations,
        masks: commands.masks,
        orphans,
        errors,
        durationMs: Date.now() - started,
      };
    });
}

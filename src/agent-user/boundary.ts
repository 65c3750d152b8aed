/**
 * The OS boundary between the orchestrator and the agents of one wave run.
 *
 * Separate user (the orchestrator is root): agents run as an unprivileged agent user that owns the
 * work tree (but not `.git`, the state directory or the action's own files) and a private home of
 * its own, and can reach nothing of the orchestrator's — not its environment (/proc of another
 * user), not its state directory (mode 0700), not its temporary files. Between stages every process
 * of the agent user is killed, so nothing an earlier agent left behind runs while a later agent's
 * output is read.
 *
 * Same user: everything as before, and the log and summary say plainly what that allows.
 *
 * The per-run agent area (outside the work tree, mode 0711) holds what agents must read or use:
 *   <area>/bin/         the `wave` shim (and, when needed, a readable copy of the CLI)
 *   <area>/ctl/         the orchestrator's control socket directory
 *   <area>/in/<agent>/  the agent's prompt copy and executor overlay files (group-readable by the agent)
 *   <area>/home/<agent> the agent's HOME (owned by the agent user)
 *   <area>/work         the work tree, bind-mounted, when the agent user cannot reach the real path
 */
import { spawnSync } from "node:child_process";
import { promises as fs, chmodSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { z } from "zod";
import { errorMessage } from "../errors.js";
import { isInside } from "../security/confine.js";
import { agentDirName } from "../state/paths.js";
import { canAccessAs, blockedAncestors } from "./access.js";
import { type AccountLease, type AgentAccount, leaseAccount, tryLock } from "./account.js";
import { type AgentUserDecision, SAME_USER_CONSEQUENCES } from "./choice.js";
import { killProcessesOfUid } from "./processes.js";
import { grantWorktree, takeBackWorktree, type WorktreeGrant } from "./worktree.js";

export interface AgentBoundary {
  readonly mode: "separate" | "same";
  /** One line for the log and the job summary. */
  readonly description: string;
  readonly account: AgentAccount | null;
  /** The work tree as agents see it (the real root, or a bind mount of it). */
  readonly agentRoot: string;
  /** Per-run directory for the control socket (separate user: reachable by the agent user). */
  readonly controlDir: string;
  /** The uid/gid to spawn agents with (separate user only). */
  readonly identity: { uid: number; gid: number } | undefined;
  /** A directory for files the agent must read (prompt copy, overlays); null: use the run directory. */
  inputsDir(agentId: string): Promise<string | null>;
  /** The agent's environment, adjusted for its user (HOME, TMPDIR, git's safe.directory, ...). */
  adjustEnv(agentId: string, env: Record<string, string>): Promise<Record<string, string>>;
  /** Where the `wave` shim and anything it needs may be written (null: the run directory). */
  readonly binDir: string | null;
  /** Kills every process of the agent user (no-op for the same user). Returns how many. */
  clear(): Promise<number>;
  /** Ends the boundary: clears processes, takes the work tree back, removes the agent area. */
  close(): Promise<void>;
}

export interface OpenBoundaryOptions {
  decision: AgentUserDecision;
  /** A dry run only decides and describes: nothing is created or handed over. */
  dryRun?: boolean;
  root: string;
  stateDir: string;
  /** More paths inside the work tree agents must not write (the action's own files). */
  protectedPaths: string[];
  /** The runner's temporary directory (file-command files live there): closed to others for the run. */
  runnerTemp?: string | undefined;
  onWarning(message: string): void;
}

/** A boundary that changes nothing: agents share the orchestrator's user. */
function sameUserBoundary(root: string, reason: string, controlDir: string): AgentBoundary {
  return {
    mode: "same",
    description: `agents run as the orchestrator's own user (${reason}); ${SAME_USER_CONSEQUENCES}`,
    account: null,
    agentRoot: root,
    controlDir,
    identity: undefined,
    binDir: null,
    inputsDir: async () => null,
    adjustEnv: async (_id, env) => env,
    clear: async () => 0,
    close: async () => {
      await fs.rm(controlDir, { recursive: true, force: true });
    },
  };
}

const AGENT_ENV_DROP = ["RUNNER_TEMP", "WAVE_RUN_DIR", "XDG_RUNTIME_DIR", "MAIL", "OLDPWD", "PWD"];

export async function openBoundary(options: OpenBoundaryOptions): Promise<AgentBoundary> {
  const { decision } = options;
  if (decision.kind !== "separate" || options.dryRun) {
    const controlDir = await fs.mkdtemp(path.join(os.tmpdir(), "wave-ctl-"));
    await fs.chmod(controlDir, 0o700);
    const reason =
      decision.kind === "same"
        ? decision.reason
        : decision.kind === "separate"
          ? `dry run; a real run uses ${decision.name}`
          : "not elevated";
    return sameUserBoundary(options.root, reason, controlDir);
  }
  const lease = await leaseAccount(decision.name, decision.pooled);
  const cleanups: (() => Promise<void> | void)[] = [() => lease.release()];
  const runCleanups = async () => {
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (error) {
        options.onWarning(`agent boundary clean-up: ${errorMessage(error)}`);
      }
    }
  };
  try {
    return await openSeparate(options, lease, cleanups, runCleanups);
  } catch (error) {
    await runCleanups();
    throw error;
  }
}

async function openSeparate(
  options: OpenBoundaryOptions,
  lease: AccountLease,
  cleanups: (() => Promise<void> | void)[],
  runCleanups: () => Promise<void>,
): Promise<AgentBoundary> {
  const { account } = lease;
  const agent = { uid: account.uid, gid: account.gid };
  const me = { uid: process.getuid!(), gid: process.getgid!() };
  const notes: string[] = [];

  // Whatever a crashed earlier run of this user left behind goes first.
  const stale = await killProcessesOfUid(account.uid);
  if (stale.killed.length > 0) options.onWarning(`stopped ${stale.killed.length} process(es) of ${account.name} left by an earlier run`);

  // The state directory: the orchestrator's alone.
  await fs.mkdir(options.stateDir, { recursive: true });
  const stateStat = await fs.lstat(options.stateDir);
  if (!stateStat.isDirectory()) throw new Error(`the state directory ${options.stateDir} is not a directory`);
  await fs.chown(options.stateDir, me.uid, me.gid);
  await fs.chmod(options.stateDir, 0o700);

  // The agent area.
  const area = await fs.mkdtemp(path.join(os.tmpdir(), "wave-agents-"));
  cleanups.push(() => removeArea(area));
  await fs.chmod(area, 0o711);
  for (const [name, mode] of [
    ["bin", 0o755],
    ["ctl", 0o711],
    ["in", 0o711],
    ["home", 0o711],
  ] as const) {
    await fs.mkdir(path.join(area, name), { mode });
    await fs.chmod(path.join(area, name), mode);
  }

  // The work tree, where the agent user can reach it.
  let agentRoot = options.root;
  const record: BoundaryRecord = {
    user: account.name,
    uid: account.uid,
    gid: account.gid,
    root: options.root,
    rootOwner: { uid: 0, gid: 0 },
    rootMode: 0,
    area,
    mountPoint: null,
    traversal: [],
    locked: [],
  };
  const blocked = blockedAncestors(agent, path.dirname(options.root));
  if (blocked.length > 0) {
    const mountPoint = path.join(area, "work");
    await fs.mkdir(mountPoint, { mode: 0o755 });
    const mounted = spawnSync("mount", ["--bind", options.root, mountPoint], { stdio: ["ignore", "ignore", "pipe"], encoding: "utf8" });
    if (!mounted.error && mounted.status === 0) {
      agentRoot = mountPoint;
      record.mountPoint = mountPoint;
      cleanups.push(() => unmount(mountPoint));
      notes.push(`work tree bind-mounted at ${mountPoint} (the agent user cannot traverse ${blocked.join(", ")})`);
    } else {
      // No mount here (an unprivileged container): open the path for traversal only, and say so.
      const restore: [string, number][] = [];
      for (const dir of blocked) {
        const mode = statSync(dir).mode & 0o7777;
        restore.push([dir, mode]);
        chmodSync(dir, mode | 0o001);
      }
      record.traversal = restore;
      cleanups.push(() => {
        for (const [dir, mode] of restore.reverse()) chmodSync(dir, mode);
      });
      options.onWarning(
        `the agent user cannot reach the work tree and no bind mount was possible (${(mounted.stderr || mounted.error?.message || "").trim()}); ` +
          `made ${blocked.join(", ")} traversable (not readable) for the run`,
      );
    }
  }
  // The runner's temporary directory holds the file-command files and, in the action, the state:
  // closed to every other user while agents run (unless the agent area itself lives inside it).
  const runnerTemp = options.runnerTemp && path.isAbsolute(options.runnerTemp) ? path.resolve(options.runnerTemp) : null;
  const toLock = runnerTemp && !isInside(runnerTemp, area) ? [runnerTemp] : [];
  const protectedPaths = [path.resolve(options.stateDir), ...options.protectedPaths.map((p) => path.resolve(p))];
  // Written before anything is handed over: a run that dies leaves the way back on disk.
  const top = statSync(options.root);
  record.rootOwner = { uid: top.uid, gid: top.gid };
  record.rootMode = top.mode & 0o7777;
  const recordFile = boundaryRecordFile(options.stateDir, account.name);
  cleanups.push(() => fs.rm(recordFile, { force: true }));
  // The action's own files inside the work tree: neither writable nor readable for the run (the
  // agents' `wave` command then runs from a copy in the agent area).
  for (const dir of [...toLock, ...options.protectedPaths]) {
    try {
      const st = await fs.lstat(dir);
      if (!st.isDirectory() || (st.mode & 0o077) === 0) continue;
      record.locked.push([dir, st.mode & 0o7777]);
    } catch {
      // not there
    }
  }
  await fs.writeFile(recordFile, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  for (const [dir, mode] of record.locked) chmodSync(dir, mode & 0o7700);
  cleanups.push(() => {
    for (const [dir, mode] of record.locked) chmodSync(dir, mode);
  });
  const grant: WorktreeGrant = grantWorktree(options.root, agent, protectedPaths);
  cleanups.push(() => {
    takeBackWorktree(grant, account.uid);
  });
  if (!canAccessAs(agent, agentRoot, "write")) {
    throw new Error(`the agent user ${account.name} cannot write the work tree ${agentRoot} after it was handed over`);
  }

  const homes = new Map<string, string>();
  const inputs = new Map<string, string>();
  let closed = false;
  const boundary: AgentBoundary = {
    mode: "separate",
    description:
      `agents run as the OS user ${account.name} (uid ${account.uid}); they cannot read the orchestrator's environment, ` +
      `state directory or temporary files${notes.length > 0 ? `; ${notes.join("; ")}` : ""}`,
    account,
    agentRoot,
    controlDir: path.join(area, "ctl"),
    identity: agent,
    binDir: path.join(area, "bin"),
    async inputsDir(agentId) {
      const existing = inputs.get(agentId);
      if (existing) return existing;
      const dir = path.join(area, "in", agentDirName(agentId));
      await fs.mkdir(dir, { recursive: true });
      await fs.chown(dir, me.uid, account.gid);
      await fs.chmod(dir, 0o750);
      inputs.set(agentId, dir);
      return dir;
    },
    async adjustEnv(agentId, env) {
      let home = homes.get(agentId);
      if (!home) {
        home = path.join(area, "home", agentDirName(agentId));
        for (const dir of [home, path.join(home, "tmp")]) {
          await fs.mkdir(dir, { recursive: true });
          await fs.chown(dir, account.uid, account.gid);
          await fs.chmod(dir, 0o700);
        }
        homes.set(agentId, home);
      }
      const out: Record<string, string> = {};
      for (const [k, v] of Object.entries(env)) if (!AGENT_ENV_DROP.includes(k)) out[k] = v;
      Object.assign(out, {
        HOME: home,
        USER: account.name,
        LOGNAME: account.name,
        TMPDIR: path.join(home, "tmp"),
        TMP: path.join(home, "tmp"),
        TEMP: path.join(home, "tmp"),
        XDG_CONFIG_HOME: path.join(home, ".config"),
        XDG_CACHE_HOME: path.join(home, ".cache"),
        XDG_DATA_HOME: path.join(home, ".local", "share"),
        XDG_STATE_HOME: path.join(home, ".local", "state"),
        WAVE_ROOT: agentRoot,
      });
      // git refuses a repository owned by another user unless told it is safe (command scope).
      const count = Number(out.GIT_CONFIG_COUNT ?? "0");
      const base = Number.isInteger(count) && count >= 0 ? count : 0;
      out[`GIT_CONFIG_KEY_${base}`] = "safe.directory";
      out[`GIT_CONFIG_VALUE_${base}`] = agentRoot;
      out.GIT_CONFIG_COUNT = String(base + 1);
      return out;
    },
    async clear() {
      const { killed, clear } = await killProcessesOfUid(account.uid);
      if (!clear) options.onWarning(`processes of ${account.name} survived SIGKILL (uninterruptible); continuing`);
      return killed.length;
    },
    async close() {
      if (closed) return;
      closed = true;
      await boundary.clear();
      await runCleanups();
    },
  };
  return boundary;
}

/**
 * Removes the agent area. The bind mount point is removed only with rmdir (never recursively): if
 * unmounting failed, the work tree behind it must not be deleted.
 */
async function removeArea(area: string): Promise<void> {
  for (const name of ["bin", "ctl", "in", "home"]) await fs.rm(path.join(area, name), { recursive: true, force: true });
  await fs.rmdir(path.join(area, "work")).catch(() => undefined);
  await fs.rmdir(area);
}

function unmount(mountPoint: string): void {
  const plain = spawnSync("umount", [mountPoint], { stdio: "ignore" });
  if (plain.status !== 0) spawnSync("umount", ["-l", mountPoint], { stdio: "ignore" });
}

const BoundaryRecordSchema = z.object({
  user: z.string(),
  uid: z.number().int().positive(),
  gid: z.number().int().nonnegative(),
  root: z.string(),
  rootOwner: z.object({ uid: z.number().int().nonnegative(), gid: z.number().int().nonnegative() }),
  rootMode: z.number().int().nonnegative(),
  area: z.string(),
  mountPoint: z.string().nullable(),
  traversal: z.array(z.tuple([z.string(), z.number().int().nonnegative()])),
  locked: z.array(z.tuple([z.string(), z.number().int().nonnegative()])).default([]),
});
type BoundaryRecord = z.infer<typeof BoundaryRecordSchema>;

function boundaryRecordFile(stateDir: string, user: string): string {
  return path.join(stateDir, `agent-boundary-${user}.json`);
}

/**
 * Undoes what a run that died (SIGKILL, a lost runner) left of its boundary: the agent user's
 * processes, the work tree's ownership, the bind mount, the opened traversal, the agent area.
 * The record lives in the private state directory, so only the orchestrator can have written it.
 * Returns a description of what was undone, or null when there was nothing to undo.
 */
export async function recoverBoundaries(stateDir: string): Promise<string[]> {
  if (process.getuid?.() !== 0) return [];
  const names = await fs.readdir(stateDir).catch(() => [] as string[]);
  const done: string[] = [];
  for (const name of names) {
    const m = /^agent-boundary-([a-z_][a-z0-9_-]{0,31})\.json$/.exec(name);
    if (!m) continue;
    // A live run holds its user's lock: its boundary is not ours to undo.
    const release = await tryLock(m[1]!);
    if (!release) continue;
    try {
      const note = await recoverBoundary(path.join(stateDir, name));
      if (note) done.push(note);
    } finally {
      await release();
    }
  }
  return done;
}

async function recoverBoundary(file: string): Promise<string | null> {
  let text: string;
  try {
    const st = await fs.lstat(file);
    if (!st.isFile() || st.uid !== process.getuid?.()) return null;
    text = await fs.readFile(file, "utf8");
  } catch {
    return null;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = BoundaryRecordSchema.safeParse(raw);
  if (!parsed.success) return null;
  const r = parsed.data;
  const { killed } = await killProcessesOfUid(r.uid);
  const given = takeBackWorktree({ root: r.root, rootOwner: r.rootOwner, rootMode: r.rootMode, entries: 0 }, r.uid);
  if (r.mountPoint) unmount(r.mountPoint);
  for (const [dir, mode] of [...r.traversal].reverse()) chmodSync(dir, mode);
  for (const [dir, mode] of r.locked) {
    try {
      chmodSync(dir, mode);
    } catch {
      // gone
    }
  }
  await removeArea(r.area).catch(() => undefined);
  await fs.rm(file, { force: true });
  return `recovered the agent boundary of an interrupted run: stopped ${killed.length} process(es) of ${r.user}, took back ${given} work-tree entries`;
}

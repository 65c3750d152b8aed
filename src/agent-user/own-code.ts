/**
 * Whether the agent user could change the code of the running program (the `wave` CLI or the
 * action): the next `wave` command (`npx wave status`, the action's post step) would run what an
 * agent wrote, as the orchestrator's user (root, when agents run as another user).
 *
 * The code is known by where it really is, never by how it was started (`npx wave`, a
 * `node_modules/.bin` link, a pnpm shim script that runs node on a path, a global install): the
 * directory of this module's own file (the bundle's directory: every chunk the program can load is
 * there), the entry file and the Node binary, symbolic links resolved.
 *
 * The agent user could change a file when it can write it or owns it (it could make it writable),
 * or replace it or any directory above it: it can write that directory's parent, which is not
 * sticky, or is sticky but owned by the agent user or holds an entry the agent user owns. Asked of
 * the kernel as the agent user (`find -writable`: modes, groups and ACLs as they apply), through
 * the path the agent sees the work tree at (a bind mount, when it has one).
 */
import { spawnSync } from "node:child_process";
import { lstatSync, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isInside } from "../security/confine.js";
import type { Owner } from "./worktree.js";

/** The running program's code, real paths. */
export interface RunningCode {
  /** The directory holding this module's file: the bundle's (dist/), or the sources' when run from them. */
  bundleDir: string;
  /** The entry file the process started (process.argv[1], symlinks resolved), when there is one. */
  entry: string | null;
  /** The Node binary. */
  node: string;
}

function real(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/** Where the running program's code is (`moduleUrl`: this module's own URL, for tests). */
export function runningCode(
  moduleUrl: string = import.meta.url,
  argv1: string | undefined = process.argv[1],
  execPath: string = process.execPath,
): RunningCode {
  return {
    bundleDir: path.dirname(real(fileURLToPath(moduleUrl))),
    entry: argv1 ? real(argv1) : null,
    node: real(execPath),
  };
}

/** A path the agent user could change, and how. */
export interface ReachableCode {
  path: string;
  how: "writable" | "owned" | "replaceable";
}

/** Runs `find` as `identity` (no output kept but stdout); the paths it printed, NUL-separated. */
function findAs(identity: Owner, args: string[]): string[] {
  const r = spawnSync("find", args, {
    uid: identity.uid,
    gid: identity.gid,
    env: { PATH: "/usr/sbin:/usr/bin:/sbin:/bin" },
    stdio: ["ignore", "pipe", "ignore"],
    encoding: "utf8",
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw new Error(`could not ask what the agent user can write (find: ${r.error.message})`);
  return (r.stdout ?? "").split("\0").filter(Boolean);
}

function statOf(p: string): { uid: number; mode: number } | null {
  try {
    const st = lstatSync(p);
    return { uid: st.uid, mode: st.mode };
  } catch {
    return null;
  }
}

/** `p` and every directory above it, innermost first. */
function chainOf(p: string): string[] {
  const chain: string[] = [];
  let dir = path.resolve(p);
  for (;;) {
    chain.push(dir);
    const parent = path.dirname(dir);
    if (parent === dir) return chain;
    dir = parent;
  }
}

/**
 * The first part of `code` the agent user `identity` could change, or null when it can change none.
 * `root` and `agentRoot`: the work tree, and where the agent user sees it (a bind mount, or the same).
 */
export function codeReachableBy(identity: Owner, code: RunningCode, root: string, agentRoot: string): ReachableCode | null {
  const realRoot = real(root);
  const seen = (p: string) => (agentRoot !== root && isInside(realRoot, p) ? path.join(agentRoot, path.relative(realRoot, p)) : p);
  const leaves = [code.bundleDir, ...(code.entry ? [code.entry] : []), code.node].map(seen);
  // Everything in the bundle's directory: writable, or the agent user's own.
  const inside = findAs(identity, [seen(code.bundleDir), "(", "-writable", "-o", "-user", String(identity.uid), ")", "-print0", "-quit"]);
  if (inside[0]) return { path: inside[0], how: statOf(inside[0])?.uid === identity.uid ? "owned" : "writable" };
  // The files themselves, and every directory above them.
  const chains = leaves.map(chainOf);
  const all = [...new Set(chains.flat())];
  const writable = new Set(findAs(identity, [...all, "-maxdepth", "0", "-writable", "-print0"]));
  for (const chain of chains) {
    for (let i = 0; i < chain.length; i++) {
      const p = chain[i]!;
      const st = statOf(p);
      if (!st) continue;
      if (st.uid === identity.uid) return { path: p, how: "owned" };
      if (i === 0 && !(st.mode & 0o040000) && writable.has(p)) return { path: p, how: "writable" };
      const parent = chain[i + 1];
      if (!parent || !writable.has(parent)) continue;
      const dir = statOf(parent);
      const sticky = dir !== null && (dir.mode & 0o1000) !== 0;
      if (!sticky || dir.uid === identity.uid) return { path: p, how: "replaceable" };
    }
  }
  return null;
}

/** The refusal's text: where the code is, what the agent could change, how to install it out of reach. */
export function reachableCodeMessage(found: ReachableCode, code: RunningCode, user: string, invokedAs: string | undefined): string {
  const how =
    found.how === "writable"
      ? "can write"
      : found.how === "owned"
        ? "owns"
        : "can replace (it can write the directory holding it, or that directory is its own)";
  const started = invokedAs && path.resolve(invokedAs) !== code.entry ? ` (started as ${invokedAs})` : "";
  return (
    `agents are not started: the agent user ${user} ${how} ${found.path}, part of the code this run runs ` +
    `(the program in ${code.bundleDir}${code.entry ? `, entry ${code.entry}` : ""}${started}, Node ${code.node}); an agent could change ` +
    "what the next wave command runs as this user. Install wave where the agent user cannot write, outside the work tree " +
    "(npm install -g wave-action, or a checkout of it in a directory of its own), and run that `wave`"
  );
}

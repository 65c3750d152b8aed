/**
 * Whether the agent user can reach a path: asked of the kernel by running `test` as that user, so
 * modes, groups and ACLs all count exactly as they will for the agent.
 */
import { spawnSync } from "node:child_process";
import { closeSync, openSync, readSync, realpathSync } from "node:fs";
import path from "node:path";
import type { Owner } from "./worktree.js";

export type AccessKind = "read" | "write" | "execute" | "traverse";

const FLAG: Record<AccessKind, string> = { read: "-r", write: "-w", execute: "-x", traverse: "-x" };

/** Runs `program args` as `identity` (no input, no output kept); true when it exits 0. */
export function succeedsAs(identity: Owner, program: string, args: string[]): boolean {
  const result = spawnSync(program, args, {
    uid: identity.uid,
    gid: identity.gid,
    env: { PATH: "/usr/sbin:/usr/bin:/sbin:/bin" },
    stdio: "ignore",
    timeout: 30_000,
  });
  return !result.error && result.status === 0;
}

export function canAccessAs(identity: Owner, target: string, kind: AccessKind): boolean {
  return succeedsAs(identity, "test", [FLAG[kind], target]);
}

/** The ancestors of `target` (outermost first, `/` excluded) the agent cannot traverse. */
export function blockedAncestors(identity: Owner, target: string): string[] {
  const blocked: string[] = [];
  let dir = path.resolve(target);
  const chain: string[] = [];
  while (path.dirname(dir) !== dir) {
    chain.unshift(dir);
    dir = path.dirname(dir);
  }
  for (const d of chain) if (!canAccessAs(identity, d, "traverse")) blocked.push(d);
  return blocked;
}

/** The outermost directory on the way to `file` that the agent user cannot pass through, if any. */
function firstBlockedDir(identity: Owner, file: string): string | null {
  return blockedAncestors(identity, path.dirname(path.resolve(file)))[0] ?? null;
}

/** The interpreter a `#!` line names (`/usr/bin/env node` → "node"), or null for a binary or unreadable file. */
function interpreterOf(file: string): string | null {
  let head = "";
  try {
    const fd = openSync(file, "r");
    try {
      const buf = Buffer.alloc(256);
      head = buf.subarray(0, readSync(fd, buf, 0, buf.length, 0)).toString("latin1");
    } finally {
      closeSync(fd);
    }
  } catch {
    return null;
  }
  if (!head.startsWith("#!")) return null;
  const words = head.slice(2).split("\n")[0]!.trim().split(/\s+/);
  if (words[0] && path.basename(words[0]) === "env") return words.find((w, i) => i > 0 && !w.startsWith("-")) ?? null;
  return words[0] ?? null;
}

/**
 * Why the agent user cannot start `file` (found on the orchestrator's PATH), or null when it can:
 * the file must be executable by that user through every directory on its way (the link and the
 * file it points to), a script must also be readable, and its `#!` interpreter runnable the same
 * way (`findOnPath` resolves an interpreter given by name, as `env` would). Asked of the kernel
 * as that user, so a CLI installed under another user's home shows here, not as EACCES at launch.
 */
export function whyAgentCannotRun(identity: Owner, file: string, findOnPath: (name: string) => string | null, depth = 0): string | null {
  let real = file;
  try {
    real = realpathSync(file);
  } catch {
    // absent: the executor preflight reports it as not found
  }
  if (!canAccessAs(identity, file, "execute")) {
    const blocked = firstBlockedDir(identity, file) ?? firstBlockedDir(identity, real);
    if (blocked) return `the agent user cannot enter ${blocked}`;
    return `the agent user may not execute ${real === file ? file : `${file} (${real})`}`;
  }
  const interpreter = interpreterOf(real);
  if (interpreter === null) return null;
  if (!canAccessAs(identity, real, "read")) return `the agent user may not read the script ${real}`;
  if (depth > 2) return null;
  const found = interpreter.includes("/") ? interpreter : findOnPath(interpreter);
  if (found === null) return null;
  const why = whyAgentCannotRun(identity, found, findOnPath, depth + 1);
  return why === null ? null : `its interpreter ${found}: ${why}`;
}

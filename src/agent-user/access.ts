/**
 * Whether the agent user can reach a path: asked of the kernel by running `test` as that user, so
 * modes, groups and ACLs all count exactly as they will for the agent.
 */
import { spawnSync } from "node:child_process";
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

/**
 * Handing the repository work tree to the agent user, and taking it back.
 *
 * Grant: every file and directory of the work tree becomes the agent user's, except `.git` (at any
 * depth: agents do not commit, and git configuration there would run code as the orchestrator)
 * and the protected paths (the state directory, the action's own files). The top directory stays
 * the orchestrator's, gets the agent's group with write access and the sticky bit: agents can create
 * and remove their own entries there, but cannot rename or remove `.git`, the state directory or
 * anything else they do not own (a sticky directory allows that only to an entry's owner).
 *
 * Take back: everything the agent user owns now (what it was given and what it created) becomes the
 * orchestrator's again; entries owned by anyone else (a hard link to a file the agent does not own)
 * are left alone. The top directory's group and mode are restored. Symbolic links are never
 * followed (lchown, lstat).
 */
import { lchownSync, lstatSync, readdirSync, chmodSync, chownSync } from "node:fs";
import path from "node:path";

export interface Owner {
  uid: number;
  gid: number;
}

export interface WorktreeGrant {
  root: string;
  /** The top directory's owner, group and mode before the grant. */
  rootOwner: Owner;
  rootMode: number;
  /** Entries handed over. */
  entries: number;
}

function isProtected(p: string, protectedPaths: readonly string[]): boolean {
  return protectedPaths.some((q) => p === q || p.startsWith(q + path.sep));
}

/** Visits every entry under `dir` (not `dir` itself) depth-first, never through symbolic links. */
function walk(dir: string, visit: (entry: string, isDir: boolean) => boolean): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const entry = path.join(dir, name);
    let isDir = false;
    try {
      isDir = lstatSync(entry).isDirectory();
    } catch {
      continue;
    }
    if (visit(entry, isDir) && isDir) walk(entry, visit);
  }
}

export function grantWorktree(root: string, agent: Owner, protectedPaths: readonly string[]): WorktreeGrant {
  const top = lstatSync(root);
  const grant: WorktreeGrant = { root, rootOwner: { uid: top.uid, gid: top.gid }, rootMode: top.mode & 0o7777, entries: 0 };
  walk(root, (entry) => {
    if (path.basename(entry) === ".git" || isProtected(entry, protectedPaths)) return false;
    try {
      lchownSync(entry, agent.uid, agent.gid);
      grant.entries++;
    } catch {
      // vanished
    }
    return true;
  });
  chownSync(root, top.uid, agent.gid);
  chmodSync(root, (top.mode & 0o7777) | 0o1070);
  return grant;
}

/**
 * Gives every entry under `dir` (and `dir` itself) that `fromUid` owns to `to`; entries of other
 * owners are left alone, symbolic links are never followed. `skip` prunes a subtree by name.
 */
export function reassignOwned(dir: string, fromUid: number, to: Owner, skip: (name: string) => boolean = () => false): number {
  let count = 0;
  const move = (entry: string) => {
    try {
      if (lstatSync(entry).uid === fromUid) {
        lchownSync(entry, to.uid, to.gid);
        count++;
      }
    } catch {
      // vanished
    }
  };
  move(dir);
  walk(dir, (entry) => {
    if (skip(path.basename(entry))) return false;
    move(entry);
    return true;
  });
  return count;
}

/** Gives back everything `agentUid` owns under the work tree (never in `.git`); restores the top directory. */
export function takeBackWorktree(grant: WorktreeGrant, agentUid: number): number {
  const count = reassignOwned(grant.root, agentUid, grant.rootOwner, (name) => name === ".git");
  chownSync(grant.root, grant.rootOwner.uid, grant.rootOwner.gid);
  chmodSync(grant.root, grant.rootMode);
  return count;
}

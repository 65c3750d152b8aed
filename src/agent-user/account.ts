/**
 * The agent user's account: looked up in the user database, created when `auto` needs it, checked
 * to have no sudo, and reserved for one run at a time (an exclusive lock per user name, so that
 * clearing "every process of the agent user" never touches another run's agents).
 */
import { execFile } from "node:child_process";
import { promises as fs, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { UserError } from "../errors.js";
import { takeLockFile } from "../state/lock.js";
import { succeedsAs } from "./access.js";
import { AUTO_USER_POOL, autoUserName } from "./choice.js";

const run = promisify(execFile);

export interface AgentAccount {
  name: string;
  uid: number;
  gid: number;
}

/** Parses one passwd line (`name:x:uid:gid:gecos:home:shell`). */
function parsePasswdLine(line: string): AgentAccount | null {
  const parts = line.trim().split(":");
  if (parts.length < 7) return null;
  const uid = Number(parts[2]);
  const gid = Number(parts[3]);
  if (!parts[0] || !Number.isInteger(uid) || !Number.isInteger(gid)) return null;
  return { name: parts[0], uid, gid };
}

export async function lookupAccount(name: string): Promise<AgentAccount | null> {
  try {
    const { stdout } = await run("getent", ["passwd", name]);
    return parsePasswdLine(stdout.split("\n")[0] ?? "");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT") return null; // getent: exit 2 = no such user
  }
  const text = await fs.readFile("/etc/passwd", "utf8").catch(() => "");
  for (const line of text.split("\n")) {
    const account = parsePasswdLine(line);
    if (account?.name === name) return account;
  }
  return null;
}

/** Creates an unprivileged system user with its own group, no home and no password. */
async function createAccount(name: string): Promise<AgentAccount> {
  const attempts: [string, string[]][] = [
    ["useradd", ["--system", "--user-group", "--no-create-home", "--home-dir", "/nonexistent", "--shell", "/bin/sh", name]],
    ["adduser", ["-S", "-D", "-H", "-h", "/nonexistent", "-s", "/bin/sh", name]],
  ];
  const errors: string[] = [];
  for (const [program, args] of attempts) {
    try {
      await run(program, args);
      break;
    } catch (error) {
      const e = error as NodeJS.ErrnoException & { stderr?: string };
      // A concurrent run may have created it a moment ago.
      if (await lookupAccount(name)) break;
      errors.push(`${program}: ${e.code === "ENOENT" ? "not installed" : (e.stderr ?? e.message).trim()}`);
    }
  }
  const account = await lookupAccount(name);
  if (!account) throw new UserError(`could not create the agent user ${name} (${errors.join("; ")})`, 2);
  return account;
}

/** True when `account` can run `sudo -n true` (passwordless sudo): such a user is no boundary. */
function accountHasSudo(account: AgentAccount): boolean {
  return succeedsAs(account, "sudo", ["-n", "true"]);
}

/**
 * Where the per-user run locks live: private to root, and one place for the whole machine. Not
 * under TMPDIR: two runs with different temporary directories would each see the agent user free,
 * share it, and end each other's agents when they clear the user's processes. `/run` is cleared at
 * boot (stale locks go with it); where it is missing, `/tmp`.
 */
export function agentUserLockDir(exists: (dir: string) => boolean = isDirectory): string {
  return path.join(exists("/run") ? "/run" : "/tmp", "wave-agent-users");
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

export interface AccountLease {
  account: AgentAccount;
  release(): Promise<void>;
}

/** Takes the lock of `name` for this process; null when a live process holds it. */
export async function tryLock(name: string): Promise<(() => Promise<void>) | null> {
  const dir = agentUserLockDir();
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const stat = await fs.lstat(dir);
  if (!stat.isDirectory() || stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw new UserError(`the agent user lock directory ${dir} is not a private directory owned by root`, 2);
  }
  const attempt = await takeLockFile(
    path.join(dir, `${name}.lock`),
    `agent user ${name}`,
    `while waiting for the agent user lock of ${name}`,
    0o600,
  );
  return attempt.taken ? attempt.release : null;
}

/**
 * Reserves the agent user for this run. Pooled (`auto`): the first free name of wave-agent,
 * wave-agent-2, ..., created when missing. Named: that user, which must exist and be free.
 */
export async function leaseAccount(name: string, pooled: boolean): Promise<AccountLease> {
  const names = pooled ? Array.from({ length: AUTO_USER_POOL }, (_, i) => autoUserName(i)) : [name];
  for (const candidate of names) {
    const release = await tryLock(candidate);
    if (!release) continue;
    try {
      let account = await lookupAccount(candidate);
      if (!account) {
        if (!pooled) throw new UserError(`agent-user ${candidate}: no such user (create it, or use auto)`, 2);
        account = await createAccount(candidate);
      }
      if (account.uid === 0) throw new UserError(`agent-user ${candidate} has uid 0: agents may not run as root`, 2);
      if (account.uid === process.getuid?.()) {
        throw new UserError(`agent-user ${candidate} is the orchestrator's own user: use agent-user none for that`, 2);
      }
      if (accountHasSudo(account)) {
        throw new UserError(`agent-user ${candidate} can use sudo without a password: it would be no boundary`, 2);
      }
      return { account, release };
    } catch (error) {
      await release();
      throw error;
    }
  }
  throw new UserError(
    pooled
      ? `all ${AUTO_USER_POOL} agent users (wave-agent…) are in use by other runs on this machine`
      : `agent-user ${name} is in use by another run on this machine`,
    2,
  );
}

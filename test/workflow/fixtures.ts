/** Test fixtures: temporary git repositories holding workflow files and other content. */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export const GIT_ENV = {
  GIT_AUTHOR_NAME: "Test",
  GIT_AUTHOR_EMAIL: "test@example.com",
  GIT_COMMITTER_NAME: "Test",
  GIT_COMMITTER_EMAIL: "test@example.com",
};

export function gitSync(cwd: string, args: string[]): string {
  return execFileSync("git", args, { cwd, env: { ...process.env, ...GIT_ENV }, encoding: "utf8" }).trim();
}

export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

/** A git repository (branch main) with the given files committed. */
export async function makeRepo(files: Record<string, string>, prefix = "wave-wf-repo-"): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  gitSync(dir, ["init", "-q", "-b", "main"]);
  await writeFiles(dir, files);
  gitSync(dir, ["add", "-A"]);
  gitSync(dir, ["commit", "-q", "--allow-empty", "-m", "initial"]);
  return dir;
}

export async function commitFiles(dir: string, files: Record<string, string>, message: string): Promise<string> {
  await writeFiles(dir, files);
  gitSync(dir, ["add", "-A"]);
  gitSync(dir, ["commit", "-q", "-m", message]);
  return gitSync(dir, ["rev-parse", "HEAD"]);
}

/** Removes temporary directories at the end of a test. */
export class Cleanup {
  private readonly dirs: string[] = [];
  add<T extends string | undefined>(dir: T): T {
    if (dir) this.dirs.push(dir);
    return dir;
  }
  async run(): Promise<void> {
    for (const d of this.dirs.splice(0)) await rm(d, { recursive: true, force: true });
  }
}

/**
 * How workspace changes are recorded with few git processes (src/state/changes.ts, git.ts):
 * - the top level and HEAD come from one `git rev-parse`;
 * - the status letters come from the same `git diff --raw` that names the base commit's blobs
 *   (no `--name-status` besides), and are the letters `--name-status` prints, file by file, for
 *   names git would quote (spaces, tabs, newlines, quotes, non-ASCII), type and mode changes,
 *   deletions and additions;
 * - .gitignore is asked once about every state directory inside the repository, whatever their
 *   names, and each is left out of the changes, ignored or not.
 * Real git repositories in temporary directories; the git processes are counted by a `git` first
 * on PATH that logs its arguments and runs the real one.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { captureChanges } from "../../src/state/changes.js";
import { topLevelAndHead } from "../../src/state/git.js";
import { git as gitIn } from "../engine/fixture.js";

const git = (cwd: string, ...args: string[]): string => gitIn(cwd, args);

let tmp = "";
before(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), "wave-changes-git-"));
});
after(() => fs.rm(tmp, { recursive: true, force: true }));

let counter = 0;
async function box(): Promise<string> {
  const dir = path.join(tmp, `case-${++counter}`);
  await fs.mkdir(dir, { recursive: true });
  return fs.realpath(dir);
}

/** Runs `fn` with a logging `git` first on PATH; returns what it returned and the git argv lines. */
async function countingGit<T>(fn: () => Promise<T>): Promise<{ value: T; calls: string[] }> {
  const dir = await box();
  const log = path.join(dir, "git.log");
  const real = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();
  await fs.mkdir(path.join(dir, "bin"));
  await fs.writeFile(path.join(dir, "bin", "git"), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${real}' "$@"\n`, { mode: 0o755 });
  const saved = process.env.PATH;
  process.env.PATH = `${path.join(dir, "bin")}${path.delimiter}${saved ?? ""}`;
  try {
    const value = await fn();
    const calls = (await fs.readFile(log, "utf8").catch(() => "")).split("\n").filter(Boolean);
    return { value, calls };
  } finally {
    process.env.PATH = saved;
  }
}

test("the top level and HEAD from one git process, from a subdirectory, with or without a commit", async () => {
  const top = await box();
  await fs.mkdir(path.join(top, "app", "deep"), { recursive: true });
  git(top, "init", "-q", "-b", "main");
  assert.deepEqual(await topLevelAndHead(path.join(top, "app", "deep")), { top, head: null });
  git(top, "commit", "-q", "--allow-empty", "-m", "base");
  const head = git(top, "rev-parse", "HEAD").trim();
  const { value, calls } = await countingGit(() => topLevelAndHead(path.join(top, "app")));
  assert.deepEqual(value, { top, head });
  assert.equal(calls.length, 1);
  const outside = await box();
  await assert.rejects(
    topLevelAndHead(outside),
    /^UserError: finding the repository's top level failed: git rev-parse: fatal: not a git repository/,
  );
});

test("status letters as --name-status gives them, for every kind of change and name; state directories left out with one check-ignore", async () => {
  const top = await box();
  const names = ["plain.txt", "sp ace.txt", "tab\there.txt", 'quo"te.txt', "back\\slash.txt", "new\nline.txt", "ünï.txt"];
  for (const n of names) await fs.writeFile(path.join(top, n), `${n}\n`);
  await fs.writeFile(path.join(top, "run.sh"), "#!/bin/sh\n");
  await fs.writeFile(path.join(top, "gone.txt"), "gone\n");
  await fs.writeFile(path.join(top, "becomes-link"), "file\n");
  await fs.writeFile(path.join(top, ".gitignore"), "état du run/\n");
  git(top, "init", "-q", "-b", "main");
  git(top, "add", "-A");
  git(top, "commit", "-q", "-m", "base");
  const base = git(top, "rev-parse", "HEAD").trim();

  for (const n of names) await fs.writeFile(path.join(top, n), `${n} changed\n`);
  await fs.chmod(path.join(top, "run.sh"), 0o755);
  await fs.rm(path.join(top, "gone.txt"));
  await fs.rm(path.join(top, "becomes-link"));
  await fs.symlink("plain.txt", path.join(top, "becomes-link"));
  await fs.writeFile(path.join(top, "nouveau ñ.txt"), "new\n");
  // Two state directories: one .gitignore ignores (a name git would quote), one it does not.
  for (const state of ["état du run", "second state"]) {
    await fs.mkdir(path.join(top, state), { recursive: true });
    await fs.writeFile(path.join(top, state, "progress.json"), "{}\n");
  }

  const out = path.join(await box(), "out");
  const { value: meta, calls } = await countingGit(() =>
    captureChanges(top, base, out, [path.join(top, "état du run"), path.join(top, "second state"), path.join(tmp, "outside")]),
  );
  assert.deepEqual(
    meta.files.map((f) => `${f.status} ${f.path}`),
    [
      "M back\\slash.txt",
      "T becomes-link",
      "D gone.txt",
      "M new\nline.txt",
      "A nouveau ñ.txt",
      "M plain.txt",
      'M quo"te.txt',
      "M run.sh",
      "M sp ace.txt",
      "M tab\there.txt",
      "M ünï.txt",
    ],
  );
  // The same letters as --name-status, in the same order (the private index is gone: staged again here).
  const index = path.join(await box(), "index");
  const env = { ...process.env, GIT_INDEX_FILE: index };
  execFileSync("git", ["read-tree", base], { cwd: top, env });
  execFileSync("git", ["add", "-A", "--", ".", ":(exclude,top,literal)second state"], { cwd: top, env });
  const nameStatus = execFileSync("git", ["diff", "--cached", "--name-status", "-z", "--no-renames", base], {
    cwd: top,
    env,
    encoding: "utf8",
  });
  const parts = nameStatus.split("\0").filter(Boolean);
  const expected = [];
  for (let i = 0; i + 1 < parts.length; i += 2) expected.push({ status: parts[i]!, path: parts[i + 1]! });
  assert.deepEqual(meta.files, expected);
  assert.deepEqual(JSON.parse(readFileSync(path.join(out, "meta.json"), "utf8")).files, expected);
  // Preimages: the base blobs of the modified, deleted and retyped files, not of the added one.
  assert.equal(meta.preimages?.length, 10);

  const subcommands = calls.map((c) => c.split(" ").find((w) => !w.startsWith("-") && !w.includes("=")));
  // read-tree and check-ignore run side by side, so either may start first.
  assert.deepEqual(
    [subcommands[0], [...subcommands.slice(1, 3)].sort(), ...subcommands.slice(3, 6)],
    ["rev-parse", ["check-ignore", "read-tree"], "add", "diff", "diff"],
  );
  assert.equal(subcommands.filter((s) => s === "check-ignore").length, 1);
  assert.ok(calls[3]!.endsWith(":(exclude,top,literal)second state"), calls[3]);
  assert.deepEqual(subcommands.slice(6), Array(10).fill("cat-file"));
});

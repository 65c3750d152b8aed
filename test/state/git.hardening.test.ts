/**
 * Git the agents cannot configure (src/state/git.ts): the orchestrator's git calls name the
 * repository pinned before any agent ran, with hooks, the fsmonitor hook, external diff programs,
 * textconv, system-wide configuration and attributes off, whatever `safe.directory` says.
 * Every case first shows that plain git (discovering from the directory, the configuration as it
 * is) does run the planted program, then that the orchestrator's calls do not.
 * Real repositories in temporary directories; the global configuration is a temporary file with
 * `safe.directory=*` (GIT_CONFIG_GLOBAL), as in a CI container.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { chownSync, existsSync, promises as fs, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { captureChanges } from "../../src/state/changes.js";
import {
  type GitRepo,
  git,
  gitInvocation,
  HARDENING_CONFIG,
  headCommit,
  pinRepositoryAndHead,
  repositoryId,
  topLevelAndHead,
} from "../../src/state/git.js";

let tmp = "";
const saved: Record<string, string | undefined> = {};
const OVERRIDDEN = ["GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_EXTERNAL_DIFF", "GIT_CONFIG_NOSYSTEM"];

before(async () => {
  tmp = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "wave-git-hardening-")));
  for (const k of OVERRIDDEN) saved[k] = process.env[k];
  const global = path.join(tmp, "global.gitconfig");
  await fs.writeFile(global, "[safe]\n\tdirectory = *\n[user]\n\tname = wave test\n\temail = test@wave.invalid\n");
  process.env.GIT_CONFIG_GLOBAL = global;
  delete process.env.GIT_CONFIG_NOSYSTEM;
});
after(async () => {
  for (const k of OVERRIDDEN) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await fs.rm(tmp, { recursive: true, force: true });
});

const plain = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

let counter = 0;
/** A repository `top` with `sub/app.txt` and `top.txt` committed; `marker`: where planted programs write. */
async function repository(): Promise<{ top: string; sub: string; base: string; marker: string; hook: string }> {
  const dir = path.join(tmp, `case-${++counter}`);
  const top = path.join(dir, "top");
  const sub = path.join(top, "sub");
  await fs.mkdir(sub, { recursive: true });
  plain(top, "init", "-q", "-b", "main");
  await fs.writeFile(path.join(sub, "app.txt"), "app v1\n");
  await fs.writeFile(path.join(top, "top.txt"), "top v1\n");
  plain(top, "add", "-A");
  plain(top, "commit", "-q", "-m", "base");
  const marker = path.join(dir, "marker");
  // What a planted program runs: one line naming who ran it; a filter passes its input through.
  const hook = path.join(dir, "hook.sh");
  await fs.writeFile(hook, `#!/bin/sh\necho "ran: $0 $*" >> '${marker}'\ncat\nexit 0\n`, { mode: 0o755 });
  return { top, sub, base: plain(top, "rev-parse", "HEAD").trim(), marker, hook };
}

/** An agent's `.git` in `dir`: a valid repository whose configuration runs `hook` as the fsmonitor and from its hooks. */
async function plantGit(dir: string, hook: string): Promise<void> {
  const g = path.join(dir, ".git");
  await fs.mkdir(path.join(g, "objects"), { recursive: true });
  await fs.mkdir(path.join(g, "refs"), { recursive: true });
  await fs.mkdir(path.join(g, "hooks"), { recursive: true });
  await fs.writeFile(path.join(g, "HEAD"), "ref: refs/heads/main\n");
  await fs.writeFile(
    path.join(g, "config"),
    `[core]\n\trepositoryformatversion = 0\n\tfsmonitor = sh ${hook}\n[diff]\n\texternal = sh ${hook}\n[filter "x"]\n\tclean = sh ${hook}\n`,
  );
  for (const name of ["post-index-change", "reference-transaction"]) await fs.copyFile(hook, path.join(g, "hooks", name));
  await fs.chmod(path.join(g, "hooks", "post-index-change"), 0o755);
  await fs.chmod(path.join(g, "hooks", "reference-transaction"), 0o755);
}

const ran = (marker: string) => (existsSync(marker) ? readFileSync(marker, "utf8") : "");

test("every call carries the hardening; a pinned call names the git directory and the work tree, and drops GIT_DIR", () => {
  const saved = process.env.GIT_DIR;
  process.env.GIT_DIR = "/somewhere/else";
  try {
    const pinned = gitInvocation({ gitDir: "/r/.git", workTree: "/r" }, ["status"], { GIT_INDEX_FILE: "/i" });
    assert.deepEqual(pinned.args.slice(0, 2), ["--git-dir=/r/.git", "--work-tree=/r"]);
    assert.equal(pinned.cwd, "/r");
    assert.deepEqual(pinned.args.slice(2), [...HARDENING_CONFIG.flatMap((c) => ["-c", c]), "status"]);
    assert.ok(HARDENING_CONFIG.includes("core.hooksPath=/dev/null") && HARDENING_CONFIG.includes("core.fsmonitor="));
    assert.equal(pinned.env.GIT_CONFIG_NOSYSTEM, "1");
    assert.equal(pinned.env.GIT_ATTR_NOSYSTEM, "1");
    assert.equal(pinned.env.GIT_INDEX_FILE, "/i");
    assert.equal(pinned.env.GIT_DIR, undefined);
    const loose = gitInvocation("/d", ["init"]);
    assert.equal(loose.cwd, "/d");
    assert.equal(loose.args.at(-1), "init");
    assert.ok(!loose.args.some((a) => a.startsWith("--git-dir")));
    assert.equal(loose.env.GIT_CONFIG_NOSYSTEM, "1");
  } finally {
    if (saved === undefined) delete process.env.GIT_DIR;
    else process.env.GIT_DIR = saved;
  }
});

test("a .git planted under the root after the repository was pinned is never used: its fsmonitor and hooks do not run, with safe.directory=*", async () => {
  const { top, sub, base, marker, hook } = await repository();
  // Pinned before any agent runs, from the subdirectory the waves live in.
  const found = await pinRepositoryAndHead(sub);
  assert.ok(found);
  const repo: GitRepo = found.repo;
  assert.deepEqual(repo, { gitDir: path.join(top, ".git"), workTree: top });
  assert.equal(found.head, base);

  // The agent's work, and its `.git` under the root.
  await fs.writeFile(path.join(sub, "app.txt"), "app v2\n");
  await fs.writeFile(path.join(top, "top.txt"), "top v2\n");
  await plantGit(sub, hook);
  // Plain git from the root finds the planted repository and runs its fsmonitor.
  plain(sub, "status", "--short");
  assert.match(ran(marker), /ran: /, "the planted fsmonitor is live for git run from the root");
  await fs.rm(marker);

  // The orchestrator's calls name the pinned repository.
  assert.equal(await headCommit(repo), base);
  assert.deepEqual(await topLevelAndHead(repo), { top, head: base });
  assert.equal(await repositoryId(repo, {}), null);
  assert.equal((await git(repo, ["status", "--porcelain"])).code, 0);
  // Recording while the planted directory is there: git treats it as an embedded repository (and
  // the engine removes an agent's `.git` first), but nothing of its configuration runs.
  await captureChanges(repo, base, path.join(path.dirname(top), "changes-1"), []).catch(() => undefined);
  assert.equal(ran(marker), "", "no planted program ran");

  // Without it, the changes of the whole repository are recorded from the pinned repository.
  await fs.rm(path.join(sub, ".git"), { recursive: true });
  const meta = await captureChanges(repo, base, path.join(path.dirname(top), "changes-2"), []);
  assert.deepEqual(
    meta.files.map((f) => `${f.status} ${f.path}`),
    ["M sub/app.txt", "M top.txt"],
  );
  assert.equal(ran(marker), "");
});

test("hooks set in the repository's own configuration or hooks directory do not run, nor its fsmonitor", async () => {
  const { top, base, marker, hook } = await repository();
  const hooks = path.join(path.dirname(top), "hooks");
  await fs.mkdir(hooks);
  for (const name of ["post-index-change", "reference-transaction"]) {
    await fs.copyFile(hook, path.join(hooks, name));
    await fs.chmod(path.join(hooks, name), 0o755);
    await fs.copyFile(hook, path.join(top, ".git", "hooks", name));
    await fs.chmod(path.join(top, ".git", "hooks", name), 0o755);
  }
  plain(top, "config", "core.hooksPath", hooks);
  plain(top, "config", "core.fsmonitor", `sh ${hook}`);
  const repo = (await pinRepositoryAndHead(top))?.repo;
  assert.ok(repo);
  assert.equal(ran(marker), "");
  // An agent's commit: recording moves HEAD back (a ref update and an index write: both have hooks).
  await fs.writeFile(path.join(top, "top.txt"), "top v2\n");
  plain(top, "-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=", "commit", "-q", "-am", "agent commit");
  await fs.writeFile(path.join(top, "new.txt"), "new\n");
  // Plain git runs them.
  plain(top, "update-ref", "refs/heads/probe", base);
  assert.match(ran(marker), /reference-transaction/);
  await fs.rm(marker);

  const meta = await captureChanges(repo, base, path.join(path.dirname(top), "changes"), []);
  assert.deepEqual(
    meta.files.map((f) => `${f.status} ${f.path}`),
    ["A new.txt", "M top.txt"],
  );
  assert.equal(plain(top, "-c", "core.fsmonitor=", "rev-parse", "HEAD").trim(), base, "HEAD moved back to the base commit");
  assert.equal(ran(marker), "", "no hook and no fsmonitor ran");
});

test("external diff programs, textconv, system-wide filters and GIT_EXTERNAL_DIFF do not run; the patch holds the real content", async () => {
  const { top, base, marker, hook } = await repository();
  // The repository's own configuration names an external diff and a textconv for the `x` driver,
  // the system-wide one a clean filter `x`; the work tree's .gitattributes applies both to every file.
  plain(top, "config", "diff.external", `sh ${hook}`);
  plain(top, "config", "diff.x.command", `sh ${hook}`);
  plain(top, "config", "diff.x.textconv", `sh ${hook}`);
  const system = path.join(path.dirname(top), "system.gitconfig");
  await fs.writeFile(system, `[filter "x"]\n\tclean = sh ${hook}\n\tsmudge = sh ${hook}\n`);
  process.env.GIT_CONFIG_SYSTEM = system;
  process.env.GIT_EXTERNAL_DIFF = hook;
  try {
    const repo = (await pinRepositoryAndHead(top))?.repo;
    assert.ok(repo);
    await fs.writeFile(path.join(top, ".gitattributes"), "* diff=x filter=x\n");
    await fs.writeFile(path.join(top, "top.txt"), "top v2\n");
    // Plain git runs them.
    plain(top, "diff", "HEAD");
    assert.match(ran(marker), /ran: /);
    await fs.rm(marker);
    execFileSync("git", ["add", "-A"], { cwd: top, env: { ...process.env, GIT_INDEX_FILE: path.join(path.dirname(top), "probe-index") } });
    assert.match(ran(marker), /ran: /);
    await fs.rm(marker);

    const out = path.join(path.dirname(top), "changes");
    const meta = await captureChanges(repo, base, out, []);
    assert.deepEqual(
      meta.files.map((f) => `${f.status} ${f.path}`),
      ["A .gitattributes", "M top.txt"],
    );
    const patch = readFileSync(path.join(out, "changes.patch"), "utf8");
    assert.match(patch, /^-top v1$/m);
    assert.match(patch, /^\+top v2$/m);
    assert.equal(ran(marker), "", "no external diff, textconv or filter ran");
  } finally {
    delete process.env.GIT_CONFIG_SYSTEM;
    delete process.env.GIT_EXTERNAL_DIFF;
  }
});

test("a git directory owned by neither this user nor the work tree's owner is refused, whatever safe.directory says", {
  skip: process.getuid?.() !== 0 ? "needs root (chown)" : false,
}, async () => {
  const { sub, hook, marker } = await repository();
  await plantGit(sub, hook);
  chownSync(path.join(sub, ".git"), 65534, 65534);
  await assert.rejects(pinRepositoryAndHead(sub), (error: Error) => {
    assert.match(error.message, new RegExp(`the git directory ${path.join(sub, ".git")} \\(found from ${sub}\\) belongs to uid 65534`));
    assert.match(error.message, /an agent may have created it/);
    return true;
  });
  assert.equal(ran(marker), "");
});

test("a checkout owned by another user is pinned and recorded without safe.directory: the ownership check is the run's own", {
  skip: process.getuid?.() !== 0 ? "needs root (chown)" : false,
}, async () => {
  const { top, sub, base, marker } = await repository();
  const bare = path.join(tmp, "no-safe-directory.gitconfig");
  await fs.writeFile(bare, "[user]\n\tname = wave test\n\temail = test@wave.invalid\n");
  const global = process.env.GIT_CONFIG_GLOBAL;
  process.env.GIT_CONFIG_GLOBAL = bare;
  try {
    execFileSync("chown", ["-R", "65534:65534", top]);
    // Plain git refuses it (dubious ownership).
    assert.throws(() => plain(sub, "rev-parse", "--show-toplevel"), /dubious ownership/);
    const found = await pinRepositoryAndHead(sub);
    assert.deepEqual(found, { repo: { gitDir: path.join(top, ".git"), workTree: top }, head: base });
    await fs.writeFile(path.join(sub, "app.txt"), "app v2\n");
    const meta = await captureChanges(found.repo, base, path.join(path.dirname(top), "changes"), []);
    assert.deepEqual(
      meta.files.map((f) => `${f.status} ${f.path}`),
      ["M sub/app.txt"],
    );
    assert.equal(ran(marker), "");
  } finally {
    process.env.GIT_CONFIG_GLOBAL = global;
  }
});

test("after the pin, a call that names a directory of the work tree gets the pinned repository: a planted filter does not run, which the flags alone would not stop", async () => {
  const { top, sub, marker, hook } = await repository();
  const repo = (await pinRepositoryAndHead(sub))?.repo;
  assert.deepEqual(repo, { gitDir: path.join(top, ".git"), workTree: top });
  // The agent's repository under the root: a clean filter for every file, and an index listing them.
  plain(sub, "init", "-q");
  plain(sub, "config", "filter.x.clean", `sh ${hook}`);
  await fs.writeFile(path.join(sub, ".gitattributes"), "* filter=x\n");
  plain(sub, "add", "app.txt", ".gitattributes");
  await fs.rm(marker);
  const stale = new Date("2020-01-01T00:00:00Z");
  await fs.utimes(path.join(sub, "app.txt"), stale, stale);
  // git run from the root with every hardening flag still finds it, and runs the filter.
  plain(sub, ...HARDENING_CONFIG.flatMap((c) => ["-c", c]), "status", "--porcelain");
  assert.match(ran(marker), /ran: /, "the flags alone do not stop a planted repository's filter");
  await fs.rm(marker);
  await fs.utimes(path.join(sub, "app.txt"), stale, stale);

  // Through git.ts, named by the directory (as a caller that only knows the root does).
  const status = await git(sub, ["status", "--porcelain", "-z", "--untracked-files=all", "--", "."]);
  assert.equal(status.code, 0, status.stderr);
  assert.equal((await git(sub, ["rev-parse", "--show-prefix"])).stdout, "sub/\n");
  assert.equal(gitInvocation(sub, ["status"]).args[0], `--git-dir=${path.join(top, ".git")}`);
  assert.equal(gitInvocation(sub, ["status"]).cwd, sub);
  assert.equal(ran(marker), "", "the planted filter did not run");
});

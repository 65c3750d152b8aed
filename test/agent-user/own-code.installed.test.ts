/**
 * The `wave` CLI installed inside the work tree and started through a link, as `npx wave` does
 * (`node_modules/.bin/wave`), with agents behind another OS user (src/agent-user/own-code.ts,
 * src/engine/services.ts): installed in the repository's node_modules, which is handed to the
 * agent user, the run refuses before any agent starts and says how to install it out of reach;
 * installed in a directory of its own at the work tree's top (protected, under the sticky top
 * directory), the agents run and cannot touch it. The CLI is the tests' build of the sources,
 * copied into the package's dist/. Needs root (agents run as another user); skipped elsewhere.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { promises as fs, lstatSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { REPO_ROOT } from "../helpers/cli.js";
import { sourceBuild } from "../helpers/source-build.js";
import { cliEnv, makeRepo, standardAgents, starts, type TestRepo, writeWave } from "../engine/fixture.js";

const isRoot = process.getuid?.() === 0;

/** A test repository the agent user can reach (the fixture makes private temporary directories). */
async function openRepo(label: string): Promise<TestRepo> {
  const repo = await makeRepo(label);
  await fs.chmod(repo.base, 0o755);
  await fs.chmod(repo.ext, 0o777);
  await fs.appendFile(path.join(repo.root, ".gitignore"), "node_modules/\n.wave-cli/\n");
  return repo;
}

/** The CLI as a package in `pkg` (dist/ holds the build; its packages from this repository's node_modules); `bin`: a link to its entry. */
async function install(pkg: string, bin: string): Promise<void> {
  await fs.mkdir(path.join(pkg, "dist"), { recursive: true });
  await fs.cp(sourceBuild(), path.join(pkg, "dist"), { recursive: true });
  await fs.chmod(path.join(pkg, "dist", "cli.js"), 0o755);
  await fs.writeFile(path.join(pkg, "package.json"), '{ "name": "wave-action", "version": "0.0.0-test", "type": "module" }\n');
  await fs.symlink(path.join(REPO_ROOT, "node_modules"), path.join(pkg, "node_modules"));
  await fs.mkdir(path.dirname(bin), { recursive: true });
  await fs.symlink(path.relative(path.dirname(bin), path.join(pkg, "dist", "cli.js")), bin);
}

function run(bin: string, args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd, env: cliEnv(), stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every entry under `dir` (links not followed): its name, owner, mode and size. */
function snapshot(dir: string): string {
  const lines: string[] = [];
  const visit = (p: string) => {
    const st = lstatSync(p);
    lines.push(`${path.relative(dir, p)} ${st.uid} ${(st.mode & 0o7777).toString(8)} ${st.isFile() ? readFileSync(p).length : ""}`);
    if (st.isDirectory()) for (const name of readdirSync(p).sort()) visit(path.join(p, name));
  };
  visit(dir);
  return lines.join("\n");
}

test("npx wave from the repository's node_modules: the run refuses before any agent starts, naming the code and how to install it", {
  skip: !isRoot && "needs root",
}, async () => {
  const repo = await openRepo("own-code-npx");
  try {
    const pkg = path.join(repo.root, "node_modules", "wave-action");
    const bin = path.join(repo.root, "node_modules", ".bin", "wave");
    await install(pkg, bin);
    await writeWave(repo, 1, standardAgents(1));
    const before = snapshot(pkg);
    const r = await run(bin, ["run", "--wave", "1", "--agent-user", "auto", "--root", repo.root], repo.root);
    assert.notEqual(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stderr, /agents are not started: the agent user \S+ can replace /, r.stderr);
    assert.match(r.stderr, new RegExp(`the program in ${path.join(pkg, "dist").replaceAll("/", "\\/")}`), r.stderr);
    assert.match(r.stderr, /started as .*node_modules\/\.bin\/wave/);
    assert.match(r.stderr, /npm install -g wave-action/);
    assert.deepEqual(starts(repo), [], "no agent started");
    // The work tree is the orchestrator's again, the package as it was.
    assert.equal(lstatSync(path.join(repo.root, "node_modules")).uid, 0);
    assert.equal(snapshot(pkg), before);
  } finally {
    await repo.cleanup();
  }
});

test("the CLI in a protected directory of its own at the work tree's top: the agents run, and cannot change it", {
  skip: !isRoot && "needs root",
}, async () => {
  const repo = await openRepo("own-code-top");
  try {
    const pkg = path.join(repo.root, ".wave-cli");
    const bin = path.join(pkg, "bin", "wave");
    await install(pkg, bin);
    await writeWave(repo, 1, standardAgents(1));
    const before = snapshot(pkg);
    const r = await run(bin, ["run", "--wave", "1", "--agent-user", "auto", "--root", repo.root], repo.root);
    assert.doesNotMatch(r.stderr, /agents are not started/, r.stderr);
    assert.ok(starts(repo).includes("A1"), r.stdout + r.stderr);
    assert.match(r.stdout + r.stderr, /agents run as the OS user wave-agent/);
    assert.equal(snapshot(pkg), before);
  } finally {
    await repo.cleanup();
  }
});

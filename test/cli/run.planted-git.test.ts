/**
 * `wave run --root <subdirectory>` when an agent plants `<root>/.git` whose configuration runs a
 * program (the fsmonitor hook, hooks): the orchestrator's git calls after the agents name the
 * repository pinned at the run's start (src/state/git.ts), so the program never runs, although
 * the global configuration says `safe.directory=*` (as in a CI container).
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, promises as fs, readFileSync } from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { implAgent, makeRepo, runDirOf, standardAgents, type TestRepo, wave, writeWave } from "../engine/fixture.js";

/** The test repository with its git top level one directory above the root the waves live in. */
async function repoUnderTop(): Promise<{ repo: TestRepo; top: string; env: NodeJS.ProcessEnv; marker: string; hook: string }> {
  const repo = await makeRepo("planted-git");
  await fs.rm(path.join(repo.root, ".git"), { recursive: true, force: true });
  const top = repo.base;
  execFileSync("git", ["init", "-q", "-b", "main"], { cwd: top });
  await fs.writeFile(path.join(top, ".gitignore"), "ext/\n");
  await fs.writeFile(path.join(top, "top.txt"), "outside the root\n");
  const global = path.join(repo.ext, "global.gitconfig");
  await fs.writeFile(global, "[safe]\n\tdirectory = *\n[user]\n\tname = wave test\n\temail = test@wave.invalid\n");
  const marker = path.join(repo.ext, "planted-ran");
  const hook = path.join(repo.ext, "planted.sh");
  await fs.writeFile(hook, `#!/bin/sh\necho "ran: $0 $*" >> '${marker}'\nexit 1\n`, { mode: 0o755 });
  return { repo, top, env: { GIT_CONFIG_GLOBAL: global }, marker, hook };
}

/** What the agent writes to make `<root>/.git` a repository git finds, with a program in its configuration. */
function plantedGit(hook: string): Record<string, string> {
  return {
    ".git/HEAD": "ref: refs/heads/main\n",
    ".git/objects/.keep": "",
    ".git/refs/.keep": "",
    ".git/config": `[core]\n\trepositoryformatversion = 0\n\tfsmonitor = sh ${hook}\n\thooksPath = ${path.dirname(hook)}/hooks\n`,
  };
}

test("an agent's .git under --root: its fsmonitor never runs as the orchestrator (safe.directory=* set), and the changes are recorded", async () => {
  const { repo, env, marker, hook } = await repoUnderTop();
  try {
    const [a1, ...rest] = standardAgents(1);
    const planter = implAgent("A1", { write: { ...a1!.behaviour.write, ...plantedGit(hook) } });
    await writeWave(repo, 1, [planter, ...rest]);

    const run = await wave(repo, ["run", "--wave", "1"], { env });
    assert.ok(existsSync(path.join(runDirOf(repo, 1, 1), "result.json")), run.stdout + run.stderr);
    assert.equal(existsSync(marker), false, `the planted program ran: ${existsSync(marker) ? readFileSync(marker, "utf8") : ""}`);
    // The agents' changes are recorded, from the repository's top level (the agent's `.git` is
    // removed before the orchestrator's git runs again: src/engine/ownership.ts).
    const meta = JSON.parse(readFileSync(path.join(runDirOf(repo, 1, 1), "changes", "meta.json"), "utf8"));
    const files: string[] = meta.files.map((f: { path: string }) => f.path);
    assert.ok(files.includes("repo/src/a1.js") && files.includes("repo/src/a2.js"), `${JSON.stringify(files)}\n${run.stdout}${run.stderr}`);
    assert.ok(!files.some((f) => f.includes(".git/")), JSON.stringify(files));
    // The test's teeth: the same planted repository, found by plain git from the root, runs the program.
    for (const [rel, content] of Object.entries(plantedGit(hook))) {
      await fs.mkdir(path.dirname(path.join(repo.root, rel)), { recursive: true });
      await fs.writeFile(path.join(repo.root, rel), content);
    }
    execFileSync("git", ["status", "--short"], { cwd: repo.root, env: { ...process.env, ...env }, stdio: "ignore" });
    assert.match(readFileSync(marker, "utf8"), /ran: /, "plain git from the root runs the planted fsmonitor");
  } finally {
    await repo.cleanup();
  }
});

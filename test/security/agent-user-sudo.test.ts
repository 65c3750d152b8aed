/**
 * The GitHub-hosted runner's situation: the orchestrator starts as an ordinary user with
 * passwordless sudo. `wave run` continues as root through `sudo -n`, agents run as the agent user,
 * and everything the run wrote ends up owned by the user who started it. Needs root and sudo to
 * set the scene (a throw-away user with a sudoers entry); skipped elsewhere.
 */
import assert from "node:assert/strict";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, promises as fs, lstatSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { cloneJob, explain, Lab, runMain, runPost } from "../action/fixtures.js";
import { contQaAgent, documentationAgent, implAgent, integrationAgent, makeRepo, type TestRepo, writeWave } from "../engine/fixture.js";
import { startActionsHarness } from "../harness/index.js";
import { CLI_ARGV, REPO_ROOT } from "../helpers/cli.js";

const RUNNER = "wave-test-runner";
const sudoInstalled = spawnSync("sudo", ["--version"], { stdio: "ignore" }).status === 0;
const skip = process.getuid?.() !== 0 ? "needs root to create the scene" : !sudoInstalled ? "sudo is not installed" : false;

function runnerAccount(): { uid: number; gid: number; home: string } {
  if (spawnSync("id", ["-u", RUNNER], { stdio: "ignore" }).status !== 0) {
    execFileSync("useradd", ["--create-home", "--shell", "/bin/sh", RUNNER]);
  }
  const sudoers = `/etc/sudoers.d/${RUNNER}`;
  if (!existsSync(sudoers)) {
    execFileSync("sh", ["-c", 'printf "%s ALL=(ALL) NOPASSWD:ALL\\n" "$1" > "$2" && chmod 0440 "$2"', "sh", RUNNER, sudoers]);
  }
  const [, , uid, gid, , home] = execFileSync("getent", ["passwd", RUNNER], { encoding: "utf8" }).trim().split(":");
  return { uid: Number(uid), gid: Number(gid), home: home! };
}

function owners(dir: string, into = new Map<number, string>()): Map<number, string> {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    const st = lstatSync(p);
    if (!into.has(st.uid)) into.set(st.uid, p);
    if (st.isDirectory()) owners(p, into);
  }
  return into;
}

describe("agent-user auto as a user with passwordless sudo", { skip }, () => {
  test("the run continues as root, agents run as the agent user, and the files are the runner's again", async () => {
    const runner = runnerAccount();
    const opened = await makeRepo("au-sudo");
    // The runner's checkout: owned by it, under a directory other users cannot enter.
    const home = path.join(opened.base, "home");
    await fs.mkdir(home, { mode: 0o750 });
    await fs.rename(opened.root, path.join(home, "repo"));
    const repo: TestRepo = { ...opened, root: path.join(home, "repo") };
    await fs.chmod(opened.base, 0o755);
    await fs.chmod(repo.ext, 0o777);
    try {
      const envFile = path.join(repo.ext, "env-A1.json");
      await writeWave(repo, 1, [implAgent("A1", { copyEnv: envFile }), integrationAgent(1), documentationAgent(), contQaAgent(1)]);
      execFileSync("chown", ["-R", `${runner.uid}:${runner.gid}`, home]);
      const [bin, ...pre] = CLI_ARGV as [string, ...string[]];
      const child = spawn(bin, [...pre, "run", "--wave", "1", "--max-attempts", "1", "--json", "--root", repo.root], {
        cwd: REPO_ROOT,
        uid: runner.uid,
        gid: runner.gid,
        env: {
          PATH: process.env.PATH,
          HOME: runner.home,
          GITHUB_ACTIONS: "true",
          WAVE_TEST_SECRET_KEY: "sk-runner-only-9a8b7c6d5e",
          TMPDIR: os.tmpdir(),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (d) => (stdout += d));
      child.stderr.on("data", (d) => (stderr += d));
      const code = await new Promise<number | null>((resolve) => child.on("close", (c) => resolve(c)));
      assert.equal(code, 0, `exit ${code}\n${stderr}\n${stdout.slice(-2000)}`);
      const result = JSON.parse(stdout);
      assert.equal(result.status, "passed");
      assert.equal(result.agentUser.mode, "separate");
      const env = JSON.parse(readFileSync(envFile, "utf8")) as Record<string, string>;
      assert.match(env.USER ?? "", /^wave-agent/);
      assert.equal(env.WAVE_TEST_SECRET_KEY, undefined);
      // Everything in the checkout — the state directory, git's objects, the agents' files — is the runner's.
      const found = owners(home);
      assert.deepEqual([...found.keys()], [runner.uid], `foreign owners: ${JSON.stringify([...found])}`);
      assert.ok(existsSync(path.join(repo.root, "src", "a1.js")));
      // The runner can still use its repository.
      const status = spawnSync("git", ["status", "--porcelain"], {
        cwd: repo.root,
        uid: runner.uid,
        gid: runner.gid,
        encoding: "utf8",
        env: { PATH: process.env.PATH, HOME: runner.home },
      });
      assert.equal(status.status, 0, status.stderr);
    } finally {
      await opened.cleanup();
    }
  });
});

describe("the action as a runner user with passwordless sudo", { skip }, () => {
  test("main continues as root, agents run behind the agent user, post runs as root too, and the runner owns every file after", async () => {
    const runner = runnerAccount();
    const h = await startActionsHarness();
    const lab = new Lab("au-sudo-action");
    try {
      const agents = [
        { id: "B1", args: ["--write", "out/b1.txt=one"] },
        { id: "A8", title: "Integration steward", args: ["--markers"] },
      ];
      const origin = lab.origin("sudo", { "docs/plans/waves/wave-0.md": lab.waveFile(0, agents), "README.md": "sudo\n" });
      const ctx = cloneJob(h, origin, { runId: 901, runAttempt: 1, jobId: "wave", inputs: { wave: "0", "max-attempts": "1" } });
      // The runner's directories are its own; the harness keeps them under a private directory of root's.
      for (const dir of [ctx.workspace, ctx.runnerTemp]) execFileSync("chown", ["-R", `${runner.uid}:${runner.gid}`, dir]);
      execFileSync("chown", [`${runner.uid}:${runner.gid}`, path.dirname(ctx.workspace)]);
      await fs.chmod(path.dirname(path.dirname(ctx.workspace)), 0o711);
      const user = { uid: runner.uid, gid: runner.gid };
      const stepEnv = { HOME: runner.home };
      const main = await runMain(ctx, { user, stepEnv });
      assert.equal(main.conclusion, "success", explain(main));
      assert.equal(main.outputs.status, "passed");
      assert.match(main.stdout, /continuing this step as root \(passwordless sudo\)/);
      assert.match(main.stdout, /agents run as the OS user wave-agent/);
      assert.match(main.summary, /Agents ran as the OS user <code>wave-agent/);
      const post = await runPost(ctx, main, { user, stepEnv });
      assert.equal(post.conclusion, "success", explain(post));
      for (const dir of [ctx.workspace, ctx.runnerTemp]) {
        const found = owners(dir);
        assert.deepEqual([...found.keys()], [runner.uid], `foreign owners under ${dir}: ${JSON.stringify([...found])}`);
      }
      assert.equal(readFileSync(path.join(ctx.workspace, "out", "b1.txt"), "utf8"), "one\n");
    } finally {
      await h.stop();
      lab.cleanup();
    }
  });
});

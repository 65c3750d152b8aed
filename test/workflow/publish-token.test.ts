/**
 * The publish job of wave-dispatch.yml and changes to .github/workflows/: without the
 * WAVE_PUBLISH_TOKEN secret they are left out of the commit (a warning and the pull request body
 * list them); with it, the push and `gh pr create` use that token and the files are published.
 * Stand-ins on PATH record a SHA-256 of the credentials the push and gh received, never the token.
 */
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { execFileSync } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, test } from "node:test";
import { REPO_ROOT } from "../helpers/cli.js";
import { FAKE_CLI, FakeEngine } from "./fake-engine.js";
import { Cleanup, gitSync, makeRepo } from "./fixtures.js";
import { LocalArtifactStore, type LocalActionHook, runWorkflow } from "./runner/index.js";

const cleanup = new Cleanup();
after(() => cleanup.run());

const JOB_TOKEN = "ghs_jobTokenOfThisRun000000000000000";
const PUBLISH_TOKEN = "ghp_publishTokenForTheTest0000000000";
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** `gh` and a `git` wrapper that record hashes of the credentials they get, and the PR body. */
async function standIns(): Promise<{ bin: string; dir: string }> {
  const dir = cleanup.add(await mkdtemp(path.join(os.tmpdir(), "wave-wf-publish-")));
  const bin = path.join(dir, "bin");
  await mkdir(bin);
  const realGit = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();
  await writeFile(
    path.join(bin, "gh"),
    `#!/bin/sh
printf '%s' "$GH_TOKEN" | sha256sum | cut -d ' ' -f 1 > "${dir}/gh-token.sha256"
while [ $# -gt 0 ]; do
  if [ "$1" = --body-file ]; then cp "$2" "${dir}/body.md"; fi
  shift
done
echo https://github.com/acme/waves/pull/1
`,
  );
  await writeFile(
    path.join(bin, "git"),
    `#!/bin/sh
case " $* " in
  *" push "*) printf '%s' "$GIT_CONFIG_VALUE_0" | sha256sum | cut -d ' ' -f 1 > "${dir}/push-auth.sha256"
    printf '%s' "$GIT_CONFIG_KEY_0" > "${dir}/push-auth.key" ;;
esac
exec "${realGit}" "$@"
`,
  );
  await chmod(path.join(bin, "gh"), 0o755);
  await chmod(path.join(bin, "git"), 0o755);
  return { bin, dir };
}

async function publish(secrets: Record<string, string>, serverUrl?: string) {
  const files: Record<string, string> = {
    "action.yml": await readFile(path.join(REPO_ROOT, "action.yml"), "utf8"),
    "dist/cli/index.js": FAKE_CLI,
    "dist/package.json": '{ "type": "module" }\n',
    ".github/workflows/ci.yml": "on: push\n",
  };
  for (const n of [1, 2])
    files[`examples/docs/plans/waves/wave-${n}.md`] =
      `# Wave ${n} - example\n\n**Commit message**: \`Add wave ${n} output\`\n\n## Agent A1: worker\n`;
  const repoDir = cleanup.add(await makeRepo(files));
  const store = new LocalArtifactStore(cleanup.add(await mkdtemp(path.join(os.tmpdir(), "wave-wf-store-"))));
  const engine = new FakeEngine(store);
  // Wave 2's agent also adds a workflow and changes one: the changes artifact carries both.
  const hook: LocalActionHook = async (call) => {
    if (call.phase === "main" && call.inputs["mode"] === "run" && call.inputs["wave"] === "2") {
      await writeFile(path.join(call.cwd, ".github", "workflows", "x.yml"), "on: push\n");
      await writeFile(path.join(call.cwd, ".github", "workflows", "ci.yml"), "on: [push, pull_request]\n");
    }
    return engine.hook(call);
  };
  const tools = await standIns();
  const r = await runWorkflow({
    workflowFile: path.join(REPO_ROOT, ".github", "workflows", "wave-dispatch.yml"),
    event: "workflow_dispatch",
    repoDir,
    repository: "acme/waves",
    runId: 6161,
    githubToken: JOB_TOKEN,
    inputs: { publish: "true" },
    secrets,
    ...(serverUrl ? { serverUrl } : {}),
    env: { PATH: `${tools.bin}:${process.env["PATH"]}` },
    hooks: { localAction: hook, artifacts: store },
  });
  cleanup.add(r.workDir);
  const job = r.jobs.find((j) => j.id === "publish");
  assert.ok(job);
  assert.equal(job.conclusion, "success", JSON.stringify(job.steps.map((s) => [s.name, s.conclusion, s.error, s.log.slice(-500)])));
  const read = (name: string) => readFile(path.join(tools.dir, name), "utf8").then((t) => t.trim());
  const branch = "wave/default/6161";
  return {
    r,
    published: gitSync(repoDir, ["diff", "--name-only", "main", branch]).split("\n"),
    pushAuth: await read("push-auth.sha256"),
    pushAuthKey: await read("push-auth.key"),
    ghToken: await read("gh-token.sha256"),
    body: await read("body.md"),
    publishAnnotations: r.annotations.filter((a) => a.job === "publish" && a.title === "Wave"),
  };
}

const pushHeaderFor = (token: string) => `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString("base64")}`;

test("publish without WAVE_PUBLISH_TOKEN: workflow files are left out of the push, listed in a warning and the pull request", async () => {
  const p = await publish({});
  assert.deepEqual(p.published, ["examples/out/wave-1.txt", "examples/out/wave-2.txt"]);
  const warnings = p.publishAnnotations.filter((a) => a.level === "warning");
  assert.equal(warnings.length, 1, JSON.stringify(p.publishAnnotations));
  assert.match(
    warnings[0]!.message,
    /^left out of the pull request \(pushing changes to \.github\/workflows\/ needs a token with the workflows permission; set the WAVE_PUBLISH_TOKEN secret\): \.github\/workflows\/ci\.yml, \.github\/workflows\/x\.yml$/,
  );
  assert.ok(
    p.publishAnnotations.some(
      (a) => a.level === "notice" && /publishing with the job's GITHUB_TOKEN: the pull request will not trigger workflows/.test(a.message),
    ),
  );
  assert.match(p.body, /\nLeft out: changes to workflow files, .*\n- \.github\/workflows\/ci\.yml\n- \.github\/workflows\/x\.yml$/);
  // The job's own token is what git push and gh received, in a header for the run's server.
  assert.equal(p.pushAuth, sha256(pushHeaderFor(JOB_TOKEN)));
  assert.equal(p.pushAuthKey, "http.https://github.com/.extraheader");
  assert.equal(p.ghToken, sha256(JOB_TOKEN));
});

test("publish with WAVE_PUBLISH_TOKEN: the push and the pull request use it, and workflow files are published", async () => {
  const p = await publish({ WAVE_PUBLISH_TOKEN: PUBLISH_TOKEN });
  assert.deepEqual(p.published, [
    ".github/workflows/ci.yml",
    ".github/workflows/x.yml",
    "examples/out/wave-1.txt",
    "examples/out/wave-2.txt",
  ]);
  assert.equal(p.pushAuth, sha256(pushHeaderFor(PUBLISH_TOKEN)));
  assert.equal(p.ghToken, sha256(PUBLISH_TOKEN));
  assert.notEqual(p.pushAuth, sha256(pushHeaderFor(JOB_TOKEN)));
  assert.doesNotMatch(p.body, /Left out/);
  assert.deepEqual(
    p.publishAnnotations.map((a) => [a.level, a.message]),
    [["notice", "publishing with the WAVE_PUBLISH_TOKEN secret"]],
  );
  // The token never appears in any log.
  assert.ok(p.r.jobs.every((j) => j.steps.every((s) => !s.log.includes(PUBLISH_TOKEN))));
});

test("publish on GHE.com: the push's credentials name the run's server (github.server_url), not github.com", async () => {
  // git sends an http.<url>.extraheader only to URLs under <url>: a header for github.com would
  // leave the push to https://acme.ghe.com/... without credentials.
  const p = await publish({}, "https://acme.ghe.com");
  assert.equal(p.pushAuthKey, "http.https://acme.ghe.com/.extraheader");
  assert.equal(p.pushAuth, sha256(pushHeaderFor(JOB_TOKEN)));
});

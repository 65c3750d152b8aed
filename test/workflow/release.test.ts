/**
 * release.yml's "Move the major tag" step, its own bash run with a stand-in `gh` that answers as
 * the REST API does: with a token that may update workflow files the tag moves (created when it
 * does not exist); with the job's GITHUB_TOKEN the API refuses ("refusing to allow a GitHub App to
 * create or update workflow … without `workflows` permission", as GitHub answers when the commit's
 * .github/workflows/ differs) and the step fails with one error naming the token it needs.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { parse } from "yaml";
import { REPO_ROOT } from "../helpers/cli.js";

interface Step {
  name?: string;
  run?: string;
}

let dir = "";
let script = "";
before(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "wave-release-"));
  const workflow = parse(await readFile(path.join(REPO_ROOT, ".github", "workflows", "release.yml"), "utf8")) as {
    jobs: Record<string, { steps: Step[] }>;
  };
  const step = workflow.jobs["release"]?.steps.find((s) => s.name === "Move the major tag");
  assert.ok(step?.run, "release.yml has the step");
  script = step.run;
  await mkdir(path.join(dir, "bin"));
  // The stand-in API: the tag exists when tag-exists is there; a ref update is refused unless
  // GH_TOKEN is the workflow-capable token; every call is logged.
  await writeFile(
    path.join(dir, "bin", "gh"),
    `#!/bin/bash
echo "$*" >> "${dir}/calls"
case "$*" in
  "api repos/acme/wave-action/git/ref/tags/"*) [ -e "${dir}/tag-exists" ] && exit 0; echo '{"message":"Not Found"}'; exit 1 ;;
esac
if [ "$GH_TOKEN" != "app-token-with-workflows" ]; then
  echo 'gh: refusing to allow a GitHub App to create or update workflow \`.github/workflows/wave.yml\` without \`workflows\` permission (HTTP 422)' >&2
  exit 1
fi
echo '{"ref":"refs/tags/v1"}'
`,
  );
  await chmod(path.join(dir, "bin", "gh"), 0o755);
});
after(() => rm(dir, { recursive: true, force: true }));

async function moveTag(env: Record<string, string>, tagExists: boolean) {
  await rm(path.join(dir, "calls"), { force: true });
  if (tagExists) await writeFile(path.join(dir, "tag-exists"), "");
  else await rm(path.join(dir, "tag-exists"), { force: true });
  const r = spawnSync("bash", ["-e", "-o", "pipefail", "-c", script], {
    env: { PATH: `${path.join(dir, "bin")}:${process.env.PATH}`, REPO: "acme/wave-action", COMMIT: "c0ffee", ...env },
    encoding: "utf8",
  });
  const calls = await readFile(path.join(dir, "calls"), "utf8").catch(() => "");
  return { code: r.status, out: r.stdout + r.stderr, calls: calls.trim().split("\n").filter(Boolean) };
}

test("with a workflow-capable token the major tag moves, or is created", async () => {
  const moved = await moveTag({ TAG: "v1.4.0", GH_TOKEN: "app-token-with-workflows", HAS_TAG_TOKEN: "true" }, true);
  assert.equal(moved.code, 0, moved.out);
  assert.match(moved.out, /^v1 -> c0ffee$/m);
  assert.deepEqual(moved.calls, [
    "api repos/acme/wave-action/git/ref/tags/v1",
    "api --method PATCH repos/acme/wave-action/git/refs/tags/v1 -f sha=c0ffee -F force=true",
  ]);
  const created = await moveTag({ TAG: "v2.0.0", GH_TOKEN: "app-token-with-workflows", HAS_TAG_TOKEN: "true" }, false);
  assert.equal(created.code, 0, created.out);
  assert.equal(created.calls[1], "api --method POST repos/acme/wave-action/git/refs -f ref=refs/tags/v2 -f sha=c0ffee");
});

test("with the job's GITHUB_TOKEN the refusal fails the step with the sentence naming the token it needs", async () => {
  const r = await moveTag({ TAG: "v1.4.0", GH_TOKEN: "ghs_jobtoken", HAS_TAG_TOKEN: "false" }, true);
  assert.equal(r.code, 1, r.out);
  assert.match(r.out, /refusing to allow a GitHub App to create or update workflow/, "GitHub's own answer is shown");
  const errors = r.out.split("\n").filter((l) => l.startsWith("::error"));
  assert.equal(errors.length, 1, r.out);
  assert.match(
    errors[0]!,
    /^::error title=The major tag was not moved::v1 was not moved to c0ffee with the job's GITHUB_TOKEN \(no MAJOR_TAG_TOKEN secret is set\)\. Moving it needs a token that may update workflow files: a GitHub App token or a fine-grained personal access token with Contents and Workflows read-and-write, stored as the MAJOR_TAG_TOKEN secret\./,
  );
  assert.doesNotMatch(r.out, /v1 -> /);
  const wrongSecret = await moveTag({ TAG: "v1.4.0", GH_TOKEN: "pat-without-workflows", HAS_TAG_TOKEN: "true" }, true);
  assert.equal(wrongSecret.code, 1);
  assert.match(wrongSecret.out, /with the MAJOR_TAG_TOKEN secret\. Moving it needs/);
});

test("a pre-release leaves the major tag alone and calls nothing", async () => {
  const r = await moveTag({ TAG: "v1.5.0-rc.1", GH_TOKEN: "ghs_jobtoken", HAS_TAG_TOKEN: "false" }, true);
  assert.equal(r.code, 0, r.out);
  assert.match(r.out, /pre-release: the major tag stays/);
  assert.deepEqual(r.calls, []);
});

/**
 * `wave rehearse` argument handling: help, variants, and bad input as a clear message.
 */
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { parseVariants } from "../../src/cli/rehearse-command.js";
import { checkCliVersion, VERIFIED_CLI_VERSIONS } from "../../src/rehearse/versions.js";
import { makeRepo, type TestRepo, waveInProcess } from "../engine/fixture.js";

const repos: TestRepo[] = [];
after(async () => {
  for (const r of repos) await r.cleanup();
});

test("--variant: one variant for all, or per agent id", () => {
  const v = parseVariants(["no-markers", "hang:A1,A2", "rate-limit:A3", "interrupt:A4"]);
  assert.equal(v.get("*"), "no-markers");
  assert.equal(v.get("A1"), "hang");
  assert.equal(v.get("A2"), "hang");
  assert.equal(v.get("A3"), "rate-limit");
  assert.equal(v.get("A4"), "interrupt");
  assert.throws(() => parseVariants(["sleepy"]), /--variant must be one of normal, no-markers, rate-limit, hang, interrupt,/);
  assert.throws(() => parseVariants(["hang:"]), /no agent id/);
});

test("wave rehearse --help prints its help; a bad variant is a usage error naming the input", async () => {
  const repo = await makeRepo("rehearse-cli");
  repos.push(repo);
  const help = await waveInProcess(repo, ["rehearse", "--help"]);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^Usage: wave rehearse --wave N/);
  assert.match(help.stdout, /^\s+interrupt \(the first model request is answered, the next one never is:/m);
  const bad = await waveInProcess(repo, ["rehearse", "--wave", "1", "--variant", "sleepy"]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--variant must be one of .*\(got "sleepy"\)/);
  assert.doesNotMatch(bad.stderr, /\n\s+at /, "no stack trace");
});

test("CLI versions: the pinned one passes silently; another one (or none) gives a warning and is still tried", async () => {
  // `--` keeps the appended --version away from node itself.
  const fake = (text: string) => [process.execPath, "-e", `console.log(${JSON.stringify(text)})`, "--"];
  const same = await checkCliVersion("claude", fake(`${VERIFIED_CLI_VERSIONS.claude} (Claude Code)`), process.env.PATH ?? "");
  assert.equal(same.installed, VERIFIED_CLI_VERSIONS.claude);
  assert.equal(same.warning, null);
  const other = await checkCliVersion("codex", fake("codex-cli 9.9.9"), process.env.PATH ?? "");
  assert.equal(other.installed, "9.9.9");
  assert.match(
    other.warning ?? "",
    new RegExp(`codex 9\\.9\\.9 is installed; .* verified against codex ${VERIFIED_CLI_VERSIONS.codex!.replace(/\./g, "\\.")}`),
  );
  const none = await checkCliVersion("opencode", ["/nonexistent/opencode"], process.env.PATH ?? "");
  assert.equal(none.installed, null);
  assert.match(none.warning ?? "", /could not read its version/);
});

/**
 * The reference launcher's command lines: accepted as aliases (with a notice on stderr saying what
 * runs instead) or refused with the exact replacement (exit 2) — never "unknown command/flag"
 * without a pointer; and the skill text an agent gets names what to run here.
 */
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { REFERENCE_COMMANDS, referenceCommandNotes, translateReferenceArgv } from "../src/reference-compat.js";
import { cliEnv } from "./engine/fixture.js";
import { REPO_ROOT, runCli } from "./helpers/cli.js";

function ok(argv: string[]): { argv: string[]; notices: string[] } {
  const r = translateReferenceArgv(argv);
  assert.equal(r.kind, "ok", JSON.stringify(r));
  return r as { argv: string[]; notices: string[] };
}

function refused(argv: string[]): string {
  const r = translateReferenceArgv(argv);
  assert.equal(r.kind, "refused", JSON.stringify(r));
  return (r as { message: string }).message;
}

test("our own command lines pass unchanged and without a notice", () => {
  for (const argv of [
    ["run", "--wave", "1", "--max-attempts", "3"],
    ["coord", "post", "--kind", "ack", "--summary", "x"],
    ["feedback", "answer", "id-1", "yes"],
    ["status", "--wave", "2"],
    [],
  ]) {
    assert.deepEqual(translateReferenceArgv(argv), { kind: "ok", argv, notices: [] });
  }
});

test("wave launch --start-wave 0 --end-wave 1 runs wave run --waves 0-1 and says so", () => {
  const r = ok(["launch", "--start-wave", "0", "--end-wave=1", "--dry-run"]);
  assert.deepEqual(r.argv, ["run", "--waves", "0-1", "--dry-run"]);
  assert.match(r.notices.join("\n"), /the reference's `wave launch` is `wave run --waves 0-1/);
  assert.deepEqual(ok(["launch"]).argv, ["run", "--waves", "all"]);
  assert.deepEqual(ok(["launch", "--auto-next", "--end-wave", "4"]).argv, ["run", "--waves", "0-4"]);
  assert.match(refused(["launch", "--start-wave", "3"]), /wave run --waves 3-M/);
  assert.match(refused(["launch", "--start-wave", "3", "--end-wave", "1"]), /before --start-wave/);
  assert.match(refused(["launch", "--start-wave", "x"]), /whole number/);
});

test("the reference's run flags become ours, with a notice naming each", () => {
  const r = ok([
    "launch",
    "--end-wave",
    "2",
    "--max-retries-per-wave",
    "2",
    "--agent-rate-limit-retries=5",
    "--terminal-surface",
    "tmux",
    "--no-dashboard",
  ]);
  assert.deepEqual(r.argv, ["run", "--waves", "0-2", "--max-attempts", "3", "--rate-limit-retries", "5", "--tmux"]);
  const said = r.notices.join("\n");
  assert.match(said, /--max-retries-per-wave 2 is --max-attempts 3 here/);
  assert.match(said, /--no-dashboard is dropped/);
  // The same flags given to `wave run` itself.
  assert.deepEqual(ok(["run", "--wave", "1", "--max-retries-per-wave", "0"]).argv, ["run", "--wave", "1", "--max-attempts", "1"]);
  // Nothing after `--` is touched.
  assert.deepEqual(ok(["run", "--wave", "1", "--", "--max-retries-per-wave"]).argv, ["run", "--wave", "1", "--", "--max-retries-per-wave"]);
});

test("--repo-root is --root in every command", () => {
  const r = ok(["validate", "--repo-root", "/x"]);
  assert.deepEqual(r.argv, ["validate", "--root", "/x"]);
  assert.match(r.notices[0]!, /--repo-root is --root/);
  assert.deepEqual(ok(["launch", "--repo-root=/y"]).argv, ["run", "--waves", "all", "--root=/y"]);
});

test("the reference flags with no equivalent are refused with the exact replacement", () => {
  assert.match(
    refused(["launch", "--codex-sandbox", "read-only"]),
    /--codex-sandbox is set per agent here: use the agent's `- codex\.sandbox: <mode>`/,
  );
  assert.match(refused(["run", "--wave", "1", "--agent-launch-stagger-ms=500"]), /--max-parallel-agents/);
  assert.match(refused(["launch", "--no-context7"]), /CONTEXT7_API_KEY/);
  assert.match(refused(["status", "--run-id", "run-1"]), /--wave N/);
});

test("the commands the reference's skills tell agents and operators to run answer with what to run here", () => {
  assert.match(refused(["coord", "show", "--wave", "1"]), /`wave coord inbox`/);
  assert.match(refused(["coord", "act", "resolve"]), /wave coord post --kind ack/);
  assert.match(refused(["control", "status"]), /wave status --wave N/);
  assert.match(refused(["control", "rerun", "request", "--agent", "A1"]), /wave run --wave N --rerun/);
  assert.match(refused(["control", "proof", "register"]), /\[wave-proof\]/);
  assert.match(refused(["retry", "apply"]), /--rerun/);
  assert.match(refused(["proof", "register"]), /\[wave-proof\]/);
  assert.match(refused(["signal", "proof", "--state", "met"]), /\[wave-proof\] completion=/);
  assert.match(refused(["feedback", "watch"]), /wave feedback list/);
  // Every refusal of a command the reference's skills name gives something to run, in backticks.
  const agentFacing = new Set(["coord", "control", "retry", "proof", "signal", "feedback"]);
  for (const rule of REFERENCE_COMMANDS) {
    if (rule.refuse && agentFacing.has(rule.words[0]!)) assert.match(rule.refuse, /`[^`]+`/, rule.words.join(" "));
  }
});

test("wave feedback respond and wave control task act answer are wave feedback answer", () => {
  assert.deepEqual(ok(["feedback", "respond", "--id", "q1", "--response", "use postgres", "--operator", "me"]).argv, [
    "feedback",
    "answer",
    "q1",
    "use postgres",
  ]);
  assert.deepEqual(ok(["control", "task", "act", "answer", "--id=q2", "--response=no"]).argv, ["feedback", "answer", "q2", "no"]);
  assert.match(refused(["feedback", "respond", "--id", "q1", "--response", "x", "--force"]), /--force is not taken here/);
  assert.match(refused(["control", "task", "create"]), /wave coord post/);
});

test("a reference skill's commands get a note with what to run here; prose and our commands get none", () => {
  const notes = referenceCommandNotes(
    "Use `wave control status` and `wave control rerun request`. Run `pnpm exec wave coord show --wave 1`.\n" +
      "Post with `wave coord post`. This wave retry policy is prose. Ask with `pnpm exec wave-feedback ask`.",
  );
  assert.equal(notes.length, 4, notes.join("\n"));
  assert.match(notes.join("\n"), /`wave control status` does not exist here: use `wave status --wave N`/);
  assert.match(notes.join("\n"), /`wave-feedback ask` is `wave feedback ask/);
  assert.deepEqual(referenceCommandNotes("Run `wave coord post --kind ack` and `wave feedback ask`."), []);
});

test("the CLI runs `wave launch --start-wave 0 --end-wave 0` as `wave run --waves 0-0`, and refuses --codex-sandbox with exit 2", async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "wave-compat-"));
  try {
    cpSync(path.join(REPO_ROOT, "examples"), dir, { recursive: true });
    const r = await runCli(["launch", "--start-wave", "0", "--end-wave", "0", "--dry-run", "--repo-root", dir], { env: cliEnv() });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stderr, /the reference's `wave launch` is `wave run --waves 0-0/);
    assert.match(r.stderr, /--repo-root is --root/);
    const refusedRun = await runCli(["launch", "--codex-sandbox", "read-only", "--repo-root", dir], { env: cliEnv() });
    assert.equal(refusedRun.code, 2);
    assert.match(refusedRun.stderr, /^wave: the reference's --codex-sandbox is set per agent here/m);
    const agentCommand = await runCli(["coord", "show"], { env: cliEnv() });
    assert.equal(agentCommand.code, 2);
    assert.match(agentCommand.stderr, /`wave coord inbox`/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

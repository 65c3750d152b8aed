/**
 * Where the CLIs keep their session files (the rules checked against the real CLIs), session ids
 * and how they are read from a CLI's output.
 */
import assert from "node:assert/strict";
import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, describe, test } from "node:test";
import { claudeProjectDirName } from "../../src/executors/claude/session.js";
import { cliHome } from "../../src/sessions/locate.js";
import { isSessionId, newSessionId, sessionRequestOf, uuidV7Time } from "../../src/executors/session-ids.js";
import { sessionOf } from "../helpers/session-of.js";
import { claudeSessionSteps } from "../../src/executors/claude/session.js";
import { codexSessionSteps, isCodexRolloutName } from "../../src/executors/codex/session.js";

const CODEX_ID = "01a22db3-7d4c-7d80-bbde-9c9779998c76";
const tmps: string[] = [];
after(async () => {
  for (const dir of tmps) await rm(dir, { recursive: true, force: true });
});

describe("Claude Code project directory names", () => {
  test("every character but A-Z a-z 0-9 becomes '-' (per UTF-16 unit)", () => {
    assert.equal(claudeProjectDirName("/srv/ci/jobs/my_repo/my.repo"), "-srv-ci-jobs-my-repo-my-repo");
    assert.equal(claudeProjectDirName("/srv/a b/é/😀"), "-srv-a-b-----");
    assert.equal(claudeProjectDirName("/"), "-");
  });

  test("up to 200 characters kept as is; longer: the first 200, '-', the path's hash in base 36", () => {
    assert.equal(claudeProjectDirName(`/${"a".repeat(199)}`), `-${"a".repeat(199)}`);
    assert.equal(claudeProjectDirName(`/${"a".repeat(200)}`), `-${"a".repeat(199)}-b6ymvl`);
    const long = `/srv/ci/jobs/${"repo-".repeat(40)}end`;
    const name = claudeProjectDirName(long);
    assert.equal(name, `${"-srv-ci-jobs-repo".concat("-repo".repeat(36))}-re-i46tmk`);
    assert.equal(name.length, 207);
    // The hash is of the original path, so paths that sanitize alike still differ.
    assert.equal(claudeProjectDirName(`/srv/ci/jobs/${"repo-".repeat(40)}enD`).slice(-7), "-i46tng");
  });

  test("the session steps use the real path of the working directory", async () => {
    const tmp = await mkdtemp(path.join(os.tmpdir(), "wave-locate-"));
    tmps.push(tmp);
    await mkdir(path.join(tmp, "real"));
    await symlink(path.join(tmp, "real"), path.join(tmp, "link"));
    const real = await claudeSessionSteps(path.join(tmp, "real"), CODEX_ID);
    const viaLink = await claudeSessionSteps(path.join(tmp, "link"), CODEX_ID);
    assert.deepEqual(viaLink, real);
    assert.equal(real[0], "projects");
    assert.equal(real[2], `${CODEX_ID}.jsonl`);
    assert.ok(real[1]!.endsWith("-real"), real[1]);
  });
});

describe("the CLI's home", () => {
  test("claude: CLAUDE_CONFIG_DIR, else HOME/.claude; walked from HOME when inside it", () => {
    assert.deepEqual(cliHome("claude", { HOME: "/h/a1" }), { dir: "/h/a1/.claude", anchor: "/h/a1", steps: [".claude"] });
    assert.deepEqual(cliHome("claude", { HOME: "/h/a1", CLAUDE_CONFIG_DIR: "/h/a1/cfg/claude" }), {
      dir: "/h/a1/cfg/claude",
      anchor: "/h/a1",
      steps: ["cfg", "claude"],
    });
    assert.deepEqual(cliHome("claude", { HOME: "/h/a1", CLAUDE_CONFIG_DIR: "/opt/claude" }), {
      dir: "/opt/claude",
      anchor: "/opt/claude",
      steps: [],
    });
    assert.deepEqual(cliHome("claude", { HOME: "/h/a1", CLAUDE_CONFIG_DIR: "" }), {
      dir: "/h/a1/.claude",
      anchor: "/h/a1",
      steps: [".claude"],
    });
  });

  test("codex: CODEX_HOME, else HOME/.codex", () => {
    assert.deepEqual(cliHome("codex", { HOME: "/h/a1" }), { dir: "/h/a1/.codex", anchor: "/h/a1", steps: [".codex"] });
    assert.deepEqual(cliHome("codex", { HOME: "/h/a1", CODEX_HOME: "/h/a1/.codex" }), {
      dir: "/h/a1/.codex",
      anchor: "/h/a1",
      steps: [".codex"],
    });
    assert.deepEqual(cliHome("codex", { CODEX_HOME: "/srv/codex" }), { dir: "/srv/codex", anchor: "/srv/codex", steps: [] });
    assert.deepEqual(cliHome("codex", { HOME: "/h/a1", CODEX_HOME: "/h/a1" }), { dir: "/h/a1", anchor: "/h/a1", steps: [] });
  });

  test("no usable home: a reason", () => {
    assert.match((cliHome("codex", {}) as { error: string }).error, /HOME is not set/);
    assert.match((cliHome("claude", { HOME: "relative" }) as { error: string }).error, /HOME is not set/);
    assert.match(
      (cliHome("codex", { HOME: "/h", CODEX_HOME: "rel/codex" }) as { error: string }).error,
      /CODEX_HOME is not an absolute path/,
    );
  });
});

describe("codex rollout paths", () => {
  test("file names and stored paths", () => {
    const name = `rollout-2026-11-30T18-24-27-${CODEX_ID}.jsonl`;
    assert.equal(isCodexRolloutName(name, CODEX_ID), true);
    assert.equal(isCodexRolloutName(name, CODEX_ID.toUpperCase()), true);
    assert.equal(isCodexRolloutName(`rollout-2026-11-30T18-24-27-${CODEX_ID}.json`, CODEX_ID), false);
    assert.equal(isCodexRolloutName(`other-${CODEX_ID}.jsonl`, CODEX_ID), false);
    assert.deepEqual(codexSessionSteps(`sessions/2026/11/30/${name}`, CODEX_ID), ["sessions", "2026", "11", "30", name]);
    for (const bad of [
      `sessions/2026/11/${name}`,
      `sessions/2026/11/30/../${name}`,
      `../sessions/2026/11/30/${name}`,
      `sessions/2026/11/30/rollout-x-${"0".repeat(8)}-0000-7000-8000-000000000000.jsonl`,
      `projects/2026/11/30/${name}`,
      `sessions/2026/1a/30/${name}`,
    ]) {
      assert.equal(codexSessionSteps(bad, CODEX_ID), null, bad);
    }
  });
});

describe("session ids", () => {
  test("UUIDs only; new ids are UUIDs; UUIDv7 time", () => {
    assert.equal(isSessionId(CODEX_ID), true);
    assert.equal(isSessionId(CODEX_ID.toUpperCase()), true);
    for (const bad of ["", "--last", `${CODEX_ID}x`, "01a22db3-7d4c-7d80-bbde-9c9779998c7", 42, null])
      assert.equal(isSessionId(bad), false);
    const fresh = newSessionId();
    assert.equal(isSessionId(fresh), true);
    assert.notEqual(fresh, newSessionId());
    assert.equal(uuidV7Time(CODEX_ID)?.toISOString(), "2026-11-30T18:24:27.468Z");
    assert.equal(uuidV7Time("6f1c1e52-3a5b-4c41-9d7e-2b8f0c1d2e3f"), null);
  });

  test("session request defaults", () => {
    assert.deepEqual(sessionRequestOf(undefined), { persist: true, resumeId: null, newId: null });
    assert.deepEqual(sessionRequestOf({ persist: false, resumeId: CODEX_ID }), { persist: false, resumeId: CODEX_ID, newId: null });
    assert.throws(() => sessionRequestOf({ persist: true, resumeId: "-x" }), /session\.resumeId must be a UUID/);
  });

  test("read from the CLIs' output (event shapes of codex 0.171 and Claude Code 2.1)", () => {
    const codex = [
      "WARNING: proceeding, even though we could not create PATH aliases",
      `{"type":"thread.started","thread_id":"${CODEX_ID}"}`,
      '{"type":"turn.started"}',
      '{"type":"item.completed","item":{"id":"item_0","type":"agent_message","text":"{\\"type\\":\\"thread.started\\",\\"thread_id\\":\\"6f1c1e52-3a5b-4c41-9d7e-2b8f0c1d2e3f\\"}"}}',
    ].join("\n");
    assert.equal(sessionOf("codex", codex), CODEX_ID);
    assert.equal(sessionOf("codex", '{"type":"turn.started"}\n'), null);
    const id = "22c27547-90ea-4e82-98f8-8e4bc71cab71";
    const stream = [
      `{"type":"system","subtype":"init","cwd":"/r","session_id":"${id}","tools":[]}`,
      `{"type":"assistant","message":{"content":[{"type":"text","text":"hi"}]},"session_id":"${id}"}`,
    ].join("\n");
    assert.equal(sessionOf("claude", stream), id);
    assert.equal(sessionOf("claude", `{"type":"result","subtype":"success","result":"done","session_id":"${id}"}\n`), id);
    assert.equal(sessionOf("claude", "plain text answer\n[wave-proof] state=met\n"), null);
    assert.equal(sessionOf("opencode", `{"type":"text","sessionID":"ses_1"}`), null);
  });
});

/**
 * Launch argv for the CLIs' own sessions: keeping them (or not), naming a fresh one, resuming one
 * (claude --resume, codex exec … resume <id> -), and which executors can resume at all.
 */
import assert from "node:assert/strict";
import path from "node:path";
import { describe, test } from "node:test";
import { buildClaudeLaunchSpec } from "../../src/executors/claude/launch.js";
import { buildCodexLaunchSpec } from "../../src/executors/codex/launch.js";
import { buildLaunchSpec } from "../../src/executors/launch-spec.js";
import type { SessionRequest } from "../../src/executors/types.js";
import { sessionSupport } from "../../src/sessions/support.js";
import { EXECUTOR_IDS } from "../../src/wave/schema.js";
import { makeCtx, makeExecutor, valuesOf } from "./fixtures.js";

const OVERLAY = "/repo/.wave/main/wave-3/attempt-1/agents/A1/overlay";
const ov = (name: string) => path.join(OVERLAY, name);
const ID = "01a22db3-7d4c-7d80-bbde-9c9779998c76";
const NEW_ID = "6f1c1e52-3a5b-4c41-9d7e-2b8f0c1d2e3f";
const CONTINUE = "CONTINUE-TEXT: you were interrupted\n";

function withSession(session: SessionRequest | undefined, prompt?: string) {
  return { extra: session === undefined ? {} : { session }, ...(prompt ? { prompt } : {}) };
}

describe("claude session argv", () => {
  const claude = () => makeExecutor("claude");
  const TAIL = ["--append-system-prompt-file", ov("claude-system-prompt.txt")];

  test("no session request: the session is kept, nothing else is added", () => {
    const argv = buildClaudeLaunchSpec(makeCtx(claude())).argv;
    assert.deepEqual(argv.slice(-2), TAIL);
    for (const flag of ["--no-session-persistence", "--resume", "--session-id"]) assert.ok(!argv.includes(flag), flag);
  });

  test("persist false: --no-session-persistence; persist true: not", () => {
    const off = buildClaudeLaunchSpec(makeCtx(claude(), withSession({ persist: false, resumeId: null }))).argv;
    assert.deepEqual(off.slice(-3), [...TAIL, "--no-session-persistence"]);
    const on = buildClaudeLaunchSpec(makeCtx(claude(), withSession({ persist: true, resumeId: null }))).argv;
    assert.deepEqual(on.slice(-2), TAIL);
  });

  test("a fresh run is named with --session-id <newId>", () => {
    const argv = buildClaudeLaunchSpec(makeCtx(claude(), withSession({ persist: true, resumeId: null, newId: NEW_ID }))).argv;
    assert.deepEqual(argv.slice(-4), [...TAIL, "--session-id", NEW_ID]);
    assert.ok(!argv.includes("--resume"));
  });

  test("resume: --resume <id> (no --session-id), the continue prompt on stdin only", () => {
    const ctx = makeCtx(claude(), withSession({ persist: true, resumeId: ID, newId: NEW_ID }, CONTINUE));
    const spec = buildClaudeLaunchSpec(ctx);
    assert.deepEqual(spec.argv.slice(-4), [...TAIL, "--resume", ID]);
    assert.deepEqual(valuesOf(spec.argv, "--session-id"), []);
    assert.equal(spec.stdin, CONTINUE);
    assert.ok(spec.argv.every((a) => !a.includes("CONTINUE-TEXT")));
  });

  test("resume keeps every other flag of the fresh launch", () => {
    const executor = makeExecutor("claude", {
      model: "claude-test",
      claude: { outputFormat: "stream-json", maxTurns: 7, allowedTools: ["Read"], permissionMode: "acceptEdits" },
    });
    const fresh = buildClaudeLaunchSpec(makeCtx(executor)).argv;
    const resumed = buildClaudeLaunchSpec(makeCtx(executor, withSession({ persist: true, resumeId: ID }))).argv;
    assert.deepEqual(resumed, [...fresh, "--resume", ID]);
  });

  test("ids that are not UUIDs never reach argv", () => {
    for (const bad of ["--dangerously-skip-permissions", "abc", `${ID} x`, ""]) {
      assert.throws(() => buildClaudeLaunchSpec(makeCtx(claude(), withSession({ persist: true, resumeId: bad }))), /must be a UUID/);
      assert.throws(
        () => buildClaudeLaunchSpec(makeCtx(claude(), withSession({ persist: true, resumeId: null, newId: bad }))),
        /must be a UUID/,
      );
    }
  });
});

describe("codex session argv", () => {
  const FULL = {
    model: "gpt-test",
    codex: {
      sandbox: "workspace-write" as const,
      profileName: "ci",
      config: ['model_reasoning_effort="high"'],
      images: ["docs/a.png"],
      addDirs: ["../shared"],
    },
  };
  const OPTIONS = [
    "codex",
    "exec",
    "--skip-git-repo-check",
    "--sandbox",
    "workspace-write",
    "--model",
    "gpt-test",
    "--profile",
    "ci",
    "-c",
    'model_reasoning_effort="high"',
  ];
  const AFTER_IMAGES = ["--add-dir", "../shared", "--json", "--output-last-message", ov("last-message.md")];

  test("no session request: the fresh argv is unchanged", () => {
    const spec = buildCodexLaunchSpec(makeCtx(makeExecutor("codex", FULL)));
    assert.deepEqual(spec.argv, [...OPTIONS, "--image", "docs/a.png", ...AFTER_IMAGES, "-"]);
  });

  test("resume: every exec option before `resume <id> -`, images left out with a note", () => {
    const ctx = makeCtx(makeExecutor("codex", FULL), withSession({ persist: true, resumeId: ID, newId: NEW_ID }, CONTINUE));
    const spec = buildCodexLaunchSpec(ctx);
    assert.deepEqual(spec.argv, [...OPTIONS, ...AFTER_IMAGES, "resume", ID, "-"]);
    assert.equal(spec.stdin, CONTINUE);
    assert.equal(spec.lastMessagePath, ov("last-message.md"));
    assert.ok(
      spec.limits.notes.some((n) => /codex\.images .* not attached again on resume/.test(n)),
      spec.limits.notes.join("\n"),
    );
    assert.ok(!spec.argv.includes(NEW_ID), "codex cannot be given an id");
  });

  test("resume without images: no note", () => {
    const spec = buildCodexLaunchSpec(makeCtx(makeExecutor("codex"), withSession({ persist: true, resumeId: ID })));
    assert.deepEqual(spec.argv.slice(-3), ["resume", ID, "-"]);
    assert.ok(!spec.limits.notes.some((n) => /resume/.test(n)));
  });

  test("persist false: --ephemeral (also on resume)", () => {
    const fresh = buildCodexLaunchSpec(makeCtx(makeExecutor("codex"), withSession({ persist: false, resumeId: null }))).argv;
    assert.deepEqual(fresh.slice(-2), ["--ephemeral", "-"]);
    const resumed = buildCodexLaunchSpec(makeCtx(makeExecutor("codex"), withSession({ persist: false, resumeId: ID }))).argv;
    assert.deepEqual(resumed.slice(-4), ["--ephemeral", "resume", ID, "-"]);
  });

  test("codex.ephemeral: a resume is impossible; the launch starts fresh and says so", () => {
    const spec = buildCodexLaunchSpec(
      makeCtx(makeExecutor("codex", { codex: { ephemeral: true } }), withSession({ persist: true, resumeId: ID })),
    );
    assert.ok(!spec.argv.includes("resume"));
    assert.deepEqual(spec.argv.slice(-2), ["--ephemeral", "-"]);
    assert.ok(
      spec.limits.notes.some((n) => n.includes(`session ${ID} cannot be resumed`)),
      spec.limits.notes.join("\n"),
    );
  });

  test("ids that are not UUIDs never reach argv", () => {
    assert.throws(
      () => buildCodexLaunchSpec(makeCtx(makeExecutor("codex"), withSession({ persist: true, resumeId: "--last" }))),
      /must be a UUID/,
    );
  });
});

describe("sessionSupport", () => {
  test("claude and codex resume; codex not when ephemeral; opencode, local and command do not", () => {
    // The executors this test names (each further executor's own tests say what it supports).
    const named = ["codex", "claude", "opencode", "local", "command"] as const;
    const got = Object.fromEntries(
      named.map((id) => {
        const s = sessionSupport(makeExecutor(id));
        return [id, [s.resumable, s.presetId]];
      }),
    );
    assert.deepEqual(got, {
      codex: [true, false],
      claude: [true, true],
      opencode: [false, false],
      local: [false, false],
      command: [false, false],
    });
    const ephemeral = sessionSupport(makeExecutor("codex", { codex: { ephemeral: true } }));
    assert.equal(ephemeral.resumable, false);
    assert.match(ephemeral.reason, /codex\.ephemeral/);
    assert.match(sessionSupport(makeExecutor("opencode")).reason, /SQLite/);
    for (const id of EXECUTOR_IDS) assert.ok(sessionSupport(makeExecutor(id)).reason.length > 20, id);
  });

  test("local and command: their argv never carries a session id", () => {
    for (const id of ["local", "command"] as const) {
      const executor = makeExecutor(id, id === "command" ? { command: { argv: ["sh", "-c", "true"] } } : {});
      const argv = buildLaunchSpec(makeCtx(executor, withSession({ persist: true, resumeId: ID }))).argv;
      assert.ok(!argv.includes(ID), id);
    }
  });
});

/**
 * Saving a CLI's session file into the run state and putting it back, with real files in
 * temporary directories laid out as Claude Code and codex lay them out; links planted by an agent
 * are never followed, and an altered record or copy is refused.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { chown, link, lstat, mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { claudeProjectDirName } from "../../src/executors/claude/session.js";
import { restoreSession, SESSION_COPY_FILE, SESSION_RECORD_FILE, type SessionRecord, saveSession } from "../../src/sessions/store.js";
import { useProcFdForTests } from "../../src/security/nofollow.js";

const CLAUDE_ID = "6f1c1e52-3a5b-4c41-9d7e-2b8f0c1d2e3f";
const CODEX_ID = "01a22db3-7d4c-7d80-bbde-9c9779998c76";
const ROLLOUT = `rollout-2026-11-30T18-24-27-${CODEX_ID}.jsonl`;
const CLAUDE_TEXT = '{"type":"user","message":{"role":"user","content":"PROMPT"},"sessionId":"6f1c1e52"}\n{"type":"assistant"}\n';
const CODEX_TEXT = `{"type":"session_meta","payload":{"id":"${CODEX_ID}","cwd":"/w"}}\n{"type":"turn_context"}\n`;
const SECRET = "TOP-SECRET-OUTSIDE-FILE\n";
const NOW = () => new Date("2026-12-01T10:00:00.000Z");
const isRoot = process.getuid?.() === 0;

let tmp = "";
let n = 0;
before(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), "wave-sessions-")));
});
after(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const sha = (text: string) => createHash("sha256").update(text).digest("hex");

interface Layout {
  base: string;
  home: string;
  cwd: string;
  dest: string;
  outside: string;
  env: Record<string, string>;
  reasons: string[];
}

/** A fresh agent home, work tree, destination and a file of "someone else" outside the home. */
async function layout(name = "case"): Promise<Layout> {
  const base = path.join(tmp, `${name}-${++n}`);
  const home = path.join(base, "home");
  const cwd = path.join(base, "work", "repo");
  const outside = path.join(base, "outside");
  await mkdir(home, { recursive: true });
  await mkdir(cwd, { recursive: true });
  await mkdir(outside, { recursive: true });
  await writeFile(path.join(outside, "secret.txt"), SECRET);
  return {
    base,
    home,
    cwd,
    dest: path.join(base, "run", "agents", "A1", "session"),
    outside,
    env: { HOME: home, PATH: "/usr/bin" },
    reasons: [],
  };
}

function claudeFile(l: Layout, cwd = l.cwd): string {
  return path.join(l.home, ".claude", "projects", claudeProjectDirName(cwd), `${CLAUDE_ID}.jsonl`);
}

function codexFile(l: Layout, day = "2026/11/30"): string {
  return path.join(l.home, ".codex", "sessions", ...day.split("/"), ROLLOUT);
}

async function put(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

function save(l: Layout, executorId: "claude" | "codex", extra: Partial<Parameters<typeof saveSession>[0]> = {}) {
  return saveSession({
    executorId,
    sessionId: executorId === "claude" ? CLAUDE_ID : CODEX_ID,
    env: l.env,
    cwd: l.cwd,
    destDir: l.dest,
    now: NOW,
    onSkip: (r) => l.reasons.push(r),
    ...extra,
  });
}

function restore(savedDir: string, l: Layout, extra: Partial<Parameters<typeof restoreSession>[0]> = {}) {
  return restoreSession({ savedDir, env: l.env, cwd: l.cwd, onSkip: (r) => l.reasons.push(r), ...extra });
}

async function listTree(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir, { recursive: true })).map(String).sort();
}

describe("claude: save and restore", () => {
  test("round trip into another home and another working directory", async () => {
    const a = await layout("claude-a");
    await put(claudeFile(a), CLAUDE_TEXT);
    const saved = await save(a, "claude");
    assert.deepEqual(a.reasons, []);
    assert.ok(saved);
    const expected: SessionRecord = {
      version: 1,
      executor: "claude",
      sessionId: CLAUDE_ID,
      homePath: `projects/${claudeProjectDirName(a.cwd)}/${CLAUDE_ID}.jsonl`,
      cwd: a.cwd,
      bytes: Buffer.byteLength(CLAUDE_TEXT),
      sha256: sha(CLAUDE_TEXT),
      savedAt: "2026-12-01T10:00:00.000Z",
    };
    assert.deepEqual(saved.record, expected);
    assert.equal(saved.file, path.join(a.dest, SESSION_COPY_FILE));
    assert.equal(await readFile(saved.file, "utf8"), CLAUDE_TEXT);
    assert.deepEqual(JSON.parse(await readFile(path.join(a.dest, SESSION_RECORD_FILE), "utf8")), expected);

    // A later job: a new home with CLAUDE_CONFIG_DIR, and the work tree at another path.
    const b = await layout("claude-b");
    b.env.CLAUDE_CONFIG_DIR = path.join(b.home, "cfg");
    const restored = await restore(a.dest, b);
    assert.deepEqual(b.reasons, []);
    const target = path.join(b.home, "cfg", "projects", claudeProjectDirName(b.cwd), `${CLAUDE_ID}.jsonl`);
    assert.deepEqual(restored, { executor: "claude", sessionId: CLAUDE_ID, file: target, written: true });
    assert.notEqual(claudeProjectDirName(b.cwd), claudeProjectDirName(a.cwd));
    assert.equal(await readFile(target, "utf8"), CLAUDE_TEXT);
    assert.equal((await stat(target)).mode & 0o777, 0o600);
    assert.equal((await stat(path.dirname(target))).mode & 0o777, 0o700);
  });

  test("the identical file already in place (an in-job retry) is left alone", async () => {
    const a = await layout("claude-same");
    await put(claudeFile(a), CLAUDE_TEXT);
    assert.ok(await save(a, "claude"));
    const before = await stat(claudeFile(a));
    const restored = await restore(a.dest, a);
    assert.equal(restored?.written, false);
    const after = await stat(claudeFile(a));
    assert.equal(after.ino, before.ino);
    assert.equal(after.mtimeMs, before.mtimeMs);
  });

  test("a different file in place is replaced by the saved one", async () => {
    const a = await layout("claude-diff");
    await put(claudeFile(a), CLAUDE_TEXT);
    assert.ok(await save(a, "claude"));
    await writeFile(claudeFile(a), "something else\n");
    const restored = await restore(a.dest, a);
    assert.equal(restored?.written, true);
    assert.equal(await readFile(claudeFile(a), "utf8"), CLAUDE_TEXT);
  });

  test("a session recorded under another project directory is still found", async () => {
    const a = await layout("claude-other-dir");
    await put(path.join(a.home, ".claude", "projects", "-somewhere-else", `${CLAUDE_ID}.jsonl`), CLAUDE_TEXT);
    const saved = await save(a, "claude");
    assert.equal(saved?.record.homePath, `projects/-somewhere-else/${CLAUDE_ID}.jsonl`);
  });

  test("a missing file: null with a reason, nothing written", async () => {
    const a = await layout("claude-missing");
    assert.equal(await save(a, "claude"), null);
    assert.match(a.reasons.join("\n"), new RegExp(`no session file for ${CLAUDE_ID}`));
    assert.equal(existsSync(a.dest), false);
  });
});

describe("codex: save and restore", () => {
  test("round trip: found in its day directory, put back at the same place under the new CODEX_HOME", async () => {
    const a = await layout("codex-a");
    await put(codexFile(a), CODEX_TEXT);
    await put(
      path.join(a.home, ".codex", "sessions", "2026", "11", "30", "rollout-2026-11-30T18-00-00-0199a213-81c0-7800-8aa1-bbab2a035a53.jsonl"),
      "other\n",
    );
    const saved = await save(a, "codex");
    assert.deepEqual(a.reasons, []);
    assert.equal(saved?.record.homePath, `sessions/2026/11/30/${ROLLOUT}`);
    assert.equal(saved?.record.sha256, sha(CODEX_TEXT));
    assert.equal(await readFile(path.join(a.dest, SESSION_COPY_FILE), "utf8"), CODEX_TEXT);

    const b = await layout("codex-b");
    b.env.CODEX_HOME = path.join(b.base, "codex-home");
    const restored = await restore(a.dest, b);
    assert.deepEqual(b.reasons, []);
    const target = path.join(b.base, "codex-home", "sessions", "2026", "11", "30", ROLLOUT);
    assert.deepEqual(restored, { executor: "codex", sessionId: CODEX_ID, file: target, written: true });
    assert.equal(await readFile(target, "utf8"), CODEX_TEXT);
  });

  test("a rollout in a day far from the id's time is found by the full scan", async () => {
    const a = await layout("codex-scan");
    await put(codexFile(a, "2024/02/29"), CODEX_TEXT);
    await mkdir(path.join(a.home, ".codex", "sessions", "2026", "11", "30"), { recursive: true });
    const saved = await save(a, "codex");
    assert.equal(saved?.record.homePath, `sessions/2024/02/29/${ROLLOUT}`);
  });

  test("not a session executor, a bad id, no home: null with a reason", async () => {
    const a = await layout("codex-none");
    assert.equal(await save(a, "codex", { executorId: "opencode" }), null);
    assert.equal(await save(a, "codex", { sessionId: "--last" }), null);
    assert.equal(await save(a, "codex", { env: {} }), null);
    assert.equal(a.reasons.length, 3);
    assert.match(a.reasons[0]!, /opencode executor keeps no session file/);
    assert.match(a.reasons[1]!, /not a session id/);
    assert.match(a.reasons[2]!, /HOME is not set/);
  });

  test("larger than the cap: skipped with a reason", async () => {
    const a = await layout("codex-big");
    await put(codexFile(a), CODEX_TEXT);
    assert.equal(await save(a, "codex", { maxBytes: 10 }), null);
    assert.match(a.reasons.join("\n"), new RegExp(`${Buffer.byteLength(CODEX_TEXT)} bytes, more than the 10 kept`));
    assert.equal(existsSync(path.join(a.dest, SESSION_COPY_FILE)), false);
  });
});

/** Walking through descriptor paths (Linux /proc) and by full paths (elsewhere) must both hold. */
const MODES =
  process.platform === "linux" && existsSync("/proc/self/fd") ? (["descriptors", "full paths"] as const) : (["full paths"] as const);
function setMode(mode: "descriptors" | "full paths"): void {
  assert.equal(useProcFdForTests(mode === "descriptors" ? null : false), mode === "descriptors");
}

for (const mode of MODES) {
  describe(`save never follows a link the agent planted (${mode})`, () => {
    before(() => setMode(mode));
    after(() => setMode("descriptors"));
    test("the session file is a link to another file: not copied", async () => {
      const a = await layout("link-file");
      await mkdir(path.dirname(claudeFile(a)), { recursive: true });
      await symlink(path.join(a.outside, "secret.txt"), claudeFile(a));
      assert.equal(await save(a, "claude"), null);
      assert.match(a.reasons.join("\n"), /is a symbolic link \(not followed\)/);
      assert.deepEqual(await listTree(a.dest), []);
    });

    test("the CLI's directory is a link: not followed", async () => {
      const a = await layout("link-clidir");
      const fake = path.join(a.outside, "fake-claude");
      await put(path.join(fake, "projects", claudeProjectDirName(a.cwd), `${CLAUDE_ID}.jsonl`), SECRET);
      await symlink(fake, path.join(a.home, ".claude"));
      assert.equal(await save(a, "claude"), null);
      assert.match(a.reasons.join("\n"), /home\/\.claude is a symbolic link \(not followed\)/);
      assert.deepEqual(await listTree(a.dest), []);
    });

    test("a project directory is a link: not followed", async () => {
      const a = await layout("link-project");
      const fake = path.join(a.outside, "proj");
      await put(path.join(fake, `${CLAUDE_ID}.jsonl`), SECRET);
      await mkdir(path.join(a.home, ".claude", "projects"), { recursive: true });
      await symlink(fake, path.join(a.home, ".claude", "projects", claudeProjectDirName(a.cwd)));
      assert.equal(await save(a, "claude"), null);
      assert.match(a.reasons.join("\n"), /-work-repo is a symbolic link \(not followed\)/);
      assert.deepEqual(await listTree(a.dest), []);
    });

    test("a codex day directory is a link: not followed", async () => {
      const a = await layout("link-day");
      const fake = path.join(a.outside, "year");
      await put(path.join(fake, "11", "30", ROLLOUT), SECRET);
      await mkdir(path.join(a.home, ".codex", "sessions"), { recursive: true });
      await symlink(fake, path.join(a.home, ".codex", "sessions", "2026"));
      assert.equal(await save(a, "codex"), null);
      assert.match(a.reasons.join("\n"), new RegExp(`no session file for ${CODEX_ID}`));
      assert.deepEqual(await listTree(a.dest), []);
    });

    test("a hard link to another file: refused", async () => {
      const a = await layout("hardlink");
      await mkdir(path.dirname(codexFile(a)), { recursive: true });
      await link(path.join(a.outside, "secret.txt"), codexFile(a));
      assert.equal(await save(a, "codex"), null);
      assert.match(a.reasons.join("\n"), /has 2 hard links/);
      assert.deepEqual(await listTree(a.dest), []);
    });

    test("a FIFO in place of the file: refused without blocking", async () => {
      const a = await layout("fifo");
      await mkdir(path.dirname(codexFile(a)), { recursive: true });
      execFileSync("mkfifo", [codexFile(a)]);
      assert.equal(await save(a, "codex"), null);
      assert.match(a.reasons.join("\n"), /is not a regular file/);
    });

    test("behind an agent user: a file not owned by it is refused", { skip: isRoot ? false : "needs root to chown" }, async () => {
      const a = await layout("owner");
      await put(codexFile(a), CODEX_TEXT);
      await chown(codexFile(a), 4301, 4301);
      assert.equal(await save(a, "codex", { identity: { uid: 4302, gid: 4302 } }), null);
      assert.match(a.reasons.join("\n"), /owned by uid 4301, not the agent's uid 4302/);
      const saved = await save(a, "codex", { identity: { uid: 4301, gid: 4301 } });
      assert.equal(saved?.record.bytes, Buffer.byteLength(CODEX_TEXT));
    });
  });

  describe(`restore never writes through a link (${mode})`, () => {
    before(() => setMode(mode));
    after(() => setMode("descriptors"));
    async function savedClaude(): Promise<string> {
      const a = await layout("src");
      await put(claudeFile(a), CLAUDE_TEXT);
      assert.ok(await save(a, "claude"));
      return a.dest;
    }

    test("the projects directory of the new home is a link: nothing is written outside", async () => {
      const saved = await savedClaude();
      const b = await layout("restore-link-dir");
      const elsewhere = path.join(b.outside, "projects-elsewhere");
      await mkdir(elsewhere);
      await mkdir(path.join(b.home, ".claude"));
      await symlink(elsewhere, path.join(b.home, ".claude", "projects"));
      assert.equal(await restore(saved, b), null);
      assert.match(b.reasons.join("\n"), /projects is a symbolic link \(not followed\)/);
      assert.deepEqual(await listTree(elsewhere), []);
    });

    test("the CLI's directory itself is a link: nothing is written outside", async () => {
      const saved = await savedClaude();
      const b = await layout("restore-link-home");
      const elsewhere = path.join(b.outside, "claude-elsewhere");
      await mkdir(elsewhere);
      await symlink(elsewhere, path.join(b.home, ".claude"));
      assert.equal(await restore(saved, b), null);
      assert.deepEqual(await listTree(elsewhere), []);
    });

    test("the target file is a link: the link is replaced, its target untouched", async () => {
      const saved = await savedClaude();
      const b = await layout("restore-link-file");
      await mkdir(path.dirname(claudeFile(b)), { recursive: true });
      await symlink(path.join(b.outside, "secret.txt"), claudeFile(b));
      const restored = await restore(saved, b);
      assert.equal(restored?.written, true);
      assert.equal((await lstat(claudeFile(b))).isFile(), true);
      assert.equal(await readFile(claudeFile(b), "utf8"), CLAUDE_TEXT);
      assert.equal(await readFile(path.join(b.outside, "secret.txt"), "utf8"), SECRET);
    });

    test("behind an agent user: created directories and the file are given to it", {
      skip: isRoot ? false : "needs root to chown",
    }, async () => {
      const saved = await savedClaude();
      const b = await layout("restore-owner");
      const restored = await restore(saved, b, { identity: { uid: 4311, gid: 4312 } });
      assert.ok(restored);
      for (const p of [
        path.join(b.home, ".claude"),
        path.join(b.home, ".claude", "projects"),
        path.dirname(restored.file),
        restored.file,
      ]) {
        const st = await stat(p);
        assert.deepEqual([st.uid, st.gid], [4311, 4312], p);
      }
      assert.equal((await stat(b.home)).uid, process.getuid?.(), "the existing home is not touched");
    });
  });
}

describe("restore refuses an altered record or copy", () => {
  async function savedCodex(): Promise<{ dir: string; record: SessionRecord }> {
    const a = await layout("tamper-src");
    await put(codexFile(a), CODEX_TEXT);
    const saved = await save(a, "codex");
    assert.ok(saved);
    return { dir: saved.dir, record: saved.record };
  }

  async function refusedWith(dir: string, pattern: RegExp): Promise<void> {
    const b = await layout("tamper-dst");
    assert.equal(await restore(dir, b), null);
    assert.match(b.reasons.join("\n"), pattern);
    assert.deepEqual(await listTree(path.join(b.home, ".codex")), []);
  }

  test("the copy was changed: sha256 or size mismatch", async () => {
    const { dir } = await savedCodex();
    await writeFile(path.join(dir, SESSION_COPY_FILE), CODEX_TEXT.replace("turn_context", "turn_CONTEXT"));
    await refusedWith(dir, /does not match its record/);
    await writeFile(path.join(dir, SESSION_COPY_FILE), `${CODEX_TEXT}x`);
    await refusedWith(dir, /does not match its record/);
  });

  test("the record is not JSON, not a record, or points elsewhere", async () => {
    const { dir, record } = await savedCodex();
    const file = path.join(dir, SESSION_RECORD_FILE);
    await writeFile(file, "{not json");
    await refusedWith(dir, /session\.json is not JSON/);
    await writeFile(file, JSON.stringify({ ...record, homePath: "../../../etc/cron.d/x" }));
    await refusedWith(dir, /homePath: a plain relative path/);
    await writeFile(file, JSON.stringify({ ...record, homePath: `config/${ROLLOUT}` }));
    await refusedWith(dir, /is not a codex session file/);
    await writeFile(file, JSON.stringify({ ...record, sessionId: "--last" }));
    await refusedWith(dir, /sessionId: a UUID/);
    await writeFile(file, JSON.stringify({ ...record, executor: "opencode" }));
    await refusedWith(dir, /executor/);
    await writeFile(file, JSON.stringify({ ...record, extra: 1 }));
    await refusedWith(dir, /not a session record/);
    await writeFile(file, JSON.stringify({ ...record, bytes: 2 ** 40 }));
    await refusedWith(dir, /more than the \d+ allowed/);
  });

  test("the record is a link, or missing", async () => {
    const { dir } = await savedCodex();
    const file = path.join(dir, SESSION_RECORD_FILE);
    const real = path.join(path.dirname(dir), "real-record.json");
    await writeFile(real, await readFile(file));
    await rm(file);
    await symlink(real, file);
    await refusedWith(dir, /session\.json is not a regular file/);
    await rm(file);
    await refusedWith(dir, /session\.json is missing/);
  });
});

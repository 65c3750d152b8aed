/**
 * A saved session travels in the uploaded state redacted: the uploader re-seals its record, so a
 * later run puts the redacted copy back instead of refusing it as changed.
 */
import assert from "node:assert/strict";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { redactCopy } from "../../src/action/state-artifact.js";
import { createRedactor } from "../../src/security/redact.js";
import { restoreSession, saveSession } from "../../src/sessions/store.js";

const ID = "0199a213-81c0-7800-8aa1-aaaaaaaaaaaa";
const SECRET = "sk-proj-Zq8vN3kLm5Pw7Rt2Yx4Bc6Df9Gh1Jk0Ls";

test("a session holding a secret is uploaded redacted and restored from the redacted copy", async () => {
  const base = await mkdtemp(path.join(os.tmpdir(), "wave-session-redact-"));
  try {
    const home = path.join(base, "home");
    const cwd = path.join(base, "work");
    await mkdir(cwd, { recursive: true });
    const day = path.join(home, ".codex", "sessions", "2026", "11", "30");
    await mkdir(day, { recursive: true });
    const lines = [
      { type: "session_meta", id: ID },
      { type: "response_item", output: `OPENAI_API_KEY=${SECRET}` },
    ];
    await writeFile(path.join(day, `rollout-2026-11-30T18-24-27-${ID}.jsonl`), `${lines.map((l) => JSON.stringify(l)).join("\n")}\n`);
    const stage = path.join(base, "stage");
    const saved = await saveSession({
      executorId: "codex",
      sessionId: ID,
      env: { HOME: home },
      cwd,
      destDir: path.join(stage, "agents", "A1", "session"),
    });
    assert.ok(saved);
    await redactCopy(stage, cwd, createRedactor([SECRET]));
    const copy = await readFile(path.join(stage, "agents", "A1", "session", "session.jsonl"), "utf8");
    assert.ok(!copy.includes(SECRET), "the uploaded copy holds no secret");
    const record = JSON.parse(await readFile(path.join(stage, "agents", "A1", "session", "session.json"), "utf8"));
    assert.equal(record.redacted, true);
    // A later run, another home: the redacted session is put back where codex looks for it.
    const later = path.join(base, "later");
    const skipped: string[] = [];
    const restored = await restoreSession({ savedDir: saved.dir, env: { HOME: later }, cwd, onSkip: (r) => skipped.push(r) });
    assert.deepEqual(skipped, []);
    assert.equal(restored?.sessionId, ID);
    assert.equal(await readFile(restored!.file, "utf8"), copy);
    // A copy changed after the upload is still refused.
    await writeFile(path.join(saved.dir, "session.jsonl"), `${copy}{"type":"forged"}\n`);
    const refused: string[] = [];
    assert.equal(
      await restoreSession({ savedDir: saved.dir, env: { HOME: path.join(base, "third") }, cwd, onSkip: (r) => refused.push(r) }),
      null,
    );
    assert.match(refused.join("\n"), /does not match its record/);
  } finally {
    await rm(base, { recursive: true, force: true });
  }
});
